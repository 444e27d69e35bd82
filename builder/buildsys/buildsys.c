/*
 * buildsys.c - the package's own build description and its dry run (see
 * builder.h): which file says how the instance is built (a Makefile in
 * the instance folder, a CMakeLists.txt there, or a Makefile in the
 * folder above that builds several instance folders), the scratch copy
 * it is run in, the make variable that selects this instance when the
 * Makefile above is shared, and the whole detection step: copy, dry run
 * (dryrun.c, cmake.c), the commands of this instance (commands.c).
 *
 * The copy is there because GNU make remakes included makefiles even
 * under -n, and CMake writes its build folder: whatever they run can
 * never touch the package.  It holds the folder of the Makefile (or
 * CMakeLists.txt) and the files directly above it, so that a Makefile
 * that compiles ../benchmark_sig.c or includes ../common.mk finds them;
 * files above 1 MiB (test vectors) are symbolic links, not copies.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Files of the copy larger than this (bytes) are links to the package's. */
#define HP_COPY_LINK_ABOVE (1ull << 20)

static const char *hp_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

static int hp_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The folder that holds path (absolute), into out. */
static void hp_parent(const char *path, char out[PATH_MAX])
{
	const char *slash = strrchr(path, '/');

	hp_fmt(out, PATH_MAX, "%.*s", slash && slash != path ? (int)(slash - path) : 1, path);
}

/* The makefile make would read in dir, into path; 0 when there is none. */
static int hp_find_makefile(const char *dir, char path[PATH_MAX])
{
	static const char *const names[] = { "GNUmakefile", "makefile", "Makefile" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		hp_fmt(path, PATH_MAX, "%s/%s", dir, names[i]);
		if (hp_is_file(path))
			return 1;
	}
	return 0;
}

/* Is the makefile one that CMake generated (an in-source CMake build left
 * in the package)?  Its own first line says so. */
static int hp_cmake_generated(const char *path)
{
	size_t n, at = SIZE_MAX;
	char *text = hp_util_read_file(path, 0, &n);
	const char *hit = text ? strstr(text, "CMAKE generated file") : NULL;

	if (hit)
		at = (size_t)(hit - text);
	free(text);
	return at < 512;
}

/* Does the CMakeLists.txt at path call project() (a line, not a
 * comment, that starts with it, any case)?  1 or 0. */
static int hp_cmake_calls_project(const char *path)
{
	char *text = hp_util_read_file(path, 0, NULL);
	int yes = 0;

	for (char *line = text; line && !yes; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *p = line + strspn(line, " \t");
		if (!strncasecmp(p, "project", 7)) {
			p += 7;
			p += strspn(p, " \t");
			yes = *p == '(';
		}
	}
	free(text);
	return yes;
}

/*
 * The root of the CMake project d->dir's CMakeLists.txt belongs to, into
 * root: d->dir when its own calls project(), else the nearest folder
 * above, through an unbroken chain of CMakeLists.txt (each folder's adds
 * the one below with add_subdirectory), whose CMakeLists.txt calls
 * project().  A parameter set's CMakeLists.txt that only turns the root's
 * cache variable (<SCHEME>_MODE_128) into <SCHEME>_MODE configures wrong,
 * or not at all, on its own.  d->dir when there is no such folder.
 * Returns 1 when the root is above d->dir, else 0.
 */
static int hp_cmake_root(const struct hp_detect *d, char root[PATH_MAX])
{
	char cur[PATH_MAX], cm[PATH_MAX];

	hp_fmt(cur, sizeof cur, "%s", d->dir);
	for (;;) {
		char up[PATH_MAX];
		hp_fmt(cm, sizeof cm, "%s/CMakeLists.txt", cur);
		if (!hp_is_file(cm))
			break;
		if (hp_cmake_calls_project(cm)) {
			hp_fmt(root, PATH_MAX, "%s", cur);
			return strcmp(cur, d->dir) != 0;
		}
		hp_parent(cur, up);
		if (!strcmp(up, cur))
			break;
		hp_fmt(cur, sizeof cur, "%s", up);
	}
	hp_fmt(root, PATH_MAX, "%s", d->dir);
	return 0;
}

