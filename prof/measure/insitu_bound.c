/*
 * insitu_bound.c - the plausible bound of a cost measured in the
 * operation (see insitu_bound.h).
 */
#include "insitu_bound.h"

#include <math.h>

int hp_insitu_plausible(double cost, double calibrated, double *lo, double *hi)
{
	double l = 0, h = 0;
	int rc = -1;

	if (isfinite(calibrated) && calibrated > 0) {
		l = -HP_INSITU_NEG_FRACTION * calibrated;
		h = HP_INSITU_MAX_FACTOR * calibrated;
		rc = isfinite(cost) && cost >= l && cost <= h;
	}
	if (lo)
		*lo = l;
	if (hi)
		*hi = h;
	return rc;
}
