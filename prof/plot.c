/*
 * plot.c - prefix-mean curves through gnuplot (see plot.h).
 *
 * The script and gnuplot's output go to a private temporary folder: the
 * data as inline datablocks ($D1 << EOD ... EOD), the image to out.png or
 * out.svg, gnuplot's messages to messages.txt.  The image is then copied
 * over the target atomically, so a failed plot leaves the old file.
 */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "curve.h"
#include "published.h"
#include "reproduce.h"
#include "util/monotonic.h"
#include "util/proc.h"
#include "util/read_file.h"
#include "util/write_file.h"

#define HP_PLOT_FILE_MAX (64u << 20) /* bytes of image read back, at most */

struct hp_panel {
	const struct hp_result *r;
	unsigned fn;
};

/* The panels of rows: per row, each helper whose calls vary; the first
 * with calls when none does.  Returns how many (up to max kept). */
static size_t hp_panels(const struct hp_result *rows, size_t n, struct hp_panel *p, size_t max)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int first = -1, any = 0;
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
			const uint64_t *v = hp_result_per_op(&rows[i], fn);
			int varies = 0;
			if (!hp_curve_shows(&rows[i], fn))
				continue;
			if (first < 0)
				first = (int)fn;
			for (uint64_t j = 1; j < rows[i].operations && !varies; j++)
				varies = v[j] != v[0];
			if (varies && k++ < max)
				p[k - 1] = (struct hp_panel){ &rows[i], fn };
			any |= varies;
		}
		if (!any && first >= 0 && k++ < max)
			p[k - 1] = (struct hp_panel){ &rows[i], (unsigned)first };
	}
	return k;
}

/* The gnuplot script of the panels, drawing into image. */
static int hp_plot_script(FILE *f, const struct hp_panel *p, size_t k, int svg, const char *image)
{
	unsigned height = (unsigned)(260 * k + 40);

	fprintf(f, "set terminal %s size 900,%u font 'sans,10'\n", svg ? "svg dynamic" : "pngcairo", height);
	fprintf(f, "set output '%s'\n", image);
	for (size_t i = 0; i < k; i++) {
		const uint64_t *v = hp_result_per_op(p[i].r, p[i].fn);
		uint64_t sum = 0;
		fprintf(f, "$D%zu << EOD\n", i);
		for (uint64_t j = 0; j < p[i].r->operations; j++) {
			sum += v[j];
			fprintf(f, "%llu %.10g\n", (unsigned long long)j + 1, (double)sum / (double)(j + 1));
		}
		fprintf(f, "EOD\n");
	}
	fprintf(f, "set multiplot layout %zu,1 title 'hashprof: mean calls per operation of the first N operations'\n",
		k);
	fprintf(f, "set logscale x\nset xlabel 'N (operations)'\nset ylabel 'calls per operation'\n"
		   "set key bottom right\nset grid\n");
	for (size_t i = 0; i < k; i++) {
		const struct hp_result *r = p[i].r;
		const uint64_t *v = hp_result_per_op(r, p[i].fn);
		uint64_t sum = 0;
		double mean, lo, hi;
		char printed[32];

		for (uint64_t j = 0; j < r->operations; j++)
			sum += v[j];
		mean = (double)sum / (double)r->operations;
		snprintf(printed, sizeof printed, "%.3g", mean);
		hp_curve_band(mean, &lo, &hi);
		/* instance names, operations and labels have no quote (ngcc.h) */
		fprintf(f, "set title '%s %s: %s (warm-up %llu)' noenhanced\n", r->instance, r->operation,
			hp_fn_label(p[i].fn), (unsigned long long)r->warmup);
		fprintf(f, "set xrange [1:%llu]\n", (unsigned long long)(r->operations > 1 ? r->operations : 2));
		fprintf(f,
			"plot $D%zu using 1:2 with lines lw 1.5 title 'mean of the first N', "
			"%.10g with lines dt 2 title 'mean of all %llu: %s'",
			i, mean, (unsigned long long)r->operations, printed);
		if (hi > lo)
			fprintf(f,
				", %.10g with lines dt 3 lc 'gray40' title 'prints as %s', %.10g with lines dt 3 "
				"lc 'gray40' notitle",
				lo, printed, hi);
		fputc('\n', f);
	}
	fprintf(f, "unset multiplot\nunset output\n");
	return ferror(f) ? -1 : 0;
}

