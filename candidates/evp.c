/*
 * evp.c - the built-in hash candidates, all on OpenSSL's EVP (no hash
 * code of our own): SHAKE128 and SHAKE256 as XOFs, SHA3-256, SHA3-512 and
 * BLAKE2b-512 as digests through the counter mode of construct.h
 * (docs/candidates.md gives every output-length mapping).
 *
 * Speed, as schemes/iccs/auxfunc.c: the helpers run up to ~10^5 times an
 * operation, so each thread fetches each algorithm once and keeps one
 * EVP_MD_CTX per candidate, made on its first call and never freed (a
 * destructor would run after OpenSSL's own exit-time cleanup).
 */
#include "candidate.h"

#include <string.h>

#include <openssl/evp.h>

#include "construct.h"

/* The EVP algorithms, by the index of their engine below. */
enum { HP_EVP_SHAKE128, HP_EVP_SHAKE256, HP_EVP_SHA3_256, HP_EVP_SHA3_512, HP_EVP_BLAKE2B_512, HP_EVP_COUNT };

/* OpenSSL's names for them (EVP_MD_fetch). */
static const char *const hp_evp_names[HP_EVP_COUNT] = { "SHAKE128", "SHAKE256", "SHA3-256", "SHA3-512", "BLAKE2B-512" };

struct hp_evp_engine {
	EVP_MD *md;
	EVP_MD_CTX *ctx;
};

static _Thread_local struct hp_evp_engine hp_evp[HP_EVP_COUNT];

/* This thread's engine of algorithm a, made on first use; NULL when
 * OpenSSL cannot fetch the algorithm or allocate its context. */
static struct hp_evp_engine *hp_evp_engine(int a)
{
	struct hp_evp_engine *e = &hp_evp[a];

	if (!e->md)
		e->md = EVP_MD_fetch(NULL, hp_evp_names[a], NULL);
	if (!e->ctx)
		e->ctx = EVP_MD_CTX_new();
	return e->md && e->ctx ? e : NULL;
}

/* ---------- the XOFs: SHAKE(m), its first bytes ---------- */

/* out = the first nbytes of SHAKE(msg); 0 or -3 (-2 without a context). */
static int hp_shake(int a, const unsigned char *msg, size_t len, unsigned char *out, size_t nbytes)
{
	struct hp_evp_engine *e = hp_evp_engine(a);

	if (!e)
		return HP_CAND_NOMEM;
	if (!EVP_DigestInit_ex(e->ctx, e->md, NULL) || !EVP_DigestUpdate(e->ctx, msg, len))
		return HP_CAND_HASH_FAILED;
	/* an empty output: nothing to squeeze (EVP_DigestFinalXOF wants a length) */
	if (nbytes == 0)
		return HP_CAND_OK;
	return EVP_DigestFinalXOF(e->ctx, out, nbytes) ? HP_CAND_OK : HP_CAND_HASH_FAILED;
}

/* pseudoXOF(b, m) = SHAKE(m), the first b bits. */
static int hp_shake_xof(int a, unsigned long long out_bits, const unsigned char *msg, unsigned long long msg_bits,
			unsigned char *out)
{
	const unsigned long long nbytes = out_bits / 8 + (out_bits % 8 != 0);
	size_t len;
	int rc = hp_cand_msg_bytes(msg_bits, &len);

	if (rc == HP_CAND_OK && nbytes > (size_t)-1)
		rc = HP_CAND_BAD_LENGTH;
	if (rc == HP_CAND_OK)
		rc = hp_shake(a, msg, len, out, (size_t)nbytes);
	if (rc == HP_CAND_OK && nbytes)
		hp_cand_mask_tail(out, out_bits);
	return rc;
}

/* pseudohash(L, m) = SHAKE(m), the first L bits, L in {512, 768, 1024};
 * through a buffer, since msg and out may overlap. */
static int hp_shake_hash(int a, int len_bits, const unsigned char *msg, unsigned long long msg_bits, unsigned char *out)
{
	unsigned char tmp[128];
	size_t len;
	int rc;

	if (len_bits != 512 && len_bits != 768 && len_bits != 1024)
		return HP_CAND_BAD_LENGTH;
	if ((rc = hp_cand_msg_bytes(msg_bits, &len)) != HP_CAND_OK)
		return rc;
	rc = hp_shake(a, msg, len, tmp, (size_t)len_bits / 8);
	if (rc == HP_CAND_OK)
		memcpy(out, tmp, (size_t)len_bits / 8);
	return rc;
}

/* ---------- the digests: construct.h's counter mode ---------- */

/* construct.h's digest function over EVP algorithm *(int *)ctx. */
static int hp_evp_digest(void *ctx, const struct hp_cand_piece *pc, size_t n, unsigned char *out)
{
	struct hp_evp_engine *e = hp_evp_engine(*(const int *)ctx);
	int ok;

	if (!e)
		return HP_CAND_NOMEM;
	ok = EVP_DigestInit_ex(e->ctx, e->md, NULL);
	for (size_t i = 0; ok && i < n; i++)
		ok = EVP_DigestUpdate(e->ctx, pc[i].p, pc[i].len);
	return ok && EVP_DigestFinal_ex(e->ctx, out, NULL) ? HP_CAND_OK : HP_CAND_HASH_FAILED;
}

