/*
 * build_cmd.h - what the files of `hashprof build` share: the
 * options (build_options.c) and what the command prints (build_report.c);
 * cmd_build.c runs the builder's pipeline (builder/pipeline.h) in order.
 */
#ifndef HP_BUILD_CMD_H
#define HP_BUILD_CMD_H

#include <limits.h>
#include <stddef.h>

#include "pipeline.h"
#include "hash_build.h"

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

/* ---------- build_report.c ---------- */

/* printf to stdout with a newline: the report lines. */
void hp_build_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "hashprof build: warning: MSG" on stderr, after flushing stdout
 * (struct hp_build_out warn). */
void hp_build_warn(const char *msg);

/* How the builder's messages are printed: say a line on stdout, warn as
 * hp_build_warn, error "hashprof: LINE" on stderr after flushing stdout. */
extern const struct hp_build_out hp_build_cli_out;

/*
 * Print the report of a built instance (name, kind, make -n, sources,
 * flags, wrapped helpers, drng_algorithm, notes, KAT) to stdout, then the
 * plan's warnings on stderr.
 */
void hp_build_report(struct hp_build *b, struct hp_object *objs, const struct hp_plan *plan, enum hp_flagset set,
		     const char *cflags_shown, const struct hp_kat *kat);

/*
 * After the install (built 1), or a build that found the instance up to
 * date (built 0): how to run the instance.  By name when the search path
 * finds this .so; with HASHPROF_PATH when the output folder is not on it;
 * a warning when another instance of the same name comes first.
 */
void hp_build_how_to_run(const struct hp_build *b, int built);

/* After `build --hash`: what was built (name, digest, sources linked and
 * left out, flags, the helpers it stands in for, its construction) and
 * how to run it (HASHPROF_HASH_PATH when the output folder is not on the
 * candidate search path). */
void hp_build_hash_report(const struct hp_hash_build *h);

#endif
