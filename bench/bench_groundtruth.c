/*
 * bench_groundtruth.c - (c) hashprof's hash share, corrected and raw,
 * against a ground truth measured with no instrumentation, at 10 to 10^5
 * helper calls per operation.  The approach of tests/test_groundtruth.c,
 * in one process:
 *
 *   truth     GROUND-TRUTH-PLAIN (linked without --wrap): time of keygen
 *             minus time of the same keygen with its helper calls skipped,
 *             over time of keygen -- the share of time the operation would
 *             save if the helper were free;
 *   measured  GROUND-TRUTH keygen with the shims accounting, shares by
 *             prof/measure/shares.c with the overhead hp_calibrate() measures just
 *             before (corrected), and without correction (raw: the
 *             published way);
 *   alone     the same helper calls timed alone on the same inputs, for
 *             reference (it misses any overlap with the work around them);
 *   replay    GROUND-TRUTH keygen replayed (docs/replay.md): record, timed,
 *             replay and double replay runs of the same keygens through
 *             hp_replay_sample, the tape path's cost the double runs
 *             measure in place added back (hp_replay_insitu_ticks);
 *             the group's share is the median over its samples, as
 *             hashprof --replay takes it, the cost pooled over all the
 *             process's samples as hashprof pools it over a row's M
 *             samples; and, beside it, the same samples
 *             with the cost hp_calibrate_replay measures in its tight loop
 *             just before added back instead (the estimator before).
 *
 * A group times each of the five (plain, plain without helper calls,
 * helper alone, instrumented, a replay sample) `samples` times,
 * interleaved, and keeps the least disturbed (fastest) timing of each of
 * the first four: a loaded machine only ever adds time.  Its error is
 * measured - truth.  The table gives the median error over the groups and
 * its spread (quartiles, min..max).
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/calibrate.h"
#include "measure/clock.h"
#include "hp_wrap.h"
#include "replay/replay.h"
#include "record/result.h"
#include "measure/shares.h"

#define HPB_GT_MSG_BYTES 64 /* GT_MSG_BYTES in schemes/groundtruth */

typedef int (*hpb_keygen_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
typedef int (*hpb_sm3_fn)(int, const unsigned char *, unsigned long long, unsigned char *);
typedef void (*hpb_input_fn)(unsigned, unsigned char *);

struct hpb_gt {
	hpb_keygen_fn plain, wrapped;
	hpb_sm3_fn sm3;
	hpb_input_fn input;
	volatile int *skip;
	struct hp_wrap_state *w;
	hp_calib_loop_fn loop;
};

static uint64_t hpb_keygens(hpb_keygen_fn f, unsigned m)
{
	unsigned char pk[64], sk[64];
	unsigned long long pkl, skl;
	uint64_t t0 = hp_clock_read();

	for (unsigned i = 0; i < m; i++)
		f(pk, &pkl, sk, &skl);
	return hp_clock_read() - t0;
}

/* The m x d helper calls alone, on keygen's inputs, net of making them. */
static uint64_t hpb_alone(const struct hpb_gt *g, unsigned d, unsigned m)
{
	unsigned char msg[HPB_GT_MSG_BYTES], out[32] = { 0 };
	uint64_t t0 = hp_clock_read(), t1, t2;

	for (unsigned j = 0; j < m; j++)
		for (unsigned i = 0; i < d; i++) {
			g->input(i, msg);
			msg[0] ^= out[0]; /* a chain, as in keygen */
			g->sm3(256, msg, 8 * HPB_GT_MSG_BYTES, out);
		}
	t1 = hp_clock_read();
	for (unsigned j = 0; j < m; j++)
		for (unsigned i = 0; i < d; i++) {
			g->input(i, msg);
			msg[0] ^= out[0];
			__asm__ volatile("" : : "r"(msg) : "memory");
		}
	t2 = hp_clock_read();
	return (t1 - t0) - (t2 - t1);
}

/* m keygens of the wrapped instance as one hashprof row: corrected and
 * raw hash shares. */
static int hpb_measured(const struct hpb_gt *g, unsigned m, const struct hp_overhead *oh, double *corrected,
			double *raw, uint64_t *ticks)
{
	struct hp_result r;
	struct hp_shares s;
	uint64_t total;

	memset(g->w->shapes, 0, sizeof g->w->shapes);
	g->w->accounting = 1;
	total = hpb_keygens(g->wrapped, m);
	g->w->accounting = 0;
	*ticks = total;
	hp_result_init(&r);
	r.operations = m;
	r.total_ticks = total;
	r.overhead_valid = oh->valid;
	r.overhead_added_ticks = oh->added_ticks;
	r.overhead_inside_ticks = oh->inside_ticks;
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *sh = &g->w->shapes[i];
		if (!sh->used || sh->fn >= HP_FN_COUNT)
			continue;
		struct hp_result_shape rs = { sh->fn, sh->in_bits, sh->out_bits, sh->calls, sh->nested, sh->ticks };
		if (hp_result_add_shape(&r, &rs) != 0) {
			hp_result_free(&r);
			return -1;
		}
	}
	hp_shares_of_result(&r, 0, &s);
	*corrected = s.hash;
	hp_shares_of_result(&r, 1, &s);
	*raw = s.hash;
	hp_result_free(&r);
	return 0;
}

