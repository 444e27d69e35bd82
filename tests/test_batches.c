/*
 * test_batches.c - the batch estimator (prof/measure/batches.h) on hand-made
 * batches: no clock is read, every figure is exact.
 *
 * A batch here is what drivers/procedure.c records: the shims' ticks and
 * calls in it, and the thread's wall and CPU time (ns) and context
 * switches.  The clock ticks once a ns (tick_hz 1e9), so a gap of G ns of
 * wall time not spent on the CPU adds G ticks to the metered total and,
 * when the preemption lands in a helper's window, to that helper's ticks.
 * The truth is the share of an undisturbed batch; the estimate must equal
 * it exactly (==, not within a tolerance) whatever gap is injected.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/batches.h"
#include "check_run.h"
#include "record/record.h"
#include "record/result.h"
#include "measure/shares.h"

#define GAP_NS 10000000u /* 10 ms */

/* One undisturbed batch of `ops` operations: per operation 2 pseudohash
 * calls (3000 ticks each), 1 pseudoXOF call (5000), 1 DRNG call (700), in
 * an operation of 40000 ticks, all of it on the CPU. */
static struct hp_trial batch(uint64_t ops)
{
	struct hp_trial t;

	memset(&t, 0, sizeof t);
	t.operations = ops;
	t.total_ticks = 40000 * ops;
	t.calls[HP_FN_PSEUDOHASH] = 2 * ops;
	t.ticks[HP_FN_PSEUDOHASH] = 6000 * ops;
	t.calls[HP_FN_XOF] = ops;
	t.ticks[HP_FN_XOF] = 5000 * ops;
	t.calls[HP_FN_DRNG] = ops;
	t.ticks[HP_FN_DRNG] = 700 * ops;
	t.wall_ns = t.cpu_ns = t.total_ticks; /* 1 tick a ns */
	return t;
}

/* b with a preemption of gap ns: switched out once, the gap in its wall
 * time and its metered ticks, and in helper fn's window (fn < 0: outside
 * every helper), flagged as the probe flags it. */
static struct hp_trial preempted(struct hp_trial b, uint64_t gap, int fn)
{
	b.switches = 1;
	b.wall_ns += gap;
	b.total_ticks += gap;
	if (fn >= 0)
		b.ticks[fn] += gap;
	if (hp_batch_disturbed(b.wall_ns, b.cpu_ns, b.switches))
		b.flags |= HP_TRIAL_DISTURBED;
	return b;
}

/* A batched row of the n batches b, calibrated (20 ticks added per call, 8
 * inside), its totals the batches' sums. */
static void row_of(struct hp_result *r, const struct hp_trial *b, uint32_t n)
{
	hp_result_init(r);
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->tick_hz = 1e9;
	r->overhead_valid = 1;
	r->overhead_added_ticks = 20;
	r->overhead_inside_ticks = 8;
	r->batched = 1;
	r->ntrials = n;
	for (uint32_t t = 0; t < n; t++) {
		r->trials[t] = b[t];
		r->operations += b[t].operations;
		r->total_ticks += b[t].total_ticks;
	}
}

/* Five undisturbed batches and one with a 10 ms gap, in a helper window
 * or outside: the gap is seen, the batch is left out, and the corrected
 * shares and ticks per operation are exactly the undisturbed ones'. */
