/*
 * kat.c - the optional known-answer-test gate of `hashprof build --kat`
 * (see builder.h): the package's own KAT program (KAT_SIG.c, KAT_KEM.c or
 * KAT_KEX.c, which define `DRNG_ctx drng_algorithm;` and main()) is linked
 * with the objects of this build, run in an empty folder, and what it
 * writes is compared with the shipped test-vector file.
 *
 * The KAT program is compiled once more with -fcommon: its tentative
 * definition of drng_algorithm then merges with a scheme's own definition
 * instead of colliding (ngcc-api.md).  It runs in a sandbox of the work
 * folder, deep enough that a program which climbs out of its working
 * folder (../../../../Test_Vector/) still writes inside it; the
 * comparison with the shipped vectors is vectors.c's.
 */
#include "config.h"
#include "builder.h"
#include "sandbox/confine.h"

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

/* The KAT program's working folder: this deep below the sandbox, so that
 * a program that writes ../../../../Test_Vector/ still writes inside it. */
#define HP_KAT_DEPTH 8

/*
 * The sandbox the KAT program runs in, below dir: box/1/.../8/run, with
 * the folders of the instance folder made again inside run (no files), so
 * that a program writing output/KAT_SIG_X.txt next to itself finds its
 * output/ folder.  The path of run into rundir.  Returns 0 or -1 (errno).
 */
static int hp_kat_sandbox(const struct hp_detect *d, const char *dir, char *box, char rundir[PATH_MAX])
{
	size_t o;

	hp_fmt(box, PATH_MAX, "%s/box", dir);
	o = (size_t)hp_fmt(rundir, PATH_MAX, "%s", box);
	for (int i = 1; i <= HP_KAT_DEPTH; i++)
		o += (size_t)hp_fmt(rundir + o, o < PATH_MAX ? PATH_MAX - o : 0, "/%d", i);
	hp_fmt(rundir + o, o < PATH_MAX ? PATH_MAX - o : 0, "/run");
	if (hp_mkdirs(rundir) != 0)
		return -1;
	for (size_t i = 0; i < d->files.n; i++) {
		const char *slash = strrchr(d->files.v[i], '/');
		char sub[PATH_MAX];
		if (!slash)
			continue;
		hp_fmt(sub, sizeof sub, "%s/%.*s", rundir, (int)(slash - d->files.v[i]), d->files.v[i]);
		if (hp_mkdirs(sub) != 0)
			return -1;
	}
	return 0;
}

/* Every file the KAT program wrote anywhere in the sandbox, absolute. */
static void hp_kat_outputs(const char *box, struct hp_strv *out)
{
	struct hp_strv rel = { 0 };

	hp_walk_files(box, &rel);
	for (size_t i = 0; i < rel.n; i++)
		hp_strv_addf(out, "%s/%s", box, rel.v[i]);
	hp_strv_free(&rel);
}

/* What the KAT program may write to one file (its standard output, a
 * response file), MiB: four times the largest shipped vector file, at
 * least HP_KAT_FILE_MB_MIN; a program writing more is no KAT, and the
 * confinement stops it (RLIMIT_FSIZE: "blocked: file size"). */
#define HP_KAT_FILE_MB_MIN 64u
static unsigned hp_kat_file_mb(const struct hp_detect *d)
{
	unsigned long long largest = 0;
	struct stat st;

	for (size_t v = 0; v < d->vectors.n; v++)
		if (stat(d->vectors.v[v], &st) == 0 && (unsigned long long)st.st_size > largest)
			largest = (unsigned long long)st.st_size;
	largest = 4 * ((largest + (1u << 20) - 1) >> 20);
	return largest > HP_KAT_FILE_MB_MIN ? (largest < 65536 ? (unsigned)largest : 65536u) : HP_KAT_FILE_MB_MIN;
}

/* The KAT program's output while it runs, removed at exit when the run
 * ends the build (a confinement's refusal exits at once: kat.c's own
 * clean-up is not reached). */
static char hp_kat_running_out[PATH_MAX];

static void hp_kat_remove_output(void)
{
	if (hp_kat_running_out[0])
		unlink(hp_kat_running_out);
}

void hp_kat_check(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_strv *cc_words,
		  const struct hp_strv *words, struct hp_object *objs, size_t nobjs, const struct hp_plan *plan,
		  const char *workdir, const char *build_log, unsigned timeout_s, struct hp_kat *k)
{
	struct hp_object *prog = hp_kat_program(d, r, objs, nobjs), kat;
	struct hp_strv produced = { 0 }, cw = { 0 };
	char dir[PATH_MAX], box[PATH_MAX], rundir[PATH_MAX], exe[PATH_MAX], log[PATH_MAX], out[PATH_MAX],
		err[HP_BUILD_ERR];
	char *argv[2];
	struct hp_proc p;
	const struct hp_confine *was;
	struct hp_confine run_confine;
	int status, started;

	memset(&kat, 0, sizeof kat);
	box[0] = '\0';
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
	if (!d->vectors.n) {
		hp_fmt(k->detail, sizeof k->detail, "%s",
		       r->kat_vectors[0] ? "the recipe's kat-vectors file is missing"
					 : "no shipped test vectors (Test_Vectors/ or KAT/)");
		return;
	}
	hp_fmt(dir, sizeof dir, "%s/kat", workdir);
	hp_fmt(exe, sizeof exe, "%s/kat", dir);
	hp_fmt(log, sizeof log, "%s/kat.log", dir);
	hp_fmt(out, sizeof out, "%s/stdout.txt", dir);
	hp_rmtree(dir);
	if (hp_kat_sandbox(d, dir, box, rundir) != 0) {
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
	/* run it, writing only into its sandbox */
	argv[0] = exe;
	argv[1] = NULL;
	if ((was = hp_proc_confinement())) {
		run_confine = *was;
		run_confine.what = "the KAT program";
		run_confine.nwrite = 0;
		hp_confine_allow_write(&run_confine, box);
		hp_confine_allow_read(&run_confine, dir); /* the program itself, in $HOME or not */
		if (hp_kat_file_mb(d) < run_confine.file_mb)
			run_confine.file_mb = hp_kat_file_mb(d);
		hp_proc_confine(&run_confine);
	}
	static int registered;
	if (!registered++)
		atexit(hp_kat_remove_output);
	hp_fmt(hp_kat_running_out, sizeof hp_kat_running_out, "%s", out);
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
	hp_kat_outputs(box, &produced);
	hp_vectors_compare(d, rundir, &produced, out, k);
done:
	/* what the program wrote (its output and its files) is compared:
	 * nothing of it stays in the build folder */
	unlink(out);
	hp_kat_running_out[0] = '\0';
	if (box[0])
		hp_rmtree(box);
	{
		FILE *f = fopen(build_log, "a");
		if (f) {
			fprintf(f, "# KAT: %s: %s\n", k->status, k->detail);
			fflush(f);
			hp_append_file(fileno(f), log);
			fclose(f);
		}
	}
	hp_object_free(&kat);
	hp_strv_free(&produced);
	hp_strv_free(&cw);
}
