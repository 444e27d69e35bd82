/*
 * test_projection.c - the projection's arithmetic (prof/swap/projection.c) and
 * the cost tables' file format (prof/swap/cost_table.c), on rows and costs
 * made here with known numbers, so that every expected figure is exact
 * (up to the rounding of a few additions): nothing is measured.
 *
 *   T_candidate = T - sum_s n_s t_placeholder(s) + sum_s n_s t_candidate(s)
 *
 * with T corrected for the shims' overhead (total - added x every
 * outermost helper call), n_s outermost plus nested calls, only the
 * shapes of the helpers the candidate stands in for, and the costs'
 * ticks converted by the rows' tick rate over the costs' one.  And that
 * a projection below 0 (placeholder costs above the row's time) is
 * printed flagged, with one note, and marked in JSON, a positive one not.
 * And the notes and JSON flags that qualify a measured ratio (swap
 * report): an arm that made no call of the helpers it swaps (nothing
 * swapped), an arm whose per-trial ratios spread past the noise
 * threshold (noisy), on trials of known ticks.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "swap/cost_table.h"
#include "swap/projection.h"
#include "record/record.h"
#include "report/report.h"
#include "swap/report.h"
#include "swap/part.h"

#define HELPERS (HP_TAPE_BIT(HP_FN_XOF) | HP_TAPE_BIT(HP_FN_PSEUDOHASH))

/* A row of 10 operations, 1e6 ticks, overhead 50 added / 20 inside per
 * call: 40 pseudoXOF (1024 -> 512) + 5 nested, 10 pseudohash (512 ->
 * 1024), 10 sm3hash (not a candidate's), 10 DRNG draws. */
static void make_row(struct hp_result *r)
{
	static const struct hp_result_shape shapes[] = {
		{ HP_FN_DRNG, 0, 256, 10, 0, 20000 },
		{ HP_FN_XOF, 1024, 512, 40, 5, 200000 },
		{ HP_FN_PSEUDOHASH, 512, 1024, 10, 0, 90000 },
		{ HP_FN_SM3, 1024, 256, 10, 0, 30000 },
	};

	hp_result_init(r);
	snprintf(r->instance, sizeof r->instance, "SYNTH-SIG");
	snprintf(r->operation, sizeof r->operation, "sign");
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->tick_hz = 2e9;
	r->operations = r->iterations = 10;
	r->total_ticks = 1000000;
	r->overhead_valid = 1;
	r->overhead_added_ticks = 50;
	r->overhead_inside_ticks = 20;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		ck_assert_int_eq(hp_result_add_shape(r, &shapes[i]), 0);
}

/* Costs of the placeholder and of a candidate for the row's XOF and
 * pseudohash shapes (and its sm3hash, which must not count). */
static void make_costs(struct hp_cost_table *t, double rate)
{
	struct hp_cost_subject *p, *c;
	const struct hp_cost pc[] = { { HP_FN_XOF, 1024, 512, 4000, 0, 0, 31, 1 },
				      { HP_FN_PSEUDOHASH, 512, 1024, 9000, 0, 0, 31, 1 },
				      { HP_FN_SM3, 1024, 256, 3000, 0, 0, 31, 1 } };
	const struct hp_cost cc[] = { { HP_FN_XOF, 1024, 512, 1000, 0, 0, 31, 1 },
				      { HP_FN_PSEUDOHASH, 512, 1024, 1500, 0, 0, 31, 1 },
				      { HP_FN_SM3, 1024, 256, 1, 0, 0, 31, 1 } };

	memset(t, 0, sizeof *t);
	snprintf(t->machine.unit, sizeof t->machine.unit, "TSC ticks");
	t->machine.rate_hz = rate;
	ck_assert((p = hp_cost_subject_get(t, "placeholder", "")) && (c = hp_cost_subject_get(t, "SHAKE256", "")));
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(hp_cost_put(hp_cost_subject_find(t, "placeholder"), &pc[i]), 0);
		ck_assert_int_eq(hp_cost_put(hp_cost_subject_find(t, "SHAKE256"), &cc[i]), 0);
	}
}

