/*
 * compare.c - the verdicts of `hashprof check` (see check.h):
 * each measured quantity against a baseline row, a published row or a
 * --max threshold, one table line each, counted in struct hp_check so
 * that the summary can name the first failure.  Calls are exact counts,
 * compared exactly unless a tolerance is given; shares are noisy timings,
 * compared within percentage points.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "callsites/table.h"
#include "check.h"
#include "child.h"
#include "record/published.h"
#include "measure/rank_test.h"
#include "record/result.h"
#include "measure/shares.h"
#include "table.h"
#include "replay/part.h"
#include "callsites/part.h"

/* ---------- verdicts ---------- */

/* Count a comparison; returns the result cell. */
static const char *hp_verdict(struct hp_check *c, int ok, const char *bad, const struct hp_result *r,
			      const char *quantity, const char *expected, const char *now)
{
	c->compared++;
	if (ok)
		return "ok";
	if (c->failed++ == 0)
		snprintf(c->first_failure, sizeof c->first_failure, "%s %s %.63s: %.100s -> %.100s", r->instance,
			 r->operation, quantity, expected, now);
	return bad;
}

/* Mean per operation; 0 rather than NaN for a row without operations. */
static double hp_mean(uint64_t calls, uint64_t ops)
{
	return ops ? (double)calls / (double)ops : 0.0;
}

/* One failing line of quantity q whose value now is `cell`, "ok" in the
 * expected column (baseline/published of the 8-column tables, limit of
 * the 6), counted. */
static void hp_failing_line(struct hp_check *c, struct hp_table *t, const struct hp_result *now, const char *q,
			    const char *cell, const char *bad)
{
	if (t->ncols == 8)
		hp_table_add(t, now->instance, now->operation, q, "ok", cell, "-", "-",
			     hp_verdict(c, 0, bad, now, q, "ok", cell));
	else
		hp_table_add(t, now->instance, now->operation, q, cell, "ok",
			     hp_verdict(c, 0, bad, now, q, "ok", cell));
}

/* A row that did not measure: one failing line, "ok" in the expected
 * column (baseline/published of the 8-column tables, limit of the 6). */
static int hp_status_line(struct hp_check *c, struct hp_table *t, const struct hp_result *now, const char *bad)
{
	char cell[HP_TCELL];

	if (now->status == HP_STATUS_OK)
		return 0;
	snprintf(cell, sizeof cell, "failed: %.180s", hp_result_failure(now));
	if (hp_child_interrupted()) {
		/* ^C is not a regression: shown, not counted (hp_cmd_check exits 128+sig) */
		if (t->ncols == 8)
			hp_table_add(t, now->instance, now->operation, "status", "ok", cell, "-", "-", "interrupted");
		else
			hp_table_add(t, now->instance, now->operation, "status", cell, "ok", "interrupted");
		return 1;
	}
	hp_failing_line(c, t, now, "status", cell, bad);
	return 1;
}

/* A measured row whose replay failed: one failing "replay" line (its
 * window figures are compared as usual). */
static void hp_replay_line(struct hp_check *c, struct hp_table *t, const struct hp_result *now, const char *bad)
{
	char cell[HP_TCELL];

	if (now->status != HP_STATUS_OK || !hp_replay_c(now)->requested || hp_replay_c(now)->valid)
		return;
	snprintf(cell, sizeof cell, "failed: %.180s", hp_replay_c(now)->error);
	hp_failing_line(c, t, now, "replay", cell, bad);
}

/* ---------- thresholds ---------- */

