/*
 * SYNTH-KEX: toy two-pass exchange (A sends its public key, B answers with
 * a nonce; both hash A's key and the nonce).  Call pattern (README.md):
 *   init_a, init_b: drng 1 (256 bits), pseudoXOF 1 (1024 out, 256 in) each
 *   pass1 (A):      pseudohash 1 (512 out, 1024 in)
 *   pass2 (B):      drng 1 (128 bits), pseudohash 1 (512 out, 1024 in); returns 1 (complete)
 *   derive_a/b:     sm3hash 1 (256 out, 1152 in) each
 *   exchange:       drng 3, pseudoXOF 2, pseudohash 2, sm3hash 2
 */
#include <string.h>

#include "KEX_AlgorithmInstance.h"
#include "synth.h"

ull kex_get_passes_num(void)
{
	return 2;
}
ull kex_get_pk_len_bytes(void)
{
	return SYNTH_KEX_PK_BYTES;
}
ull kex_get_sk_len_bytes(void)
{
	return SYNTH_KEX_SK_BYTES;
}
ull kex_get_sta_len_bytes(void)
{
	return SYNTH_KEX_STA_BYTES;
}
ull kex_get_stb_len_bytes(void)
{
	return SYNTH_KEX_STB_BYTES;
}
ull kex_get_ss_len_bytes(void)
{
	return SYNTH_KEX_SS_BYTES;
}
ull kex_get_total_msg_len_bytes(void)
{
	return SYNTH_KEX_M1_BYTES + SYNTH_KEX_M2_BYTES;
}

static int synth_init(const char *op, u8 *pk, ull *pk_len, u8 *sk, ull *sk_len)
{
	if (synth_fault(op))
		return -3;
	get_random_number(&drng_algorithm, sk, 256);
	pseudoXOF(1024, sk, 256, pk);
	synth_work(SYNTH_WORK_STEP);
	*pk_len = SYNTH_KEX_PK_BYTES;
	*sk_len = SYNTH_KEX_SK_BYTES;
	return 0;
}

/* A keeps its public key in its state: pass1 sends it. */
int kex_init_a(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len)
{
	int rc = synth_init("init_a", pk, pk_len, sk, sk_len);

	memcpy(st, pk, SYNTH_KEX_PK_BYTES);
	*st_len = SYNTH_KEX_STA_BYTES;
	return rc;
}

int kex_init_b(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len)
{
	memset(st, 0, SYNTH_KEX_STB_BYTES);
	*st_len = SYNTH_KEX_STB_BYTES;
	return synth_init("init_b", pk, pk_len, sk, sk_len);
}

/* A: m1 = pk_A; A expects B's confirmation pseudohash(512, m1). */
int kex_generate_pass1_msg_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *sta, ull *sta_len, u8 *m1, ull *m1_len)
{
	(void)ska, (void)ska_len, (void)pkb, (void)pkb_len;
	if (synth_fault("pass1"))
		return -3;
	memcpy(m1, sta, SYNTH_KEX_M1_BYTES);
	pseudohash(512, m1, 8 * SYNTH_KEX_M1_BYTES, sta + SYNTH_KEX_PK_BYTES);
	*sta_len = SYNTH_KEX_STA_BYTES;
	*m1_len = SYNTH_KEX_M1_BYTES;
	synth_work(SYNTH_WORK_STEP);
	return 0;
}

/* B: m2 = nonce || pseudohash(512, m1); the exchange is complete. */
int kex_generate_pass2_msg_b(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *m1, ull m1_len, u8 *stb, ull *stb_len,
			     u8 *m2, ull *m2_len)
{
	(void)skb, (void)skb_len, (void)pka, (void)pka_len;
	if (synth_fault("pass2") || m1_len != SYNTH_KEX_M1_BYTES)
		return -3;
	get_random_number(&drng_algorithm, stb, 128);
	memcpy(m2, stb, SYNTH_KEX_STB_BYTES);
	pseudohash(512, m1, 8 * SYNTH_KEX_M1_BYTES, m2 + SYNTH_KEX_STB_BYTES);
	*stb_len = SYNTH_KEX_STB_BYTES;
	*m2_len = SYNTH_KEX_M2_BYTES;
	synth_work(SYNTH_WORK_STEP);
	return 1;
}

/* This toy has two passes. */
int kex_generate_pass3_msg_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *m2, ull m2_len, u8 *sta, ull *sta_len,
			     u8 *m3, ull *m3_len)
{
	(void)ska, (void)ska_len, (void)pkb, (void)pkb_len, (void)m2, (void)m2_len;
	(void)sta, (void)sta_len, (void)m3, (void)m3_len;
	return -2;
}

/* ss = sm3hash(pk_A || nonce): 144 bytes = 1152 bits in. */
static void synth_secret(const u8 *pk_a, const u8 *nonce, u8 *ss, ull *ss_len)
{
	u8 buf[SYNTH_KEX_PK_BYTES + SYNTH_KEX_STB_BYTES];

	memcpy(buf, pk_a, SYNTH_KEX_PK_BYTES);
	memcpy(buf + SYNTH_KEX_PK_BYTES, nonce, SYNTH_KEX_STB_BYTES);
	sm3hash(256, buf, 8 * sizeof buf, ss);
	*ss_len = SYNTH_KEX_SS_BYTES;
	synth_work(SYNTH_WORK_STEP);
}

int kex_derive_ss_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *mb, ull mb_len, u8 *sta, ull sta_len, u8 *ss,
		    ull *ss_len)
{
	(void)ska, (void)ska_len, (void)pkb, (void)pkb_len, (void)sta_len;
	if (synth_fault("derive_a") || mb_len != SYNTH_KEX_M2_BYTES ||
	    memcmp(mb + SYNTH_KEX_STB_BYTES, sta + SYNTH_KEX_PK_BYTES, 64))
		return -3;
	synth_secret(sta, mb, ss, ss_len);
	return 0;
}

int kex_derive_ss_b(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *ma, ull ma_len, u8 *stb, ull stb_len, u8 *ss,
		    ull *ss_len)
{
	(void)skb, (void)skb_len, (void)pka, (void)pka_len, (void)stb_len;
	if (synth_fault("derive_b") || ma_len != SYNTH_KEX_M1_BYTES)
		return -3;
	synth_secret(ma, stb, ss, ss_len);
	return 0;
}
