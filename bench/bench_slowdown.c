/*
 * bench_slowdown.c - (b) slowdown of an operation instrumented (the
 * built-in instance, shims accounting) over the same operation
 * uninstrumented (its -PLAIN twin in bench/.libs: the same objects and
 * shims in the same order linked without --wrap, so that its code sits at
 * the instrumented module's offsets; bench/local.mk), in one process.
 *
 * Three instances are loaded side by side: the instrumented module, a
 * byte-identical copy of it (loaded separately, accounting left off) and
 * the -PLAIN twin.  Each one's drng_algorithm is seeded with 00 01 .. 2f,
 * each is set up as hashprof's driver does (drivers/ops_*.c) and warmed up
 * once; from then on they run in lockstep: round after round, one batch of
 * B operations on each (the six orders in turn), so that batch k of all
 * three draws the same randomness and does the same work (checked: their
 * DRNG states must stay equal).  The instrumented instance runs exactly as
 * in a measuring child: accounting on around each API call
 * (prof/replay/meter.h).  The slowdown is the median over rounds of
 * ticks(instrumented batch) / ticks(uninstrumented batch); the copy splits
 * it into what measuring costs (on/off, same code layout) and what the
 * different link costs (off/plain).
 */
#include "bench.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "measure/calibrate.h"
#include "measure/clock.h"
#include "drng.h"
#include "ops/ops.h"

struct hpb_case {
	const char *instance, *op, *kind, *so, *plain_so;
	const char *label; /* the row's name; NULL: the instance's */
};

static const struct hpb_case hpb_cases[] = {
	{ "ML-DSA-44", "sign", "sig", HPB_SCHEMES "/ml-dsa-44.so", HPB_BENCHLIBS "/ml-dsa-44-plain.so", NULL },
	{ "ML-KEM-768", "encaps", "kem", HPB_SCHEMES "/ml-kem-768.so", HPB_BENCHLIBS "/ml-kem-768-plain.so", NULL },
	{ "SPHINCS+-SHAKE-128f-simple", "sign", "sig", HPB_SCHEMES "/sphincs-shake-128f-simple.so",
	  HPB_BENCHLIBS "/sphincs-shake-128f-simple-plain.so", NULL },
	/* Layout control: no instrumentation anywhere.  The -PLAIN twin against
	 * itself (its copy: the A/A noise floor) and against the same link
	 * with a small padding function first (every function and table moved
	 * by a few dozen bytes). */
	{ "ML-DSA-44", "sign", "sig", HPB_BENCHLIBS "/ml-dsa-44-plain.so", HPB_BENCHLIBS "/ml-dsa-44-plain-shifted.so",
	  "control: PLAIN / shifted" },
};

/* One loaded, seeded, set-up instance. */
struct hpb_side {
	struct hp_instance inst;
	struct hp_api api;
	struct hp_op_ctx c;
	const struct hp_kind_ops *k;
	unsigned char message[64];
};

static int hpb_side_open(struct hpb_side *sd, const struct hpb_case *cs, const char *path)
{
	unsigned char seed[48];
	char err[256];

	memset(sd, 0, sizeof *sd);
	snprintf(sd->inst.path, sizeof sd->inst.path, "%s", path);
	snprintf(sd->inst.kind, sizeof sd->inst.kind, "%s", cs->kind);
	snprintf(sd->inst.name, sizeof sd->inst.name, "%s", cs->instance);
	sd->k = hp_kind_ops_of(cs->kind);
	if (hp_api_load(&sd->inst, &sd->api, err, sizeof err) != 0) {
		printf("  %s\n", err);
		return -1;
	}
	hp_clock_install(sd->api.wrap);
	sd->api.wrap->accounting = 0;
	hpb_seed(seed);
	hpb_message(sd->message);
	if (sd->api.init_random_number)
		sd->api.init_random_number(sd->api.drng_algorithm, seed, sizeof seed);
	sd->c.api = &sd->api;
	sd->c.op = cs->op;
	sd->c.message = sd->message;
	sd->c.message_len = sizeof sd->message;
	sd->c.meter = (struct hp_meter){ .wrap = sd->api.wrap, .clock = hp_clock_fn() };
	if (sd->k->prepare(&sd->c, err, sizeof err) != 0 || sd->k->setup(&sd->c, err, sizeof err) != 0) {
		printf("  %s: %s\n", path, err);
		return -1;
	}
	return 0;
}

/* Ticks of a batch of n operations, as the meter sums them. */
static int hpb_batch(struct hpb_side *sd, unsigned n, uint64_t *ticks)
{
	char err[256];
	uint64_t before = sd->c.meter.ticks;

	for (unsigned i = 0; i < n; i++)
		if (sd->k->iterate(&sd->c, err, sizeof err) != 0) {
			printf("  %s: %s\n", sd->inst.path, err);
			return -1;
		}
	*ticks = sd->c.meter.ticks - before;
	return 0;
}

