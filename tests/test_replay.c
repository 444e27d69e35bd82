/*
 * test_replay.c - replay: what an operation would save
 * if its helpers were free, exact on a virtual clock; and the runtime's
 * record/timed/replay sequence on a built instance.
 *
 * "virtual clock", as tests/test_correction: the shims (wrap/, built here
 * with HP_WRAP_TEST_CHARGE), the replay-cost calibration
 * (prof/measure/calibrate.c) and the sample and share (prof/replay/replay.c) are real;
 * time is fake (fake_scheme.h).  The only difference from an instance's
 * shims: a call served from the tape advances the virtual clock by
 * REPLAY_COST and a real call through the tape path by PASS_COST (the
 * double mode's second tape work as much again), so the tape path has a
 * cost to calibrate and to add back.  With `loop_differs`, the stand-in
 * of the tight-loop calibration is charged LOOP_REPLAY_COST and
 * LOOP_PASS_COST instead: the tape path costs less in the operation than
 * in the loop, as it does on a real CPU that hides it behind the scheme's
 * work.  Asserted exactly: the calibration finds the loop's costs; the
 * double runs cost the in-situ ones more per call; the in-situ share of
 * each family equals the truth (what skipping that family saves) in every
 * case and sample order, and the median over samples too, whether or not
 * the loop's costs differ; and in every case the share without the
 * add-back misses the truth by at least 0.5 pp, without the pass term the
 * DRNG share does, and where the loop's costs differ the tight-loop
 * estimator does, so an estimator that forgets a term, or takes the
 * loop's cost for the operation's, fails here.
 *
 * "instance": SYNTH-SIG (schemes/.libs/synth-sig.so) dlopen()ed with its
 * own shims: drng_algorithm saved and restored by its bytes; a sign
 * sampled through hp_replay_sample gives byte-identical signatures in the
 * record, timed and both replay runs, with the documented call counts.
 * Its clock is a counter, not time: nothing here depends on the machine's
 * speed.
 */
#include <check.h>
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/calibrate.h"
#include "check_run.h"
#include "replay/drng_state.h"
#include "fake_helpers.h"
#include "fake_scheme.h"
#include "hp_wrap.h"
#include "replay/replay.h"

/* wrap/state.c, built into this program */
extern __attribute__((visibility("protected"))) struct hp_wrap_state hashprof_wrap_state;
void hashprof_calib_loop(unsigned n, int wrapped);

#define W hashprof_wrap_state
#define PP 100.0 /* shares are fractions; tolerances in pp */

/* ---------- the tape path's virtual cost (hook.h, HP_WRAP_TEST_CHARGE) ---------- */

#define REPLAY_COST 30u /* ticks: a call served from the tape */
#define PASS_COST 20u /* ticks: a real call through the tape path, beyond the gate */
/* ...and what the calibration's stand-in is charged with loop_differs */
#define LOOP_REPLAY_COST 75u
#define LOOP_PASS_COST 50u

static int loop_differs;
/* a busy machine: ticks more per tape-path charge in the double runs
 * (busy_double) or the replay runs (busy_replay), the loop spared */
static uint64_t busy_double, busy_replay;
/* how often the op ran in each phase */
static unsigned phase_runs[HP_REPLAY_PHASES];

void hp_wrap_test_charge_replay(unsigned fn);
void hp_wrap_test_charge_pass(unsigned fn);
static void busy_charge(unsigned fn)
{
	if (fn != HP_FN_CALIB)
		fake_now += W.accounting == HP_ACCOUNTING_DOUBLE   ? busy_double
			    : W.accounting == HP_ACCOUNTING_REPLAY ? busy_replay
								   : 0;
}
void hp_wrap_test_charge_replay(unsigned fn)
{
	fake_now += loop_differs && fn == HP_FN_CALIB ? LOOP_REPLAY_COST : REPLAY_COST;
	busy_charge(fn);
}
void hp_wrap_test_charge_pass(unsigned fn)
{
	fake_now += loop_differs && fn == HP_FN_CALIB ? LOOP_PASS_COST : PASS_COST;
	busy_charge(fn);
}

static void setup(void)
{
	memset(W.shapes, 0, sizeof W.shapes);
	memset(fake_ret, 0, sizeof fake_ret);
	memset(W.overflow, 0, sizeof W.overflow);
	W.accounting = 0;
	W.clock = virtual_clock;
	W.tick_inline = 0;
	fake_now = 0;
	loop_differs = 0;
	busy_double = busy_replay = 0;
	memset(phase_runs, 0, sizeof phase_runs);
}

static void teardown(void)
{
	hp_replay_tape_free(&W);
}

/* ---------- the virtual clock ---------- */

/* The fake scheme as the driver's op: phase-blind, its helpers through
 * the shims; the scheme's per-phase misbehaviour for the error tests. */
struct fake_op {
	const struct scheme *scheme;
	int bad_phase; /* the phase that misbehaves; -1: none */
	enum { OK, OTHER_LENGTH, FEWER_CALLS, OTHER_RETURN, MORE_NESTED } bad;
	struct check_log *log; /* check_after_each_run's */
};

static int fake_op(void *ctx, enum hp_replay_phase phase)
{
	const struct fake_op *f = ctx;
	struct scheme s = *f->scheme;
	unsigned char msg[64] = { 0 }, out[128];

	if (phase < HP_REPLAY_PHASES)
		phase_runs[phase]++;
	if ((int)phase != f->bad_phase || f->bad == OK) {
		operation(&s, WRAPPED);
		return 0;
	}
	switch (f->bad) {
	case OTHER_LENGTH:
		/* iteration 0 as usual, then a longer pseudoXOF: call 4 */
		s.iterations = 1;
		operation(&s, WRAPPED);
		pseudoXOF(520, msg, 256, out);
		return 0;
	case FEWER_CALLS:
		s.iterations--;
		operation(&s, WRAPPED);
		return 0;
	case MORE_NESTED:
		/* each pseudoXOF calls pseudohash (and it sm3hash): nested */
		fake_xof_calls_pseudohash = 1;
		operation(&s, WRAPPED);
		fake_xof_calls_pseudohash = 0;
		return 0;
	default:
		operation(&s, WRAPPED);
		return 7;
	}
}

static void fake_run(struct hp_replay_run *run, struct fake_op *f, const struct scheme *s)
{
	f->scheme = s;
	f->bad_phase = -1;
	f->bad = OK;
	*run = (struct hp_replay_run){ .name = "sign",
				       .wrap = &W,
				       .drng = NULL,
				       .clock = virtual_clock,
				       .max_bytes = hp_replay_bound_bytes(HP_REPLAY_MAX_MB_DEFAULT),
				       .op = fake_op,
				       .ctx = f };
}

/* Tape bytes of one fake operation: per iteration, pseudoXOF 64 bytes,
 * pseudohash 32, get_random_number 32, sm3hash 32, each after a 24-byte
 * header. */
static uint64_t fake_tape_bytes(const struct scheme *s)
{
	return (uint64_t)s->iterations * ((24 + 64) + 3 * (24 + 32));
}

