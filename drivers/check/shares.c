/*
 * shares.c - the share tests of `hashprof check` against a
 * baseline (see check.h): medians over batches, the Mann-Whitney U
 * test of the two rows' batch shares (prof/measure/rank_test.h), and the
 * re-measurement of a row too noisy to decide.
 *
 * Why medians and a rank test, not the rows' pooled shares: a share is a
 * time, and a preemption or an interrupt landing in one batch moves that
 * batch's share by any amount; the pooled share carries it into the
 * verdict (a CI machine reported regressions of 7 pp on an unchanged
 * package).  The median ignores one wild batch of five, and the rank
 * test asks whether the re-run's batches lie above (or below) the
 * baseline's as a whole, which one batch cannot make true.  The
 * tolerance still bounds the size of a change worth failing on: a
 * significant shift of 0.1 pp is no regression.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/batches.h"
#include "check.h"
#include "measure/rank_test.h"
#include "record/result.h"
#include "measure/shares.h"

/* The batch shares (which = 0: hash, 1: DRNG) of r in percent, into
 * v[0..HP_TRIALS_MAX); returns how many: the batches the row's estimate
 * uses (prof/measure/batches.h: the undisturbed ones, or all with their
 * descheduled time taken out), or every trial of a row not batched. */
static size_t hp_batch_shares(const struct hp_result *r, int raw, int which, double *v)
{
	size_t n = hp_batches_values(r, raw, which, v);

	for (size_t i = 0; i < n; i++)
		v[i] *= 100.0;
	return n;
}

/* The run medians of r (hp_batches_run_values) in percent into m;
 * returns how many runs. */
static size_t hp_run_shares(const struct hp_result *r, int raw, int which, double m[HP_RUNS_MAX])
{
	size_t n = r->batched ? hp_batches_run_values(r, raw, which, m) : 0;

	for (size_t i = 0; i < n; i++)
		m[i] *= 100.0;
	return n;
}

void hp_share_test(const struct hp_check *c, const struct hp_result *b, const struct hp_result *n, int which,
		   struct hp_share_test *out)
{
	double vb[HP_TRIALS_MAX], vn[HP_TRIALS_MAX], mb[HP_RUNS_MAX], mn[HP_RUNS_MAX];
	size_t rb = hp_run_shares(b, c->raw, which, mb), rn = hp_run_shares(n, c->raw, which, mn);
	struct hp_mwu mwu;

	memset(out, 0, sizeof *out);
	out->p = 1;
	out->base_runs = rb;
	if (rb >= HP_CHECK_RUNS_MIN && rn >= HP_CHECK_RUNS_MIN) {
		/* the runs are the independent samples: the batches of one
		 * process share its offset */
		out->over_runs = 1;
		out->nb = rb;
		out->nn = rn;
		memcpy(vb, mb, rb * sizeof *mb);
		memcpy(vn, mn, rn * sizeof *mn);
	} else {
		out->nb = hp_batch_shares(b, c->raw, which, vb);
		out->nn = hp_batch_shares(n, c->raw, which, vn);
	}
	out->tested = out->nb && out->nn && hp_mann_whitney(vb, out->nb, vn, out->nn, &mwu) == 0;
	if (out->tested) {
		out->p = mwu.p;
		out->exact = mwu.exact;
		out->base_pct = out->over_runs ? hp_runs_centre(mb, rb) : hp_median(vb, out->nb);
		out->now_pct = out->over_runs ? hp_runs_centre(mn, rn) : hp_median(vn, out->nn);
	} else {
		struct hp_shares sb, sn;
		hp_shares_of_result(b, c->raw, &sb);
		hp_shares_of_result(n, c->raw, &sn);
		out->base_pct = 100.0 * (which ? sb.drng : sb.hash);
		out->now_pct = 100.0 * (which ? sn.drng : sn.hash);
	}
	if (fabs(out->now_pct - out->base_pct) <= c->share_tol + 1e-9)
		out->verdict = HP_SHARE_OK;
	else if (!out->tested || out->p < HP_SHARE_ALPHA)
		out->verdict = HP_SHARE_REGRESSION;
	else
		out->verdict = HP_SHARE_UNDECIDED;
}

/* Is a window share of n against b undecided?  Only a measured row's. */
static int hp_undecided(const struct hp_check *c, const struct hp_result *b, const struct hp_result *n)
{
	struct hp_share_test st;

	if (n->status != HP_STATUS_OK)
		return 0;
	for (int which = 0; which < 2; which++) {
		hp_share_test(c, b, n, which, &st);
		if (st.verdict == HP_SHARE_UNDECIDED)
			return 1;
	}
	return 0;
}

unsigned hp_settle_baseline(struct hp_check *c, const struct hp_result *b, struct hp_result *n, hp_rerun_fn rerun,
			    void *ctx)
{
	unsigned made = 0;

	while (made < c->max_reruns && hp_undecided(c, b, n)) {
		struct hp_result again;
		int ok;

		hp_result_init(&again);
		ok = rerun(ctx, &again) == 0 && again.status == HP_STATUS_OK &&
		     n->ntrials + again.ntrials <= HP_TRIALS_MAX && again.ntrials > 0;
		/* batches: added as runs of their own (pooled by run, each
		 * corrected with its own calibration); slices as they are */
		if (ok && n->batched && again.batched)
			ok = hp_result_append_runs(n, &again) == 0;
		else if (ok) {
			memcpy(&n->trials[n->ntrials], again.trials, again.ntrials * sizeof again.trials[0]);
			n->ntrials += again.ntrials;
		}
		hp_result_free(&again);
		if (!ok)
			break;
		made++;
	}
	c->reruns += made;
	return made;
}
