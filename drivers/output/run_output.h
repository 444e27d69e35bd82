/*
 * run_output.h - the record outputs of a run (run_output.c):
 * --output FILE and --record-dir DIR.
 */
#ifndef HP_RUN_OUTPUT_H
#define HP_RUN_OUTPUT_H

#include <jansson.h>
#include <stddef.h>

#include "instance.h"
#include "output_file.h"
#include "options.h"
#include "record/result.h"

/*
 * The run description of records and --format=json: the environment
 * (environment.h: command, hashprof and PAPI versions, CPU, kernel,
 * clock, rate_hz in ticks per second) plus "instance": {name, kind,
 * origin, cflags (the instance's build flags), path}.  New reference;
 * NULL when out of memory.
 */
json_t *hp_run_meta(int argc, char **argv, const struct hp_options *o, const struct hp_instance *inst);

/*
 * Before measuring: make sure the outputs can be written (record_dir
 * created if missing; output: not a folder, and output_file.h's check)
 * and that none overwrites another or a record (output_file.h's
 * hp_outputs_apart and hp_outputs_not_input): output, the
 * FILE.failed.json its document goes to when a row fails, record_dir
 * and the nothers other files of the run (--folded, --flame-graph,
 * --plot: at most HP_RUN_OTHERS_MAX, each checked writable by its own
 * prepare function) are different files, and none is a *.json file in
 * record_dir, all before record_dir is made.  output, record_dir and
 * the others' paths may be NULL.  Returns 0, or -1 with a one-line
 * reason in err.
 */
#define HP_RUN_OTHERS_MAX 4
int hp_run_outputs_prepare(const char *output, const char *record_dir, const struct hp_output *others, size_t nothers,
			   char *err, size_t errlen);

/*
 * As soon as a row is final (hp_run_rows' done), before the next one is
 * measured: its record in record_dir, atomically (hp_record_write_row,
 * meta its "run"), so that a run killed outright keeps every row measured
 * before.  A failed row is named in one line on stderr, with the file it
 * went to.  Returns 0, or -1 after one line on stderr naming the file
 * that could not be written.
 */
int hp_run_record_row(const char *record_dir, const struct hp_result *row, json_t *meta);

/*
 * After measuring: write the run document (exactly what --format=json
 * prints) to output, atomically (FILE only when every row was measured,
 * else FILE.failed.json, said in one line on stderr), and say in one line
 * which rows record_dir did not get because they were interrupted.
 * Either may be NULL.  A document that cannot be written is named in one
 * line on stderr ("hashprof: --output: REASON", output_file.h).  Returns
 * how many files could not be written (0 or 1).
 */
unsigned hp_run_outputs_finish(const char *output, const char *record_dir, const struct hp_result *rows, size_t nrows,
			       json_t *meta);

#endif
