/*
 * pipeline.h - the pipeline of `hashprof build` as a library:
 * prepare (detection, the up-to-date check), make (attempts with the
 * reference and then the permissive flags, the optional KAT and its
 * relink), install (the instance and its manifest).  The steps are those
 * of builder.h.  It returns results and says what it has to say through
 * b->out (struct hp_build_out); it prints nothing itself: the subcommand
 * drivers/cmds/cmd_build.c does.
 */
#ifndef HP_PIPELINE_H
#define HP_PIPELINE_H

#include <limits.h>
#include <stddef.h>

#include "builder.h"
#include "sandbox/confine.h"

/* The results of the pipeline's steps, which are the exit statuses of
 * `hashprof build` (drivers/cmds/cmds.h checks that they agree). */
enum {
	HP_BUILD_GO_ON = -1, /* prepare: not up to date, go on building */
	HP_BUILD_DONE = 0, /* built, installed, or up to date */
	HP_BUILD_KAT_FAILED = 1, /* built or up to date, but its KAT failed */
	HP_BUILD_STOPPED = 2, /* bad input, a failure, a refused package (b->out->error said why) */
};

/* What the build was asked for (the command line of `hashprof build`). */
struct hp_build_opts {
	const char *dir_arg;
	const char *name;
	char outdir[PATH_MAX];
	struct hp_strv cflags; /* --cflags words */
	struct hp_strv cppflags; /* -D/-U/-I in command-line order (-I absolute) */
	const char *recipe;
	const char *flagset; /* --flags: NULL, "reference" or "permissive" */
	int kat, force;
	int no_confine; /* --no-confine: the package's programs run with the user's rights */
	int hash; /* --hash: an NGCC hash submission into a candidate module (hash_build.h) */
	int sm3hash; /* --sm3hash (with --hash): the module stands in for sm3hash too */
	unsigned kat_timeout;
	unsigned build_timeout; /* --build-timeout: seconds the whole build may take; 0: no limit */
	unsigned jobs;
};

/*
 * How the builder speaks: it prints nothing itself.  say: a progress or
 * report line; warn: a warning; error: the one line that says why the
 * build stops ("build: ..."); the command decides where each goes
 * (drivers/output/build_report.c).  Each gets the text without a newline.
 */
struct hp_build_out {
	void (*say)(const char *line);
	void (*warn)(const char *msg);
	void (*error)(const char *line);
};

/* The confinement of the programs a build runs (sandbox.c). */
struct hp_build_sandbox {
	struct hp_confine c;
	struct hp_strv paths; /* the strings c.read[] and c.write[] point to */
};

/* Everything one build holds. */
struct hp_build {
	struct hp_build_opts opt;
	const struct hp_build_out *out;
	struct hp_recipe recipe;
	struct hp_runtime rt;
	struct hp_detect det;
	struct hp_strv cppflags; /* Makefile, recipe, command line: merged */
	struct hp_strv extra; /* -flto of the Makefile, recipe cflags, --cflags */
	struct hp_strv libs; /* Makefile and recipe link words */
	char root[PATH_MAX]; /* OUTDIR/.hashprof-build */
	char work[PATH_MAX]; /* ROOT/NAME */
	char log[PATH_MAX]; /* WORK/build.log */
	char so[PATH_MAX]; /* OUTDIR/NAME.so */
	char manifest_path[PATH_MAX];
	char *manifest;
	struct hp_build_sandbox sandbox;
};

/* One attempt's failure, kept for the report. */
struct hp_failure {
	char what[HP_BUILD_ERR];
	char *command; /* the failing command line (owned), or NULL */
};

/* What a made instance consists of (hp_build_make); free with hp_build_product_free. */
struct hp_build_product {
	struct hp_object *objs; /* b->det.nsrc objects */
	struct hp_plan plan;
	struct hp_strv words; /* the compiler words used */
	char *cflags_shown; /* their display form (malloc'd, may be NULL) */
	enum hp_flagset used; /* the flag set that built it */
	struct hp_kat kat; /* the KAT's result ("not checked" without --kat) */
	struct hp_failure fail[2]; /* each attempt's failure */
};

/* ---------- prepare.c ---------- */

