/*
 * drng.h - hashprof's own SM3 Hash-DRBG with the ICCS DRNG interface
 * (docs/ngcc-api.md; algorithm: docs/iccs-helpers.md, "The
 * DRNG": NIST SP 800-90A Hash_DRBG shape with SM3, seedlen 440 bits, no
 * nonce, no personalisation string, no reseeding).
 */
#ifndef HP_ICCS_DRNG_H
#define HP_ICCS_DRNG_H

#ifdef __cplusplus
extern "C" {
#endif

/* seedlen = 440 bits = 55 bytes (iccs-helpers.md; ngcc-api.md). */
#define SEEDLEN 55

/* Return codes, as in the ICCS drng.c / ngcc-api.md. */
#define DRNG_SUCCESS 0
#define DRNG_MEMORY_ALLOCATION_FAILED (-2)
#define DRNG_HASH_FAILED (-3)

/* V, C and reseed_counter: SEEDLEN-byte big-endian integers. */
typedef struct {
	unsigned char V[SEEDLEN], C[SEEDLEN], reseed_counter[SEEDLEN];
} DRNG_ctx;

/*
 * init_random_number - instantiate: V = df(seed), C = df(0x00 || V),
 * reseed_counter = 1, where df(x) is the first 55 bytes of
 * SM3(0x01 || BE32(440) || x) || SM3(0x02 || BE32(440) || x).
 *   seed            seed_len_bytes bytes (a length in BYTES, unlike the
 *                   hash helpers); may be NULL when 0.
 * Returns 0, -2 (OpenSSL context allocation) or -3 (SM3 failed); on error
 * the context is left zeroed.
 */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes);

/*
 * get_random_number - generate out_len_bits BITS into ceil(out_len_bits/8)
 * bytes of out: SM3(V) || SM3(V+1) || ... (mod 2^440), truncated; when
 * out_len_bits % 8 != 0 the last byte keeps only its out_len_bits % 8 most
 * significant bits.  Then V = V + SM3(0x03 || V) + C + reseed_counter
 * (mod 2^440) and reseed_counter += 1 -- also when out_len_bits is 0.
 * Returns 0, -2 or -3 (state unchanged on error).
 */
int get_random_number(DRNG_ctx *drng, unsigned char *out, unsigned long long out_len_bits);

#ifdef __cplusplus
}
#endif

#endif