static void expect_near(double got, double want)
{
	ck_assert_msg(fabs(got - want) <= 1e-12 * fabs(want), "got %.17g, want %.17g", got, want);
}

START_TEST(projection_is_the_formula)
{
	struct hp_result r;
	struct hp_cost_table t;
	struct hp_projection p;
	char why[256];
	/* corrected T: 1e6 - 50 x (10 + 40 + 10 + 10) outermost calls */
	const double T = 1e6 - 50.0 * 70;

	make_row(&r);
	make_costs(&t, 2e9); /* the rows' own rate: scale 1 */
	ck_assert_int_eq(hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 0, &p, why, sizeof why),
			 0);
	/* 45 XOF calls (nested included) and 10 pseudohash */
	expect_near(p.removed_ticks, 45 * 4000.0 + 10 * 9000.0);
	expect_near(p.added_ticks, 45 * 1000.0 + 10 * 1500.0);
	expect_near(p.calls, 55);
	expect_near(p.measured_ticks_per_op, T / 10);
	expect_near(p.ticks_per_op, (T - 270000.0 + 60000.0) / 10);

	/* raw: T uncorrected */
	ck_assert_int_eq(hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 1, &p, why, sizeof why),
			 0);
	expect_near(p.ticks_per_op, (1e6 - 270000.0 + 60000.0) / 10);

	/* sm3hash too when the candidate stands in for it */
	ck_assert_int_eq(hp_project(&r, HELPERS | HP_TAPE_BIT(HP_FN_SM3), hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 0, &p, why, sizeof why),
			 0);
	expect_near(p.ticks_per_op, (T - 270000.0 - 30000.0 + 60000.0 + 10.0) / 10);
	hp_cost_table_free(&t);

	/* costs measured at half the rows' rate: each cost is twice the rows' ticks */
	make_costs(&t, 1e9);
	ck_assert_int_eq(hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 0, &p, why, sizeof why),
			 0);
	expect_near(p.ticks_per_op, (T - 2 * 270000.0 + 2 * 60000.0) / 10);
	hp_cost_table_free(&t);

	/* a rate 0.2% off: the same counter measured twice, its ticks as they are */
	make_costs(&t, 2.004e9);
	ck_assert_int_eq(hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 0, &p, why, sizeof why),
			 0);
	ck_assert(p.ticks_per_op == (T - 270000.0 + 60000.0) / 10);
	hp_cost_table_free(&t);
	hp_result_free(&r);
}
END_TEST

START_TEST(no_projection_without_what_it_needs)
{
	struct hp_result r;
	struct hp_cost_table t;
	struct hp_projection p;
	struct hp_cost_subject *c;
	char why[256];

	make_row(&r);
	make_costs(&t, 2e9);
	/* a shape the candidate has no cost of */
	c = hp_cost_subject_find(&t, "SHAKE256");
	c->costs[1].in_bits = 777;
	ck_assert_int_eq(
		hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"), c, &t.machine, 0, &p, why, sizeof why),
		-1);
	ck_assert_str_eq(why, "no cost of SHAKE256 for pseudohash (512 -> 1024 bits)");
	c->costs[1].in_bits = 512;
	/* another clock */
	snprintf(t.machine.unit, sizeof t.machine.unit, "cycles");
	ck_assert_int_eq(
		hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"), c, &t.machine, 0, &p, why, sizeof why),
		-1);
	ck_assert_str_eq(why, "the costs are in cycles, the row in TSC ticks");
	snprintf(t.machine.unit, sizeof t.machine.unit, "TSC ticks");
	/* calls of unknown shape */
	r.overflow[HP_FN_XOF].calls = 3;
	ck_assert_int_eq(
		hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"), c, &t.machine, 0, &p, why, sizeof why),
		-1);
	ck_assert_str_eq(why, "the shape table overflowed: 3 calls of unknown shape");
	r.overflow[HP_FN_XOF].calls = 0;
	/* a failed row */
	hp_result_fail(&r, "crashed");
	ck_assert_int_eq(
		hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"), c, &t.machine, 0, &p, why, sizeof why),
		-1);
	hp_cost_table_free(&t);
	hp_result_free(&r);
}
END_TEST

