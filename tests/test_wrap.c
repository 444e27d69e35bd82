/*
 * test_wrap.c - Check suite for the --wrap shims (wrap/hook.h, wrap_*.c,
 * wrap/state.c): the timed path, the tape's record and replay modes, and
 * the overhead calibration on them (prof/measure/calibrate.c).
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

#include "measure/calibrate.h"
#include "check_run.h"
#include "fake_helpers.h"
#include "fake_own.h"
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
	memset(&W.tape, 0, sizeof W.tape);
	memset(&W.shadow, 0, sizeof W.shadow);
	memset(W.own, 0, sizeof W.own);
	memset(W.nested_in_own, 0, sizeof W.nested_in_own);
	fake_keccak_runs = fake_shake_runs = 0;
	fake_shake_calls_sm3 = 0;
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
static void expect_shape(unsigned fn, uint64_t in_bits, uint64_t out_bits, uint64_t calls, uint64_t nested,
			 uint64_t ticks)
{
	const struct hp_shape *s = shape(fn, in_bits, out_bits);

	ck_assert_msg(s != NULL, "no shape (%s, in %llu, out %llu)", hp_fn_name(fn), (unsigned long long)in_bits,
		      (unsigned long long)out_bits);
	ck_assert_msg(s->calls == calls && s->nested == nested && s->ticks == ticks,
		      "shape (%s, in %llu, out %llu): calls %llu nested %llu ticks %llu, "
		      "expected %llu %llu %llu",
		      hp_fn_name(fn), (unsigned long long)in_bits, (unsigned long long)out_bits,
		      (unsigned long long)s->calls, (unsigned long long)s->nested, (unsigned long long)s->ticks,
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

/* HP_ACCOUNTING_SITES: the timed path, then the recorder once per
 * outermost call with its helper and exactly the ticks the shape table
 * got; nested calls are not handed over. */
static unsigned site_calls[HP_FN_SLOTS];
static uint64_t site_ticks[HP_FN_SLOTS];
static unsigned long site_clock_reads;

static void fake_site_record(uint32_t fn, uint64_t ticks)
{
	ck_assert_uint_lt(fn, HP_FN_SLOTS);
	site_calls[fn]++;
	site_ticks[fn] += ticks;
	site_clock_reads = clock_reads; /* both of the call's reads are done */
}

START_TEST(sites_mode_hands_outermost_calls_to_the_recorder)
{
	reset();
	memset(site_calls, 0, sizeof site_calls);
	memset(site_ticks, 0, sizeof site_ticks);
	W.site_record = fake_site_record;
	W.accounting = HP_ACCOUNTING_SITES;
	for (int i = 0; i < 3; i++)
		pseudoXOF(1024, msg, 256, out);
	pseudohash(512, msg, 1024, out); /* one nested sm3hash */
	get_random_number(&drng_ctx, out, 256); /* two nested sm3hash */
	sm3hash(256, msg, 1152, out);
	init_random_number(&drng_ctx, msg, 48);
	W.accounting = 0;
	W.site_record = NULL;

	expect_shape(HP_FN_XOF, 256, 1024, 3, 0, 3 * (FAKE_COST_XOF + FAKE_CLOCK_STEP));
	ck_assert_uint_eq(site_calls[HP_FN_XOF], 3);
	ck_assert_uint_eq(site_ticks[HP_FN_XOF], shape(HP_FN_XOF, 256, 1024)->ticks);
	ck_assert_uint_eq(site_calls[HP_FN_PSEUDOHASH], 1);
	ck_assert_uint_eq(site_ticks[HP_FN_PSEUDOHASH], shape(HP_FN_PSEUDOHASH, 1024, 512)->ticks);
	ck_assert_uint_eq(site_calls[HP_FN_DRNG], 1);
	ck_assert_uint_eq(site_ticks[HP_FN_DRNG], shape(HP_FN_DRNG, 0, 256)->ticks);
	ck_assert_uint_eq(site_calls[HP_FN_SM3], 1); /* the outermost one only */
	ck_assert_uint_eq(site_ticks[HP_FN_SM3], shape(HP_FN_SM3, 1152, 256)->ticks);
	ck_assert_uint_eq(site_calls[HP_FN_DRNG_INIT], 1);
	expect_shape(HP_FN_SM3, 264, 256, 0, 2, 0);
	/* timed as the timed mode: two reads per outermost call, the recorder
	 * after the second */
	ck_assert_uint_eq(clock_reads, 2 * 7);
	ck_assert_uint_eq(site_clock_reads, clock_reads);
	/* and the timed mode never calls it */
	memset(site_calls, 0, sizeof site_calls);
	W.site_record = fake_site_record;
	W.accounting = 1;
	pseudoXOF(1024, msg, 256, out);
	W.accounting = 0;
	W.site_record = NULL;
	ck_assert_uint_eq(site_calls[HP_FN_XOF], 0);
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

	expect_shape(HP_FN_PSEUDOHASH, 1024, 512, 2, 0, 2 * (FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP));
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
	pseudoXOF(1024, msg, 256, out); /* off */
	W.accounting = 1;
	pseudoXOF(1024, msg, 256, out); /* on */
	W.accounting = 0;
	pseudoXOF(1024, msg, 256, out); /* off */
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
	expect_shape(HP_FN_PSEUDOHASH, 1024, 512, 2, 0, 2 * (FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP));
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
	expect_shape(HP_FN_SM3, 16, 256, 1, 0, FAKE_COST_SM3 + FAKE_CLOCK_STEP + FAKE_COST_XOF + 2 * FAKE_CLOCK_STEP);
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
	ck_assert_uint_eq(clock_reads, 2 * 2); /* no inline counter: the flag is ignored */
#endif
}
END_TEST

