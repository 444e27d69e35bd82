/*
 * plan.c - N planning (see plan.h).
 */
#include "plan.h"

#include <math.h>

void hp_plan_iterations(double t1, uint64_t *iterations, uint64_t *warmup)
{
	double n = t1 > 0 ? ceil(HP_PLAN_TARGET_SECONDS / t1) : HP_PLAN_MAX_ITERATIONS;

	if (n > HP_PLAN_MAX_ITERATIONS)
		n = HP_PLAN_MAX_ITERATIONS;
	if (n < HP_PLAN_MIN_ITERATIONS)
		n = HP_PLAN_MIN_ITERATIONS;
	*iterations = (uint64_t)n;
	*warmup = t1 < HP_PLAN_WARMUP_BELOW ? 1 : 0;
}
