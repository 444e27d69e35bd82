/*
 * candidate.h - a hash candidate: what computes pseudohash and pseudoXOF
 * (and, when it says so, sm3hash) in place of the ICCS placeholder in a
 * `hashprof INSTANCE --hash=CANDIDATE` run (docs/candidates.md).
 *
 * The functions have the helpers' signatures and return codes
 * (ngcc-api.md): lengths in bits, 0 ok, -2 allocation failure, -3 hash
 * failure, -4 unsupported length.  A candidate is one of
 *   - the built-ins of candidates/evp.c, on OpenSSL's EVP (SHAKE128,
 *     SHAKE256, SHA3-256, SHA3-512, BLAKE2b-512), and `placeholder`, the
 *     instance's own helpers (an A/A comparison: the same code twice);
 *   - a module built by `hashprof build --hash DIR` from an NGCC hash
 *     submission (CryptHash, API_CryptHash), found and loaded by
 *     drivers/candidates.c.
 */
#ifndef HP_CANDIDATE_H
#define HP_CANDIDATE_H

#include <stddef.h>

#include "hp_wrap.h"

/* The helpers' signatures (ngcc-api.md): pseudohash and sm3hash ... */
typedef int hp_cand_hash_fn(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			    unsigned char *digest);
/* ... and pseudoXOF. */
typedef int hp_cand_xof_fn(unsigned long long output_len_bits, const unsigned char *msg,
			   unsigned long long msg_len_bits, unsigned char *output);

/* What a candidate stands in for: HP_TAPE_BIT(enum hp_fn) bits.  Every
 * candidate takes pseudohash and pseudoXOF; sm3hash stays SM3 unless the
 * candidate's helpers say otherwise. */
#define HP_CAND_HELPERS_DEFAULT (HP_TAPE_BIT(HP_FN_XOF) | HP_TAPE_BIT(HP_FN_PSEUDOHASH))
#define HP_CAND_HELPERS_ALL (HP_CAND_HELPERS_DEFAULT | HP_TAPE_BIT(HP_FN_SM3))

/* The name of the placeholder as a candidate. */
#define HP_CAND_PLACEHOLDER "placeholder"

/* One built-in candidate (candidates/evp.c). */
struct hp_builtin_candidate {
	const char *name; /* "SHAKE256", ...; HP_CAND_PLACEHOLDER */
	const char *construction; /* one line: how it computes pseudoXOF and pseudohash */
	unsigned digest_bits; /* its digest (0: an XOF, or the placeholder) */
	unsigned helpers; /* HP_CAND_HELPERS_DEFAULT; 0 for the placeholder (the instance's own) */
	hp_cand_hash_fn *pseudohash; /* NULL for the placeholder */
	hp_cand_xof_fn *pseudoXOF;
};

/* The built-ins, in the order `hashprof list --hashes` prints them
 * (placeholder first); *n gets how many. */
const struct hp_builtin_candidate *hp_builtin_candidates(size_t *n);

#endif
