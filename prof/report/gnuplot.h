/*
 * gnuplot.h - drawing a PNG or SVG file with gnuplot (Debian:
 * gnuplot-nox), the one runner of `--plot`'s pictures: the prefix-mean
 * curves (plot.c) and the candidates' heat map (drivers/output/heatmap.c).
 * Each caller writes only its script; this finds the program, tells the
 * kind of file by its name, gives the script a private temporary folder,
 * runs gnuplot there with a time limit (util/spawn.h), says why it failed
 * with the first line of gnuplot's that says so, and puts the image over
 * the target atomically (util/write_file.h): a failed plot leaves the old
 * file.  Reporting only; gnuplot runs as a child process.
 */
#ifndef HP_GNUPLOT_H
#define HP_GNUPLOT_H

#include <stddef.h>
#include <stdio.h>

#define HP_GNUPLOT_TIMEOUT_S 60 /* seconds gnuplot may take for one picture */
#define HP_GNUPLOT_FILE_MAX (64u << 20) /* bytes of picture read back, at most */

/* "png" or "svg" when path ends in ".png" or ".svg" after at least one
 * other byte, else NULL. */
const char *hp_gnuplot_kind(const char *path);

/* The gnuplot to run: the first executable "gnuplot" along $PATH at run
 * time (into buf, len bytes); configure only warns when there is none.
 * NULL when there is none. */
const char *hp_gnuplot_program(char *buf, size_t len);

/*
 * The script of one picture: written to f, drawing kind ("png" or "svg")
 * into image, the absolute path of a file in the private folder (its name
 * has no quote and no backslash, so that it goes between single or double
 * quotes as it is).  Data go into the script as datablocks ($D << EOD).
 * Returns 0, or -1 (the caller's reason is lost: a write error).
 */
typedef int (*hp_gnuplot_script_fn)(FILE *f, const char *kind, const char *image, void *arg);

/*
 * Draw path (.png: pngcairo, .svg: svg; the kind the script is told)
 * with the script script(arg) writes.  Returns 0, or -1 with one line
 * naming path in err: "PATH: not a .png or .svg file name",
 * "PATH: cannot make a temporary folder for gnuplot: REASON",
 * "PATH: cannot write the gnuplot script in DIR: REASON",
 * "PATH: not written: gnuplot is not installed (Debian package: gnuplot-nox)",
 * "PATH: not written: cannot run gnuplot: REASON",
 * "PATH: not written: gnuplot failed (exit status N | did not finish in
 * 60 s | killed by signal N | interrupted): LINE" (LINE: gnuplot's own
 * "line N: ..." of the script, else its first line, else "no message"),
 * "PATH: not written: gnuplot made no image", or util/write_file.h's
 * reasons.
 */
int hp_gnuplot_draw(const char *path, hp_gnuplot_script_fn script, void *arg, char *err, size_t errlen);

#endif