/* The replayed operation: m keygens of the wrapped instance (a batch, as
 * the other quantities time; GROUND-TRUTH keygen draws no randomness). */
struct hpb_gt_op {
	const struct hpb_gt *g;
	unsigned m;
};

static int hpb_gt_replay_op(void *ctx, enum hp_replay_phase phase)
{
	const struct hpb_gt_op *op = ctx;
	unsigned char pk[64], sk[64];
	unsigned long long pkl, skl;
	int rc = 0;

	(void)phase;
	for (unsigned i = 0; i < op->m && rc == 0; i++)
		rc = op->g->wrapped(pk, &pkl, sk, &skl);
	return rc;
}

static int hpb_gt_open(struct hpb_gt *g)
{
	const char *plain = HPB_SCHEMES "/ground-truth-plain.so", *wrapped = HPB_SCHEMES "/ground-truth.so";
	void *pdl = hpb_open(plain), *wdl = hpb_open(wrapped);

	if (!pdl || !wdl)
		return -1;
	*(void **)&g->plain = hpb_sym(pdl, plain, "sig_keygen");
	*(void **)&g->sm3 = hpb_sym(pdl, plain, "sm3hash");
	*(void **)&g->input = hpb_sym(pdl, plain, "gt_input");
	g->skip = hpb_sym(pdl, plain, "gt_skip_helper");
	*(void **)&g->wrapped = hpb_sym(wdl, wrapped, "sig_keygen");
	g->w = hpb_sym(wdl, wrapped, HP_WRAP_STATE_SYMBOL);
	*(void **)&g->loop = hpb_sym(wdl, wrapped, HP_CALIB_LOOP_SYMBOL);
	if (!g->plain || !g->sm3 || !g->input || !g->skip || !g->wrapped || !g->w || !g->loop)
		return -1;
	hp_clock_install(g->w);
	g->w->accounting = 0;
	return 0;
}

/* Errors of one density over `groups` groups (percentage points). */
struct hpb_gt_row {
	double truth, alone, err_c, err_r, q1, q3, lo, hi, added;
	double err_p, p_lo, p_hi; /* the replay share's error (in situ): median, min..max */
	double err_l; /* the tight-loop estimator's error: median */
	double insitu, loop, twice; /* ticks per call through the tape path: in situ; in the loop, served
				     * once and the double mode's second time */
};

/* The values of one density, `groups` of each (HPB_GT_VALUES arrays). */
enum {
	HPB_V_TRUTH,
	HPB_V_ALONE,
	HPB_V_EC,
	HPB_V_ER,
	HPB_V_ADDED,
	HPB_V_EP,
	HPB_V_EL,
	HPB_V_INSITU,
	HPB_V_LOOP,
	HPB_V_TWICE,
	HPB_GT_VALUES
};

/* A row from n values of each: corrected error's median, quartiles and
 * range, the replay error's median and range, the others' medians (the
 * arrays are reordered). */