/* One shape as the tables below compare it: ticks left out. */
struct shape_count {
	uint64_t key, in_bits, out_bits, calls, nested;
	uint32_t fn;
};

/* The used slots of the table, in slot order (the same calls give the
 * same slots: the table is a function of the calls' shapes and order). */
static unsigned shape_counts(struct shape_count *c)
{
	unsigned n = 0;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (W.shapes[i].used)
			c[n++] = (struct shape_count){ W.shapes[i].key,   W.shapes[i].in_bits, W.shapes[i].out_bits,
						       W.shapes[i].calls, W.shapes[i].nested,  W.shapes[i].fn };
	return n;
}

/* Outermost and nested calls of several shapes, two of them wide. */
static void mixed_calls(unsigned char *big)
{
	for (int i = 0; i < 3; i++) {
		pseudoXOF(1024, msg, 256, out);
		pseudohash(512, msg, 1024, out); /* nests one sm3hash */
		get_random_number(&drng_ctx, out, 256); /* nests two */
		sm3hash(256, msg, 1024, out);
	}
	pseudoXOF(256, msg, 1ull << 32, out); /* wide input: 2^32 bits */
	pseudoXOF(1ull << 27, msg, 8, big); /* wide output: 2^27 bits */
	pseudohash(256, msg, (1ull << 32) + 8, out); /* wide, nesting a wide sm3hash */
}

/* The timed path with the inline counter (the hot path of every real
 * instance) and the cold path with the clock function (every call of the
 * fake-clock tests) fill the table with the same shapes, calls and nested
 * calls; only the ticks differ. */
START_TEST(inline_path_counts_as_the_clock_path)
{
	static struct shape_count a[HP_SHAPES_MAX], b[HP_SHAPES_MAX];
	unsigned char *big = malloc((1u << 27) / 8);
	unsigned na, nb;

	ck_assert_ptr_nonnull(big);
	reset();
	W.tick_inline = 1;
	W.accounting = 1;
	mixed_calls(big);
	W.accounting = 0;
	W.tick_inline = 0;
#if defined(__x86_64__) || defined(__aarch64__)
	ck_assert_uint_eq(clock_reads, 0);
#endif
	na = shape_counts(a);
	reset();
	W.accounting = 1;
	mixed_calls(big);
	W.accounting = 0;
	nb = shape_counts(b);
	free(big);
	ck_assert_uint_eq(na, 9);
	ck_assert_uint_eq(nb, na);
	for (unsigned i = 0; i < na; i++)
		ck_assert_msg(!memcmp(&a[i], &b[i], sizeof a[i]), "slot %u: %s (in %llu, out %llu) differs", i,
			      hp_fn_name(a[i].fn), (unsigned long long)a[i].in_bits, (unsigned long long)a[i].out_bits);
	ck_assert_uint_eq(overflowed(), 0);
}
END_TEST

/* Shapes at the edges of the packed key (wrap/hook.h: inputs under 2^32
 * bits, outputs under 2^27) and just past them: each is its own shape,
 * its lengths exact, its calls timed once. */
