/*
 * output_file.c - the check and the write of an output file (see
 * output_file.h).
 */
#include "config.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gnuplot.h"
#include "output_file.h"
#include "record_io.h"
#include "util/write_file.h"

/* Can a file be created in dir?  (access() says yes to root in /proc.) */
static int hp_dir_writable(const char *dir)
{
	char probe[4200];
	int fd;

	snprintf(probe, sizeof probe, "%s/.hashprof-probe.XXXXXX", dir);
	if ((fd = mkstemp(probe)) < 0)
		return -1;
	close(fd);
	unlink(probe);
	return 0;
}

int hp_output_check(const char *opt, const char *path, const char *what, char *err, size_t errlen)
{
	char copy[4096], why[HP_RECORD_ERR_MAX];
	struct stat st;
	const char *dir;

	if (!path[0] || strlen(path) >= sizeof copy || path[strlen(path) - 1] == '/') {
		snprintf(err, errlen, "%s: '%s' is not a file name", opt, path);
		return -1;
	}
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: %s is not a regular file%s%s%s", opt, path, what ? " (" : "",
			 what ? what : "", what ? " are written to regular files only)" : "");
		return -1;
	}
	if (stat(path, &st) == 0 && access(path, W_OK) != 0) {
		snprintf(err, errlen, "%s: %s is not writable", opt, path);
		return -1;
	}
	snprintf(copy, sizeof copy, "%s", path);
	dir = dirname(copy);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || hp_dir_writable(dir) != 0) {
		snprintf(err, errlen, "%s: cannot create files in the folder %s", opt, dir);
		return -1;
	}
	if (hp_record_check_name(path, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", opt, why);
		return -1;
	}
	return 0;
}

int hp_plot_output_check(const char *path, char *err, size_t errlen)
{
	if (!hp_gnuplot_kind(path)) {
		snprintf(err, errlen, "--plot: '%.200s' is not a .png or .svg file name", path);
		return -1;
	}
	return hp_output_check("--plot", path, NULL, err, errlen);
}

unsigned hp_output_write(const char *opt, const char *path, const char *data, size_t len, const char *what)
{
	char err[1024];

	if (!data) {
		fprintf(stderr, "hashprof: %s: out of memory writing %s\n", opt, path);
		return 1;
	}
	if (hp_util_write_file(path, data, len, what, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: %s: %s\n", opt, err);
		return 1;
	}
	return 0;
}