static void hpb_gt_summarise(struct hpb_gt_row *row, double *v[HPB_GT_VALUES], size_t n)
{
	double *ec = v[HPB_V_EC], *ep = v[HPB_V_EP];

	row->lo = hpb_min(ec, n);
	row->hi = hpb_max(ec, n);
	hpb_quartiles(ec, n, &row->q1, &row->q3);
	row->err_c = hpb_median(ec, n);
	row->p_lo = hpb_min(ep, n);
	row->p_hi = hpb_max(ep, n);
	row->err_p = hpb_median(ep, n);
	row->err_r = hpb_median(v[HPB_V_ER], n);
	row->err_l = hpb_median(v[HPB_V_EL], n);
	row->insitu = hpb_median(v[HPB_V_INSITU], n);
	row->loop = hpb_median(v[HPB_V_LOOP], n);
	row->twice = hpb_median(v[HPB_V_TWICE], n);
	row->truth = hpb_median(v[HPB_V_TRUTH], n);
	row->alone = hpb_median(v[HPB_V_ALONE], n);
	row->added = hpb_median(v[HPB_V_ADDED], n);
}

/* The hash share of m keygens replayed, over n samples taken one at a
 * time by the caller (sample k with hp_replay_sample's order k % HP_REPLAY_ORDERS). */
static int hpb_gt_replay_sample(const struct hp_replay_run *run, unsigned k, struct hp_replay_sample *x)
{
	char err[512];

	if (hp_replay_sample(run, k % HP_REPLAY_ORDERS, x, err, sizeof err) != 0) {
		fprintf(stderr, "hp-bench: replay: %s\n", err);
		return -1;
	}
	return 0;
}

static int hpb_gt_density(struct hpb_gt *g, unsigned d, unsigned groups, unsigned samples, double *v[HPB_GT_VALUES],
			  struct hpb_gt_row *row)
{
	double *truth = v[HPB_V_TRUTH], *alone = v[HPB_V_ALONE], *ec = v[HPB_V_EC], *er = v[HPB_V_ER],
	       *oha = v[HPB_V_ADDED], *ep = v[HPB_V_EP], *el = v[HPB_V_EL];
	/* batches of ~10^4 helper calls (a few ms), one keygen from 10^4 up */
	unsigned m = d >= 10000 ? 1 : 10000 / d;
	struct hpb_gt_op op = { g, m };
	const struct hp_replay_run run = {
		.name = "keygen",
		.wrap = g->w,
		.drng = NULL,
		.clock = hp_clock_fn(),
		.max_bytes = hp_replay_bound_bytes(HP_REPLAY_MAX_MB_DEFAULT),
		.op = hpb_gt_replay_op,
		.ctx = &op,
	};
	/* every group's replay samples: the in-situ cost is pooled over all
	 * of them, as hashprof pools it over a row's M samples */
	struct hp_replay_sample *rs = calloc((size_t)groups * samples, sizeof *rs);
	struct hp_replay_cost insitu_cost = { .valid = 1 };
	double insitu = 0;
	char env[16], err[256];