/* Outermost helper calls counted so far by the instrumented side. */
static uint64_t hpb_calls(const struct hp_wrap_state *w)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn < HP_FN_COUNT)
			n += w->shapes[i].calls;
	return n;
}

/* Where a symbol lies in its module, relative to the module's base;
 * the module is already loaded (dlopen returns the same handle). */
static long hpb_offset(const char *path, const char *sym)
{
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD), *p;
	Dl_info info;
	long off = 0;

	if (dl && (p = dlsym(dl, sym)) && dladdr(p, &info) && info.dli_fbase)
		off = (long)((const char *)p - (const char *)info.dli_fbase);
	if (dl)
		dlclose(dl);
	return off;
}

/* Copy a file (the instrumented module, to load it a second time). */
static int hpb_copy(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[65536];
	size_t n;
	int rc = 0;

	if (!in || !out)
		rc = -1;
	while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		rc = -1;
	return rc;
}

enum { HPB_ON, HPB_OFF, HPB_PLAIN, HPB_SIDES };

static void hpb_release(struct hpb_side *sd)
{
	if (sd && sd->k && sd->c.state)
		sd->k->release(&sd->c);
	free(sd);
}

/* "1.0234 [1.0101..1.0390]" */
static void hpb_ratio_cell(char *buf, size_t len, double *v, unsigned n, double *median)
{
	double q1, q3;

	*median = hpb_median(v, n);
	hpb_quartiles(v, n, &q1, &q3);
	snprintf(buf, len, "%.4f [%.4f..%.4f]", *median, q1, q3);
}

static int hpb_case_run(const struct hpb_opts *o, const struct hpb_case *cs, double *median_ratio)
{
	static struct hp_wrap_state hpb_off_state; /* never accounting: the OFF side's meter */
	struct hpb_side *sd[HPB_SIDES] = { 0 };
	struct hp_overhead oh;
	hp_calib_loop_fn loop;
	uint64_t t[HPB_SIDES];
	char copy[4096];
	int rc = -1, lockstep = 1;
	double *v[5] = { 0 };
	unsigned rounds = 0, batch = 1;

	/* a path of its own per case: dlopen() returns the module already
	 * loaded under the same name */
	snprintf(copy, sizeof copy, "%s/bench/copy-%s-%s%s.so", HP_BENCH_BUILDDIR, cs->instance, cs->op,
		 cs->label ? "-control" : "");
	for (int i = 0; i < HPB_SIDES; i++)
		if (!(sd[i] = calloc(1, sizeof *sd[i])))
			goto out;
	if (hpb_copy(cs->so, copy) != 0) {
		printf("  cannot copy %s to %s\n", cs->so, copy);
		goto out;
	}
	if (hpb_side_open(sd[HPB_ON], cs, cs->so) != 0 || hpb_side_open(sd[HPB_OFF], cs, copy) != 0 ||
	    hpb_side_open(sd[HPB_PLAIN], cs, cs->plain_so) != 0)
		goto out;
	sd[HPB_OFF]->c.meter.wrap = &hpb_off_state;
	/* warm-up, one each (as hashprof's default plan) */
	for (int i = 0; i < HPB_SIDES; i++)
		if (hpb_batch(sd[i], 1, &t[i]) != 0)
			goto out;
	*(void **)&loop = dlsym(sd[HPB_ON]->api.dl, HP_CALIB_LOOP_SYMBOL);
	hp_calibrate(sd[HPB_ON]->api.wrap, loop, hp_clock_fn(), &oh);

	/* Short batches (~2 ms, at least 1 operation): most of them then run
	 * between two interruptions of a loaded machine, and the median of
	 * the paired ratios ignores the others.  Rounds for ~3 s a case. */
	double op_ticks = (double)(t[HPB_PLAIN] ? t[HPB_PLAIN] : 1);
	double batch_target = 0.002 * o->tick_hz;
	batch = op_ticks >= batch_target ? 1 : (unsigned)(batch_target / op_ticks);
	rounds = o->rounds ? o->rounds
			   : (unsigned)((o->quick ? 1.0 : 3.0) * o->tick_hz / (HPB_SIDES * batch * op_ticks));
	if (!o->rounds) {
		unsigned lo = o->quick ? 6 : 18, hi = 1998;
		rounds = rounds < lo ? lo : rounds > hi ? hi : rounds;
		rounds -= rounds % 6; /* every order of the three sides equally often */
	}
	for (int i = 0; i < 5; i++)
		if (!(v[i] = calloc(rounds, sizeof(double))))
			goto out;
	uint64_t calls0 = hpb_calls(sd[HPB_ON]->api.wrap), sum_plain = 0;
	static const int orders[6][3] = {
		{ 0, 1, 2 }, { 2, 1, 0 }, { 1, 2, 0 }, { 0, 2, 1 }, { 2, 0, 1 }, { 1, 0, 2 }
	};
	for (unsigned r = 0; r < rounds; r++) {
		for (int j = 0; j < HPB_SIDES; j++) {
			int i = orders[r % 6][j];
			if (hpb_batch(sd[i], batch, &t[i]) != 0)
				goto out;
		}
		for (int i = 1; i < HPB_SIDES; i++)
			if (sd[0]->api.drng_algorithm && sd[i]->api.drng_algorithm &&
			    memcmp(sd[0]->api.drng_algorithm, sd[i]->api.drng_algorithm, sizeof(DRNG_ctx)))
				lockstep = 0;
		v[0][r] = (double)t[HPB_ON] / (double)t[HPB_PLAIN];
		v[1][r] = (double)t[HPB_ON] / (double)t[HPB_OFF];
		v[2][r] = (double)t[HPB_OFF] / (double)t[HPB_PLAIN];
		v[3][r] = (double)t[HPB_PLAIN] / batch;
		v[4][r] = (double)t[HPB_ON] / batch;
		sum_plain += t[HPB_PLAIN];
	}
	double calls_per_op = (double)(hpb_calls(sd[HPB_ON]->api.wrap) - calls0) / ((double)rounds * batch);
	double plain_op = (double)sum_plain / ((double)rounds * batch);
	double predicted = 1 + (oh.valid ? oh.added_ticks * calls_per_op / plain_op : 0);
	double minmin = hpb_min(v[4], rounds) / hpb_min(v[3], rounds), m_on_off, m_off_plain;
	char c0[48], c1[48], c2[48];
	hpb_ratio_cell(c0, sizeof c0, v[0], rounds, median_ratio);
	hpb_ratio_cell(c1, sizeof c1, v[1], rounds, &m_on_off);
	hpb_ratio_cell(c2, sizeof c2, v[2], rounds, &m_off_plain);
	printf("  %-26s %-6s %4u x %-4u %9.3g  %-24s %7.4f  %-24s %-24s %7.4f %9.4g %s\n",
	       cs->label ? cs->label : cs->instance, cs->op, rounds, batch, hpb_median(v[3], rounds), c0, minmin, c1,
	       c2, predicted, calls_per_op, lockstep ? "yes" : "NO");
	rc = 0;
out:
	for (int i = 0; i < 5; i++)
		free(v[i]);
	for (int i = 0; i < HPB_SIDES; i++)
		hpb_release(sd[i]);
	remove(copy);
	return rc;
}