static const int hp_evp_ids[HP_EVP_COUNT] = { HP_EVP_SHAKE128, HP_EVP_SHAKE256, HP_EVP_SHA3_256, HP_EVP_SHA3_512,
					      HP_EVP_BLAKE2B_512 };

/* The digest of algorithm a: its function and size (FIPS 202, RFC 7693). */
#define HP_EVP_DIGEST(a, n)                                                      \
	(struct hp_cand_digest)                                                  \
	{                                                                        \
		.fn = hp_evp_digest, .ctx = (void *)&hp_evp_ids[a], .bytes = (n) \
	}

/* ---------- the candidates' entry points ---------- */

#define HP_EVP_XOF_ENTRIES(tag, a)                                                                                    \
	static int hp_##tag##_xof(unsigned long long out_bits, const unsigned char *msg, unsigned long long msg_bits, \
				  unsigned char *out)                                                                 \
	{                                                                                                             \
		return hp_shake_xof(a, out_bits, msg, msg_bits, out);                                                 \
	}                                                                                                             \
	static int hp_##tag##_hash(int len_bits, const unsigned char *msg, unsigned long long msg_bits,               \
				   unsigned char *out)                                                                \
	{                                                                                                             \
		return hp_shake_hash(a, len_bits, msg, msg_bits, out);                                                \
	}

#define HP_EVP_DIGEST_ENTRIES(tag, a, bytes)                                                                          \
	static int hp_##tag##_xof(unsigned long long out_bits, const unsigned char *msg, unsigned long long msg_bits, \
				  unsigned char *out)                                                                 \
	{                                                                                                             \
		const struct hp_cand_digest d = HP_EVP_DIGEST(a, bytes);                                              \
		return hp_cand_xof(&d, out_bits, msg, msg_bits, out);                                                 \
	}                                                                                                             \
	static int hp_##tag##_hash(int len_bits, const unsigned char *msg, unsigned long long msg_bits,               \
				   unsigned char *out)                                                                \
	{                                                                                                             \
		const struct hp_cand_digest d = HP_EVP_DIGEST(a, bytes);                                              \
		return hp_cand_hash(&d, len_bits, msg, msg_bits, out);                                                \
	}

HP_EVP_XOF_ENTRIES(shake128, HP_EVP_SHAKE128)
HP_EVP_XOF_ENTRIES(shake256, HP_EVP_SHAKE256)
HP_EVP_DIGEST_ENTRIES(sha3_256, HP_EVP_SHA3_256, 32)
HP_EVP_DIGEST_ENTRIES(sha3_512, HP_EVP_SHA3_512, 64)
HP_EVP_DIGEST_ENTRIES(blake2b_512, HP_EVP_BLAKE2B_512, 64)

#define HP_XOF_TEXT(x) "pseudoXOF(b, m) = " x "(m), first b bits; pseudohash(L, m) = " x "(m), first L bits"
#define HP_CTR_TEXT(h)                                                                                           \
	"pseudoXOF(b, m) = " h "(m || BE32(1)) || " h "(m || BE32(2)) || ..., first b bits; pseudohash(L, m) = " \
	"the same"

static const struct hp_builtin_candidate hp_builtins[] = {
	{ HP_CAND_PLACEHOLDER, "the instance's own helpers (ICCS: SM2 KDF on SM3, HMAC-SM3 cascade): an A/A run", 0, 0,
	  NULL, NULL },
	{ "SHAKE128", HP_XOF_TEXT("SHAKE128"), 0, HP_CAND_HELPERS_DEFAULT, hp_shake128_hash, hp_shake128_xof },
	{ "SHAKE256", HP_XOF_TEXT("SHAKE256"), 0, HP_CAND_HELPERS_DEFAULT, hp_shake256_hash, hp_shake256_xof },
	{ "SHA3-256", HP_CTR_TEXT("SHA3-256") " (L > 256: 2 to 4 digests)", 256, HP_CAND_HELPERS_DEFAULT,
	  hp_sha3_256_hash, hp_sha3_256_xof },
	{ "SHA3-512", HP_CTR_TEXT("SHA3-512") " for L > 512, SHA3-512(m) for L = 512", 512, HP_CAND_HELPERS_DEFAULT,
	  hp_sha3_512_hash, hp_sha3_512_xof },
	{ "BLAKE2b-512", HP_CTR_TEXT("BLAKE2b-512") " for L > 512, BLAKE2b-512(m) for L = 512", 512,
	  HP_CAND_HELPERS_DEFAULT, hp_blake2b_512_hash, hp_blake2b_512_xof },
};

const struct hp_builtin_candidate *hp_builtin_candidates(size_t *n)
{
	*n = sizeof hp_builtins / sizeof hp_builtins[0];
	return hp_builtins;
}
