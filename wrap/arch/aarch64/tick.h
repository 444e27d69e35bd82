/*
 * arch/aarch64/tick.h - the generic timer's virtual count, read inline
 *.  Used only when the runtime finds that it is the
 * counter PAPI_get_real_cyc() reads (prof/measure/clock.c, hp_clock_tick_inline);
 * otherwise the shims call the installed clock function.  Unit: ticks of
 * the generic timer (CNTFRQ_EL0 per second, often far below the core
 * clock).
 */
#ifndef HP_ARCH_TICK_H
#define HP_ARCH_TICK_H

#include <stdint.h>

#define HP_ARCH_TICK_NAME "cntvct_el0"
#define HP_ARCH_TICK_UNIT "timer ticks" /* the unit of hp_arch_tick: the generic timer's */

static inline __attribute__((always_inline)) uint64_t hp_arch_tick(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
}

#endif