/* Cases _i % FAKE_NCASES, the loop's costs differing when _i >= FAKE_NCASES. */
START_TEST(replay_cost_calibrated_exactly)
{
	const struct correction_case *c = &cases[_i % FAKE_NCASES];
	struct hp_replay_cost rc;
	struct hp_overhead oh;
	unsigned want_replay, want_pass;

	loop_differs = _i >= FAKE_NCASES;
	want_replay = loop_differs ? LOOP_REPLAY_COST : REPLAY_COST;
	want_pass = loop_differs ? LOOP_PASS_COST : PASS_COST;
	read_before = c->read_before;
	read_after = c->read_after;
	hp_calibrate_replay(&W, hashprof_calib_loop, virtual_clock, &rc);
	ck_assert(rc.valid);
	ck_assert_msg(rc.replay_ticks == want_replay, "replay %.6f ticks/call, expected %u", rc.replay_ticks,
		      want_replay);
	ck_assert_msg(rc.pass_ticks == want_pass, "pass %.6f ticks/call, expected %u", rc.pass_ticks, want_pass);
	/* the double mode's second call costs the first one's again */
	ck_assert_msg(rc.twice_replay_ticks == want_replay, "double: replay %.6f ticks/call, expected %u",
		      rc.twice_replay_ticks, want_replay);
	ck_assert_msg(rc.twice_pass_ticks == want_pass, "double: pass %.6f ticks/call, expected %u",
		      rc.twice_pass_ticks, want_pass);
	/* accounting off, the tapes as they were (none), no shape left */
	ck_assert_int_eq(W.accounting, 0);
	ck_assert_ptr_null(W.tape.buf);
	ck_assert_uint_eq(W.tape.cap, 0);
	ck_assert_ptr_null(W.shadow.buf);
	ck_assert_uint_eq(W.shadow.cap, 0);
	/* the timed calibration is untouched by the tape path's charges */
	hp_calibrate(&W, hashprof_calib_loop, virtual_clock, &oh);
	ck_assert(oh.added_ticks == 2.0 * (double)(c->read_before + c->read_after));
	ck_assert(oh.inside_ticks == (double)(c->read_before + c->read_after));
}
END_TEST

START_TEST(no_loop_no_cost)
{
	struct hp_replay_cost rc = { .valid = 1 };

	hp_calibrate_replay(&W, NULL, virtual_clock, &rc);
	ck_assert(!rc.valid);
	ck_assert(rc.replay_ticks == 0 && rc.pass_ticks == 0 && rc.twice_replay_ticks == 0 && rc.twice_pass_ticks == 0);
}
END_TEST

/* A share of family in sample x as `hashprof --replay` reports it
 * (hp_replay_estimate with no loop calibration: the in-situ estimator),
 * from that sample alone. */
static double insitu_share(const struct hp_replay_sample *x, unsigned fam)
{
	struct hp_replay_estimate e;

	ck_assert_int_eq(hp_replay_estimate(x, 1, fam, NULL, &e), 0);
	ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_INSITU);
	return e.share;
}

/* Cases _i % FAKE_NCASES, the loop's costs differing when _i >= FAKE_NCASES. */
START_TEST(replay_share_is_the_truth)
{
	const struct correction_case *c = &cases[_i % FAKE_NCASES];
	const struct scheme *s = &c->scheme;
	struct hp_replay_cost cost;
	struct hp_replay_run run;
	struct hp_replay_sample smp[HP_REPLAY_ORDERS];
	struct fake_op f;
	struct truth tr;
	char err[256] = "";
	uint64_t n = s->iterations;
	/* per family: calls served and passed (see below), the in-situ cost per call */
	const uint64_t served[HP_REPLAY_FAMILIES] = { 3 * n, n }, passed[HP_REPLAY_FAMILIES] = { 3 * n, 4 * n };

	loop_differs = _i >= FAKE_NCASES;
	read_before = c->read_before;
	read_after = c->read_after;
	hp_calibrate_replay(&W, hashprof_calib_loop, virtual_clock, &cost);
	fake_truth(s, &tr);
	fake_run(&run, &f, s);
	ck_assert_int_eq(
		hp_replay_tape_alloc(&W, "sign", fake_tape_bytes(s), HP_REPLAY_MAX_MB_DEFAULT, err, sizeof err), 0);

	for (unsigned order = 0; order < HP_REPLAY_ORDERS; order++) {
		struct hp_replay_sample *x = &smp[order];
		double share[HP_REPLAY_FAMILIES], truth[HP_REPLAY_FAMILIES] = { tr.hash, tr.drng };

		ck_assert_msg(hp_replay_sample(&run, order, x, err, sizeof err) == 0, "%s", err);
		ck_assert_int_eq(W.accounting, 0);
		ck_assert_uint_eq(x->calls, 4 * n);
		ck_assert_uint_eq(x->tape_bytes, fake_tape_bytes(s));
		/* the timed run is the plain operation: the gate costs nothing */
		ck_assert_msg((double)x->timed_ticks == tr.plain, "timed %llu, plain %.0f",
			      (unsigned long long)x->timed_ticks, tr.plain);
		/* hash: 3 calls served; the DRNG and its 2 nested sm3hash real */
		ck_assert_uint_eq(x->replayed[HP_REPLAY_HASH], served[HP_REPLAY_HASH]);
		ck_assert_uint_eq(x->passed[HP_REPLAY_HASH], passed[HP_REPLAY_HASH]);
		/* DRNG: 1 served; pseudoXOF, pseudohash, its nested sm3hash, sm3hash real */
		ck_assert_uint_eq(x->replayed[HP_REPLAY_DRNG], served[HP_REPLAY_DRNG]);
		ck_assert_uint_eq(x->passed[HP_REPLAY_DRNG], passed[HP_REPLAY_DRNG]);
		for (unsigned fam = 0; fam < HP_REPLAY_FAMILIES; fam++) {
			struct hp_replay_cost none = { 0 }, no_pass = cost;
			double bare, half, loop, ticks;
			const char *name = hp_replay_family_name(fam);
			no_pass.pass_ticks = 0;
			/* the double run costs the tape path in place once more, exactly */
			ck_assert_msg(x->double_ticks[fam] - x->replay_ticks[fam] ==
					      served[fam] * REPLAY_COST + passed[fam] * PASS_COST,
				      "order %u, %s: the double run costs %llu ticks more, expected %llu", order, name,
				      (unsigned long long)(x->double_ticks[fam] - x->replay_ticks[fam]),
				      (unsigned long long)(served[fam] * REPLAY_COST + passed[fam] * PASS_COST));
			ck_assert_int_eq(hp_replay_insitu_ticks(x, 1, fam, &ticks), 0);
			ck_assert(fabs(ticks - (double)(served[fam] * REPLAY_COST + passed[fam] * PASS_COST) /
						       (double)(served[fam] + passed[fam])) < 1e-9);
			share[fam] = insitu_share(x, fam);
			ck_assert_msg(fabs(share[fam] - truth[fam]) < 1e-12,
				      "order %u, %s: in situ %.6f%%, truth %.6f%%", order, name, PP * share[fam],
				      PP * truth[fam]);
			/* the tight-loop estimator: exact where the loop costs
			 * what the operation does, visibly off where it does not */
			ck_assert_int_eq(hp_replay_share_of_sample(x, fam, &cost, &loop), 0);
			if (!loop_differs)
				ck_assert_msg(fabs(loop - truth[fam]) < 1e-12,
					      "order %u, %s: tight loop %.6f%%, truth "
					      "%.6f%%",
					      order, name, PP * loop, PP * truth[fam]);
			else
				ck_assert_msg(fabs(loop - truth[fam]) * PP >= 0.5,
					      "%s: %.3f%% with the loop's cost, "
					      "truth %.3f%%",
					      name, PP * loop, PP * truth[fam]);
			/* the case has teeth: nothing added back is visibly off;
			 * the DRNG run passes enough calls for the pass term to show */
			ck_assert_int_eq(hp_replay_share_of_sample(x, fam, &none, &bare), 0);
			ck_assert_msg(fabs(bare - truth[fam]) * PP >= 0.5, "%s: %.3f%% without add-back, truth %.3f%%",
				      name, PP * bare, PP * truth[fam]);
			if (!loop_differs) {
				ck_assert_int_eq(hp_replay_share_of_sample(x, fam, &no_pass, &half), 0);
				if (fam == HP_REPLAY_DRNG)
					ck_assert_msg(fabs(half - truth[fam]) * PP >= 0.5,
						      "DRNG: %.3f%% without the "
						      "pass term, truth %.3f%%",
						      PP * half, PP * truth[fam]);
			}
		}
	}
	for (unsigned fam = 0; fam < HP_REPLAY_FAMILIES; fam++) {
		struct hp_replay_estimate e;
		ck_assert_int_eq(hp_replay_estimate(smp, HP_REPLAY_ORDERS, fam, NULL, &e), 0);
		ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_INSITU);
		ck_assert(fabs(e.share - (fam == HP_REPLAY_HASH ? tr.hash : tr.drng)) < 1e-12);
	}
}
END_TEST