START_TEST(wide_shapes_counted_in_full)
{
	const uint64_t in_max = 0xffffffffull, out_max = (1ull << 27) - 1;
	const uint64_t xof = FAKE_COST_XOF + FAKE_CLOCK_STEP,
		       ph = FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_CLOCK_STEP;
	unsigned char *big = malloc((1u << 27) / 8);

	ck_assert_ptr_nonnull(big);
	reset();
	W.accounting = 1;
	pseudoXOF(256, msg, in_max, out);
	pseudoXOF(256, msg, in_max + 1, out);
	pseudoXOF(256, msg, in_max + 1, out);
	pseudoXOF(256, msg, (1ull << 40) + 3, out);
	pseudoXOF(out_max - 7, msg, 8, big);
	pseudoXOF(out_max + 1, msg, 8, big);
	pseudohash(256, msg, 1ull << 33, out);
	W.accounting = 0;
	free(big);

	expect_shape(HP_FN_XOF, in_max, 256, 1, 0, xof);
	expect_shape(HP_FN_XOF, in_max + 1, 256, 2, 0, 2 * xof);
	expect_shape(HP_FN_XOF, (1ull << 40) + 3, 256, 1, 0, xof);
	expect_shape(HP_FN_XOF, 8, out_max - 7, 1, 0, xof);
	expect_shape(HP_FN_XOF, 8, out_max + 1, 1, 0, xof);
	expect_shape(HP_FN_PSEUDOHASH, 1ull << 33, 256, 1, 0, ph);
	expect_shape(HP_FN_SM3, 1ull << 33, 256, 0, 1, 0);
	ck_assert_uint_eq(shapes_used(), 7);
	ck_assert_uint_eq(overflowed(), 0);
	ck_assert_uint_eq(clock_reads, 2 * 7);
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

/* hashprof_calib_loop's stand-in helper, timed by prof/measure/calibrate.c. */
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
			/* a used slot, its key no shim's (wrap/hook.h) */
			W.shapes[i] = (struct hp_shape){ .key = UINT64_MAX - i,
							 .used = 1,
							 .fn = HP_FN_SM3,
							 .in_bits = 1000000 + i,
							 .out_bits = 256,
							 .calls = 1,
							 .ticks = 1 };

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

/* ---------- the tape: record and replay ---------- */

/* 64 KiB of tape, 8-byte aligned as the runtime allocates it, and a
 * canary area after whatever capacity a test gives the shims. */
#define TAPE_WORDS 8192u
static uint64_t tape_mem[TAPE_WORDS];
#define TAPE_CANARY 0xa5u

static void tape_use(uint64_t cap, int mode, uint32_t mask)
{
	memset(&W.tape, 0, sizeof W.tape);
	memset(tape_mem, TAPE_CANARY, sizeof tape_mem);
	W.tape.buf = (unsigned char *)tape_mem;
	W.tape.cap = cap;
	W.tape.replay_mask = mask;
	W.accounting = mode;
}

/* From a recorded tape to a replay of it: rewind, clear the run's
 * counters, keep len and the bytes. */
static void tape_rewind(int mode, uint32_t mask)
{
	W.tape.pos = 0;
	W.tape.flags = 0;
	W.tape.calls = W.tape.replayed = W.tape.passed = W.tape.diverged_at = 0;
	memset(&W.tape.diverged, 0, sizeof W.tape.diverged);
	W.tape.replay_mask = mask;
	memset(fake_runs, 0, sizeof fake_runs);
	W.accounting = mode;
}

/* The entry at byte offset off of the tape. */
static const struct hp_tape_entry *tape_at(uint64_t off)
{
	return (const struct hp_tape_entry *)(W.tape.buf + off);
}

/* What one pass of the sequence below returned and wrote. */
struct seq_out {
	int ret[5];
	unsigned char xof[128], ph[64], sm3[12], drng[32];
};

/*
 * The sequence every tape test makes, one outermost call of each helper:
 *   0 pseudoXOF   1020 -> 128 bytes (ceil), in 256      entry 24 + 128
 *   1 pseudohash  512 -> 64 bytes, in 1024 (1 nested sm3hash)  24 + 64
 *   2 sm3hash     96 -> 12 bytes, in 264                     24 + 16 (padded)
 *   3 get_random_number 250 -> 32 bytes (2 nested sm3hash)   24 + 32
 *   4 init_random_number 48-byte seed: no output             24
 * Output buffers are filled with 0xee first, so whatever a call leaves
 * there came from the helper or from the tape.
 */
#define SEQ_CALLS 5u
#define SEQ_TAPE_BYTES ((24u + 128) + (24u + 64) + (24u + 16) + (24u + 32) + 24u)
static const uint64_t seq_offset[SEQ_CALLS] = { 0, 152, 240, 280, 336 };

static void seq_run(struct seq_out *o)
{
	memset(o, 0xee, sizeof *o);
	o->ret[0] = pseudoXOF(1020, msg, 256, o->xof);
	o->ret[1] = pseudohash(512, msg, 1024, o->ph);
	o->ret[2] = sm3hash(96, msg, 264, o->sm3);
	o->ret[3] = get_random_number(&drng_ctx, o->drng, 250);
	o->ret[4] = init_random_number(&drng_ctx, msg, 48);
}

static void seq_returns(int base)
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		fake_ret[fn] = base + (int)fn;
	fake_ret[HP_FN_SM3] = 0; /* pseudohash and the DRNG return their sm3hash's result when non-zero */
}

static void expect_entry(unsigned k, unsigned fn, int ret, uint64_t in_bits, uint64_t out_bits)
{
	const struct hp_tape_entry *e = tape_at(seq_offset[k]);

	ck_assert_msg(e->fn == fn && e->ret == ret && e->in_bits == in_bits && e->out_bits == out_bits,
		      "entry %u: fn %u ret %d in %llu out %llu, expected %u %d %llu %llu", k, e->fn, e->ret,
		      (unsigned long long)e->in_bits, (unsigned long long)e->out_bits, fn, ret,
		      (unsigned long long)in_bits, (unsigned long long)out_bits);
}

/* Record the sequence with returns 10 + fn; the recorded outputs in *rec. */
static void seq_record(struct seq_out *rec)
{
	tape_use(sizeof tape_mem, HP_ACCOUNTING_RECORD, 0);
	seq_returns(10);
	seq_run(rec);
	W.accounting = 0;
}

