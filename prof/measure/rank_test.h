/*
 * rank_test.h - the two-sample rank test `hashprof check` decides share
 * differences with: Mann-Whitney U (the Wilcoxon rank-sum test), two
 * sided, over the per-batch shares of a baseline row and its re-run.
 *
 * Why a rank test: a batch a preemption landed in reads a share far off
 * the others, and a mean or a difference of medians scaled by a spread
 * inherits part of it; a rank test counts it as one rank, whatever its
 * size, and asks only whether one row's batches lie above the other's.
 * It needs no assumption on the shares' distribution (they are skewed:
 * a disturbance only ever adds ticks) and gives an exact p-value for the
 * few batches of a row.
 */
#ifndef HP_RANK_TEST_H
#define HP_RANK_TEST_H

#include <stddef.h>

/* The most values in both samples together for which the null
 * distribution is enumerated exactly (C(40, 20) = 1.4e11 subsets, counted
 * in doubles without rounding); above it, the normal approximation. */
#define HP_MWU_EXACT_MAX 40

struct hp_mwu {
	double u; /* U of the first sample: pairs (x, y) with x > y, ties counting 1/2; 0..nx*ny */
	double p; /* two-sided p-value, 0..1 */
	int exact; /* 1: p from the enumerated distribution of the rank sum (ties as mid-ranks);
		    * 0: normal approximation with tie and continuity corrections */
};

/*
 * The test of x[0..nx) against y[0..ny) (any unit, the same for both; the
 * arrays are not modified).  Returns 0, or -1 when a sample is empty or a
 * value is not finite (out untouched).
 */
int hp_mann_whitney(const double *x, size_t nx, const double *y, size_t ny, struct hp_mwu *out);

/* The median of v[0..n) (sorts v in place); 0 when n is 0. */
double hp_median(double *v, size_t n);

#endif
