/*
 * synth_drng.c - the synthetic instances' DRNG, layered on sm3hash.
 *
 * This is the "helper layered on another helper in a different object":
 * get_random_number calls sm3hash, which lives in auxfunc.o, so with
 * --wrap both calls go through the shims and the sm3hash calls are nested
 * inside the get_random_number call (counted as nested, never timed
 * twice).  Per get_random_number(bits): ceil(bits/256) + 1 nested sm3hash
 * calls (one per output block, one for the state update).  Not the ICCS
 * DRBG; same API (drng.h).
 */
#include <string.h>

#include "synth.h"

/* V = SM3(seed), C = 0, counter = 0. */
int init_random_number(DRNG_ctx *d, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	memset(d, 0, sizeof *d);
	return sm3hash(256, seed, seed_len_bytes * 8, d->V);
}

/* out = SM3(V || 1) || SM3(V || 2) ..., then V = SM3(V || 0).  bits: output length in bits. */
int get_random_number(DRNG_ctx *d, unsigned char *out, unsigned long long bits)
{
	unsigned char block[33], digest[32];
	unsigned long long bytes = (bits + 7) / 8;
	int rc;

	memcpy(block, d->V, 32);
	for (unsigned long long done = 0, i = 1; done < bytes; done += 32, i++) {
		block[32] = (unsigned char)i;
		if ((rc = sm3hash(256, block, 33 * 8, digest)) != 0)
			return rc;
		memcpy(out + done, digest, bytes - done < 32 ? bytes - done : 32);
	}
	/* HASHPROF_SYNTH_DIVERGE=drng: state outside drng_algorithm */
	if (synth_diverge("drng") && bytes) {
		static unsigned char hidden;
		out[0] ^= ++hidden;
	}
	if (bits % 8)
		out[bytes - 1] &= (unsigned char)(0xff << (8 - bits % 8));
	block[32] = 0;
	return sm3hash(256, block, 33 * 8, d->V);
}
