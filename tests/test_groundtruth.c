/*
 * test_groundtruth.c - GROUND-TRUTH and its uninstrumented twin, measured
 * with the real clock: what holds on every CPU.
 *
 * GROUND-TRUTH's keygen makes D sm3hash calls, each in a dependency chain
 * with non-helper work (schemes/groundtruth/); GROUND-TRUTH-PLAIN is the
 * same code linked without --wrap, and can skip its helper calls.  The
 * accuracy figures -- the corrected and raw share against the truth
 * (plain keygen - plain keygen with the helper calls skipped) / plain
 * keygen -- depend on the CPU: how much of a helper's cost lands outside
 * its timed window (the code after it runs slower, caches and branch
 * history disturbed) is a property of the microarchitecture, which no
 * correction can see.  Measured on two of our VMs: line work -1.2..-1.7 pp
 * on one AMD EPYC, +0.4..+0.9 pp on an Intel Xeon.  So those figures are
 * printed here for the log and measured properly (medians over fresh
 * processes, with their target) by `make bench` (c); they are never
 * asserted.  The correction itself is tested exactly, on a virtual clock,
 * by tests/test_correction.
 *
 * Asserted, at every density and work kind: keygen makes exactly D calls,
 * all of one shape (sm3hash, 512 -> 256 bits), none nested; with the skip
 * switch on it makes none (so the truth really is "without the helper");
 * the calibration is valid (0 <= inside <= added, added > 0); every
 * measured share lies strictly between 0 and 1 (the helper windows lie
 * inside the operation's, and between the calls there is work).
 *
 * Emulated (qemu-aarch64 on an x86-64 host: tests/aarch64.sh), the suite
 * skips (exit 77, the reason on stdout): the shares, the truth and the
 * calibration would be the emulator's, which tells nothing of a CPU; the
 * exact counts of GROUND-TRUTH are compared with x86-64's there instead
 * (tests/aarch64_counts.sh).
 */
#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure/calibrate.h"
#include "measure/clock.h"
#include "measure/shares.h"
#include "util/emulation.h"

#define MSG_BYTES 64 /* GT_MSG_BYTES in schemes/groundtruth */

typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
typedef int (*sm3_fn)(int, const unsigned char *, unsigned long long, unsigned char *);
typedef void (*input_fn)(unsigned, unsigned char *);

struct gt {
	void *plain_dl, *wrapped_dl;
	keygen_fn plain, wrapped;
	sm3_fn sm3;
	input_fn input;
	volatile int *skip;
	struct hp_wrap_state *wrap;
	hp_calib_loop_fn loop;
	struct hp_overhead oh;
};

/* A failed requirement of the set-up fails the test with its reason. */
static void need(int ok, const char *what)
{
	ck_assert_msg(ok, "%s", what);
}

static void *sym(void *dl, const char *name)
{
	void *p = dlsym(dl, name);

	need(p != NULL, name);
	return p;
}

static void gt_open(struct gt *g)
{
	char err[256];
	hp_calib_loop_fn loop;

	need(hp_clock_init(HP_CLOCK_TSC, err, sizeof err) == 0, err);
	g->plain_dl = dlopen(HP_PLAIN_SO, RTLD_NOW | RTLD_LOCAL);
	g->wrapped_dl = dlopen(HP_WRAPPED_SO, RTLD_NOW | RTLD_LOCAL);
	need(g->plain_dl && g->wrapped_dl, dlerror());
	*(void **)&g->plain = sym(g->plain_dl, "sig_keygen");
	*(void **)&g->wrapped = sym(g->wrapped_dl, "sig_keygen");
	*(void **)&g->sm3 = sym(g->plain_dl, "sm3hash");
	*(void **)&g->input = sym(g->plain_dl, "gt_input");
	g->skip = sym(g->plain_dl, "gt_skip_helper");
	g->wrap = sym(g->wrapped_dl, HP_WRAP_STATE_SYMBOL);
	*(void **)&loop = sym(g->wrapped_dl, HP_CALIB_LOOP_SYMBOL);
	hp_clock_install(g->wrap);
#if defined(__x86_64__)
	/* PAPI_get_real_cyc is the TSC on x86-64: the shims read it inline */
	ck_assert_uint_eq(g->wrap->tick_inline, 1);
	ck_assert_str_eq(hp_clock_shim_read(), "rdtsc");
#elif defined(__aarch64__)
	/* ...and the generic timer's virtual count on AArch64 */
	ck_assert_uint_eq(g->wrap->tick_inline, 1);
	ck_assert_str_eq(hp_clock_shim_read(), "cntvct_el0");
#endif
	g->loop = loop;
}