START_TEST(cost_tables_round_trip)
{
	struct hp_cost_table t, back;
	json_t *j;
	char err[256];

	make_costs(&t, 2.5e9);
	snprintf(t.machine.cpu, sizeof t.machine.cpu, "a CPU");
	j = hp_cost_table_json(&t);
	ck_assert_int_eq(hp_cost_table_from_json(j, &back, err, sizeof err), 0);
	ck_assert_str_eq(back.machine.cpu, "a CPU");
	ck_assert(back.machine.rate_hz == 2.5e9);
	ck_assert_uint_eq(back.n, 2);
	ck_assert(hp_cost_find(hp_cost_subject_find(&back, "SHAKE256"), HP_FN_PSEUDOHASH, 512, 1024)->median_ticks ==
		  1500);
	hp_cost_table_free(&back);
	/* a bad field is named */
	json_object_set_new(
		json_array_get(json_object_get(json_object_get(json_object_get(j, "subjects"), "SHAKE256"), "shapes"),
			       1),
		"median_ticks", json_integer(-1));
	ck_assert_int_eq(hp_cost_table_from_json(j, &back, err, sizeof err), -1);
	ck_assert_str_eq(err, "field 'subjects.SHAKE256.shapes[1].median_ticks': expected a number >= 0");
	json_decref(j);
	hp_cost_table_free(&t);
}
END_TEST

/* The text of hp_swap_print of rows (fmt), malloc'ed. */
static char *swap_text(enum hp_format fmt, const struct hp_result *rows, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	hp_swap_print(f, fmt, rows, n);
	fclose(f);
	return buf;
}

/* The placeholder's costs 10x the candidate's, and pseudohash's 10^5
 * ticks a call: 10 calls remove 10^6 ticks of a row of 10^6 (corrected:
 * 996500), so SHAKE256 projects to (996500 - 45 x 4000 - 10 x 100000 +
 * 60000) / 10 = -12350 ticks per operation. */
