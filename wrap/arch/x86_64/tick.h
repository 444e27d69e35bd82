/*
 * arch/x86_64/tick.h - the time-stamp counter, read inline
 * (part 3).  The same counter PAPI_get_real_cyc() reads on x86-64, without
 * its call: the runtime checks that the two agree before it lets the shims
 * read it (prof/measure/clock.c, hp_clock_tick_inline), and falls back to the
 * installed clock function otherwise.  Unit: TSC ticks.
 *
 * Not fenced, like the minimal wrapper of the published evaluation: a
 * fence costs more than the whole shim (175 against 45 ticks measured on
 * our AMD VM).
 */
#ifndef HP_ARCH_TICK_H
#define HP_ARCH_TICK_H

#include <stdint.h>

#define HP_ARCH_TICK_NAME "rdtsc"
#define HP_ARCH_TICK_UNIT "TSC ticks" /* the unit of hp_arch_tick */

static inline __attribute__((always_inline)) uint64_t hp_arch_tick(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

#endif