int hp_buildsys_find(struct hp_detect *d, const struct hp_recipe *r)
{
	char mk[PATH_MAX], cm[PATH_MAX], parent[PATH_MAX];
	int has_mk, has_cm;

	d->build_tool[0] = '\0';
	if (r->make == 0)
		return 0;
	has_mk = hp_find_makefile(d->dir, mk);
	hp_fmt(cm, sizeof cm, "%s/CMakeLists.txt", d->dir);
	has_cm = hp_is_file(cm);
	if (has_mk && !(has_cm && hp_cmake_generated(mk))) {
		hp_fmt(d->build_tool, sizeof d->build_tool, "make");
		hp_fmt(d->build_file, sizeof d->build_file, "%s", mk);
		if (has_cm)
			return hp_strv_addf(&d->infos, "CMakeLists.txt not used: the %s is (make -n)", hp_base(mk));
		return 0;
	}
	if (has_cm) {
		char root[PATH_MAX], up[PATH_MAX];
		hp_fmt(d->build_tool, sizeof d->build_tool, "cmake");
		hp_fmt(d->build_file, sizeof d->build_file, "%s", cm);
		if (hp_cmake_root(d, root)) {
			/* configured from the project's root: the commands of the
			 * targets in d->dir are this instance's (commands.c) */
			char shown[PATH_MAX];
			hp_fmt(d->build_file, sizeof d->build_file, "%s/CMakeLists.txt", root);
			d->build_above = 1;
			hp_path_rel(d->dir, d->build_file, shown, sizeof shown);
			/* the CMakeLists.txt between root and d->dir are inputs too */
			hp_parent(d->dir, up);
			while (strcmp(up, root) && strlen(up) > strlen(root)) {
				char inter[PATH_MAX];
				hp_fmt(inter, sizeof inter, "%s/CMakeLists.txt", up);
				if (hp_strv_add(&d->extra_inputs, inter))
					return -1;
				hp_fmt(inter, sizeof inter, "%s", up);
				hp_parent(inter, up);
			}
			return hp_strv_addf(
				&d->infos,
				"the CMakeLists.txt calls no project(): configured the CMake project of "
				"%s, its root, and used the compile commands "
				"(compile_commands.json of a configure-only run) of its targets in this folder",
				shown);
		}
		return hp_strv_addf(&d->infos,
				    has_mk ? "the %s was generated by CMake: the flags are CMake's "
					     "(compile_commands.json of a configure-only run)"
					   : "no Makefile: the flags are CMake's (compile_commands.json of a "
					     "configure-only run)",
				    hp_base(mk));
	}
	/* a Makefile above, shared by several instance folders */
	hp_parent(d->dir, parent);
	if (strcmp(parent, d->dir) && hp_find_makefile(parent, mk)) {
		hp_fmt(d->build_tool, sizeof d->build_tool, "make");
		hp_fmt(d->build_file, sizeof d->build_file, "%s", mk);
		d->build_above = 1;
	}
	return 0;
}

/* ---------- the scratch copy ---------- */

/* The name of the copy of the build folder: its own, with what make
 * cannot take in a path (blanks, ':', '#', '$', '%', quotes) made '_'. */
static void hp_copy_name(const char *dir, char *out, size_t len)
{
	size_t o = 0;

	for (const char *p = hp_base(dir); *p && o + 1 < len; p++)
		out[o++] = strchr(" \t:#$%'\"\\;=", *p) ? '_' : *p;
	out[o] = '\0';
	if (!o)
		hp_fmt(out, len, "package");
}

/* Is a file of the folder above one a build may read: a source, a header
 * or a makefile? */
