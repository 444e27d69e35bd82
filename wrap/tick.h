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

/* Whether hp_tick_fast may be used: the inline counter is the selected
 * clock's, or the architecture has none and every read is a call. */
static inline __attribute__((always_inline)) int hp_tick_fast_ok(const struct hp_wrap_state *w)
{
#ifdef HP_ARCH_TICK_NAME
	return w->tick_inline != 0;
#else
	(void)w;
	return 1;
#endif
}

/* hp_tick where hp_tick_fast_ok holds (the shims' gate checked it): no
 * test, and no call whose saved registers the timed path would pay. */
static inline __attribute__((always_inline)) uint64_t hp_tick_fast(const struct hp_wrap_state *w)
{
#ifdef HP_ARCH_TICK_NAME
	(void)w;
	return hp_arch_tick();
#else
	return w->clock();
#endif
}

#endif