START_TEST(test_gap_left_out)
{
	struct hp_trial b[6];
	struct hp_result r;
	struct hp_shares truth, s;
	struct hp_batch_estimate e;

	for (unsigned t = 0; t < 5; t++)
		b[t] = batch(50);
	b[5] = preempted(batch(50), GAP_NS, _i ? HP_FN_XOF : -1);
	ck_assert(b[5].flags & HP_TRIAL_DISTURBED);
	ck_assert(!hp_batch_disturbed(b[0].wall_ns, b[0].cpu_ns, 0));
	row_of(&r, b, 6);
	hp_shares_of_trial(&r, 0, 0, &truth);
	hp_shares_of_result(&r, 0, &s);
	ck_assert_int_eq(hp_batches_estimate(&r, 0, &e), 0);
	ck_assert_int_eq(e.method, HP_BATCH_UNDISTURBED);
	ck_assert_uint_eq(e.measured, 6);
	ck_assert_uint_eq(e.disturbed, 1);
	ck_assert_uint_eq(e.used, 5);
	ck_assert(s.hash == truth.hash);
	ck_assert(s.drng == truth.drng);
	ck_assert(e.ticks_per_op.q[1] == truth.total_ticks / 50);
	ck_assert(s.total_ticks == truth.total_ticks / 50 * (double)r.operations);
	/* the same gap in the totals moves the published (raw) figures */
	struct hp_shares raw_all, raw_one;
	hp_shares_of_result(&r, 1, &raw_all);
	hp_shares_of_trial(&r, 0, 1, &raw_one);
	ck_assert(raw_all.hash != raw_one.hash);
	/* the spread of identical batches is 0 */
	ck_assert(hp_shares_spread(&r, 0, 0) == 0);
	hp_result_free(&r);
}
END_TEST

/* An operation longer than a scheduler slice on a busy machine: every
 * batch (one operation) has a 10 ms gap, in a pseudoXOF window in two of
 * them and outside the helpers in three.  No batch is undisturbed, so all
 * are used, each with its descheduled time taken out (out of the helper's
 * ticks too where it landed in one): the shares are exactly the truth. */
START_TEST(test_descheduled_removed)
{
	struct hp_trial b[5];
	struct hp_result r, truth_row;
	struct hp_shares truth, s;
	struct hp_batch_estimate e;

	for (unsigned t = 0; t < 5; t++)
		b[t] = batch(1000); /* 40 ms */
	row_of(&truth_row, b, 5);
	hp_shares_of_result(&truth_row, 0, &truth);
	for (unsigned t = 0; t < 5; t++)
		b[t] = preempted(b[t], GAP_NS, t % 2 ? HP_FN_XOF : -1);
	row_of(&r, b, 5);
	ck_assert_int_eq(hp_batches_estimate(&r, 0, &e), 0);
	ck_assert_int_eq(e.method, HP_BATCH_DESCHEDULED);
	ck_assert_uint_eq(e.used, 5);
	ck_assert_uint_eq(e.disturbed, 5);
	hp_shares_of_result(&r, 0, &s);
	ck_assert_msg(s.hash == truth.hash, "hash %.17g, truth %.17g", s.hash, truth.hash);
	ck_assert(s.drng == truth.drng);
	ck_assert(s.total_ticks == truth.total_ticks);
	/* each batch alone, with the row's typical costs */
	for (unsigned t = 0; t < 5; t++) {
		uint64_t calls[HP_FN_COUNT], ticks[HP_FN_COUNT], total;
		double typical[HP_FN_COUNT] = { 0 };
		typical[HP_FN_PSEUDOHASH] = 3000;
		typical[HP_FN_XOF] = 5000;
		typical[HP_FN_DRNG] = 700;
		hp_batch_deschedule(&r, t, typical, calls, ticks, &total);
		ck_assert_uint_eq(total, 40000000);
		ck_assert_uint_eq(ticks[HP_FN_XOF], 5000000);
		ck_assert_uint_eq(ticks[HP_FN_PSEUDOHASH], 6000000);
	}
	hp_result_free(&r);
	hp_result_free(&truth_row);
}
END_TEST

/* The same long operation with a wrapped own primitive (4000 ticks a
 * call, once an operation): the 10 ms preemption lands in its window in
 * two batches.  The own entries' share is exactly the truth too (the
 * excess over their usual cost is taken out, as a helper window's). */