void hp_check_thresholds(struct hp_check *c, struct hp_table *t, const struct hp_result *r, int status_shown)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_shares sh;
	char now[64], lim[64];

	if (!hp_has_thresholds(c))
		return;
	if (r->status != HP_STATUS_OK) {
		if (!status_shown) /* else the diff table counted it already */
			hp_status_line(c, t, r, "FAILED");
		return;
	}
	if (!status_shown) /* likewise */
		hp_replay_line(c, t, r, "FAILED");
	hp_shares_of_result(r, c->raw, &sh);
	hp_result_fn_totals(r, calls, nested, ticks);
	for (int k = 0; k < 2; k++) {
		double max = k ? c->max_drng : c->max_hash, v = 100.0 * (k ? sh.drng : sh.hash);
		const char *q = k ? "DRNG share" : "hash share";
		if (max < 0)
			continue;
		snprintf(now, sizeof now, "%.2f%%", v);
		snprintf(lim, sizeof lim, "<= %g%%", max);
		hp_table_add(t, r->instance, r->operation, q, now, lim,
			     hp_verdict(c, v <= max, "EXCEEDED", r, q, lim, now));
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		char q[64];
		double v = hp_mean(calls[fn], r->operations);
		if (c->max_calls[fn] < 0)
			continue;
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		snprintf(now, sizeof now, "%.6g", v);
		snprintf(lim, sizeof lim, "<= %g", c->max_calls[fn]);
		hp_table_add(t, r->instance, r->operation, q, now, lim,
			     hp_verdict(c, v <= c->max_calls[fn], "EXCEEDED", r, q, lim, now));
	}
}

/* ---------- baseline ---------- */

/* Compare one count per operation (calls or nested) of base and now. */
static void hp_compare_calls(struct hp_check *c, struct hp_table *t, const struct hp_result *base,
			     const struct hp_result *now, const char *q, uint64_t cb, uint64_t cn)
{
	double mb = hp_mean(cb, base->operations), mn = hp_mean(cn, now->operations);
	char eb[64], en[64], diff[64], tol[32];
	int ok;

	if (cb == 0 && cn == 0)
		return;
	if (c->calls_tol > 0)
		ok = fabs(mn - mb) <= c->calls_tol * mb;
	else if (base->operations == now->operations)
		ok = cb == cn;
	else
		ok = mb == mn;
	snprintf(eb, sizeof eb, "%.6g", mb);
	snprintf(en, sizeof en, "%.6g", mn);
	if (ok && c->calls_tol == 0)
		snprintf(diff, sizeof diff, "0");
	else
		snprintf(diff, sizeof diff, "%+.6g", mn - mb);
	if (c->calls_tol > 0)
		snprintf(tol, sizeof tol, "%g%%", 100.0 * c->calls_tol);
	else
		snprintf(tol, sizeof tol, "exact");
	hp_table_add(t, now->instance, now->operation, q, eb, en, diff, tol,
		     hp_verdict(c, ok, "REGRESSION", now, q, eb, en));
}

/* Compare a share, in percent, within the share tolerance widened by
 * widen_pp percentage points (0: the tolerance as given; a replay share's
 * spread over its samples otherwise, shown in the tolerance cell). */
static void hp_compare_share_within(struct hp_check *c, struct hp_table *t, const struct hp_result *now, const char *q,
				    double expected_pct, const char *expected_text, double now_pct, double widen_pp,
				    const char *bad)
{
	char en[64], diff[64], tol[64];

	snprintf(en, sizeof en, "%.2f%%", now_pct);
	/* enough digits that a failing difference never prints as 0.00 */
	snprintf(diff, sizeof diff, fabs(now_pct - expected_pct) < 0.01 ? "%+.2g pp" : "%+.2f pp",
		 now_pct - expected_pct);
	if (widen_pp > 0)
		snprintf(tol, sizeof tol, "%.2f pp (%g + spread %.2f)", c->share_tol + widen_pp, c->share_tol,
			 widen_pp);
	else
		snprintf(tol, sizeof tol, "%g pp", c->share_tol);
	hp_table_add(t, now->instance, now->operation, q, expected_text, en, diff, tol,
		     hp_verdict(c, fabs(now_pct - expected_pct) <= c->share_tol + widen_pp + 1e-9, bad, now, q,
				expected_text, en));
}

/* Compare a share, in percent, within the share tolerance. */
static void hp_compare_share(struct hp_check *c, struct hp_table *t, const struct hp_result *now, const char *q,
			     double expected_pct, const char *expected_text, double now_pct, const char *bad)
{
	hp_compare_share_within(c, t, now, q, expected_pct, expected_text, now_pct, 0.0, bad);
}

