/* SYNTH-REJECT: a toy signature with rejection sampling, whose helper
 * calls per operation are a documented function of the DRNG stream
 * (../README.md, "Rejection sampling"). */
#ifndef SYNTH_REJECT_ALGORITHM_INSTANCE_H
#define SYNTH_REJECT_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-REJECT"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_REJECT_PK_BYTES 64 /* pseudoXOF(512 bits) of the accepted draw */
#define SYNTH_REJECT_SK_BYTES 96 /* the accepted 32-byte draw || public key */
#define SYNTH_REJECT_SN_BYTES 96 /* the accepted 32-byte draw || 64-byte tag */

/* A keygen draw is accepted when its first byte is below this (1 in 4);
 * a sign draw when its first byte is below SYNTH_REJECT_SIGN_BELOW (1 in 2). */
#define SYNTH_REJECT_KEYGEN_BELOW 64
#define SYNTH_REJECT_SIGN_BELOW 128
/* synth_work rounds per operation: little, so that 1000 operations take
 * milliseconds (the tests run several such rows) */
#define SYNTH_REJECT_WORK 2000u

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
