/*
 * kat.c - the optional known-answer-test gate of `hashprof build --kat`
 * (see builder.h): the package's own KAT program (KAT_SIG.c, KAT_KEM.c or
 * KAT_KEX.c, which define `DRNG_ctx drng_algorithm;` and main()) is linked
 * with the objects of this build, run in an empty folder, and what it
 * writes is compared with the shipped test-vector file.
 *
 * The KAT program is compiled once more with -fcommon: its tentative
 * definition of drng_algorithm then merges with a scheme's own definition
 * instead of colliding (ngcc-api.md).  Line endings (CR LF) and trailing
 * blank space at the end of the files are not significant.
 */
#include "config.h"
#include "builder.h"
#include "util/confine.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const char *hp_base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* "KAT_SIG.c", "KAT_KEM.c" or "KAT_KEX.c": the program the kind's KAT
 * generator is named after in a submission (ngcc-api.md). */
static void hp_kat_wanted(const struct hp_detect *d, char *want, size_t len)
{
	hp_fmt(want, len, "KAT_%c%c%c.c", toupper((unsigned char)d->kind[0]), toupper((unsigned char)d->kind[1]),
	       toupper((unsigned char)d->kind[2]));
}

/* The program's source when it did not compile (so nobody can tell it
 * defines main): the recipe's kat-program, else KAT_<KIND>.c; NULL when
 * there is no such source or it compiled. */
static const struct hp_object *hp_kat_broken_program(const struct hp_detect *d, const struct hp_recipe *r,
						     const struct hp_object *objs, size_t nobjs)
{
	char want[16];

	hp_kat_wanted(d, want, sizeof want);
	for (size_t i = 0; i < nobjs; i++)
		if (!objs[i].compiled && objs[i].command &&
		    (r->kat_program[0] ? !strcmp(objs[i].src->rel, r->kat_program)
				       : !strcasecmp(hp_base(objs[i].src->rel), want)))
			return &objs[i];
	return NULL;
}

/* The program object: the recipe's, else KAT_<KIND>.c, else any KAT_*.c
 * with main(); NULL when the package has none. */
static struct hp_object *hp_kat_program(const struct hp_detect *d, const struct hp_recipe *r, struct hp_object *objs,
					size_t nobjs)
{
	char want[16];

	hp_kat_wanted(d, want, sizeof want);
	for (size_t i = 0; i < nobjs; i++)
		if (r->kat_program[0] ? !strcmp(objs[i].src->rel, r->kat_program)
				      : objs[i].is_main && !strcasecmp(hp_base(objs[i].src->rel), want))
			return &objs[i];
	if (r->kat_program[0])
		return NULL;
	for (size_t i = 0; i < nobjs; i++)
		if (objs[i].is_main && !strncasecmp(hp_base(objs[i].src->rel), "KAT_", 4))
			return &objs[i];
	return NULL;
}

/* Is rel inside a test-vector folder (Test_Vectors/, KAT/, ...)? */
static int hp_in_vector_dir(const char *rel)
{
	static const char *const dirs[] = { "test_vectors", "testvectors", "kat", "kats", "vectors" };
	char part[PATH_MAX];

	for (const char *p = rel, *slash; (slash = strchr(p, '/')); p = slash + 1) {
		size_t n = (size_t)(slash - p);
		hp_fmt(part, sizeof part, "%.*s", (int)n, p);
		for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
			if (!strcasecmp(part, dirs[k]))
				return 1;
	}
	return 0;
}

/* Compare two files, ignoring CRs and trailing blank space; 0 equal, else
 * the first differing line (1-based) into *line and 1. */
