/*
 * folders.c - instance folders (see builder.h): whether a folder
 * outside the instance being built belongs to another instance.
 *
 * An instance folder is the folder of one instance's sources, the one
 * that holds its *_AlgorithmInstance.h adapter header (directly, or in a
 * sub-folder such as include/ or src/ref/).  A submission keeps one per
 * parameter set (Reference_Implementation/X-128/, X-256/), beside folders
 * that are not one (a shared iccs/, Test_Vectors/).  What the build
 * takes from outside the folder it builds (borrow.c, vectors.c) must come
 * from those, never from a neighbouring instance: X-128 built with
 * X-256's KAT program or vectors fails a KAT it would pass, and its
 * manifest would depend on X-256's files.
 */
#include "config.h"
#include "builder.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* How deep below a folder hp_holds_adapter_header looks at most (the
 * depth limit of hp_walk_files too: it stops symbolic-link-free cycles
 * of bind mounts, not real packages, which are a few levels deep). */
#define HP_FOLDER_DEPTH 32

/* Is a file of this name an adapter header (SIG_/KEM_/KEX_/CryptHash_
 * AlgorithmInstance.h, or a renamed one of the same ending)? */
static int hp_is_adapter_header(const char *name)
{
	size_t n = strlen(name);

	return n > 20 && !strcmp(name + n - 20, "_AlgorithmInstance.h");
}

int hp_holds_adapter_header(const char *dir, int max_depth)
{
	DIR *dh = opendir(dir);
	struct dirent *e;
	int found = 0;

	if (!dh)
		return 0;
	while (!found && (e = readdir(dh))) {
		char path[PATH_MAX];
		struct stat lst, st;
		if (e->d_name[0] == '.' || (size_t)hp_fmt(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path ||
		    lstat(path, &lst) != 0 || stat(path, &st) != 0)
			continue;
		if (S_ISREG(st.st_mode))
			found = hp_is_adapter_header(e->d_name);
		else if (S_ISDIR(st.st_mode) && !S_ISLNK(lst.st_mode) && max_depth > 0)
			found = hp_holds_adapter_header(path, max_depth - 1);
	}
	closedir(dh);
	return found;
}

int hp_in_other_instance(const char *dir, const char *folder)
{
	size_t i = 0, above = 0;
	char path[PATH_MAX];

	/* the folder above both: whole components in common */
	for (; dir[i] && dir[i] == folder[i]; i++)
		if (dir[i] == '/')
			above = i;
	if (!folder[i] && dir[i] == '/') /* folder is above dir: the parent, a tier folder */
		return hp_holds_adapter_header(folder, 0);
	if (!folder[i] || (!dir[i] && folder[i] == '/'))
		return 0; /* dir itself, or inside it */
	hp_fmt(path, sizeof path, "%.*s", (int)(above ? above : 1), folder);
	if (hp_holds_adapter_header(path, 0))
		return 1; /* dir is a sub-folder of an instance folder */
	/* folder is beside dir's branch: the sub-folder of the common one
	 * that holds it must hold no instance at any depth */
	hp_fmt(path, sizeof path, "%.*s", (int)(above + 1 + strcspn(folder + above + 1, "/")), folder);
	return hp_holds_adapter_header(path, HP_FOLDER_DEPTH);
}