START_TEST(projection_below_zero_is_flagged)
{
	struct hp_result r;
	struct hp_cost_table t;
	struct hp_projection p;
	char why[256], *out, *cell;
	json_t *j, *arm;

	make_row(&r);
	make_costs(&t, 2e9);
	hp_cost_subject_find(&t, "placeholder")->costs[1].median_ticks = 100000; /* pseudohash (make_costs) */
	ck_assert_int_eq(hp_project(&r, HELPERS, hp_cost_subject_find(&t, "placeholder"),
				    hp_cost_subject_find(&t, "SHAKE256"), &t.machine, 0, &p, why, sizeof why),
			 0);
	/* the arithmetic keeps the number */
	expect_near(p.ticks_per_op, (1e6 - 50.0 * 70 - 180000.0 - 1000000.0 + 60000.0) / 10);
	ck_assert(hp_projection_below_zero(p.ticks_per_op));
	ck_assert(hp_projection_below_zero(0.0) && !hp_projection_below_zero(1.0));

	/* projected only: no plain number, one note naming the row and candidate */
	ck_assert_int_eq(hp_result_add_arm(&r, "SHAKE256", HELPERS, NULL), 0);
	hp_arms_c(&r)->arms[0].projected = 1;
	hp_arms_c(&r)->arms[0].projected_ticks = p.ticks_per_op;
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	cell = strstr(out, "SHAKE256 ");
	ck_assert_msg(cell && strstr(cell, "below 0 (-6.18 us)"), "%s", out); /* 12350 ticks at 2 GHz */
	ck_assert_msg(strstr(cell, "  below 0  "), "%s", out); /* its ratio: none */
	ck_assert_msg(!strstr(out, "-12350") && !strstr(out, "-6.18 us  ") && !strstr(out, "x faster"), "%s", out);
	ck_assert_msg(strstr(out, "note: SYNTH-SIG sign SHAKE256: " HP_PROJECTION_BELOW_ZERO_NOTE "\n"), "%s", out);
	ck_assert_msg(!strstr(strstr(out, "projection below 0") + 1, "projection below 0"), "%s", out);
	free(out);
	/* JSON: the number, and the flag */
	j = hp_record_from_result(&r);
	arm = json_array_get(json_object_get(j, "candidates"), 0);
	ck_assert(json_real_value(json_object_get(arm, "projected_ticks_per_operation")) == p.ticks_per_op);
	ck_assert(json_is_true(json_object_get(arm, "projection_below_zero")));
	json_decref(j);

	/* two candidates, the matrix: the projected-only cell and the note flag it */
	ck_assert_int_eq(hp_result_add_arm(&r, "SHAKE128", HELPERS, NULL), 0);
	hp_arms_c(&r)->arms[1].projected = 1;
	hp_arms_c(&r)->arms[1].projected_ticks = 40000;
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	ck_assert_msg(strstr(out, "~below 0") && strstr(out, "~20 us 0.401"), "%s", out);
	ck_assert_msg(strstr(out, "note: SYNTH-SIG sign SHAKE256: projection below 0"), "%s", out);
	free(out);

	/* a positive projection: a plain time, no note, the flag false */
	hp_arms_c(&r)->arms[0].projected_ticks = 40000;
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	ck_assert_msg(!strstr(out, "below 0") && strstr(out, "~20 us 0.401"), "%s", out);
	free(out);
	hp_swap_configure(1); /* one line per arm */
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	hp_swap_configure(0);
	ck_assert_msg(!strstr(out, "below 0") && strstr(out, "20 us"), "%s", out);
	free(out);
	j = hp_record_from_result(&r);
	arm = json_array_get(json_object_get(j, "candidates"), 0);
	ck_assert(json_is_false(json_object_get(arm, "projection_below_zero")));
	json_decref(j);
	hp_cost_table_free(&t);
	hp_result_free(&r);
}
END_TEST

/* ---------- the notes that qualify a measured ratio ---------- */

/* A measured row (or arm) of 5 trials of 2 operations, trial t taking
 * ticks[t] ticks; xof calls of pseudoXOF (1024 -> 512) per trial, the rest
 * DRNG draws; no calibration, so every figure is raw and exact. */
static void make_trials(struct hp_result *r, const uint64_t ticks[5], uint64_t xof)
{
	struct hp_result_shape shape = { HP_FN_DRNG, 0, 256, 10, 0, 100 };

	snprintf(r->instance, sizeof r->instance, "SYNTH-SIG");
	snprintf(r->operation, sizeof r->operation, "sign");
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->tick_hz = 2e9;
	r->operations = r->iterations = 10;
	r->ntrials = 5;
	for (uint32_t t = 0; t < 5; t++) {
		r->trials[t].operations = 2;
		r->trials[t].total_ticks = ticks[t];
		r->trials[t].calls[HP_FN_XOF] = xof;
		r->total_ticks += ticks[t];
	}
	ck_assert_int_eq(hp_result_add_shape(r, &shape), 0);
	if (xof) {
		struct hp_result_shape x = { HP_FN_XOF, 1024, 512, 5 * xof, 0, 1000 };
		ck_assert_int_eq(hp_result_add_shape(r, &x), 0);
	}
}

/* Six batched slices of r (2 operations each, ticks[t] apiece; disturbed
 * where mask has bit t set), raw figures only (no overhead). */
