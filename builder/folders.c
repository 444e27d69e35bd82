/*
 * folders.c - instance folders (see builder.h): which folder is one,
 * which a folder given to `hashprof build` holds, and whether a folder
 * outside the instance being built belongs to another instance.
 *
 * An instance folder is the folder of one instance's sources, the one
 * that holds its adapter header (adapter.c: SIG_AlgorithmInstance.h, or
 * a renamed SIG_<NAME>.h; directly, or in a sub-folder such as include/
 * or src/ref/).  A submission keeps one per
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

/* How deep below a folder hp_holds_adapter_header looks at most, as
 * hp_walk_files does: packages are a few levels deep, the limit only
 * bounds a pathological tree (links to folders are not followed). */
#define HP_FOLDER_DEPTH 32

/* How many folders above a key exchange's adapter folder
 * hp_instance_with_parts looks for its embedded schemes: the parameter
 * set's folder is the one above, or two above (src/kex/). */
#define HP_PARTS_CLIMB 3

static const char *hp_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
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
			found = hp_adapter_header(dir, e->d_name, NULL);
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
	if ((!folder[i] && !dir[i]) || (!dir[i] && folder[i] == '/'))
		return 0; /* dir itself, or inside it */
	hp_fmt(path, sizeof path, "%.*s", (int)(above ? above : 1), folder);
	if (hp_holds_adapter_header(path, 0))
		return 1; /* dir is a sub-folder of an instance folder */
	/* folder is beside dir's branch: the sub-folder of the common one
	 * that holds it must hold no instance at any depth */
	hp_fmt(path, sizeof path, "%.*s", (int)(above + 1 + strcspn(folder + above + 1, "/")), folder);
	return hp_holds_adapter_header(path, HP_FOLDER_DEPTH);
}

/* ---------- embedded schemes: parts of a key exchange ---------- */

/* The API kind of the adapter header directly in dir ("sig", "kem",
 * "kex"; "" when it names none), into kind. */
static void hp_folder_kind(const char *dir, char kind[4])
{
	DIR *dh = opendir(dir);
	struct dirent *e;

	kind[0] = '\0';
	if (!dh)
		return;
	while (!kind[0] && (e = readdir(dh)))
		if (e->d_name[0] != '.' && strncmp(e->d_name, "CryptHash", 9))
			hp_adapter_header(dir, e->d_name, kind);
	closedir(dh);
}

