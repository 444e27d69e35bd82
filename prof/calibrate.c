/*
 * calibrate.c - shim overhead calibration (see calibrate.h).
 *
 * With an empty helper:
 *   direct batch   = n x (call of the empty function)
 *   wrapped batch  = n x (shim + call of the empty function)
 *   shim inside    = what the shim records as the empty function's ticks
 *   empty region   = two clock reads back to back, nothing between them
 * so per call: added = (wrapped - direct) / n, the cost a shim adds to the
 * total; inside = (shim inside - (direct - empty region)) / n, the part of
 * it the shim itself counts as helper time (the stand-in's own time is
 * real helper time and stays).  The direct batch's own two clock reads are
 * not stand-in time: without subtracting them, inside came out short by
 * one clock-read pair per batch (a tick or less per call on our VMs, but
 * exactly visible with tests/test_correction's virtual clock).
 */
#include "calibrate.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static double hp_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
}

static uint64_t hp_time_batch(hp_calib_loop_fn loop, uint64_t (*clock)(void), int wrapped)
{
	uint64_t t0 = clock();

	loop(HP_CALIB_CALLS, wrapped);
	return clock() - t0;
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

void hp_calibrate(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
		  struct hp_overhead *out)
{
	int64_t added[HP_CALIB_BATCHES], inside[HP_CALIB_BATCHES];
	double start = hp_wall();

	memset(out, 0, sizeof *out);
	if (!loop)
		return;
	/* an empty table: shapes left by the warm-up must not crowd the
	 * calibration's out of it (an overflowing shape costs other probes) */
	hp_wrap_clear(w);
	w->accounting = 1;
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
			t[wrapped] = hp_time_batch(loop, clock, wrapped);
			if (wrapped)
				in_after = hp_calib_inside(w);
		}
		added[b] = (int64_t)t[1] - (int64_t)t[0];
		inside[b] = (int64_t)(in_after - in_before) - ((int64_t)t[0] - (int64_t)empty);
	}
	w->accounting = 0;
	hp_wrap_clear(w);

	out->valid = 1;
	out->added_ticks = (double)hp_median_i64(added, HP_CALIB_BATCHES) / HP_CALIB_CALLS;
	out->inside_ticks = (double)hp_median_i64(inside, HP_CALIB_BATCHES) / HP_CALIB_CALLS;
	if (out->added_ticks < 0)
		out->added_ticks = 0;
	if (out->inside_ticks < 0)
		out->inside_ticks = 0;
	if (out->inside_ticks > out->added_ticks)
		out->inside_ticks = out->added_ticks;
	out->seconds = hp_wall() - start;
}
