/*
 * calibrate.c - shim overhead calibration (see calibrate.h).
 *
 * With the stand-in helper (wrap/calib_nop.c: 100 xorshift rounds):
 *   direct batch   = n x (call of the stand-in)
 *   wrapped batch  = n x (shim + call of the stand-in)
 *   shim inside    = what the shim records as the stand-in's ticks
 *   empty region   = two clock reads back to back, nothing between them
 * so per call: added = (wrapped - direct) / n, the cost a shim adds to the
 * total; inside = (shim inside - (direct - empty region)) / n, the part of
 * it the shim itself counts as helper time (the stand-in's own time is
 * real helper time and stays).  The direct batch's own two clock reads are
 * not stand-in time: without subtracting them, inside came out short by
 * one clock-read pair per batch (a tick or less per call on our VMs, but
 * exactly visible with tests/test_correction's virtual clock).
 *
 * The tape path (hp_calibrate_replay, at the end) is measured the same
 * way against other baselines: a replayed call against no call at all
 * (a free helper costs nothing), a call passed through the tape path
 * against the same call through the gate (what the timed run pays), and
 * each of those in the double mode against itself in the plain replay
 * mode (what the second tape work adds: for reference, since the share
 * uses that cost measured inside the operation, prof/replay/replay.c).
 */
#include "calibrate.h"

#include <stdlib.h>
#include <string.h>

#include "util/monotonic.h"

/* Ticks recorded by the shim for the calibration function so far (its
 * shape cannot overflow an emptied table, but if it did its ticks count). */
static uint64_t hp_calib_inside(const struct hp_wrap_state *w)
{
	uint64_t sum = w->overflow[HP_FN_CALIB].ticks;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn == HP_FN_CALIB)
			sum += w->shapes[i].ticks;
	return sum;
}

void hp_wrap_clear(struct hp_wrap_state *w)
{
	memset(w->shapes, 0, sizeof w->shapes);
	memset(w->overflow, 0, sizeof w->overflow);
	memset(w->own, 0, sizeof w->own);
	memset(w->nested_in_own, 0, sizeof w->nested_in_own);
}

static uint64_t hp_time_n(hp_calib_loop_fn loop, uint64_t (*clock)(void), unsigned n, int wrapped)
{
	uint64_t t0 = clock();

	loop(n, wrapped);
	return clock() - t0;
}

static uint64_t hp_time_batch(hp_calib_loop_fn loop, uint64_t (*clock)(void), int wrapped)
{
	return hp_time_n(loop, clock, HP_CALIB_CALLS, wrapped);
}

/* Calls per batch for this clock: HP_CALIB_CALLS, or a multiple of it
 * where a direct batch lasts under HP_CALIB_MIN_BATCH_TICKS (calibrate.h). */
static unsigned hp_batch_calls(hp_calib_loop_fn loop, uint64_t (*clock)(void))
{
	uint64_t t = hp_time_batch(loop, clock, 0);
	uint64_t k = t ? (HP_CALIB_MIN_BATCH_TICKS + t - 1) / t : HP_CALIB_SCALE_MAX;

	return HP_CALIB_CALLS * (unsigned)(k < 1 ? 1 : k > HP_CALIB_SCALE_MAX ? HP_CALIB_SCALE_MAX : k);
}

static int hp_cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static int64_t hp_median_i64(int64_t *v, unsigned n)
{
	qsort(v, n, sizeof v[0], hp_cmp_i64);
	return v[n / 2];
}

/* Ticks per call from HP_CALIB_BATCHES pair differences of batches of
 * n calls: their median, per call, never below 0. */
static double hp_per_call(int64_t diff[HP_CALIB_BATCHES], unsigned n)
{
	double t = (double)hp_median_i64(diff, HP_CALIB_BATCHES) / n;

	return t > 0 ? t : 0;
}