static int hp_kat_differs(const char *a, const char *b, unsigned *line)
{
	size_t la, lb;
	char *x = hp_util_read_file(a, 0, &la), *y = hp_util_read_file(b, 0, &lb);
	size_t i = 0, j = 0;
	int rc = 0;

	*line = 1;
	if (!x || !y) {
		free(x);
		free(y);
		return 1;
	}
	while (la && isspace((unsigned char)x[la - 1]))
		la--;
	while (lb && isspace((unsigned char)y[lb - 1]))
		lb--;
	for (;;) {
		while (i < la && x[i] == '\r')
			i++;
		while (j < lb && y[j] == '\r')
			j++;
		if (i == la || j == lb) {
			rc = !(i == la && j == lb);
			break;
		}
		if (x[i] != y[j]) {
			rc = 1;
			break;
		}
		if (x[i] == '\n')
			(*line)++;
		i++;
		j++;
	}
	free(x);
	free(y);
	return rc;
}

/* Link the KAT program: its object plus what it needs of the package. */
static int hp_kat_link(struct hp_object *prog, struct hp_object *objs, size_t nobjs, const struct hp_plan *plan,
		       const struct hp_strv *cc_words, const char *exe, const char *log)
{
	struct hp_strv need = { 0 }, argv = { 0 };
	char *pulled = calloc(nobjs ? nobjs : 1, 1);
	int status = -1;

	if (!pulled || hp_strv_extend(&need, &prog->undefs))
		goto out;
	for (size_t k = 0; k < need.n; k++) {
		int have = hp_object_defines(prog, need.v[k]) != NULL;
		for (size_t i = 0; i < nobjs && !have; i++)
			have = pulled[i] && hp_object_defines(&objs[i], need.v[k]);
		for (size_t i = 0; i < nobjs && !have; i++) {
			struct hp_object *o = &objs[i];
			if (o == prog || !o->compiled || !o->inspected || o->is_main || o->lto ||
			    !hp_object_defines(o, need.v[k]))
				continue;
			pulled[i] = have = 1;
			for (size_t u = 0; u < o->undefs.n; u++)
				if (hp_strv_find(&need, o->undefs.v[u]) < 0 && hp_strv_add(&need, o->undefs.v[u]))
					goto out;
		}
	}
	if (hp_strv_extend(&argv, cc_words) || hp_strv_add(&argv, "-o") || hp_strv_add(&argv, exe) ||
	    hp_strv_add(&argv, prog->obj))
		goto out;
	for (size_t i = 0; i < nobjs; i++)
		if (pulled[i] && hp_strv_add(&argv, objs[i].obj))
			goto out;
	if (hp_strv_extend(&argv, &plan->libs) || hp_strv_add(&argv, "-lm"))
		goto out;
	{
		char *cmd = hp_command_line(argv.v);
		FILE *f = fopen(log, "a");
		if (f) {
			fprintf(f, "$ %s\n", cmd ? cmd : "(link)");
			fclose(f);
		}
		free(cmd);
	}
	status = hp_run_program(argv.v, NULL, log, 1, 0);
out:
	free(pulled);
	hp_strv_free(&need);
	hp_strv_free(&argv);
	return status;
}

