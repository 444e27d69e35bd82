/*
 * auxfunc.h - hashprof's own implementation of the ICCS hash helpers
 * (sm3hash, pseudohash, pseudoXOF) that every NGCC public-key submission
 * must use.  Signatures and return codes are those of the ICCS auxfunc.h
 * (docs/ngcc-api.md, "Randomness and hashing the scheme must use");
 * the constructions are those of docs/iccs-helpers.md.  SM3
 * (GB/T 32905-2016) itself comes from OpenSSL's libcrypto.
 *
 * Units: every *_bits argument is a length in BITS, as in the ICCS API.
 * Buffers are byte arrays; a bit length L occupies ceil(L/8) bytes, most
 * significant bit first.
 *
 * Non-byte-aligned messages (msg_len_bits % 8 != 0) are REJECTED with
 * ICCS_INVALID_DIGESTBITLEN (-4).  The ICCS code hashes such a message as a
 * true bit string (SM3 padding placed right after bit msg_len_bits, length
 * field = msg_len_bits, concatenations done bit by bit); the byte-oriented
 * OpenSSL SM3 API cannot express that length field, so this implementation
 * does not pretend to (see schemes/iccs/README.md for the evidence).
 * Non-byte-aligned OUTPUT lengths are supported exactly.
 *
 * Thread safety: each thread lazily gets its own OpenSSL contexts; no call
 * allocates after the first one in a thread.
 */
#ifndef HP_ICCS_AUXFUNC_H
#define HP_ICCS_AUXFUNC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes (ngcc-api.md: 0 ok, -2 allocation failure, -3 hash
 * failure, -4 unsupported digest length). */
#define ICCS_SUCCESS 0
#define ICCS_MEMORY_ALLOCATION_FAILED (-2)
#define ICCS_HASH_FAILED (-3)
#define ICCS_INVALID_DIGESTBITLEN (-4)

/* SM3 digest size: 256 bits = 32 bytes (GB/T 32905-2016). */
#define ICCS_SM3_BYTES 32

/*
 * sm3hash - digest = SM3(msg)  (iccs-helpers.md "sm3hash").
 *   digest_len_bits  must be 256, else -4.
 *   msg              ceil(msg_len_bits/8) bytes (may be NULL when 0).
 *   msg_len_bits     message length in bits; must be a multiple of 8, else -4.
 *   digest           32 bytes out.
 * Returns 0, -2 (OpenSSL context allocation), -3 (SM3 failed) or -4.
 */
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

/*
 * pseudohash - the HMAC-SM3 cascade of iccs-helpers.md "pseudohash".
 *   digest_len_bits  512, 768 or 1024 (else -4); digest gets
 *                    digest_len_bits/8 = 64, 96 or 128 bytes.
 *   msg, msg_len_bits as for sm3hash (multiple of 8, else -4).
 * msg and digest may overlap.  Returns 0, -2, -3 or -4.
 */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);

/*
 * pseudoXOF - the SM2 KDF (GB/T 32918.4-2016, 5.4.3):
 *   output = SM3(msg || BE32(1)) || SM3(msg || BE32(2)) || ...
 *   output_len_bits  any value; output gets ceil(output_len_bits/8) bytes and,
 *                    when output_len_bits % 8 != 0, the last byte keeps only
 *                    its output_len_bits % 8 most significant bits (the others
 *                    are 0).  0 writes nothing.  More than (2^32-1)*256 bits
 *                    (32-bit counter exhausted) returns -4.
 *   msg, msg_len_bits as for sm3hash (multiple of 8, else -4).
 * Prefix-consistent: fewer bits give a prefix of more bits.
 * output must not overlap msg.  Returns 0, -2, -3 or -4.
 */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output);

/*
 * Internal to schemes/iccs (used by drng.c; not an ICCS name, so never
 * rerouted by -Wl,--wrap): out = SM3(p[0] || p[1] || ... || p[n-1]),
 * n <= 4 pieces of byte strings.  Returns 0, -2 or -3.
 */
struct iccs_piece {
	const unsigned char *p;
	size_t len; /* bytes */
};
int iccs_sm3_pieces(const struct iccs_piece *pieces, size_t n, unsigned char out[ICCS_SM3_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
