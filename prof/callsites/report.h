/*
 * report.h - a row's call-site table as text (under the table
 * of `hashprof ... --call-sites` and `hashprof report`) and as folded
 * stacks (--folded, the input of flame-graph tools: flamegraph.pl,
 * inferno, speedscope).  Reporting only.
 */
#ifndef HP_CALLSITE_REPORT_H
#define HP_CALLSITE_REPORT_H

#include <stdio.h>

#include "record/result.h"

/*
 * For each row with a call-site table: each helper's sites with calls
 * per operation, ticks per operation and share of the operation
 * (corrected like the row's shares unless raw), the site's function and
 * its path from the API function down to the helper (frames with
 * file:line where known), then a line for the calls without a call path
 * and the table's note.  Rows without one print nothing.
 */
void hp_callsites_print_text(FILE *out, const struct hp_result *rows, size_t nrows, int raw);

/*
 * The folded stacks of the rows' call sites, one line per site:
 * "INSTANCE OPERATION;f1;f2;...;helper TICKS" (the frames outermost
 * first, the helper last; TICKS the site's ticks as timed, a whole
 * number), then per row "INSTANCE OPERATION TICKS" for the operation's
 * ticks outside every helper (so that a flame graph's widths are shares
 * of the operation), and "INSTANCE OPERATION;(no call path);helper TICKS"
 * for calls the unwinder lost.  ';' in a name becomes ':'.  A new
 * NUL-terminated string (free it), or NULL when out of memory.
 */
char *hp_callsites_folded(const struct hp_result *rows, size_t nrows);

#endif