/*
 * Detection and the up-to-date check (b->opt.outdir must be set: the
 * command's default is the user instance folder): the folder, recipe,
 * runtime, the package's own build (make -n or CMake), sources, kind,
 * shared ICCS files, prebuilt objects, name, test vectors, the manifest;
 * an up-to-date
 * instance is said so (and its stored KAT decides the result).  Returns
 * HP_BUILD_GO_ON to go on building (the work folder WORK is ready), else
 * a result.
 */
int hp_build_prepare(struct hp_build *b);

/* The scratch folder of hp_build_prepare while it exists, else "": what
 * to remove when a signal ends the build. */
const char *hp_build_scratch_dir(void);

/* ---------- make.c ---------- */

/*
 * Build the instance into WORK/NAME.so: the attempts with the flag sets
 * (one when --flags or the recipe names it), then with --kat the KAT and
 * the relink with its result in the metadata.  p is filled (free it with
 * hp_build_product_free, whatever the result).  Returns HP_BUILD_DONE,
 * HP_BUILD_KAT_FAILED, or HP_BUILD_STOPPED.
 */
int hp_build_make(struct hp_build *b, struct hp_build_product *p);

/*
 * Install WORK/NAME.so as OUTDIR/NAME.so and store the manifest (a
 * warning when it cannot be written).  Returns HP_BUILD_DONE or
 * HP_BUILD_STOPPED.
 */
int hp_build_install(struct hp_build *b, const struct hp_build_product *p);

void hp_build_product_free(const struct hp_build *b, struct hp_build_product *p);

/* Release what the build holds (options, recipe, runtime, detection). */
void hp_build_free(struct hp_build *b);

/* Say / warn / stop through b->out, printf-style. */
void hp_build_note(const struct hp_build *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hp_build_warning(const struct hp_build *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* hp_build_error returns HP_BUILD_STOPPED, for `return hp_build_error(...)`. */
int hp_build_error(const struct hp_build *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * The words joined by blanks for display, package paths shown relative to
 * the package folder and hashprof's own -iquote dropped.  malloc'd; NULL
 * when out of memory.
 */
char *hp_build_display_words(const struct hp_build *b, const struct hp_strv *words);

/*
 * When a build fails: what detection had to guess, which may be why, as
 * warnings on stderr: a dry run of the Makefile that failed (its status
 * and first error; the Makefile's flags are then missing) and a name
 * that is the folder's because ALGORITHM_INSTANCE could not be expanded.
 * Nothing when neither happened.
 */
void hp_build_warn_fallbacks(const struct hp_build *b);

/* ---------- sandbox.c ---------- */

/*
 * The programs run from now on are confined (util/confine.h; none with
 * --no-confine) as what ("the package's Makefile (make -n)", "the KAT
 * program"): they may write only below scratch (and /dev/null, their
 * temporary files go there: TMPDIR), and read the filesystem but $HOME,
 * of which the package, the recipe, hashprof's run-time pieces, the
 * folders the build's -I/-L/-include flags name, PATH's folders and
 * $CC's.  A blocked action stops the build (run.c: hp_proc_trap_blocked).
 */
void hp_sandbox_step(struct hp_build *b, const char *what, const char *scratch);

/* No confinement set any more; release what hp_sandbox_step holds. */
void hp_sandbox_free(struct hp_build *b);

/* ---------- attempt.c ---------- */

/*
 * Compile, inspect, plan and link b with one flag set, the instance into
 * WORK/NAME.so.  Fills *objs_out (b->det.nsrc objects, free with
 * hp_build_free_objects, even on failure), plan, words (the compiler
 * words used) and *cflags_shown (their display form, malloc'd, may be
 * NULL).  Returns 0 built, 1 this attempt failed (f filled: what, and the
 * command when known), 2 a failure no flag set can fix (reported on
 * stderr already: out of memory, LTO objects, no API kind, ...), 3 a
 * failure no flag set can fix, not yet reported (f filled, no command:
 * every source compiled, and no object defines an API function).
 */
int hp_build_attempt(struct hp_build *b, enum hp_flagset set, struct hp_object **objs_out, struct hp_plan *plan,
		     struct hp_strv *words, char **cflags_shown, struct hp_failure *f);

/* Free n objects of an attempt and the array; objs may be NULL. */
void hp_build_free_objects(struct hp_object *objs, size_t n);

#endif