/* The overhead calibration, after warm-up as in hashprof (right after
 * start-up it reads up to twice the ticks). */
static void gt_calibrate(struct gt *g)
{
	hp_calibrate(g->wrap, g->loop, hp_clock_fn(), &g->oh);
	need(g->oh.valid, "no overhead calibration");
}

static uint64_t time_keygen(keygen_fn f)
{
	unsigned char pk[64], sk[64];
	unsigned long long pkl, skl;
	uint64_t t0 = hp_clock_read();

	f(pk, &pkl, sk, &skl);
	return hp_clock_read() - t0;
}

/* The shape slots the warm-up keygen claimed: a measurement reads only
 * these, before and after, as hashprof's trials do.  Clearing or scanning
 * the whole 48 KB table around every keygen would evict the operation's
 * data from L1 and slow the instrumented keygen for reasons of the test's
 * own making (most visible at 10 calls/op). */
static unsigned used_slots(const struct gt *g, unsigned slot[HP_SHAPES_MAX])
{
	unsigned n = 0;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (g->wrap->shapes[i].used && g->wrap->shapes[i].fn < HP_FN_COUNT)
			slot[n++] = i;
	return n;
}

/* One keygen of the wrapped instance as a hashprof row of one operation. */
static uint64_t measure(struct gt *g, const unsigned *slot, unsigned nslots, double *corrected, double *raw)
{
	struct hp_shape before[8];
	struct hp_result r;
	struct hp_shares s;
	uint64_t total;

	need(nslots <= 8, "too many shapes");
	for (unsigned k = 0; k < nslots; k++)
		before[k] = g->wrap->shapes[slot[k]];
	g->wrap->accounting = 1;
	total = time_keygen(g->wrapped);
	g->wrap->accounting = 0;
	hp_result_init(&r);
	r.operations = 1;
	r.total_ticks = total;
	r.overhead_valid = 1;
	r.overhead_added_ticks = g->oh.added_ticks;
	r.overhead_inside_ticks = g->oh.inside_ticks;
	for (unsigned k = 0; k < nslots; k++) {
		const struct hp_shape *sh = &g->wrap->shapes[slot[k]];
		struct hp_result_shape shape = { sh->fn,
						 sh->in_bits,
						 sh->out_bits,
						 sh->calls - before[k].calls,
						 sh->nested - before[k].nested,
						 sh->ticks - before[k].ticks };
		need(hp_result_add_shape(&r, &shape) == 0, "out of memory");
	}
	hp_shares_of_result(&r, 0, &s);
	*corrected = s.hash;
	hp_shares_of_result(&r, 1, &s);
	*raw = s.hash;
	hp_result_free(&r);
	return total;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof v[0], cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One density and work kind, measured in this process: the exact facts
 * asserted, the figures printed (median over reps; percentage points). */
static void check_density(unsigned d, int reps, const char *work)
{
	struct gt g;
	double truth[64], err_c[64], err_r[64];
	unsigned slot[HP_SHAPES_MAX], nslots;
	char calls[16];

	ck_assert(reps > 0 && reps <= 64);
	snprintf(calls, sizeof calls, "%u", d);
	setenv("HASHPROF_GT_CALLS", calls, 1); /* keygen reads both */
	if (strcmp(work, "line"))
		setenv("HASHPROF_GT_WORK", work, 1);
	else
		unsetenv("HASHPROF_GT_WORK");
	gt_open(&g);
	time_keygen(g.plain); /* warm both up */
	g.wrap->accounting = 1;
	time_keygen(g.wrapped);
	g.wrap->accounting = 0;
	gt_calibrate(&g); /* clears the shape table */
	ck_assert_msg(g.oh.added_ticks > 0 && g.oh.inside_ticks >= 0 && g.oh.inside_ticks <= g.oh.added_ticks,
		      "calibration: added %.1f, inside %.1f ticks/call", g.oh.added_ticks, g.oh.inside_ticks);
	g.wrap->accounting = 1;
	time_keygen(g.wrapped);
	g.wrap->accounting = 0;
	nslots = used_slots(&g, slot);
	ck_assert_uint_eq(nslots, 1);
	const struct hp_shape *sh = &g.wrap->shapes[slot[0]];
	ck_assert_uint_eq(sh->fn, HP_FN_SM3);
	ck_assert_uint_eq(sh->in_bits, 8 * MSG_BYTES);
	ck_assert_uint_eq(sh->out_bits, 256);
	ck_assert_uint_eq(sh->calls, d);
	ck_assert_uint_eq(sh->nested, 0);
	/* the wrapped module has the same switch: skipped, nothing is called */
	volatile int *wskip = sym(g.wrapped_dl, "gt_skip_helper");
	*wskip = 1;
	g.wrap->accounting = 1;
	time_keygen(g.wrapped);
	g.wrap->accounting = 0;
	*wskip = 0;
	ck_assert_uint_eq(sh->calls, d);
	for (int r = 0; r < reps; r++) {
		double c, raw;
		uint64_t op = time_keygen(g.plain);
		*g.skip = 1;
		uint64_t free_op = time_keygen(g.plain);
		*g.skip = 0;
		measure(&g, slot, nslots, &c, &raw);
		ck_assert_uint_eq(sh->calls, (uint64_t)d * (uint64_t)(r + 2));
		ck_assert_msg(c > 0 && c < 1 && raw > 0 && raw < 1, "shares: corrected %f, raw %f", c, raw);
		/* a time difference: a preempted repetition can make it
		 * anything, so it is printed, never asserted */
		truth[r] = 100.0 * ((double)op - (double)free_op) / (double)op;
		err_c[r] = 100.0 * c - truth[r];
		err_r[r] = 100.0 * raw - truth[r];
	}
	printf("density %6u calls/op, %-5s work: truth %6.2f%%  corrected error %+5.2f pp  raw error %+5.2f pp"
	       "  (overhead %.0f ticks/call, %.0f inside; one process, median of %d; not asserted: make bench (c))\n",
	       d, work, median(truth, reps), median(err_c, reps), median(err_r, reps), g.oh.added_ticks,
	       g.oh.inside_ticks, reps);
	fflush(stdout);
	dlclose(g.wrapped_dl);
	dlclose(g.plain_dl);
}

START_TEST(test_density)
{
	/* line: 400 rounds of work per call, the helper ~40-47% of keygen;
	 * short: 20 rounds, ~93%; loops: the line work as loops */
	static const struct {
		unsigned d;
		int reps;
		const char *work;
	} cases[] = {
		{ 10, 25, "line" },   { 1000, 9, "line" },  { 100000, 1, "line" },
		{ 1000, 9, "short" }, { 1000, 9, "loops" },
	};

	check_density(cases[_i].d, cases[_i].reps, cases[_i].work);
}
END_TEST

int main(void)
{
	Suite *s;
	TCase *tc;
	SRunner *sr;
	int failed;
	char why[192];

	if (hp_util_emulated(why, sizeof why)) {
		printf("SKIP: GROUND-TRUTH measures time on the real clock, and this process is emulated (%s): "
		       "its shares, truth and overhead would be the emulator's\n",
		       why);
		return 77;
	}
	s = suite_create("groundtruth");
	tc = tcase_create("GROUND-TRUTH: exact counts, the skip switch, sane shares");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_density, 0, 5);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