	if (!rs)
		return -1;
	snprintf(env, sizeof env, "%u", d);
	setenv("HASHPROF_GT_CALLS", env, 1); /* the keygens read it */
	/* m x d entries of an sm3hash digest: 56 bytes each */
	if (hp_replay_tape_alloc(g->w, "keygen", (uint64_t)m * d * hp_tape_entry_bytes(32), HP_REPLAY_MAX_MB_DEFAULT,
				 err, sizeof err) != 0) {
		fprintf(stderr, "hp-bench: %s\n", err);
		free(rs);
		return -1;
	}
	hpb_keygens(g->plain, m); /* warm-up */
	hpb_keygens(g->wrapped, m);
	for (unsigned r = 0; r < groups; r++) {
		struct hp_overhead oh;
		struct hp_replay_cost cost;
		uint64_t best_op = UINT64_MAX, best_free = UINT64_MAX, best_alone = UINT64_MAX,
			 best_wrapped = UINT64_MAX, t;
		struct hp_replay_sample *grs = rs + (size_t)r * samples; /* this group's */
		double c = 0, w = 0, cc, ww, pl = 0;
		hp_calibrate(g->w, g->loop, hp_clock_fn(), &oh);
		hp_calibrate_replay(g->w, g->loop, hp_clock_fn(), &cost);
		/* each quantity is the least disturbed of `samples` timings,
		 * taken interleaved (order rotated) */
		for (unsigned k = 0; k < samples; k++)
			for (unsigned j = 0; j < 5; j++)
				switch ((j + k + r) % 5) {
				case 0:
					if ((t = hpb_keygens(g->plain, m)) < best_op)
						best_op = t;
					break;
				case 1:
					*g->skip = 1;
					t = hpb_keygens(g->plain, m);
					*g->skip = 0;
					if (t < best_free)
						best_free = t;
					break;
				case 2:
					if ((t = hpb_alone(g, d, m)) < best_alone)
						best_alone = t;
					break;
				case 3:
					if (hpb_measured(g, m, &oh, &cc, &ww, &t) != 0) {
						free(rs);
						return -1;
					}
					if (t < best_wrapped) {
						best_wrapped = t;
						c = cc;
						w = ww;
					}
					break;
				default:
					if (hpb_gt_replay_sample(&run, r * samples + k, &grs[k]) != 0) {
						free(rs);
						return -1;
					}
					break;
				}
		if (hp_replay_share_median(grs, samples, HP_REPLAY_HASH, &cost, &pl) != 0) {
			free(rs);
			return -1;
		}
		truth[r] = 100.0 * ((double)best_op - (double)best_free) / (double)best_op;
		alone[r] = 100.0 * (double)best_alone / (double)best_op;
		ec[r] = 100.0 * c - truth[r];
		er[r] = 100.0 * w - truth[r];
		el[r] = 100.0 * pl - truth[r];
		oha[r] = oh.added_ticks;
		v[HPB_V_LOOP][r] = cost.replay_ticks;
		v[HPB_V_TWICE][r] = cost.twice_replay_ticks;
	}
	/* the in-situ share of each group (hp_replay_estimate's), the cost pooled */
	if (hp_replay_insitu_ticks(rs, (size_t)groups * samples, HP_REPLAY_HASH, &insitu) != 0) {
		free(rs);
		return -1;
	}
	insitu_cost.replay_ticks = insitu_cost.pass_ticks = insitu;
	for (unsigned r = 0; r < groups; r++) {
		double p;
		if (hp_replay_share_median(rs + (size_t)r * samples, samples, HP_REPLAY_HASH, &insitu_cost, &p) != 0) {
			free(rs);
			return -1;
		}
		ep[r] = 100.0 * p - truth[r];
		v[HPB_V_INSITU][r] = insitu;
	}
	free(rs);
	hp_replay_tape_free(g->w);
	hpb_gt_summarise(row, v, groups);
	return 0;
}

static void hpb_gt_print(const char *label, unsigned d, const struct hpb_gt_row *row)
{
	char cbuf[64], pbuf[48], tbuf[32];

	snprintf(cbuf, sizeof cbuf, "%+5.2f [%+.2f,%+.2f] {%+.2f..%+.2f}", row->err_c, row->q1, row->q3, row->lo,
		 row->hi);
	snprintf(pbuf, sizeof pbuf, "%+5.2f {%+.2f..%+.2f}", row->err_p, row->p_lo, row->p_hi);
	snprintf(tbuf, sizeof tbuf, "%.1f / %.1f (%.1f)", row->insitu, row->loop, row->twice);
	printf("  %9u %-6s %6.2f%% %6.2f%%  %-34s  %+9.2f  %-20s %+6.2f  %-17s %6.1f t/c\n", d, label, row->truth,
	       row->alone, cbuf, row->err_r, pbuf, row->err_l, tbuf, row->added);
	fflush(stdout);
}

/*
 * hp-bench --gt-process=D:GROUPS:SAMPLES:WORK (WORK line, short or loops): one
 * measuring process of (c).  Prints "err_c err_r truth alone added err_p
 * err_l insitu loop twice" (pp, pp, %, %, ticks/call, pp, pp, then ticks
 * per call: the tape path in situ, in the loop, its second time in the
 * loop): medians over its groups.
 */