/* The in-situ estimator pools the per-call cost over the samples: one
 * sample's double run disturbed by 10^4 ticks moves nothing; what being
 * second in a pair costs cancels out. */
START_TEST(insitu_cost_is_a_median)
{
	struct hp_replay_sample s[5];
	struct hp_replay_estimate e;
	double ticks = -1;

	memset(s, 0, sizeof s);
	for (unsigned i = 0; i < 5; i++) {
		s[i].family_calls[HP_REPLAY_HASH] = 1000;
		s[i].timed_ticks = 100000;
		s[i].replay_ticks[HP_REPLAY_HASH] = 40000 + 100 * i; /* shares 0.6 .. 0.596 */
		s[i].double_ticks[HP_REPLAY_HASH] = 40000 + 100 * i + 2000; /* 1000 calls of 2 ticks */
		s[i].replayed[HP_REPLAY_HASH] = 900;
		s[i].passed[HP_REPLAY_HASH] = 100;
	}
	s[1].double_ticks[HP_REPLAY_HASH] += 10000;
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_HASH, &ticks), 0);
	ck_assert(ticks == 2.0);
	/* c(F) = 2 ticks added back on 1000 calls: (100000 - (40000 + 100 i)
	 * + 2000) / 100000 = 0.620, 0.619, 0.618, 0.617, 0.616; median 0.618 */
	ck_assert_int_eq(hp_replay_estimate(s, 5, HP_REPLAY_HASH, NULL, &e), 0);
	ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_INSITU);
	ck_assert(e.insitu_ticks == 2.0);
	ck_assert(fabs(e.share - 0.618) < 1e-15);
	/* a noisy sample can read a negative cost: not clamped */
	s[2].double_ticks[HP_REPLAY_HASH] = s[3].double_ticks[HP_REPLAY_HASH] = s[4].double_ticks[HP_REPLAY_HASH] = 0;
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_HASH, &ticks), 0);
	ck_assert(ticks < 0);
	/* the second run of each pair 3 ticks a call slower: 2 + 3 in the
	 * samples whose double run is second, 2 - 3 where it is first, three
	 * against two: the cost is the mean of their medians, 2 */
	for (unsigned i = 0; i < 5; i++) {
		s[i].order = i % 2 ? HP_REPLAY_ORDER_DOUBLE_FIRST : 0;
		s[i].double_ticks[HP_REPLAY_HASH] =
			s[i].replay_ticks[HP_REPLAY_HASH] + (i % 2 ? 1000 * (2 - 3) : 1000 * (2 + 3));
	}
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_HASH, &ticks), 0);
	ck_assert_msg(ticks == 2.0, "%.6f", ticks);
	/* one place only: its median */
	s[1].order = s[3].order = 0;
	s[1].double_ticks[HP_REPLAY_HASH] = s[1].replay_ticks[HP_REPLAY_HASH] + 1000 * 7;
	s[3].double_ticks[HP_REPLAY_HASH] = s[3].replay_ticks[HP_REPLAY_HASH] + 1000 * 7;
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_HASH, &ticks), 0);
	ck_assert(ticks == 5.0);
	s[0].order = s[1].order = s[2].order = s[3].order = s[4].order = HP_REPLAY_ORDER_DOUBLE_FIRST;
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 4, HP_REPLAY_HASH, &ticks), 0);
	ck_assert(ticks == 6.0); /* 5, 7, 5, 7: the mean of the middle two */
	/* no call through the tape path: nothing to add back */
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_DRNG, &ticks), 0);
	ck_assert(ticks == 0);
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 0, HP_REPLAY_HASH, &ticks), -1);
	ck_assert_int_eq(hp_replay_insitu_ticks(s, 5, HP_REPLAY_FAMILIES, &ticks), -1);
	ck_assert_int_eq(hp_replay_estimate(s, 0, HP_REPLAY_HASH, NULL, &e), -1);
}
END_TEST

/* A family the operation never calls (trial-replay, item 1a: TOYSIG
 * verify showed "if free: DRNG -0.8%"): its replay and double runs are
 * not taken, its share is exactly 0, its estimator "not run" with 0
 * calls; the hash family's share is still the truth, in every case and
 * order. */
