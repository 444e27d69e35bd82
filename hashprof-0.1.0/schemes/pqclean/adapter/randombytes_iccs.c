/*
 * randombytes_iccs.c - PQClean's randombytes() on the ICCS DRNG (see
 * randombytes.h).  A separate object from drng.c, so that every
 * get_random_number call made here is seen by the --wrap shims.
 */
#include "randombytes.h"

#include <stdio.h>
#include <stdlib.h>

#include "drng.h"

/* The global context of NGCC schemes (schemes/common/drng_global.c). */
extern DRNG_ctx drng_algorithm;

int randombytes(uint8_t *output, size_t n)
{
	if (n > (size_t)(~0ull / 8u)) {
		fprintf(stderr, "hashprof PQClean adapter: randombytes length too large\n");
		abort();
	}
	int rc = get_random_number(&drng_algorithm, output, 8ull * (unsigned long long)n);
	if (rc != 0) {
		fprintf(stderr, "hashprof PQClean adapter: get_random_number failed (code %d)\n", rc);
		abort();
	}
	return 0;
}