void hp_calibrate(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void), struct hp_overhead *out)
{
	int64_t added[HP_CALIB_BATCHES], inside[HP_CALIB_BATCHES];
	double start = hp_util_monotonic();

	memset(out, 0, sizeof *out);
	if (!loop)
		return;
	/* an empty table: shapes left by the warm-up must not crowd the
	 * calibration's out of it (an overflowing shape costs other probes) */
	hp_wrap_clear(w);
	w->accounting = 1;
	unsigned n = hp_batch_calls(loop, clock);
	/* Many short pairs of a direct and a wrapped batch, back to back, in
	 * alternating order (which of the two runs first shifts each by a few
	 * ticks per call), and the median of the pair differences: a change
	 * of CPU frequency moves both halves of a pair, a preempted pair is
	 * an outlier.  Measured on our VMs: the median over 91 pairs of 100
	 * calls repeats within 1 tick; 9 pairs of 1000 in one order scattered
	 * between 39 and 66 ticks. */
	for (unsigned b = 0; b < HP_CALIB_BATCHES; b++) {
		uint64_t t[2], in_before = 0, in_after = 0, e0 = clock();
		uint64_t empty = clock() - e0;
		for (int k = 0; k < 2; k++) {
			int wrapped = k ^ (int)(b & 1);
			if (wrapped)
				in_before = hp_calib_inside(w);
			t[wrapped] = hp_time_n(loop, clock, n, wrapped);
			if (wrapped)
				in_after = hp_calib_inside(w);
		}
		added[b] = (int64_t)t[1] - (int64_t)t[0];
		inside[b] = (int64_t)(in_after - in_before) - ((int64_t)t[0] - (int64_t)empty);
	}
	w->accounting = 0;
	hp_wrap_clear(w);

	out->valid = 1;
	out->added_ticks = hp_per_call(added, n);
	out->inside_ticks = hp_per_call(inside, n);
	if (out->inside_ticks > out->added_ticks)
		out->inside_ticks = out->added_ticks;
	out->seconds = hp_util_monotonic() - start;
}

/* ---------- the tape path (replay) ---------- */

/* Which batch of the replay calibration: the stand-in served from the
 * tape, no call at all, the stand-in run through the tape path, and the
 * stand-in run through the gate (accounting off, as in a timed run); and
 * the first and third in the double mode (each call's tape work done
 * twice). */
enum hp_rbatch { HP_RB_REPLAYED, HP_RB_EMPTY, HP_RB_PASSED, HP_RB_GATE, HP_RB_REPLAYED_TWICE, HP_RB_PASSED_TWICE };

/* Rewind tape t for a batch of the calibration: from the start, with mask. */
static void hp_calib_rewind(struct hp_tape *t, uint32_t mask)
{
	t->pos = 0;
	t->flags = 0;
	t->calls = t->replayed = t->passed = 0;
	t->replay_mask = mask;
}

static uint64_t hp_replay_batch(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
				enum hp_rbatch k, int *bad)
{
	int served = k == HP_RB_REPLAYED || k == HP_RB_REPLAYED_TWICE;
	int twice = k == HP_RB_REPLAYED_TWICE || k == HP_RB_PASSED_TWICE;
	uint32_t mask = served ? HP_TAPE_BIT(HP_FN_CALIB) : 0;
	uint64_t ticks;

	hp_calib_rewind(&w->tape, mask);
	hp_calib_rewind(&w->shadow, mask);
	w->accounting = twice                                      ? HP_ACCOUNTING_DOUBLE
			: k == HP_RB_REPLAYED || k == HP_RB_PASSED ? HP_ACCOUNTING_REPLAY
								   : HP_ACCOUNTING_OFF;
	ticks = hp_time_batch(loop, clock, k == HP_RB_EMPTY ? HP_CALIB_LOOP_EMPTY : 1);
	w->accounting = HP_ACCOUNTING_OFF;
	if (k == HP_RB_EMPTY || k == HP_RB_GATE)
		return ticks;
	/* every call served (or passed), and in the double mode every one
	 * made a second time on the shadow */
	if (w->tape.flags || (served ? w->tape.replayed : w->tape.passed) != HP_CALIB_CALLS)
		*bad = 1;
	if (twice && (w->shadow.flags || (served ? w->shadow.replayed : w->shadow.passed) != HP_CALIB_CALLS))
		*bad = 1;
	return ticks;
}