START_TEST(test_own_window_descheduled)
{
	struct hp_trial b[5];
	struct hp_result r, truth_row;
	struct hp_shares truth, s;
	struct hp_batch_estimate e;

	for (unsigned t = 0; t < 5; t++) {
		b[t] = batch(1000);
		b[t].own_calls = 1000;
		b[t].own_ticks = 4000 * 1000;
	}
	row_of(&truth_row, b, 5);
	hp_shares_of_result(&truth_row, 0, &truth);
	ck_assert(truth.own > 0);
	for (unsigned t = 0; t < 5; t++) {
		b[t] = preempted(b[t], GAP_NS, -1);
		if (t % 2)
			b[t].own_ticks += GAP_NS;
	}
	row_of(&r, b, 5);
	hp_shares_of_result(&r, 0, &s);
	ck_assert_msg(s.own == truth.own, "own %.17g, truth %.17g", s.own, truth.own);
	/* every batch's, not only the median's: no quartile moved */
	ck_assert_int_eq(hp_batches_estimate(&r, 0, &e), 0);
	ck_assert_msg(e.own.q[0] == truth.own && e.own.q[2] == truth.own, "own quartiles %.17g %.17g, truth %.17g",
		      e.own.q[0], e.own.q[2], truth.own);
	ck_assert(s.hash == truth.hash);
	ck_assert_uint_eq(hp_batch_deschedule_own(&r, 1, 4000), 4000 * 1000);
	ck_assert_uint_eq(hp_batch_deschedule_own(&r, 0, 4000), 4000 * 1000);
	hp_result_free(&r);
	hp_result_free(&truth_row);
}
END_TEST

/* A heavily loaded machine: every batch switched out many times, the
 * 10 ms of gaps spread over the batch in proportion to its time (the
 * helpers' windows get their share of them).  The shares are exactly the
 * truth, and the ticks per operation too. */
START_TEST(test_many_gaps_in_proportion)
{
	struct hp_trial b[5];
	struct hp_result r, truth_row;
	struct hp_shares truth, s;

	for (unsigned t = 0; t < 5; t++)
		b[t] = batch(1000); /* 40 ms; helpers 15%, 12.5%, 1.75% of it */
	row_of(&truth_row, b, 5);
	hp_shares_of_result(&truth_row, 0, &truth);
	for (unsigned t = 0; t < 5; t++) {
		b[t] = preempted(b[t], GAP_NS, -1);
		b[t].switches = 10;
		b[t].ticks[HP_FN_PSEUDOHASH] += GAP_NS / 40 * 6;
		b[t].ticks[HP_FN_XOF] += GAP_NS / 40 * 5;
		b[t].ticks[HP_FN_DRNG] += GAP_NS / 400 * 7;
	}
	row_of(&r, b, 5);
	hp_shares_of_result(&r, 0, &s);
	ck_assert_msg(s.hash == truth.hash, "hash %.17g, truth %.17g", s.hash, truth.hash);
	ck_assert(s.drng == truth.drng);
	ck_assert(s.total_ticks == truth.total_ticks);
	hp_result_free(&r);
	hp_result_free(&truth_row);
}
END_TEST

/* A context switch that cost no time, and a gap within the margin, leave
 * a batch undisturbed; a gap above it, or a switch that lost time, do not. */
START_TEST(test_disturbed_rule)
{
	ck_assert(!hp_batch_disturbed(2000000, 2000000, 0));
	ck_assert(!hp_batch_disturbed(2000000, 2000003, 1)); /* CPU reads enclose the wall reads */
	ck_assert(!hp_batch_disturbed(2000000 + HP_BATCH_MARGIN_NS, 2000000, 0));
	ck_assert(hp_batch_disturbed(2000000 + 100000, 2000000, 0)); /* margin 20 us + 2% = 62 us */
	ck_assert(hp_batch_disturbed(2000000 + HP_BATCH_SWITCH_NS + 1, 2000000, 1));
}
END_TEST

/* The record carries the batches: their summary, each batch's flags and
 * probe figures, and reads them back (the estimate with them). */