START_TEST(family_without_calls_not_run)
{
	struct scheme s = cases[_i].scheme;
	struct hp_replay_cost cost;
	struct hp_replay_run run;
	struct hp_replay_sample smp[HP_REPLAY_ORDERS];
	struct hp_replay_estimate e;
	struct fake_op f;
	struct truth tr;
	char err[256] = "";

	s.no_drng = 1;
	read_before = cases[_i].read_before;
	read_after = cases[_i].read_after;
	hp_calibrate_replay(&W, hashprof_calib_loop, virtual_clock, &cost);
	fake_truth(&s, &tr);
	ck_assert(tr.drng == 0);
	fake_run(&run, &f, &s);
	/* fake_tape_bytes less the DRNG's 24 + 32 an iteration: no record grows it */
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "verify", fake_tape_bytes(&s) - s.iterations * (24 + 32),
					      HP_REPLAY_MAX_MB_DEFAULT, err, sizeof err),
			 0);
	memset(phase_runs, 0, sizeof phase_runs);
	for (unsigned order = 0; order < HP_REPLAY_ORDERS; order++) {
		struct hp_replay_sample *x = &smp[order];
		double v = -1;
		ck_assert_msg(hp_replay_sample(&run, order, x, err, sizeof err) == 0, "%s", err);
		ck_assert_uint_eq(x->calls, 3ull * s.iterations);
		ck_assert_uint_eq(x->family_calls[HP_REPLAY_HASH], 3ull * s.iterations);
		ck_assert_uint_eq(x->family_calls[HP_REPLAY_DRNG], 0);
		ck_assert_uint_eq(x->skipped, 1u << HP_REPLAY_DRNG);
		ck_assert(x->replay_ticks[HP_REPLAY_DRNG] == 0 && x->double_ticks[HP_REPLAY_DRNG] == 0);
		ck_assert(x->replayed[HP_REPLAY_DRNG] == 0 && x->passed[HP_REPLAY_DRNG] == 0);
		ck_assert_int_eq(hp_replay_share_of_sample(x, HP_REPLAY_DRNG, &cost, &v), 0);
		ck_assert(v == 0);
	}
	/* the DRNG runs were never made; every other run once a sample */
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_REPLAY + HP_REPLAY_DRNG], 0);
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_DRNG], 0);
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_RECORD], HP_REPLAY_ORDERS);
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_TIMED], HP_REPLAY_ORDERS);
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_REPLAY + HP_REPLAY_HASH], HP_REPLAY_ORDERS);
	ck_assert_uint_eq(phase_runs[HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_HASH], HP_REPLAY_ORDERS);
	ck_assert_int_eq(hp_replay_estimate(smp, HP_REPLAY_ORDERS, HP_REPLAY_DRNG, &cost, &e), 0);
	ck_assert(e.share == 0 && e.insitu_ticks == 0 && e.loop_ticks == 0);
	ck_assert_uint_eq(e.calls, 0);
	ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_NONE);
	ck_assert_int_eq(hp_replay_estimate(smp, HP_REPLAY_ORDERS, HP_REPLAY_HASH, &cost, &e), 0);
	ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_INSITU);
	ck_assert_uint_eq(e.calls, 3ull * s.iterations);
	ck_assert_msg(fabs(e.share - tr.hash) < 1e-12, "hash %.6f%%, truth %.6f%%", PP * e.share, PP * tr.hash);
	ck_assert(e.insitu_ticks == REPLAY_COST); /* every call through the tape path served */
	ck_assert(e.loop_ticks == REPLAY_COST);
}
END_TEST

/* An in-situ cost outside the plausible bound (insitu_bound.h) falls
 * back to the tight-loop estimator for that family only (trial-replay,
 * item 1b: ML-DSA-44 sign's DRNG runs read -97.2 ticks a call); on the
 * virtual clock, where the loop costs what the operation does, that
 * share is then the truth again, exactly. */
START_TEST(implausible_insitu_falls_back)
{
	const struct correction_case *c = &cases[_i];
	struct hp_replay_cost cost;
	struct hp_replay_run run;
	struct hp_replay_sample smp[HP_REPLAY_ORDERS];
	struct hp_replay_estimate e[HP_REPLAY_FAMILIES];
	struct fake_op f;
	struct truth tr;
	char err[256] = "";
	double loop;

	read_before = c->read_before;
	read_after = c->read_after;
	hp_calibrate_replay(&W, hashprof_calib_loop, virtual_clock, &cost);
	fake_truth(&c->scheme, &tr);
	fake_run(&run, &f, &c->scheme);
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", fake_tape_bytes(&c->scheme), HP_REPLAY_MAX_MB_DEFAULT, err,
					      sizeof err),
			 0);
	/* the double runs 1000 ticks slower per tape-path charge: beyond 16 O */
	busy_double = 1000;
	for (unsigned order = 0; order < HP_REPLAY_ORDERS; order++)
		ck_assert_msg(hp_replay_sample(&run, order, &smp[order], err, sizeof err) == 0, "%s", err);
	for (unsigned fam = 0; fam < HP_REPLAY_FAMILIES; fam++) {
		const double truth = fam == HP_REPLAY_HASH ? tr.hash : tr.drng;
		ck_assert_int_eq(hp_replay_estimate(smp, HP_REPLAY_ORDERS, fam, &cost, &e[fam]), 0);
		ck_assert_str_eq(e[fam].estimator, HP_REPLAY_ESTIMATOR_LOOP);
		ck_assert_msg(e[fam].insitu_ticks > 16 * e[fam].loop_ticks, "%.3f against %.3f", e[fam].insitu_ticks,
			      e[fam].loop_ticks);
		ck_assert_int_eq(hp_replay_share_median(smp, HP_REPLAY_ORDERS, fam, &cost, &loop), 0);
		ck_assert(e[fam].share == loop);
		ck_assert_msg(fabs(e[fam].share - truth) < 1e-12, "%s: %.6f%%, truth %.6f%%",
			      hp_replay_family_name(fam), PP * e[fam].share, PP * truth);
	}
	/* the loop's cost of the hash runs' calls: 3n served, 3n passed */
	ck_assert(fabs(e[HP_REPLAY_HASH].loop_ticks - (REPLAY_COST + PASS_COST) / 2.0) < 1e-12);
	/* the replay runs slower: the cost reads below -O / 4, the loop's stands in */
	busy_double = 0;
	busy_replay = 200;
	for (unsigned order = 0; order < HP_REPLAY_ORDERS; order++)
		ck_assert_msg(hp_replay_sample(&run, order, &smp[order], err, sizeof err) == 0, "%s", err);
	for (unsigned fam = 0; fam < HP_REPLAY_FAMILIES; fam++) {
		ck_assert_int_eq(hp_replay_estimate(smp, HP_REPLAY_ORDERS, fam, &cost, &e[fam]), 0);
		ck_assert_str_eq(e[fam].estimator, HP_REPLAY_ESTIMATOR_LOOP);
		ck_assert(e[fam].insitu_ticks < -e[fam].loop_ticks / 4);
	}
}
END_TEST

/* The bound's edges on plain numbers: c(F) within [-O / 4, 16 O] of the
 * loop's cost O of the same calls is used, beyond it not; without a valid
 * loop cost nothing is judged. */
