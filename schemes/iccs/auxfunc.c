/*
 * auxfunc.c - sm3hash, pseudohash and pseudoXOF as specified in
 * docs/iccs-helpers.md, on top of OpenSSL's SM3 (GB/T 32905-2016).
 * No SM3 code of our own: every digest goes through an EVP_MD_CTX.
 *
 * Speed: the helpers run ~10^5 times per operation of hash-based schemes,
 * so each thread keeps its OpenSSL contexts (created on its first call):
 * a work context, and the two HMAC-SM3 key states SM3-after-(K xor ipad)
 * and SM3-after-(K xor opad), copied with EVP_MD_CTX_copy_ex instead of
 * hashing the 64-byte key block again for every HMAC.  Our code allocates
 * nothing per call (OpenSSL may, inside its own EVP calls).  The contexts
 * are never freed: a destructor would run after OpenSSL's own atexit
 * cleanup at process exit, so a few hundred bytes per thread are left to
 * the OS.
 */
#include "auxfunc.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/opensslv.h>

/* SM3 message block: 512 bits = 64 bytes (GB/T 32905-2016, 5.3); it is
 * also the HMAC block size (iccs-helpers.md: "with a 64-byte block"). */
#define SM3_BLOCK_BYTES 64
/* HMAC pads, GB/T 15852.2 / iccs-helpers.md "pseudohash". */
#define HMAC_IPAD 0x36
#define HMAC_OPAD 0x5c
/* pseudoXOF counter is 32 bits (BE32(ct), GB/T 32918.4-2016, 5.4.3). */
#define XOF_MAX_BLOCKS 0xffffffffULL

struct sm3_engine {
	int ready;
	const EVP_MD *md;
	EVP_MD_CTX *work; /* scratch: one digest at a time */
	EVP_MD_CTX *hmac_in; /* SM3 state after absorbing K xor ipad */
	EVP_MD_CTX *hmac_out; /* SM3 state after absorbing K xor opad */
};

static _Thread_local struct sm3_engine eng;

/* SM3, fetched once per thread on OpenSSL 3 (EVP_sm3() would make every
 * EVP_DigestInit_ex do an implicit provider fetch). */
static const EVP_MD *sm3_md(void)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
	return EVP_MD_fetch(NULL, "SM3", NULL);
#else
	return EVP_sm3();
#endif
}

/* out = SM3(prefix state || pieces); prefix NULL = empty prefix.
 * Returns 0 or ICCS_HASH_FAILED. */
static int sm3_run(struct sm3_engine *e, const EVP_MD_CTX *prefix, const struct iccs_piece *pc, size_t n,
		   unsigned char *out)
{
	int ok = prefix != NULL ? EVP_MD_CTX_copy_ex(e->work, prefix) : EVP_DigestInit_ex(e->work, e->md, NULL);

	for (size_t i = 0; ok && i < n; i++)
		ok = EVP_DigestUpdate(e->work, pc[i].p, pc[i].len);
	ok = ok && EVP_DigestFinal_ex(e->work, out, NULL);
	return ok ? ICCS_SUCCESS : ICCS_HASH_FAILED;
}

/* ctx = SM3 state after absorbing (key xor pad), one 64-byte block. */
static int absorb_padded_key(struct sm3_engine *e, EVP_MD_CTX *ctx, const unsigned char key[SM3_BLOCK_BYTES],
			     unsigned char pad)
{
	unsigned char block[SM3_BLOCK_BYTES];

	for (size_t i = 0; i < sizeof block; i++)
		block[i] = (unsigned char)(key[i] ^ pad);
	return EVP_DigestInit_ex(ctx, e->md, NULL) && EVP_DigestUpdate(ctx, block, sizeof block) ? ICCS_SUCCESS
												 : ICCS_HASH_FAILED;
}

/* The pseudohash HMAC key K = SM3("3.14159265358979") ||
 * SM3("2.71828182845904"), ASCII without terminator (iccs-helpers.md
 * "pseudohash"), absorbed into hmac_in / hmac_out. */
