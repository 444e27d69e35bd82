/*
 * sites_output.c - --folded and --flame-graph (see sites_output.h).
 */
#include "config.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callsite_report.h"
#include "flame.h"
#include "sites_output.h"
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

static int hp_output_ok(const char *opt, const char *path, char *err, size_t errlen)
{
	char copy[4096];
	struct stat st;

	if (!path)
		return 0;
	if (!path[0] || strlen(path) >= sizeof copy || path[strlen(path) - 1] == '/') {
		snprintf(err, errlen, "%s: '%s' is not a file name", opt, path);
		return -1;
	}
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: %s is not a regular file", opt, path);
		return -1;
	}
	if (stat(path, &st) == 0 && access(path, W_OK) != 0) {
		snprintf(err, errlen, "%s: %s is not writable", opt, path);
		return -1;
	}
	snprintf(copy, sizeof copy, "%s", path);
	const char *dir = dirname(copy);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || hp_dir_writable(dir) != 0) {
		snprintf(err, errlen, "%s: cannot create files in the folder %s", opt, dir);
		return -1;
	}
	return 0;
}

int hp_sites_outputs_prepare(const char *folded, const char *flame, char *err, size_t errlen)
{
	if (hp_output_ok("--folded", folded, err, errlen) != 0 ||
	    hp_output_ok("--flame-graph", flame, err, errlen) != 0)
		return -1;
	return 0;
}

/* The title of the flame graph: the rows' instance and operations. */
static void hp_flame_title(const struct hp_result *rows, size_t nrows, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nrows; i++) {
		if (rows[i].status != HP_STATUS_OK || !rows[i].sites.requested)
			continue;
		int n = snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "", rows[i].instance,
				 rows[i].operation);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	snprintf(buf + used, len - used, "%shelper ticks by call path (hashprof --call-sites)", used ? ": " : "");
}

static unsigned hp_write_one(const char *opt, const char *path, const char *text)
{
	char err[1024];

	if (!text) {
		fprintf(stderr, "hashprof: %s: out of memory writing %s\n", opt, path);
		return 1;
	}
	if (hp_util_write_file(path, text, strlen(text), NULL, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: %s: %s\n", opt, err);
		return 1;
	}
	return 0;
}

unsigned hp_sites_outputs_write(const char *folded, const char *flame, const struct hp_result *rows, size_t nrows)
{
	unsigned bad = 0;
	char *text, *svg, title[512];

	if (!folded && !flame)
		return 0;
	text = hp_callsites_folded(rows, nrows);
	if (folded)
		bad += hp_write_one("--folded", folded, text);
	if (flame) {
		hp_flame_title(rows, nrows, title, sizeof title);
		svg = text ? hp_flame_svg(text, title, "ticks") : NULL;
		bad += hp_write_one("--flame-graph", flame, svg);
		free(svg);
	}
	free(text);
	return bad;
}