static void make_slices(struct hp_result *r, const uint64_t ticks[6], unsigned disturbed)
{
	snprintf(r->instance, sizeof r->instance, "SYNTH-SIG");
	snprintf(r->operation, sizeof r->operation, "sign");
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->tick_hz = 2e9;
	r->batched = 1;
	r->operations = r->iterations = 12;
	r->ntrials = 6;
	for (uint32_t t = 0; t < 6; t++) {
		r->trials[t].operations = 2;
		r->trials[t].total_ticks = ticks[t];
		r->trials[t].calls[HP_FN_XOF] = 2;
		r->trials[t].ticks[HP_FN_XOF] = ticks[t] / 2;
		r->trials[t].flags = disturbed >> t & 1 ? HP_TRIAL_DISTURBED : 0;
		r->total_ticks += ticks[t];
	}
}

/* A --hash row measured in slices (docs/method-batches.md): the arm takes
 * half the placeholder's time in every slice, but three of its six were
 * preempted (twice as long, marked disturbed).  Its ratio is the median
 * of the pairs undisturbed in both, exactly 0.5, with no spread; the
 * totals would say 0.75, and so would the median of every pair.  Its
 * time per operation is the placeholder's times that ratio. */
START_TEST(batched_ratio_is_the_median_of_undisturbed_pairs)
{
	static const uint64_t base[6] = { 1000, 1000, 1000, 1000, 1000, 1000 },
			      arm[6] = { 500, 1000, 500, 1000, 500, 1000 };
	struct hp_result r, *a;
	double ratio = -1, spread = -1;

	hp_result_init(&r);
	make_slices(&r, base, 0);
	ck_assert_int_eq(hp_result_add_arm(&r, "SHAKE256", HELPERS, &a), 0);
	make_slices(a, arm, 0x2a); /* slices 1, 3, 5 */
	ck_assert_int_eq(hp_swap_ratio(&r, &hp_arms_c(&r)->arms[0], 1, &ratio), 0);
	ck_assert_msg(ratio == 0.5, "%g", ratio);
	ck_assert_uint_eq(hp_swap_ratio_spread(&r, &hp_arms_c(&r)->arms[0], 1, &spread), 3);
	ck_assert_msg(spread == 0, "%g", spread);
	ck_assert_msg(hp_swap_ticks_per_op(&r, 1) == 500, "%g", hp_swap_ticks_per_op(&r, 1));
	/* the same slices, none marked: every pair, median (0.5 + 1) / 2 */
	for (uint32_t t = 0; t < 6; t++)
		a->trials[t].flags = 0;
	ck_assert_int_eq(hp_swap_ratio(&r, &hp_arms_c(&r)->arms[0], 1, &ratio), 0);
	ck_assert_msg(ratio == 0.75, "%g", ratio);
	hp_result_free(&r);
}
END_TEST

/* The arm of candidate name, measured with make_trials. */
static void add_measured_arm(struct hp_result *p, const char *name, const uint64_t ticks[5], uint64_t xof)
{
	struct hp_result *arm;

	ck_assert_int_eq(hp_result_add_arm(p, name, HELPERS, &arm), 0);
	make_trials(arm, ticks, xof);
}

/* The placeholder 1000 ticks a trial.  SHAKE256 half of it in every trial:
 * its ratio 0.5 the same in each, not noisy.  SHAKE128 half of it in four
 * trials and as much in the fifth: per-trial ratios 0.5 x 4 and 1, mean
 * 0.6, sample standard deviation sqrt(0.2 / 4) = 0.2236, 37.3 % of the
 * mean: noisy.  SHA3-256's arm made no pseudoXOF or pseudohash call:
 * nothing swapped (and no noisy note beside it, though its ratio varies). */
