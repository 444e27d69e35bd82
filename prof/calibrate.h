/*
 * calibrate.h - what the wrap shims cost, measured at the start of every
 * measuring run (issue 5) with the same shim code path on an empty helper.
 */
#ifndef HP_CALIBRATE_H
#define HP_CALIBRATE_H

#include <stdint.h>

#include "hp_wrap.h"

struct hp_overhead {
	int valid;            /* 0: the instance has no calibration loop; nothing is corrected */
	double added_ticks;   /* ticks one outermost wrapped call adds to the operation's total */
	double inside_ticks;  /* the part of them that lands inside the timed region of the call */
	double seconds;       /* how long the calibration took, wall seconds */
};

/* Calls per timed batch and batch pairs per calibration: 91 x 2 x 100
 * calls of the stand-in helper (about 460 TSC ticks each), about 5 ms on
 * our 2 GHz VMs (issue 5: under 50 ms). */
#define HP_CALIB_CALLS 100u
#define HP_CALIB_BATCHES 91u

/* Forget every shape and overflow count of the shims' state w (the
 * accounting switch and the clock are kept). */
void hp_wrap_clear(struct hp_wrap_state *w);

/*
 * Time HP_CALIB_BATCHES pairs of batches of HP_CALIB_CALLS direct and
 * wrapped calls of the stand-in helper with `clock` (ticks), back to back
 * in alternating order, and derive the per-call overhead from the median
 * pair difference (robust to a disturbed pair and to frequency changes).
 * Switches the shims' accounting on and off, and clears the shape table
 * and the overflow counters (hp_wrap_clear) before and after.  loop ==
 * NULL gives an invalid (zero) overhead.
 */
void hp_calibrate(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
		  struct hp_overhead *out);

#endif
