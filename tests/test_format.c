/*
 * test_format.c - Check suite for prof/format/format.c (the published number
 * formats of method.md, "Counting and timing") and prof/measure/plan.c (N and
 * warm-up planning, method.md "Running").  Every assertion is on an exact
 * string or number.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "measure/plan.h"
#include "util/grow.h"

/* ---------- hp_format_share ---------- */

static const char *share(double part, double whole)
{
	static char buf[16];

	memset(buf, 'X', sizeof buf);
	return hp_format_share(part, whole, buf, sizeof buf);
}

START_TEST(share_nothing_measured)
{
	ck_assert_str_eq(share(0, 0), "0.0%");
	ck_assert_str_eq(share(5, 0), "0.0%"); /* whole = 0: nothing measured */
	ck_assert_str_eq(share(0, 10000), "0.0%"); /* part = 0 */
}
END_TEST

START_TEST(share_below_one_tenth)
{
	ck_assert_str_eq(share(4, 10000), "0.0%"); /* 0.04% rounds to zero */
	ck_assert_str_eq(share(49, 100000), "0.0%"); /* 0.049% */
	ck_assert_str_eq(share(5, 10000), "0.1%"); /* 0.05%: half-up */
	ck_assert_str_eq(share(15, 10000), "0.2%"); /* 0.15%: half-up, not to even */
	ck_assert_str_eq(share(25, 10000), "0.3%"); /* 0.25%: half-up, not to even */
}
END_TEST

START_TEST(share_one_decimal_below_ten)
{
	ck_assert_str_eq(share(5, 1000), "0.5%");
	ck_assert_str_eq(share(18, 1000), "1.8%");
	ck_assert_str_eq(share(994, 10000), "9.9%"); /* 9.94% */
	ck_assert_str_eq(share(9949, 100000), "9.9%"); /* 9.949%: format.h's example */
	ck_assert_str_eq(share(95, 1000), "9.5%");
}
END_TEST

START_TEST(share_integer_from_ten)
{
	ck_assert_str_eq(share(995, 10000), "10%"); /* 9.95% rounds up into the integer range */
	ck_assert_str_eq(share(1000, 10000), "10%");
	ck_assert_str_eq(share(88, 100), "88%");
	ck_assert_str_eq(share(105, 1000), "11%"); /* 10.5%: half-up */
	ck_assert_str_eq(share(125, 1000), "13%"); /* 12.5%: half-up, not to even */
	ck_assert_str_eq(share(1049, 10000), "10%"); /* 10.49% */
	ck_assert_str_eq(share(9996, 10000), "100%"); /* 99.96% */
	ck_assert_str_eq(share(9994, 10000), "100%"); /* 99.94%: integers from 10% up */
	ck_assert_str_eq(share(10000, 10000), "100%");
}
END_TEST

START_TEST(share_large_tick_counts)
{
	/* Realistic tick counts (hash-based signatures: ~1e10 ticks per run). */
	ck_assert_str_eq(share(8.8e9, 1e10), "88%");
	ck_assert_str_eq(share(4.5e6, 1e10), "0.0%");
	ck_assert_str_eq(share(5e6, 1e10), "0.1%");
}
END_TEST

/* ---------- hp_format_calls ---------- */

static const char *calls(uint64_t c, uint64_t ops)
{
	static char buf[32];

	memset(buf, 'X', sizeof buf);
	return hp_format_calls(c, ops, buf, sizeof buf);
}

START_TEST(calls_three_significant_digits)
{
	ck_assert_str_eq(calls(8610, 1000), "8.61");
	ck_assert_str_eq(calls(861, 100), "8.61");
	ck_assert_str_eq(calls(210, 1), "210");
	ck_assert_str_eq(calls(2100, 10), "210");
	ck_assert_str_eq(calls(179000, 1), "1.79e+05");
	ck_assert_str_eq(calls(1, 3), "0.333");
	ck_assert_str_eq(calls(1, 1), "1");
	ck_assert_str_eq(calls(8600, 1000), "8.6"); /* %.3g drops trailing zeros */
	ck_assert_str_eq(calls(2996, 1000), "3"); /* 2.996 -> 3.00 -> "3" */
	ck_assert_str_eq(calls(9996, 1000), "10"); /* 9.996 -> 10.0 -> "10" */
	ck_assert_str_eq(calls(0, 5), "0");
	ck_assert_str_eq(calls(7, 0), "0"); /* no operation: no mean */
}
END_TEST

