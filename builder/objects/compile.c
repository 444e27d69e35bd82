/*
 * compile.c - compiling a package: the two flag sets (the
 * reference flags of the NGCC performance guide, then permissive defaults
 * for code that does not build with them), every source into its own
 * object with its own log, several compilers at a time (see builder.h).
 */
#include "config.h"
#include "builder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *hp_flagset_name(enum hp_flagset f)
{
	return f == HP_FLAGS_REFERENCE ? "reference" : "permissive";
}

int hp_flagset_words(enum hp_flagset f, struct hp_strv *out)
{
	/* NGCC performance guide: the reference flags, with implicit
	 * declarations and int conversions kept as warnings. */
	static const char *const reference[] = {
		"-std=c99",
		"-Wpedantic",
		"-Wall",
		"-Wextra",
		"-O2",
		"-fPIC",
		"-D_GNU_SOURCE",
		"-Wno-error=implicit-function-declaration",
		"-Wno-error=int-conversion",
		NULL,
	};
	/* Permissive defaults: GNU C, common symbols (several tentative
	 * definitions of drng_algorithm link), old-C diagnostics as warnings. */
	static const char *const permissive[] = {
		"-std=gnu99",
		"-fcommon",
		"-Wall",
		"-Wextra",
		"-O2",
		"-fPIC",
		"-D_GNU_SOURCE",
		"-Wno-error=implicit-function-declaration",
		"-Wno-error=int-conversion",
		"-Wno-error=incompatible-pointer-types",
		"-Wno-error=implicit-int",
		NULL,
	};

	for (const char *const *w = f == HP_FLAGS_REFERENCE ? reference : permissive; *w; w++)
		if (hp_strv_add(out, *w) != 0)
			return -1;
	return 0;
}

/* The macro a -D/-U word sets ("-DX=1" -> "X"), its length in *len; NULL
 * when word is not -D/-U. */
static const char *hp_macro_of(const char *word, size_t *len)
{
	if (word[0] != '-' || (word[1] != 'D' && word[1] != 'U'))
		return NULL;
	*len = strcspn(word + 2, "=");
	return word + 2;
}

int hp_cppflags_merge(struct hp_strv *out, const struct hp_strv *later)
{
	for (size_t i = 0; i < later->n; i++) {
		size_t klen, olen;
		const char *k = hp_macro_of(later->v[i], &klen);

		for (size_t j = 0; k && j < out->n;) {
			const char *o = hp_macro_of(out->v[j], &olen);
			if (o && olen == klen && !strncmp(o, k, klen)) {
				free(out->v[j]);
				memmove(out->v + j, out->v + j + 1, (out->n - j) * sizeof *out->v);
				out->n--;
			} else {
				j++;
			}
		}
		if (hp_strv_find(out, later->v[i]) >= 0 && later->v[i][1] == 'I')
			continue;
		if (hp_strv_add(out, later->v[i]) != 0)
			return -1;
	}
	return 0;
}

int hp_compile_words(enum hp_flagset f, const struct hp_detect *d, const struct hp_strv *cppflags,
		     const struct hp_strv *extra, struct hp_strv *out)
{
	struct hp_strv dirs = { 0 };
	int rc = 0;

	/* -g: debug information only (GCC's code is the same with and without
	 * it); the survey reads the prototypes of own entry functions from it
	 * (builder/survey/dwarf.c).  Before the package's words, so that a
	 * -g0 of theirs still wins (their entries are then not wrapped). */
	if (hp_flagset_words(f, out) || hp_strv_add(out, "-g") || hp_strv_extend(out, cppflags) ||
	    hp_strv_extend(out, extra) || hp_strv_add(out, "-iquote") || hp_strv_add(out, d->dir))
		return -1;
	/* the folders of the ICCS files borrowed from beside or above (borrow.c) */
	for (size_t i = 0; i < d->iquote.n; i++)
		if (hp_strv_add(out, "-iquote") || hp_strv_add(out, d->iquote.v[i]))
			return -1;
	if (f != HP_FLAGS_PERMISSIVE)
		return 0;
	/* Permissive: also every folder that holds a header, for packages
	 * whose sources include headers of sibling folders without -I. */
	for (size_t i = 0; rc == 0 && i < d->files.n; i++) {
		const char *rel = d->files.v[i], *slash = strrchr(rel, '/');
		size_t n = strlen(rel);
		char dir[PATH_MAX];
		if (!slash || n < 2 || strcmp(rel + n - 2, ".h"))
			continue;
		hp_fmt(dir, sizeof dir, "%s/%.*s", d->dir, (int)(slash - rel), rel);
		if (hp_strv_find(&dirs, dir) < 0)
			rc = hp_strv_add(&dirs, dir);
	}
	for (size_t i = 0; rc == 0 && i < dirs.n; i++)
		rc = hp_strv_add(out, "-iquote") || hp_strv_add(out, dirs.v[i]);
	hp_strv_free(&dirs);
	return rc ? -1 : 0;
}

