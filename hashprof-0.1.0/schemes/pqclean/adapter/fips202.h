/*
 * fips202.h - PQClean's FIPS 202 API (SHAKE128/256, SHA3-256/512) served by
 * the ICCS helpers pseudoXOF / sm3hash / pseudohash, so that unmodified
 * PQClean scheme sources make their symmetric calls through the helpers the
 * way NGCC submissions do.  This header replaces PQClean's common/fips202.h:
 * the include path puts schemes/pqclean/adapter/ before PQClean's common/.
 *
 * The mapping (schemes/pqclean/README.md, "Mapping"; it fixes the helper
 * call counts):
 *   shake128/shake256(out, outlen, in, inlen)  one pseudoXOF(8*outlen bits)
 *   sha3_256(out, in, inlen)                   one sm3hash(256)
 *   sha3_512(out, in, inlen)                   one pseudohash(512)
 *   absorb / inc_absorb                        no helper call: the bytes are
 *                                              buffered in the context
 *   squeezes of one context                    served from ONE stream,
 *                                              pseudoXOF(buffered message);
 *                                              the first squeeze computes
 *                                              exactly the bytes it needs,
 *                                              a squeeze past the computed
 *                                              prefix recomputes the stream
 *                                              at max(needed, 2 x computed)
 *                                              bytes (one call; pseudoXOF is
 *                                              prefix-consistent)
 * SHAKE128 and SHAKE256 both become pseudoXOF (ICCS offers one XOF).
 *
 * Every length argument of this API is in BYTES (PQClean's convention); the
 * helpers take BITS and the adapter multiplies by 8.  The functions return
 * nothing, as in PQClean: a helper error (allocation failure -2, hash
 * failure -3, unsupported length -4) or a misuse of a context (absorbing
 * after finalize, squeezing before it) prints a message on stderr and
 * aborts, because PQClean has no way to receive an error and a silently
 * wrong stream would make wrong keys.
 *
 * Contexts own heap memory from the first absorb on; PQClean releases every
 * context it creates with *_ctx_release (which frees it).
 *
 * The names are macros for hp_iccs_* symbols: a PQClean file that were
 * compiled against PQClean's own fips202.h would reference the plain names,
 * which no object defines, and the instance would fail to link
 * (-no-undefined) instead of silently hashing with a different layout.
 */
#ifndef HP_PQCLEAN_ADAPTER_FIPS202_H
#define HP_PQCLEAN_ADAPTER_FIPS202_H
/* PQClean's own guard: its common/fips202.h, if ever reached after this
 * file, becomes empty instead of redefining the context types. */
#ifndef FIPS202_H
#define FIPS202_H
#endif

#include <stddef.h>
#include <stdint.h>

/* Sponge rates in bytes, as in FIPS 202; PQClean sizes its buffers with
 * them and *_squeezeblocks counts in blocks of these sizes. */
#define SHAKE128_RATE 168
#define SHAKE256_RATE 136
#define SHA3_256_RATE 136
#define SHA3_384_RATE 104
#define SHA3_512_RATE 72

/* The state shared by every XOF context: the absorbed message and the
 * computed prefix of its pseudoXOF stream.  Fields are private to
 * fips202_iccs.c. */
typedef struct {
	uint8_t *msg; /* absorbed bytes (heap; NULL while none) */
	size_t msg_len; /* bytes absorbed */
	size_t msg_cap; /* bytes allocated at msg */
	uint8_t *stream; /* pseudoXOF(msg) prefix (heap; NULL while none) */
	size_t stream_len; /* bytes computed at stream */
	size_t pos; /* bytes already squeezed out */
	int finalized; /* 1 once absorbing is over */
} hp_iccs_xof;

typedef struct {
	hp_iccs_xof x;
} shake128ctx; /* non-incremental */
typedef struct {
	hp_iccs_xof x;
} shake128incctx; /* incremental */
typedef struct {
	hp_iccs_xof x;
} shake256ctx;
typedef struct {
	hp_iccs_xof x;
} shake256incctx;

