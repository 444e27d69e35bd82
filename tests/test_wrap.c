/*
 * test_wrap.c - Check suite for the --wrap shims (wrap/hook.h,
 * wrap/state.c) and the overhead calibration on them (prof/calibrate.c).
 *
 * This program is linked with wrap/libhpwrap.la and $(HP_WRAP_LDFLAGS), like
 * an instance module, around fake helpers (fake_helpers.c, fake_sm3.c) whose
 * pseudohash and DRNG call sm3hash in another object file: those calls go
 * through the shims, so nesting really happens.  The shims' clock is a fake
 * one that advances by FAKE_CLOCK_STEP per read while the fakes advance it
 * by their cost (fake_helpers.h), so every tick count is exact.
 */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "calibrate.h"
#include "fake_helpers.h"
#include "hp_wrap.h"

/* wrap/state.c: protected visibility, found by the runtime with dlsym(). */
extern __attribute__((visibility("protected"))) struct hp_wrap_state hashprof_wrap_state;

#define W hashprof_wrap_state
#define FAKE_CLOCK_STEP 7u

static unsigned long clock_reads;

static uint64_t fake_clock(void)
{
	clock_reads++;
	fake_now += FAKE_CLOCK_STEP;
	return fake_now;
}

static void reset(void)
{
	memset(W.shapes, 0, sizeof W.shapes);
	memset(W.overflow, 0, sizeof W.overflow);
	W.accounting = 0;
	W.clock = fake_clock;
	W.tick_inline = 0;
	fake_now = 0;
	clock_reads = 0;
	memset(fake_ret, 0, sizeof fake_ret);
	memset(fake_runs, 0, sizeof fake_runs);
	fake_last_drng = NULL;
	fake_xof_calls_pseudohash = 0;
	fake_sm3_hook = NULL;
}

/* The shape (fn, in, out), or NULL when the table does not have it. */
static const struct hp_shape *shape(unsigned fn, uint64_t in_bits, uint64_t out_bits)
{
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *s = &W.shapes[i];
		if (s->used && s->fn == fn && s->in_bits == in_bits && s->out_bits == out_bits)
			return s;
	}
	return NULL;
}

static unsigned shapes_used(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		n += W.shapes[i].used != 0;
	return n;
}

/* Calls (outermost and nested) of every fn that overflowed the table. */
static uint64_t overflowed(void)
{
	uint64_t n = 0;

	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++)
		n += W.overflow[fn].calls + W.overflow[fn].nested;
	return n;
}

/* Assert that shape (fn, in, out) exists with these counts. */
static void expect_shape(unsigned fn, uint64_t in_bits, uint64_t out_bits,
			 uint64_t calls, uint64_t nested, uint64_t ticks)
{
	const struct hp_shape *s = shape(fn, in_bits, out_bits);

	ck_assert_msg(s != NULL, "no shape (%s, in %llu, out %llu)", hp_fn_name(fn),
		      (unsigned long long)in_bits, (unsigned long long)out_bits);
	ck_assert_msg(s->calls == calls && s->nested == nested && s->ticks == ticks,
		      "shape (%s, in %llu, out %llu): calls %llu nested %llu ticks %llu, "
		      "expected %llu %llu %llu", hp_fn_name(fn), (unsigned long long)in_bits,
		      (unsigned long long)out_bits, (unsigned long long)s->calls,
		      (unsigned long long)s->nested, (unsigned long long)s->ticks,
		      (unsigned long long)calls, (unsigned long long)nested, (unsigned long long)ticks);
}

static unsigned char msg[4096], out[512];
static int drng_ctx;

START_TEST(state_initialised)
{
	ck_assert_uint_eq(W.abi_version, HP_WRAP_ABI_VERSION);
	ck_assert_int_eq(W.accounting, 0);
	ck_assert_uint_eq(shapes_used(), 0);
}
END_TEST

