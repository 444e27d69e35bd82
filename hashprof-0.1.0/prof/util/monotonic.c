/*
 * monotonic.c - CLOCK_MONOTONIC in seconds (see monotonic.h).
 */
#include "monotonic.h"

#include <time.h>

double hp_util_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
