/*
 * calibrate.h - what the wrap shims cost, measured at the start of every
 * measuring run with the same shim code path on a stand-in helper:
 * the timed path's overhead, and the tape path's cost for replay.
 */
#ifndef HP_CALIBRATE_H
#define HP_CALIBRATE_H

#include <stdint.h>

#include "hp_wrap.h"

struct hp_overhead {
	int valid; /* 0: the instance has no calibration loop; nothing is corrected */
	double added_ticks; /* ticks one outermost wrapped call adds to the operation's total */
	double inside_ticks; /* the part of them that lands inside the timed region of the call */
	double seconds; /* how long the calibration took, wall seconds */
};

/* Calls per timed batch and batch pairs per calibration: 91 x 2 x 100
 * calls of the stand-in helper (about 460 TSC ticks each), about 5 ms on
 * our 2 GHz VMs (under 50 ms). */
#define HP_CALIB_CALLS 100u
#define HP_CALIB_BATCHES 91u
/* On a clock coarser than a call (AArch64's generic timer: 10 to 52 ns a
 * tick), a pair difference of 100 calls is a tick or two, and the median
 * of whole ticks would miss the overhead by up to half a tick per batch
 * (tests/test_coarse_clock: +0.65 pp on a share).  So hp_calibrate times
 * one direct batch first and, when it lasts under
 * HP_CALIB_MIN_BATCH_TICKS, makes every batch HP_CALIB_CALLS x k calls,
 * the k (at most HP_CALIB_SCALE_MAX) that brings it there.  On the TSC a
 * batch is about 46000 ticks: k = 1. */
#define HP_CALIB_MIN_BATCH_TICKS 200u
#define HP_CALIB_SCALE_MAX 64u

/* Forget every shape and overflow count of the shims' state w (the
 * accounting switch and the clock are kept). */
void hp_wrap_clear(struct hp_wrap_state *w);

/*
 * Time HP_CALIB_BATCHES pairs of batches of HP_CALIB_CALLS (scaled on a
 * coarse clock, above) direct and
 * wrapped calls of the stand-in helper with `clock` (ticks), back to back
 * in alternating order, and derive the per-call overhead from the median
 * pair difference (robust to a disturbed pair and to frequency changes).
 * Switches the shims' accounting on and off, and clears the shape table
 * and the overflow counters (hp_wrap_clear) before and after.  loop ==
 * NULL gives an invalid (zero) overhead.
 */
void hp_calibrate(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void), struct hp_overhead *out);

/*
 * What the replay run of an operation still spends on its helper calls
 * (docs/replay.md), which the replay share adds back (prof/replay/replay.h).
 */
struct hp_replay_cost {
	int valid; /* 0: the instance has no calibration loop, or its tape path misbehaved */
	double replay_ticks; /* ticks one call served from the tape costs the operation: the call,
				* the gate, the tape path, the copy of a 32-byte output */
	double pass_ticks; /* ticks the tape path adds to a call that runs the real helper in a
				* replay run (another family's, init_random_number, a nested one),
				* beyond what the gate costs it in the timed run */
	double twice_replay_ticks; /* ticks HP_ACCOUNTING_DOUBLE's second tape work adds to a served
				    * call, and... */
	double twice_pass_ticks; /* ...to a passed one, in this loop, where nothing hides them: how
				    * much of the first time's work the second repeats (measured:
				    * 0.65 to 0.9 of replay_ticks, half of pass_ticks: the tape work,
				    * not the call's).  Reference only */
	double seconds; /* how long the calibration took, wall seconds */
};

/*
 * The same method as hp_calibrate, on the tape path of the stand-in:
 * HP_CALIB_BATCHES pairs of HP_CALIB_CALLS calls, each pair back to back
 * in alternating order, the median pair difference per call (ticks):
 *   replay_ticks = (replayed batch - batch with no call at all) / n
 *   pass_ticks   = (passed-through batch - batch through the gate) / n
 *   twice_replay_ticks = (replayed batch, double mode - replayed batch) / n
 *   twice_pass_ticks   = (passed batch, double mode - passed batch) / n
 * The tape of n stand-in calls is recorded first, by the shims, into a
 * buffer of this function's, and copied to a shadow tape; w's own tapes
 * (buf, cap, everything) are put back afterwards, and accounting is left
 * off.  loop == NULL, no memory, or a batch that did not replay, pass or
 * repeat every call (an instance whose tape path is broken) gives an
 * invalid (zero) cost.
 */
void hp_calibrate_replay(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
			 struct hp_replay_cost *out);

#endif
