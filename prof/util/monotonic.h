/*
 * monotonic.h - wall time for timing and timeouts: the run's planning and
 * clock rate (prof/measure/clock.c, drivers/procedure.c), the overhead
 * calibration (prof/measure/calibrate.c), the measuring child's step timeout
 * (drivers/child.c), the builder's program timeouts (builder/run.c) and
 * the bench.
 */
#ifndef HP_UTIL_MONOTONIC_H
#define HP_UTIL_MONOTONIC_H

/* CLOCK_MONOTONIC now, in seconds: the same clock in every process of the
 * machine, never set back. */
double hp_util_monotonic(void);

#endif
