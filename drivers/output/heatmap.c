/*
 * heatmap.c - the heat map of --plot (see heatmap.h): its data and its
 * script; prof/report/gnuplot.c runs gnuplot on it.
 */
#include "heatmap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/gnuplot.h"
#include "output_file.h"
#include "swap/matrix.h"

/* Pixels per column and per row of the map (and the margins). */
#define HP_PLOT_COL 120
#define HP_PLOT_ROW 30
#define HP_PLOT_MARGIN_X 260
#define HP_PLOT_MARGIN_Y 150
#define HP_PLOT_MIN_WIDTH 720 /* the title's */

int hp_heatmap_check(const char *path, char *err, size_t errlen)
{
	char buf[4096];

	if (hp_plot_output_check(path, err, errlen) != 0)
		return -1;
	if (!hp_gnuplot_program(buf, sizeof buf)) {
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

/* The data, as datablocks: $CELLS the cells with a ratio (x, y, log2
 * ratio, label), $OTHERS the failed or unprojected ones (x, y, label).
 * Returns how many of each into n[2]. */
static void hp_plot_data(FILE *f, const struct hp_matrix *m, size_t n[2], double *span)
{
	n[0] = n[1] = 0;
	*span = log2(1.25);
	for (int block = 0; block < 2; block++) {
		fputs(block == 0 ? "$CELLS << EOD\n" : "$OTHERS << EOD\n", f);
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
						c->state == HP_CELL_FAILED      ? "failed"
						: c->state == HP_CELL_PROJECTED ? "~below 0"
										: "?");
					n[1]++;
				}
			}
		fputs("EOD\n", f);
	}
}

/* The script that draws the datablocks into out (kind png or svg). */
static void hp_plot_script(FILE *f, const struct hp_matrix *m, const char *kind, const char *out, const size_t n[2],
			   double span)
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
	if (n[0])
		fputs("$CELLS using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette, "
		      "$CELLS using 1:2:4 with labels",
		      f);
	if (n[1]) {
		fputs(n[0] ? ", " : "", f);
		fputs("$OTHERS using 1:2:(0.5):(0.5) with boxxyerror fillcolor rgb \"#cccccc\", "
		      "$OTHERS using 1:2:3 with labels",
		      f);
	}
	fputs("\n", f);
}

/* hp_gnuplot_script_fn of the map m. */
static int hp_heatmap_script(FILE *f, const char *kind, const char *image, void *arg)
{
	const struct hp_matrix *m = arg;
	size_t n[2];
	double span;

	hp_plot_data(f, m, n, &span);
	hp_plot_script(f, m, kind, image, n, span);
	return ferror(f) ? -1 : 0;
}

int hp_heatmap_write(const char *path, const struct hp_result *rows, size_t nrows, int raw, char *err, size_t errlen)
{
	struct hp_matrix m;
	int rc = -1;

	if (hp_heatmap_check(path, err, errlen) != 0)
		return -1;
	if (hp_matrix_build(&m, rows, nrows, raw) != 0) {
		snprintf(err, errlen, "--plot: out of memory");
		return -1;
	}
	if (!m.ncols || !m.nrows)
		snprintf(err, errlen, "%.300s: no candidate's row to plot", path);
	else
		rc = hp_gnuplot_draw(path, hp_heatmap_script, &m, err, errlen);
	hp_matrix_free(&m);
	return rc;
}
