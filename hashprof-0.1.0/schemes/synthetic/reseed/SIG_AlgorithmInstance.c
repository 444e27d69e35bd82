/*
 * SYNTH-RESEED: toy signature (pk = sk: it only has to round-trip).
 *   keygen: drng 1 (256 bits)
 *   sign:   init_random_number 1 (seed sk || m: 8*(32+mlen) bits) on a
 *           private DRNG_ctx, drng 4 (256 bits) from it, pseudohash 1 (512, 256 in)
 *   verify: the same as sign (it re-derives the signature)
 * The published method does not wrap init_random_number, so its time
 * would vanish into "other"; hashprof reports it as DRNG init.
 */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "synth.h"

unsigned long long sig_get_pk_len_bytes(void)
{
	return SYNTH_RESEED_PK_BYTES;
}
unsigned long long sig_get_sk_len_bytes(void)
{
	return SYNTH_RESEED_SK_BYTES;
}
unsigned long long sig_get_sn_len_bytes(void)
{
	return SYNTH_RESEED_SN_BYTES;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	get_random_number(&drng_algorithm, sk, 256);
	memcpy(pk, sk, SYNTH_RESEED_SK_BYTES);
	synth_work(SYNTH_WORK_KEYGEN);
	*pk_len_bytes = SYNTH_RESEED_PK_BYTES;
	*sk_len_bytes = SYNTH_RESEED_SK_BYTES;
	return 0;
}

/* sn = pseudohash(512, the 4 draws of a DRNG seeded with key || m). */
static int synth_reseed_sig(const unsigned char *key, const unsigned char *m, unsigned long long mlen,
			    unsigned char sn[SYNTH_RESEED_SN_BYTES])
{
	DRNG_ctx ctx;
	unsigned char *seed = malloc(SYNTH_RESEED_SK_BYTES + mlen), draws[4][32], acc[32] = { 0 };

	if (!seed)
		return -2;
	memcpy(seed, key, SYNTH_RESEED_SK_BYTES);
	memcpy(seed + SYNTH_RESEED_SK_BYTES, m, mlen);
	init_random_number(&ctx, seed, SYNTH_RESEED_SK_BYTES + mlen);
	free(seed);
	for (int i = 0; i < 4; i++) {
		get_random_number(&ctx, draws[i], 256);
		for (int k = 0; k < 32; k++)
			acc[k] ^= draws[i][k];
	}
	pseudohash(512, acc, 256, sn);
	synth_work(SYNTH_WORK_VERIFY);
	return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	if (sk_len_bytes != SYNTH_RESEED_SK_BYTES)
		return -3;
	*sn_len_bytes = SYNTH_RESEED_SN_BYTES;
	return synth_reseed_sig(sk, m, m_len_bytes, sn);
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	unsigned char expect[SYNTH_RESEED_SN_BYTES];

	if (pk_len_bytes != SYNTH_RESEED_PK_BYTES || sn_len_bytes != SYNTH_RESEED_SN_BYTES ||
	    synth_reseed_sig(pk, m, m_len_bytes, expect) != 0)
		return -1;
	return memcmp(expect, sn, SYNTH_RESEED_SN_BYTES) ? -1 : 0;
}
