/*
 * heatmap.c - the heat map of --plot (see heatmap.h), drawn by gnuplot.
 */
#include "config.h"
#include "heatmap.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder.h" /* hp_run_program, hp_first_error, hp_rmtree: programs without a shell */
#include "swap_matrix.h"

#ifndef HP_GNUPLOT
#define HP_GNUPLOT "gnuplot"
#endif

/* Pixels per column and per row of the map (and the margins). */
#define HP_PLOT_COL 120
#define HP_PLOT_ROW 30
#define HP_PLOT_MARGIN_X 260
#define HP_PLOT_MARGIN_Y 150
#define HP_PLOT_MIN_WIDTH 720 /* the title's */

/* The gnuplot to run: the configured one, else the first along PATH;
 * NULL when there is none. */
static const char *hp_gnuplot(char *buf, size_t len)
{
	const char *path = getenv("PATH");

	if (HP_GNUPLOT[0] == '/' && access(HP_GNUPLOT, X_OK) == 0)
		return HP_GNUPLOT;
	while (path && *path) {
		size_t n = strcspn(path, ":");
		snprintf(buf, len, "%.*s/gnuplot", (int)n, path);
		if (n && access(buf, X_OK) == 0)
			return buf;
		path += n + (path[n] == ':');
	}
	return NULL;
}

/* "png" or "svg" for path, else NULL. */
static const char *hp_plot_kind(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (dot && !strcmp(dot, ".png"))
		return "png";
	if (dot && !strcmp(dot, ".svg"))
		return "svg";
	return NULL;
}

int hp_heatmap_check(const char *path, char *err, size_t errlen)
{
	char buf[4096];

	if (!hp_plot_kind(path)) {
		snprintf(err, errlen, "--plot: '%.200s' is not a .png or .svg file name", path);
		return -1;
	}
	if (!hp_gnuplot(buf, sizeof buf)) {
		snprintf(err, errlen, "--plot: gnuplot is not installed (Debian package: gnuplot-nox)");
		return -1;
	}
	return 0;
}

/* s with what would end a gnuplot string replaced ('"' and '\'). */
static void hp_plot_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		fputc(*s == '"' || *s == '\\' ? '_' : *s, f);
	fputc('"', f);
}

/* The data: block 0 the cells with a ratio (x, y, log2 ratio, label),
 * block 1 the failed or unprojected ones (x, y, label).  Returns how many
 * of each into n[2]. */
static void hp_plot_data(FILE *f, const struct hp_matrix *m, size_t n[2], double *span)
{
	n[0] = n[1] = 0;
	*span = log2(1.25);
	for (int block = 0; block < 2; block++) {
		for (size_t i = 0; i < m->nrows; i++)
			for (size_t j = 0; j < m->ncols; j++) {
				const struct hp_cell *c = hp_matrix_cell(m, i, j);
				int ok =
					(c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED) && c->ratio > 0;
				size_t y = m->nrows - 1 - i;
				if (block == 0 && ok) {
					double l = log2(c->ratio);
					fprintf(f, "%zu %zu %.6f \"%s%.2f\"\n", j, y, l,
						c->state == HP_CELL_PROJECTED ? "~" : "", c->ratio);
					if (fabs(l) > *span)
						*span = fabs(l);
					n[0]++;
				} else if (block == 1 && !ok && c->state != HP_CELL_NONE) {
					fprintf(f, "%zu %zu \"%s\"\n", j, y,
						c->state == HP_CELL_FAILED ? "failed" : "?");
					n[1]++;
				}
			}
		fputs(block == 0 ? "\n\n" : "", f);
	}
}

