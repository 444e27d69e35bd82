/*
 * heatmap.h - `--plot=FILE.png|FILE.svg` of `hashprof --hash` and `hashprof
 * report --hash` (docs/candidates.md "Matrix"): the instances x
 * candidates matrix as a heat map, one cell per (instance, operation) and
 * candidate, coloured by the ratio of its time to the placeholder's
 * (green faster, red slower, on a log scale centred on 1) and labelled
 * with it; a projected-only cell's label is marked "~".  Drawn by gnuplot
 * (prof/report/gnuplot.h: Debian's gnuplot-nox, looked up along PATH) from a
 * script with the data inline: no raster of our own.
 */
#ifndef HP_HEATMAP_H
#define HP_HEATMAP_H

#include <stddef.h>

#include "record/result.h"

/* May path be plotted to: a .png or .svg name in a folder where files can
 * be created (output_file.h, hp_plot_output_check), and gnuplot there to
 * draw it?  0, or -1 with a one-line reason (bad input: checked before
 * anything is measured). */
int hp_heatmap_check(const char *path, char *err, size_t errlen);

/* Draw the heat map of the rows' arms into path (times corrected unless
 * raw), atomically.  0, or -1 with a one-line reason naming path (no cell
 * to draw; gnuplot.h's: gnuplot failed, the file cannot be written). */
int hp_heatmap_write(const char *path, const struct hp_result *rows, size_t nrows, int raw, char *err, size_t errlen);

#endif