START_TEST(tape_entry_sizes)
{
	ck_assert_uint_eq(sizeof(struct hp_tape_entry), 24);
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_XOF, 1020), 128);
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_XOF, 1024), 128);
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_DRNG, 1), 1);
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_SM3, 263), 32); /* digest bits / 8 */
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_PSEUDOHASH, (uint64_t)-8), 0); /* negative int length */
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_DRNG_INIT, 0), 0);
	ck_assert_uint_eq(hp_tape_out_bytes(HP_FN_CALIB, 256), 32);
	ck_assert_uint_eq(hp_tape_entry_bytes(0), 24);
	ck_assert_uint_eq(hp_tape_entry_bytes(1), 32);
	ck_assert_uint_eq(hp_tape_entry_bytes(8), 32);
	ck_assert_uint_eq(hp_tape_entry_bytes(UINT64_MAX - 3), UINT64_MAX);
}
END_TEST

START_TEST(record_writes_outermost_calls_in_order)
{
	struct seq_out rec;

	reset();
	seq_record(&rec);

	/* The helpers ran, the nested sm3hash calls too (1 + 2)... */
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 1 + 1 + 2);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG_INIT], 1);
	/* ...but only the five outermost calls are on the tape, whole. */
	ck_assert_uint_eq(W.tape.calls, SEQ_CALLS);
	ck_assert_uint_eq(W.tape.len, SEQ_TAPE_BYTES);
	ck_assert_uint_eq(W.tape.flags, 0);
	expect_entry(0, HP_FN_XOF, 10 + HP_FN_XOF, 256, 1020);
	expect_entry(1, HP_FN_PSEUDOHASH, 10 + HP_FN_PSEUDOHASH, 1024, 512);
	expect_entry(2, HP_FN_SM3, 0, 264, 96);
	expect_entry(3, HP_FN_DRNG, 10 + HP_FN_DRNG, 0, 250);
	expect_entry(4, HP_FN_DRNG_INIT, 10 + HP_FN_DRNG_INIT, 384, 0);
	ck_assert_int_eq(memcmp(tape_at(seq_offset[0]) + 1, rec.xof, 128), 0);
	ck_assert_int_eq(memcmp(tape_at(seq_offset[1]) + 1, rec.ph, 64), 0);
	ck_assert_int_eq(memcmp(tape_at(seq_offset[2]) + 1, rec.sm3, 12), 0);
	ck_assert_int_eq(memcmp(tape_at(seq_offset[3]) + 1, rec.drng, 32), 0);
	/* sm3hash's 12 bytes are padded to 16 with zeros */
	{
		const unsigned char *pad = (const unsigned char *)(tape_at(seq_offset[2]) + 1) + 12;
		ck_assert(pad[0] == 0 && pad[1] == 0 && pad[2] == 0 && pad[3] == 0);
	}
	/* Nothing past len; no shape counted, no clock read. */
	ck_assert_uint_eq(((unsigned char *)tape_mem)[SEQ_TAPE_BYTES], TAPE_CANARY);
	ck_assert_uint_eq(shapes_used(), 0);
	ck_assert_uint_eq(clock_reads, 0);
}
END_TEST

START_TEST(replay_serves_outputs_without_the_helpers)
{
	struct seq_out rec, rep;

	reset();
	seq_record(&rec);
	/* Other returns now: what the replay returns comes from the tape. */
	seq_returns(50);
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH | HP_TAPE_FAMILY_DRNG);
	seq_run(&rep);
	W.accounting = 0;

	ck_assert_int_eq(rep.ret[4], 50 + HP_FN_DRNG_INIT); /* init_random_number's own, real, return */
	rep.ret[4] = rec.ret[4];
	ck_assert_int_eq(memcmp(&rec, &rep, sizeof rec), 0);
	/* No replayed helper ran; init_random_number always does. */
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG_INIT], 1);
	ck_assert_uint_eq(W.tape.calls, SEQ_CALLS);
	ck_assert_uint_eq(W.tape.replayed, 4);
	ck_assert_uint_eq(W.tape.passed, 1);
	ck_assert_uint_eq(W.tape.pos, W.tape.len);
	ck_assert_uint_eq(W.tape.flags, 0);
	ck_assert_uint_eq(shapes_used(), 0);
	ck_assert_uint_eq(clock_reads, 0);
}
END_TEST

