/*
 * fips202_iccs.c - PQClean's fips202.h API on top of the ICCS helpers.
 * The mapping and its consequences for call counts are documented in
 * fips202.h and schemes/pqclean/README.md.
 *
 * This file is a separate object from the helpers (schemes/iccs/), so every
 * helper call made here crosses an object boundary and is rerouted through
 * the -Wl,--wrap shims: each one is seen and counted.
 */
#include "fips202.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"

/* Print what failed and abort: PQClean's void API cannot carry an error. */
static _Noreturn void hp_iccs_fatal(const char *what, int rc)
{
	fprintf(stderr, "hashprof PQClean adapter: %s (code %d)\n", what, rc);
	abort();
}

/* Bytes to bits, refusing lengths whose bit count does not fit. */
static unsigned long long hp_bits(size_t bytes)
{
	if (bytes > (size_t)(~0ull / 8u))
		hp_iccs_fatal("length too large for a bit count", -4);
	return 8ull * (unsigned long long)bytes;
}

/* 1 when the byte ranges [a, a+alen) and [b, b+blen) intersect. */
static int hp_overlap(const void *a, size_t alen, const void *b, size_t blen)
{
	uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;

	if (alen == 0 || blen == 0)
		return 0;
	return pa < pb + blen && pb < pa + alen;
}

/* The helpers' message for an empty input: a valid pointer, 0 bits. */
static const uint8_t hp_empty[1];

/*
 * A private copy of the input when it overlaps the output (the helpers
 * differ on whether overlap is allowed; copying keeps every case right).
 * Returns input itself when there is no overlap; *copy gets what to free.
 */
static const uint8_t *hp_input(const uint8_t *input, size_t inlen, const void *output, size_t outlen, uint8_t **copy)
{
	*copy = NULL;
	if (inlen == 0)
		return hp_empty;
	if (!hp_overlap(input, inlen, output, outlen))
		return input;
	*copy = malloc(inlen);
	if (!*copy)
		hp_iccs_fatal("out of memory copying an overlapping input", -2);
	memcpy(*copy, input, inlen);
	return *copy;
}

/* ---- the shared XOF context -------------------------------------------- */

static void xof_init(hp_iccs_xof *x)
{
	memset(x, 0, sizeof *x);
}

static void xof_absorb(hp_iccs_xof *x, const uint8_t *in, size_t inlen)
{
	if (x->finalized)
		hp_iccs_fatal("absorb after finalize", -1);
	if (inlen == 0)
		return;
	if (inlen > SIZE_MAX - x->msg_len)
		hp_iccs_fatal("absorbed message too long", -2);
	if (x->msg_len + inlen > x->msg_cap) {
		size_t cap = x->msg_cap ? x->msg_cap : 64;
		while (cap < x->msg_len + inlen)
			cap = cap > SIZE_MAX / 2 ? x->msg_len + inlen : 2 * cap;
		uint8_t *m = realloc(x->msg, cap);
		if (!m)
			hp_iccs_fatal("out of memory absorbing", -2);
		x->msg = m;
		x->msg_cap = cap;
	}
	memcpy(x->msg + x->msg_len, in, inlen);
	x->msg_len += inlen;
}

static void xof_finalize(hp_iccs_xof *x)
{
	x->finalized = 1;
}

/*
 * Serve outlen bytes from the stream.  When they lie beyond the computed
 * prefix, recompute the stream once at max(needed, 2 * computed) bytes
 * (the first computation is exactly the needed length).
 */
static void xof_squeeze(hp_iccs_xof *x, uint8_t *out, size_t outlen)
{
	if (!x->finalized)
		hp_iccs_fatal("squeeze before finalize", -1);
	if (outlen > SIZE_MAX - x->pos)
		hp_iccs_fatal("squeezed stream too long", -4);
	size_t need = x->pos + outlen;
	if (need > x->stream_len) {
		size_t len = need;
		if (x->stream_len > 0 && x->stream_len <= SIZE_MAX / 2 && 2 * x->stream_len > need)
			len = 2 * x->stream_len;
		uint8_t *s = realloc(x->stream, len);
		if (!s)
			hp_iccs_fatal("out of memory squeezing", -2);
		x->stream = s;
		int rc = pseudoXOF(hp_bits(len), x->msg_len ? x->msg : hp_empty, hp_bits(x->msg_len), x->stream);
		if (rc != 0)
			hp_iccs_fatal("pseudoXOF failed", rc);
		x->stream_len = len;
	}
	if (outlen)
		memcpy(out, x->stream + x->pos, outlen);
	x->pos = need;
}

