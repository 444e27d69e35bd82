/*
 * GROUND-TRUTH: keygen makes D calls of sm3hash on 512-bit inputs,
 * separated by GT_WORK_ROUNDS rounds of non-helper work (D from
 * $HASHPROF_GT_CALLS).  Built twice: GROUND-TRUTH with the wrap shims and
 * GROUND-TRUTH-PLAIN without them, so that the true share can be measured
 * with no instrumentation at all: time of D helper calls alone on the same
 * inputs / time of an uninstrumented keygen (tests/test_groundtruth.c).
 * sign and verify are trivial.
 */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "auxfunc.h"

volatile unsigned long long gt_sink;
volatile int gt_skip_helper;

unsigned long long sig_get_pk_len_bytes(void) { return GT_KEY_BYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return GT_KEY_BYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return GT_SN_BYTES; }

unsigned gt_calls(void)
{
	const char *env = getenv("HASHPROF_GT_CALLS");
	unsigned long v = env ? strtoul(env, NULL, 10) : 0;

	return v ? (unsigned)v : GT_DEFAULT_CALLS;
}

void gt_input(unsigned i, unsigned char msg[GT_MSG_BYTES])
{
	for (unsigned k = 0; k < GT_MSG_BYTES; k++)
		msg[k] = (unsigned char)(i * 31 + k);
}

static void gt_work(unsigned long long *x)
{
	for (unsigned r = 0; r < GT_WORK_ROUNDS; r++) {
		*x ^= *x << 13;
		*x ^= *x >> 7;
		*x ^= *x << 17;
	}
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
	       unsigned char *sk, unsigned long long *sk_len_bytes)
{
	unsigned char msg[GT_MSG_BYTES], digest[32] = { 0 };
	unsigned long long x = 0x9e3779b97f4a7c15ull;
	unsigned d = gt_calls();
	int skip = gt_skip_helper;

	for (unsigned i = 0; i < d; i++) {
		gt_input(i, msg);
		/* a chain work -> helper -> work: neither can overlap the other,
		 * so "time in the helper" means the same thing with and without
		 * instrumentation */
		msg[0] ^= (unsigned char)x;
		if (!skip)
			sm3hash(256, msg, 8 * GT_MSG_BYTES, digest);
		x += digest[0];
		gt_work(&x);
	}
	gt_sink = x;
	memcpy(pk, digest, GT_KEY_BYTES);
	memcpy(sk, digest, GT_KEY_BYTES);
	*pk_len_bytes = *sk_len_bytes = GT_KEY_BYTES;
	return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes,
	     unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	(void)sk_len_bytes, (void)m, (void)m_len_bytes;
	memcpy(sn, sk, GT_SN_BYTES);
	*sn_len_bytes = GT_SN_BYTES;
	return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes,
	       unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	(void)pk_len_bytes, (void)m, (void)m_len_bytes;
	return sn_len_bytes == GT_SN_BYTES && !memcmp(pk, sn, GT_SN_BYTES) ? 0 : -1;
}