START_TEST(insitu_bound_edges)
{
	const struct hp_replay_cost cost = { .valid = 1, .replay_ticks = 10, .pass_ticks = 4 };
	/* O = (10 x 10 + 4 x 30) / 40 = 5.5, the bound [-1.375, 88]; 40 calls a sample */
	const double c[6] = { 88, -1.375, 0, 88.025, -1.4, -97.2 };
	struct hp_replay_sample s[2];
	struct hp_replay_estimate e;

	for (unsigned k = 0; k < 6; k++) {
		memset(s, 0, sizeof s);
		for (unsigned i = 0; i < 2; i++) {
			s[i].order = i ? HP_REPLAY_ORDER_DOUBLE_FIRST : 0;
			s[i].timed_ticks = 1000000;
			s[i].replay_ticks[HP_REPLAY_DRNG] = 600000;
			s[i].replayed[HP_REPLAY_DRNG] = 10;
			s[i].passed[HP_REPLAY_DRNG] = 30;
			s[i].family_calls[HP_REPLAY_DRNG] = 10;
			s[i].double_ticks[HP_REPLAY_DRNG] = (uint64_t)(600000 + (int64_t)llround(40 * c[k]));
		}
		ck_assert_int_eq(hp_replay_estimate(s, 2, HP_REPLAY_DRNG, &cost, &e), 0);
		ck_assert(e.loop_ticks == 5.5);
		ck_assert_uint_eq(e.calls, 10);
		ck_assert_msg(!strcmp(e.estimator, k < 3 ? HP_REPLAY_ESTIMATOR_INSITU : HP_REPLAY_ESTIMATOR_LOOP),
			      "c %.6f: %s (in situ %.6f)", c[k], e.estimator, e.insitu_ticks);
		ck_assert(e.insitu_ticks == c[k]);
		ck_assert_int_eq(hp_replay_estimate(s, 2, HP_REPLAY_DRNG, NULL, &e), 0);
		ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_INSITU);
	}
	ck_assert_int_eq(hp_replay_estimate(s, 0, HP_REPLAY_DRNG, &cost, &e), -1);
	ck_assert_int_eq(hp_replay_estimate(s, 2, HP_REPLAY_FAMILIES, &cost, &e), -1);
}
END_TEST

/* The spread of a family's share (hp_replay_estimate): half the
 * interquartile range of the samples' shares, nearest-rank quartiles of
 * the sorted shares; 0 below 4 samples and for a family not run. */
START_TEST(share_spread)
{
	struct hp_replay_sample s[8];
	struct hp_replay_estimate e;

	memset(s, 0, sizeof s);
	/* the in-situ cost is 0 (each double run as long as its replay run):
	 * sample k's hash share is exactly k / 100, given out of order */
	for (unsigned i = 0; i < 8; i++) {
		unsigned k = (i * 3) % 8;
		s[i].order = i % 2 ? HP_REPLAY_ORDER_DOUBLE_FIRST : 0;
		s[i].timed_ticks = 1000000;
		s[i].replay_ticks[HP_REPLAY_HASH] = s[i].double_ticks[HP_REPLAY_HASH] = 1000000 - 10000 * (uint64_t)k;
		s[i].replayed[HP_REPLAY_HASH] = 50;
		s[i].family_calls[HP_REPLAY_HASH] = 50;
		s[i].skipped = 1u << HP_REPLAY_DRNG;
	}
	ck_assert_int_eq(hp_replay_estimate(s, 8, HP_REPLAY_HASH, NULL, &e), 0);
	ck_assert(e.insitu_ticks == 0);
	ck_assert(fabs(e.share - 0.04) < 1e-12); /* the upper median of 0..0.07 */
	/* shares 0.01 and 0.05 at ranks (8 - 1) / 4 = 1 and 3 (8 - 1) / 4 = 5 */
	ck_assert_msg(fabs(e.spread - 0.02) < 1e-12, "spread %.6f", e.spread);
	/* four samples (0, 0.03, 0.06, 0.01: sorted 0, 0.01, 0.03, 0.06): ranks 0 and 2 */
	ck_assert_int_eq(hp_replay_estimate(s, 4, HP_REPLAY_HASH, NULL, &e), 0);
	ck_assert_msg(fabs(e.spread - 0.015) < 1e-12, "spread %.6f", e.spread);
	ck_assert_int_eq(hp_replay_estimate(s, 3, HP_REPLAY_HASH, NULL, &e), 0);
	ck_assert(e.spread == 0);
	ck_assert_int_eq(hp_replay_estimate(s, 8, HP_REPLAY_DRNG, NULL, &e), 0);
	ck_assert_str_eq(e.estimator, HP_REPLAY_ESTIMATOR_NONE);
	ck_assert(e.share == 0 && e.spread == 0);
}
END_TEST

/* The formula on plain numbers, and its refusals. */
START_TEST(share_arithmetic)
{
	const struct hp_replay_cost cost = { .valid = 1, .replay_ticks = 2.5, .pass_ticks = 1 };
	const struct hp_replay_cost invalid = { .valid = 0, .replay_ticks = 2.5, .pass_ticks = 1 };
	struct hp_replay_sample s = { .timed_ticks = 1000 };
	double v = -1;

	/* (1000 - 700 + 2.5 x 40 + 1 x 100) / 1000 */
	ck_assert_int_eq(hp_replay_share(1000, 700, 40, 100, &cost, &v), 0);
	ck_assert(v == 0.5);
	ck_assert_int_eq(hp_replay_share(1000, 700, 40, 100, &invalid, &v), 0);
	ck_assert(v == 0.3);
	ck_assert_int_eq(hp_replay_share(1000, 700, 40, 100, NULL, &v), 0);
	ck_assert(v == 0.3);
	/* not clamped: a replay slower than the timed run reads negative */
	ck_assert_int_eq(hp_replay_share(1000, 1100, 0, 0, NULL, &v), 0);
	ck_assert(v == -0.1);
	v = 42;
	ck_assert_int_eq(hp_replay_share(0, 0, 0, 0, &cost, &v), -1);
	ck_assert(v == 42);
	ck_assert_int_eq(hp_replay_share_of_sample(&s, HP_REPLAY_FAMILIES, &cost, &v), -1);
	ck_assert_int_eq(hp_replay_share_median(&s, 0, HP_REPLAY_HASH, &cost, &v), -1);
	s.timed_ticks = 0;
	ck_assert_int_eq(hp_replay_share_median(&s, 1, HP_REPLAY_HASH, &cost, &v), -1);
	ck_assert_uint_eq(hp_replay_family_mask(HP_REPLAY_HASH), HP_TAPE_FAMILY_HASH);
	ck_assert_uint_eq(hp_replay_family_mask(HP_REPLAY_DRNG), HP_TAPE_BIT(HP_FN_DRNG));
	ck_assert_uint_eq(hp_replay_family_mask(HP_REPLAY_FAMILIES), 0);
	ck_assert_str_eq(hp_replay_family_name(HP_REPLAY_DRNG), "DRNG");
}
END_TEST

/* The median of an even count is the upper one; order does not matter. */
START_TEST(share_median)
{
	struct hp_replay_sample s[4];
	const uint64_t replay[4] = { 900, 600, 800, 700 }; /* shares 0.1, 0.4, 0.2, 0.3 */
	double v;

	memset(s, 0, sizeof s);
	for (unsigned i = 0; i < 4; i++) {
		s[i].timed_ticks = 1000;
		s[i].replay_ticks[HP_REPLAY_DRNG] = replay[i];
	}
	ck_assert_int_eq(hp_replay_share_median(s, 3, HP_REPLAY_DRNG, NULL, &v), 0);
	ck_assert(fabs(v - 0.2) < 1e-15);
	ck_assert_int_eq(hp_replay_share_median(s, 4, HP_REPLAY_DRNG, NULL, &v), 0);
	ck_assert(fabs(v - 0.3) < 1e-15);
}
END_TEST