START_TEST(ratio_notes)
{
	static const uint64_t base[5] = { 1000, 1000, 1000, 1000, 1000 }, half[5] = { 500, 500, 500, 500, 500 },
			      odd[5] = { 500, 500, 500, 500, 1000 };
	struct hp_result r;
	double spread = -1;
	char *out;
	json_t *j, *a;

	hp_result_init(&r);
	make_trials(&r, base, 3);
	add_measured_arm(&r, "SHAKE256", half, 3);
	add_measured_arm(&r, "SHAKE128", odd, 3);
	add_measured_arm(&r, "SHA3-256", odd, 0);
	hp_report_configure(1, 2.0);
	ck_assert_uint_eq(hp_swap_ratio_spread(&r, &hp_arms_c(&r)->arms[0], 1, &spread), 5);
	ck_assert_msg(spread == 0, "%g", spread);
	ck_assert_uint_eq(hp_swap_ratio_spread(&r, &hp_arms_c(&r)->arms[1], 1, &spread), 5);
	ck_assert_msg(fabs(spread - 100 * sqrt(0.05) / 0.6) < 1e-9, "%g", spread);
	ck_assert(!hp_swap_nothing_swapped(&hp_arms_c(&r)->arms[0]) &&
		  !hp_swap_nothing_swapped(&hp_arms_c(&r)->arms[1]));
	ck_assert(hp_swap_nothing_swapped(&hp_arms_c(&r)->arms[2]));

	hp_swap_configure(1); /* one line per arm */
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	ck_assert_msg(strstr(out, "note: SYNTH-SIG sign SHA3-256: nothing swapped: the operation made no call of "
				  "pseudohash or pseudoXOF, so each arm named here ran the same code as the "
				  "placeholder's: its ratio is 1 by construction, what it shows is noise, and so is "
				  "the projection's error\n"),
		      "%s", out);
	ck_assert_msg(strstr(out, "note: SYNTH-SIG sign SHAKE128: noisy: the ratio varies by \u00b137.3% across 5 "
				  "trials, above 2.0%: the machine was busy, or the operation's own time varies "
				  "with its inputs (rejection sampling); more iterations (-n) narrow it\n"),
		      "%s", out);
	ck_assert_msg(!strstr(out, "SHAKE256: noisy") && !strstr(out, "SHA3-256: noisy") &&
			      !strstr(out, "SHAKE128: nothing") && !strstr(out, "SHAKE256: nothing"),
		      "%s", out);
	free(out);
	/* the matrix has the same notes */
	hp_swap_configure(0);
	out = swap_text(HP_FORMAT_MD, &r, 1);
	ck_assert_msg(strstr(out, "\nnote: SYNTH-SIG sign SHA3-256: nothing swapped: ") &&
			      strstr(out, "\nnote: SYNTH-SIG sign SHAKE128: noisy: the ratio varies by \u00b137.3%"),
		      "%s", out);
	free(out);
	/* a threshold above the spread: no noisy note */
	hp_report_configure(1, 40.0);
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	ck_assert_msg(!strstr(out, "noisy") && strstr(out, "SHA3-256: nothing swapped"), "%s", out);
	free(out);
	hp_report_configure(1, 2.0);

	/* JSON: the flags of each measured arm */
	j = hp_record_from_result(&r);
	a = json_object_get(j, "candidates");
	ck_assert(json_is_false(json_object_get(json_array_get(a, 0), "nothing_swapped")));
	ck_assert(json_is_false(json_object_get(json_array_get(a, 0), "ratio_noisy")));
	ck_assert(json_real_value(json_object_get(json_array_get(a, 0), "ratio_spread")) == 0);
	ck_assert(json_is_false(json_object_get(json_array_get(a, 1), "nothing_swapped")));
	ck_assert(json_is_true(json_object_get(json_array_get(a, 1), "ratio_noisy")));
	ck_assert(fabs(json_real_value(json_object_get(json_array_get(a, 1), "ratio_spread")) - spread) < 1e-9);
	ck_assert(json_is_true(json_object_get(json_array_get(a, 2), "nothing_swapped")));
	json_decref(j);
	hp_report_configure(0, 2.0);
	hp_result_free(&r);
}
END_TEST

/* The pseudoXOF time of row r set to xof_ticks in all (its shape). */
static void set_xof_ticks(struct hp_result *r, uint64_t xof_ticks)
{
	for (size_t i = 0; i < r->nshapes; i++)
		if (r->shapes[i].fn == HP_FN_XOF)
			r->shapes[i].ticks = xof_ticks;
}