/* A spread (a fraction) as percentage points; 0 for one that is not a
 * positive number (a record from before spreads, or a hand-edited one). */
static double hp_spread_pp(double spread)
{
	return spread > 0 && isfinite(spread) ? 100.0 * spread : 0.0;
}

/*
 * The replay ("if free") share of one family (0: hash, 1: DRNG) of the
 * re-run n against the baseline b's, both valid.  Compared only when the
 * two used the same estimator for that family (another estimator is
 * another quantity: one line naming both, not counted), and not at all
 * when neither ran it (both exactly 0, as a helper neither row calls).
 * The tolerance is widened by the larger of the two spreads over the
 * samples: a difference within a share's own scatter is no regression.
 */
static void hp_compare_replay_family(struct hp_check *c, struct hp_table *t, const struct hp_result *b,
				     const struct hp_result *n, unsigned family)
{
	const char *q = family ? "if free: DRNG" : "if free: hash";
	const char *est_b = hp_result_replay_family_estimator(b, family);
	const char *est_n = hp_result_replay_family_estimator(n, family);
	double share_b = family ? hp_replay_c(b)->drng : hp_replay_c(b)->hash,
	       share_n = family ? hp_replay_c(n)->drng : hp_replay_c(n)->hash;
	double spread_b = hp_spread_pp(family ? hp_replay_c(b)->drng_spread : hp_replay_c(b)->hash_spread);
	double spread_n = hp_spread_pp(family ? hp_replay_c(n)->drng_spread : hp_replay_c(n)->hash_spread);
	char eb[32];

	if (strcmp(est_b, est_n) != 0) {
		hp_table_add(t, n->instance, n->operation, q, est_b, est_n, "-", "-",
			     "not compared (another estimator)");
		return;
	}
	if (strcmp(est_b, HP_REPLAY_ESTIMATOR_NONE) == 0)
		return;
	snprintf(eb, sizeof eb, "%.2f%%", 100.0 * share_b);
	hp_compare_share_within(c, t, n, q, 100.0 * share_b, eb, 100.0 * share_n,
				spread_b > spread_n ? spread_b : spread_n, "REGRESSION");
}

/* An undecided comparison: counted, not failed; returns the result cell. */
static const char *hp_undecided_verdict(struct hp_check *c, const struct hp_result *r, const char *quantity,
					const char *expected, const char *now)
{
	c->compared++;
	if (c->undecided++ == 0)
		snprintf(c->first_undecided, sizeof c->first_undecided, "%s %s %.63s: %.100s -> %.100s", r->instance,
			 r->operation, quantity, expected, now);
	return "undecided: too noisy";
}

/*
 * The window share (which = 0: hash, 1: DRNG) of the re-run n against
 * the baseline b by hp_share_test (shares.c): the medians over the
 * batches, and in the tolerance cell the test that decided ("2 pp;
 * Mann-Whitney U p = 0.008, 5 + 5 batches"), or "2 pp (tolerance only:
 * ...)" for a row without batch shares.
 */
static void hp_compare_share_tested(struct hp_check *c, struct hp_table *t, const struct hp_result *b,
				    const struct hp_result *n, int which)
{
	const char *q = which ? "DRNG share" : "hash share";
	struct hp_share_test st;
	char eb[32], en[32], diff[64], tol[HP_TCELL];
	const char *res;
	double d;

	hp_share_test(c, b, n, which, &st);
	d = st.now_pct - st.base_pct;
	snprintf(eb, sizeof eb, "%.2f%%", st.base_pct);
	snprintf(en, sizeof en, "%.2f%%", st.now_pct);
	snprintf(diff, sizeof diff, fabs(d) < 0.01 ? "%+.2g pp" : "%+.2f pp", d);
	if (st.tested) {
		c->share_tested = 1;
		snprintf(tol, sizeof tol, "%g pp; Mann-Whitney U over %s, p %s %.3f%s, %zu + %zu %s%s", c->share_tol,
			 st.over_runs ? "runs" : "batches", st.p < 0.001 ? "<" : "=", st.p < 0.001 ? 0.001 : st.p,
			 st.exact ? "" : " (normal approx.)", st.nb, st.nn, st.over_runs ? "runs" : "batches",
			 st.base_runs == 1 ? " (a baseline of one run: between-run spread unseen)" : "");
	} else {
		snprintf(tol, sizeof tol, "%g pp (tolerance only: %s has no batch shares)", c->share_tol,
			 st.nb ? "the re-run" : "the baseline");
	}
	if (st.verdict == HP_SHARE_UNDECIDED)
		res = hp_undecided_verdict(c, n, q, eb, en);
	else
		res = hp_verdict(c, st.verdict == HP_SHARE_OK, "REGRESSION", n, q, eb, en);
	hp_table_add(t, n->instance, n->operation, q, eb, en, diff, tol, res);
}

