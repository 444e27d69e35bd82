/*
 * drng_global.c - the global DRNG context NGCC schemes draw from.
 *
 * In a submission the ICCS KAT program defines `DRNG_ctx drng_algorithm;`.
 * hashprof replaces that program by its driver, so an instance whose own
 * objects do not define the global gets it from here (ngcc-api.md).  The
 * driver seeds it through the instance's init_random_number.
 */
#include "drng.h"

DRNG_ctx drng_algorithm;
