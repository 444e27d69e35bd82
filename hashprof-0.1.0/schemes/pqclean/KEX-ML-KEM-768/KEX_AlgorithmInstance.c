/*
 * KEX_AlgorithmInstance.c - KEX-ML-KEM-768: the NGCC key-exchange API
 * (ngcc_api.h) as a two-pass exchange over PQClean's ML-KEM-768.  The
 * protocol, the state layouts and the error codes are described in
 * KEX_AlgorithmInstance.h.  This file makes no helper call itself: all of
 * them come from the ML-KEM-768 keygen, encaps and decaps it calls.
 */
#include "KEX_AlgorithmInstance.h"

#include <string.h>

#include "api.h"

#define HP_PK PQCLEAN_MLKEM768_CLEAN_CRYPTO_PUBLICKEYBYTES /* 1184 */
#define HP_SK PQCLEAN_MLKEM768_CLEAN_CRYPTO_SECRETKEYBYTES /* 2400 */
#define HP_CT PQCLEAN_MLKEM768_CLEAN_CRYPTO_CIPHERTEXTBYTES /* 1088 */
#define HP_SS PQCLEAN_MLKEM768_CLEAN_CRYPTO_BYTES /* 32 */
/* Offset of ek inside dk (FIPS 203: dk_PKE || ek || H(ek) || z, with
 * H(ek) and z 32 bytes each). */
#define HP_EK_IN_DK (HP_SK - HP_PK - 2 * 32)

/* Phase bytes: sta[0] for A, stb[0] for B. */
enum { HP_A_INIT = 0xa1, HP_A_SENT = 0xa2, HP_B_INIT = 0xb1, HP_B_DONE = 0xb2 };
#define HP_STA_LEN 1u
#define HP_STB_LEN (1u + HP_SS)

unsigned long long kex_get_passes_num(void)
{
	return 2;
}

/* Bound for both parties' public keys (A's is 1184 bytes, B's is empty). */
unsigned long long kex_get_pk_len_bytes(void)
{
	return HP_PK;
}

/* Bound for both parties' secret keys (A's is 2400 bytes, B's is empty). */
unsigned long long kex_get_sk_len_bytes(void)
{
	return HP_SK;
}

unsigned long long kex_get_sta_len_bytes(void)
{
	return HP_STA_LEN;
}

unsigned long long kex_get_stb_len_bytes(void)
{
	return HP_STB_LEN;
}

unsigned long long kex_get_ss_len_bytes(void)
{
	return HP_SS;
}

/* m1 (ek, 1184 bytes) + m2 (ct, 1088 bytes). */
unsigned long long kex_get_total_msg_len_bytes(void)
{
	return HP_PK + HP_CT;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
	       unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes)
{
	if (PQCLEAN_MLKEM768_CLEAN_crypto_kem_keypair(pka, ska) != 0)
		return HP_NGCC_ERR_SCHEME;
	*pka_len_bytes = HP_PK;
	*ska_len_bytes = HP_SK;
	sta[0] = HP_A_INIT;
	*sta_len_bytes = HP_STA_LEN;
	return 0;
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
	       unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes)
{
	(void)pkb;
	(void)skb;
	*pkb_len_bytes = 0;
	*skb_len_bytes = 0;
	memset(stb, 0, HP_STB_LEN);
	stb[0] = HP_B_INIT;
	*stb_len_bytes = HP_STB_LEN;
	return 0;
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
			     unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
			     unsigned char *m1, unsigned long long *m1_len_bytes)
{
	(void)pkb;
	(void)pkb_len_bytes;
	if (ska_len_bytes != HP_SK)
		return HP_NGCC_ERR_LENGTH;
	if (*sta_len_bytes != HP_STA_LEN || sta[0] != HP_A_INIT)
		return HP_NGCC_ERR_STATE;
	memcpy(m1, ska + HP_EK_IN_DK, HP_PK);
	*m1_len_bytes = HP_PK;
	sta[0] = HP_A_SENT;
	return 0;
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
			     unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
			     unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
			     unsigned long long *m2_len_bytes)
{
	(void)skb;
	(void)skb_len_bytes;
	(void)pka;
	(void)pka_len_bytes;
	if (m1_len_bytes != HP_PK)
		return HP_NGCC_ERR_LENGTH;
	if (*stb_len_bytes != HP_STB_LEN || stb[0] != HP_B_INIT)
		return HP_NGCC_ERR_STATE;
	if (PQCLEAN_MLKEM768_CLEAN_crypto_kem_enc(m2, stb + 1, m1) != 0)
		return HP_NGCC_ERR_SCHEME;
	*m2_len_bytes = HP_CT;
	stb[0] = HP_B_DONE;
	return 1;
}

int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
			     unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
			     unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
			     unsigned long long *m3_len_bytes)
{
	(void)ska;
	(void)ska_len_bytes;
	(void)pkb;
	(void)pkb_len_bytes;
	(void)m2;
	(void)m2_len_bytes;
	(void)sta;
	(void)sta_len_bytes;
	(void)m3;
	(void)m3_len_bytes;
	return HP_NGCC_ERR_STATE;
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
		    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
		    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
		    unsigned long long *ssa_len_bytes)
{
	(void)pkb;
	(void)pkb_len_bytes;
	if (ska_len_bytes != HP_SK || mb_len_bytes != HP_CT)
		return HP_NGCC_ERR_LENGTH;
	if (sta_len_bytes != HP_STA_LEN || sta[0] != HP_A_SENT)
		return HP_NGCC_ERR_STATE;
	if (PQCLEAN_MLKEM768_CLEAN_crypto_kem_dec(ssa, mb, ska) != 0)
		return HP_NGCC_ERR_SCHEME;
	*ssa_len_bytes = HP_SS;
	return 0;
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
		    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
		    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
		    unsigned long long *ssb_len_bytes)
{
	(void)skb;
	(void)skb_len_bytes;
	(void)pka;
	(void)pka_len_bytes;
	(void)ma;
	(void)ma_len_bytes;
	if (stb_len_bytes != HP_STB_LEN || stb[0] != HP_B_DONE)
		return HP_NGCC_ERR_STATE;
	memcpy(ssb, stb + 1, HP_SS);
	*ssb_len_bytes = HP_SS;
	return 0;
}
