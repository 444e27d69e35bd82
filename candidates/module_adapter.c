/*
 * module_adapter.c - the helpers' stand-ins of a candidate module
 * (module.h), on the CryptHash of an NGCC hash submission with
 * construct.h's mapping.  Compiled by `hashprof build --hash` into every
 * module it makes, with:
 *   HP_CAND_DIGEST_BITS  the submission's DIGEST_BIT_LENGTH (a multiple of
 *                        8, at most 8 x HP_CAND_DIGEST_MAX_BYTES)
 *   HP_CAND_SM3          1 to stand in for sm3hash too (--sm3hash), else 0
 *
 * CryptHash is called as the API_CryptHash KAT program calls it: with
 * digest_len_bits = DIGEST_BIT_LENGTH (an instance has one digest length),
 * the message as one buffer and its length in bits (here always whole
 * bytes: construct.h refuses others), digest_len_bits / 8 bytes out, 0 for
 * success.  The API keeps no state between calls, so each digest of the
 * counter mode is one call over m || BE32(i), assembled in a buffer of
 * this thread's that grows to the longest message seen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "construct.h"

#ifndef HP_CAND_DIGEST_BITS
#error "HP_CAND_DIGEST_BITS (DIGEST_BIT_LENGTH) must be defined"
#endif
#ifndef HP_CAND_SM3
#define HP_CAND_SM3 0
#endif
_Static_assert(HP_CAND_DIGEST_BITS % 8 == 0 && HP_CAND_DIGEST_BITS > 0 &&
		       HP_CAND_DIGEST_BITS / 8 <= HP_CAND_DIGEST_MAX_BYTES,
	       "DIGEST_BIT_LENGTH: whole bytes, at most HP_CAND_DIGEST_MAX_BYTES");

/* The submission's function (CryptHash_AlgorithmInstance.h). */
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

#define HP_EXPORT __attribute__((visibility("default")))

HP_EXPORT int hashprof_candidate_pseudohash(int digest_len_bits, const unsigned char *msg,
					    unsigned long long msg_len_bits, unsigned char *digest);
HP_EXPORT int hashprof_candidate_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
					   unsigned long long msg_len_bits, unsigned char *output);

static _Thread_local unsigned char *hp_buf;
static _Thread_local size_t hp_cap;
/* The last CryptHash failure, one line (hashprof_candidate_error). */
static _Thread_local char hp_error[128];

HP_EXPORT const char *hashprof_candidate_error(void);
HP_EXPORT unsigned hashprof_candidate_digest_written(void);

/* The bits of DIGEST_BIT_LENGTH that CryptHash writes (module.h): two
 * calls on one message, the digest buffer filled with 0x00 then 0xff; a
 * byte it wrote is the same in both, the bytes after the last such one it
 * left alone.  0 when CryptHash fails. */
unsigned hashprof_candidate_digest_written(void)
{
	static const unsigned char msg[3] = { 'a', 'b', 'c' };
	unsigned char a[HP_CAND_DIGEST_BITS / 8], b[HP_CAND_DIGEST_BITS / 8];
	size_t n = sizeof a;

	memset(a, 0x00, sizeof a);
	memset(b, 0xff, sizeof b);
	if (CryptHash(HP_CAND_DIGEST_BITS, msg, 24, a) != 0 || CryptHash(HP_CAND_DIGEST_BITS, msg, 24, b) != 0)
		return 0;
	while (n && a[n - 1] != b[n - 1])
		n--;
	return (unsigned)(8 * n);
}

const char *hashprof_candidate_error(void)
{
	return hp_error;
}

/* construct.h's digest: CryptHash over the pieces, concatenated. */
static int hp_cryptohash(void *ctx, const struct hp_cand_piece *pc, size_t n, unsigned char *out)
{
	size_t total = 0, used = 0;

	(void)ctx;
	for (size_t i = 0; i < n; i++)
		total += pc[i].len;
	if (total + 1 > hp_cap) {
		size_t cap = hp_cap ? hp_cap : 256;
		unsigned char *grown;
		while (cap < total + 1)
			cap *= 2;
		if (!(grown = realloc(hp_buf, cap)))
			return HP_CAND_NOMEM;
		hp_buf = grown;
		hp_cap = cap;
	}
	for (size_t i = 0; i < n; i++) {
		if (pc[i].len)
			memcpy(hp_buf + used, pc[i].p, pc[i].len);
		used += pc[i].len;
	}
	int rc = CryptHash(HP_CAND_DIGEST_BITS, hp_buf, 8ull * total, out);

	if (rc == 0)
		return HP_CAND_OK;
	snprintf(hp_error, sizeof hp_error, "CryptHash returned %d for a %llu-bit input", rc, 8ull * total);
	return HP_CAND_HASH_FAILED;
}

static const struct hp_cand_digest hp_digest = { hp_cryptohash, NULL, HP_CAND_DIGEST_BITS / 8 };

int hashprof_candidate_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
				  unsigned char *digest)
{
	return hp_cand_hash(&hp_digest, digest_len_bits, msg, msg_len_bits, digest);
}

int hashprof_candidate_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
				 unsigned long long msg_len_bits, unsigned char *output)
{
	return hp_cand_xof(&hp_digest, output_len_bits, msg, msg_len_bits, output);
}

#if HP_CAND_SM3
HP_EXPORT int hashprof_candidate_sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
					 unsigned char *digest);

int hashprof_candidate_sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			       unsigned char *digest)
{
	return hp_cand_sm3(&hp_digest, digest_len_bits, msg, msg_len_bits, digest);
}
#endif