void hp_kat_check(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_strv *cc_words,
		  const struct hp_strv *words, struct hp_object *objs, size_t nobjs, const struct hp_plan *plan,
		  const char *workdir, const char *build_log, unsigned timeout_s, struct hp_kat *k)
{
	struct hp_object *prog = hp_kat_program(d, r, objs, nobjs), kat;
	struct hp_strv vectors = { 0 }, produced = { 0 }, cw = { 0 };
	char dir[PATH_MAX], rundir[PATH_MAX], exe[PATH_MAX], log[PATH_MAX], out[PATH_MAX], err[HP_BUILD_ERR];
	char *argv[2];
	struct hp_proc p;
	const struct hp_confine *was;
	struct hp_confine run_confine;
	int status, started, pairs = 0;

	memset(&kat, 0, sizeof kat);
	hp_fmt(k->status, sizeof k->status, "not checked");
	if (!prog) {
		const struct hp_object *broken = hp_kat_broken_program(d, r, objs, nobjs);
		char want[16];
		/* a KAT program that does not compile fails the gate: the package
		 * has one, and --kat asked for it to pass */
		if (broken) {
			hp_fmt(k->status, sizeof k->status, "fail");
			hp_fmt(k->detail, sizeof k->detail, "the KAT program %s does not compile: %s", broken->src->rel,
			       broken->first_error[0] ? broken->first_error : "the compiler failed");
			return;
		}
		hp_kat_wanted(d, want, sizeof want);
		hp_fmt(k->detail, sizeof k->detail,
		       r->kat_program[0] ? "the recipe's kat-program %s is not a source"
					 : "the package has no KAT program (%s)",
		       r->kat_program[0] ? r->kat_program : want);
		return;
	}
	/* the shipped vectors */
	for (size_t i = 0; i < d->files.n; i++) {
		const char *rel = d->files.v[i];
		if (r->kat_vectors[0] ? !strcmp(rel, r->kat_vectors) : hp_in_vector_dir(rel))
			hp_strv_add(&vectors, rel);
	}
	if (!vectors.n) {
		hp_fmt(k->detail, sizeof k->detail, "%s",
		       r->kat_vectors[0] ? "the recipe's kat-vectors file is missing"
					 : "no shipped test vectors (Test_Vectors/ or KAT/)");
		return;
	}
	hp_fmt(dir, sizeof dir, "%s/kat", workdir);
	hp_fmt(rundir, sizeof rundir, "%s/run", dir);
	hp_fmt(exe, sizeof exe, "%s/kat", dir);
	hp_fmt(log, sizeof log, "%s/kat.log", dir);
	hp_fmt(out, sizeof out, "%s/stdout.txt", dir);
	hp_rmtree(dir);
	if (hp_mkdirs(rundir) != 0) {
		hp_fmt(k->detail, sizeof k->detail, "cannot create %s: %s", rundir, strerror(errno));
		goto done;
	}
	/* the program, again with -fcommon, and its link */
	kat.src = prog->src;
	hp_fmt(kat.obj, sizeof kat.obj, "%s/kat.o", dir);
	if (hp_strv_extend(&cw, words) || hp_strv_add(&cw, "-fcommon") ||
	    hp_compile_one(&cw, prog->src->abs, kat.obj, log, &kat.command) != 0 ||
	    hp_inspect_object(&kat, err, sizeof err) != 0) {
		hp_first_error(log, err, sizeof err);
		hp_fmt(k->detail, sizeof k->detail, "%s does not compile: %s (log %s)", prog->src->rel, err, log);
		goto done;
	}
	kat.compiled = 1;
	if (hp_kat_link(&kat, objs, nobjs, plan, cc_words, exe, log) != 0) {
		hp_first_error(log, err, sizeof err);
		hp_fmt(k->detail, sizeof k->detail, "%s does not link: %s (log %s)", prog->src->rel, err, log);
		goto done;
	}
	/* run it, writing only into its empty folder */
	argv[0] = exe;
	argv[1] = NULL;
	if ((was = hp_proc_confinement())) {
		run_confine = *was;
		run_confine.what = "the KAT program";
		run_confine.nwrite = 0;
		hp_confine_allow_write(&run_confine, rundir);
		hp_confine_allow_read(&run_confine, dir); /* the program itself, in $HOME or not */
		hp_proc_confine(&run_confine);
	}
	started = hp_proc_start(&p, argv, rundir, out, log, 1);
	status = started == 0 ? hp_proc_wait(&p, timeout_s) : -1;
	hp_proc_confine(was);
	if (started != 0) {
		hp_fmt(k->detail, sizeof k->detail, "cannot run %s: %s", exe, strerror(errno));
		goto done;
	}
	hp_fmt(k->status, sizeof k->status, "fail");
	if (p.timed_out) {
		hp_fmt(k->detail, sizeof k->detail, "%s did not finish within %u s", prog->src->rel, timeout_s);
		goto done;
	}
	if (p.signal) {
		hp_fmt(k->detail, sizeof k->detail, "%s was killed by SIG%s (log %s)", prog->src->rel,
		       sigabbrev_np(p.signal) ? sigabbrev_np(p.signal) : "?", log);
		goto done;
	}
	if (status != 0) {
		hp_fmt(k->detail, sizeof k->detail, "%s exited with status %d (log %s)", prog->src->rel, status, log);
		goto done;
	}
	/* compare: same file names first, else the only output with the best vector file */
	hp_walk_files(rundir, &produced);
	for (size_t i = 0; i < produced.n; i++)
		for (size_t v = 0; v < vectors.n; v++) {
			char a[PATH_MAX], b[PATH_MAX];
			unsigned line;
			if (strcmp(hp_base(produced.v[i]), hp_base(vectors.v[v])))
				continue;
			hp_fmt(a, sizeof a, "%s/%s", rundir, produced.v[i]);
			hp_fmt(b, sizeof b, "%s/%s", d->dir, vectors.v[v]);
			pairs++;
			if (hp_kat_differs(a, b, &line)) {
				hp_fmt(k->detail, sizeof k->detail, "%s differs from %s at line %u", produced.v[i],
				       vectors.v[v], line);
				goto done;
			}
		}
	if (!pairs) {
		struct stat st;
		const char *only = NULL;
		char a[PATH_MAX], b[PATH_MAX];
		unsigned line;
		long best = -1;
		for (size_t v = 0; v < vectors.n && best < 0; v++)
			if (strstr(hp_base(vectors.v[v]), d->name))
				best = (long)v;
		if (best < 0 && vectors.n == 1)
			best = 0;
		if (produced.n == 1) {
			hp_fmt(a, sizeof a, "%s/%s", rundir, produced.v[0]);
			only = produced.v[0];
		} else if (produced.n == 0 && stat(out, &st) == 0 && st.st_size > 0) {
			hp_fmt(a, sizeof a, "%s", out);
			only = "its standard output";
		}
		if (best < 0 || !only) {
			hp_fmt(k->status, sizeof k->status, "not checked");
			hp_fmt(k->detail, sizeof k->detail,
			       "cannot pair the KAT output (%zu file%s) with the shipped vectors (%zu file%s): "
			       "name them with kat-vectors in a recipe",
			       produced.n, produced.n == 1 ? "" : "s", vectors.n, vectors.n == 1 ? "" : "s");
			goto done;
		}
		hp_fmt(b, sizeof b, "%s/%s", d->dir, vectors.v[best]);
		if (hp_kat_differs(a, b, &line)) {
			hp_fmt(k->detail, sizeof k->detail, "%s differs from %s at line %u", only, vectors.v[best],
			       line);
			goto done;
		}
		hp_fmt(k->detail, sizeof k->detail, "%s matches %s", only, vectors.v[best]);
	} else {
		hp_fmt(k->detail, sizeof k->detail, "%d file%s match%s the shipped vectors", pairs,
		       pairs == 1 ? "" : "s", pairs == 1 ? "es" : "");
		if (pairs == 1)
			for (size_t i = 0; i < produced.n; i++)
				for (size_t v = 0; v < vectors.n; v++)
					if (!strcmp(hp_base(produced.v[i]), hp_base(vectors.v[v])))
						hp_fmt(k->detail, sizeof k->detail, "%s matches %s", produced.v[i],
						       vectors.v[v]);
	}
	hp_fmt(k->status, sizeof k->status, "pass");
done : {
	FILE *f = fopen(build_log, "a");
	if (f) {
		fprintf(f, "# KAT: %s: %s\n", k->status, k->detail);
		fflush(f);
		hp_append_file(fileno(f), log);
		fclose(f);
	}
}
	hp_object_free(&kat);
	hp_strv_free(&vectors);
	hp_strv_free(&produced);
	hp_strv_free(&cw);
}
