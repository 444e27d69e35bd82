/*
 * curve.h - the prefix-mean curve of a row: the mean calls per
 * operation of each helper over the first N operations, N = 1..the row's
 * operations, from its per-iteration counts (struct hp_result's per_op),
 * so that a user sees how a rejection-sampling mean settles and which N
 * print the published figure.  `hashprof report --curve` prints it as a
 * text table or CSV; plot.h draws it.  Reporting only.
 */
#ifndef HP_CURVE_H
#define HP_CURVE_H

#include <stdint.h>
#include <stdio.h>

#include "report/report.h"
#include "record/result.h"

/*
 * The N of the text table after n: 1..10, then every 10 to 100, every 100
 * to 1000, and so on (each decade in ten steps).  The table also has the
 * last N, whatever it is.
 */
uint64_t hp_curve_next(uint64_t n);

/* Does the curve show helper fn of r (it has per-iteration counts and fn
 * made calls)? */
int hp_curve_shows(const struct hp_result *r, unsigned fn);

/*
 * Print the curve of r to out: HP_FORMAT_TEXT a table, one line per N of
 * hp_curve_next and the last, a column per helper with calls (its mean,
 * %.6g), under a line naming the row, its N and warm-up; HP_FORMAT_CSV one
 * line per N (instance, operation, n, then the mean of each helper,
 * %.10g, empty for a helper without calls), the header printed when
 * header is set.  A row without per-iteration counts prints one line
 * saying so (text) or nothing (CSV).  Returns 0, or -1 when the format is
 * neither or out of memory.
 */
int hp_curve_print(FILE *out, const struct hp_result *r, enum hp_format fmt, int header);

/*
 * The interval of means that print as v at %.3g: [*lo, *hi), in calls
 * per operation (v = 3.99: [3.985, 3.995)).  0 for v = 0: both 0.
 */
void hp_curve_band(double v, double *lo, double *hi);

#endif