START_TEST(test_record_fields)
{
	struct hp_trial b[4];
	struct hp_result r, back;
	char err[256];
	json_t *j, *g;

	for (unsigned t = 0; t < 4; t++)
		b[t] = batch(10);
	b[1] = preempted(b[1], GAP_NS, -1);
	b[3].flags |= HP_TRIAL_TIMING_ONLY;
	row_of(&r, b, 4);
	r.operations = 30; /* the last batch is timing-only */
	r.total_ticks -= b[3].total_ticks;
	r.timing_operations = 10;
	r.iterations = 30;
	snprintf(r.instance, sizeof r.instance, "X");
	snprintf(r.kind, sizeof r.kind, "kem");
	snprintf(r.operation, sizeof r.operation, "encaps");
	j = hp_record_from_result(&r);
	ck_assert_ptr_nonnull(j);
	g = json_object_get(j, "batches");
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "measured")), 4);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "disturbed")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "used")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "counting_operations")), 30);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "timing_operations")), 10);
	ck_assert_str_eq(json_string_value(json_object_get(g, "estimator")), "median of undisturbed batches");
	ck_assert(json_real_value(json_object_get(g, "hash_q1")) <= json_real_value(json_object_get(g, "hash_median")));
	json_t *t1 = json_array_get(json_object_get(j, "trials"), 1);
	ck_assert(json_is_true(json_object_get(t1, "disturbed")));
	ck_assert(json_is_false(json_object_get(t1, "timing_only")));
	ck_assert_int_eq(json_integer_value(json_object_get(t1, "switches")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(t1, "wall_ns")), 400000 + GAP_NS);
	ck_assert(json_is_true(json_object_get(json_array_get(json_object_get(j, "trials"), 3), "timing_only")));
	hp_result_init(&back);
	ck_assert_msg(hp_record_to_result(j, &back, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(back.batched, 1);
	ck_assert_uint_eq(back.timing_operations, 10);
	ck_assert_uint_eq(back.ntrials, 4);
	ck_assert_uint_eq(back.trials[1].flags, HP_TRIAL_DISTURBED);
	ck_assert_uint_eq(back.trials[3].flags, HP_TRIAL_TIMING_ONLY);
	ck_assert_uint_eq(back.trials[1].cpu_ns, 400000);
	struct hp_shares a, c;
	hp_shares_of_result(&r, 0, &a);
	hp_shares_of_result(&back, 0, &c);
	ck_assert(a.hash == c.hash);
	/* a row not batched (an older record, a --hash arm) has no "batches" */
	json_decref(j);
	r.batched = 0;
	j = hp_record_from_result(&r);
	ck_assert_ptr_null(json_object_get(j, "batches"));
	json_decref(j);
	hp_result_free(&r);
	hp_result_free(&back);
}
END_TEST

/* The centre of run medians: a trimmed mean from 5 runs (the lowest and
 * highest dropped), the median below; worked by hand. */
START_TEST(test_runs_centre)
{
	double a[] = { 50, 50, 50, 50, 90 }, b[] = { 100, 10, 60, 30, 20 }, c[] = { 3, 1, 2 }, d[] = { 5, 1 },
	       e[] = { 52.4, 59.5, 52.8, 54.6, 60.3, 60.8 };

	ck_assert(hp_runs_centre(a, 5) == 50);
	ck_assert(hp_runs_centre(b, 5) == (20.0 + 30 + 60) / 3); /* the median would be 30, the mean 44 */
	ck_assert(hp_runs_centre(c, 3) == 2);
	ck_assert(hp_runs_centre(d, 2) == 3);
	ck_assert(hp_runs_centre(e, 6) == (52.8 + 54.6 + 59.5 + 60.3) / 4);
	ck_assert(hp_runs_centre(a, 0) == 0);
}
END_TEST

/* b as measured in a process whose calibration read (added, inside)
 * ticks per call instead of batch()'s (20, 8): its raw ticks carry that
 * process's own overhead. */
static struct hp_trial batch_in_process(uint64_t ops, double added, double inside, uint32_t run)
{
	struct hp_trial t = batch(ops);
	uint64_t calls = 0;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		calls += t.calls[fn];
		t.ticks[fn] += (uint64_t)((inside - 8) * (double)t.calls[fn]);
	}
	t.total_ticks += (uint64_t)((added - 20) * (double)calls);
	t.wall_ns = t.cpu_ns = t.total_ticks;
	t.run = run;
	return t;
}

/* Five runs of three batches: runs 1-4 at the truth, run 5 a "slow"
 * process whose helpers took 60% longer.  The run medians are
 * {h, h, h, h, h5}: the trimmed mean drops h5 and is the truth; each
 * run's batches are corrected with its own calibration (run 3's is
 * (50, 18)), so run 3 reads the truth too.  The record carries each
 * batch's run and each run's calibration and medians, and reads them
 * back. */