START_TEST(accounting_off_counts_nothing)
{
	reset();
	ck_assert_int_eq(pseudohash(512, msg, 1024, out), 0);
	ck_assert_int_eq(pseudoXOF(1024, msg, 256, out), 0);
	ck_assert_int_eq(sm3hash(256, msg, 264, out), 0);
	ck_assert_int_eq(get_random_number(&drng_ctx, out, 256), 0);
	ck_assert_int_eq(init_random_number(&drng_ctx, msg, 48), 0);

	/* Every real helper ran (sm3hash also inside pseudohash and the DRNG)... */
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 1 + 1 + 2);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG_INIT], 1);
	/* ...but nothing was counted, and the clock was never read. */
	ck_assert_uint_eq(shapes_used(), 0);
	ck_assert_uint_eq(overflowed(), 0);
	ck_assert_uint_eq(clock_reads, 0);
}
END_TEST

START_TEST(outer_calls_per_shape)
{
	reset();
	W.accounting = 1;
	for (int i = 0; i < 3; i++)
		pseudoXOF(1024, msg, 256, out);
	for (int i = 0; i < 2; i++)
		pseudoXOF(512, msg, 1024, out);
	sm3hash(256, msg, 1152, out);
	sm3hash(256, msg, 1152, out);
	sm3hash(512, msg, 1152, out);
	init_random_number(&drng_ctx, msg, 48);
	W.accounting = 0;

	expect_shape(HP_FN_XOF, 256, 1024, 3, 0, 3 * (FAKE_COST_XOF + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_XOF, 1024, 512, 2, 0, 2 * (FAKE_COST_XOF + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_SM3, 1152, 256, 2, 0, 2 * (FAKE_COST_SM3 + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_SM3, 1152, 512, 1, 0, FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	/* init_random_number: in = 8 * seed bytes, out = 0. */
	expect_shape(HP_FN_DRNG_INIT, 384, 0, 1, 0, FAKE_COST_DRNG_INIT + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(shapes_used(), 5);
	ck_assert_uint_eq(clock_reads, 2 * 9);
	ck_assert_uint_eq(overflowed(), 0);
}
END_TEST

START_TEST(same_lengths_other_function_is_other_shape)
{
	reset();
	W.accounting = 1;
	pseudoXOF(256, msg, 256, out);
	sm3hash(256, msg, 256, out);
	W.accounting = 0;
	expect_shape(HP_FN_XOF, 256, 256, 1, 0, FAKE_COST_XOF + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_SM3, 256, 256, 1, 0, FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(shapes_used(), 2);
}
END_TEST

START_TEST(drng_shape_and_nesting)
{
	reset();
	W.accounting = 1;
	ck_assert_int_eq(get_random_number(&drng_ctx, out, 256), 0);
	ck_assert_int_eq(get_random_number(&drng_ctx, out, 128), 0);
	W.accounting = 0;

	/* DRNG: input 0 bits, output the requested bits; its two sm3hash calls
	 * are inside the timed call: counted as nested, with no ticks. */
	expect_shape(HP_FN_DRNG, 0, 256, 1, 0, FAKE_COST_DRNG + 2 * FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_DRNG, 0, 128, 1, 0, FAKE_COST_DRNG + 2 * FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_SM3, 264, 256, 0, 4, 0);
	ck_assert_uint_eq(shapes_used(), 3);
	ck_assert_ptr_eq(fake_last_drng, &drng_ctx);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 4);
	/* Only the outer calls read the clock: never timed twice. */
	ck_assert_uint_eq(clock_reads, 2 * 2);
}
END_TEST

START_TEST(nested_counted_not_timed)
{
	reset();
	W.accounting = 1;
	pseudohash(512, msg, 1024, out);
	pseudohash(512, msg, 1024, out);
	/* The same sm3hash shape, now outermost: timed and counted in calls. */
	sm3hash(256, msg, 1024, out);
	W.accounting = 0;

	expect_shape(HP_FN_PSEUDOHASH, 1024, 512, 2, 0,
		     2 * (FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_SM3, 1024, 256, 1, 2, FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(shapes_used(), 2);
	ck_assert_uint_eq(clock_reads, 2 * 3);
	/* The whole fake time is accounted for exactly once (all of it but
	 * the first clock read of each of the 3 outermost calls). */
	{
		uint64_t sum = 0;
		for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
			sum += W.shapes[i].ticks;
		ck_assert_uint_eq(sum, fake_now - 3 * FAKE_CLOCK_STEP);
	}
}
END_TEST

START_TEST(intra_object_call_invisible)
{
	/* method.md: --wrap only sees calls that cross object files.  The
	 * fake pseudoXOF calls pseudohash in its own object: not counted, but
	 * its time is inside pseudoXOF's, and the sm3hash it makes (another
	 * object) is seen, nested. */
	reset();
	fake_xof_calls_pseudohash = 1;
	W.accounting = 1;
	pseudoXOF(1024, msg, 256, out);
	W.accounting = 0;

	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 1);
	ck_assert_ptr_null(shape(HP_FN_PSEUDOHASH, 256, 512));
	expect_shape(HP_FN_XOF, 256, 1024, 1, 0,
		     FAKE_COST_XOF + FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_SM3, 256, 256, 0, 1, 0);
	ck_assert_uint_eq(shapes_used(), 2);
}
END_TEST

START_TEST(depth_recovers_after_nesting)
{
	reset();
	W.accounting = 1;
	get_random_number(&drng_ctx, out, 256);
	pseudohash(256, msg, 8, out);
	/* Back at depth 0: both of these are outermost again. */
	sm3hash(256, msg, 264, out);
	get_random_number(&drng_ctx, out, 256);
	W.accounting = 0;

	expect_shape(HP_FN_DRNG, 0, 256, 2, 0, 2 * (FAKE_COST_DRNG + 2 * FAKE_COST_SM3 + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_PSEUDOHASH, 8, 256, 1, 0, FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_SM3, 264, 256, 1, 4, FAKE_COST_SM3 + FAKE_CLOCK_STEP);
	expect_shape(HP_FN_SM3, 8, 256, 0, 1, 0);
	ck_assert_uint_eq(shapes_used(), 4);
}
END_TEST

START_TEST(accounting_window_only)
{
	reset();
	pseudoXOF(1024, msg, 256, out);         /* off */
	W.accounting = 1;
	pseudoXOF(1024, msg, 256, out);         /* on */
	W.accounting = 0;
	pseudoXOF(1024, msg, 256, out);         /* off */
	get_random_number(&drng_ctx, out, 256); /* off, and its nested calls too */

	expect_shape(HP_FN_XOF, 256, 1024, 1, 0, FAKE_COST_XOF + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(shapes_used(), 1);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 3);
	ck_assert_uint_eq(clock_reads, 2);
}
END_TEST

START_TEST(return_values_and_outputs_pass_through)
{
	reset();
	for (int on = 0; on < 2; on++) {
		W.accounting = on;
		memset(fake_ret, 0, sizeof fake_ret);
		fake_ret[HP_FN_XOF] = 5;
		fake_ret[HP_FN_PSEUDOHASH] = -2;
		fake_ret[HP_FN_DRNG] = 1;
		fake_ret[HP_FN_DRNG_INIT] = -7;

		memset(out, 0, sizeof out);
		ck_assert_int_eq(pseudoXOF(1024, msg, 256, out), 5);
		ck_assert_uint_eq(out[0], 0x58);
		ck_assert_uint_eq(out[127], 0x58);
		ck_assert_uint_eq(out[128], 0);

		memset(out, 0, sizeof out);
		ck_assert_int_eq(pseudohash(512, msg, 1024, out), -2);
		ck_assert_uint_eq(out[63], 0x48);
		ck_assert_uint_eq(out[64], 0);

		ck_assert_int_eq(get_random_number(&drng_ctx, out, 256), 1);
		ck_assert_ptr_eq(fake_last_drng, &drng_ctx);
		ck_assert_int_eq(init_random_number(&drng_ctx, msg, 48), -7);

		/* A nested call's result reaches the outer helper unchanged. */
		fake_ret[HP_FN_SM3] = -4;
		ck_assert_int_eq(sm3hash(256, msg, 8, out), -4);
		ck_assert_int_eq(pseudohash(512, msg, 1024, out), -4);
		ck_assert_int_eq(get_random_number(&drng_ctx, out, 256), -4);
	}
	W.accounting = 0;
	/* The failing calls still counted (on pass only). */
	expect_shape(HP_FN_PSEUDOHASH, 1024, 512, 2, 0,
		     2 * (FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP));
	/* The failing DRNG stopped after its first sm3hash. */
	expect_shape(HP_FN_DRNG, 0, 256, 2, 0,
		     (FAKE_COST_DRNG + 2 * FAKE_COST_SM3 + FAKE_CLOCK_STEP) +
		     (FAKE_COST_DRNG + FAKE_COST_SM3 + FAKE_CLOCK_STEP));
	expect_shape(HP_FN_SM3, 264, 256, 0, 3, 0);
}
END_TEST

/* ---------- depth is per thread ---------- */

static void *other_thread(void *arg)
{
	(void)arg;
	pseudoXOF(256, msg, 8, out);
	return NULL;
}

static void spawn_and_join(void)
{
	pthread_t t;

	fake_sm3_hook = NULL;
	ck_assert_int_eq(pthread_create(&t, NULL, other_thread, NULL), 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
}

START_TEST(depth_is_thread_local)
{
	/* While this thread is inside sm3hash, another thread's helper call is
	 * its own outermost call: counted and timed there, not nested. */
	reset();
	fake_sm3_hook = spawn_and_join;
	W.accounting = 1;
	sm3hash(256, msg, 16, out);
	W.accounting = 0;

	expect_shape(HP_FN_XOF, 8, 256, 1, 0, FAKE_COST_XOF + FAKE_CLOCK_STEP);
	/* This thread's call contains the other thread's, clock reads included. */
	expect_shape(HP_FN_SM3, 16, 256, 1, 0,
		     FAKE_COST_SM3 + FAKE_CLOCK_STEP + FAKE_COST_XOF + 2 * FAKE_CLOCK_STEP);
	ck_assert_uint_eq(clock_reads, 4);
}
END_TEST

/* ---------- shape-table overflow ---------- */

/* With tick_inline set (the runtime does so only where the counter is its
 * clock's), the shims read the counter themselves and never call the
 * clock function; the call is still counted and timed in real ticks. */
START_TEST(inline_tick_bypasses_the_clock_function)
{
	unsigned char msg[64] = { 0 }, out[32];

	W.tick_inline = 1;
	W.accounting = 1;
	sm3hash(256, msg, 512, out);
	sm3hash(256, msg, 512, out);
	W.accounting = 0;
	W.tick_inline = 0;
	const struct hp_shape *s = shape(HP_FN_SM3, 512, 256);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->calls, 2);
#if defined(__x86_64__) || defined(__aarch64__)
	ck_assert_uint_eq(clock_reads, 0);
	/* real ticks: the fake clock's 50-tick cost is not what was read */
	ck_assert_uint_ne(s->ticks, 2 * (FAKE_COST_SM3 + FAKE_CLOCK_STEP));
#else
	ck_assert_uint_eq(clock_reads, 2 * 2);   /* no inline counter: the flag is ignored */
#endif
}
END_TEST

/* Per-helper totals, over the table and the overflow counters. */
struct totals {
	uint64_t calls[HP_FN_SLOTS], nested[HP_FN_SLOTS], ticks[HP_FN_SLOTS];
};

static struct totals totals(void)
{
	struct totals t;

	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++) {
		t.calls[fn] = W.overflow[fn].calls;
		t.nested[fn] = W.overflow[fn].nested;
		t.ticks[fn] = W.overflow[fn].ticks;
	}
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (W.shapes[i].used) {
			t.calls[W.shapes[i].fn] += W.shapes[i].calls;
			t.nested[W.shapes[i].fn] += W.shapes[i].nested;
			t.ticks[W.shapes[i].fn] += W.shapes[i].ticks;
		}
	return t;
}

START_TEST(overflow_keeps_exact_per_helper_totals)
{
	/* 3 rounds over 1500 sm3hash shapes and 1500 pseudohash shapes (each
	 * pseudohash nests one sm3hash of yet another shape): 4500 shapes,
	 * far more than the table holds. */
	const uint64_t nshapes = 1500, rounds = 3, calls = rounds * nshapes;
	const uint64_t sm3_ticks = FAKE_COST_SM3 + FAKE_CLOCK_STEP;
	const uint64_t ph_ticks = FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP;
	struct totals t;

	reset();
	W.accounting = 1;
	for (uint64_t r = 0; r < rounds; r++)
		for (uint64_t i = 0; i < nshapes; i++) {
			sm3hash(256, msg, i, out);
			pseudohash(512, msg, 100000 + i, out);
		}
	W.accounting = 0;

	/* the table overflowed, for each kind of call */
	ck_assert_uint_le(shapes_used(), HP_SHAPES_MAX);
	ck_assert_uint_gt(W.overflow[HP_FN_SM3].calls, 0);
	ck_assert_uint_gt(W.overflow[HP_FN_SM3].nested, 0);
	ck_assert_uint_gt(W.overflow[HP_FN_PSEUDOHASH].calls, 0);
	/* and every helper's calls and ticks are exact */
	t = totals();
	ck_assert_uint_eq(t.calls[HP_FN_SM3], calls);
	ck_assert_uint_eq(t.nested[HP_FN_SM3], calls);
	ck_assert_uint_eq(t.ticks[HP_FN_SM3], calls * sm3_ticks);
	ck_assert_uint_eq(t.calls[HP_FN_PSEUDOHASH], calls);
	ck_assert_uint_eq(t.nested[HP_FN_PSEUDOHASH], 0);
	ck_assert_uint_eq(t.ticks[HP_FN_PSEUDOHASH], calls * ph_ticks);
	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++)
		if (fn != HP_FN_SM3 && fn != HP_FN_PSEUDOHASH)
			ck_assert_uint_eq(t.calls[fn] + t.nested[fn] + t.ticks[fn], 0);
	ck_assert_uint_eq(clock_reads, 2 * 2 * calls);
	/* a shape is in the table for all its calls or for none */
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (W.shapes[i].used)
			ck_assert_uint_eq(W.shapes[i].calls + W.shapes[i].nested, rounds);
	/* the overflow counts only calls: of the 4500 shapes, those the
	 * table did not take */
	ck_assert_uint_eq(overflowed(), (3 * nshapes - shapes_used()) * rounds);
}
END_TEST

/* hashprof_calib_loop's stand-in helper, timed by prof/calibrate.c. */
void hashprof_calib_loop(unsigned n, int wrapped);

START_TEST(calibration_after_an_overflowing_warmup)
{
	struct hp_overhead oh;

	/* a warm-up that overflowed and left every slot of the table used */
	reset();
	W.accounting = 1;
	for (unsigned i = 0; i < 2 * HP_SHAPES_MAX; i++)
		sm3hash(256, msg, i, out);
	W.accounting = 0;
	ck_assert_uint_gt(W.overflow[HP_FN_SM3].calls, 0);
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (!W.shapes[i].used)
			W.shapes[i] = (struct hp_shape){ 1, HP_FN_SM3, 1000000 + i, 256, 1, 0, 1 };

	hp_calibrate(&W, hashprof_calib_loop, fake_clock, &oh);
	ck_assert_int_eq(oh.valid, 1);
	/* Fake clock: a wrapped call adds two reads, one step of which is
	 * inside the shim's timed region: added 2 steps, inside 1 (the direct
	 * batch's own two reads are subtracted as an empty region). */
	ck_assert_msg(oh.added_ticks == 2.0 * FAKE_CLOCK_STEP, "added %g", oh.added_ticks);
	ck_assert_msg(oh.inside_ticks == (double)FAKE_CLOCK_STEP, "inside %g", oh.inside_ticks);
	/* nothing of the warm-up or the calibration is left to be measured */
	ck_assert_uint_eq(shapes_used(), 0);
	ck_assert_uint_eq(overflowed(), 0);
	ck_assert_int_eq(W.accounting, 0);
}
END_TEST

static Suite *wrap_suite(void)
{
	Suite *s = suite_create("wrap");
	TCase *tc = tcase_create("shims");

	tcase_add_test(tc, state_initialised);
	tcase_add_test(tc, accounting_off_counts_nothing);
	tcase_add_test(tc, outer_calls_per_shape);
	tcase_add_test(tc, same_lengths_other_function_is_other_shape);
	tcase_add_test(tc, drng_shape_and_nesting);
	tcase_add_test(tc, nested_counted_not_timed);
	tcase_add_test(tc, intra_object_call_invisible);
	tcase_add_test(tc, depth_recovers_after_nesting);
	tcase_add_test(tc, accounting_window_only);
	tcase_add_test(tc, return_values_and_outputs_pass_through);
	tcase_add_test(tc, depth_is_thread_local);
	tcase_add_test(tc, inline_tick_bypasses_the_clock_function);
	tcase_add_test(tc, overflow_keeps_exact_per_helper_totals);
	tcase_add_test(tc, calibration_after_an_overflowing_warmup);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(wrap_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