static int hp_build_input(const char *name)
{
	static const char *const ends[] = { ".c", ".h", ".S", ".s", ".mk", ".inc", ".make", ".cmake" };
	size_t n = strlen(name);

	if (!strncmp(name, "Makefile", 8) || !strncmp(name, "makefile", 8) || !strcmp(name, "GNUmakefile"))
		return 1;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t k = strlen(ends[i]);
		if (n > k && !strcmp(name + n - k, ends[i]))
			return 1;
	}
	return 0;
}

/* The sources, headers and makefiles directly in dir (no folders),
 * relative, into out. */
static int hp_files_here(const char *dir, struct hp_strv *out)
{
	DIR *dh = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!dh)
		return 0;
	while (rc == 0 && (e = readdir(dh))) {
		char path[PATH_MAX];
		if (e->d_name[0] == '.' || !hp_build_input(e->d_name))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
		if (hp_is_file(path))
			rc = hp_strv_add(out, e->d_name);
	}
	closedir(dh);
	return rc;
}

/* Copy the build folder (and the files above it) below scratch. */
static int hp_buildsys_copy(struct hp_detect *d, const char *scratch, char *err, size_t errlen)
{
	struct hp_strv here = { 0 }, above = { 0 };
	char up[PATH_MAX], name[NAME_MAX + 1];
	int rc = 0;

	hp_parent(d->build_file, d->build_dir);
	hp_parent(d->build_dir, up);
	hp_copy_name(d->build_dir, name, sizeof name);
	hp_fmt(d->make_copy, sizeof d->make_copy, "%s/make-copy", scratch);
	hp_fmt(d->copy_dir, sizeof d->copy_dir, "%s/%s", d->make_copy, name);
	hp_rmtree(d->make_copy);
	if (!strcmp(d->build_dir, d->dir))
		rc = hp_strv_extend(&here, &d->files);
	else
		rc = hp_walk_files(d->build_dir, &here);
	if (rc == 0 && strcmp(up, d->build_dir))
		rc = hp_files_here(up, &above);
	/* a file above named like the copy of the build folder stays out */
	for (size_t i = 0; rc == 0 && i < above.n; i++)
		if (!strcmp(above.v[i], name)) {
			free(above.v[i]);
			above.v[i] = above.v[--above.n];
			above.v[above.n] = NULL;
		}
	if (rc == 0 && (hp_copy_files(d->build_dir, d->copy_dir, &here, HP_COPY_LINK_ABOVE) != 0 ||
			hp_copy_files(up, d->make_copy, &above, HP_COPY_LINK_ABOVE) != 0)) {
		hp_fmt(err, errlen, "cannot copy the package to %s for its dry run: %s", d->make_copy, strerror(errno));
		rc = -1;
	} else if (rc != 0) {
		hp_fmt(err, errlen, "cannot read %s: %s", d->build_dir, strerror(errno));
		rc = -1;
	}
	hp_strv_free(&here);
	hp_strv_free(&above);
	return rc;
}

int hp_buildsys_map(const struct hp_detect *d, const char *cwd, const char *path, char out[PATH_MAX])
{
	size_t nd = strlen(d->copy_dir), nc = strlen(d->make_copy);
	char tmp[PATH_MAX], up[PATH_MAX];

	if (hp_path_abs(cwd, path, tmp) != 0)
		return -1;
	if (nd && !strncmp(tmp, d->copy_dir, nd) && (tmp[nd] == '/' || tmp[nd] == '\0'))
		return (size_t)hp_fmt(out, PATH_MAX, "%s%s", d->build_dir, tmp + nd) >= PATH_MAX ? -1 : 0;
	if (nc && !strncmp(tmp, d->make_copy, nc) && (tmp[nc] == '/' || tmp[nc] == '\0')) {
		hp_parent(d->build_dir, up);
		return (size_t)hp_fmt(out, PATH_MAX, "%s%s", strcmp(up, "/") ? up : "", tmp + nc) >= PATH_MAX ? -1 : 0;
	}
	hp_fmt(out, PATH_MAX, "%s", tmp);
	return 0;
}