int hpb_groundtruth_process(const char *spec)
{
	unsigned d, groups, samples;
	char work[8];
	struct hpb_gt g;
	struct hpb_gt_row row;
	double *v[HPB_GT_VALUES];
	int rc = 0;

	if (sscanf(spec, "%u:%u:%u:%7s", &d, &groups, &samples, work) != 4 || !d || !groups || !samples) {
		fprintf(stderr, "hp-bench: --gt-process=D:GROUPS:SAMPLES:WORK expected, got '%s'\n", spec);
		return 2;
	}
	if (strcmp(work, "line"))
		setenv("HASHPROF_GT_WORK", work, 1);
	if (hpb_gt_open(&g) != 0)
		return 1;
	for (int i = 0; i < HPB_GT_VALUES; i++)
		if (!(v[i] = calloc(groups, sizeof(double))))
			return 1;
	if (hpb_gt_density(&g, d, groups, samples, v, &row) != 0)
		rc = 1;
	else
		printf("%.4f %.4f %.4f %.4f %.2f %.4f %.4f %.3f %.3f %.3f\n", row.err_c, row.err_r, row.truth,
		       row.alone, row.added, row.err_p, row.err_l, row.insitu, row.loop, row.twice);
	for (int i = 0; i < HPB_GT_VALUES; i++)
		free(v[i]);
	return rc;
}

/* Run `procs` measuring processes of one row; the row of their medians,
 * quartiles and range of the corrected error over processes. */
static int hpb_gt_row_of_processes(unsigned d, const char *work, unsigned procs, unsigned groups, unsigned samples,
				   struct hpb_gt_row *row)
{
	char self[4096], spec[96], out[4200];
	double val[HPB_GT_VALUES][32], *v[HPB_GT_VALUES];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);

	for (int i = 0; i < HPB_GT_VALUES; i++)
		v[i] = val[i];

	if (n <= 0)
		return -1;
	self[n] = 0;
	snprintf(spec, sizeof spec, "--gt-process=%u:%u:%u:%s", d, groups, samples, work);
	hpb_scratch(out, sizeof out, "groundtruth.out");
	for (unsigned k = 0; k < procs; k++) {
		char *argv[] = { self, spec, NULL }, *text;
		double wall;
		if (hpb_run(argv, out, NULL, &wall) != 0 || !(text = hpb_slurp(out))) {
			printf("  %s %s: the measuring process failed\n", self, spec);
			return -1;
		}
		int got = sscanf(text, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[HPB_V_EC][k], &v[HPB_V_ER][k],
				 &v[HPB_V_TRUTH][k], &v[HPB_V_ALONE][k], &v[HPB_V_ADDED][k], &v[HPB_V_EP][k],
				 &v[HPB_V_EL][k], &v[HPB_V_INSITU][k], &v[HPB_V_LOOP][k], &v[HPB_V_TWICE][k]);
		free(text);
		if (got != HPB_GT_VALUES) {
			printf("  %s %s: unreadable output\n", self, spec);
			return -1;
		}
	}
	unlink(out);
	hpb_gt_summarise(row, v, procs);
	return 0;
}

/*
 * (c): every row is measured in `procs` fresh processes (where
 * address-space randomisation puts the two libraries moves one process's
 * error by up to +-1 pp, and its replay error by up to +-2.5; only a new
 * process gets a new layout), each taking the median over its groups.
 * 25 processes: with 15 the replay rows' medians still moved by +-0.4 pp
 * from one run to the next.
 */
/* The worst (largest) |replay error| over the rows so far into *worst. */
static void hpb_gt_worst(const struct hpb_gt_row *row, double *worst)
{
	if (isnan(*worst) || fabs(row->err_p) > fabs(*worst))
		*worst = row->err_p;
}

