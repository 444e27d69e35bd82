/*
 * test_check_compare.c - the verdicts of `hashprof check` against a
 * baseline (drivers/check/compare.c) on records written here by hand
 * and read back as `check` reads them (hp_record_load), so that every
 * share, spread and estimator is known: nothing is measured.
 *
 *  - the replay ("if free") shares are compared family by family: a
 *    family whose estimator is the same in both rows is compared, one of
 *    another estimator gets one "not compared (another estimator)" line
 *    naming both, not counted, and a family neither row ran ("not run",
 *    both shares exactly 0) gets no line;
 *  - a replay share's tolerance is --share-tolerance widened by the
 *    larger of the two rows' spreads (pp): a difference within it is ok,
 *    one beyond it a regression; a record without spreads (0) keeps the
 *    plain tolerance.
 *
 * The window shares' tests (drivers/check/shares.c), on rows built
 * here batch by batch (nothing measured, every share known):
 *  - a shift inside the tolerance passes, even a significant one;
 *  - a shift beyond it with separated batch distributions is a
 *    REGRESSION (Mann-Whitney U, 5 + 5 batches: p = 2/252 = 0.008);
 *  - one outlier batch moving the pooled share beyond it is none;
 *  - a noisy shift beyond it is measured again (a fake re-run here), and
 *    stays "undecided: too noisy" when the re-runs are as noisy; a re-run
 *    that settles it ends the re-runs; 3 + 3 batches can never decide;
 *  - a record without batch shares is compared by the tolerance alone,
 *    and the table says so.
 * And the rank test itself (prof/measure/rank_test.c) on values whose p-values
 * are known by hand.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "cmds.h"
#include "options.h"
#include "cli/procedure_options.h"
#include "measure/rank_test.h"
#include "record/record_io.h"
#include "measure/shares.h"
#include "records_util.h"
#include "check/table.h"

/* The replay part of a hand-made record: shares and spreads (fractions)
 * and the family estimators ("" : none, as before the split). */
struct replay_fig {
	double hash, drng, hash_spread, drng_spread;
	const char *hash_est, *drng_est;
};

/*
 * Write a record of SYNTH-KEM encaps (10 operations of 10^6 ticks: 10
 * pseudoXOF calls of 4 10^5 ticks, 10 DRNG calls of 5 10^4) with the
 * replay figures f to dir/name, read it back into *row (set, freed by the
 * caller with hp_record_set_free).
 */
static const struct hp_result *load_record(const char *dir, const char *name, const struct replay_fig *f,
					   struct hp_record_set *set)
{
	char text[4096], est[128] = "", err[HP_RECORD_ERR_MAX];
	char *file = hpt_path(dir, name);

	if (f->hash_est[0])
		snprintf(est, sizeof est, "\"hash_estimator\": \"%s\", \"drng_estimator\": \"%s\",", f->hash_est,
			 f->drng_est);
	snprintf(text, sizeof text,
		 "{\"schema\": \"hashprof-record/1\", \"instance\": \"SYNTH-KEM\", \"kind\": \"kem\",\n"
		 " \"operation\": \"encaps\", \"path\": \"\", \"wrapped\": \"pseudoXOF,get_random_number\",\n"
		 " \"status\": \"ok\", \"failure\": \"\",\n"
		 " \"procedure\": {\"iterations\": 10, \"warmup\": 1, \"planned\": false,\n"
		 "   \"calibration_seconds\": 0.0, \"seed\": \"\", \"message\": \"\"},\n"
		 " \"clock\": {\"source\": \"PAPI_get_real_cyc\", \"unit\": \"TSC ticks\", \"rate_hz\": 2e9},\n"
		 " \"totals\": {\"operations\": 10, \"ticks\": 1000000},\n"
		 " \"overflow\": {\"calls\": 0, \"ticks\": 0},\n"
		 " \"calls\": [{\"fn\": \"pseudoXOF\", \"in_bits\": 2048, \"out_bits\": 256, \"calls\": 10,\n"
		 "              \"nested\": 0, \"ticks\": 400000},\n"
		 "           {\"fn\": \"get_random_number\", \"in_bits\": 0, \"out_bits\": 256, \"calls\": 10,\n"
		 "              \"nested\": 0, \"ticks\": 50000}],\n"
		 " \"overhead\": {\"valid\": false, \"added_ticks_per_call\": 0, \"inside_ticks_per_call\": 0,\n"
		 "   \"calibration_seconds\": 0},\n"
		 " \"replay\": {\"valid\": true, \"samples\": 25, \"hash\": %.17g, \"drng\": %.17g,\n"
		 "   \"estimator\": \"in situ\", %s \"hash_spread\": %.17g, \"drng_spread\": %.17g}}\n",
		 f->hash, f->drng, est, f->hash_spread, f->drng_spread);
	hpt_write(file, text);
	ck_assert_msg(hp_record_load(file, set, err, sizeof err) == 1, "%s", err);
	free(file);
	return &set->rows[set->n - 1].r;
}

/* The line of quantity q in t, or NULL. */
static const struct hp_tline *line_of(const struct hp_table *t, const char *q)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->lines[i].c[2], q) == 0)
			return &t->lines[i];
	return NULL;
}

/* Compare the record of figures now with the one of base, with the share
 * tolerance tol (pp); c and t filled (free t with hp_table_free). */
