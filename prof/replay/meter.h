/*
 * meter.h - switching accounting on around the measured API calls (the
 * driver's operations, and the in-situ samples of callsites/insitu.c).
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
	int mode; /* the accounting switched on: HP_ACCOUNTING_TIMED (0 means it too) or
		   * HP_ACCOUNTING_SITES (--call-sites) */
	uint64_t t0;
	uint64_t x0; /* wrap->site_excluded_ticks at t0 */
	uint64_t ticks; /* sum of the windows so far, ticks, less the call-site recorder's own */
};

static inline void hp_meter_begin(struct hp_meter *m)
{
	m->wrap->accounting = m->mode ? m->mode : HP_ACCOUNTING_TIMED;
	m->x0 = m->wrap->site_excluded_ticks;
	m->t0 = m->clock();
}

/* The window's ticks, less what the call-site recorder spent inside it
 * (hp_wrap_state.site_excluded_ticks: 0 without --call-sites). */
static inline void hp_meter_end(struct hp_meter *m)
{
	uint64_t t1 = m->clock();

	m->wrap->accounting = 0;
	m->ticks += (t1 - m->t0) - (m->wrap->site_excluded_ticks - m->x0);
}

#endif