/* The file a failed make says it misses in line, into out (len bytes):
 * X of "No rule to make target 'X'" (or `X'), or of "FILE:N: X: No such
 * file or directory" (an include).  1 when the line names one, else 0. */
static int hp_make_missing(const char *line, char *out, size_t len)
{
	static const char rule[] = "No rule to make target ", nofile[] = ": No such file or directory";
	const char *p = strstr(line, rule), *end;

	if (p) {
		p += strlen(rule);
		p += *p == '\'' || *p == '`';
		end = strchr(p, '\'');
	} else if ((end = strstr(line, nofile)) && !end[strlen(nofile)]) {
		/* FILE:N: X: ... -- X starts after the second ": " */
		const char *c = strstr(line, ": ");
		if (!c || !(c = strstr(c + 2, ": ")) || c >= end)
			return 0;
		p = c + 2;
	}
	if (!p || !end || end <= p || (size_t)(end - p) >= len)
		return 0;
	hp_fmt(out, len, "%.*s", (int)(end - p), p);
	return 1;
}

void hp_buildsys_outside(struct hp_detect *d, const char *cwd, const char *line)
{
	char missing[PATH_MAX], in_copy[PATH_MAX], real_cwd[PATH_MAX], real[PATH_MAX];
	struct stat st;

	if (d->outside[0] || !hp_make_missing(line, missing, sizeof missing) ||
	    hp_path_abs(cwd, missing, in_copy) != 0 || stat(in_copy, &st) == 0 ||
	    hp_buildsys_map(d, cwd, ".", real_cwd) != 0 || hp_path_abs(real_cwd, missing, real) != 0 ||
	    stat(real, &st) != 0)
		return;
	hp_fmt(d->outside, sizeof d->outside,
	       "%s (%s) lies outside the folders hashprof copies for the dry run (%s/ and the sources, "
	       "headers and makefiles directly above it); the way out: build the folder above (if it holds no "
	       "other instance folder; else a copy of %s/ with the shared folder inside) with a recipe of "
	       "make = no and the Makefile's -I folders as include = ..., docs/build.md \"Shared code outside "
	       "the instance folder\"",
	       missing, real, hp_base(d->build_dir), hp_base(d->build_dir));
}

/* ---------- the variable that selects the instance ---------- */

/* The instance folders directly below the build folder (those holding
 * an adapter header, adapter.c, at any depth), their names into out. */
static int hp_instance_folders(const struct hp_detect *d, struct hp_strv *out)
{
	struct hp_strv files = { 0 };
	int rc = hp_walk_files(d->build_dir, &files);

	for (size_t i = 0; rc == 0 && i < files.n; i++) {
		const char *f = files.v[i], *slash = strchr(f, '/');
		char top[PATH_MAX];
		if (!slash || !hp_adapter_header_rel(d->build_dir, f, NULL))
			continue;
		hp_fmt(top, sizeof top, "%.*s", (int)(slash - f), f);
		if (hp_strv_find(out, top) < 0)
			rc = hp_strv_add(out, top);
	}
	hp_strv_free(&files);
	return rc;
}

/*
 * A Makefile above several instance folders that builds one of them, as
 * its variable says: a line "VAR ?= VALUE" (or =, :=) whose VALUE ends the
 * name of another instance folder (FIX-PV-128 for PARAM ?= 128) while
 * this folder has the same name with another ending (FIX-PV-256): then
 * the dry run gets VAR=256.  Appends it to args and says so; nothing when
 * no variable (or more than one) fits.
 */