static void compare(const struct replay_fig *base, const struct replay_fig *now, double tol, struct hp_check *c,
		    struct hp_table *t)
{
	static const char *const hdr[] = { "instance", "operation", "quantity",  "baseline",
					   "now",      "diff",      "tolerance", "result" };
	char *dir = hpt_tmpdir("check-compare");
	struct hp_record_set set;

	hp_record_set_init(&set);
	hp_check_defaults(c);
	c->share_tol = tol;
	hp_table_init(t, 8, hdr);
	const struct hp_result *b = load_record(dir, "base.json", base, &set);
	const struct hp_result *n = load_record(dir, "now.json", now, &set);
	hp_compare_baseline(c, t, b, n);
	hp_record_set_free(&set);
	hpt_rmtree(dir);
	free(dir);
}

/* The window lines every comparison here has: pseudoXOF and DRNG calls/op, hash and DRNG shares. */
#define WINDOW_LINES 4

/* The hash families used the same estimator, the DRNG ones not: hash
 * compared, DRNG one line naming both estimators, not counted. */
START_TEST(families_compared_one_by_one)
{
	const struct replay_fig base = { 0.40, 0.05, 0, 0, "in situ", "in situ" };
	const struct replay_fig now = { 0.41, 0.30, 0, 0, "in situ", "tight loop" };
	const struct hp_tline *h, *d;
	struct hp_check c;
	struct hp_table t;

	compare(&base, &now, 2, &c, &t);
	h = line_of(&t, "if free: hash");
	d = line_of(&t, "if free: DRNG");
	ck_assert_ptr_nonnull(h);
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(h->c[3], "40.00%");
	ck_assert_str_eq(h->c[4], "41.00%");
	ck_assert_str_eq(h->c[6], "2 pp");
	ck_assert_str_eq(h->c[7], "ok");
	ck_assert_str_eq(d->c[3], "in situ");
	ck_assert_str_eq(d->c[4], "tight loop");
	ck_assert_str_eq(d->c[7], "not compared (another estimator)");
	ck_assert_ptr_null(line_of(&t, "if free"));
	/* the DRNG's 25 pp are not a regression: another quantity */
	ck_assert_uint_eq(c.compared, WINDOW_LINES + 1);
	ck_assert_uint_eq(c.failed, 0);
	hp_table_free(&t);

	/* the same hash share 3 pp off: a regression, the DRNG still not compared */
	const struct replay_fig off = { 0.43, 0.30, 0, 0, "in situ", "tight loop" };
	compare(&base, &off, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "REGRESSION");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[7], "not compared (another estimator)");
	ck_assert_uint_eq(c.compared, WINDOW_LINES + 1);
	ck_assert_uint_eq(c.failed, 1);
	ck_assert_msg(strstr(c.first_failure, "if free: hash: 40.00% -> 43.00%"), "%s", c.first_failure);
	hp_table_free(&t);

	/* the other way round: DRNG compared (and off), hash not */
	const struct replay_fig swapped = { 0.10, 0.09, 0, 0, "tight loop", "in situ" };
	compare(&base, &swapped, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "not compared (another estimator)");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[7], "REGRESSION");
	ck_assert_uint_eq(c.compared, WINDOW_LINES + 1);
	ck_assert_uint_eq(c.failed, 1);
	hp_table_free(&t);
}
END_TEST

/* A family neither row ran (its shares exactly 0) has no line; one run on
 * one side only is another estimator. */
START_TEST(family_not_run_in_both_is_skipped)
{
	const struct replay_fig base = { 0.40, 0, 0, 0, "in situ", "not run" };
	const struct replay_fig now = { 0.40, 0, 0, 0, "in situ", "not run" };
	const struct replay_fig ran = { 0.40, 0.02, 0, 0, "in situ", "in situ" };
	struct hp_check c;
	struct hp_table t;

	compare(&base, &now, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "ok");
	ck_assert_ptr_null(line_of(&t, "if free: DRNG"));
	ck_assert_uint_eq(c.compared, WINDOW_LINES + 1);
	hp_table_free(&t);

	compare(&base, &ran, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[3], "not run");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[4], "in situ");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[7], "not compared (another estimator)");
	ck_assert_uint_eq(c.compared, WINDOW_LINES + 1);
	hp_table_free(&t);
}
END_TEST

/* A record from before the families had their own estimators: each
 * family's is the row's ("in situ" here), the same as the re-run's. */
START_TEST(record_without_family_estimators)
{
	const struct replay_fig base = { 0.40, 0.05, 0, 0, "", "" };
	const struct replay_fig now = { 0.40, 0.05, 0, 0, "in situ", "tight loop" };
	struct hp_check c;
	struct hp_table t;

	compare(&base, &now, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "ok");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[7], "not compared (another estimator)");
	hp_table_free(&t);
}
END_TEST

/* The tolerance of a replay share is widened by the larger spread: 3 pp
 * off with a tolerance of 2 pp is ok when a spread is 1.5 pp (the
 * baseline's or the re-run's), a regression when both are 0.5 pp, and a
 * regression past 2 + 1.5 pp. */