int hpb_slowdown(const struct hpb_opts *o, struct hpb_summary *s)
{
	int rc = 0;

	printf("\n(b) Slowdown instrumented / uninstrumented (same process, lockstep batches)\n");
	if (!HP_BENCH_PQCLEAN) {
		printf("  skipped: built without PQClean (./configure --with-pqclean=...)\n");
		return -1;
	}
	printf("  %-26s %-6s %-11s %9s  %-24s %7s  %-24s %-24s %7s %9s %s\n", "instance", "op", "rounds x ops",
	       "plain/op", "instrumented / plain", "min/min", "accounting on / off", "off / plain (layout)", "predict",
	       "calls/op", "lockstep");
	for (size_t i = 0; i < sizeof hpb_cases / sizeof hpb_cases[0]; i++) {
		double ratio = NAN;
		if (hpb_case_run(o, &hpb_cases[i], &ratio) != 0) {
			printf("  %s %s: failed\n", hpb_cases[i].instance, hpb_cases[i].op);
			rc = -1;
		}
		if (i == 0)
			s->mldsa_sign_ratio = ratio;
	}
	printf("  Three copies of each operation run in lockstep, in the 6 orders in turn: the instrumented\n"
	       "  instance with accounting on (as in a measuring run), a byte-identical copy of it with\n"
	       "  accounting off (the shims only test the switch), and the -PLAIN twin (the same objects and\n"
	       "  shims linked without --wrap: its code at the same offsets).  Ratios per round, median\n"
	       "  [quartiles]; min/min = fastest instrumented batch / fastest plain batch; plain/op in ticks.\n"
	       "  on/off isolates what measuring costs; off/plain what remains of the link (the gate each\n"
	       "  unmeasured call passes, and placement: see the control row).\n"
	       "  predict = 1 + (added ticks/call, hp_calibrate) x calls/op / plain ticks/op;\n"
	       "  lockstep = all three DRNG states equal after every round (same randomness, same work).\n");
	long shift = hpb_offset(hpb_cases[3].plain_so, "PQCLEAN_MLDSA44_CLEAN_ntt") -
		     hpb_offset(hpb_cases[3].so, "PQCLEAN_MLDSA44_CLEAN_ntt");
	printf("  control row: no instrumentation at all; ML-DSA-44-PLAIN against the same objects linked\n"
	       "  after a small padding function (its code moved by %ld bytes, nothing else changed), and\n"
	       "  against a copy of itself (middle column: the noise floor of this machine).\n",
	       shift);
	printf("  target: ML-DSA-44 sign instrumented/uninstrumented <= 1.02: %.4f -> %s\n", s->mldsa_sign_ratio,
	       s->mldsa_sign_ratio <= 1.02 ? "met" : "NOT met");
	return rc;
}