/* ---------- hp_format_call_list ---------- */

START_TEST(call_list_order_and_omission)
{
	uint64_t c[HP_FN_COUNT] = { 0 };
	char buf[256];

	c[HP_FN_DRNG] = 1000;
	c[HP_FN_XOF] = 8610;
	c[HP_FN_PSEUDOHASH] = 8610;
	ck_assert_str_eq(hp_format_call_list(c, 1000, 0, buf, sizeof buf), "drng 1, pseudoXOF 8.61, pseudohash 8.61");

	memset(c, 0, sizeof c);
	c[HP_FN_SM3] = 3;
	c[HP_FN_PSEUDOHASH] = 83;
	c[HP_FN_XOF] = 210;
	ck_assert_str_eq(hp_format_call_list(c, 1, 0, buf, sizeof buf), "pseudoXOF 210, pseudohash 83, sm3hash 3");

	memset(c, 0, sizeof c);
	c[HP_FN_SM3] = 7;
	c[HP_FN_DRNG] = 14;
	ck_assert_str_eq(hp_format_call_list(c, 7, 0, buf, sizeof buf), "drng 2, sm3hash 1");

	memset(c, 0, sizeof c);
	c[HP_FN_DRNG] = 298000;
	ck_assert_str_eq(hp_format_call_list(c, 1000, 0, buf, sizeof buf), "drng 298");
}
END_TEST

START_TEST(call_list_all_zero_is_empty)
{
	uint64_t c[HP_FN_COUNT] = { 0 };
	char buf[64];

	strcpy(buf, "garbage");
	ck_assert_str_eq(hp_format_call_list(c, 10, 0, buf, sizeof buf), "");
	ck_assert_str_eq(hp_format_call_list(c, 10, 1, buf, sizeof buf), "");
}
END_TEST

START_TEST(call_list_init_only_when_asked)
{
	uint64_t c[HP_FN_COUNT] = { 0 };
	char buf[128];

	c[HP_FN_DRNG_INIT] = 1;
	ck_assert_str_eq(hp_format_call_list(c, 1, 0, buf, sizeof buf), "");
	ck_assert_str_eq(hp_format_call_list(c, 1, 1, buf, sizeof buf), "drng_init 1");
	c[HP_FN_DRNG] = 4;
	c[HP_FN_SM3] = 2;
	ck_assert_str_eq(hp_format_call_list(c, 2, 0, buf, sizeof buf), "drng 2, sm3hash 1");
	ck_assert_str_eq(hp_format_call_list(c, 2, 1, buf, sizeof buf), "drng 2, sm3hash 1, drng_init 0.5");
}
END_TEST

START_TEST(call_list_truncates_at_whole_items)
{
	uint64_t c[HP_FN_COUNT] = { 0 };
	char buf[20];

	c[HP_FN_DRNG] = 1000;
	c[HP_FN_XOF] = 8610;
	c[HP_FN_PSEUDOHASH] = 8610;
	/* "drng 1, pseudoXOF 8.61" needs 23 bytes: a cut-off item would be a
	 * wrong number ("pseudoXOF 8"), so only whole items may appear. */
	ck_assert_str_eq(hp_format_call_list(c, 1000, 0, buf, sizeof buf), "drng 1");
}
END_TEST

/* ---------- hp_format_seconds ---------- */

static const char *secs(double s)
{
	static char buf[32];

	memset(buf, 'X', sizeof buf);
	return hp_format_seconds(s, buf, sizeof buf);
}

START_TEST(seconds_units)
{
	ck_assert_str_eq(secs(812e-9), "812 ns");
	ck_assert_str_eq(secs(20.4e-9), "20.4 ns");
	ck_assert_str_eq(secs(35.2e-6), "35.2 us");
	ck_assert_str_eq(secs(1.23e-3), "1.23 ms");
	ck_assert_str_eq(secs(144e-6), "144 us");
	ck_assert_str_eq(secs(2.53), "2.53 s");
	ck_assert_str_eq(secs(1.0), "1 s");
	ck_assert_str_eq(secs(1e-3), "1 ms");
	ck_assert_str_eq(secs(1e-6), "1 us");
	ck_assert_str_eq(secs(0.5e-9), "0.5 ns");
	ck_assert_str_eq(secs(0), "0 ns");
}
END_TEST

