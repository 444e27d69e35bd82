/*
 * build_cmd.h - what the files of `hashprof build` share (issue 4): the
 * options (build_options.c), the state of one build, one attempt with one
 * flag set (build_attempt.c) and what the command prints
 * (build_report.c); cmd_build.c prepares the build and runs the attempts,
 * the KAT and the install in order.  The steps themselves are the builder
 * library's (builder/builder.h).
 */
#ifndef HP_BUILD_CMD_H
#define HP_BUILD_CMD_H

#include <limits.h>
#include <stddef.h>

#include "builder.h"

/* What the command line asked for. */
struct hp_build_opts {
	const char *dir_arg;
	const char *name;
	char outdir[PATH_MAX];
	struct hp_strv cflags;      /* --cflags words */
	struct hp_strv cppflags;    /* -D/-U/-I in command-line order (-I absolute) */
	const char *recipe;
	const char *flagset;        /* --flags: NULL, "reference" or "permissive" */
	int kat, force;
	unsigned kat_timeout;
	unsigned jobs;
};

/* Everything one build holds. */
struct hp_build {
	struct hp_build_opts opt;
	struct hp_recipe recipe;
	struct hp_runtime rt;
	struct hp_detect det;
	struct hp_strv cppflags;     /* Makefile, recipe, command line: merged */
	struct hp_strv extra;        /* -flto of the Makefile, recipe cflags, --cflags */
	struct hp_strv libs;         /* Makefile and recipe link words */
	char root[PATH_MAX];         /* OUTDIR/.hashprof-build */
	char work[PATH_MAX];         /* ROOT/NAME */
	char log[PATH_MAX];          /* WORK/build.log */
	char so[PATH_MAX];           /* OUTDIR/NAME.so */
	char manifest_path[PATH_MAX];
	char *manifest;
};

/* One attempt's failure, kept for the report. */
struct hp_failure {
	char what[HP_BUILD_ERR];
	char *command;              /* the failing command line (owned), or NULL */
};

/* ---------- build_options.c ---------- */

/* The defaults: KAT timeout 600 s, as many jobs as online CPUs (1..64). */
void hp_build_defaults(struct hp_build_opts *o);

/*
 * Parse argv (getopt_long) into o; -I paths are made absolute.  Returns
 * -1 to go on, else an exit status: HP_EXIT_OK after --help, HP_EXIT_USAGE
 * after one line on stderr.  o->cflags and o->cppflags are the caller's
 * to free either way.
 */
int hp_build_parse(int argc, char **argv, struct hp_build_opts *o);

/* ---------- build_attempt.c ---------- */

/*
 * Compile, inspect, plan and link b with one flag set, the instance into
 * WORK/NAME.so.  Fills *objs_out (b->det.nsrc objects, free with
 * hp_build_free_objects, even on failure), plan, words (the compiler
 * words used) and *cflags_shown (their display form, malloc'd, may be
 * NULL).  Returns 0 built, 1 this attempt failed (f filled: what, and the
 * command when known), 2 a failure no flag set can fix (reported on
 * stderr already: out of memory, LTO objects, no API kind, ...).
 */
int hp_build_attempt(struct hp_build *b, enum hp_flagset set, struct hp_object **objs_out, struct hp_plan *plan,
		     struct hp_strv *words, char **cflags_shown, struct hp_failure *f);

/* Free n objects of an attempt and the array; objs may be NULL. */
void hp_build_free_objects(struct hp_object *objs, size_t n);

/* ---------- build_report.c ---------- */

/* printf to stdout with a newline: the progress and report lines. */
void hp_build_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "hashprof build: warning: MSG" on stderr, after flushing stdout. */
void hp_build_warn(const char *msg);

/*
 * The words joined by blanks for display, package paths shown relative to
 * the package folder and hashprof's own -iquote dropped.  malloc'd; NULL
 * when out of memory.
 */
char *hp_build_display_words(const struct hp_build *b, const struct hp_strv *words);

/*
 * Print the report of a built instance (name, kind, make -n, sources,
 * flags, wrapped helpers, drng_algorithm, notes, KAT) to stdout, then the
 * plan's warnings on stderr.
 */
void hp_build_report(struct hp_build *b, struct hp_object *objs, const struct hp_plan *plan, enum hp_flagset set,
		     const char *cflags_shown, const struct hp_kat *kat);

/*
 * When a build fails: what detection had to guess, which may be why, as
 * warnings on stderr: a dry run of the Makefile that failed (its status
 * and first error; the Makefile's flags are then missing) and a name
 * that is the folder's because ALGORITHM_INSTANCE could not be expanded.
 * Nothing when neither happened.
 */
void hp_build_warn_fallbacks(const struct hp_build *b);

/*
 * After the install: how to run the instance.  By name when the search
 * path finds this .so; with HASHPROF_PATH when the output folder is not on
 * it; a warning when another instance of the same name comes first.
 */
void hp_build_how_to_run(const struct hp_build *b);

#endif
