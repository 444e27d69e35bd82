/*
 * curve.c - the prefix-mean curve of a row as a table or CSV (see curve.h).
 */
#include "curve.h"

#include <math.h>
#include <stdlib.h>

#include "record/published.h"
#include "reproduce.h"
#include "part.h"

uint64_t hp_curve_next(uint64_t n)
{
	uint64_t step = 1;

	/* the step of n's decade: 1 below 10, 10 below 100, ... */
	while (n >= 10 * step && step <= UINT64_MAX / 10)
		step *= 10;
	return n + step;
}

int hp_curve_shows(const struct hp_result *r, unsigned fn)
{
	const uint64_t *v = hp_result_per_op(r, fn);

	for (uint64_t i = 0; hp_per_op_c(r)->per_iteration && v && i < r->operations; i++)
		if (v[i])
			return 1;
	return 0;
}

void hp_curve_band(double v, double *lo, double *hi)
{
	double p3 = hp_published_3g(v), ulp;

	if (p3 <= 0) {
		*lo = *hi = 0;
		return;
	}
	/* 3 significant digits: the last printed digit's unit */
	ulp = pow(10, floor(log10(p3)) - 2);
	*lo = p3 - ulp / 2;
	*hi = p3 + ulp / 2;
}

/* The prefix means of every helper the curve shows; means[fn] NULL for the others. */
static int hp_curve_means(const struct hp_result *r, double *means[HP_FN_COUNT])
{
	int rc = 0;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		means[fn] = NULL;
		if (!hp_curve_shows(r, fn))
			continue;
		if (!(means[fn] = malloc((size_t)r->operations * sizeof *means[fn])))
			rc = -1;
		else
			hp_prefix_means(hp_result_per_op(r, fn), r->operations, means[fn]);
	}
	return rc;
}

static void hp_curve_text(FILE *out, const struct hp_result *r, double *const means[HP_FN_COUNT])
{
	fprintf(out, "%s %s: mean calls per operation of the first N of %llu operations (warm-up %llu)\n", r->instance,
		r->operation, (unsigned long long)r->operations, (unsigned long long)r->warmup);
	fprintf(out, "%8s", "N");
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (means[fn])
			fprintf(out, "  %10s", hp_fn_label(fn));
	fputc('\n', out);
	for (uint64_t n = 1;;) {
		fprintf(out, "%8llu", (unsigned long long)n);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			if (means[fn])
				fprintf(out, "  %10.6g", means[fn][n - 1]);
		fputc('\n', out);
		if (n == r->operations)
			break;
		n = hp_curve_next(n) < r->operations ? hp_curve_next(n) : r->operations;
	}
}

static void hp_curve_csv(FILE *out, const struct hp_result *r, double *const means[HP_FN_COUNT])
{
	for (uint64_t n = 1; n <= r->operations; n++) {
		/* instance names have no comma or quote (ngcc.h's rule) */
		fprintf(out, "%s,%s,%llu", r->instance, r->operation, (unsigned long long)n);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			if (means[fn])
				fprintf(out, ",%.10g", means[fn][n - 1]);
			else
				fputs(",", out);
		fputc('\n', out);
	}
}

int hp_curve_print(FILE *out, const struct hp_result *r, enum hp_format fmt, int header)
{
	double *means[HP_FN_COUNT];
	int rc = 0;

	if (fmt != HP_FORMAT_TEXT && fmt != HP_FORMAT_CSV)
		return -1;
	if (fmt == HP_FORMAT_CSV && header) {
		fputs("instance,operation,n", out);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			fprintf(out, ",mean_%s", hp_fn_label(fn));
		fputc('\n', out);
	}
	if (!hp_per_op_c(r)->per_iteration || !r->operations) {
		if (fmt == HP_FORMAT_TEXT)
			fprintf(out, "%s %s: no per-iteration counts (measured without --per-iteration)\n", r->instance,
				r->operation);
		return 0;
	}
	if (hp_curve_means(r, means) != 0)
		rc = -1;
	else if (fmt == HP_FORMAT_TEXT)
		hp_curve_text(out, r, means);
	else
		hp_curve_csv(out, r, means);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		free(means[fn]);
	return rc;
}
