/*
 * meter.h - switching accounting on around the measured API calls.
 *
 * method.md: "Time is accumulated only while the driver has accounting
 * switched on around the operation" and "the operation's total is the sum
 * over measured calls of ticks around the API call".  Accounting goes on
 * before the first clock read and off after the last, so every wrapped
 * call inside the window is counted.
 */
#ifndef HP_METER_H
#define HP_METER_H

#include <stdint.h>

#include "hp_wrap.h"

struct hp_meter {
	struct hp_wrap_state *wrap;
	uint64_t (*clock)(void); /* ticks */
	uint64_t t0;
	uint64_t ticks; /* sum of the windows so far, ticks */
};

static inline void hp_meter_begin(struct hp_meter *m)
{
	m->wrap->accounting = 1;
	m->t0 = m->clock();
}

static inline void hp_meter_end(struct hp_meter *m)
{
	uint64_t t1 = m->clock();

	m->wrap->accounting = 0;
	m->ticks += t1 - m->t0;
}

#endif
