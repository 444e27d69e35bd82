/*
 * shares.c - raw and corrected shares (see shares.h).
 */
#include "shares.h"

#include "batches.h"
#include "own/part.h"
#include "callsites/part.h"

#include <math.h>
#include <string.h>

static double hp_ratio(double part, double whole)
{
	return whole > 0 && part > 0 ? part / whole : 0.0;
}

/* hp_shares_of_counts with the calibration oh (a run's, or the row's). */
static void hp_shares_with(const struct hp_result *r, const struct hp_result_run *oh, int raw,
			   const uint64_t calls[HP_FN_COUNT], const uint64_t ticks[HP_FN_COUNT], uint64_t own_calls,
			   uint64_t own_ticks, uint64_t total, struct hp_shares *out)
{
	int correct = !raw && oh->overhead_valid;
	double helper_calls = 0, inside, per_call_added = oh->overhead_added_ticks,
	       per_call_inside = oh->overhead_inside_ticks;

	/* --call-sites: the recorder's cost, measured in the operation */
	if (hp_sites_c(r)->requested && hp_sites_c(r)->insitu_valid) {
		per_call_added += hp_sites_c(r)->insitu_added_ticks;
		per_call_inside += hp_sites_c(r)->insitu_inside_ticks;
	}
	memset(out, 0, sizeof *out);
	out->own_ticks = (double)own_ticks;
	if (correct)
		out->own_ticks -= oh->overhead_inside_ticks * (double)own_calls;
	if (out->own_ticks < 0)
		out->own_ticks = 0;
	inside = out->own_ticks;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		double t = (double)ticks[fn];
		if (correct)
			t -= per_call_inside * (double)calls[fn];
		out->fn_ticks[fn] = t > 0 ? t : 0;
		inside += out->fn_ticks[fn];
		helper_calls += (double)calls[fn];
	}
	/* own entries are never handed to the call-site recorder: only the
	 * shims' calibrated overhead is theirs */
	out->total_ticks = (double)total;
	if (correct)
		out->total_ticks -= per_call_added * helper_calls + oh->overhead_added_ticks * (double)own_calls;
	/* an operation lasts at least as long as the helper calls inside it:
	 * a correction that overshoots (or a malformed record) never makes
	 * the shares add up to more than 100% */
	if (out->total_ticks < inside)
		out->total_ticks = inside;
	out->hash = hp_ratio(out->fn_ticks[HP_FN_PSEUDOHASH] + out->fn_ticks[HP_FN_XOF] + out->fn_ticks[HP_FN_SM3],
			     out->total_ticks);
	out->drng = hp_ratio(out->fn_ticks[HP_FN_DRNG], out->total_ticks);
	out->drng_init = hp_ratio(out->fn_ticks[HP_FN_DRNG_INIT], out->total_ticks);
	out->own = hp_ratio(out->own_ticks, out->total_ticks);
}

void hp_shares_of_counts(const struct hp_result *r, int raw, const uint64_t calls[HP_FN_COUNT],
			 const uint64_t ticks[HP_FN_COUNT], uint64_t own_calls, uint64_t own_ticks, uint64_t total,
			 struct hp_shares *out)
{
	struct hp_result_run oh = { r->overhead_valid, r->overhead_added_ticks, r->overhead_inside_ticks };

	hp_shares_with(r, &oh, raw, calls, ticks, own_calls, own_ticks, total, out);
}

void hp_shares_of_batch(const struct hp_result *r, uint32_t t, int raw, const uint64_t calls[HP_FN_COUNT],
			const uint64_t ticks[HP_FN_COUNT], uint64_t own_ticks, uint64_t total, struct hp_shares *out)
{
	uint32_t k = r->trials[t].run;
	struct hp_result_run oh = { r->overhead_valid, r->overhead_added_ticks, r->overhead_inside_ticks };

	if (r->nruns && k >= 1 && k <= r->nruns)
		oh = r->runs[k - 1];
	hp_shares_with(r, &oh, raw, calls, ticks, r->trials[t].own_calls, own_ticks, total, out);
}

