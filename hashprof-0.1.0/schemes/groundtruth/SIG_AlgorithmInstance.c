/*
 * GROUND-TRUTH: keygen makes D calls of sm3hash on 512-bit inputs,
 * separated by GT_WORK_ROUNDS rounds of non-helper work (D from
 * $HASHPROF_GT_CALLS).
 *
 * The non-helper work is straight-line code (fully unrolled: no branch
 * of its own), so that the helper cannot slow it down.  Otherwise "the
 * share of time in the helper" has two values: with the work as plain
 * loops, each helper call also costs the code after it about 30 TSC ticks
 * (on our VMs: the loops' exits, predicted when only the work runs, are
 * mispredicted after the helper's branches have rewritten the branch
 * history), which no timing around the helper can see -- the shares any
 * wrapper measures then sit 0.5-0.9 pp below the share the operation
 * would save.  HASHPROF_GT_WORK=loops selects that looped variant, which
 * `make bench` uses to show this indirect cost.
 *
 * HASHPROF_GT_WORK=short does GT_SHORT_ROUNDS rounds instead (straight-line
 * too): the helper then takes about 93% of keygen, the density of the
 * hash-based signatures (SPHINCS+ sign: 96%, 10^5 calls), where the
 * shims' own cost is a few percent of the total and the correction
 * matters most.
 *
 * Built twice: GROUND-TRUTH with the wrap shims and GROUND-TRUTH-PLAIN
 * without them, so that the true share can be measured with no
 * instrumentation at all (tests/test_groundtruth.c).  sign and verify are
 * trivial.
 */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "auxfunc.h"

volatile unsigned long long gt_sink;
volatile int gt_skip_helper;

unsigned long long sig_get_pk_len_bytes(void)
{
	return GT_KEY_BYTES;
}
unsigned long long sig_get_sk_len_bytes(void)
{
	return GT_KEY_BYTES;
}
unsigned long long sig_get_sn_len_bytes(void)
{
	return GT_SN_BYTES;
}

unsigned gt_calls(void)
{
	const char *env = getenv("HASHPROF_GT_CALLS");
	unsigned long v = env ? strtoul(env, NULL, 10) : 0;

	return v ? (unsigned)v : GT_DEFAULT_CALLS;
}

void gt_input(unsigned i, unsigned char msg[GT_MSG_BYTES])
{
#pragma GCC unroll 64
	for (unsigned k = 0; k < GT_MSG_BYTES; k++)
		msg[k] = (unsigned char)(i * 31 + k);
}

/* One xorshift round: three dependent shift-xors, no branch. */
static inline unsigned long long gt_round(unsigned long long v)
{
	v ^= v << 13;
	v ^= v >> 7;
	return v ^ (v << 17);
}

/* GT_WORK_ROUNDS xorshift rounds: one dependency chain, no branch. */
static void gt_work(unsigned long long *x)
{
	unsigned long long v = *x;

#pragma GCC unroll 400
	for (unsigned r = 0; r < GT_WORK_ROUNDS; r++) {
		v = gt_round(v);
	}
	*x = v;
}

/* GT_SHORT_ROUNDS of the same rounds (HASHPROF_GT_WORK=short). */
static void gt_work_short(unsigned long long *x)
{
	unsigned long long v = *x;

#pragma GCC unroll 64
	for (unsigned r = 0; r < GT_SHORT_ROUNDS; r++) {
		v = gt_round(v);
	}
	*x = v;
}

/* The same rounds as a loop, and the input as a loop (HASHPROF_GT_WORK=loops). */
__attribute__((optimize("no-unroll-loops"))) static void gt_work_loop(unsigned long long *x)
{
	unsigned long long v = *x;

#pragma GCC unroll 1
	for (unsigned r = 0; r < GT_WORK_ROUNDS; r++) {
		v = gt_round(v);
	}
	*x = v;
}

__attribute__((optimize("no-tree-vectorize"))) static void gt_input_loop(unsigned i, unsigned char msg[GT_MSG_BYTES])
{
#pragma GCC unroll 1
	for (unsigned k = 0; k < GT_MSG_BYTES; k++)
		msg[k] = (unsigned char)(i * 31 + k);
}

enum gt_work_kind { GT_LINE, GT_LOOPS, GT_SHORT };

/* $HASHPROF_GT_WORK: loops, short, else the straight-line default. */
static enum gt_work_kind gt_work_kind(void)
{
	const char *env = getenv("HASHPROF_GT_WORK");

	if (env && !strcmp(env, "loops"))
		return GT_LOOPS;
	if (env && !strcmp(env, "short"))
		return GT_SHORT;
	return GT_LINE;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes)
{
	unsigned char msg[GT_MSG_BYTES], digest[32] = { 0 };
	unsigned long long x = 0x9e3779b97f4a7c15ull;
	unsigned d = gt_calls();
	int skip = gt_skip_helper;
	enum gt_work_kind kind = gt_work_kind();

	for (unsigned i = 0; i < d; i++) {
		if (kind == GT_LOOPS)
			gt_input_loop(i, msg);
		else
			gt_input(i, msg);
		/* a chain work -> helper -> work: neither can overlap the other,
		 * so "time in the helper" means the same thing with and without
		 * instrumentation */
		msg[0] ^= (unsigned char)x;
		if (!skip)
			sm3hash(256, msg, 8 * GT_MSG_BYTES, digest);
		x += digest[0];
		if (kind == GT_LINE)
			gt_work(&x);
		else if (kind == GT_SHORT)
			gt_work_short(&x);
		else
			gt_work_loop(&x);
	}
	gt_sink = x;
	memcpy(pk, digest, GT_KEY_BYTES);
	memcpy(sk, digest, GT_KEY_BYTES);
	*pk_len_bytes = *sk_len_bytes = GT_KEY_BYTES;
	return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes)
{
	(void)sk_len_bytes, (void)m, (void)m_len_bytes;
	memcpy(sn, sk, GT_SN_BYTES);
	*sn_len_bytes = GT_SN_BYTES;
	return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes)
{
	(void)pk_len_bytes, (void)m, (void)m_len_bytes;
	return sn_len_bytes == GT_SN_BYTES && !memcmp(pk, sn, GT_SN_BYTES) ? 0 : -1;
}