START_TEST(replay_one_family_at_a_time)
{
	struct seq_out rec, rep;

	reset();
	seq_record(&rec);

	/* Hash only: the DRNG runs, and so do its two nested sm3hash calls
	 * (nested: executed, not taken from the tape, which has none). */
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH);
	seq_run(&rep);
	ck_assert_int_eq(memcmp(&rec, &rep, sizeof rec), 0);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 0);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 2);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG], 1);
	ck_assert_uint_eq(W.tape.replayed, 3);
	ck_assert_uint_eq(W.tape.passed, 1 + 2 + 1); /* DRNG, its nested sm3hash, init */
	ck_assert_uint_eq(W.tape.pos, W.tape.len);
	ck_assert_uint_eq(W.tape.flags, 0);

	/* DRNG only: every hash helper runs, pseudohash's nested one too. */
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_DRNG);
	seq_run(&rep);
	W.accounting = 0;
	ck_assert_int_eq(memcmp(&rec, &rep, sizeof rec), 0);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 1 + 1);
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG], 0);
	ck_assert_uint_eq(W.tape.replayed, 1);
	ck_assert_uint_eq(W.tape.passed, 1 + 1 + 1 + 1 + 1); /* XOF, pseudohash, its sm3hash, sm3hash, init */
	ck_assert_uint_eq(W.tape.flags, 0);

	/* No family: every call is real, the tape is still checked. */
	tape_rewind(HP_ACCOUNTING_REPLAY, 0);
	seq_run(&rep);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.replayed, 0);
	ck_assert_uint_eq(W.tape.pos, W.tape.len);
	ck_assert_uint_eq(W.tape.flags, 0);
}
END_TEST

/* The double mode (the in-situ calibration of the tape path): every
 * call's tape work done again on the shadow tape -- a served call served
 * again from the shadow, a passed one stepped over there (a nested one
 * counted there), its helper run once.  The outputs, the returns, the
 * helpers run and the tape's counts are those of the plain replay. */
#define SHADOW_WORDS (SEQ_TAPE_BYTES / 8u)
static uint64_t shadow_mem[SHADOW_WORDS];

static void shadow_rewind(uint32_t mask)
{
	memset(&W.shadow, 0, sizeof W.shadow);
	memcpy(shadow_mem, tape_mem, SEQ_TAPE_BYTES);
	W.shadow.buf = (unsigned char *)shadow_mem;
	W.shadow.cap = W.shadow.len = SEQ_TAPE_BYTES;
	W.shadow.replay_mask = mask;
}

START_TEST(double_replay_repeats_the_tape_work)
{
	static const uint32_t masks[3] = { HP_TAPE_FAMILY_HASH, HP_TAPE_FAMILY_DRNG,
					   HP_TAPE_FAMILY_HASH | HP_TAPE_FAMILY_DRNG };
	struct seq_out rec, once, twice;

	reset();
	seq_record(&rec);
	seq_returns(50);
	for (unsigned m = 0; m < 3; m++) {
		struct hp_tape plain;
		unsigned long runs[HP_FN_COUNT];
		tape_rewind(HP_ACCOUNTING_REPLAY, masks[m]);
		seq_run(&once);
		plain = W.tape;
		memcpy(runs, fake_runs, sizeof runs);

		tape_rewind(HP_ACCOUNTING_DOUBLE, masks[m]);
		shadow_rewind(masks[m]);
		seq_run(&twice);
		W.accounting = 0;
		ck_assert_int_eq(memcmp(&once, &twice, sizeof once), 0);
		ck_assert_int_eq(memcmp(runs, fake_runs, sizeof runs), 0); /* each helper ran as often */
		ck_assert_uint_eq(W.tape.calls, plain.calls);
		ck_assert_uint_eq(W.tape.replayed, plain.replayed);
		ck_assert_uint_eq(W.tape.passed, plain.passed);
		ck_assert_uint_eq(W.tape.pos, W.tape.len);
		ck_assert_uint_eq(W.tape.flags, 0);
		/* the shadow saw each of them once more */
		ck_assert_uint_eq(W.shadow.calls, plain.calls);
		ck_assert_uint_eq(W.shadow.replayed, plain.replayed);
		ck_assert_uint_eq(W.shadow.passed, plain.passed);
		ck_assert_uint_eq(W.shadow.pos, W.shadow.len);
		ck_assert_uint_eq(W.shadow.flags, 0);
	}
	/* the last mask serves every call but init's: no hash helper ran */
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 0);
	ck_assert_uint_eq(shapes_used(), 0);
	ck_assert_uint_eq(clock_reads, 0);

	/* the shadow's entries are matched as the tape's are: one that
	 * differs diverges there, and the runtime sees the two tapes part */
	tape_rewind(HP_ACCOUNTING_DOUBLE, HP_TAPE_FAMILY_HASH);
	shadow_rewind(HP_TAPE_FAMILY_HASH);
	((struct hp_tape_entry *)shadow_mem)->out_bits++;
	seq_run(&twice);
	W.accounting = 0;
	ck_assert_int_eq(memcmp(twice.xof, rec.xof, sizeof rec.xof), 0);
	ck_assert_uint_eq(W.tape.flags, 0);
	ck_assert_uint_eq(W.tape.replayed, 3);
	ck_assert_uint_eq(W.shadow.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.shadow.diverged_at, 0);
	ck_assert_uint_eq(W.shadow.replayed, 0);
}
END_TEST