#define shake128_absorb hp_iccs_shake128_absorb
#define shake128_squeezeblocks hp_iccs_shake128_squeezeblocks
#define shake128_ctx_release hp_iccs_shake128_ctx_release
#define shake128_inc_init hp_iccs_shake128_inc_init
#define shake128_inc_absorb hp_iccs_shake128_inc_absorb
#define shake128_inc_finalize hp_iccs_shake128_inc_finalize
#define shake128_inc_squeeze hp_iccs_shake128_inc_squeeze
#define shake128_inc_ctx_release hp_iccs_shake128_inc_ctx_release
#define shake256_absorb hp_iccs_shake256_absorb
#define shake256_squeezeblocks hp_iccs_shake256_squeezeblocks
#define shake256_ctx_release hp_iccs_shake256_ctx_release
#define shake256_inc_init hp_iccs_shake256_inc_init
#define shake256_inc_absorb hp_iccs_shake256_inc_absorb
#define shake256_inc_finalize hp_iccs_shake256_inc_finalize
#define shake256_inc_squeeze hp_iccs_shake256_inc_squeeze
#define shake256_inc_ctx_release hp_iccs_shake256_inc_ctx_release
#define shake128 hp_iccs_shake128
#define shake256 hp_iccs_shake256
#define sha3_256 hp_iccs_sha3_256
#define sha3_512 hp_iccs_sha3_512

/*
 * shake128_absorb / shake256_absorb - start a non-incremental context and
 * absorb inlen BYTES of input (copied; input may be reused at once).  No
 * helper call.  The state needs no prior initialisation; call
 * *_ctx_release when done.
 */
void shake128_absorb(shake128ctx *state, const uint8_t *input, size_t inlen);
void shake256_absorb(shake256ctx *state, const uint8_t *input, size_t inlen);

/*
 * shake128_squeezeblocks / shake256_squeezeblocks - write the next
 * nblocks * SHAKE128_RATE (168) / SHAKE256_RATE (136) BYTES of the stream to
 * output.  At most one pseudoXOF call (see the mapping above).
 */
void shake128_squeezeblocks(uint8_t *output, size_t nblocks, shake128ctx *state);
void shake256_squeezeblocks(uint8_t *output, size_t nblocks, shake256ctx *state);

/* *_ctx_release - free the context's memory; it may then be absorbed into
 * again (non-incremental) or re-initialised (incremental). */
void shake128_ctx_release(shake128ctx *state);
void shake256_ctx_release(shake256ctx *state);

/*
 * Incremental API: *_inc_init starts an empty context; *_inc_absorb appends
 * inlen BYTES (copied; input may be NULL when inlen is 0) and may be called
 * any number of times before *_inc_finalize; *_inc_squeeze writes the next
 * outlen BYTES of the stream and may be called any number of times after
 * finalize (at most one pseudoXOF call each); *_inc_ctx_release frees.
 */
void shake128_inc_init(shake128incctx *state);
void shake128_inc_absorb(shake128incctx *state, const uint8_t *input, size_t inlen);
void shake128_inc_finalize(shake128incctx *state);
void shake128_inc_squeeze(uint8_t *output, size_t outlen, shake128incctx *state);
void shake128_inc_ctx_release(shake128incctx *state);

void shake256_inc_init(shake256incctx *state);
void shake256_inc_absorb(shake256incctx *state, const uint8_t *input, size_t inlen);
void shake256_inc_finalize(shake256incctx *state);
void shake256_inc_squeeze(uint8_t *output, size_t outlen, shake256incctx *state);
void shake256_inc_ctx_release(shake256incctx *state);

/*
 * shake128 / shake256 - one-shot XOF: output (outlen BYTES) =
 * pseudoXOF(8*outlen bits, input, 8*inlen bits).  Exactly one pseudoXOF
 * call.  output may overlap input (PQClean's ML-DSA keygen hashes in place).
 */
void shake128(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen);
void shake256(uint8_t *output, size_t outlen, const uint8_t *input, size_t inlen);

/*
 * sha3_256 - output[32] = sm3hash(256, input, 8*inlen bits); one call.
 * sha3_512 - output[64] = pseudohash(512, input, 8*inlen bits); one call.
 * output may overlap input (PQClean's ML-KEM hashes in place).
 */
void sha3_256(uint8_t *output, const uint8_t *input, size_t inlen);
void sha3_512(uint8_t *output, const uint8_t *input, size_t inlen);

#endif
