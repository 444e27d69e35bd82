/* GROUND-TRUTH: an instance whose true hash share is known (README.md). */
#ifndef GT_ALGORITHM_INSTANCE_H
#define GT_ALGORITHM_INSTANCE_H

#ifndef ALGORITHM_INSTANCE
#define ALGORITHM_INSTANCE "GROUND-TRUTH"
#endif
#define OUTPUT_BLANK_TEST_VECTORS 0

#define GT_KEY_BYTES 32
#define GT_SN_BYTES 32
#define GT_DEFAULT_CALLS 1000u /* helper calls per keygen without HASHPROF_GT_CALLS */
#define GT_WORK_ROUNDS 400u /* xorshift rounds between two helper calls */
#define GT_SHORT_ROUNDS 20u /* the same with HASHPROF_GT_WORK=short */
#define GT_MSG_BYTES 64 /* each sm3hash call hashes 512 bits */

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
	       unsigned long long *sk_len_bytes);
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes);
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes);

/* The exact helper input keygen uses, for timing the helper alone:
 * call i hashes gt_input(i) (GT_MSG_BYTES bytes). */
void gt_input(unsigned i, unsigned char msg[GT_MSG_BYTES]);

/* Set by the ground-truth test: keygen skips its helper calls and does
 * only the rest of its work (the operation as if the helper were free). */
extern volatile int gt_skip_helper;

/* Helper calls per keygen: $HASHPROF_GT_CALLS, else GT_DEFAULT_CALLS. */
unsigned gt_calls(void);

#endif
