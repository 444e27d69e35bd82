/*
 * SYNTH-NONE: toy signature with its own "hash" (FNV-1a) and a counter as
 * randomness: no ICCS helper is defined, so none is wrapped.
 */
#include <string.h>

#include "SIG_AlgorithmInstance.h"

static unsigned long long synth_none_counter;

unsigned long long sig_get_pk_len_bytes(void)
{
	return SYNTH_NONE_KEY_BYTES;
}
unsigned long long sig_get_sk_len_bytes(void)
{
	return SYNTH_NONE_KEY_BYTES;
}
unsigned long long sig_get_sn_len_bytes(void)
{
	return SYNTH_NONE_SN_BYTES;
}

/* FNV-1a, 64 bits (the FNV offset basis and prime of Fowler/Noll/Vo). */
static unsigned long long synth_fnv(const unsigned char *k, const unsigned char *m, unsigned long long n)
{
	unsigned long long h = 0xcbf29ce484222325ull;

	for (unsigned i = 0; i < SYNTH_NONE_KEY_BYTES; i++)
		h = (h ^ k[i]) * 0x100000001b3ull;
	for (unsigned long long i = 0; i < n; i++)
		h = (h ^ m[i]) * 0x100000001b3ull;
	return h;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	for (unsigned i = 0; i < SYNTH_NONE_KEY_BYTES; i++)
		sk[i] = (unsigned char)(++synth_none_counter * 131);
	memcpy(pk, sk, SYNTH_NONE_KEY_BYTES);
	*pk_len_bytes = *sk_len_bytes = SYNTH_NONE_KEY_BYTES;
	return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	unsigned long long h = synth_fnv(sk, m, m_len_bytes);

	(void)sk_len_bytes;
	memcpy(sn, &h, sizeof h);
	*sn_len_bytes = SYNTH_NONE_SN_BYTES;
	return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	unsigned long long h = synth_fnv(pk, m, m_len_bytes);

	(void)pk_len_bytes;
	return sn_len_bytes == SYNTH_NONE_SN_BYTES && !memcmp(sn, &h, sizeof h) ? 0 : -1;
}