static int engine_keys(struct sm3_engine *e)
{
	static const char pi[] = "3.14159265358979", eu[] = "2.71828182845904";
	const struct iccs_piece p1 = { (const unsigned char *)pi, sizeof pi - 1 };
	const struct iccs_piece p2 = { (const unsigned char *)eu, sizeof eu - 1 };
	unsigned char key[SM3_BLOCK_BYTES];
	int rc = sm3_run(e, NULL, &p1, 1, key);

	if (rc == ICCS_SUCCESS)
		rc = sm3_run(e, NULL, &p2, 1, key + ICCS_SM3_BYTES);
	if (rc == ICCS_SUCCESS)
		rc = absorb_padded_key(e, e->hmac_in, key, HMAC_IPAD);
	if (rc == ICCS_SUCCESS)
		rc = absorb_padded_key(e, e->hmac_out, key, HMAC_OPAD);
	return rc;
}

/* This thread's engine, set up on first use.  Returns 0, -2 or -3. */
static int engine(struct sm3_engine **out)
{
	struct sm3_engine *e = &eng;

	*out = e;
	if (e->ready)
		return ICCS_SUCCESS;
	if (e->md == NULL && (e->md = sm3_md()) == NULL)
		return ICCS_HASH_FAILED;
	if (e->work == NULL)
		e->work = EVP_MD_CTX_new();
	if (e->hmac_in == NULL)
		e->hmac_in = EVP_MD_CTX_new();
	if (e->hmac_out == NULL)
		e->hmac_out = EVP_MD_CTX_new();
	if (e->work == NULL || e->hmac_in == NULL || e->hmac_out == NULL)
		return ICCS_MEMORY_ALLOCATION_FAILED;
	if (engine_keys(e) != ICCS_SUCCESS)
		return ICCS_HASH_FAILED;
	e->ready = 1;
	return ICCS_SUCCESS;
}

int iccs_sm3_pieces(const struct iccs_piece *pieces, size_t n, unsigned char out[ICCS_SM3_BYTES])
{
	struct sm3_engine *e;
	int rc = engine(&e);

	return rc != ICCS_SUCCESS ? rc : sm3_run(e, NULL, pieces, n, out);
}

/* HMAC-SM3 with the fixed key K (GB/T 15852.2; iccs-helpers.md):
 * mac = SM3((K xor opad) || SM3((K xor ipad) || pieces)), 32 bytes. */
static int hmac_sm3(struct sm3_engine *e, const struct iccs_piece *pc, size_t n, unsigned char mac[ICCS_SM3_BYTES])
{
	unsigned char inner[ICCS_SM3_BYTES];
	const struct iccs_piece in = { inner, sizeof inner };
	int rc = sm3_run(e, e->hmac_in, pc, n, inner);

	return rc != ICCS_SUCCESS ? rc : sm3_run(e, e->hmac_out, &in, 1, mac);
}

/* Message length in bits -> bytes; -4 unless a whole number of bytes
 * (see auxfunc.h: non-aligned messages are not supported). */
static int msg_bytes(unsigned long long msg_len_bits, size_t *bytes)
{
	if (msg_len_bits % 8 != 0)
		return ICCS_INVALID_DIGESTBITLEN;
#if SIZE_MAX < ULLONG_MAX
	if (msg_len_bits / 8 > SIZE_MAX)
		return ICCS_INVALID_DIGESTBITLEN;
#endif
	*bytes = (size_t)(msg_len_bits / 8);
	return ICCS_SUCCESS;
}

int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	struct iccs_piece pc = { msg, 0 };
	int rc;

	if (digest_len_bits != 8 * ICCS_SM3_BYTES)
		return ICCS_INVALID_DIGESTBITLEN;
	rc = msg_bytes(msg_len_bits, &pc.len);
	return rc != ICCS_SUCCESS ? rc : iccs_sm3_pieces(&pc, 1, digest);
}

/* 768/1024 tail (iccs-helpers.md): h = h1 || h2 || h3 [|| h4], 32 bytes
 * each; k2 = HMAC(h1), h3 = SM3(h2 || k2); for 1024 also k3 = HMAC(h2),
 * k4 = HMAC(h3), h4 = SM3(k3 || h3 || k4). */