int hp_has_build_file(const char *dir)
{
	static const char *const names[] = { "GNUmakefile", "makefile", "Makefile", "CMakeLists.txt" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[PATH_MAX];
		struct stat st;
		hp_fmt(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			return 1;
	}
	return 0;
}

/* The relative folder rel with "." read as "" (the root itself). */
static const char *hp_rel_or_root(const char *rel)
{
	return strcmp(rel, ".") ? rel : "";
}

static int hp_inside(const char *rel, const char *dir);
static void hp_common_folder(char *acc, const char *rel);

int hp_embedded_parts(const char *root, const struct hp_strv *hf, char *part)
{
	char(*kinds)[4] = calloc(hf->n ? hf->n : 1, sizeof *kinds);
	int found = 0;

	if (!kinds)
		return -1;
	for (size_t i = 0; i < hf->n; i++) {
		char abs[PATH_MAX];
		const char *rel = hp_rel_or_root(hf->v[i]);
		hp_fmt(abs, sizeof abs, "%s%s%s", root, rel[0] ? "/" : "", rel);
		hp_folder_kind(abs, kinds[i]);
		part[i] = 0;
	}
	for (size_t i = 0; i < hf->n; i++) {
		if (strcmp(kinds[i], "sig") && strcmp(kinds[i], "kem"))
			continue;
		for (size_t k = 0; k < hf->n && !part[i]; k++) {
			char common[PATH_MAX], abs[PATH_MAX];
			const char *base;
			size_t kex = 0;
			if (strcmp(kinds[k], "kex"))
				continue;
			hp_fmt(common, sizeof common, "%s", hp_rel_or_root(hf->v[i]));
			hp_common_folder(common, hp_rel_or_root(hf->v[k]));
			for (size_t j = 0; j < hf->n; j++)
				kex += !strcmp(kinds[j], "kex") && hp_inside(hp_rel_or_root(hf->v[j]), common);
			hp_fmt(abs, sizeof abs, "%s%s%s", root, common[0] ? "/" : "", common);
			base = hp_base(abs);
			/* one key exchange, below a build file that ties them together, inside one tier */
			part[i] = kex == 1 && hp_has_build_file(abs) && !hp_is_tier_folder(base);
		}
		found += part[i];
	}
	free(kinds);
	return found;
}

/* The folders of the adapter headers among files (relative to some
 * root), none inside another, CryptHash ones aside, into hf. */
static int hp_header_folders_of(const char *root, const struct hp_strv *files, struct hp_strv *hf);

int hp_instance_with_parts(const char *dir, char out[PATH_MAX], char *note, size_t notelen)
{
	char up[PATH_MAX];
	struct hp_strv files = { 0 }, hf = { 0 };
	int lifted = 0;

	hp_fmt(out, PATH_MAX, "%s", dir);
	note[0] = '\0';
	if (hp_walk_files(dir, &files) != 0 || hp_header_folders_of(dir, &files, &hf) != 0 || hf.n != 1) {
		hp_strv_free(&files);
		hp_strv_free(&hf);
		return 0;
	}
	{
		char kind[4], abs[PATH_MAX];
		hp_fmt(abs, sizeof abs, "%s%s%s", dir, hf.v[0][0] ? "/" : "", hf.v[0]);
		hp_folder_kind(abs, kind);
		if (strcmp(kind, "kex")) {
			hp_strv_free(&files);
			hp_strv_free(&hf);
			return 0;
		}
	}
	hp_fmt(up, sizeof up, "%s", dir);
	/* climb to the first folder above that holds another adapter header */
	for (int level = 0; level < HP_PARTS_CLIMB; level++) {
		char *slash = strrchr(up, '/'), *part;
		const char *self;
		size_t others = 0, parts = 0;
		if (!slash || slash == up || hp_is_tier_folder(slash + 1))
			break;
		*slash = '\0';
		if (hp_is_tier_folder(hp_base(up)))
			break;
		/* parts are tied to the exchange by a build file in the folder
		 * above both: no other folder is walked (a home folder can be big) */
		if (!hp_has_build_file(up))
			continue;
		hp_strv_free(&files);
		hp_strv_free(&hf);
		if (hp_walk_files(up, &files) != 0 || hp_header_folders_of(up, &files, &hf) != 0)
			break;
		if (hf.n < 2)
			continue;
		if (!(part = calloc(hf.n, 1)) || hp_embedded_parts(up, &hf, part) < 0) {
			free(part);
			break;
		}
		self = dir + strlen(up) + 1;
		for (size_t i = 0; i < hf.n; i++)
			if (!hp_inside(hf.v[i], self)) {
				others++;
				parts += part[i] != 0;
			}
		if (others && others == parts) {
			struct hp_strv shown = { 0 };
			char *list;
			for (size_t i = 0; i < hf.n; i++)
				if (part[i] && hp_strv_addf(&shown, "%s/", hf.v[i]))
					break;
			list = hp_strv_join(&shown, ", ");
			hp_fmt(out, PATH_MAX, "%s", up);
			hp_fmt(note, notelen,
			       "%s/ is the key exchange's folder; %s beside it %s its embedded scheme%s (%s own "
			       "adapter "
			       "header%s, no instance of %s own): built from %s/, the folder of all of them",
			       self, list ? list : "the folders", shown.n > 1 ? "are" : "is", shown.n > 1 ? "s" : "",
			       shown.n > 1 ? "their" : "its", shown.n > 1 ? "s" : "", shown.n > 1 ? "their" : "its",
			       hp_base(up));
			free(list);
			hp_strv_free(&shown);
			lifted = 1;
		}
		free(part);
		break;
	}
	hp_strv_free(&files);
	hp_strv_free(&hf);
	return lifted;
}

/* ---------- the instance folders a folder holds ---------- */

/* The folder part of a relative path ("" for a top-level file), into out. */
static void hp_rel_dir(const char *rel, char *out, size_t len)
{
	const char *slash = strrchr(rel, '/');
	size_t n = slash ? (size_t)(slash - rel) : 0;

	hp_fmt(out, len, "%.*s", (int)n, rel);
}

/* Is the relative path rel inside the relative folder dir ("" holds all)? */
static int hp_inside(const char *rel, const char *dir)
{
	size_t n = strlen(dir);

	return !n || (!strncmp(rel, dir, n) && (rel[n] == '/' || rel[n] == '\0'));
}

/* Cut the relative folder acc down to the folder it shares with rel. */
static void hp_common_folder(char *acc, const char *rel)
{
	size_t keep = 0;

	for (size_t i = 0; acc[i] && acc[i] == rel[i]; i++)
		if (acc[i + 1] == '/' || acc[i + 1] == '\0')
			if (rel[i + 1] == '/' || rel[i + 1] == '\0')
				keep = i + 1;
	acc[keep] = '\0';
}

/* Is this file (relative to root) one of those that say where an
 * instance is: a source (.c, .S, .s), an adapter header, a Makefile or
 * CMakeLists.txt? */
static int hp_defining_file(const char *root, const char *rel)
{
	static const char *const build_files[] = { "Makefile", "makefile", "GNUmakefile", "CMakeLists.txt" };
	const char *b = hp_base(rel);
	size_t n = strlen(b);

	if (n > 2 && b[n - 2] == '.' && strchr("cSs", b[n - 1]))
		return 1;
	for (size_t i = 0; i < sizeof build_files / sizeof build_files[0]; i++)
		if (!strcmp(b, build_files[i]))
			return 1;
	return strncmp(b, "CryptHash", 9) && hp_adapter_header_rel(root, rel, NULL);
}

/*
 * The instance folder of the adapter header folder hf->v[i] (relative to
 * d->dir; none of hf inside another): the deepest folder that holds every
 * source, build file and adapter header of the part of the tree that is
 * its alone (the highest folder above hf->v[i] that holds no other of hf;
 * the whole tree when hf has one), into out ("" for d->dir).
 * include/SIG_AlgorithmInstance.h beside src/ gives the folder of both.
 */
static void hp_instance_of(const struct hp_detect *d, const struct hp_strv *hf, size_t i, char out[PATH_MAX])
{
	char own[PATH_MAX];

	hp_fmt(own, sizeof own, "%s", hf->n > 1 ? hf->v[i] : "");
	for (char *slash; hf->n > 1 && (slash = strrchr(own, '/'));) {
		int shared = 0;
		*slash = '\0';
		for (size_t k = 0; k < hf->n && !shared; k++)
			shared = k != i && hp_inside(hf->v[k], own);
		if (shared) {
			*slash = '/';
			break;
		}
	}
	hp_fmt(out, PATH_MAX, "%s", hf->v[i]);
	for (size_t f = 0; f < d->files.n; f++)
		if (hp_inside(d->files.v[f], own) && hp_defining_file(d->dir, d->files.v[f]))
			hp_common_folder(out, d->files.v[f]);
}

static int hp_header_folders_of(const char *root, const struct hp_strv *files, struct hp_strv *hf)
{
	struct hp_strv all = { 0 };
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < files->n; i++) {
		const char *b = hp_base(files->v[i]);
		char dir[PATH_MAX];
		if (!strncmp(b, "CryptHash", 9) || !hp_adapter_header_rel(root, files->v[i], NULL))
			continue;
		hp_rel_dir(files->v[i], dir, sizeof dir);
		if (hp_strv_find(&all, dir) < 0)
			rc = hp_strv_add(&all, dir);
	}
	for (size_t i = 0; rc == 0 && i < all.n; i++) {
		int nested = 0;
		for (size_t k = 0; k < all.n && !nested; k++)
			nested = k != i && hp_inside(all.v[i], all.v[k]);
		if (!nested)
			rc = hp_strv_add(hf, all.v[i]);
	}
	hp_strv_free(&all);
	return rc;
}