START_TEST(spread_widens_the_tolerance)
{
	const struct replay_fig base = { 0.40, 0.05, 0.015, 0.005, "in situ", "in situ" };
	const struct replay_fig now = { 0.43, 0.08, 0.002, 0.005, "in situ", "in situ" };
	const struct replay_fig now_wide = { 0.43, 0.08, 0.0, 0.015, "in situ", "in situ" };
	const struct replay_fig further = { 0.436, 0.05, 0.0, 0.0, "in situ", "in situ" };
	const struct replay_fig plain = { 0.40, 0.05, 0, 0, "in situ", "in situ" };
	const struct hp_tline *h, *d;
	struct hp_check c;
	struct hp_table t;

	compare(&base, &now, 2, &c, &t);
	h = line_of(&t, "if free: hash");
	d = line_of(&t, "if free: DRNG");
	ck_assert_str_eq(h->c[6], "3.50 pp (2 + spread 1.50)");
	ck_assert_str_eq(h->c[7], "ok");
	ck_assert_str_eq(d->c[6], "2.50 pp (2 + spread 0.50)");
	ck_assert_str_eq(d->c[7], "REGRESSION");
	ck_assert_uint_eq(c.failed, 1);
	hp_table_free(&t);

	/* the re-run's spread widens it as well as the baseline's */
	compare(&base, &now_wide, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[6], "3.50 pp (2 + spread 1.50)");
	ck_assert_str_eq(line_of(&t, "if free: DRNG")->c[7], "ok");
	ck_assert_uint_eq(c.failed, 0);
	hp_table_free(&t);

	/* 3.6 pp off: beyond 2 + 1.5 */
	compare(&base, &further, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "REGRESSION");
	hp_table_free(&t);

	/* a baseline without spreads (a record from before them, 0): the
	 * re-run's alone widens it; the window shares never are */
	compare(&plain, &now, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[6], "2.20 pp (2 + spread 0.20)");
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "REGRESSION");
	ck_assert_str_eq(line_of(&t, "hash share")->c[6], "2 pp (tolerance only: the baseline has no batch shares)");
	hp_table_free(&t);
	/* no spread on either side: the plain tolerance */
	compare(&plain, &further, 2, &c, &t);
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[6], "2 pp");
	ck_assert_str_eq(line_of(&t, "if free: hash")->c[7], "REGRESSION");
	hp_table_free(&t);
}
END_TEST

/* ---------- window shares: the rank test ---------- */

#define BATCH_OPS 10
#define BATCH_TICKS 1000000u
#define BATCH_DRNG_TICKS 5000u /* a DRNG share of 0.5% in every batch */

/* Append one batch of hash share pct (percent) to the row r: 10
 * operations of 10^5 ticks, 10 pseudoXOF calls holding pct of them, 10
 * DRNG calls holding 0.5%; the row's totals and call table follow. */
static void add_batch(struct hp_result *r, double pct)
{
	struct hp_trial *t = &r->trials[r->ntrials++];
	struct hp_result_shape xof = { HP_FN_XOF, 2048, 256, 10, 0, 0 };
	struct hp_result_shape drng = { HP_FN_DRNG, 0, 256, 10, 0, BATCH_DRNG_TICKS };

	ck_assert_uint_le(r->ntrials, HP_TRIALS_MAX);
	memset(t, 0, sizeof *t);
	t->operations = BATCH_OPS;
	t->total_ticks = BATCH_TICKS;
	t->calls[HP_FN_XOF] = t->calls[HP_FN_DRNG] = 10;
	t->ticks[HP_FN_XOF] = (uint64_t)(pct / 100.0 * BATCH_TICKS + 0.5);
	t->ticks[HP_FN_DRNG] = BATCH_DRNG_TICKS;
	xof.ticks = t->ticks[HP_FN_XOF];
	r->operations += BATCH_OPS;
	r->total_ticks += BATCH_TICKS;
	ck_assert_int_eq(hp_result_merge_shape(r, &xof), 0);
	ck_assert_int_eq(hp_result_merge_shape(r, &drng), 0);
}

/* A row of SYNTH-KEM encaps of n batches of the hash shares pct[]. */
static void make_row(struct hp_result *r, const double *pct, size_t n)
{
	hp_result_init(r);
	snprintf(r->instance, sizeof r->instance, "SYNTH-KEM");
	snprintf(r->kind, sizeof r->kind, "kem");
	snprintf(r->operation, sizeof r->operation, "encaps");
	r->status = HP_STATUS_OK;
	r->iterations = BATCH_OPS * n;
	for (size_t i = 0; i < n; i++)
		add_batch(r, pct[i]);
}

static const double base5[5] = { 40.0, 40.5, 39.5, 40.2, 39.8 };

/* Compare now against base with the tolerance 2 pp (no re-run); t to free. */
static void compare_rows(const struct hp_result *base, const struct hp_result *now, struct hp_check *c,
			 struct hp_table *t)
{
	static const char *const hdr[] = { "instance", "operation", "quantity",  "baseline",
					   "now",      "diff",      "tolerance", "result" };

	hp_check_defaults(c);
	hp_table_init(t, 8, hdr);
	hp_compare_baseline(c, t, base, now);
}

