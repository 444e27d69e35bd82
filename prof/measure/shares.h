/*
 * shares.h - a row's shares of time, corrected for the shims' overhead or
 * raw (computed the published way), overall and per trial.
 *
 * Correction: every outermost wrapped call adds
 * overhead_added_ticks to the operation's total, overhead_inside_ticks of
 * which the shim counts as helper time; both are subtracted, per call:
 *   total'   = total - added x (outermost calls of all helpers and own entries)
 *   ticks'(F) = ticks(F) - inside x calls(F)
 * An own entry's shim (wrap/own.h) is the same gate and hook as a
 * helper's, so its calls are corrected with the same calibration.
 * (clamped at 0; total' is at least the sum of the ticks'(F), so that the
 * shares never add up to more than 1).  Nested calls are not corrected:
 * they take no clock reading, only a depth check and a counter update.
 * A --call-sites row adds the call-site recorder's cost measured in the
 * operation (result.h, sites.insitu_*) to both per-call figures.
 */
#ifndef HP_SHARES_H
#define HP_SHARES_H

#include "record/result.h"

struct hp_shares {
	double total_ticks; /* the operation's total over the measured operations */
	double fn_ticks[HP_FN_COUNT]; /* ticks inside each helper */
	double hash; /* (pseudohash + pseudoXOF + sm3hash) / total, 0..1 */
	double drng; /* get_random_number / total, 0..1 */
	double drng_init; /* init_random_number / total, 0..1 (not in the published DRNG share) */
	double own_ticks; /* ticks inside the own entries */
	double own; /* own_ticks / total, 0..1 */
};

/* The row's shares: corrected (raw 0), those of a batched row are the
 * medians over its batches (batches.h: total_ticks = the median ticks per
 * operation x r->operations, fn_ticks their shares of it); raw != 0, or a
 * row not batched: hp_shares_of_totals. */
void hp_shares_of_result(const struct hp_result *r, int raw, struct hp_shares *out);

/* Shares from the row's totals over its N counting operations (the
 * published way when raw != 0, which skips the correction, as does a row
 * without a valid calibration). */
void hp_shares_of_totals(const struct hp_result *r, int raw, struct hp_shares *out);

/* Shares from counts: calls[] and ticks[] per helper (HP_FN_COUNT), the
 * own entries' outermost calls and ticks, the total ticks, corrected with
 * r's calibration unless raw. */
void hp_shares_of_counts(const struct hp_result *r, int raw, const uint64_t calls[HP_FN_COUNT],
			 const uint64_t ticks[HP_FN_COUNT], uint64_t own_calls, uint64_t own_ticks, uint64_t total,
			 struct hp_shares *out);

/* Shares of batch t of r (< r->ntrials) from its calls[], ticks[],
 * own_ticks (its own entries' ticks) and total (ticks: the batch's own,
 * or with its descheduled time taken out, batches.h) and its own entries'
 * calls, corrected with the calibration of the run the batch came from
 * (r->runs[trials[t].run - 1]; the row's own without run info) unless
 * raw. */
void hp_shares_of_batch(const struct hp_result *r, uint32_t t, int raw, const uint64_t calls[HP_FN_COUNT],
			const uint64_t ticks[HP_FN_COUNT], uint64_t own_ticks, uint64_t total, struct hp_shares *out);

/* Shares of trial t (< r->ntrials). */
void hp_shares_of_trial(const struct hp_result *r, uint32_t t, int raw, struct hp_shares *out);

/* The share of the own entries of one primitive (their struct
 * hp_result_own's primitive equal to prim), corrected like the own share
 * (raw != 0: not), of the same total; 0..1. */
double hp_shares_own_primitive(const struct hp_result *r, int raw, const char *prim);

/*
 * The spread of the hash (which = 0) or DRNG (which = 1) share across the
 * row's trials, in percentage points: for a batched row half the
 * interquartile range of the batches' shares (those the estimate uses,
 * batches.h); otherwise the sample standard deviation of the trials'.
 * 0 when there are fewer than 2.
 */
double hp_shares_spread(const struct hp_result *r, int raw, int which);

/*
 * The sample standard deviation of n values from their sum and the sum of
 * their squares (the values' unit); 0 when n < 2, or when rounding makes
 * the variance of equal values 0 or a hair below it.
 */
double hp_sample_sd(double sum, double sumsq, double n);

#endif
