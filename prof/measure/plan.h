/*
 * plan.h - how many operations to measure (method.md, "Running").
 */
#ifndef HP_PLAN_H
#define HP_PLAN_H

#include <stdint.h>

#define HP_PLAN_MAX_ITERATIONS 1000u /* method.md: N = min(1000, ...) */
#define HP_PLAN_MIN_ITERATIONS 3u /* method.md: max(3, ...) */
#define HP_PLAN_TARGET_SECONDS 1.0 /* method.md: ceil(1 s / t1) */
#define HP_PLAN_WARMUP_BELOW 5.0 /* method.md: one warm-up when t1 < 5 s */

/*
 * From t1, the duration in seconds of one calibration call made in a
 * separate process: *iterations = min(1000, max(3, ceil(1 s / t1))) and
 * *warmup = 1 when t1 < 5 s, else 0.  t1 <= 0 plans the maximum.
 */
void hp_plan_iterations(double t1_seconds, uint64_t *iterations, uint64_t *warmup);

#endif