/* One pair: batch `what` and its baseline back to back, the baseline
 * first when base_first; their difference in ticks. */
static int64_t hp_replay_pair(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
			      enum hp_rbatch what, enum hp_rbatch base, int base_first, int *bad)
{
	uint64_t tw, tb;

	if (base_first) {
		tb = hp_replay_batch(w, loop, clock, base, bad);
		tw = hp_replay_batch(w, loop, clock, what, bad);
	} else {
		tw = hp_replay_batch(w, loop, clock, what, bad);
		tb = hp_replay_batch(w, loop, clock, base, bad);
	}
	return (int64_t)tw - (int64_t)tb;
}

void hp_calibrate_replay(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
			 struct hp_replay_cost *out)
{
	int64_t replay[HP_CALIB_BATCHES], pass[HP_CALIB_BATCHES];
	int64_t twice_replay[HP_CALIB_BATCHES], twice_pass[HP_CALIB_BATCHES];
	struct hp_tape keep = w->tape, keep_shadow = w->shadow;
	uint64_t cap = HP_CALIB_CALLS * hp_tape_entry_bytes(hp_tape_out_bytes(HP_FN_CALIB, 256));
	uint64_t *buf, *shadow;
	double start = hp_util_monotonic();
	int bad = 0;

	memset(out, 0, sizeof *out);
	if (!loop)
		return;
	buf = malloc(cap);
	shadow = malloc(cap);
	if (!buf || !shadow) {
		free(buf);
		free(shadow);
		return;
	}
	memset(&w->tape, 0, sizeof w->tape);
	memset(&w->shadow, 0, sizeof w->shadow);
	w->tape.buf = (unsigned char *)buf;
	w->tape.cap = cap;
	/* The tape, recorded by the shims themselves: HP_CALIB_CALLS entries
	 * of the stand-in's shape (a 256-bit digest, state.c), exactly
	 * filling the buffer; anything else means a broken tape path.  The
	 * shadow is a copy of it in a buffer of its own, as a sample's is. */
	w->accounting = HP_ACCOUNTING_RECORD;
	loop(HP_CALIB_CALLS, 1);
	w->accounting = HP_ACCOUNTING_OFF;
	if (w->tape.flags || w->tape.len != cap)
		bad = 1;
	memcpy(shadow, buf, cap);
	w->shadow.buf = (unsigned char *)shadow;
	w->shadow.cap = w->shadow.len = cap;
	/* Paired and alternated as in hp_calibrate, for the same reasons. */
	for (unsigned b = 0; b < HP_CALIB_BATCHES && !bad; b++) {
		replay[b] = hp_replay_pair(w, loop, clock, HP_RB_REPLAYED, HP_RB_EMPTY, b & 1, &bad);
		pass[b] = hp_replay_pair(w, loop, clock, HP_RB_PASSED, HP_RB_GATE, b & 1, &bad);
		twice_replay[b] = hp_replay_pair(w, loop, clock, HP_RB_REPLAYED_TWICE, HP_RB_REPLAYED, b & 1, &bad);
		twice_pass[b] = hp_replay_pair(w, loop, clock, HP_RB_PASSED_TWICE, HP_RB_PASSED, b & 1, &bad);
	}
	w->tape = keep;
	w->shadow = keep_shadow;
	free(buf);
	free(shadow);
	if (bad)
		return;
	out->valid = 1;
	out->replay_ticks = hp_per_call(replay, HP_CALIB_CALLS);
	out->pass_ticks = hp_per_call(pass, HP_CALIB_CALLS);
	out->twice_replay_ticks = hp_per_call(twice_replay, HP_CALIB_CALLS);
	out->twice_pass_ticks = hp_per_call(twice_pass, HP_CALIB_CALLS);
	out->seconds = hp_util_monotonic() - start;
}
