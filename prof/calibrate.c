/*
 * calibrate.c - shim overhead calibration (see calibrate.h).
 *
 * With an empty helper:
 *   direct batch   = n x (call of the empty function)
 *   wrapped batch  = n x (shim + call of the empty function)
 *   shim inside    = what the shim records as the empty function's ticks
 * so per call: added = (wrapped - direct) / n, the cost a shim adds to the
 * total; inside = shim inside / n - direct / n, the part of it the shim
 * itself counts as helper time (the empty call's own time is real helper
 * time and stays).
 */
#include "calibrate.h"

#include <string.h>
#include <time.h>

static double hp_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Ticks recorded by the shim for the calibration function so far. */
static uint64_t hp_calib_inside(const struct hp_wrap_state *w)
{
	uint64_t sum = 0;

	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn == HP_FN_CALIB)
			sum += w->shapes[i].ticks;
	return sum;
}

static uint64_t hp_time_batch(hp_calib_loop_fn loop, uint64_t (*clock)(void), int wrapped)
{
	uint64_t t0 = clock();

	loop(HP_CALIB_CALLS, wrapped);
	return clock() - t0;
}

void hp_calibrate(struct hp_wrap_state *w, hp_calib_loop_fn loop, uint64_t (*clock)(void),
		  struct hp_overhead *out)
{
	uint64_t best_direct = UINT64_MAX, best_wrapped = UINT64_MAX, best_inside = UINT64_MAX;
	double start = hp_wall();

	memset(out, 0, sizeof *out);
	if (!loop)
		return;
	w->accounting = 1;
	for (unsigned b = 0; b < HP_CALIB_BATCHES; b++) {
		uint64_t direct = hp_time_batch(loop, clock, 0);
		uint64_t before = hp_calib_inside(w);
		uint64_t wrapped = hp_time_batch(loop, clock, 1);
		uint64_t inside = hp_calib_inside(w) - before;
		if (direct < best_direct)
			best_direct = direct;
		if (wrapped < best_wrapped)
			best_wrapped = wrapped;
		if (inside < best_inside)
			best_inside = inside;
	}
	w->accounting = 0;
	memset(w->shapes, 0, sizeof w->shapes);
	w->overflow_calls = w->overflow_ticks = 0;

	out->valid = 1;
	out->added_ticks = best_wrapped > best_direct
		? (double)(best_wrapped - best_direct) / HP_CALIB_CALLS : 0.0;
	out->inside_ticks = best_inside > best_direct
		? (double)(best_inside - best_direct) / HP_CALIB_CALLS : 0.0;
	if (out->inside_ticks > out->added_ticks)
		out->inside_ticks = out->added_ticks;
	out->seconds = hp_wall() - start;
}