/* The quantity naming site s of row r: "site pseudoXOF poly_uniform", with
 * as many callers before the innermost function ("f>g") as it takes to
 * tell it from r's other sites of the same helper. */
static void hp_site_quantity(const struct hp_result *r, const struct hp_result_site *s, char *q, size_t len)
{
	size_t frames = 1;

	for (; frames < s->nframes; frames++) {
		int unique = 1;
		for (size_t i = 0; i < hp_sites_c(r)->nsites && unique; i++) {
			const struct hp_result_site *o = &hp_sites_c(r)->sites[i];
			if (o == s || o->fn != s->fn || o->nframes < frames)
				continue;
			unique = 0;
			for (size_t k = 1; k <= frames && !unique; k++)
				unique = strcmp(o->frames[o->nframes - k].function,
						s->frames[s->nframes - k].function) != 0;
		}
		if (unique)
			break;
	}
	size_t used = (size_t)snprintf(q, len, "site %s ", hp_fn_label(s->fn));
	if (!s->nframes)
		snprintf(q + used, len - used, "(the API function)");
	for (size_t k = frames < s->nframes ? frames : s->nframes; k > 0 && used < len; k--)
		used += (size_t)snprintf(q + used, len - used, "%s%s", s->frames[s->nframes - k].function,
					 k > 1 ? ">" : "");
}

/* Calls per operation of every call site of the baseline b against n's,
 * exactly like the row's (a site found in only one of them is 0 in the
 * other), and the calls without a call path. */
static void hp_compare_sites(struct hp_check *c, struct hp_table *t, const struct hp_result *b,
			     const struct hp_result *n)
{
	char q[256];

	if (!hp_sites_c(b)->requested)
		return;
	for (size_t i = 0; i < hp_sites_c(b)->nsites; i++) {
		const struct hp_result_site *s = &hp_sites_c(b)->sites[i];
		uint64_t now = 0;
		for (size_t k = 0; k < hp_sites_c(n)->nsites; k++)
			if (hp_callsite_same(s, &hp_sites_c(n)->sites[k]))
				now = hp_sites_c(n)->sites[k].calls;
		hp_site_quantity(b, s, q, sizeof q);
		hp_compare_calls(c, t, b, n, q, s->calls, now);
	}
	for (size_t k = 0; k < hp_sites_c(n)->nsites; k++) {
		const struct hp_result_site *s = &hp_sites_c(n)->sites[k];
		int found = 0;
		for (size_t i = 0; i < hp_sites_c(b)->nsites && !found; i++)
			found = hp_callsite_same(s, &hp_sites_c(b)->sites[i]);
		if (found)
			continue;
		hp_site_quantity(n, s, q, sizeof q);
		hp_compare_calls(c, t, b, n, q, 0, s->calls);
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		snprintf(q, sizeof q, "%s calls/op without a call path", hp_fn_label(fn));
		hp_compare_calls(c, t, b, n, q, hp_sites_c(b)->lost_calls[fn], hp_sites_c(n)->lost_calls[fn]);
	}
}

