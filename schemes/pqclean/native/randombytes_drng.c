/*
 * randombytes_drng.c - PQClean's own randombytes() API (its
 * common/randombytes.h: randombytes is PQCLEAN_randombytes) on the seeded
 * ICCS DRNG, for the native instances (schemes/pqclean/README.md,
 * "Native"): their hashing is PQClean's own fips202.c, their randomness
 * the NGCC global drng_algorithm, as every NGCC scheme's, so that a row
 * is reproducible like every other.  In a folder of its own, so that
 * "randombytes.h" is PQClean's, never the ICCS adapter's.
 */
#include "randombytes.h"

#include <stdio.h>
#include <stdlib.h>

#include "drng.h"

/* The global context of NGCC schemes (schemes/common/drng_global.c). */
extern DRNG_ctx drng_algorithm;

int randombytes(uint8_t *output, size_t n)
{
	int rc;

	if (n > (size_t)(~0ull / 8u)) {
		fprintf(stderr, "hashprof PQClean native: randombytes length too large\n");
		abort();
	}
	rc = get_random_number(&drng_algorithm, output, 8ull * (unsigned long long)n);
	if (rc != 0) {
		fprintf(stderr, "hashprof PQClean native: get_random_number failed (code %d)\n", rc);
		abort();
	}
	return 0;
}
