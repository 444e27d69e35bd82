/*
 * clock.h - the tick source, read through PAPI.
 *
 * Two clocks:
 *   HP_CLOCK_TSC     PAPI_get_real_cyc(): the time-stamp counter, in TSC
 *                    ticks.  Needs no PMU, so it works in VMs and CI.  The
 *                    default, as in the published evaluation (method.md).
 *   HP_CLOCK_CYCLES  PAPI_TOT_CYC read with PAPI_read(): core cycles.  Needs
 *                    a PMU that PAPI can program; absent on our VMs, where
 *                    hp_clock_init() fails with a message that says so.
 */
#ifndef HP_CLOCK_H
#define HP_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h"

enum hp_clock_kind { HP_CLOCK_TSC = 0, HP_CLOCK_CYCLES };

/*
 * Initialise PAPI and select the clock for this process (call again after
 * fork(): PAPI event sets belong to one thread of one process).
 * Returns 0, or -1 with a one-line reason in err (errlen bytes).
 */
int hp_clock_init(enum hp_clock_kind kind, char *err, size_t errlen);

/* Read the selected clock, in ticks of that clock.  hp_clock_init first. */
uint64_t hp_clock_read(void);

/* The function the wrap shims call: the same reading as hp_clock_read. */
uint64_t (*hp_clock_fn(void))(void);

/*
 * Install the selected clock into an instance's shims: w->clock =
 * hp_clock_fn(), and w->tick_inline = 1 where the shims may read the
 * counter inline instead of calling it (wrap/tick.h: rdtsc on x86-64,
 * cntvct_el0 on AArch64): only for HP_CLOCK_TSC, and only when 16 reads
 * of PAPI_get_real_cyc() each fall between two inline reads, i.e. PAPI's
 * real-cycle clock is that very counter.  hp_clock_init first.
 */
void hp_clock_install(struct hp_wrap_state *w);

/* What the shims read after hp_clock_install(): "rdtsc", "cntvct_el0",
 * or hp_clock_source() when they call the clock function. */
const char *hp_clock_shim_read(void);

/* "PAPI_get_real_cyc" or "PAPI_TOT_CYC". */
const char *hp_clock_source(void);

/* The unit of the selected clock: "cycles" for HP_CLOCK_CYCLES; for
 * HP_CLOCK_TSC "TSC ticks" on x86-64, "timer ticks" on AArch64 (the
 * generic timer, CNTFRQ_EL0 of them per second, often 19.2 to 100 MHz),
 * "ticks" elsewhere. */
const char *hp_clock_unit(void);

/* The unit of clock kind, selected or not (hp_clock_unit's words): what
 * a table of costs measured with that clock is in (drivers/costs.c). */
const char *hp_clock_kind_unit(enum hp_clock_kind kind);

/* Parse "tsc" or "cycles"; returns 0 and sets *kind, or -1. */
int hp_clock_parse(const char *name, enum hp_clock_kind *kind);

/*
 * The resolution of the selected clock, measured: where its reading stays
 * the same over consecutive reads (a counter slower than a read, such as
 * the generic timer), the smallest step it then takes, in ticks (1 on a
 * counter that steps by one; 40 on a 1 GHz counter scaled from a 25 MHz
 * one); where it moves between any two reads (the TSC, PAPI_TOT_CYC),
 * 1 tick.  Over 64 changes of the reading, at most
 * HP_CLOCK_RESOLUTION_READS reads; 0 when the reading never changed.
 */
#define HP_CLOCK_RESOLUTION_READS (1u << 22)
uint64_t hp_clock_measure_resolution(void);

/*
 * Ticks per second of the selected clock, measured against
 * CLOCK_MONOTONIC over `ms` milliseconds of busy waiting (20 ms is enough
 * for 4 significant digits).  Used only to print times in seconds.
 */
double hp_clock_measure_rate(unsigned ms);

#endif