static int hp_instance_var(struct hp_detect *d, struct hp_strv *args)
{
	struct hp_strv folders = { 0 };
	char *text = hp_util_read_file(d->build_file, 0, NULL), var[128] = "", value[128] = "", def[PATH_MAX] = "";
	char shown[PATH_MAX];
	const char *self = hp_base(d->dir);
	int found = 0, rc = 0;

	if (!text || hp_instance_folders(d, &folders) != 0) {
		free(text);
		hp_strv_free(&folders);
		return 0;
	}
	for (char *line = strtok(text, "\n"); line && found < 2; line = strtok(NULL, "\n")) {
		char name[128], val[128], op[4];
		int end = 0;
		if (sscanf(line, " %127[A-Za-z0-9_] %3[?:+=] %127s%n", name, op, val, &end) != 3 ||
		    (strcmp(op, "=") && strcmp(op, "?=") && strcmp(op, ":=") && strcmp(op, "::=")) || strchr(val, '$'))
			continue;
		/* nothing after the value but blanks or a comment */
		end += (int)strspn(line + end, " \t\r");
		if (line[end] && line[end] != '#')
			continue;
		for (size_t i = 0; i < folders.n; i++) {
			const char *f = folders.v[i];
			size_t nf = strlen(f), nv = strlen(val), prefix = nf - nv;
			if (nf <= nv || strcmp(f + prefix, val) || strcmp(f, self) == 0 || strncmp(self, f, prefix) ||
			    !self[prefix])
				continue;
			if (found && strcmp(var, name))
				found = 2; /* two variables fit: choose none */
			else if (!found) {
				found = 1;
				hp_fmt(var, sizeof var, "%s", name);
				hp_fmt(value, sizeof value, "%s", self + prefix);
				hp_fmt(def, sizeof def, "%s", f);
			}
		}
	}
	free(text);
	hp_strv_free(&folders);
	if (found != 1)
		return 0;
	hp_path_rel(d->dir, d->build_file, shown, sizeof shown);
	rc = hp_strv_addf(args, "%s=%s", var, value) || hp_strv_addf(&d->make_vars, "%s=%s", var, value) ||
	     hp_strv_addf(&d->infos,
			  "%s selects the instance folder with %s (its default builds %s/): ran make -n %s=%s", shown,
			  var, def, var, value);
	return rc ? -1 : 0;
}

/* ---------- the detection step ---------- */

int hp_detect_make(struct hp_detect *d, const struct hp_recipe *r, const char *scratch, const char *log_path, char *err,
		   size_t errlen)
{
	struct hp_strv args = { 0 };
	struct hp_commands cmds = { 0 };
	int rc = 0, cmake;

	if (!d->files.n && hp_walk_files(d->dir, &d->files) != 0) {
		hp_fmt(err, errlen, "cannot read %s: %s", d->dir, strerror(errno));
		return -1;
	}
	if (hp_buildsys_find(d, r) != 0)
		goto oom;
	if (!d->build_tool[0])
		return 0;
	cmake = !strcmp(d->build_tool, "cmake");
	if (hp_buildsys_copy(d, scratch, err, errlen) != 0) {
		rc = -1;
		goto out;
	}
	if (hp_strv_extend(&args, cmake ? &r->cmake_args : &r->make_args) ||
	    (d->build_above && !cmake && !r->make_args.n && hp_instance_var(d, &args) != 0))
		goto oom;
	if (d->build_above && hp_strv_add(&d->extra_inputs, d->build_file))
		goto oom;
	rc = cmake ? hp_dryrun_cmake(d, &args, log_path, &cmds, err, errlen)
		   : hp_dryrun_make(d, &args, log_path, &cmds, err, errlen);
	if (rc == 0 && d->make_error[0] && hp_strv_addf(&d->infos, "%s; using what it printed", d->make_error))
		goto oom;
	if (rc == 0)
		rc = hp_commands_use(d, &cmds, err, errlen);
	goto out;
oom:
	hp_fmt(err, errlen, "out of memory");
	rc = -1;
out:
	hp_commands_free(&cmds);
	hp_strv_free(&args);
	hp_rmtree(d->make_copy);
	d->make_copy[0] = d->copy_dir[0] = '\0';
	return rc;
}
