/*
 * output_file.c - the check and the write of an output file (see
 * output_file.h).
 */
#include "config.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/gnuplot.h"
#include "output_file.h"
#include "record/record_io.h"
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
	/* a missing folder is made once the outputs are checked
	 * (hp_output_make_folder), as --record-dir's: one level, in a
	 * folder that takes it */
	if (stat(dir, &st) != 0 && errno == ENOENT && strcmp(dir, "/") && strcmp(dir, "."))
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

int hp_output_make_folder(const char *opt, const char *path, char *err, size_t errlen)
{
	char copy[4096];
	const char *dir;

	if (!path)
		return 0;
	snprintf(copy, sizeof copy, "%s", path);
	dir = dirname(copy);
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: cannot create the folder %s: %s", opt, dir, strerror(errno));
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

/*
 * The name path will have once created: the realpath of its folder part
 * and its last component (a trailing '/' dropped: "runs/" is the folder
 * runs), into buf (len bytes).  Returns 0, or -1 with errno set:
 * realpath's, EINVAL for an empty path or "/", ENAMETOOLONG when it does
 * not fit.
 */
static int hp_canonical_name(const char *path, char *buf, size_t len)
{
	char copy[PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
	size_t n = strlen(path);
	const char *base;

	while (n > 1 && path[n - 1] == '/')
		n--;
	if (n >= sizeof copy) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(copy, path, n);
	copy[n] = '\0';
	if (!(base = hp_util_split_path(copy, dir, sizeof dir))) {
		errno = EINVAL;
		return -1;
	}
	/* a folder to be created (hp_output_make_folder): named as it will be */
	if (!realpath(dir, real) && (errno != ENOENT || hp_canonical_name(dir, real, sizeof real) != 0))
		return -1;
	if ((size_t)snprintf(buf, len, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

int hp_same_file(const char *a, const char *b)
{
	char ca[2 * PATH_MAX], cb[2 * PATH_MAX];
	struct stat sa, sb;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (hp_canonical_name(a, ca, sizeof ca) != 0 || hp_canonical_name(b, cb, sizeof cb) != 0)
		return -1;
	return !strcmp(ca, cb);
}

int hp_outputs_apart(const struct hp_output *outs, size_t n, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; outs[i].path && k < n; k++) {
			const char *a = outs[i].path, *b = outs[k].path;
			if (!b || hp_same_file(a, b) != 1)
				continue;
			if (!strcmp(a, b))
				snprintf(err, errlen, "%s and %s name the same file %s", outs[i].opt, outs[k].opt, a);
			else
				snprintf(err, errlen, "%s %s and %s %s name the same file", outs[i].opt, a, outs[k].opt,
					 b);
			return -1;
		}
	return 0;
}

/* Would reading the folder dir read path: a name the folder reader takes
 * (hp_record_dir_reads), in dir itself (its sub-folders are not read)?
 * 1 or 0. */
static int hp_read_with_folder(const char *path, const char *dir)
{
	char folder[PATH_MAX];
	const char *base = hp_util_split_path(path, folder, sizeof folder);

	return base && hp_record_dir_reads(base) && hp_same_file(folder, dir) == 1;
}

int hp_outputs_not_input(const struct hp_output *outs, size_t n, const char *input, const char *what, const char *how,
			 char *err, size_t errlen)
{
	struct stat st;
	int folder = stat(input, &st) == 0 && S_ISDIR(st.st_mode);

	for (size_t i = 0; i < n; i++) {
		const char *path = outs[i].path;
		if (!path)
			continue;
		if (!folder && hp_same_file(path, input) == 1) {
			snprintf(err, errlen, "%s: %s is the %s file %s", outs[i].opt, path, what, how);
			return -1;
		}
		if (folder && hp_read_with_folder(path, input)) {
			snprintf(
				err, errlen,
				"%s: %s is in %s, the %s folder %s (report and check read every *.json file there as a "
				"record)",
				outs[i].opt, path, input, what, how);
			return -1;
		}
	}
	return 0;
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