static void xof_release(hp_iccs_xof *x)
{
	free(x->msg);
	free(x->stream);
	memset(x, 0, sizeof *x);
}

/* ---- PQClean's API ------------------------------------------------------ */

void shake128_absorb(shake128ctx *state, const uint8_t *input, size_t inlen)
{
	xof_init(&state->x);
	xof_absorb(&state->x, input, inlen);
	xof_finalize(&state->x);
}

void shake256_absorb(shake256ctx *state, const uint8_t *input, size_t inlen)
{
	xof_init(&state->x);
	xof_absorb(&state->x, input, inlen);
	xof_finalize(&state->x);
}

void shake128_squeezeblocks(uint8_t *output, size_t nblocks, shake128ctx *state)
{
	if (nblocks > SIZE_MAX / SHAKE128_RATE)
		hp_iccs_fatal("too many blocks", -4);
	xof_squeeze(&state->x, output, nblocks * SHAKE128_RATE);
}

void shake256_squeezeblocks(uint8_t *output, size_t nblocks, shake256ctx *state)
{
	if (nblocks > SIZE_MAX / SHAKE256_RATE)
		hp_iccs_fatal("too many blocks", -4);
	xof_squeeze(&state->x, output, nblocks * SHAKE256_RATE);
}

void shake128_ctx_release(shake128ctx *state)
{
	xof_release(&state->x);
}

void shake256_ctx_release(shake256ctx *state)
{
	xof_release(&state->x);
}

void shake128_inc_init(shake128incctx *state)
{
	xof_init(&state->x);
}

void shake128_inc_absorb(shake128incctx *state, const uint8_t *input, size_t inlen)
{
	xof_absorb(&state->x, input, inlen);
}

void shake128_inc_finalize(shake128incctx *state)
{
	xof_finalize(&state->x);
}

void shake128_inc_squeeze(uint8_t *output, size_t outlen, shake128incctx *state)
{
	xof_squeeze(&state->x, output, outlen);
}

void shake128_inc_ctx_release(shake128incctx *state)
{
	xof_release(&state->x);
}

void shake256_inc_init(shake256incctx *state)
{
	xof_init(&state->x);
}

void shake256_inc_absorb(shake256incctx *state, const uint8_t *input, size_t inlen)
{
	xof_absorb(&state->x, input, inlen);
}

void shake256_inc_finalize(shake256incctx *state)
{
	xof_finalize(&state->x);
}

void shake256_inc_squeeze(uint8_t *output, size_t outlen, shake256incctx *state)
{
	xof_squeeze(&state->x, output, outlen);
}

void shake256_inc_ctx_release(shake256incctx *state)
{
	xof_release(&state->x);
}

/* One pseudoXOF call of 8*outlen bits over 8*inlen bits. */
static void xof_oneshot(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen)
{
	uint8_t *copy;
	const uint8_t *in = hp_input(input, inlen, output, outlen, &copy);
	int rc = pseudoXOF(hp_bits(outlen), in, hp_bits(inlen), output);

	free(copy);
	if (rc != 0)
		hp_iccs_fatal("pseudoXOF failed", rc);
}

void shake128(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen)
{
	xof_oneshot(output, outlen, input, inlen);
}

void shake256(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen)
{
	xof_oneshot(output, outlen, input, inlen);
}

void sha3_256(uint8_t *output, const uint8_t *input, size_t inlen)
{
	uint8_t *copy;
	const uint8_t *in = hp_input(input, inlen, output, 32, &copy);
	int rc = sm3hash(256, in, hp_bits(inlen), output);

	free(copy);
	if (rc != 0)
		hp_iccs_fatal("sm3hash failed", rc);
}

void sha3_512(uint8_t *output, const uint8_t *input, size_t inlen)
{
	uint8_t *copy;
	const uint8_t *in = hp_input(input, inlen, output, 64, &copy);
	int rc = pseudohash(512, in, hp_bits(inlen), output);

	free(copy);
	if (rc != 0)
		hp_iccs_fatal("pseudohash failed", rc);
}
