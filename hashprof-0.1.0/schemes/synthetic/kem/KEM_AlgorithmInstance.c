/*
 * SYNTH-KEM: toy KEM (the public key is the decapsulation secret: it only
 * has to round-trip).  Call pattern per operation (README.md):
 *   keygen: drng 1 (512 bits), pseudoXOF 2 (2048 out, 512 in)
 *   encaps: drng 1 (256 bits), pseudoXOF 1 (256 out, 2048 in), pseudohash 2 (768 out, 2304 in)
 *   decaps: pseudoXOF 1 (256 out, 2048 in), pseudohash 2 (768 out, 2304 in), sm3hash 1 (256 in)
 */
#include <string.h>

#include "KEM_AlgorithmInstance.h"
#include "synth.h"

unsigned long long kem_get_pk_len_bytes(void)
{
	return SYNTH_KEM_PK_BYTES;
}
unsigned long long kem_get_sk_len_bytes(void)
{
	return SYNTH_KEM_SK_BYTES;
}
unsigned long long kem_get_ss_len_bytes(void)
{
	return SYNTH_KEM_SS_BYTES;
}
unsigned long long kem_get_ct_len_bytes(void)
{
	return SYNTH_KEM_CT_BYTES;
}

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	if (synth_fault("keygen"))
		return -3;
	get_random_number(&drng_algorithm, sk, 512);
	pseudoXOF(2048, sk, 512, pk);
	pseudoXOF(2048, sk, 512, sk + 64);
	synth_work(SYNTH_WORK_KEYGEN);
	*pk_len_bytes = SYNTH_KEM_PK_BYTES;
	*sk_len_bytes = SYNTH_KEM_SK_BYTES;
	return 0;
}

/* ss = first 32 bytes of pseudohash(768, pk || m), computed twice (the
 * second is the toy's "confirmation" and fixes the pattern at 2 calls). */
static void synth_kem_secret(const unsigned char *pk, const unsigned char m[32], unsigned char *ss)
{
	unsigned char buf[SYNTH_KEM_PK_BYTES + 32], h[96];

	memcpy(buf, pk, SYNTH_KEM_PK_BYTES);
	memcpy(buf + SYNTH_KEM_PK_BYTES, m, 32);
	pseudohash(768, buf, 8 * sizeof buf, h);
	pseudohash(768, buf, 8 * sizeof buf, h);
	memcpy(ss, h, SYNTH_KEM_SS_BYTES);
	synth_work(SYNTH_WORK_STEP);
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
	    unsigned char *ct, unsigned long long *ct_len_bytes)
{
	unsigned char m[32], k[32];

	if (synth_fault("enc") || pk_len_bytes != SYNTH_KEM_PK_BYTES)
		return -3;
	get_random_number(&drng_algorithm, m, 256);
	pseudoXOF(256, pk, 8 * SYNTH_KEM_PK_BYTES, k);
	for (int i = 0; i < 32; i++)
		ct[i] = m[i] ^ k[i];
	synth_kem_secret(pk, m, ss);
	*ss_len_bytes = SYNTH_KEM_SS_BYTES;
	*ct_len_bytes = SYNTH_KEM_CT_BYTES;
	return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
	    unsigned char *ss, unsigned long long *ss_len_bytes)
{
	unsigned char m[32], k[32], check[32];
	const unsigned char *pk = sk + 64;

	if (synth_fault("dec") || sk_len_bytes != SYNTH_KEM_SK_BYTES || ct_len_bytes != SYNTH_KEM_CT_BYTES)
		return -3;
	pseudoXOF(256, pk, 8 * SYNTH_KEM_PK_BYTES, k);
	for (int i = 0; i < 32; i++)
		m[i] = ct[i] ^ k[i];
	sm3hash(256, ct, 256, check);
	synth_kem_secret(pk, m, ss);
	*ss_len_bytes = SYNTH_KEM_SS_BYTES;
	return 0;
}