/* The folders of the public-key adapter headers below d->dir ("" for
 * d->dir itself), none inside another, in byte order, into hf (a hash
 * submission's CryptHash_AlgorithmInstance.h is `build --hash`'s), the
 * embedded schemes of a key exchange (hp_embedded_parts) left out: they
 * are parts of its instance. */
static int hp_header_folders(const struct hp_detect *d, struct hp_strv *hf)
{
	struct hp_strv all = { 0 };
	char *part = NULL;
	int rc = hp_header_folders_of(d->dir, &d->files, &all);

	if (rc == 0 && all.n > 1 && (!(part = calloc(all.n, 1)) || hp_embedded_parts(d->dir, &all, part) < 0))
		rc = -1;
	for (size_t i = 0; rc == 0 && i < all.n; i++)
		if (!part || !part[i])
			rc = hp_strv_add(hf, all.v[i]);
	free(part);
	hp_strv_free(&all);
	return rc;
}

int hp_detect_parts(const struct hp_detect *d, struct hp_strv *parts)
{
	struct hp_strv all = { 0 };
	char *part = NULL;
	int rc = hp_header_folders_of(d->dir, &d->files, &all);

	if (rc == 0 && all.n > 1 && (!(part = calloc(all.n, 1)) || hp_embedded_parts(d->dir, &all, part) < 0))
		rc = -1;
	for (size_t i = 0; rc == 0 && part && i < all.n; i++)
		if (part[i])
			rc = hp_strv_add(parts, all.v[i]);
	free(part);
	hp_strv_free(&all);
	return rc;
}

