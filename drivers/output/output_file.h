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
 * can be created (a folder not there yet: the folder above it, where
 * hp_output_make_folder makes it once every output is checked, as
 * --record-dir makes its folder: one level).  what: what goes to it, named when path is no regular
 * file ("records": "... (records are written to regular files only)");
 * NULL: nothing said.  Returns 0, or -1 with one line naming opt and path
 * in err: "OPT: 'PATH' is not a file name", "OPT: PATH is not a regular
 * file", "OPT: PATH is not writable", "OPT: cannot create files in the
 * folder DIR", "OPT: PATH: the file name has N bytes; ...".
 */
int hp_output_check(const char *opt, const char *path, const char *what, char *err, size_t errlen);

/* After the checks: path's folder (path NULL: nothing), made when it is
 * missing (one level, as --record-dir's).  Returns 0, or -1 with one line
 * naming opt in err ("OPT: cannot create the folder DIR: ..."). */
int hp_output_make_folder(const char *opt, const char *path, char *err, size_t errlen);

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

/* One file a command writes: its option ("--folded") and its path (NULL:
 * the option not given), for the checks below. */
struct hp_output {
	const char *opt;
	const char *path;
};

/*
 * Do the paths a and b name the same file?  When both exist: the same
 * device and inode (stat, following symbolic links), so that hard links
 * and other spellings (./a/../b, a symbolic link on the way) are the same
 * file.  Else, a file not created yet: the same canonical folder
 * (realpath of the folder part) and the same last component (trailing
 * '/' dropped).  Returns 1 the same, 0 not, or -1 when it cannot tell: a
 * path is empty, or a folder part cannot be resolved (missing, not
 * searchable, a loop, longer than PATH_MAX: realpath's errno).  Nothing
 * can be created under a folder that does not resolve, so callers take -1
 * as "not the same".
 */
int hp_same_file(const char *a, const char *b);

/*
 * Before measuring or reading: are the n outputs (outs[i].path NULL: not
 * given) n different files (hp_same_file), so that none overwrites
 * another?  Returns 0, or -1 with one line in err: "OPT1 and OPT2 name
 * the same file PATH", or "OPT1 PATH1 and OPT2 PATH2 name the same file"
 * when they spell it differently.
 */
int hp_outputs_apart(const struct hp_output *outs, size_t n, char *err, size_t errlen);

/*
 * Before measuring or reading: is none of the n outputs the input, a
 * file or folder of what ("record", "--costs") that the command uses as
 * `how` says ("this report reads", "--record-dir writes")?  A file (or
 * a path not there yet): no output may be the same file (hp_same_file),
 * which it would overwrite.  A folder: no output may be a file that
 * reading the folder reads (record_io.h's hp_record_dir_reads: a *.json
 * name in it, not *.failed.json), which would overwrite a record or be
 * read back as one.  Returns 0, or -1 with one line in err: "OPT: PATH
 * is the WHAT file HOW" (input a file), or "OPT: PATH is in INPUT, the
 * WHAT folder HOW (report and check read every *.json file there as a
 * record)".
 */
int hp_outputs_not_input(const struct hp_output *outs, size_t n, const char *input, const char *what, const char *how,
			 char *err, size_t errlen);

/*
 * After measuring: the len bytes of data into path, atomically
 * (util/write_file.h; what as there).  data NULL: making it ran out of
 * memory.  A file not written is one line on stderr, "hashprof: OPT:
 * REASON".  Returns 0 when written, 1 when not (to add to the count of
 * files not written).
 */
unsigned hp_output_write(const char *opt, const char *path, const char *data, size_t len, const char *what);

#endif