void hp_shares_of_totals(const struct hp_result *r, int raw, struct hp_shares *out)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], own_calls, own_ticks;

	hp_result_fn_totals(r, calls, nested, ticks);
	hp_result_own_totals(r, &own_calls, &own_ticks);
	hp_shares_of_counts(r, raw, calls, ticks, own_calls, own_ticks, r->total_ticks, out);
}

/* The batches' medians as shares of r's N operations: total = the median
 * ticks per operation x N; each helper's ticks its median share of it,
 * the three hash helpers' scaled to add up to the median hash share (a
 * sum of medians is not the median of sums). */
static void hp_shares_of_estimate(const struct hp_result *r, const struct hp_batch_estimate *e, struct hp_shares *out)
{
	static const unsigned hash_fns[] = { HP_FN_PSEUDOHASH, HP_FN_XOF, HP_FN_SM3 };
	double parts = 0;

	memset(out, 0, sizeof *out);
	out->total_ticks = e->ticks_per_op.q[1] * (double)r->operations;
	out->hash = e->hash.q[1];
	out->drng = e->drng.q[1];
	out->drng_init = e->drng_init.q[1];
	out->own = e->own.q[1];
	out->own_ticks = out->own * out->total_ticks;
	out->fn_ticks[HP_FN_DRNG] = out->drng * out->total_ticks;
	out->fn_ticks[HP_FN_DRNG_INIT] = out->drng_init * out->total_ticks;
	for (unsigned i = 0; i < 3; i++)
		parts += e->fn[hash_fns[i]].q[1];
	for (unsigned i = 0; i < 3 && parts > 0; i++)
		out->fn_ticks[hash_fns[i]] = e->fn[hash_fns[i]].q[1] / parts * out->hash * out->total_ticks;
}

void hp_shares_of_result(const struct hp_result *r, int raw, struct hp_shares *out)
{
	struct hp_batch_estimate e;

	if (!raw && hp_batches_estimate(r, 0, &e) == 0)
		hp_shares_of_estimate(r, &e, out);
	else
		hp_shares_of_totals(r, raw, out);
}

void hp_shares_of_trial(const struct hp_result *r, uint32_t t, int raw, struct hp_shares *out)
{
	const struct hp_trial *tr = &r->trials[t];

	hp_shares_of_batch(r, t, raw, tr->calls, tr->ticks, tr->own_ticks, tr->total_ticks, out);
}

double hp_shares_own_primitive(const struct hp_result *r, int raw, const char *prim)
{
	struct hp_shares all;
	double ticks = 0, calls = 0;

	hp_shares_of_result(r, raw, &all);
	for (size_t i = 0; i < hp_own_c(r)->nown; i++)
		if (!strcmp(hp_own_c(r)->own[i].primitive, prim)) {
			ticks += (double)hp_own_c(r)->own[i].ticks;
			calls += (double)hp_own_c(r)->own[i].calls;
		}
	if (!raw && r->overhead_valid)
		ticks -= r->overhead_inside_ticks * calls;
	return hp_ratio(ticks, all.total_ticks);
}

double hp_shares_spread(const struct hp_result *r, int raw, int which)
{
	double sum = 0, sq = 0, n = r->ntrials;
	struct hp_batch_estimate e;

	if (r->batched) { /* half the interquartile range of the batches' shares */
		if (hp_batches_estimate(r, raw, &e) != 0 || e.used < 2)
			return 0;
		const struct hp_batch_quartiles *q = which ? &e.drng : &e.hash;
		return 100.0 * (q->q[2] - q->q[0]) / 2;
	}
	if (r->ntrials < 2)
		return 0;
	for (uint32_t t = 0; t < r->ntrials; t++) {
		struct hp_shares s;
		hp_shares_of_trial(r, t, raw, &s);
		double v = 100.0 * (which ? s.drng : s.hash);
		sum += v;
		sq += v * v;
	}
	return hp_sample_sd(sum, sq, n);
}

double hp_sample_sd(double sum, double sumsq, double n)
{
	double var = n >= 2 ? (sumsq - sum * sum / n) / (n - 1) : 0;

	return var > 0 ? sqrt(var) : 0;
}