void hp_compare_baseline(struct hp_check *c, struct hp_table *t, const struct hp_result *b, const struct hp_result *n)
{
	uint64_t cb[HP_FN_COUNT], nb[HP_FN_COUNT], tb[HP_FN_COUNT];
	uint64_t cn[HP_FN_COUNT], nn[HP_FN_COUNT], tn[HP_FN_COUNT];
	char q[64];

	if (hp_status_line(c, t, n, "REGRESSION"))
		return;
	hp_result_fn_totals(b, cb, nb, tb);
	hp_result_fn_totals(n, cn, nn, tn);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		hp_compare_calls(c, t, b, n, q, cb[fn], cn[fn]);
		snprintf(q, sizeof q, "%s nested/op", hp_fn_label(fn));
		hp_compare_calls(c, t, b, n, q, nb[fn], nn[fn]);
	}
	hp_compare_sites(c, t, b, n);
	hp_compare_share_tested(c, t, b, n, 0);
	hp_compare_share_tested(c, t, b, n, 1);
	/* replay shares only with replay shares (a window share is another
	 * quantity), family by family */
	if (hp_replay_c(b)->valid && hp_replay_c(n)->valid)
		for (unsigned family = 0; family < 2; family++)
			hp_compare_replay_family(c, t, b, n, family);
	hp_replay_line(c, t, n, "REGRESSION");
}

/* ---------- published page ---------- */

/* The search of helper fn in rp, or NULL. */
static const struct hp_repro_fn *hp_searched(const struct hp_repro *rp, unsigned fn)
{
	for (size_t i = 0; rp && i < rp->nfn; i++)
		if (rp->fn[i].fn == fn)
			return &rp->fn[i];
	return NULL;
}

void hp_compare_published(struct hp_check *c, struct hp_table *t, const struct hp_published_row *p,
			  const struct hp_result *n, const struct hp_repro *rp)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_shares sh;
	char q[64], en[64], diff[64], tol[32], res[HP_TCELL];

	if (hp_status_line(c, t, n, "DIFFERS"))
		return;
	hp_result_fn_totals(n, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		double mn = hp_mean(calls[fn], n->operations);
		const char *pub = p->calls_text[fn][0] ? p->calls_text[fn] : "0";
		int ok;
		if (!p->calls_text[fn][0] && (calls[fn] == 0 || fn == HP_FN_DRNG_INIT))
			continue; /* not printed, none seen (published tables never show init) */
		ok = hp_published_3g(mn) == hp_published_3g(p->calls[fn]) ||
		     (c->calls_tol > 0 && fabs(mn - p->calls[fn]) <= c->calls_tol * p->calls[fn]);
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		snprintf(en, sizeof en, "%.3g", mn);
		snprintf(diff, sizeof diff, "%+.3g", mn - p->calls[fn]);
		if (c->calls_tol > 0)
			snprintf(tol, sizeof tol, "3 digits or %g%%", 100.0 * c->calls_tol);
		else
			snprintf(tol, sizeof tol, "3 digits");
		const struct hp_repro_fn *f = hp_searched(rp, fn);
		const char *verdict = hp_verdict(c, ok || (f && f->set.count), "DIFFERS", n, q, pub, en);
		/* a fractional mean (rejection sampling) moves with N: the
		 * search says which N print the page's figure */
		if (!ok && f && f->set.count) {
			char set[128];
			hp_nset_format(&f->set, 3, set, sizeof set);
			snprintf(res, sizeof res, "ok at N = %s", set);
			verdict = res;
		}
		hp_table_add(t, n->instance, n->operation, q, pub, en, ok ? "0" : diff, tol, verdict);
		if (!ok && !f && calls[fn] % (n->operations ? n->operations : 1))
			c->fractional_differs = 1;
	}
	/* The published shares are uncorrected (method.md): compare raw ones,
	 * unless the page is hashprof's own corrected output. */
	hp_shares_of_result(n, !c->page_corrected, &sh);
	hp_compare_share(c, t, n, "hash share", p->hash_pct, p->hash_text, 100.0 * sh.hash, "DIFFERS");
	hp_compare_share(c, t, n, "DRNG share", p->drng_pct, p->drng_text, 100.0 * sh.drng, "DIFFERS");
	hp_replay_line(c, t, n, "DIFFERS"); /* --replay: a page has no replay shares to compare */
}