/* 1.6 pp higher in every batch: significant (p = 0.008), inside the tolerance: ok. */
START_TEST(share_shift_inside_tolerance_passes)
{
	const double now5[5] = { 41.5, 42.0, 41.2, 41.8, 41.6 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[3], "40.00%");
	ck_assert_str_eq(h->c[4], "41.60%");
	ck_assert_str_eq(h->c[5], "+1.60 pp");
	ck_assert_str_eq(h->c[6], "2 pp; Mann-Whitney U over batches, p = 0.008, 5 + 5 batches");
	ck_assert_str_eq(h->c[7], "ok");
	ck_assert_str_eq(line_of(&t, "DRNG share")->c[7], "ok");
	ck_assert_uint_eq(c.failed, 0);
	ck_assert_uint_eq(c.undecided, 0);
	ck_assert_int_eq(c.share_tested, 1);
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* 3.6 pp higher in every batch: beyond the tolerance and significant. */
START_TEST(share_shift_separated_is_regression)
{
	const double now5[5] = { 43.5, 44.0, 43.2, 43.8, 43.6 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[4], "43.60%");
	ck_assert_str_eq(h->c[6], "2 pp; Mann-Whitney U over batches, p = 0.008, 5 + 5 batches");
	ck_assert_str_eq(h->c[7], "REGRESSION");
	ck_assert_uint_eq(c.failed, 1);
	ck_assert_msg(strstr(c.first_failure, "SYNTH-KEM encaps hash share: 40.00% -> 43.60%"), "%s", c.first_failure);
	hp_table_free(&t);
	/* and 3.6 pp lower likewise (two-sided) */
	const double low5[5] = { 36.5, 36.0, 36.8, 36.2, 36.4 };
	hp_result_free(&n);
	make_row(&n, low5, 5);
	compare_rows(&b, &n, &c, &t);
	ck_assert_str_eq(line_of(&t, "hash share")->c[7], "REGRESSION");
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* One batch a preemption landed in (75%) moves the pooled share 7 pp:
 * no regression, the median of the batches has not moved. */
START_TEST(share_one_outlier_batch_is_no_regression)
{
	const double now5[5] = { 40.1, 39.9, 75.0, 40.3, 39.7 };
	struct hp_result b, n;
	struct hp_shares sb, sn;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	/* what the rows' pooled shares would have said */
	hp_shares_of_result(&b, 0, &sb);
	hp_shares_of_result(&n, 0, &sn);
	ck_assert_double_gt(100.0 * (sn.hash - sb.hash), 6.9);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[4], "40.10%");
	ck_assert_str_eq(h->c[7], "ok");
	ck_assert_uint_eq(c.failed, 0);
	ck_assert_uint_eq(c.undecided, 0);
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* The fake re-run: the next batches of a list, counted. */
struct fake_rerun {
	const double *pct;
	size_t per_run;
	unsigned calls;
};

static int fake_rerun(void *ctx, struct hp_result *again)
{
	struct fake_rerun *f = ctx;

	hp_result_free(again);
	make_row(again, f->pct + f->calls * f->per_run, f->per_run);
	f->calls++;
	return 0;
}

/* 4 pp higher in median but scattered both sides of the baseline: not
 * significant, measured again up to --max-reruns times; as noisy again,
 * it stays undecided, with its own line and count. */
START_TEST(share_noisy_stays_undecided)
{
	const double now5[5] = { 30.0, 45.0, 50.0, 36.0, 44.0 };
	const double again[10] = { 31.0, 46.0, 49.0, 35.0, 44.5, 29.0, 44.2, 51.0, 37.0, 45.5 };
	struct fake_rerun f = { again, 5, 0 };
	struct hp_result b, n;
	struct hp_share_test st;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	hp_check_defaults(&c);
	hp_share_test(&c, &b, &n, 0, &st);
	ck_assert_int_eq(st.verdict, HP_SHARE_UNDECIDED);
	ck_assert_double_ge(st.p, HP_SHARE_ALPHA);
	/* the default: two re-runs, their batches pooled with the row's */
	ck_assert_uint_eq(hp_settle_baseline(&c, &b, &n, fake_rerun, &f), 2);
	ck_assert_uint_eq(f.calls, 2);
	ck_assert_uint_eq(c.reruns, 2);
	ck_assert_uint_eq(n.ntrials, 15);
	/* the counts stay the first run's */
	ck_assert_uint_eq(n.operations, 5 * BATCH_OPS);
	static const char *const hdr[] = { "instance", "operation", "quantity",  "baseline",
					   "now",      "diff",      "tolerance", "result" };
	hp_table_init(&t, 8, hdr);
	hp_compare_baseline(&c, &t, &b, &n);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[7], "undecided: too noisy");
	ck_assert_msg(strstr(h->c[6], ", 5 + 15 batches"), "%s", h->c[6]);
	ck_assert_uint_eq(c.undecided, 1);
	ck_assert_uint_eq(c.failed, 0);
	ck_assert_msg(strstr(c.first_undecided, "SYNTH-KEM encaps hash share: 40.00% ->"), "%s", c.first_undecided);
	hp_table_free(&t);

	/* --max-reruns=0: no re-run, undecided at once */
	hp_result_free(&n);
	make_row(&n, now5, 5);
	hp_check_defaults(&c);
	c.max_reruns = 0;
	f.calls = 0;
	ck_assert_uint_eq(hp_settle_baseline(&c, &b, &n, fake_rerun, &f), 0);
	ck_assert_uint_eq(f.calls, 0);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* A re-run that settles it (its batches at the baseline's) ends the
 * re-runs: one made, then ok. */
START_TEST(share_rerun_settles)
{
	const double now5[5] = { 30.0, 45.0, 50.0, 36.0, 44.0 };
	const double again[5] = { 40.1, 39.9, 40.2, 39.8, 40.0 };
	struct fake_rerun f = { again, 5, 0 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	hp_check_defaults(&c);
	ck_assert_uint_eq(hp_settle_baseline(&c, &b, &n, fake_rerun, &f), 1);
	ck_assert_uint_eq(f.calls, 1);
	static const char *const hdr[] = { "instance", "operation", "quantity",  "baseline",
					   "now",      "diff",      "tolerance", "result" };
	hp_table_init(&t, 8, hdr);
	hp_compare_baseline(&c, &t, &b, &n);
	ck_assert_str_eq(line_of(&t, "hash share")->c[7], "ok");
	ck_assert_uint_eq(c.undecided, 0);
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* 3 batches against 3 cannot reach p < 0.05 (at best 0.1): 10 pp apart,
 * still undecided rather than a regression. */
START_TEST(share_too_few_batches_undecided)
{
	const double b3[3] = { 40.0, 40.5, 39.5 }, n3[3] = { 50.0, 50.5, 49.5 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, b3, 3);
	make_row(&n, n3, 3);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[6], "2 pp; Mann-Whitney U over batches, p = 0.100, 3 + 3 batches");
	ck_assert_str_eq(h->c[7], "undecided: too noisy");
	ck_assert_uint_eq(c.failed, 0);
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* ---------- window shares: the rank test over runs ---------- */

/* A batched row of nruns runs (one measuring process each), run k's
 * batches at run_pct[k] - spread, run_pct[k], run_pct[k] + spread
 * (percent; its median run_pct[k]); no calibration, so every share is
 * the batch's as built. */
static void make_runs_row(struct hp_result *r, const double *run_pct, size_t nruns, double spread)
{
	hp_result_init(r);
	snprintf(r->instance, sizeof r->instance, "SYNTH-KEM");
	snprintf(r->kind, sizeof r->kind, "kem");
	snprintf(r->operation, sizeof r->operation, "encaps");
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->batched = 1;
	r->nruns = (uint32_t)nruns;
	for (size_t k = 0; k < nruns; k++)
		for (int i = -1; i <= 1; i++) {
			add_batch(r, run_pct[k] + i * spread);
			r->trials[r->ntrials - 1].run = (uint32_t)k + 1;
		}
	r->iterations = r->operations;
}

/* Five runs at 50% against five runs at 50% whose batches lie 30 pp
 * either side of it within each run: the runs agree, ok. */
START_TEST(runs_wide_batches_pass)
{
	const double at50[5] = { 50, 50, 50, 50, 50 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_runs_row(&b, at50, 5, 0);
	make_runs_row(&n, at50, 5, 30);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[3], "50.00%");
	ck_assert_str_eq(h->c[4], "50.00%");
	ck_assert_str_eq(h->c[6], "2 pp; Mann-Whitney U over runs, p = 1.000, 5 + 5 runs");
	ck_assert_str_eq(h->c[7], "ok");
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* Worked by hand.  Separated runs {40..44} against {50..54}: every
 * baseline run below every re-run one, U = 0, p = 2/252 = 0.008, a
 * REGRESSION of the trimmed means 42 -> 52.  Runs that interleave (a
 * process lands fast or slow: {46, 47, 48, 52, 53} against {49, 50, 51,
 * 55, 56}, trimmed means 49 -> 52): ranks of the baseline 1, 2, 3, 7, 8,
 * U = 21 - 15 = 6, P(U <= 6) = 28/252, two-sided p = 56/252 = 0.222: not
 * significant, undecided; over their tight batches (15 + 15, each run's
 * batches 0.1 pp apart) the batch test took the processes' offsets for a
 * change (p < 0.05). */
START_TEST(runs_rank_test_by_hand)
{
	const double lo[5] = { 40, 41, 42, 43, 44 }, hi[5] = { 50, 51, 52, 53, 54 };
	const double mb[5] = { 46, 47, 48, 52, 53 }, mn[5] = { 49, 50, 51, 55, 56 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;
	struct hp_share_test st;

	make_runs_row(&b, lo, 5, 0.1);
	make_runs_row(&n, hi, 5, 0.1);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[3], "42.00%");
	ck_assert_str_eq(h->c[4], "52.00%");
	ck_assert_str_eq(h->c[6], "2 pp; Mann-Whitney U over runs, p = 0.008, 5 + 5 runs");
	ck_assert_str_eq(h->c[7], "REGRESSION");
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);

	make_runs_row(&b, mb, 5, 0.1);
	make_runs_row(&n, mn, 5, 0.1);
	hp_check_defaults(&c);
	hp_share_test(&c, &b, &n, 0, &st);
	ck_assert_int_eq(st.over_runs, 1);
	ck_assert_uint_eq(st.nb, 5);
	ck_assert_double_eq_tol(st.base_pct, 49, 1e-9);
	ck_assert_double_eq_tol(st.now_pct, 52, 1e-9);
	ck_assert_double_eq_tol(st.p, 56.0 / 252, 1e-9);
	ck_assert_int_eq(st.verdict, HP_SHARE_UNDECIDED);
	/* the same rows with their runs forgotten (one process each): the
	 * batch test calls it a regression */
	b.nruns = n.nruns = 0;
	for (uint32_t i = 0; i < b.ntrials; i++)
		b.trials[i].run = n.trials[i].run = 0;
	hp_share_test(&c, &b, &n, 0, &st);
	ck_assert_int_eq(st.over_runs, 0);
	ck_assert_uint_eq(st.nb, 15);
	ck_assert_double_lt(st.p, HP_SHARE_ALPHA);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* A baseline of one run (a record from before runs) against five runs:
 * the batch test, and the cell says it cannot see between-run spread. */
START_TEST(runs_single_run_baseline)
{
	const double one[1] = { 40 }, five[5] = { 40, 40, 40, 40, 40 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_runs_row(&b, one, 1, 0.5);
	b.nruns = 0;
	b.trials[0].run = b.trials[1].run = b.trials[2].run = 0;
	make_runs_row(&n, five, 5, 0.5);
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_msg(strstr(h->c[6], "Mann-Whitney U over batches, p = 1.000, 3 + 15 batches (a baseline of one run"),
		      "%s", h->c[6]);
	ck_assert_str_eq(h->c[7], "ok");
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* An undecided row measured again gains the re-run's runs, pooled by
 * run (renumbered after its own), not its batches into its runs. */
static int fake_rerun_runs(void *ctx, struct hp_result *again)
{
	struct fake_rerun *f = ctx;

	hp_result_free(again);
	make_runs_row(again, f->pct + f->calls * f->per_run, f->per_run, 0.1);
	f->calls++;
	return 0;
}

START_TEST(runs_rerun_pooled_by_run)
{
	const double base[5] = { 46, 47, 48, 52, 53 }, now[5] = { 49, 50, 51, 55, 56 };
	const double again[5] = { 47, 48, 49, 50, 51 };
	struct fake_rerun f = { again, 5, 0 };
	struct hp_result b, n;
	struct hp_check c;

	make_runs_row(&b, base, 5, 0.1);
	make_runs_row(&n, now, 5, 0.1);
	hp_check_defaults(&c);
	c.max_reruns = 1;
	ck_assert_uint_eq(hp_settle_baseline(&c, &b, &n, fake_rerun_runs, &f), 1);
	ck_assert_uint_eq(n.nruns, 10);
	ck_assert_uint_eq(n.ntrials, 30);
	ck_assert_uint_eq(n.trials[29].run, 10);
	ck_assert(n.trials[29].flags & HP_TRIAL_TIMING_ONLY);
	struct hp_share_test st;
	hp_share_test(&c, &b, &n, 0, &st);
	ck_assert_uint_eq(st.nn, 10);
	ck_assert(st.over_runs);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* How many runs a row gets (drivers/options.h): --runs, else
 * HASHPROF_RUNS, else 5; 1 when emulated, with --min-time=0 or --hash
 * unless --runs says otherwise; out of range refused. */
START_TEST(runs_default_and_refusals)
{
	struct hp_options *o = calloc(1, sizeof *o);

	ck_assert_ptr_nonnull(o);
	unsetenv("HASHPROF_RUNS");
	hp_options_defaults(o);
	ck_assert_uint_eq(hp_options_runs(o), 5);
	snprintf(o->emulation, sizeof o->emulation, "qemu-x86_64");
	ck_assert_uint_eq(hp_options_runs(o), 1);
	o->emulation[0] = '\0';
	o->min_time = 0;
	ck_assert_uint_eq(hp_options_runs(o), 1);
	o->min_time = 0.05;
	o->ncands = 1;
	ck_assert_uint_eq(hp_options_runs(o), 1);
	o->ncands = 0;
	ck_assert_int_eq(hp_procedure_option(HP_OPT_RUNS, "3", o), -1);
	ck_assert_uint_eq(hp_options_runs(o), 3);
	ck_assert_int_eq(hp_procedure_option(HP_OPT_RUNS, "17", o), HP_EXIT_USAGE);
	ck_assert_int_eq(hp_procedure_option(HP_OPT_RUNS, "0", o), HP_EXIT_USAGE);
	o->min_time = 0;
	ck_assert_int_eq(hp_procedure_conflicts(o), HP_EXIT_USAGE);
	setenv("HASHPROF_RUNS", "2", 1);
	hp_options_defaults(o);
	ck_assert_uint_eq(hp_options_runs(o), 2);
	ck_assert_int_eq(hp_procedure_conflicts(o), -1);
	setenv("HASHPROF_RUNS", "many", 1);
	hp_options_defaults(o);
	ck_assert_int_eq(hp_procedure_conflicts(o), HP_EXIT_USAGE);
	setenv("HASHPROF_RUNS", "1", 1);
	free(o);
}
END_TEST

/* A baseline without batch shares (a record from before trials): the
 * row's shares and the tolerance alone, said in the table. */
START_TEST(share_record_without_batches)
{
	const double now5[5] = { 43.5, 44.0, 43.2, 43.8, 43.6 };
	struct hp_result b, n;
	struct hp_check c;
	struct hp_table t;

	make_row(&b, base5, 5);
	make_row(&n, now5, 5);
	b.ntrials = 0;
	compare_rows(&b, &n, &c, &t);
	const struct hp_tline *h = line_of(&t, "hash share");
	ck_assert_str_eq(h->c[3], "40.00%");
	ck_assert_str_eq(h->c[4], "43.62%");
	ck_assert_str_eq(h->c[6], "2 pp (tolerance only: the baseline has no batch shares)");
	ck_assert_str_eq(h->c[7], "REGRESSION");
	ck_assert_int_eq(c.share_tested, 0);
	hp_table_free(&t);
	hp_result_free(&b);
	hp_result_free(&n);
}
END_TEST

/* ---------- the rank test ---------- */

START_TEST(rank_test_known_values)
{
	const double lo[5] = { 1, 2, 3, 4, 5 }, hi[5] = { 6, 7, 8, 9, 10 };
	const double x3[3] = { 1, 3, 5 }, y3[3] = { 2, 4, 6 };
	const double same[3] = { 1, 1, 1 };
	struct hp_mwu m;

	/* all of one above all of the other: 2 / C(10, 5) */
	ck_assert_int_eq(hp_mann_whitney(lo, 5, hi, 5, &m), 0);
	ck_assert_int_eq(m.exact, 1);
	ck_assert_double_eq_tol(m.p, 2.0 / 252, 1e-12);
	ck_assert_double_eq(m.u, 0);
	/* interleaved: rank sum 9 of 3 among 6, 14 of the 20 subsets as far
	 * from 10.5 (counted by hand) */
	ck_assert_int_eq(hp_mann_whitney(x3, 3, y3, 3, &m), 0);
	ck_assert_double_eq_tol(m.p, 14.0 / 20, 1e-12);
	ck_assert_double_eq(m.u, 3);
	/* all tied: no evidence at all */
	ck_assert_int_eq(hp_mann_whitney(same, 3, same, 3, &m), 0);
	ck_assert_double_eq_tol(m.p, 1, 1e-12);
	/* one tie across: {1,2,3} vs {3,4,5}: mid-rank 3.5 each; W = 6.5,
	 * |W - 10.5| = 4 reached only by the subsets {1,2,3a}, {1,2,3b} and
	 * their mirror images: 4 of 20 */
	const double t1[3] = { 1, 2, 3 }, t2[3] = { 3, 4, 5 };
	ck_assert_int_eq(hp_mann_whitney(t1, 3, t2, 3, &m), 0);
	ck_assert_double_eq_tol(m.p, 4.0 / 20, 1e-12);
	/* above the exact bound: the normal approximation, as small */
	double big_lo[25], big_hi[25];
	for (int i = 0; i < 25; i++) {
		big_lo[i] = i;
		big_hi[i] = 100 + i;
	}
	ck_assert_int_eq(hp_mann_whitney(big_lo, 25, big_hi, 25, &m), 0);
	ck_assert_int_eq(m.exact, 0);
	ck_assert_double_lt(m.p, 1e-6);
	ck_assert_int_eq(hp_mann_whitney(big_lo, 25, big_lo, 25, &m), 0);
	ck_assert_double_gt(m.p, 0.9);
	/* bad input */
	ck_assert_int_eq(hp_mann_whitney(lo, 0, hi, 5, &m), -1);
	const double nan1[1] = { NAN };
	ck_assert_int_eq(hp_mann_whitney(nan1, 1, hi, 5, &m), -1);
	double med[4] = { 4, 1, 3, 2 };
	ck_assert_double_eq(hp_median(med, 4), 2.5);
}
END_TEST

/* ---------- page names matched to instances (page_match.c) ---------- */

/* An instance of name built from folder origin with flags cflags. */
static struct hp_instance inst_of(const char *name, const char *origin, const char *cflags)
{
	struct hp_instance in;

	memset(&in, 0, sizeof in);
	snprintf(in.name, sizeof in.name, "%s", name);
	snprintf(in.kind, sizeof in.kind, "sig");
	snprintf(in.origin, sizeof in.origin, "%s", origin);
	snprintf(in.cflags, sizeof in.cflags, "%s", cflags);
	return in;
}

/* Each rule, in its order, on instances that carry other names than the page. */
START_TEST(page_names_matched)
{
	struct hp_instance all[] = {
		inst_of("TOY128_REF", "/p/name-ref", "-O2 -DSCHEME_MODE=128"),
		inst_of("Sigurd_REF", "/p/Sigurd/Reference_Implementation/ref", "-O2 -DSIGURD_MODE=256 -Iinclude"),
		inst_of("PKG-A", "/p/Lynx-192", "-O2"),
		inst_of("toy_256", "/p/t", "-O2"),
		inst_of("TOY-256", "/p/u", "-O2"),
		inst_of("CEDRUSALPHA-160f", "/p/c", ""),
	};
	size_t n = sizeof all / sizeof *all, idx = 99;
	char why[512], buf[64];

	ck_assert_int_eq(hp_page_match("TOY-128", all, n, NULL, &idx, why, sizeof why), HP_PAGE_SUFFIX);
	ck_assert_uint_eq(idx, 0);
	ck_assert_str_eq(why, "its name without the build suffix '_REF'");
	/* the exact name wins over the normalised one */
	ck_assert_int_eq(hp_page_match("TOY-256", all, n, NULL, &idx, why, sizeof why), HP_PAGE_EXACT);
	ck_assert_uint_eq(idx, 4);
	ck_assert_int_eq(hp_page_match("Toy 256", all, n, NULL, &idx, why, sizeof why), HP_PAGE_AMBIGUOUS);
	ck_assert_str_eq(why, "toy_256, TOY-256");
	ck_assert_int_eq(hp_page_match("lynx_192", all, n, NULL, &idx, why, sizeof why), HP_PAGE_FOLDER);
	ck_assert_uint_eq(idx, 2);
	ck_assert_str_eq(why, "the folder it was built from, /p/Lynx-192");
	ck_assert_int_eq(hp_page_match("Sigurd-256", all, n, NULL, &idx, why, sizeof why), HP_PAGE_PARAMSET);
	ck_assert_uint_eq(idx, 1);
	ck_assert_str_eq(why, "its name and its parameter set -DSIGURD_MODE=256");
	ck_assert_int_eq(hp_page_match("Sigurd-128", all, n, NULL, &idx, why, sizeof why), HP_PAGE_NONE);
	/* the Greek alpha of a page reads "alpha" */
	ck_assert_int_eq(hp_page_match("CEDRUS\xc9\x91-160f", all, n, NULL, &idx, why, sizeof why), HP_PAGE_NORMALISED);
	ck_assert_uint_eq(idx, 5);
	ck_assert_str_eq(hp_page_normalise("A-b_C d\xce\xb1", buf, sizeof buf), "abcdalpha");
	/* no suffix: "PREF" is a name, not a build suffix */
	all[3] = inst_of("TOYPREF", "/p/t", "");
	ck_assert_int_eq(hp_page_match("TOYP", all, n, NULL, &idx, why, sizeof why), HP_PAGE_NONE);
}
END_TEST

/* --map: its line wins; a line naming an instance that is not here says
 * so; malformed files are refused naming the line. */
START_TEST(page_map_file)
{
	struct hp_instance all[] = { inst_of("TOY128_REF", "/p/a", ""), inst_of("TOY-512", "/p/b", "") };
	char *dir = hpt_tmpdir("map"), *f = hpt_path(dir, "map.tsv"), why[512], err[512], want[600];
	struct hp_page_map m;
	size_t idx = 9;

	hpt_write(f, "# published\tours\n\n  TOY-512 \t TOY128_REF \nGone-1\tGONE\n");
	ck_assert_msg(hp_page_map_load(f, &m, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(m.n, 2);
	ck_assert_int_eq(hp_page_match("TOY-512", all, 2, &m, &idx, why, sizeof why), HP_PAGE_MAP);
	ck_assert_uint_eq(idx, 0);
	ck_assert_str_eq(why, "--map line 3");
	ck_assert_int_eq(hp_page_match("Gone-1", all, 2, &m, &idx, why, sizeof why), HP_PAGE_NONE);
	ck_assert_str_eq(why, "--map line 4 names GONE, which is not here");
	hp_page_map_free(&m);

	hpt_write(f, "TOY-512 TOY128_REF\n");
	ck_assert_int_eq(hp_page_map_load(f, &m, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:1: not 'PAGE NAME<TAB>INSTANCE' (no tab)", f);
	ck_assert_str_eq(err, want);
	hpt_write(f, "a\tTOY\n\nb\tbad name\n");
	ck_assert_int_eq(hp_page_map_load(f, &m, err, sizeof err), -1);
	ck_assert_msg(strstr(err, ":3: 'bad name' is not an instance name") != NULL, "%s", err);
	hpt_write(f, "a\tTOY\na\tTOZ\n");
	ck_assert_int_eq(hp_page_map_load(f, &m, err, sizeof err), -1);
	ck_assert_msg(strstr(err, ":2: 'a' is mapped on line 1 already") != NULL, "%s", err);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("check compare");
	TCase *tc = tcase_create("replay");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, families_compared_one_by_one);
	tcase_add_test(tc, family_not_run_in_both_is_skipped);
	tcase_add_test(tc, record_without_family_estimators);
	tcase_add_test(tc, spread_widens_the_tolerance);
	suite_add_tcase(s, tc);
	tc = tcase_create("shares");
	tcase_add_test(tc, share_shift_inside_tolerance_passes);
	tcase_add_test(tc, share_shift_separated_is_regression);
	tcase_add_test(tc, share_one_outlier_batch_is_no_regression);
	tcase_add_test(tc, share_noisy_stays_undecided);
	tcase_add_test(tc, share_rerun_settles);
	tcase_add_test(tc, share_too_few_batches_undecided);
	tcase_add_test(tc, share_record_without_batches);
	tcase_add_test(tc, rank_test_known_values);
	tcase_add_test(tc, runs_wide_batches_pass);
	tcase_add_test(tc, runs_rank_test_by_hand);
	tcase_add_test(tc, runs_single_run_baseline);
	tcase_add_test(tc, runs_rerun_pooled_by_run);
	tcase_add_test(tc, runs_default_and_refusals);
	suite_add_tcase(s, tc);
	tc = tcase_create("page names");
	tcase_add_test(tc, page_names_matched);
	tcase_add_test(tc, page_map_file);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
