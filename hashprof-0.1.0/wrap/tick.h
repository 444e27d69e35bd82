/*
 * tick.h - the counter a shim reads around a helper call.
 *
 * Where the architecture has a user-readable counter (arch/<arch>/tick.h
 * defines hp_arch_tick and HP_ARCH_TICK_NAME) and the runtime has found it
 * to be the counter of the selected clock (hp_wrap_state.tick_inline), the
 * shim reads it inline: no call, no PLT, no saved registers.  Otherwise it
 * calls hp_wrap_state.clock, the runtime's clock function (PAPI_TOT_CYC
 * for --clock=cycles, a fake clock in the tests).
 */
#ifndef HP_TICK_H
#define HP_TICK_H

#include <stdint.h>

#include "hp_wrap.h"

#if defined(__x86_64__)
#include "arch/x86_64/tick.h"
#elif defined(__aarch64__)
#include "arch/aarch64/tick.h"
#endif

/* Ticks of the selected clock, read as cheaply as this machine allows. */
static inline __attribute__((always_inline)) uint64_t hp_tick(const struct hp_wrap_state *w)
{
#ifdef HP_ARCH_TICK_NAME
	if (__builtin_expect(w->tick_inline != 0, 1))
		return hp_arch_tick();
#endif
	return w->clock();
}

#endif
