/*
 * test_accuracy.c - overhead calibration and correction, --raw, trials and
 * their spread, and the DRNG init column, through the build
 * tree's hashprof on the synthetic instances.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"

/* Run the build tree's hashprof with args (NULL-terminated) in our
 * environment, capturing its output (tests/capture.c). */
static void run_v(struct run *r, const char *const *args)
{
	run_capture(r, HP_HASHPROF, args, NULL);
}

#define RUN(r, ...) run_v((r), (const char *const[]){ __VA_ARGS__, NULL })

/* The JSON a successful run printed (caller owns it). */
static json_t *run_json(const char *const *args)
{
	struct run r;
	json_error_t je;
	json_t *doc;

	run_v(&r, args);
	doc = json_loads(r.out, 0, &je);
	ck_assert_msg(doc != NULL, "not JSON (%s): %s", je.text, r.out);
	ck_assert_int_eq(r.status, 0);
	run_free(&r);
	return doc;
}

#define RUN_JSON(...) run_json((const char *const[]){ __VA_ARGS__, NULL })

static json_t *row0(json_t *doc)
{
	return json_array_get(json_object_get(doc, "rows"), 0);
}

static double num(json_t *obj, const char *a, const char *b)
{
	return json_number_value(json_object_get(json_object_get(obj, a), b));
}

/* Calibration ran, its figures are plausible, and they correct the shares. */
START_TEST(test_overhead_calibrated)
{
	json_t *doc = RUN_JSON("SYNTH-SIG", "sign", "-n", "20", "--format=json"), *r = row0(doc);
	double added = num(r, "overhead", "added_ticks_per_call");
	double inside = num(r, "overhead", "inside_ticks_per_call");

	ck_assert(json_is_true(json_object_get(json_object_get(r, "overhead"), "valid")));
	ck_assert_msg(added > 0, "added %f ticks per call", added);
	ck_assert(inside >= 0 && inside <= added);
	/* how long it took is a speed, not a property: make bench (a) */
	ck_assert(num(r, "overhead", "calibration_seconds") > 0);
	/* the published (raw) total is the N operations' */
	double raw_total = num(r, "shares_raw", "total_ticks");
	ck_assert_double_eq_tol(
		raw_total, (double)json_integer_value(json_object_get(json_object_get(r, "totals"), "ticks")), 0.5);
	/* in every batch, corrected = (helper ticks - inside x calls) / (total
	 * - added x outermost calls, 13 per sign) */
	size_t i;
	json_t *t;
	json_array_foreach(json_object_get(r, "trials"), i, t)
	{
		json_t *calls = json_object_get(t, "calls"), *ticks = json_object_get(t, "ticks");
		double c = 0, h = 0, hc = 0, total = (double)json_integer_value(json_object_get(t, "total_ticks"));
		const char *key;
		json_t *v;
		json_object_foreach(calls, key, v)
		{
			c += (double)json_integer_value(v);
			if (strcmp(key, "get_random_number") && strcmp(key, "init_random_number")) {
				hc += (double)json_integer_value(v);
				h += (double)json_integer_value(json_object_get(ticks, key));
			}
		}
		ck_assert_double_eq(c, 13 * (double)json_integer_value(json_object_get(t, "operations")));
		ck_assert_double_eq_tol(num(t, "shares_corrected", "hash"), (h - inside * hc) / (total - added * c),
					1e-9);
	}
	/* the corrected total is the batches' median ticks per operation x N */
	ck_assert_double_eq_tol(num(r, "shares_corrected", "total_ticks"),
				20 * num(r, "batches", "ticks_per_operation_median"), 1e-6 * raw_total);
	json_decref(doc);
}
END_TEST

/* --raw prints the published figures and says so; the default says corrected. */
START_TEST(test_raw_flag)
{
	struct run r;

	RUN(&r, "SYNTH-SIG", "verify", "-n", "10");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "overhead: "));
	ck_assert_ptr_nonnull(strstr(r.out, "corrected for it"));
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "verify", "-n", "10", "--raw");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "NOT corrected"));
	run_free(&r);
}
END_TEST

/* N = 23 in batches (at least --trials 5 of them; a first batch of one
 * operation sizes the rest, at most 23 / 5 = 4 each), --min-time=0: the
 * counting batches hold the 23 operations and the totals, each batch
 * exactly its share of the calls; spread shown as "±". */
START_TEST(test_trials)
{
	json_t *doc = RUN_JSON("SYNTH-KEM", "encaps", "-n", "23", "--trials", "5", "--min-time=0", "--format=json"),
	       *r = row0(doc), *t;
	size_t i, counting = 0;
	long long total = 0, ops = 0;

	json_array_foreach(json_object_get(r, "trials"), i, t)
	{
		long long n = json_integer_value(json_object_get(t, "operations"));
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(t, "calls"), "pseudohash")), 2 * n);
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(t, "calls"), "get_random_number")),
				 n);
		if (json_is_true(json_object_get(t, "timing_only")))
			continue;
		ck_assert(i == 0 ? n == 1 : n <= 4);
		counting++;
		ops += n;
		total += json_integer_value(json_object_get(t, "total_ticks"));
	}
	ck_assert_uint_ge(counting, 5);
	ck_assert_int_eq(ops, 23);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r, "batches"), "counting_operations")), 23);
	ck_assert_int_eq(total, json_integer_value(json_object_get(json_object_get(r, "totals"), "ticks")));
	ck_assert(num(r, "shares_corrected", "hash_spread_pp") >= 0);
	json_decref(doc);

	struct run cap;
	RUN(&cap, "SYNTH-KEM", "encaps", "-n", "23", "--trials", "5");
	ck_assert_ptr_nonnull(strstr(cap.out, "\u00b1"));
	run_free(&cap);
	RUN(&cap, "SYNTH-KEM", "encaps", "-n", "23", "--trials", "0");
	ck_assert_int_eq(cap.status, 2);
	run_free(&cap);
	RUN(&cap, "SYNTH-KEM", "encaps", "-n", "23", "--min-time=-1");
	ck_assert_int_eq(cap.status, 2);
	ck_assert_ptr_nonnull(strstr(cap.err, "--min-time: '-1'"));
	run_free(&cap);
}
END_TEST

