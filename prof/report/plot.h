/*
 * plot.h - the prefix-mean curves of rows (curve.h) drawn by gnuplot
 * (Debian: gnuplot-nox) into a PNG or SVG file: `hashprof report
 * --plot=FILE`.  Reporting only; gnuplot runs as a child process
 * (gnuplot.h: the program, its time limit, its folder).
 */
#ifndef HP_PLOT_H
#define HP_PLOT_H

#include <stddef.h>

#include "record/result.h"

#define HP_PLOT_PANELS_MAX 12 /* curves in one file, one panel each */

/*
 * Draw, into path (".png": pngcairo, ".svg": svg), one panel per helper
 * whose calls vary between the operations of a row (for a row where none
 * varies, its first helper with calls), for every row of rows[0..n) with
 * per-iteration counts: the mean over the first N operations against N
 * (logarithmic), the row's final mean, and the band of means that print
 * as it (%.3g).  The file is written atomically (util/write_file.h).
 * Returns 0; 2 with a one-line reason in err for bad input (path without
 * .png or .svg, no row with per-iteration counts, more than
 * HP_PLOT_PANELS_MAX panels); 3 when the file could not be made (gnuplot
 * not found, or failing: gnuplot.h's reasons; the file not written).
 */
int hp_plot_curves(const char *path, const struct hp_result *rows, size_t n, char *err, size_t errlen);

#endif