START_TEST(init_random_number_is_never_replayed)
{
	struct seq_out rec, rep;

	reset();
	seq_record(&rec);
	tape_rewind(HP_ACCOUNTING_REPLAY, ~0u);
	seq_run(&rep);
	W.accounting = 0;
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG_INIT], 1);
	ck_assert_ptr_eq(fake_last_drng, &drng_ctx);
	ck_assert_uint_eq(W.tape.replayed, 4);
	ck_assert_uint_eq(W.tape.flags, 0);
}
END_TEST

/* A call that does not match its entry: flagged with its index, run for
 * real, and so is every call after it. */
START_TEST(divergence_other_length)
{
	struct seq_out rec;
	unsigned char o[128];

	reset();
	seq_record(&rec);
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH | HP_TAPE_FAMILY_DRNG);
	fake_ret[HP_FN_XOF] = 77;
	ck_assert_int_eq(pseudoXOF(1020, msg, 256, o), 10 + HP_FN_XOF); /* replayed */
	ck_assert_int_eq(pseudohash(512, msg, 1032, o), 10 + HP_FN_PSEUDOHASH); /* in 1032, not 1024: real */
	ck_assert_int_eq(pseudoXOF(1020, msg, 256, o), 77); /* after a divergence: real */
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.tape.diverged_at, 1);
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 1);
	ck_assert_uint_eq(W.tape.replayed, 1);
	ck_assert_uint_eq(W.tape.calls, 3);
	ck_assert_uint_eq(W.tape.pos, seq_offset[1]); /* the bad call did not consume its entry */

	/* The output length alone differs. */
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH);
	pseudoXOF(1024, msg, 256, o);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.tape.diverged_at, 0);
	ck_assert_uint_eq(fake_runs[HP_FN_XOF], 1);
	ck_assert_uint_eq(o[0], 0x58);
}
END_TEST

START_TEST(divergence_other_function)
{
	struct seq_out rec;
	unsigned char o[128];

	reset();
	seq_record(&rec);
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH | HP_TAPE_FAMILY_DRNG);
	pseudoXOF(1020, msg, 256, o);
	pseudohash(512, msg, 1024, o);
	/* entry 2 is sm3hash (96, 264): pseudohash with the same lengths is not it */
	memset(o, 0, sizeof o);
	ck_assert_int_eq(pseudohash(96, msg, 264, o), 10 + HP_FN_PSEUDOHASH);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.tape.diverged_at, 2);
	/* what was called; what the record has is the entry at pos */
	ck_assert_uint_eq(W.tape.diverged.fn, HP_FN_PSEUDOHASH);
	ck_assert_uint_eq(W.tape.diverged.in_bits, 264);
	ck_assert_uint_eq(W.tape.diverged.out_bits, 96);
	ck_assert_uint_eq(W.tape.pos, seq_offset[2]);
	ck_assert_uint_eq(tape_at(W.tape.pos)->fn, HP_FN_SM3);
	ck_assert_uint_eq(fake_runs[HP_FN_PSEUDOHASH], 1);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 1); /* its nested call, real */
	ck_assert_uint_eq(o[0], 0x48);
	ck_assert_uint_eq(W.tape.replayed, 2);
}
END_TEST

START_TEST(divergence_past_the_end)
{
	struct seq_out rec, rep;
	unsigned char o[32];

	reset();
	seq_record(&rec);
	tape_rewind(HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH | HP_TAPE_FAMILY_DRNG);
	seq_run(&rep);
	ck_assert_uint_eq(W.tape.flags, 0);
	ck_assert_int_eq(sm3hash(256, msg, 8, o), 0);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.tape.diverged_at, SEQ_CALLS);
	ck_assert_uint_eq(fake_runs[HP_FN_SM3], 1);
	ck_assert_uint_eq(o[31], 0x53);

	/* An empty tape diverges at once. */
	tape_use(sizeof tape_mem, HP_ACCOUNTING_REPLAY, HP_TAPE_FAMILY_HASH);
	sm3hash(256, msg, 8, o);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_DIVERGED);
	ck_assert_uint_eq(W.tape.diverged_at, 0);
}
END_TEST

START_TEST(record_overflow_writes_nothing_past_capacity)
{
	struct seq_out rec;
	const unsigned char *bytes = (const unsigned char *)tape_mem;
	const uint64_t cap = seq_offset[2] + 20; /* entries 0 and 1, and 20 bytes: not entry 2 (40) */

	reset();
	tape_use(cap, HP_ACCOUNTING_RECORD, 0);
	seq_run(&rec);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_OVERFLOW);
	ck_assert_uint_eq(W.tape.len, seq_offset[2]);
	/* entry 4 (24 bytes) would have fit in what was left: not written
	 * either, the tape stays a prefix of the calls */
	ck_assert_uint_eq(W.tape.calls, SEQ_CALLS);
	for (uint64_t i = seq_offset[2]; i < sizeof tape_mem; i++)
		ck_assert_msg(bytes[i] == TAPE_CANARY, "byte %llu written", (unsigned long long)i);
	/* every helper still ran, with its real result */
	ck_assert_uint_eq(fake_runs[HP_FN_DRNG], 1);
	ck_assert_uint_eq(rec.drng[0], 0x52);

	/* A capacity under one header. */
	tape_use(16, HP_ACCOUNTING_RECORD, 0);
	init_random_number(&drng_ctx, msg, 1);
	W.accounting = 0;
	ck_assert_uint_eq(W.tape.flags, HP_TAPE_OVERFLOW);
	ck_assert_uint_eq(W.tape.len, 0);
	ck_assert_uint_eq(bytes[0], TAPE_CANARY);
}
END_TEST

