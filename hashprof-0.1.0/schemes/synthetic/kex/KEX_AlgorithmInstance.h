/* SYNTH-KEX: a toy two-pass key exchange with a fixed helper call pattern (../README.md). */
#ifndef SYNTH_KEX_ALGORITHM_INSTANCE_H
#define SYNTH_KEX_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-KEX"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_KEX_PK_BYTES 128
#define SYNTH_KEX_SK_BYTES 32
#define SYNTH_KEX_STA_BYTES 192 /* pk_A || expected confirmation */
#define SYNTH_KEX_STB_BYTES 16 /* B's nonce */
#define SYNTH_KEX_SS_BYTES 32
#define SYNTH_KEX_M1_BYTES 128 /* A's public key */
#define SYNTH_KEX_M2_BYTES 80 /* 16-byte nonce || 64-byte confirmation */

typedef unsigned char u8;
typedef unsigned long long ull;

ull kex_get_passes_num(void);
ull kex_get_pk_len_bytes(void);
ull kex_get_sk_len_bytes(void);
ull kex_get_sta_len_bytes(void);
ull kex_get_stb_len_bytes(void);
ull kex_get_ss_len_bytes(void);
ull kex_get_total_msg_len_bytes(void);
int kex_init_a(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len);
int kex_init_b(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len);
int kex_generate_pass1_msg_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *sta, ull *sta_len, u8 *m1, ull *m1_len);
int kex_generate_pass2_msg_b(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *m1, ull m1_len, u8 *stb, ull *stb_len,
			     u8 *m2, ull *m2_len);
int kex_generate_pass3_msg_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *m2, ull m2_len, u8 *sta, ull *sta_len,
			     u8 *m3, ull *m3_len);
int kex_derive_ss_a(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *mb, ull mb_len, u8 *sta, ull sta_len, u8 *ss,
		    ull *ss_len);
int kex_derive_ss_b(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *ma, ull ma_len, u8 *stb, ull stb_len, u8 *ss,
		    ull *ss_len);

#endif
