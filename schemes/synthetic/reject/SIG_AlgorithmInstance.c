/*
 * SYNTH-REJECT: toy signature with rejection sampling (../README.md,
 * "Rejection sampling").  Every draw is get_random_number(256 bits) on
 * drng_algorithm; its calls per operation are a function of those draws:
 *   keygen: draw until the first byte is below SYNTH_REJECT_KEYGEN_BELOW;
 *           per draw pseudoXOF(512 out, 256 in) of it, and
 *           pseudohash(512 out, 256 in) of it when its second byte is odd:
 *           drng a, pseudoXOF a, pseudohash (draws with an odd second byte)
 *   sign:   draw until the first byte is below SYNTH_REJECT_SIGN_BELOW;
 *           then the tag pseudohash(512 out, 8 * (64 + mlen + 32) in) of
 *           pk || m || the accepted draw and sm3hash(256 out, 512 in) of
 *           it: drng a, pseudohash 1, sm3hash 1 (one helper varies, as in
 *           ML-DSA sign)
 *   verify: the tag of the signature's draw and its sm3hash: pseudohash 1,
 *           sm3hash 1
 * Every drng call makes 2 nested sm3hash calls (synth_drng.c).
 */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "synth.h"

unsigned long long sig_get_pk_len_bytes(void)
{
	return SYNTH_REJECT_PK_BYTES;
}
unsigned long long sig_get_sk_len_bytes(void)
{
	return SYNTH_REJECT_SK_BYTES;
}
unsigned long long sig_get_sn_len_bytes(void)
{
	return SYNTH_REJECT_SN_BYTES;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	unsigned char c[32], h[64];

	if (synth_fault("keygen"))
		return -3;
	do {
		get_random_number(&drng_algorithm, c, 256);
		pseudoXOF(8 * SYNTH_REJECT_PK_BYTES, c, 256, pk);
		if (c[1] & 1)
			pseudohash(512, c, 256, h);
	} while (c[0] >= SYNTH_REJECT_KEYGEN_BELOW);
	memcpy(sk, c, 32);
	memcpy(sk + 32, pk, SYNTH_REJECT_PK_BYTES);
	synth_work(SYNTH_REJECT_WORK);
	*pk_len_bytes = SYNTH_REJECT_PK_BYTES;
	*sk_len_bytes = SYNTH_REJECT_SK_BYTES;
	return 0;
}

/* tag = pseudohash(512, pk || m || c); -2 when out of memory. */
static int synth_reject_tag(const unsigned char *pk, const unsigned char *m, unsigned long long mlen,
			    const unsigned char c[32], unsigned char tag[64])
{
	unsigned char *buf = malloc(SYNTH_REJECT_PK_BYTES + mlen + 32);

	if (!buf)
		return -2;
	memcpy(buf, pk, SYNTH_REJECT_PK_BYTES);
	memcpy(buf + SYNTH_REJECT_PK_BYTES, m, mlen);
	memcpy(buf + SYNTH_REJECT_PK_BYTES + mlen, c, 32);
	pseudohash(512, buf, 8 * (SYNTH_REJECT_PK_BYTES + mlen + 32), tag);
	free(buf);
	return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	unsigned char c[32], tag[64], x[32];

	if (synth_fault("sign") || sk_len_bytes != SYNTH_REJECT_SK_BYTES)
		return -3;
	do
		get_random_number(&drng_algorithm, c, 256);
	while (c[0] >= SYNTH_REJECT_SIGN_BELOW);
	if (synth_reject_tag(sk + 32, m, m_len_bytes, c, tag) != 0)
		return -2;
	sm3hash(256, tag, 512, x);
	memcpy(sn, c, 32);
	memcpy(sn + 32, tag, 64);
	synth_work(SYNTH_REJECT_WORK);
	*sn_len_bytes = SYNTH_REJECT_SN_BYTES;
	return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	unsigned char tag[64], x[32];

	if (synth_fault("verify"))
		return -3;
	if (pk_len_bytes != SYNTH_REJECT_PK_BYTES || sn_len_bytes != SYNTH_REJECT_SN_BYTES)
		return -1;
	if (synth_reject_tag(pk, m, m_len_bytes, sn, tag) != 0)
		return -2;
	sm3hash(256, tag, 512, x);
	synth_work(SYNTH_REJECT_WORK);
	return memcmp(sn + 32, tag, 64) ? -1 : 0;
}