/* ---------- memory ---------- */

START_TEST(tape_need_from_shapes)
{
	/* 10 operations: pseudoXOF 1020 bits (128 bytes) 20 calls, sm3hash
	 * 256 bits 25 calls (2.5 a call: 3 entries), get_random_number 250
	 * bits 10, init_random_number 10 (headers only); nested calls take
	 * no room */
	const struct hp_result_shape shapes[] = {
		{ HP_FN_XOF, 256, 1020, 20, 0, 0 }, { HP_FN_SM3, 512, 256, 25, 40, 0 },
		{ HP_FN_DRNG, 0, 250, 10, 0, 0 },   { HP_FN_DRNG_INIT, 384, 0, 10, 0, 0 },
		{ HP_FN_SM3, 264, 256, 0, 20, 0 },
	};
	const uint64_t per_op = 2 * (24 + 128) + 3 * (24 + 32) + 1 * (24 + 32) + 1 * 24;
	const struct hp_result_shape huge = { HP_FN_XOF, 0, 1024, UINT64_MAX, 0, 0 };

	ck_assert_uint_eq(hp_replay_tape_need(shapes, 5, 10), per_op);
	ck_assert_uint_eq(hp_replay_tape_need(shapes, 5, 0), 0);
	ck_assert_uint_eq(hp_replay_tape_need(&huge, 1, 1), UINT64_MAX);
	ck_assert_uint_eq(hp_replay_bound_bytes(3), 3u << 20);
}
END_TEST

START_TEST(tape_bound_refused_clearly)
{
	char err[256] = "";

	/* SPHINCS+ sign's ~3 MB under a 2 MiB bound */
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", 3100000, 2, err, sizeof err), -1);
	ck_assert_str_eq(err, "sign: the replay tape needs 3.0 MiB per operation, over the bound of 2 MiB "
			      "(--replay-max-mb)");
	ck_assert_ptr_null(W.tape.buf);
	/* exactly the bound is fine; small needs get a minimum tape */
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", 2u << 20, 2, err, sizeof err), 0);
	ck_assert_uint_eq(W.tape.cap, 2u << 20);
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", 10, 2, err, sizeof err), 0);
	ck_assert_uint_eq(W.tape.cap, 4096);
	ck_assert_ptr_nonnull(W.tape.buf);
	hp_replay_tape_free(&W);
	ck_assert_ptr_null(W.tape.buf);
	ck_assert_uint_eq(W.tape.cap, 0);
}
END_TEST

/* A record that overflows grows the tape and records again, up to the
 * bound; over it, a clear error and accounting off. */