static int pseudohash_tail(struct sm3_engine *e, unsigned nh, unsigned char *h)
{
	unsigned char *h1 = h, *h2 = h + 32, *h3 = h + 64, *h4 = h + 96;
	unsigned char k2[ICCS_SM3_BYTES], k3[ICCS_SM3_BYTES], k4[ICCS_SM3_BYTES];
	int rc = hmac_sm3(e, &(struct iccs_piece){ h1, 32 }, 1, k2);

	if (rc == ICCS_SUCCESS)
		rc = sm3_run(e, NULL, (struct iccs_piece[]){ { h2, 32 }, { k2, 32 } }, 2, h3);
	if (nh < 4 || rc != ICCS_SUCCESS)
		return rc;
	rc = hmac_sm3(e, &(struct iccs_piece){ h2, 32 }, 1, k3);
	if (rc == ICCS_SUCCESS)
		rc = hmac_sm3(e, &(struct iccs_piece){ h3, 32 }, 1, k4);
	if (rc == ICCS_SUCCESS)
		rc = sm3_run(e, NULL, (struct iccs_piece[]){ { k3, 32 }, { h3, 32 }, { k4, 32 } }, 3, h4);
	return rc;
}

int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	/* nh = digest_len_bits / 256 blocks; domain byte t = 0x02/0x03/0x04
	 * for 512/768/1024 (iccs-helpers.md), i.e. t = nh. */
	const unsigned nh = (unsigned)digest_len_bits / 256;
	const unsigned char t0[2] = { (unsigned char)nh, 0x00 };
	unsigned char k1[ICCS_SM3_BYTES], h[4 * ICCS_SM3_BYTES];
	struct sm3_engine *e;
	size_t len;
	int rc;

	if (digest_len_bits != 512 && digest_len_bits != 768 && digest_len_bits != 1024)
		return ICCS_INVALID_DIGESTBITLEN;
	if ((rc = msg_bytes(msg_len_bits, &len)) != ICCS_SUCCESS || (rc = engine(&e)) != ICCS_SUCCESS)
		return rc;
	/* k1 = HMAC(t || 0x00 || msg); h1 = SM3(msg || t || 0x00);
	 * h2 = SM3(k1 || h1). */
	rc = hmac_sm3(e, (struct iccs_piece[]){ { t0, 2 }, { msg, len } }, 2, k1);
	if (rc == ICCS_SUCCESS)
		rc = sm3_run(e, NULL, (struct iccs_piece[]){ { msg, len }, { t0, 2 } }, 2, h);
	if (rc == ICCS_SUCCESS)
		rc = sm3_run(e, NULL, (struct iccs_piece[]){ { k1, 32 }, { h, 32 } }, 2, h + 32);
	if (rc == ICCS_SUCCESS && nh > 2)
		rc = pseudohash_tail(e, nh, h);
	if (rc == ICCS_SUCCESS)
		memcpy(digest, h, (size_t)nh * ICCS_SM3_BYTES);
	return rc;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output)
{
	const unsigned long long nbytes = output_len_bits / 8 + (output_len_bits % 8 != 0);
	const unsigned long long nblocks = output_len_bits / 256 + (output_len_bits % 256 != 0);
	unsigned char tmp[ICCS_SM3_BYTES], be[4];
	struct iccs_piece pc[2] = { { msg, 0 }, { be, sizeof be } };
	struct sm3_engine *e;
	int rc;

	if (nblocks > XOF_MAX_BLOCKS)
		return ICCS_INVALID_DIGESTBITLEN;
	if ((rc = msg_bytes(msg_len_bits, &pc[0].len)) != ICCS_SUCCESS || (rc = engine(&e)) != ICCS_SUCCESS)
		return rc;
	for (unsigned long long i = 0; i < nblocks && rc == ICCS_SUCCESS; i++) {
		const unsigned long long ct = i + 1, off = i * ICCS_SM3_BYTES;
		const unsigned long long take = nbytes - off < ICCS_SM3_BYTES ? nbytes - off : ICCS_SM3_BYTES;

		be[0] = (unsigned char)(ct >> 24);
		be[1] = (unsigned char)(ct >> 16);
		be[2] = (unsigned char)(ct >> 8);
		be[3] = (unsigned char)ct;
		rc = sm3_run(e, NULL, pc, 2, take == ICCS_SM3_BYTES ? output + off : tmp);
		if (rc == ICCS_SUCCESS && take != ICCS_SM3_BYTES)
			memcpy(output + off, tmp, (size_t)take);
	}
	/* Keep the output_len_bits % 8 top bits of the last byte (iccs-helpers.md). */
	if (rc == ICCS_SUCCESS && output_len_bits % 8 != 0)
		output[nbytes - 1] &= (unsigned char)(0xff00u >> (output_len_bits % 8));
	return rc;
}