/* A relative folder as the list of a refusal shows it: with a "/" at the
 * end, and the middle of one more than two folders deep left out
 * ("kem-fix/.../FIX-CAMP-KEM-128/") unless another of all (n) would then
 * read the same, into out. */
static void hp_short_folder(char *const *all, size_t n, size_t i, char *out, size_t len)
{
	const char *rel = all[i], *first = strchr(rel, '/'), *last = strrchr(rel, '/');

	for (size_t k = 0; first && first != last && k < n; k++) {
		const char *f = strchr(all[k], '/'), *l = strrchr(all[k], '/');
		if (k != i && f && f != l && f - all[k] == first - rel && !strncmp(all[k], rel, (size_t)(f - all[k])) &&
		    !strcmp(l, last))
			first = last; /* ambiguous: in full */
	}
	if (first && first != last)
		hp_fmt(out, len, "%.*s/.../%s/", (int)(first - rel), rel, last + 1);
	else
		hp_fmt(out, len, "%s/", rel);
}

int hp_detect_one_instance(const struct hp_detect *d, const struct hp_recipe *r, char *err, size_t errlen)
{
	enum { HP_LISTED = 8 };
	char list[HP_BUILD_ERR] = "", inst[PATH_MAX], first[PATH_MAX] = "", shown[PATH_MAX], quoted[PATH_MAX + 64];
	char head[PATH_MAX + 64], tail[PATH_MAX + 128];
	struct hp_strv hf = { 0 }, inst_list = { 0 };
	size_t n;
	int rc = 0;

	if (hp_header_folders(d, &hf) != 0) {
		hp_strv_free(&hf);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	n = hf.n;
	for (size_t i = 0; rc == 0 && i < n && hf.v[0][0]; i++) {
		hp_instance_of(d, &hf, i, inst);
		rc = hp_strv_add(&inst_list, inst);
	}
	hp_strv_free(&hf);
	if (rc != 0) {
		hp_strv_free(&inst_list);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	if (inst_list.n)
		hp_fmt(first, sizeof first, "%s", inst_list.v[0]);
	/* none, the folder's own, or one whose sources are not all in one
	 * sub-folder (or that the recipe lists): the folder is the instance's */
	if (n == 0 || (n == 1 && (!first[0] || r->sources.n))) {
		hp_strv_free(&inst_list);
		return 0;
	}
	hp_fmt(shown, sizeof shown, "%s/%s", d->dir, first);
	hp_shell_quote(shown, quoted, sizeof quoted);
	if (n == 1) {
		hp_strv_free(&inst_list);
		hp_fmt(err, errlen,
		       "%s is not an instance folder but holds one, %s/, with every source: build that one, "
		       "e.g. hashprof build %s",
		       d->dir, first, quoted);
		return -1;
	}
	/* as many of the folders as the line has room for */
	hp_fmt(head, sizeof head, "%s holds %zu instance folders (", d->dir, n);
	hp_fmt(tail, sizeof tail, "): build one of them, e.g. hashprof build %s", quoted);
	for (size_t i = 0, used = 0; i < inst_list.n; i++) {
		char one[PATH_MAX];
		size_t room = errlen > strlen(head) + strlen(tail) + 8 ? errlen - strlen(head) - strlen(tail) - 8 : 0;
		hp_short_folder(inst_list.v, inst_list.n, i, one, sizeof one);
		if (i >= HP_LISTED || used + strlen(one) + 2 > room || used + strlen(one) + 2 >= sizeof list) {
			hp_fmt(list + used, sizeof list - used, "%s...", used ? ", " : "");
			break;
		}
		used += (size_t)hp_fmt(list + used, sizeof list - used, "%s%s", used ? ", " : "", one);
	}
	hp_strv_free(&inst_list);
	hp_fmt(err, errlen, "%s%s%s", head, list, tail);
	return -1;
}
