/*
 * clock.c - PAPI clocks (see clock.h).
 */
#include "clock.h"

#include <papi.h>

#include "tick.h"
#include "util/monotonic.h"
#include <stdio.h>
#include <string.h>

static enum hp_clock_kind hp_kind;
static int hp_inline; /* hp_clock_install() let the shims read inline */
static int hp_eventset = PAPI_NULL;

static uint64_t hp_read_tsc(void)
{
	return (uint64_t)PAPI_get_real_cyc();
}

static uint64_t hp_read_cycles(void)
{
	long long v = 0;

	PAPI_read(hp_eventset, &v);
	return (uint64_t)v;
}

static int hp_papi_init(char *err, size_t errlen)
{
	int rc;

	if (PAPI_is_initialized() != PAPI_NOT_INITED)
		return 0;
	rc = PAPI_library_init(PAPI_VER_CURRENT);
	if (rc != PAPI_VER_CURRENT) {
		snprintf(err, errlen, "PAPI_library_init failed: %s",
			 rc > 0 ? "PAPI version mismatch" : PAPI_strerror(rc));
		return -1;
	}
	return 0;
}

/* PAPI_TOT_CYC needs a PMU; say plainly when there is none. */
static int hp_cycles_init(char *err, size_t errlen)
{
	int rc;

	hp_eventset = PAPI_NULL;
	rc = PAPI_create_eventset(&hp_eventset);
	if (rc == PAPI_OK)
		rc = PAPI_add_event(hp_eventset, PAPI_TOT_CYC);
	if (rc == PAPI_OK)
		rc = PAPI_start(hp_eventset);
	if (rc != PAPI_OK) {
		snprintf(err, errlen,
			 "--clock=cycles: PAPI_TOT_CYC is not available on this machine (%s); "
			 "no hardware cycle counter is exposed (e.g. a VM without a PMU, or an emulator such as "
			 "qemu-user): use --clock=tsc",
			 PAPI_strerror(rc));
		return -1;
	}
	return 0;
}

int hp_clock_init(enum hp_clock_kind kind, char *err, size_t errlen)
{
	if (hp_papi_init(err, errlen) != 0)
		return -1;
	hp_kind = kind;
	if (kind == HP_CLOCK_CYCLES)
		return hp_cycles_init(err, errlen);
	return 0;
}

uint64_t hp_clock_read(void)
{
	return hp_kind == HP_CLOCK_CYCLES ? hp_read_cycles() : hp_read_tsc();
}

uint64_t (*hp_clock_fn(void))(void)
{
	return hp_kind == HP_CLOCK_CYCLES ? hp_read_cycles : hp_read_tsc;
}

/* Is PAPI's real-cycle clock the counter wrap/tick.h reads inline?  Each
 * of 16 PAPI readings must lie between two inline readings: a different
 * counter (a nanosecond clock, another timer) fails at once; preemption
 * only widens a bracket. */
static int hp_papi_is_arch_tick(void)
{
#ifdef HP_ARCH_TICK_NAME
	for (int k = 0; k < 16; k++) {
		uint64_t a = hp_arch_tick();
		uint64_t p = (uint64_t)PAPI_get_real_cyc();
		uint64_t b = hp_arch_tick();
		if (p < a || p > b)
			return 0;
	}
	return 1;
#else
	return 0;
#endif
}

void hp_clock_install(struct hp_wrap_state *w)
{
	hp_inline = hp_kind == HP_CLOCK_TSC && hp_papi_is_arch_tick();
	w->clock = hp_clock_fn();
	w->tick_inline = (uint32_t)hp_inline;
}

const char *hp_clock_shim_read(void)
{
#ifdef HP_ARCH_TICK_NAME
	if (hp_inline)
		return HP_ARCH_TICK_NAME;
#endif
	return hp_clock_source();
}

const char *hp_clock_source(void)
{
	return hp_kind == HP_CLOCK_CYCLES ? "PAPI_TOT_CYC" : "PAPI_get_real_cyc";
}

const char *hp_clock_unit(void)
{
	return hp_clock_kind_unit(hp_kind);
}

const char *hp_clock_kind_unit(enum hp_clock_kind kind)
{
	if (kind == HP_CLOCK_CYCLES)
		return "cycles";
#ifdef HP_ARCH_TICK_UNIT
	/* PAPI_get_real_cyc reads the architecture's counter on both (it is
	 * checked where it matters, hp_clock_install) */
	return HP_ARCH_TICK_UNIT;
#else
	return "ticks";
#endif
}

int hp_clock_parse(const char *name, enum hp_clock_kind *kind)
{
	if (!strcmp(name, "tsc")) {
		*kind = HP_CLOCK_TSC;
		return 0;
	}
	if (!strcmp(name, "cycles")) {
		*kind = HP_CLOCK_CYCLES;
		return 0;
	}
	return -1;
}

uint64_t hp_clock_measure_resolution(void)
{
	uint64_t step = 0, budget = HP_CLOCK_RESOLUTION_READS;
	int repeated = 0;

	for (unsigned k = 0; k < 64 && budget; k++) {
		uint64_t a = hp_clock_read(), b;
		while ((b = hp_clock_read()) == a && --budget)
			repeated = 1;
		if (b > a && (!step || b - a < step))
			step = b - a;
	}
	/* a counter that moves between any two reads steps finer than a
	 * read can show: its tick is its resolution */
	return !step ? 0 : repeated ? step : 1;
}

double hp_clock_measure_rate(unsigned ms)
{
	double s0 = hp_util_monotonic(), s1;
	uint64_t t0 = hp_clock_read(), t1;

	do {
		s1 = hp_util_monotonic();
	} while (s1 - s0 < ms * 1e-3);
	t1 = hp_clock_read();
	return (double)(t1 - t0) / (s1 - s0);
}