/* The row's calls, without the JSON keys that are timings. */
static json_t *counts_of(json_t *r)
{
	json_t *calls = json_deep_copy(json_object_get(r, "calls")), *c;
	size_t i;

	json_array_foreach(calls, i, c) json_object_del(c, "ticks");
	return calls;
}

/* A floor of operation time (--min-time=1 s for 3 operations of a few
 * us) adds timing-only operations after the N counting ones: in the
 * batches, in no count.  The call table and the per-iteration counts are
 * exactly those of the same run without the floor. */
START_TEST(test_timing_only_counts)
{
	json_t *a = RUN_JSON("SYNTH-KEM", "encaps", "-n", "3", "--per-iteration", "--min-time=0", "--format=json");
	json_t *b = RUN_JSON("SYNTH-KEM", "encaps", "-n", "3", "--per-iteration", "--min-time=1", "--format=json");
	json_t *ra = row0(a), *rb = row0(b), *ca = counts_of(ra), *cb = counts_of(rb), *t;
	json_t *gb = json_object_get(rb, "batches");
	long long timing = json_integer_value(json_object_get(gb, "timing_operations")), seen = 0;
	size_t i;

	ck_assert_msg(json_equal(ca, cb), "calls differ: %s vs %s", json_dumps(ca, JSON_COMPACT),
		      json_dumps(cb, JSON_COMPACT));
	ck_assert(json_equal(json_object_get(ra, "per_iteration"), json_object_get(rb, "per_iteration")));
	ck_assert(json_equal(json_object_get(ra, "overflow"), json_object_get(rb, "overflow")));
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(rb, "totals"), "operations")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(gb, "counting_operations")), 3);
	ck_assert_int_gt(timing, 3);
	json_array_foreach(json_object_get(rb, "trials"), i, t)
	{
		if (json_is_true(json_object_get(t, "timing_only")))
			seen += json_integer_value(json_object_get(t, "operations"));
	}
	ck_assert_int_eq(seen, timing);
	json_decref(ca);
	json_decref(cb);
	json_decref(a);
	json_decref(b);
}
END_TEST

/* Re-seeding a private DRNG in every signature: init_random_number is
 * counted (1 per sign, seed = 32-byte key || 64-byte message), has a share
 * of its own, and stays out of the published DRNG share. */
START_TEST(test_drng_init_column)
{
	json_t *doc = RUN_JSON("SYNTH-RESEED", "sign", "-n", "10", "--format=json"), *r = row0(doc), *s;
	size_t i;
	int seen = 0;
	double init_ticks = 0, drng_ticks = 0;

	json_array_foreach(json_object_get(r, "calls"), i, s)
	{
		const char *fn = json_string_value(json_object_get(s, "fn"));
		if (!strcmp(fn, "init_random_number")) {
			ck_assert_int_eq(json_integer_value(json_object_get(s, "calls")), 10);
			ck_assert_int_eq(json_integer_value(json_object_get(s, "in_bits")), 8 * (32 + 64));
			init_ticks += (double)json_integer_value(json_object_get(s, "ticks"));
			seen = 1;
		}
		if (!strcmp(fn, "get_random_number")) {
			ck_assert_int_eq(json_integer_value(json_object_get(s, "calls")), 40);
			drng_ticks += (double)json_integer_value(json_object_get(s, "ticks"));
		}
	}
	ck_assert(seen);
	ck_assert(num(r, "shares_raw", "drng_init") > 0);
	double total = num(r, "shares_raw", "total_ticks");
	ck_assert_double_eq_tol(num(r, "shares_raw", "drng"), drng_ticks / total, 1e-9);
	ck_assert_double_eq_tol(num(r, "shares_raw", "drng_init"), init_ticks / total, 1e-9);
	json_decref(doc);

	struct run cap;
	RUN(&cap, "SYNTH-RESEED", "sign", "-n", "10");
	ck_assert_ptr_nonnull(strstr(cap.out, "DRNG init"));
	ck_assert_ptr_nonnull(strstr(cap.out, "init_random_number: 1 calls per operation"));
	run_free(&cap);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("accuracy");
	TCase *tc = tcase_create("accuracy");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_overhead_calibrated);
	tcase_add_test(tc, test_raw_flag);
	tcase_add_test(tc, test_trials);
	tcase_add_test(tc, test_timing_only_counts);
	tcase_add_test(tc, test_drng_init_column);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