int hpb_groundtruth(const struct hpb_opts *o, struct hpb_summary *s)
{
	static const unsigned densities[] = { 10, 100, 1000, 10000, 100000 };
	unsigned procs = o->quick ? 3 : 25,
		 groups = o->rounds  ? o->rounds
			  : o->quick ? 1
				     : 2,
		 samples = o->quick ? 3 : 5;
	struct hpb_gt_row row;
	double worst = NAN;

	printf("\n(c) Hash share vs ground truth (GROUND-TRUTH keygen; per row %u processes x %u groups of %u\n"
	       "    samples; errors in percentage points: median over processes [quartiles] {min..max})\n",
	       procs, groups, samples);
	printf("  %9s %-6s %7s %7s  %-34s  %-9s  %-20s %6s  %-17s %9s\n", "calls/op", "work", "truth", "alone",
	       "corrected error", "raw error", "replay error", "(loop)", "tape t/c", "overhead");
	for (size_t di = 0; di < sizeof densities / sizeof densities[0]; di++) {
		if (hpb_gt_row_of_processes(densities[di], "line", procs, groups, samples, &row) != 0)
			return -1;
		hpb_gt_print("line", densities[di], &row);
		hpb_gt_worst(&row, &worst);
		if (densities[di] == 100000) {
			s->gt_err_1e5 = row.err_c;
			s->gt_err_1e5_lo = row.q1;
			s->gt_err_1e5_hi = row.q3;
		}
	}
	/* short work: the helper ~93% of keygen, the density of hash-based
	 * signatures, where the shims' cost is several percent of the total */
	for (unsigned d = 1000; d <= 100000; d *= 100) {
		if (hpb_gt_row_of_processes(d, "short", procs, groups, samples, &row) != 0)
			return -1;
		hpb_gt_print("short", d, &row);
		hpb_gt_worst(&row, &worst);
	}
	/* the same at 1000 calls/op with the non-helper work as loops: what
	 * the helper costs the code around it, which no wrapper sees */
	if (hpb_gt_row_of_processes(1000, "loops", procs, groups, samples, &row) != 0)
		return -1;
	hpb_gt_print("loops", 1000, &row);
	hpb_gt_worst(&row, &worst);
	s->gt_replay_worst = worst;
	printf("  truth = (plain keygen - plain keygen with the helper calls skipped) / plain keygen, all\n"
	       "  uninstrumented (GROUND-TRUTH-PLAIN); alone = the same chain of helper calls timed alone /\n"
	       "  plain keygen (reference only: alone, the helper finds the CPU trained on nothing else);\n"
	       "  corrected/raw = GROUND-TRUTH keygen measured through the shims, shares by prof/measure/shares.c\n"
	       "  with/without the calibrated overhead; overhead = added ticks/call (hp_calibrate);\n"
	       "  replay = GROUND-TRUTH keygen recorded, timed and replayed with its helper outputs from the\n"
	       "  tape, and replayed again with each call's tape path made twice (hp_replay_sample; median\n"
	       "  over a group's samples, the tape path's cost measured in place, pooled over the process's\n"
	       "  samples, added back), the share `hashprof --replay` reports (it pools over a row's M\n"
	       "  samples): median {min..max} over processes; (loop) = the same samples\n"
	       "  with the tight-loop cost added back instead (the estimator before; median);\n"
	       "  tape t/c = ticks per call of the tape path: in situ / in the tight loop (in the loop, the\n"
	       "  double mode's second tape work, which repeats the tape work and not the call).\n"
	       "  work: line = straight-line non-helper work (the instance's default); short = 20 rounds of it\n"
	       "  instead of 400 (the helper ~93%% of keygen, as in hash-based signatures); loops = line work\n"
	       "  as loops, whose exits the helper's branches make mispredict: that cost lands outside every\n"
	       "  helper call's timed window, so every wrapper's share (hashprof's, the published one) is low\n"
	       "  by that much (HASHPROF_GT_WORK=loops, schemes/groundtruth); a replay sees it.\n");
	printf("  target: corrected share within 0.5 pp of the truth at 10^5 calls/op: %+.2f pp -> %s\n", s->gt_err_1e5,
	       fabs(s->gt_err_1e5) <= 0.5 ? "met" : "NOT met");
	printf("  target: replay share within 0.5 pp of the truth in every row: worst %+.2f pp -> %s\n", worst,
	       fabs(worst) <= 0.5 ? "met" : "NOT met");
	return hpb_replay_pqclean(o, s);
}
