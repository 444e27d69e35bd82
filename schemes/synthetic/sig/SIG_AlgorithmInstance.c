/*
 * SYNTH-SIG: toy signature.  Call pattern per operation (README.md):
 *   keygen: drng 1 (256 bits), pseudoXOF 4 (1024 out, 256 in), pseudohash 2 (512 out, 1024 in)
 *   sign:   drng 1 (256 bits), pseudohash 1 (1024 out, 8*(128+mlen+32) in) + the tag rounds
 *   verify: the tag rounds only
 * tag rounds: pseudoXOF 8 (512 out, 1024 in), pseudohash 2 (1024 out, 1024 in), sm3hash 1 (1024 in).
 * Every drng call makes 2 nested sm3hash calls (synth_drng.c).
 * Call sites (README.md, "Call sites"): which function makes which calls
 * is part of the pattern, so the helpers below are never inlined nor
 * cloned (SYNTH_SITE): their frames are the same with and without -O2,
 * debug information or a symbol table's static names.
 * HASHPROF_SYNTH_SHAPES=K (1..8192) adds K pseudoXOF calls to sign, of K
 * shapes (256 out, 1..K in): more than the shape table holds.
 */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "synth.h"

unsigned long long sig_get_pk_len_bytes(void)
{
	return SYNTH_SIG_PK_BYTES;
}
unsigned long long sig_get_sk_len_bytes(void)
{
	return SYNTH_SIG_SK_BYTES;
}
unsigned long long sig_get_sn_len_bytes(void)
{
	return SYNTH_SIG_SN_BYTES;
}

/* keygen's expansion rounds: pseudoXOF 3 (1024 out, 256 in). */
static SYNTH_SITE void synth_expand(unsigned char *sk)
{
	for (int i = 0; i < 3; i++)
		pseudoXOF(1024, sk, 256, sk + 32);
}

/* keygen's mixing: pseudohash 2 (512 out, 1024 in). */
static SYNTH_SITE void synth_mix(const unsigned char *pk)
{
	unsigned char mix[64];

	for (int i = 0; i < 2; i++)
		pseudohash(512, pk, 1024, mix);
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	if (synth_fault("keygen"))
		return -3;
	get_random_number(&drng_algorithm, sk, 256);
	pseudoXOF(1024, sk, 256, pk);
	synth_expand(sk);
	synth_mix(pk);
	memcpy(sk + 32, pk, SYNTH_SIG_PK_BYTES);
	synth_work(SYNTH_WORK_KEYGEN);
	*pk_len_bytes = SYNTH_SIG_PK_BYTES;
	*sk_len_bytes = SYNTH_SIG_SK_BYTES;
	return 0;
}

/* The fixed tag rounds over d: pseudoXOF 8 (512, 1024), pseudohash 2
 * (1024, 1024), sm3hash 1 (256, 1024). */
static SYNTH_SITE void synth_rounds(const unsigned char d[128])
{
	unsigned char x[128];

	for (int i = 0; i < 8; i++)
		pseudoXOF(512, d, 1024, x);
	for (int i = 0; i < 2; i++)
		pseudohash(1024, d, 1024, x);
	sm3hash(256, d, 1024, x);
}

/* d = pseudohash(1024, pk || m || r), then the tag rounds over d (on a
 * private stack with HASHPROF_SYNTH_OFFSTACK=1: synth.h). */
static SYNTH_SITE int synth_tag(const unsigned char *pk, const unsigned char *m, unsigned long long mlen,
				const unsigned char r[32], unsigned char d[128])
{
	unsigned char *buf = malloc(SYNTH_SIG_PK_BYTES + mlen + 32);

	if (!buf)
		return -2;
	memcpy(buf, pk, SYNTH_SIG_PK_BYTES);
	memcpy(buf + SYNTH_SIG_PK_BYTES, m, mlen);
	memcpy(buf + SYNTH_SIG_PK_BYTES + mlen, r, 32);
	pseudohash(1024, buf, 8 * (SYNTH_SIG_PK_BYTES + mlen + 32), d);
	free(buf);
	if (synth_offstack(synth_rounds, d) != 0)
		synth_rounds(d);
	return 0;
}

/* The extra shapes of HASHPROF_SYNTH_SHAPES (0 when unset or out of range). */
static void synth_shapes(void)
{
	static unsigned char in[1024], out[32];
	const char *v = getenv("HASHPROF_SYNTH_SHAPES");
	unsigned long k = v ? strtoul(v, NULL, 10) : 0;

	for (unsigned long i = 1; k <= 8 * sizeof in && i <= k; i++)
		pseudoXOF(256, in, i, out);
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	unsigned char d[128];

	if (synth_fault("sign") || sk_len_bytes != SYNTH_SIG_SK_BYTES)
		return -3;
	get_random_number(&drng_algorithm, sn, 256);
	if (synth_tag(sk + 32, m, m_len_bytes, sn, d) != 0)
		return -2;
	memcpy(sn + 32, d, 64);
	synth_shapes();
	synth_work(SYNTH_WORK_SIGN);
	*sn_len_bytes = SYNTH_SIG_SN_BYTES;
	return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	unsigned char d[128];

	if (synth_fault("verify"))
		return -3;
	if (pk_len_bytes != SYNTH_SIG_PK_BYTES || sn_len_bytes != SYNTH_SIG_SN_BYTES)
		return -1;
	if (synth_tag(pk, m, m_len_bytes, sn, d) != 0)
		return -2;
	synth_work(SYNTH_WORK_VERIFY);
	return memcmp(sn + 32, d, 64) ? -1 : 0;
}
