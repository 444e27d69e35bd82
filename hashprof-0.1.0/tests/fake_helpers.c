/*
 * fake_helpers.c - fake pseudohash, pseudoXOF, get_random_number and
 * init_random_number for test_wrap (see fake_helpers.h).  sm3hash is in
 * fake_sm3.c: the calls below to it cross object files.
 */
#include <string.h>

#include "fake_helpers.h"

uint64_t fake_now;
int fake_ret[HP_FN_COUNT];
unsigned long fake_runs[HP_FN_COUNT];
void *fake_last_drng;
int fake_xof_calls_pseudohash;

/* Writes 0x48 into the digest, after one sm3hash over the message. */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	unsigned char d[32];
	int rc;

	fake_runs[HP_FN_PSEUDOHASH]++;
	fake_now += FAKE_COST_PSEUDOHASH;
	rc = sm3hash(256, msg, msg_len_bits, d);
	if (digest_len_bits > 0)
		memset(digest, 0x48, (size_t)digest_len_bits / 8);
	return rc ? rc : fake_ret[HP_FN_PSEUDOHASH];
}

/* Writes 0x58 into the output. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output)
{
	fake_runs[HP_FN_XOF]++;
	fake_now += FAKE_COST_XOF;
	memset(output, 0x58, (size_t)(output_len_bits / 8));
	if (fake_xof_calls_pseudohash) {
		unsigned char d[64];
		pseudohash(512, msg, msg_len_bits, d);
	}
	return fake_ret[HP_FN_XOF];
}

/* Two sm3hash calls (an output block and a state update); writes 0x52. */
int get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	unsigned char block[33] = { 0 }, d[32];
	int rc;

	fake_runs[HP_FN_DRNG]++;
	fake_now += FAKE_COST_DRNG;
	fake_last_drng = drng;
	if ((rc = sm3hash(256, block, 264, d)) != 0)
		return rc;
	memset(out, 0x52, (size_t)(out_len_bits / 8));
	if ((rc = sm3hash(256, block, 264, d)) != 0)
		return rc;
	return fake_ret[HP_FN_DRNG];
}

int init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	(void)seed;
	(void)seed_len_bytes;
	fake_runs[HP_FN_DRNG_INIT]++;
	fake_now += FAKE_COST_DRNG_INIT;
	fake_last_drng = drng;
	return fake_ret[HP_FN_DRNG_INIT];
}
