/*
 * drng.c - SM3 Hash-DRBG (iccs-helpers.md, "The DRNG"), SM3 from OpenSSL
 * through auxfunc.c's internal iccs_sm3_pieces() (not a wrapped ICCS name,
 * so the DRNG's own hashing is never counted as sm3hash calls).
 */
#include "drng.h"

#include <string.h>

#include "auxfunc.h"

/* SM3 output: 256 bits = 32 bytes (GB/T 32905-2016). */
#define OUTLEN ICCS_SM3_BYTES
/* seedlen in bits, 440 (iccs-helpers.md), hashed as BE32 inside df. */
#define SEEDLEN_BITS (8u * SEEDLEN)

/* Hash_df (iccs-helpers.md): out = first SEEDLEN bytes of
 * SM3(0x01 || BE32(440) || x) || SM3(0x02 || BE32(440) || x), where x is
 * the concatenation of the n <= 2 pieces. */
static int df(const struct iccs_piece *x, size_t n, unsigned char out[SEEDLEN])
{
	unsigned char hdr[5] = { 0x01, (unsigned char)(SEEDLEN_BITS >> 24), (unsigned char)(SEEDLEN_BITS >> 16),
				 (unsigned char)(SEEDLEN_BITS >> 8), (unsigned char)SEEDLEN_BITS };
	unsigned char buf[2 * OUTLEN];
	struct iccs_piece pc[3] = { { hdr, sizeof hdr } };
	int rc;

	memcpy(pc + 1, x, n * sizeof *x);
	rc = iccs_sm3_pieces(pc, n + 1, buf);
	hdr[0] = 0x02;
	if (rc == DRNG_SUCCESS)
		rc = iccs_sm3_pieces(pc, n + 1, buf + OUTLEN);
	if (rc == DRNG_SUCCESS)
		memcpy(out, buf, SEEDLEN);
	return rc;
}

/* x = (x + 1) mod 2^440, big-endian. */
static void inc_be(unsigned char x[SEEDLEN])
{
	for (size_t i = SEEDLEN; i-- > 0;)
		if (++x[i] != 0)
			break;
}

/* V = (V + H + C + reseed_counter) mod 2^440, all big-endian; H is the
 * 32-byte SM3 output read as an integer (right-aligned). */
static void add_state(unsigned char V[SEEDLEN], const unsigned char H[OUTLEN], const unsigned char C[SEEDLEN],
		      const unsigned char rc[SEEDLEN])
{
	unsigned carry = 0;

	for (size_t i = 0; i < SEEDLEN; i++) {
		const size_t k = SEEDLEN - 1 - i;
		carry += (unsigned)V[k] + C[k] + rc[k] + (i < OUTLEN ? H[OUTLEN - 1 - i] : 0u);
		V[k] = (unsigned char)carry;
		carry >>= 8;
	}
}

int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	static const unsigned char zero = 0x00;
	unsigned char V[SEEDLEN], C[SEEDLEN];
	const struct iccs_piece s = { seed, (size_t)seed_len_bytes };
	int rc;

	memset(drng, 0, sizeof *drng);
	rc = df(&s, 1, V); /* V = df(seed) */
	if (rc == DRNG_SUCCESS)
		rc = df((struct iccs_piece[]){ { &zero, 1 }, { V, SEEDLEN } }, 2, C); /* C = df(0x00 || V) */
	if (rc != DRNG_SUCCESS)
		return rc;
	memcpy(drng->V, V, SEEDLEN);
	memcpy(drng->C, C, SEEDLEN);
	drng->reseed_counter[SEEDLEN - 1] = 1; /* reseed_counter = 1 */
	return DRNG_SUCCESS;
}

/* The output: SM3(V) || SM3(V + 1) || ..., ceil(bits/8) bytes, last byte
 * masked to its bits % 8 top bits. */
static int generate(const DRNG_ctx *drng, unsigned char *out, unsigned long long bits)
{
	const unsigned long long nbytes = bits / 8 + (bits % 8 != 0);
	unsigned char data[SEEDLEN], w[OUTLEN];
	const struct iccs_piece pc = { data, SEEDLEN };
	int rc = DRNG_SUCCESS;

	memcpy(data, drng->V, SEEDLEN);
	for (unsigned long long off = 0; off < nbytes && rc == DRNG_SUCCESS; off += OUTLEN) {
		const unsigned long long take = nbytes - off < OUTLEN ? nbytes - off : OUTLEN;

		rc = iccs_sm3_pieces(&pc, 1, take == OUTLEN ? out + off : w);
		if (rc == DRNG_SUCCESS && take != OUTLEN)
			memcpy(out + off, w, (size_t)take);
		inc_be(data); /* data += 1 */
	}
	if (rc == DRNG_SUCCESS && bits % 8 != 0)
		out[nbytes - 1] &= (unsigned char)(0xff00u >> (bits % 8));
	return rc;
}

int get_random_number(DRNG_ctx *drng, unsigned char *out, unsigned long long out_len_bits)
{
	static const unsigned char three = 0x03;
	unsigned char H[OUTLEN];
	int rc = generate(drng, out, out_len_bits);

	if (rc == DRNG_SUCCESS) /* H = SM3(0x03 || V) */
		rc = iccs_sm3_pieces((struct iccs_piece[]){ { &three, 1 }, { drng->V, SEEDLEN } }, 2, H);
	if (rc != DRNG_SUCCESS)
		return rc;
	add_state(drng->V, H, drng->C, drng->reseed_counter); /* V += H + C + reseed_counter */
	inc_be(drng->reseed_counter); /* reseed_counter += 1 */
	return DRNG_SUCCESS;
}