/* The timed path and the gate never touch the tape. */
START_TEST(timed_and_off_leave_the_tape_alone)
{
	struct seq_out rec, o;
	struct hp_tape before;

	reset();
	seq_record(&rec);
	before = W.tape;
	W.accounting = HP_ACCOUNTING_TIMED;
	seq_run(&o);
	W.accounting = HP_ACCOUNTING_OFF;
	seq_run(&o);
	ck_assert_int_eq(memcmp(&before, &W.tape, sizeof before), 0);
	expect_shape(HP_FN_XOF, 256, 1020, 1, 0, FAKE_COST_XOF + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(clock_reads, 2 * SEQ_CALLS);
}
END_TEST

/* ---------- own-primitive entries (wrap/own.h) ---------- */

/* Timed like a helper: per outermost call, its cost and one clock step
 * (the first read to the second), nothing with accounting off. */
START_TEST(own_entry_timed_like_a_helper)
{
	uint64_t st[25] = { 0 };

	reset();
	fake_keccak(st); /* accounting off: not counted */
	W.accounting = HP_ACCOUNTING_TIMED;
	for (int i = 0; i < 3; i++)
		fake_keccak(st);
	W.accounting = 0;
	fake_keccak(st);
	ck_assert_uint_eq(st[0], 5);
	ck_assert_uint_eq(fake_keccak_runs, 5);
	ck_assert_uint_eq(W.own[0].calls, 3);
	ck_assert_uint_eq(W.own[0].nested, 0);
	ck_assert_uint_eq(W.own[0].ticks, 3 * (FAKE_COST_KECCAK + FAKE_CLOCK_STEP));
	ck_assert_uint_eq(clock_reads, 6);
	ck_assert_uint_eq(shapes_used(), 0);
}
END_TEST

/* An own entry inside another (the sponge's permutations): executed and
 * counted as nested, its time only in the outer one's, never twice. */
START_TEST(own_inside_own_not_timed_twice)
{
	uint64_t out;

	reset();
	W.accounting = HP_ACCOUNTING_TIMED;
	fake_shake(&out, 4);
	fake_shake(&out, 2);
	W.accounting = 0;
	ck_assert_uint_eq(out, 2);
	ck_assert_uint_eq(fake_keccak_runs, 6);
	ck_assert_uint_eq(W.own[1].calls, 2);
	ck_assert_uint_eq(W.own[1].nested, 0);
	ck_assert_uint_eq(W.own[1].ticks, 2 * (FAKE_COST_SHAKE + FAKE_CLOCK_STEP) + 6 * FAKE_COST_KECCAK);
	ck_assert_uint_eq(W.own[0].calls, 0);
	ck_assert_uint_eq(W.own[0].nested, 6);
	ck_assert_uint_eq(W.own[0].in_helper, 0);
	ck_assert_uint_eq(W.own[0].ticks, 0);
	ck_assert_uint_eq(clock_reads, 4); /* the outermost calls only */
}
END_TEST

/* A helper called inside own code: nested, counted in nested_in_own, its
 * time in the own entry's (the reverse of the helpers' usual nesting). */
START_TEST(helper_inside_own_is_the_owns)
{
	uint64_t out;
	const struct hp_shape *sm3;

	reset();
	fake_shake_calls_sm3 = 1;
	W.accounting = HP_ACCOUNTING_TIMED;
	fake_shake(&out, 1);
	W.accounting = 0;
	sm3 = shape(HP_FN_SM3, 0, 256);
	ck_assert_ptr_nonnull(sm3);
	ck_assert_uint_eq(sm3->calls, 0);
	ck_assert_uint_eq(sm3->nested, 1);
	ck_assert_uint_eq(sm3->ticks, 0);
	ck_assert_uint_eq(W.nested_in_own[HP_FN_SM3], 1);
	ck_assert_uint_eq(W.own[1].calls, 1);
	ck_assert_uint_eq(W.own[1].ticks, FAKE_COST_SHAKE + FAKE_COST_KECCAK + FAKE_COST_SM3 + FAKE_CLOCK_STEP);
}
END_TEST

/* Own code called inside a helper: nested in the helper (in_helper), its
 * time in the helper's; a helper nested in a helper is not "in own". */
static void keccak_from_sm3(void)
{
	uint64_t st[25] = { 0 };

	fake_keccak(st);
}

START_TEST(own_inside_helper_is_the_helpers)
{
	unsigned char d[64];
	const struct hp_shape *sm3, *ph;

	reset();
	fake_sm3_hook = keccak_from_sm3;
	W.accounting = HP_ACCOUNTING_TIMED;
	sm3hash(256, d, 0, d);
	pseudohash(512, d, 0, d); /* its sm3hash, and that one's own call, nested */
	W.accounting = 0;
	sm3 = shape(HP_FN_SM3, 0, 256);
	ph = shape(HP_FN_PSEUDOHASH, 0, 512);
	ck_assert_ptr_nonnull(sm3);
	ck_assert_ptr_nonnull(ph);
	ck_assert_uint_eq(sm3->calls, 1);
	ck_assert_uint_eq(sm3->nested, 1);
	ck_assert_uint_eq(sm3->ticks, FAKE_COST_SM3 + FAKE_COST_KECCAK + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(ph->ticks, FAKE_COST_PSEUDOHASH + FAKE_COST_SM3 + FAKE_COST_KECCAK + FAKE_CLOCK_STEP);
	ck_assert_uint_eq(W.own[0].calls, 0);
	ck_assert_uint_eq(W.own[0].nested, 2);
	ck_assert_uint_eq(W.own[0].in_helper, 2);
	ck_assert_uint_eq(W.own[0].ticks, 0);
	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++)
		ck_assert_uint_eq(W.nested_in_own[fn], 0);
}
END_TEST

/* The generic shim passes six integer arguments and the result on
 * exactly, with accounting off, on, and in a tape mode (passed through,
 * not counted). */
START_TEST(own_entry_passes_arguments_on)
{
	static const int modes[] = { HP_ACCOUNTING_OFF, HP_ACCOUNTING_TIMED, HP_ACCOUNTING_RECORD };
	const int64_t a = -0x123456789ll, b = 0x7fffffffffffll, c = -1, d = 42, e = INT64_MIN / 8, f = 3;
	const int64_t want = a - 2 * b + 3 * c - 4 * d + 5 * e - 6 * f;

	reset();
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		W.accounting = modes[m];
		ck_assert_int_eq(fake_args6(a, b, c, d, e, f), want);
		ck_assert_int_eq(fake_args6(f, e, d, c, b, a), f - 2 * e + 3 * d - 4 * c + 5 * b - 6 * a);
		W.accounting = 0;
	}
	ck_assert_uint_eq(W.own[2].calls, 2); /* the timed mode's */
	ck_assert_uint_eq(W.own[2].ticks, 2 * (FAKE_COST_ARGS6 + FAKE_CLOCK_STEP));
	ck_assert_uint_eq(W.tape.calls, 0);
}
END_TEST