/* Run gnuplot on script, messages into msgs; 0, or -1 with the reason in err. */
static int hp_run_gnuplot(const char *script, const char *msgs, char *err, size_t errlen)
{
	int status = 0, fd, rc;
	pid_t pid;

	if ((fd = open(msgs, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0) {
		snprintf(err, errlen, "cannot create %.200s: %s", msgs, strerror(errno));
		return -1;
	}
	pid = hp_util_fork_group();
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		dup2(null, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execlp(HP_PLOT_PROGRAM, HP_PLOT_PROGRAM, script, (char *)NULL);
		dprintf(fd, "%s: %s\n", HP_PLOT_PROGRAM, strerror(errno));
		_exit(127);
	}
	close(fd);
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		return -1;
	}
	while ((rc = hp_util_wait(pid, hp_util_monotonic() + HP_PLOT_TIMEOUT_S, &status)) < 0 && errno == EINTR &&
	       !hp_util_interrupted())
		;
	if (rc != 1) {
		kill(-pid, SIGKILL);
		hp_util_wait(pid, -1, &status);
	}
	hp_util_group_done(pid);
	if (rc == 1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (rc == 1 && WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		snprintf(err, errlen,
			 "%s not found: install it to draw plots (Debian package gnuplot-nox), or print the "
			 "curve with --curve",
			 HP_PLOT_PROGRAM);
		return -1;
	}
	/* gnuplot's first line says why */
	size_t n;
	char *text = hp_util_read_file(msgs, 1u << 16, &n), *nl;
	if (text && (nl = strchr(text, '\n')))
		*nl = '\0';
	snprintf(err, errlen, "%s failed (%s): %.200s", HP_PLOT_PROGRAM,
		 rc != 1 ? "did not finish in time" : "exit status", text && *text ? text : "no message");
	free(text);
	return -1;
}

int hp_plot_curves(const char *path, const struct hp_result *rows, size_t n, char *err, size_t errlen)
{
	struct hp_panel panels[HP_PLOT_PANELS_MAX];
	size_t len = strlen(path), k, bytes;
	int svg = len > 4 && !strcmp(path + len - 4, ".svg"), rc = 3, written = 0;
	char dir[4096], script[4200], image[4200], msgs[4200], why[512], *data;
	const char *tmp = getenv("TMPDIR");
	FILE *f = NULL;

	if (!svg && !(len > 4 && !strcmp(path + len - 4, ".png"))) {
		snprintf(err, errlen, "--plot: '%s' names no .png or .svg file", path);
		return 2;
	}
	if ((k = hp_panels(rows, n, panels, HP_PLOT_PANELS_MAX)) == 0) {
		snprintf(err, errlen,
			 "--plot: no row has per-iteration counts to plot (measure with --per-iteration or "
			 "--reproduce)");
		return 2;
	}
	if (k > HP_PLOT_PANELS_MAX) {
		snprintf(err, errlen, "--plot: %zu curves, more than the %d one plot holds: name fewer records", k,
			 HP_PLOT_PANELS_MAX);
		return 2;
	}
	/* the image's name goes into the script between single quotes */
	if (!tmp || !*tmp || strchr(tmp, '\'') || strlen(tmp) > 3000)
		tmp = "/tmp";
	snprintf(dir, sizeof dir, "%s/hashprof-plot.XXXXXX", tmp);
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "%s: cannot make a temporary folder for gnuplot: %s", path, strerror(errno));
		return 3;
	}
	snprintf(script, sizeof script, "%s/plot.gp", dir);
	snprintf(image, sizeof image, "%s/out.%s", dir, svg ? "svg" : "png");
	snprintf(msgs, sizeof msgs, "%s/messages.txt", dir);
	if ((f = fopen(script, "w"))) {
		written = hp_plot_script(f, panels, k, svg, image) == 0;
		written = fclose(f) == 0 && written;
	}
	if (!written) {
		snprintf(err, errlen, "%s: cannot write the gnuplot script in %s: %s", path, dir, strerror(errno));
	} else if (hp_run_gnuplot(script, msgs, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: not written: %s", path, why);
	} else if (!(data = hp_util_read_file(image, HP_PLOT_FILE_MAX, &bytes)) || bytes == 0) {
		snprintf(err, errlen, "%s: not written: gnuplot made no image", path);
		free(data);
	} else {
		rc = hp_util_write_file(path, data, bytes, "plots", err, errlen) == 0 ? 0 : 3;
		free(data);
	}
	unlink(script);
	unlink(image);
	unlink(msgs);
	rmdir(dir);
	return rc;
}