/* The compiler command of one source. */
static int hp_compile_argv(const struct hp_strv *words, const char *src, const char *obj, struct hp_strv *argv)
{
	return hp_cc_argv(argv) || hp_strv_extend(argv, words) || hp_strv_add(argv, "-c") || hp_strv_add(argv, src) ||
			       hp_strv_add(argv, "-o") || hp_strv_add(argv, obj)
		       ? -1
		       : 0;
}

int hp_compile_one(const struct hp_strv *words, const char *src, const char *obj, const char *log, char **command)
{
	struct hp_strv argv = { 0 };
	int status;

	if (hp_compile_argv(words, src, obj, &argv) != 0) {
		hp_strv_free(&argv);
		return -1;
	}
	if (command)
		*command = hp_command_line(argv.v);
	status = hp_run_program(argv.v, NULL, log, 1, 0);
	hp_strv_free(&argv);
	return status;
}

/* Write "$ command\n" then the object's log into the build log. */
static void hp_log_object(int fd, const struct hp_object *o)
{
	if (fd < 0)
		return;
	dprintf(fd, "$ %s\n", o->command ? o->command : "(command unavailable)");
	hp_append_file(fd, o->log);
	if (!o->compiled)
		dprintf(fd, "[exit status %d]\n", o->status);
}

long hp_compile_all(const struct hp_detect *d, const struct hp_strv *words, const char *objdir, unsigned jobs,
		    const char *build_log, struct hp_object *objs, char *err, size_t errlen)
{
	struct hp_proc *running;
	size_t *which, nrun = 0, next = 0;
	long failed = 0;
	int fd;

	if (jobs < 1)
		jobs = 1;
	running = calloc(jobs, sizeof *running);
	which = calloc(jobs, sizeof *which);
	if (!running || !which) {
		free(running);
		free(which);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	while (next < d->nsrc || nrun) {
		if (next < d->nsrc && nrun < jobs) {
			struct hp_object *o = &objs[next];
			struct hp_strv argv = { 0 };
			char flat[PATH_MAX];

			hp_fmt(flat, sizeof flat, "%s", d->src[next].rel);
			for (char *p = flat; *p; p++)
				if (*p == '/')
					*p = '@';
			o->src = &d->src[next];
			hp_fmt(o->obj, sizeof o->obj, "%s/%s.o", objdir, flat);
			hp_fmt(o->log, sizeof o->log, "%s/%s.log", objdir, flat);
			unlink(o->obj);
			if (hp_compile_argv(words, o->src->abs, o->obj, &argv) != 0 ||
			    !(o->command = hp_command_line(argv.v)) ||
			    hp_proc_start(&running[nrun], argv.v, NULL, o->log, o->log, 0) != 0) {
				hp_strv_free(&argv);
				hp_fmt(err, errlen, "cannot run the compiler: %s", strerror(errno));
				free(running);
				free(which);
				return -1;
			}
			hp_strv_free(&argv);
			which[nrun++] = next++;
			continue;
		}
		/* wait for the oldest compiler still running */
		{
			struct hp_object *o = &objs[which[0]];
			int st = hp_proc_wait(&running[0], 0);
			if (running[0].spawn_errno) {
				hp_fmt(err, errlen, "cannot run the compiler '%s': %s", o->command ? o->command : "cc",
				       strerror(running[0].spawn_errno));
				for (size_t k = 1; k < nrun; k++)
					hp_proc_wait(&running[k], 0);
				free(running);
				free(which);
				return -1;
			}
			o->status = st;
			o->compiled = st == 0;
			if (!o->compiled) {
				failed++;
				hp_first_error(o->log, o->first_error, sizeof o->first_error);
			}
			memmove(running, running + 1, (nrun - 1) * sizeof *running);
			memmove(which, which + 1, (nrun - 1) * sizeof *which);
			nrun--;
		}
	}
	free(running);
	free(which);
	fd = open(build_log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	for (size_t i = 0; i < d->nsrc; i++)
		hp_log_object(fd, &objs[i]);
	if (fd >= 0)
		close(fd);
	return failed;
}