/* The script that draws data into out (kind png or svg). */
static void hp_plot_script(FILE *f, const struct hp_matrix *m, const char *kind, const char *out, const char *data,
			   const size_t n[2], double span)
{
	/* the colour bar's tics: halvings and doublings, or their square roots
	 * too when the ratios stay within a factor of 2 */
	static const double wide[] = { 0.125, 0.25, 0.5, 1, 2, 4, 8 }, narrow[] = { 0.5, 0.71, 1, 1.41, 2 };
	const double *tics = span > 1 ? wide : narrow;
	size_t ntics = span > 1 ? sizeof wide / sizeof wide[0] : sizeof narrow / sizeof narrow[0];
	int w = HP_PLOT_MARGIN_X + HP_PLOT_COL * (int)m->ncols, h = HP_PLOT_MARGIN_Y + HP_PLOT_ROW * (int)m->nrows;
	int first = 1;

	if (w < HP_PLOT_MIN_WIDTH)
		w = HP_PLOT_MIN_WIDTH;

	fprintf(f, "set terminal %s size %d,%d font \"sans,10\" noenhanced\n",
		!strcmp(kind, "png") ? "pngcairo" : "svg", w, h);
	fputs("set output ", f);
	hp_plot_str(f, out);
	fputs("\nset title \"time per operation: with the candidate / with the placeholder (~: projected)\"\n"
	      "unset key\nset style fill solid 1.0 noborder\nset tics scale 0\n",
	      f);
	fprintf(f, "set xrange [-0.5:%zu.5]\nset yrange [-0.5:%zu.5]\n", m->ncols - 1, m->nrows - 1);
	fputs("set xtics rotate by -30 left (", f);
	for (size_t j = 0; j < m->ncols; j++) {
		fputs(j ? ", " : "", f);
		hp_plot_str(f, m->names[j]);
		fprintf(f, " %zu", j);
	}
	fputs(")\nset ytics (", f);
	for (size_t i = 0; i < m->nrows; i++) {
		char label[160];
		snprintf(label, sizeof label, "%s %s", m->rows[i]->instance, m->rows[i]->operation);
		fputs(i ? ", " : "", f);
		hp_plot_str(f, label);
		fprintf(f, " %zu", m->nrows - 1 - i);
	}
	/* log2 of the ratio, symmetric about 1: green faster, red slower */
	fprintf(f, ")\nset cbrange [%.6f:%.6f]\nset cblabel \"ratio (log scale)\"\nset cbtics (", -span, span);
	for (size_t k = 0; k < ntics; k++)
		if (fabs(log2(tics[k])) <= span + 1e-9) {
			fprintf(f, "%s\"%g\" %.6f", first ? "" : ", ", tics[k], log2(tics[k]));
			first = 0;
		}
	fputs(")\nset palette defined (-1 \"#1a9850\", 0 \"#ffffbf\", 1 \"#d73027\")\nplot ", f);
	if (n[0]) {
		hp_plot_str(f, data);
		fputs(" index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette, ", f);
		hp_plot_str(f, data);
		fputs(" index 0 using 1:2:4 with labels", f);
	}
	if (n[1]) {
		fputs(n[0] ? ", " : "", f);
		hp_plot_str(f, data);
		fputs(" index 1 using 1:2:(0.5):(0.5) with boxxyerror fillcolor rgb \"#cccccc\", ", f);
		hp_plot_str(f, data);
		fputs(" index 1 using 1:2:3 with labels", f);
	}
	fputs("\n", f);
}

int hp_heatmap_write(const char *path, const struct hp_result *rows, size_t nrows, int raw, char *err, size_t errlen)
{
	char dir[] = "/tmp/hashprof-plot-XXXXXX", data[64], script[64], log[64], tmp[4200], gp[4096], first[512];
	const char *kind = hp_plot_kind(path), *gnuplot = hp_gnuplot(gp, sizeof gp);
	struct hp_matrix m;
	size_t n[2];
	double span;
	FILE *f;
	int rc = -1;

	if (!kind || !gnuplot)
		return hp_heatmap_check(path, err, errlen);
	if (hp_matrix_build(&m, rows, nrows, raw) != 0) {
		snprintf(err, errlen, "--plot: out of memory");
		return -1;
	}
	if (!m.ncols || !m.nrows) {
		snprintf(err, errlen, "%.300s: no candidate's row to plot", path);
		goto out;
	}
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "%.300s: cannot make a scratch folder: %s", path, strerror(errno));
		goto out;
	}
	snprintf(data, sizeof data, "%s/matrix.dat", dir);
	snprintf(script, sizeof script, "%s/matrix.gp", dir);
	snprintf(log, sizeof log, "%s/gnuplot.log", dir);
	/* drawn beside path, then renamed over it: never half a picture */
	snprintf(tmp, sizeof tmp, "%s.tmp-%ld.%s", path, (long)getpid(), kind);
	if (!(f = fopen(data, "w"))) {
		snprintf(err, errlen, "%.300s: cannot write %s: %s", path, data, strerror(errno));
		goto clean;
	}
	hp_plot_data(f, &m, n, &span);
	fclose(f);
	if (!(f = fopen(script, "w"))) {
		snprintf(err, errlen, "%.300s: cannot write %s: %s", path, script, strerror(errno));
		goto clean;
	}
	hp_plot_script(f, &m, kind, tmp, data, n, span);
	fclose(f);
	{
		char *argv[] = { (char *)gnuplot, script, NULL };
		int status = hp_run_program(argv, NULL, log, 0, 60);
		struct stat st;
		if (status != 0 || stat(tmp, &st) != 0 || st.st_size == 0) {
			hp_first_error(log, first, sizeof first);
			snprintf(err, errlen, "%.300s: gnuplot %s%s%.300s", path, status ? "failed" : "wrote nothing",
				 first[0] ? ": " : "", first);
			unlink(tmp);
			goto clean;
		}
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errlen, "%.300s: cannot write: %s", path, strerror(errno));
		unlink(tmp);
		goto clean;
	}
	rc = 0;
clean:
	hp_rmtree(dir);
out:
	hp_matrix_free(&m);
	return rc;
}
