/*
 * sandbox.c - the confinement of the programs a build runs
 * (prof/sandbox/confine.h): the Makefile's dry run, the preprocessor's name
 * probe, the compiler and linker, the KAT program.  Each step writes only
 * below its scratch folder (and /dev/null), reads the filesystem but
 * $HOME, of which it reads what the build needs: the package, the
 * recipe, hashprof's run-time pieces, the folders the flags name (-I, -L,
 * -include), the folders of PATH and of $CC.  Its temporary files go to
 * the scratch folder too (TMPDIR).  See pipeline.h.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "util/proc.h"

/* Keep a copy of path (its folder with folder != 0) for the policy's
 * read list.  Out of room or memory: the path stays unreadable inside
 * $HOME (never more is allowed than asked). */
static void hp_sandbox_read(struct hp_build_sandbox *s, const char *path, int folder)
{
	char real[PATH_MAX], *slash;

	if (!path || path[0] != '/')
		return;
	if (!realpath(path, real))
		hp_fmt(real, sizeof real, "%s", path);
	if (folder && (slash = strrchr(real, '/')) && slash > real)
		*slash = '\0';
	/* below a path already readable (the package's own -I folders): no rule */
	for (size_t i = 0; i < s->c.nread; i++) {
		size_t n = strlen(s->c.read[i]);
		if (!strncmp(real, s->c.read[i], n) && (real[n] == '/' || real[n] == '\0'))
			return;
	}
	if (hp_strv_add(&s->paths, real) == 0)
		hp_confine_allow_read(&s->c, s->paths.v[s->paths.n - 1]);
}

/* The paths of -I/-L/-include words (and of the word after a bare -I). */
static void hp_sandbox_read_flags(struct hp_build_sandbox *s, const struct hp_strv *words)
{
	for (size_t i = 0; i < words->n; i++) {
		const char *w = words->v[i];
		if ((!strcmp(w, "-I") || !strcmp(w, "-L") || !strcmp(w, "-include") || !strcmp(w, "-iquote")) &&
		    i + 1 < words->n)
			hp_sandbox_read(s, words->v[++i], 0);
		else if (!strncmp(w, "-I", 2) || !strncmp(w, "-L", 2))
			hp_sandbox_read(s, w + 2, 0);
	}
}

/* The folders of PATH and the compiler named by $CC. */
static void hp_sandbox_read_programs(struct hp_build_sandbox *s)
{
	const char *path = getenv("PATH"), *cc = getenv("CC");
	struct hp_strv ccw = { 0 };

	for (const char *p = path; p && *p;) {
		size_t n = strcspn(p, ":");
		char dir[PATH_MAX];
		if (n && n < sizeof dir) {
			hp_fmt(dir, sizeof dir, "%.*s", (int)n, p);
			hp_sandbox_read(s, dir, 0);
		}
		p += n + (p[n] == ':');
	}
	if (cc && hp_split_words(cc, &ccw) == 0 && ccw.n)
		hp_sandbox_read(s, ccw.v[0], 1);
	hp_strv_free(&ccw);
}

void hp_sandbox_step(struct hp_build *b, const char *what, const char *scratch)
{
	struct hp_build_sandbox *s = &b->sandbox;
	char tmp[PATH_MAX];

	hp_strv_free(&s->paths);
	hp_confine_defaults(&s->c, 1, what);
	s->c.on = !b->opt.no_confine;
	hp_sandbox_read(s, b->det.dir, 0);
	hp_sandbox_read(s, b->recipe.path[0] ? b->recipe.path : NULL, 0);
	hp_sandbox_read(s, b->rt.wrap_archive, 1);
	hp_sandbox_read(s, b->rt.instance_info, 1);
	hp_sandbox_read(s, b->rt.drng_global, 1);
	hp_sandbox_read_flags(s, &b->cppflags);
	hp_sandbox_read_flags(s, &b->libs);
	hp_sandbox_read_flags(s, &b->opt.cppflags);
	hp_sandbox_read_programs(s);
	if (!realpath(scratch, tmp))
		hp_fmt(tmp, sizeof tmp, "%s", scratch);
	if (hp_strv_add(&s->paths, tmp) == 0)
		hp_confine_allow_write(&s->c, s->paths.v[s->paths.n - 1]);
	hp_proc_confine(&s->c);
}

void hp_sandbox_free(struct hp_build *b)
{
	hp_proc_confine(NULL);
	hp_strv_free(&b->sandbox.paths);
}
