/*
 * plot.c - prefix-mean curves through gnuplot (see plot.h): the panels
 * and their script, the data as inline datablocks ($D1 << EOD ... EOD);
 * gnuplot.c runs it.
 */
#include "plot.h"

#include <stdio.h>
#include <string.h>

#include "periter/curve.h"
#include "gnuplot.h"
#include "record/published.h"
#include "periter/reproduce.h"
#include "periter/part.h"

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

/* What the script of the curves needs (hp_gnuplot_script_fn's arg). */
struct hp_plot_panels {
	const struct hp_panel *p;
	size_t k;
};

static int hp_plot_write(FILE *f, const char *kind, const char *image, void *arg)
{
	const struct hp_plot_panels *pp = arg;

	return hp_plot_script(f, pp->p, pp->k, !strcmp(kind, "svg"), image);
}

int hp_plot_curves(const char *path, const struct hp_result *rows, size_t n, char *err, size_t errlen)
{
	struct hp_panel panels[HP_PLOT_PANELS_MAX];
	struct hp_plot_panels pp = { panels, 0 };
	char prog[4096];

	if (!hp_gnuplot_kind(path)) {
		snprintf(err, errlen, "--plot: '%s' names no .png or .svg file", path);
		return 2;
	}
	if ((pp.k = hp_panels(rows, n, panels, HP_PLOT_PANELS_MAX)) == 0) {
		snprintf(err, errlen,
			 "--plot: no row has per-iteration counts to plot (measure with --per-iteration or "
			 "--reproduce)");
		return 2;
	}
	if (pp.k > HP_PLOT_PANELS_MAX) {
		snprintf(err, errlen, "--plot: %zu curves, more than the %d one plot holds: name fewer records", pp.k,
			 HP_PLOT_PANELS_MAX);
		return 2;
	}
	if (!hp_gnuplot_program(prog, sizeof prog)) {
		snprintf(err, errlen,
			 "%s: not written: gnuplot not found: install it to draw plots (Debian package gnuplot-nox), "
			 "or print the curve with --curve",
			 path);
		return 3;
	}
	return hp_gnuplot_draw(path, hp_plot_write, &pp, err, errlen) == 0 ? 0 : 3;
}
