/*
 * report.h - render rows as the published table (text, markdown), CSV or
 * JSON.  Reporting only: nothing here runs or measures.
 */
#ifndef HP_REPORT_H
#define HP_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "record/result.h"

enum hp_format { HP_FORMAT_TEXT = 0, HP_FORMAT_MD, HP_FORMAT_CSV, HP_FORMAT_JSON };

/*
 * Rendering settings for the whole process: raw != 0 prints uncorrected
 * figures (computed the published way); a row whose share spread
 * across trials exceeds noise_pp percentage points gets a "noisy" note.
 * Defaults: corrected, 2.0 pp.
 */
void hp_report_configure(int raw, double noise_pp);

/* The raw setting of hp_report_configure (1: uncorrected figures). */
int hp_report_raw(void);

/* The noise threshold of hp_report_configure, in percentage points (the
 * shares' spread; swap/report.h applies it to a ratio's spread in %). */
double hp_report_noise_pp(void);

/* Parse "text", "md", "csv" or "json"; returns 0, or -1. */
int hp_format_parse(const char *name, enum hp_format *fmt);

#define HP_NOTE_MAX 640 /* bytes per note line */
#define HP_NOTES_MAX 19 /* notes per row: room for every one hp_report_notes can give at once (18) */

/*
 * The notes a row carries, in this order: no helper defined, or no helper
 * call seen; the instance's survey verdict when it is not ICCS-only, and
 * the survey's notes (own code that cannot be wrapped, ...); nested calls; DRNG (re-)seeding by init_random_number; noisy
 * (spread across trials above the threshold); no overhead calibration;
 * the instance's build warnings; shape-table overflow (per helper, and
 * calls of older records no helper can be told for); a --call-sites
 * in-situ cost outside the plausible bound (callsites/insitu.h, not
 * applied); a replay that failed (--replay); helper calls of under 10
 * steps of the clock's resolution on average (rows that know it); last,
 * an emulated run's (the text and markdown reports print that one once).
 * A failed row has none.  Writes up to HP_NOTES_MAX lines
 * (without the row's name) into notes; returns how many.
 */
size_t hp_report_notes(const struct hp_result *r, char notes[HP_NOTES_MAX][HP_NOTE_MAX]);

/* The same notes as a new JSON array of strings, the `notes` of JSON
 * output and of record files; NULL when out of memory. */
json_t *hp_report_notes_json(const struct hp_result *r);

/*
 * Print nrows rows to out.  meta (may be NULL) is the run's description
 * (command, CPU, versions) put at the top of JSON output; the other
 * formats ignore it.  Markdown starts with the published "Survey
 * verdict:" line of each instance that has a survey (one line, or one
 * per instance: "Survey verdict, `NAME`: ..."), above the table.  When a
 * row has a replay part (--replay, or a record
 * read back with one), the text table gets the columns "if free: hash"
 * and "if free: DRNG", markdown a second table of them below the
 * published one (which stays as it is, for `check --published`), CSV the
 * columns replay_hash_share and replay_drng_share (fractions; empty when
 * the replay failed), JSON each record its "replay" object; without one,
 * (CSV under --raw: the share columns named hash_share_raw, ..., so that
 * uncorrected figures say so wherever the file goes)
 * every format is exactly what it was before replay existed.  Rows of
 * --hash (with candidates' arms) print as swap/report.h's tables instead,
 * JSON as their records with the arms.  Returns 0, or -1 when writing
 * failed.
 */
int hp_report_print(FILE *out, enum hp_format fmt, const struct hp_result *rows, size_t nrows, json_t *meta);

/* The CSV columns of the exact calls per operation, one per helper in
 * enum hp_fn order: the header cells ("calls_drng,calls_pseudoXOF,...,"),
 * and a row's cells ("8,4.5,...,"; empty ones when r is NULL: a failed
 * row or arm), each followed by a comma. */
void hp_report_csv_calls_header(FILE *out);
void hp_report_csv_calls(FILE *out, const struct hp_result *r);

/* Under a table: the notes of every row, one line each ("note: INSTANCE
 * OP: ..."), the overhead line, the replay lines; prefix goes before the
 * first line printed ("\n" below a markdown table). */
void hp_report_footer(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix);

#endif
