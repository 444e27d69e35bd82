/* SYNTH-SIG: a toy signature with a fixed helper call pattern (../README.md). */
#ifndef SYNTH_SIG_ALGORITHM_INSTANCE_H
#define SYNTH_SIG_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-SIG"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_SIG_PK_BYTES 128 /* pseudoXOF(1024 bits) of the seed */
#define SYNTH_SIG_SK_BYTES 160 /* 32-byte seed || public key */
#define SYNTH_SIG_SN_BYTES 96 /* 32-byte nonce || 64-byte tag */

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
	       unsigned long long *sk_len_bytes);
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes);
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes);

#endif
