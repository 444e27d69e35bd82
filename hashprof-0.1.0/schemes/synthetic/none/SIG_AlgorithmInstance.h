/* SYNTH-NONE: a toy signature that defines and calls none of the ICCS
 * helpers, like the packages that ship their own SHAKE/AES (ngcc-api.md,
 * "Known pitfalls"); hashprof must say it saw nothing, not print 0.0%. */
#ifndef SYNTH_NONE_ALGORITHM_INSTANCE_H
#define SYNTH_NONE_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-NONE"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_NONE_KEY_BYTES 32
#define SYNTH_NONE_SN_BYTES 8

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
