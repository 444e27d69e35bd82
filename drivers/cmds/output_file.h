/*
 * output_file.h - the files a run or a report writes beside its table
 * (--output, --folded, --flame-graph; run_output.c, sites_output.c): one
 * check before measuring, so that an output that cannot be written is
 * bad input (exit status 2) before anything is measured, and one write
 * after it, which names a file it could not write in one line and counts
 * it (exit status 3, HP_EXIT_UNWRITTEN) while the others are written.
 */
#ifndef HP_OUTPUT_FILE_H
#define HP_OUTPUT_FILE_H

#include <stddef.h>

/*
 * Before measuring: can path, the file of option opt ("--folded"), be
 * written?  A file name (not empty, not ending in '/', under 4096 bytes,
 * its last component one its file system takes: record_io.h), a regular
 * file or none yet, writable when it is there, in a folder where files
 * can be created.  what: what goes to it, named when path is no regular
 * file ("records": "... (records are written to regular files only)");
 * NULL: nothing said.  Returns 0, or -1 with one line naming opt and path
 * in err: "OPT: 'PATH' is not a file name", "OPT: PATH is not a regular
 * file", "OPT: PATH is not writable", "OPT: cannot create files in the
 * folder DIR", "OPT: PATH: the file name has N bytes; ...".
 */
int hp_output_check(const char *opt, const char *path, const char *what, char *err, size_t errlen);

/*
 * Before measuring or reading: can --plot's picture be drawn into path?
 * A name ending in ".png" or ".svg" (gnuplot.h's kinds) that
 * hp_output_check("--plot", path) takes.  Returns 0, or -1 with one line
 * in err: "--plot: 'PATH' is not a .png or .svg file name", or
 * hp_output_check's ("--plot: cannot create files in the folder DIR").
 * Whether gnuplot is installed is the caller's (heatmap.h: bad input;
 * plot.h: a picture not drawn).
 */
int hp_plot_output_check(const char *path, char *err, size_t errlen);

/*
 * After measuring: the len bytes of data into path, atomically
 * (util/write_file.h; what as there).  data NULL: making it ran out of
 * memory.  A file not written is one line on stderr, "hashprof: OPT:
 * REASON".  Returns 0 when written, 1 when not (to add to the count of
 * files not written).
 */
unsigned hp_output_write(const char *opt, const char *path, const char *data, size_t len, const char *what);

#endif