static Suite *wrap_suite(void)
{
	Suite *s = suite_create("wrap");
	TCase *tc = tcase_create("shims");

	tcase_add_test(tc, state_initialised);
	tcase_add_test(tc, accounting_off_counts_nothing);
	tcase_add_test(tc, outer_calls_per_shape);
	tcase_add_test(tc, sites_mode_hands_outermost_calls_to_the_recorder);
	tcase_add_test(tc, same_lengths_other_function_is_other_shape);
	tcase_add_test(tc, drng_shape_and_nesting);
	tcase_add_test(tc, nested_counted_not_timed);
	tcase_add_test(tc, intra_object_call_invisible);
	tcase_add_test(tc, depth_recovers_after_nesting);
	tcase_add_test(tc, accounting_window_only);
	tcase_add_test(tc, return_values_and_outputs_pass_through);
	tcase_add_test(tc, depth_is_thread_local);
	tcase_add_test(tc, inline_tick_bypasses_the_clock_function);
	tcase_add_test(tc, inline_path_counts_as_the_clock_path);
	tcase_add_test(tc, wide_shapes_counted_in_full);
	tcase_add_test(tc, overflow_keeps_exact_per_helper_totals);
	tcase_add_test(tc, calibration_after_an_overflowing_warmup);
	tcase_add_test(tc, own_entry_timed_like_a_helper);
	tcase_add_test(tc, own_inside_own_not_timed_twice);
	tcase_add_test(tc, helper_inside_own_is_the_owns);
	tcase_add_test(tc, own_inside_helper_is_the_helpers);
	tcase_add_test(tc, own_entry_passes_arguments_on);
	suite_add_tcase(s, tc);

	tc = tcase_create("tape");
	tcase_add_test(tc, tape_entry_sizes);
	tcase_add_test(tc, record_writes_outermost_calls_in_order);
	tcase_add_test(tc, replay_serves_outputs_without_the_helpers);
	tcase_add_test(tc, replay_one_family_at_a_time);
	tcase_add_test(tc, double_replay_repeats_the_tape_work);
	tcase_add_test(tc, init_random_number_is_never_replayed);
	tcase_add_test(tc, divergence_other_length);
	tcase_add_test(tc, divergence_other_function);
	tcase_add_test(tc, divergence_past_the_end);
	tcase_add_test(tc, record_overflow_writes_nothing_past_capacity);
	tcase_add_test(tc, timed_and_off_leave_the_tape_alone);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hp_check_run(wrap_suite());
}
