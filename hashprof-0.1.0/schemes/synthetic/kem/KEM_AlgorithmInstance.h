/* SYNTH-KEM: a toy KEM with a fixed helper call pattern (../README.md). */
#ifndef SYNTH_KEM_ALGORITHM_INSTANCE_H
#define SYNTH_KEM_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "SYNTH-KEM"
#define OUTPUT_BLANK_TEST_VECTORS 0

#define SYNTH_KEM_PK_BYTES 256 /* pseudoXOF(2048 bits) of the seed */
#define SYNTH_KEM_SK_BYTES 320 /* 64-byte seed || public key */
#define SYNTH_KEM_CT_BYTES 32
#define SYNTH_KEM_SS_BYTES 32

unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
	       unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
	    unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
	    unsigned char *ss, unsigned long long *ss_len_bytes);

#endif
