/* SYNTH-RESEED: a toy signature that re-seeds a private DRNG in every
 * signature, like real submissions that use the DRNG as their XOF
 * (../README.md). */
#ifndef SYNTH_RESEED_ALGORITHM_INSTANCE_H
#define SYNTH_RESEED_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-RESEED"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_RESEED_PK_BYTES 32
#define SYNTH_RESEED_SK_BYTES 32
#define SYNTH_RESEED_SN_BYTES 64

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
