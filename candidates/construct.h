/*
 * construct.h - how a fixed-length digest stands in for the placeholder
 * helpers pseudoXOF and pseudohash (docs/candidates.md,
 * "Output lengths").  One implementation for every digest candidate:
 * SHA3-256, SHA3-512 and BLAKE2b-512 from OpenSSL (candidates/evp.c) and
 * the CryptHash of an NGCC hash submission (candidates/module_adapter.c,
 * compiled into every module `hashprof build --hash` makes).  It holds
 * no hash code: H is the caller's.
 *
 * With H a digest of d bits (d = 8 * bytes):
 *   pseudoXOF(b, m)  = H(m || BE32(1)) || H(m || BE32(2)) || ..., the first
 *                      b bits: ceil(b/d) digests, the ICCS placeholder's
 *                      counter mode (the SM2 KDF) with H in place of SM3,
 *                      so the stream stays prefix-consistent as
 *                      pseudoXOF's must be;
 *   pseudohash(L, m) = H(m), its first L bits, when L <= d; else the first
 *                      L bits of that counter-mode stream.
 * Lengths are bits, as in the ICCS API.  A message whose length is not a
 * whole number of bytes is refused with -4, as hashprof's placeholder
 * refuses it (schemes/iccs/README.md).  An output length that is not a
 * multiple of 8 keeps the top out_bits % 8 bits of the last byte, the
 * others 0.  Return codes are the ICCS ones: 0, -2 allocation failure,
 * -3 hash failure, -4 unsupported length.
 */
#ifndef HP_CONSTRUCT_H
#define HP_CONSTRUCT_H

#include <stddef.h>

/* The ICCS return codes (ngcc-api.md). */
#define HP_CAND_OK 0
#define HP_CAND_NOMEM (-2)
#define HP_CAND_HASH_FAILED (-3)
#define HP_CAND_BAD_LENGTH (-4)

/* The largest digest a candidate may have: 1024 bytes (8192 bits), far
 * above the 256..1280-bit digests of the hash track's instances. */
#define HP_CAND_DIGEST_MAX_BYTES 1024u

/* One piece of a message: len bytes at p. */
struct hp_cand_piece {
	const unsigned char *p;
	size_t len; /* bytes */
};

/*
 * A digest: fn(ctx, pieces, n, out) writes H(pieces[0] || ... ||
 * pieces[n-1]), `bytes` bytes, into out, n <= 2, and returns 0 or a
 * negative ICCS code.
 */
struct hp_cand_digest {
	int (*fn)(void *ctx, const struct hp_cand_piece *pieces, size_t n, unsigned char *out);
	void *ctx;
	size_t bytes; /* digest bytes, 1..HP_CAND_DIGEST_MAX_BYTES */
};

/* pseudoXOF with the digest d: out gets ceil(out_bits/8) bytes.  Returns
 * 0, or the digest's code, or -4 (message not whole bytes; more than
 * 2^32 - 1 digests). */
int hp_cand_xof(const struct hp_cand_digest *d, unsigned long long out_bits, const unsigned char *msg,
		unsigned long long msg_bits, unsigned char *out);

/* pseudohash with the digest d: len_bits 512, 768 or 1024 (else -4), out
 * gets len_bits / 8 bytes.  Returns 0, the digest's code, or -4. */
int hp_cand_hash(const struct hp_cand_digest *d, int len_bits, const unsigned char *msg, unsigned long long msg_bits,
		 unsigned char *out);

/* sm3hash with the digest d: len_bits must be 256 (else -4), out gets 32
 * bytes: the first 256 bits of H(m) when d >= 256 bits, else of the
 * counter-mode stream, as pseudohash's mapping.  Returns 0, the digest's
 * code, or -4. */
int hp_cand_sm3(const struct hp_cand_digest *d, int len_bits, const unsigned char *msg, unsigned long long msg_bits,
		unsigned char *out);

/* Message bits to bytes: 0 with *bytes set, or -4 when msg_bits is not a
 * multiple of 8 (or does not fit a size_t). */
int hp_cand_msg_bytes(unsigned long long msg_bits, size_t *bytes);

/* Keep the top out_bits % 8 bits of the last of the ceil(out_bits/8)
 * bytes of out (nothing when out_bits is a multiple of 8). */
void hp_cand_mask_tail(unsigned char *out, unsigned long long out_bits);

#endif