START_TEST(test_runs_trimmed)
{
	struct hp_trial b[15];
	struct hp_result r, back;
	struct hp_shares truth, s, c;
	struct hp_batch_estimate e;
	char err[256];

	for (uint32_t k = 1; k <= 5; k++)
		for (unsigned i = 0; i < 3; i++) {
			struct hp_trial *t = &b[(k - 1) * 3 + i];
			*t = batch_in_process(50, k == 3 ? 50 : 20, k == 3 ? 18 : 8, k);
			if (k == 5) {
				t->ticks[HP_FN_PSEUDOHASH] = t->ticks[HP_FN_PSEUDOHASH] * 8 / 5;
				t->ticks[HP_FN_XOF] = t->ticks[HP_FN_XOF] * 8 / 5;
			}
			if (k > 1)
				t->flags |= HP_TRIAL_TIMING_ONLY;
		}
	row_of(&r, b, 15);
	r.nruns = 5;
	for (uint32_t k = 0; k < 5; k++)
		r.runs[k] = (struct hp_result_run){ 1, k == 2 ? 50 : 20, k == 2 ? 18 : 8 };
	hp_shares_of_trial(&r, 0, 0, &truth);
	hp_shares_of_trial(&r, 6, 0, &c); /* run 3, its own calibration */
	ck_assert(c.hash == truth.hash);
	ck_assert_int_eq(hp_batches_estimate(&r, 0, &e), 0);
	ck_assert_uint_eq(e.runs, 5);
	ck_assert_uint_eq(e.run[4].run, 5);
	ck_assert_uint_eq(e.run[4].used, 3);
	ck_assert(e.run[4].hash > truth.hash + 0.1);
	ck_assert(e.run[2].hash == truth.hash);
	hp_shares_of_result(&r, 0, &s);
	ck_assert_msg(fabs(s.hash - truth.hash) < 1e-15, "hash %.17g, truth %.17g", s.hash, truth.hash);
	ck_assert(fabs(e.ticks_per_op.q[1] - truth.total_ticks / 50) < 1e-9);
	/* 5 runs: the spread is that of the run medians (q1 = q3 = h: 0) */
	ck_assert(e.hash.q[0] == truth.hash && e.hash.q[2] == truth.hash);
	ck_assert(hp_shares_spread(&r, 0, 0) == 0);
	/* the rank test's samples: one per run */
	double m[HP_RUNS_MAX];
	ck_assert_uint_eq(hp_batches_run_values(&r, 0, 0, m), 5);
	ck_assert(m[0] == truth.hash && m[2] == truth.hash && m[4] == e.run[4].hash);

	snprintf(r.instance, sizeof r.instance, "X");
	snprintf(r.kind, sizeof r.kind, "kem");
	snprintf(r.operation, sizeof r.operation, "encaps");
	r.iterations = 750;
	json_t *j = hp_record_from_result(&r), *g = json_object_get(j, "batches");
	ck_assert_int_eq(json_integer_value(json_object_get(g, "runs")), 5);
	ck_assert_str_eq(json_string_value(json_object_get(g, "estimator")),
			 "trimmed mean of 5 runs' medians, each the median of undisturbed batches");
	json_t *pr = json_array_get(json_object_get(g, "per_run"), 2);
	ck_assert(json_real_value(json_object_get(pr, "overhead_added_ticks_per_call")) == 50);
	ck_assert_int_eq(json_integer_value(json_object_get(pr, "batches_used")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(json_object_get(j, "trials"), 14), "run")),
			 5);
	hp_result_init(&back);
	ck_assert_msg(hp_record_to_result(j, &back, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(back.nruns, 5);
	ck_assert(back.runs[2].overhead_inside_ticks == 18);
	ck_assert_uint_eq(back.trials[7].run, 3);
	hp_shares_of_result(&back, 0, &c);
	ck_assert(c.hash == s.hash);
	json_decref(j);
	hp_result_free(&r);
	hp_result_free(&back);
}
END_TEST

/* Two to four runs: the median of the run medians, the batches'
 * quartiles below HP_RUNS_IQR_MIN runs; one run: as before runs. */
START_TEST(test_runs_few)
{
	struct hp_trial b[9];
	struct hp_result r;
	struct hp_batch_estimate e;
	struct hp_shares truth;

	for (uint32_t k = 1; k <= 3; k++)
		for (unsigned i = 0; i < 3; i++) {
			b[(k - 1) * 3 + i] = batch_in_process(50, 20, 8, k);
			if (k == 2) /* run 2 slower in its helpers */
				b[(k - 1) * 3 + i].ticks[HP_FN_XOF] *= 2;
		}
	row_of(&r, b, 9);
	hp_shares_of_trial(&r, 0, 0, &truth);
	ck_assert_int_eq(hp_batches_estimate(&r, 0, &e), 0);
	ck_assert_uint_eq(e.runs, 3);
	ck_assert(e.hash.q[1] == truth.hash); /* the median of {h, h2, h} */
	ck_assert(e.hash.q[2] > truth.hash); /* 3 runs: the batches' quartiles (Q3 of 9: a run-2 batch) */
	hp_result_free(&r);
}
END_TEST

/* A later run's batches join a row as timing-only batches of new runs,
 * renumbered, with their calibration; no room: nothing changes. */
START_TEST(test_append_runs)
{
	struct hp_trial b[4], c[2];
	struct hp_result r, more;

	for (unsigned t = 0; t < 4; t++)
		b[t] = batch(10);
	row_of(&r, b, 4); /* as a record from before runs: run 0, nruns 0 */
	c[0] = batch_in_process(7, 30, 9, 1);
	c[1] = batch_in_process(5, 30, 9, 1);
	row_of(&more, c, 2);
	more.overhead_added_ticks = 30;
	more.overhead_inside_ticks = 9;
	ck_assert_int_eq(hp_result_append_runs(&r, &more), 0);
	ck_assert_uint_eq(r.nruns, 2);
	ck_assert_uint_eq(r.ntrials, 6);
	ck_assert_uint_eq(r.trials[0].run, 1);
	ck_assert_uint_eq(r.trials[5].run, 2);
	ck_assert(r.trials[5].flags & HP_TRIAL_TIMING_ONLY);
	ck_assert(!(r.trials[3].flags & HP_TRIAL_TIMING_ONLY));
	ck_assert_uint_eq(r.timing_operations, 12);
	ck_assert_uint_eq(r.operations, 40); /* the counts stay the first run's */
	ck_assert(r.runs[0].overhead_added_ticks == 20 && r.runs[1].overhead_added_ticks == 30);
	/* full: HP_RUNS_MAX runs */
	r.nruns = HP_RUNS_MAX;
	ck_assert_int_eq(hp_result_append_runs(&r, &more), -1);
	ck_assert_uint_eq(r.ntrials, 6);
	hp_result_free(&r);
	hp_result_free(&more);
}
END_TEST

/* Quartiles by linear interpolation between order statistics. */
START_TEST(test_quartiles)
{
	double v[] = { 5, 1, 4, 2, 3 }, w[] = { 10, 0 };
	struct hp_batch_quartiles q;

	hp_batch_quartiles_of(v, 5, &q);
	ck_assert(q.q[0] == 2 && q.q[1] == 3 && q.q[2] == 4);
	hp_batch_quartiles_of(w, 2, &q);
	ck_assert(q.q[0] == 2.5 && q.q[1] == 5 && q.q[2] == 7.5);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("batches");
	TCase *tc = tcase_create("estimator");

	tcase_add_loop_test(tc, test_gap_left_out, 0, 2);
	tcase_add_test(tc, test_descheduled_removed);
	tcase_add_test(tc, test_own_window_descheduled);
	tcase_add_test(tc, test_many_gaps_in_proportion);
	tcase_add_test(tc, test_disturbed_rule);
	tcase_add_test(tc, test_record_fields);
	tcase_add_test(tc, test_quartiles);
	tcase_add_test(tc, test_runs_centre);
	tcase_add_test(tc, test_runs_trimmed);
	tcase_add_test(tc, test_runs_few);
	tcase_add_test(tc, test_append_runs);
	suite_add_tcase(s, tc);
	return hp_check_run(s);
}