/* The placeholder 10^5 ticks a trial, 5 x 10^5 in all, of which pseudoXOF
 * takes 1000 (0.2%); SHAKE256's arm half the time: "2.00x faster" would
 * be a speed-up measured on 0.2% of the operation.  It prints "-" with a
 * note, JSON keeps the ratio and flags it; at 6000 ticks (1.2%) the
 * ratio is printed again. */
START_TEST(too_little_swapped_has_no_ratio)
{
	static const uint64_t base[5] = { 100000, 100000, 100000, 100000, 100000 },
			      half[5] = { 50000, 50000, 50000, 50000, 50000 },
			      odd[5] = { 50000, 50000, 50000, 50000, 100000 };
	struct hp_result r;
	char *out, *line;
	double share = -1;
	json_t *j, *arm;

	hp_result_init(&r);
	make_trials(&r, base, 3);
	add_measured_arm(&r, "SHAKE256", half, 3);
	add_measured_arm(&r, "SHAKE128", odd, 3);
	hp_report_configure(1, 2.0);
	ck_assert(hp_swap_too_little(&r, &hp_arms_c(&r)->arms[0], 1, &share));
	ck_assert_msg(fabs(share - 0.002) < 1e-12, "%g", share);
	ck_assert(!hp_swap_nothing_swapped(&hp_arms_c(&r)->arms[0]));

	hp_swap_configure(1); /* one line per arm */
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	line = strstr(out, "\nSYNTH-SIG  sign       SHAKE256");
	ck_assert_msg(line && !strstr(out, "x faster") && !strstr(out, "0.500"), "%s", out);
	ck_assert_msg(strstr(out, "note: SYNTH-SIG sign SHAKE256, SHAKE128: too little swapped: the helpers swapped "
				  "take 0.20% of the operation, under 1%: a ratio (or a projection's error) from "
				  "them would be noise, so none is printed (the JSON keeps the figures)\n"),
		      "%s", out);
	/* SHAKE128's ratio varies, but it is no ratio at all: no noisy note */
	ck_assert_msg(!strstr(out, "noisy"), "%s", out);
	free(out);
	/* the matrix: the time, no ratio; the same note */
	hp_swap_configure(0);
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	ck_assert_msg(strstr(out, "  12.5 us     15 us\n") && !strstr(out, "12.5 us 0.500") &&
			      strstr(out, "too little swapped"),
		      "%s", out);
	free(out);
	/* JSON: the figures and the flag */
	j = hp_record_from_result(&r);
	arm = json_array_get(json_object_get(j, "candidates"), 0);
	ck_assert(json_is_true(json_object_get(arm, "too_little_swapped")));
	ck_assert(json_is_false(json_object_get(arm, "nothing_swapped")));
	json_decref(j);

	/* 1.2%: over the bar, the ratio is printed */
	set_xof_ticks(&r, 6000);
	ck_assert(!hp_swap_too_little(&r, &hp_arms_c(&r)->arms[0], 1, &share));
	hp_swap_configure(1);
	out = swap_text(HP_FORMAT_TEXT, &r, 1);
	hp_swap_configure(0);
	ck_assert_msg(strstr(out, "0.500 (2.00x faster)") && !strstr(out, "too little"), "%s", out);
	free(out);
	j = hp_record_from_result(&r);
	ck_assert(json_is_false(
		json_object_get(json_array_get(json_object_get(j, "candidates"), 0), "too_little_swapped")));
	json_decref(j);
	hp_report_configure(0, 2.0);
	hp_result_free(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("projection");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, projection_is_the_formula);
	tcase_add_test(tc, no_projection_without_what_it_needs);
	tcase_add_test(tc, cost_tables_round_trip);
	tcase_add_test(tc, projection_below_zero_is_flagged);
	tcase_add_test(tc, ratio_notes);
	tcase_add_test(tc, batched_ratio_is_the_median_of_undisturbed_pairs);
	tcase_add_test(tc, too_little_swapped_has_no_ratio);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