START_TEST(seconds_never_exponent)
{
	/* Values that round up to 1000 of a unit go to the next unit. */
	ck_assert_str_eq(secs(999.6e-9), "1 us");
	ck_assert_str_eq(secs(999.7e-6), "1 ms");
	ck_assert_str_eq(secs(0.99996), "1 s");
	ck_assert_str_eq(secs(999.4e-6), "999 us");
	/* Long operations stay in seconds, as whole seconds. */
	ck_assert_str_eq(secs(1234.4), "1234 s");
	ck_assert_str_eq(secs(999.6), "1000 s");
}
END_TEST

/* ---------- hp_plan ---------- */

static void plan(double t1, uint64_t n_want, uint64_t w_want)
{
	uint64_t n = 12345, w = 12345;

	hp_plan_iterations(t1, &n, &w);
	ck_assert_msg(n == n_want && w == w_want,
		      "hp_plan_iterations(%g): N=%llu warm-up=%llu, expected N=%llu warm-up=%llu", t1,
		      (unsigned long long)n, (unsigned long long)w, (unsigned long long)n_want,
		      (unsigned long long)w_want);
}

START_TEST(plan_method_md)
{
	plan(1e-9, 1000, 1); /* tiny t1: capped at 1000 */
	plan(1e-3, 1000, 1); /* exactly 1000 */
	plan(1.1e-3, 910, 1); /* ceil(909.09) */
	plan(0.1, 10, 1);
	plan(0.3, 4, 1); /* ceil(3.33) */
	plan(0.4, 3, 1); /* ceil(2.5) = 3 */
	plan(0.5, 3, 1); /* 2, raised to the minimum 3 */
	plan(1.0, 3, 1);
	plan(4.999, 3, 1); /* still below 5 s: one warm-up */
	plan(5.0, 3, 0); /* exactly 5 s: no warm-up */
	plan(10.0, 3, 0);
	plan(0.0, 1000, 1); /* t1 <= 0 plans the maximum */
	plan(-1.0, 1000, 1);
}
END_TEST

/* hp_grow (prof/util/grow.c): the first block, then doubling, the same
 * block while there is room, and NULL with the array untouched where the
 * size would overflow. */
START_TEST(grow_doubles)
{
	size_t cap = 0;
	int *v = hp_grow(NULL, &cap, 0, sizeof *v, 4), *w;

	ck_assert_ptr_nonnull(v);
	ck_assert_uint_eq(cap, 4);
	for (int i = 0; i < 4; i++)
		v[i] = i;
	ck_assert_ptr_eq(hp_grow(v, &cap, 3, sizeof *v, 4), v); /* room: the same block */
	ck_assert_uint_eq(cap, 4);
	w = hp_grow(v, &cap, 4, sizeof *v, 4);
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(cap, 8);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(w[i], i); /* kept */
	v = w;
	cap = SIZE_MAX / 2 + 1; /* doubling would overflow */
	ck_assert_ptr_null(hp_grow(v, &cap, cap, 1, 4));
	ck_assert_uint_eq(cap, SIZE_MAX / 2 + 1);
	cap = 8;
	ck_assert_ptr_null(hp_grow(v, &cap, 8, SIZE_MAX / 8, 4)); /* 16 elements of that size would */
	ck_assert_uint_eq(cap, 8);
	free(v);
}
END_TEST

static Suite *format_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("share");

	tcase_add_test(tc, share_nothing_measured);
	tcase_add_test(tc, share_below_one_tenth);
	tcase_add_test(tc, share_one_decimal_below_ten);
	tcase_add_test(tc, share_integer_from_ten);
	tcase_add_test(tc, share_large_tick_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("calls");
	tcase_add_test(tc, calls_three_significant_digits);
	tcase_add_test(tc, call_list_order_and_omission);
	tcase_add_test(tc, call_list_all_zero_is_empty);
	tcase_add_test(tc, call_list_init_only_when_asked);
	tcase_add_test(tc, call_list_truncates_at_whole_items);
	suite_add_tcase(s, tc);

	tc = tcase_create("seconds");
	tcase_add_test(tc, seconds_units);
	tcase_add_test(tc, seconds_never_exponent);
	suite_add_tcase(s, tc);

	tc = tcase_create("plan");
	tcase_add_test(tc, plan_method_md);
	suite_add_tcase(s, tc);

	tc = tcase_create("grow");
	tcase_add_test(tc, grow_doubles);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(format_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
