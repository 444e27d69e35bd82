/*
 * report.h - render rows as the published table (text, markdown), CSV or
 * JSON.  Reporting only: nothing here runs or measures.
 */
#ifndef HP_REPORT_H
#define HP_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "result.h"

enum hp_format { HP_FORMAT_TEXT = 0, HP_FORMAT_MD, HP_FORMAT_CSV, HP_FORMAT_JSON };

/*
 * Rendering settings for the whole process: raw != 0 prints uncorrected
 * figures (computed the published way, issue 5); a row whose share spread
 * across trials exceeds noise_pp percentage points gets a "noisy" note.
 * Defaults: corrected, 2.0 pp.
 */
void hp_report_configure(int raw, double noise_pp);

/* Parse "text", "md", "csv" or "json"; returns 0, or -1. */
int hp_format_parse(const char *name, enum hp_format *fmt);

#define HP_NOTE_MAX 640  /* bytes per note line */
#define HP_NOTES_MAX 8   /* notes per row */

/*
 * The notes a row carries: no helper defined, no helper call seen, nested
 * calls, shape-table overflow.  Writes up to HP_NOTES_MAX lines (without
 * the row's name) into notes; returns how many.
 */
size_t hp_report_notes(const struct hp_result *r, char notes[HP_NOTES_MAX][HP_NOTE_MAX]);

/*
 * Print nrows rows to out.  meta (may be NULL) is the run's description
 * (command, CPU, versions) put at the top of JSON output; the other
 * formats ignore it.  Returns 0, or -1 when writing failed.
 */
int hp_report_print(FILE *out, enum hp_format fmt, const struct hp_result *rows,
		    size_t nrows, json_t *meta);

#endif