START_TEST(record_grows_up_to_the_bound)
{
	const struct scheme dense = { 100, { 0, 0, 0 }, 0 }; /* 25600 bytes of tape */
	struct hp_replay_run run;
	struct hp_replay_sample x;
	struct fake_op f;
	struct truth tr;
	char err[256] = "";

	fake_truth(&dense, &tr);
	fake_run(&run, &f, &dense);
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", 0, 1, err, sizeof err), 0);
	ck_assert_uint_eq(W.tape.cap, 4096);
	ck_assert_msg(hp_replay_sample(&run, 0, &x, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(W.tape.cap, 32768);
	ck_assert_uint_eq(x.tape_bytes, fake_tape_bytes(&dense));
	ck_assert((double)x.timed_ticks == tr.plain);

	/* 5000 iterations: 1.28 MB of tape, over a 1 MiB bound */
	const struct scheme longer = { 5000, { 0, 0, 0 }, 0 };
	fake_run(&run, &f, &longer);
	run.max_bytes = hp_replay_bound_bytes(1);
	hp_replay_tape_alloc(&W, "sign", 0, 1, err, sizeof err);
	ck_assert_int_eq(hp_replay_sample(&run, 0, &x, err, sizeof err), -1);
	ck_assert_str_eq(err, "sign: the replay tape needs more than 1.0 MiB (--replay-max-mb)");
	ck_assert_uint_eq(W.tape.cap, 1u << 20);
	ck_assert_int_eq(W.accounting, 0);
}
END_TEST

/* ---------- divergence is an error naming the operation ---------- */

/* A sample of `iterations` of the fake scheme whose run bad_phase
 * misbehaves as `bad` says fails with the message want. */
static void expect_sample_error(unsigned iterations, int bad_phase, int bad, const char *want)
{
	const struct scheme s = { iterations, { 10, 10, 10 }, 0 };
	struct hp_replay_run run;
	struct hp_replay_sample x;
	struct fake_op f;
	char err[256] = "";

	fake_run(&run, &f, &s);
	f.bad_phase = bad_phase;
	f.bad = bad;
	hp_replay_tape_alloc(&W, "sign", fake_tape_bytes(&s), 1, err, sizeof err);
	ck_assert_int_eq(hp_replay_sample(&run, 0, &x, err, sizeof err), -1);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(W.accounting, 0);
}

START_TEST(divergence_other_length)
{
	expect_sample_error(3, HP_REPLAY_PHASE_REPLAY + HP_REPLAY_HASH, OTHER_LENGTH,
			    "sign: the hash replay diverged at helper call 4: pseudoXOF (in 256, out 520 bits) "
			    "where the record has pseudoXOF (in 256, out 512 bits)");
}
END_TEST

START_TEST(divergence_past_the_end)
{
	/* one iteration recorded (4 calls); the misbehaving DRNG replay
	 * makes that iteration and then a fifth call */
	expect_sample_error(1, HP_REPLAY_PHASE_REPLAY + HP_REPLAY_DRNG, OTHER_LENGTH,
			    "sign: the DRNG replay diverged at helper call 4: pseudoXOF (in 256, out 520 bits) "
			    "where the record has the end of its 4 calls");
}
END_TEST

START_TEST(fewer_calls_than_recorded)
{
	expect_sample_error(3, HP_REPLAY_PHASE_REPLAY + HP_REPLAY_DRNG, FEWER_CALLS,
			    "sign: the DRNG replay made 8 helper calls, the record 12");
}
END_TEST

START_TEST(double_run_errors)
{
	expect_sample_error(3, HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_HASH, OTHER_LENGTH,
			    "sign: the hash double replay diverged at helper call 4: pseudoXOF (in 256, out 520 bits) "
			    "where the record has pseudoXOF (in 256, out 512 bits)");
	expect_sample_error(3, HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_DRNG, FEWER_CALLS,
			    "sign: the DRNG double replay made 8 helper calls, the record 12");
	expect_sample_error(3, HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_DRNG, OTHER_RETURN,
			    "sign: the DRNG double replay returned 7, the record 0");
	/* one more nested call an iteration: the sm3hash of the pseudohash
	 * pseudoXOF calls (that call stays inside fake_helpers.c, unwrapped) */
	expect_sample_error(3, HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_DRNG, MORE_NESTED,
			    "sign: the DRNG double replay served 3 calls and passed 15, its replay 3 and 12");
}
END_TEST

START_TEST(other_return_value)
{
	expect_sample_error(3, HP_REPLAY_PHASE_TIMED, OTHER_RETURN, "sign: the timed run returned 7, the record 0");
	expect_sample_error(3, HP_REPLAY_PHASE_REPLAY + HP_REPLAY_HASH, OTHER_RETURN,
			    "sign: the hash replay returned 7, the record 0");
}
END_TEST

/* The check hook: called once after each run, outside the clock reads,
 * in the sample's order; its failure names the operation. */
struct check_log {
	unsigned n, fail_at; /* calls so far; the call that fails (0: none) */
	int phases[8];
};

static int log_check(void *ctx, enum hp_replay_phase phase, char *err, size_t errlen)
{
	struct check_log *l = ((struct fake_op *)ctx)->log;

	fake_now += 1000; /* a check that takes time */
	l->phases[l->n++] = (int)phase;
	if (l->n == l->fail_at) {
		snprintf(err, errlen, "the timed run's signature differs from the record's");
		return -1;
	}
	return 0;
}

START_TEST(check_after_each_run)
{
	const struct scheme s = { 3, { 10, 10, 10 }, 0 };
	struct hp_replay_run run;
	struct hp_replay_sample x;
	struct fake_op f;
	struct check_log log = { 0 };
	char err[256] = "";
	static const int want[6] = { HP_REPLAY_PHASE_RECORD,
				     HP_REPLAY_PHASE_REPLAY + HP_REPLAY_DRNG,
				     HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_DRNG,
				     HP_REPLAY_PHASE_REPLAY + HP_REPLAY_HASH,
				     HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_HASH,
				     HP_REPLAY_PHASE_TIMED };

	struct hp_replay_sample plain;

	fake_run(&run, &f, &s);
	ck_assert_int_eq(hp_replay_tape_alloc(&W, "sign", fake_tape_bytes(&s), 1, err, sizeof err), 0);
	ck_assert_msg(hp_replay_sample(&run, HP_REPLAY_ORDER_REPLAYS_FIRST | HP_REPLAY_ORDER_DRNG_FIRST, &plain, err,
				       sizeof err) == 0,
		      "%s", err);
	f.log = &log;
	run.check = log_check;
	ck_assert_msg(hp_replay_sample(&run, HP_REPLAY_ORDER_REPLAYS_FIRST | HP_REPLAY_ORDER_DRNG_FIRST, &x, err,
				       sizeof err) == 0,
		      "%s", err);
	ck_assert_uint_eq(log.n, 6);
	for (unsigned i = 0; i < 6; i++)
		ck_assert_int_eq(log.phases[i], want[i]);
	/* the 1000 ticks each check takes are in no run's ticks */
	ck_assert_uint_eq(x.timed_ticks, plain.timed_ticks);
	for (unsigned fam = 0; fam < HP_REPLAY_FAMILIES; fam++) {
		ck_assert_uint_eq(x.replay_ticks[fam], plain.replay_ticks[fam]);
		ck_assert_uint_eq(x.double_ticks[fam], plain.double_ticks[fam]);
	}

	/* a failing check (the sixth call: the timed run) fails the sample */
	log = (struct check_log){ .fail_at = 6 };
	ck_assert_int_eq(
		hp_replay_sample(&run, HP_REPLAY_ORDER_REPLAYS_FIRST | HP_REPLAY_ORDER_DRNG_FIRST, &x, err, sizeof err),
		-1);
	ck_assert_str_eq(err, "sign: the timed run's signature differs from the record's");
	ck_assert_int_eq(W.accounting, 0);
}
END_TEST

/* ---------- a built instance: SYNTH-SIG ---------- */

typedef int (*init_fn)(void *, const unsigned char *, unsigned long long);
typedef int (*drng_fn)(void *, unsigned char *, unsigned long long);
typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
typedef int (*sign_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
		       unsigned long long *);

#define SIG_SK 160 /* SYNTH_SIG_SK_BYTES */
#define SIG_SN 96 /* SYNTH_SIG_SN_BYTES */
#define SIG_PK 128
#define SYNTH_CTX 165 /* its DRNG_ctx: V, C, reseed_counter of 55 bytes (schemes/iccs/drng.h) */

static void *need_sym(void *dl, const char *name)
{
	void *p = dlsym(dl, name);

	ck_assert_msg(p != NULL, "%s: %s", name, dlerror());
	return p;
}

static void *open_instance(const char *path)
{
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	ck_assert_msg(dl != NULL, "%s", dlerror());
	return dl;
}

static const unsigned char seed[48] = { 1, 2, 3, 4, 5, 6, 7, 8 };

START_TEST(drng_state_saved_and_restored)
{
	void *dl = open_instance(HP_SYNTH_SIG_SO);
	init_fn init;
	drng_fn drng;
	struct hp_drng_state st;
	unsigned char a[64], b[64], ctx0[SYNTH_CTX];
	char err[256] = "";

	*(void **)&init = need_sym(dl, "init_random_number");
	*(void **)&drng = need_sym(dl, "get_random_number");
	ck_assert_msg(hp_drng_state_open(dl, &st, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(st.size, SYNTH_CTX);
	ck_assert_ptr_eq(st.addr, need_sym(dl, HP_DRNG_SYMBOL));
	ck_assert_int_eq(init(st.addr, seed, sizeof seed), 0);
	hp_drng_state_save(&st, HP_DRNG_BEFORE);
	memcpy(ctx0, st.addr, SYNTH_CTX);
	ck_assert_int_eq(drng(st.addr, a, 512), 0);
	ck_assert_int_ne(memcmp(ctx0, st.addr, SYNTH_CTX), 0); /* the context moved on */
	hp_drng_state_save(&st, HP_DRNG_AFTER);
	hp_drng_state_restore(&st, HP_DRNG_BEFORE);
	ck_assert_int_eq(memcmp(ctx0, st.addr, SYNTH_CTX), 0);
	ck_assert_int_eq(drng(st.addr, b, 512), 0);
	ck_assert_int_eq(memcmp(a, b, sizeof a), 0); /* the same bytes again */
	ck_assert_int_eq(memcmp(st.saved[HP_DRNG_AFTER], st.addr, SYNTH_CTX), 0);
	hp_drng_state_close(&st);
	ck_assert_ptr_null(st.saved[0]);
	dlclose(dl);
}
END_TEST

START_TEST(drng_state_refused_clearly)
{
	void *dl = open_instance(HP_SYNTH_NONE_SO);
	struct hp_drng_state st;
	char err[256] = "";

	ck_assert_int_eq(hp_drng_state_open(dl, &st, err, sizeof err), -1);
	ck_assert_str_eq(err, "the instance defines no drng_algorithm: its DRNG state cannot be saved for replay");
	ck_assert_ptr_null(st.saved[0]);
	hp_drng_state_close(&st);
	dlclose(dl);

	dl = open_instance(HP_ZERO_DRNG_SO);
	ck_assert_int_eq(hp_drng_state_open(dl, &st, err, sizeof err), -1);
	ck_assert_str_eq(err, "drng_algorithm has size 0 bytes in the dynamic symbol table: not a DRNG context "
			      "that can be saved for replay");
	dlclose(dl);
}
END_TEST

/* The driver's op for SYNTH-SIG sign: the record run keeps the signature,
 * every other run must give the same bytes (a mismatch is reported as
 * return value 99, which hp_replay_sample turns into an error). */
struct sig_op {
	sign_fn sign;
	unsigned char sk[SIG_SK], m[64], sn[SIG_SN], rec[SIG_SN];
	unsigned long long sn_len;
	unsigned runs[HP_REPLAY_PHASES];
};

static int sig_op(void *ctx, enum hp_replay_phase phase)
{
	struct sig_op *o = ctx;
	int rc;

	memset(o->sn, 0, sizeof o->sn);
	rc = o->sign(o->sk, SIG_SK, o->m, sizeof o->m, o->sn, &o->sn_len);
	o->runs[phase]++;
	if (phase == HP_REPLAY_PHASE_RECORD)
		memcpy(o->rec, o->sn, SIG_SN);
	else if (memcmp(o->rec, o->sn, SIG_SN) != 0)
		return 99;
	return rc;
}

static uint64_t ticks_now;
static uint64_t counter_clock(void)
{
	return ++ticks_now;
}

START_TEST(synth_sig_sign_replays_byte_identically)
{
	void *dl = open_instance(HP_SYNTH_SIG_SO);
	struct hp_wrap_state *w = need_sym(dl, HP_WRAP_STATE_SYMBOL);
	struct sig_op o = { 0 };
	struct hp_drng_state st;
	struct hp_replay_sample x;
	struct hp_replay_run run;
	unsigned char pk[SIG_PK], first[SIG_SN];
	unsigned long long pk_len, sk_len;
	keygen_fn keygen;
	init_fn init;
	char err[256] = "";

	ck_assert_uint_eq(w->abi_version, HP_WRAP_ABI_VERSION);
	w->clock = counter_clock;
	w->tick_inline = 0;
	*(void **)&keygen = need_sym(dl, "sig_keygen");
	*(void **)&o.sign = need_sym(dl, "sig_sign");
	*(void **)&init = need_sym(dl, "init_random_number");
	ck_assert_msg(hp_drng_state_open(dl, &st, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(init(st.addr, seed, sizeof seed), 0);
	ck_assert_int_eq(keygen(pk, &pk_len, o.sk, &sk_len), 0);
	memset(o.m, 0x6d, sizeof o.m);

	run = (struct hp_replay_run){ .name = "sign",
				      .wrap = w,
				      .drng = &st,
				      .clock = counter_clock,
				      .max_bytes = hp_replay_bound_bytes(1),
				      .op = sig_op,
				      .ctx = &o };
	ck_assert_msg(hp_replay_tape_alloc(w, "sign", 0, 1, err, sizeof err) == 0, "%s", err);
	for (unsigned order = 0; order < HP_REPLAY_ORDERS; order++) {
		ck_assert_msg(hp_replay_sample(&run, order, &x, err, sizeof err) == 0, "order %u: %s", order, err);
		/* README: sign makes drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1
		 * outermost calls, and 2 nested sm3hash (in the DRNG) */
		ck_assert_uint_eq(x.calls, 13);
		ck_assert_uint_eq(x.replayed[HP_REPLAY_HASH], 12);
		ck_assert_uint_eq(x.passed[HP_REPLAY_HASH], 1 + 2);
		ck_assert_uint_eq(x.replayed[HP_REPLAY_DRNG], 1);
		ck_assert_uint_eq(x.passed[HP_REPLAY_DRNG], 12);
		/* 8 x (24 + 64) + 3 x (24 + 128) + (24 + 32) + (24 + 32) */
		ck_assert_uint_eq(x.tape_bytes, 8 * 88 + 3 * 152 + 56 + 56);
		/* the DRNG state is the one the record left: each sample signs
		 * with a fresh nonce */
		ck_assert_int_eq(memcmp(st.addr, st.saved[HP_DRNG_AFTER], st.size), 0);
		if (order == 0)
			memcpy(first, o.rec, SIG_SN);
		else
			ck_assert_int_ne(memcmp(first, o.rec, SIG_SN), 0);
	}
	for (unsigned ph = 0; ph < HP_REPLAY_PHASES; ph++)
		ck_assert_uint_eq(o.runs[ph], HP_REPLAY_ORDERS);
	ck_assert_int_eq(w->accounting, 0);
	/* the shape table was never touched: none of the runs was timed by the shims */
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		ck_assert_uint_eq(w->shapes[i].used, 0);

	/* Without restoring the DRNG, the replay of the hash family sees the
	 * DRNG draw other bytes and the signature change: the driver's
	 * check turns that into an error that names the operation. */
	run.drng = NULL;
	ck_assert_int_eq(hp_replay_sample(&run, 0, &x, err, sizeof err), -1);
	ck_assert_str_eq(err, "sign: the timed run returned 99, the record 0");

	hp_replay_tape_free(w);
	hp_drng_state_close(&st);
	dlclose(dl);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("replay");
	TCase *tc = tcase_create("virtual clock");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, replay_cost_calibrated_exactly, 0, 2 * FAKE_NCASES);
	tcase_add_test(tc, no_loop_no_cost);
	tcase_add_loop_test(tc, replay_share_is_the_truth, 0, 2 * FAKE_NCASES);
	tcase_add_test(tc, insitu_cost_is_a_median);
	tcase_add_loop_test(tc, family_without_calls_not_run, 0, FAKE_NCASES);
	tcase_add_loop_test(tc, implausible_insitu_falls_back, 0, FAKE_NCASES);
	tcase_add_test(tc, insitu_bound_edges);
	tcase_add_test(tc, share_arithmetic);
	tcase_add_test(tc, share_spread);
	tcase_add_test(tc, share_median);
	tcase_add_test(tc, tape_need_from_shapes);
	tcase_add_test(tc, tape_bound_refused_clearly);
	tcase_add_test(tc, record_grows_up_to_the_bound);
	tcase_add_test(tc, divergence_other_length);
	tcase_add_test(tc, divergence_past_the_end);
	tcase_add_test(tc, fewer_calls_than_recorded);
	tcase_add_test(tc, double_run_errors);
	tcase_add_test(tc, other_return_value);
	tcase_add_test(tc, check_after_each_run);
	suite_add_tcase(s, tc);

	tc = tcase_create("instance");
	tcase_add_test(tc, drng_state_saved_and_restored);
	tcase_add_test(tc, drng_state_refused_clearly);
	tcase_add_test(tc, synth_sig_sign_replays_byte_identically);
	suite_add_tcase(s, tc);
	return hp_check_run(s);
}
