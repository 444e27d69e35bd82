/*
 * rank_test.c - Mann-Whitney U, two-sided (see rank_test.h).
 *
 * The statistic is the rank sum W of x among the pooled values, ties
 * given their mid-rank.  Doubled, every mid-rank is a whole number, so
 * the exact null distribution (every nx-subset of the pooled ranks
 * equally likely) is counted by a subset-sum table over the doubled
 * ranks, ties included.  p = P(|2W - nx(N + 1)| >= observed), N = nx + ny.
 * Larger samples use the normal approximation of W (mean nx(N + 1)/2,
 * variance nx ny / 12 ((N + 1) - sum(t^3 - t) / (N (N - 1))) for tie
 * groups of t values), with a continuity correction of 1/2.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_test.h"

struct hp_ranked {
	double v;
	int from_x;
};

static int hp_ranked_cmp(const void *a, const void *b)
{
	double x = ((const struct hp_ranked *)a)->v, y = ((const struct hp_ranked *)b)->v;

	return (x > y) - (x < y);
}

static int hp_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double hp_median(double *v, size_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof *v, hp_double_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * Exact two-sided p: the share of the nx-subsets of the doubled ranks
 * rank2[0..n) whose sum is at least as far from its mean as obs2.
 */
static double hp_mwu_exact_p(const unsigned *rank2, size_t n, size_t nx, unsigned obs2)
{
	unsigned total = 0;
	double *dp, hits = 0, all = 0;

	for (size_t i = 0; i < n; i++)
		total += rank2[i];
	/* dp[k * (total + 1) + s]: subsets of k ranks so far summing to s */
	dp = calloc((nx + 1) * (size_t)(total + 1), sizeof *dp);
	if (!dp)
		return 1; /* no memory: say nothing is significant */
	dp[0] = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t k = (i + 1 < nx ? i + 1 : nx); k >= 1; k--)
			for (unsigned s = total; s >= rank2[i]; s--)
				dp[k * (total + 1) + s] += dp[(k - 1) * (total + 1) + s - rank2[i]];
	double mean2 = (double)nx * (double)(n + 1); /* E[2W] */
	double dev = fabs((double)obs2 - mean2);
	for (unsigned s = 0; s <= total; s++) {
		double cnt = dp[nx * (total + 1) + s];
		all += cnt;
		if (fabs((double)s - mean2) >= dev - 1e-9)
			hits += cnt;
	}
	free(dp);
	return all > 0 ? (hits / all < 1 ? hits / all : 1) : 1;
}

int hp_mann_whitney(const double *x, size_t nx, const double *y, size_t ny, struct hp_mwu *out)
{
	size_t n = nx + ny;
	struct hp_ranked *v;
	unsigned *rank2, w2 = 0;
	double ties = 0;

	if (!nx || !ny)
		return -1;
	for (size_t i = 0; i < nx; i++)
		if (!isfinite(x[i]))
			return -1;
	for (size_t i = 0; i < ny; i++)
		if (!isfinite(y[i]))
			return -1;
	v = malloc(n * sizeof *v);
	rank2 = malloc(n * sizeof *rank2);
	if (!v || !rank2) {
		free(v);
		free(rank2);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		v[i].v = i < nx ? x[i] : y[i - nx];
		v[i].from_x = i < nx;
	}
	qsort(v, n, sizeof *v, hp_ranked_cmp);
	/* doubled mid-ranks: a tie group at ranks i+1..j shares i + j + 1 */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && v[j].v == v[i].v)
			j++;
		double t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++) {
			rank2[k] = (unsigned)(i + j + 1);
			if (v[k].from_x)
				w2 += rank2[k];
		}
		i = j;
	}
	out->u = (double)w2 / 2 - (double)nx * (double)(nx + 1) / 2;
	if (n <= HP_MWU_EXACT_MAX) {
		out->exact = 1;
		out->p = hp_mwu_exact_p(rank2, n, nx, w2);
	} else {
		double mean = (double)nx * (double)(n + 1) / 2;
		double var = (double)nx * (double)ny / 12 * ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
		double z = var > 0 ? (fabs((double)w2 / 2 - mean) - 0.5) / sqrt(var) : 0;
		out->exact = 0;
		out->p = z > 0 ? erfc(z / sqrt(2)) : 1;
	}
	free(v);
	free(rank2);
	return 0;
}
