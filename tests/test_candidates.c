/*
 * test_candidates.c - the hash candidates (candidates/):
 *
 *   - every built-in's pseudoXOF and pseudohash against its documented
 *     construction (docs/candidates.md), recomputed here from OpenSSL's
 *     one-shot EVP_Digest / EVP_DigestFinalXOF: SHAKE's first bytes,
 *     the counter mode H(m || BE32(i)) of the digests, a single digest for
 *     pseudohash(d); prefix consistency, the masked last byte of an
 *     output that is not whole bytes, -4 for a message that is not whole
 *     bytes and for a pseudohash length other than 512/768/1024, an input
 *     that overlaps the output; a digest of no length refused before
 *     anything is divided by it;
 *   - the swap module (candidates/swap.h) really takes an instance's
 *     calls: loaded RTLD_GLOBAL before SYNTH-SIG, with SHAKE256 in its
 *     table, SYNTH-SIG's keygen makes pk = pseudoXOF(1024, sk[0..32))
 *     (schemes/synthetic/README.md) = SHAKE256(sk[0..32]), and the
 *     module counts the 4 pseudoXOF calls of a keygen; with the
 *     instance's own helper back in the table, pk is the placeholder's.
 *
 * Exact bytes and counts only: nothing here is timed.
 */
#include <check.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "candidate.h"
#include "construct.h"
#include "swap.h"

#ifndef HP_SWAP_MODULE_PATH
#error "HP_SWAP_MODULE_PATH (the build tree's hashprof-swap.so) must be defined"
#endif
#ifndef HP_SYNTH_SIG_PATH
#error "HP_SYNTH_SIG_PATH (the build tree's synth-sig.so) must be defined"
#endif

static const struct hp_builtin_candidate *cand(const char *name)
{
	size_t n;
	const struct hp_builtin_candidate *b = hp_builtin_candidates(&n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(b[i].name, name))
			return &b[i];
	ck_abort_msg("no built-in %s", name);
	return NULL;
}

/* A message of n bytes: byte i = (7 i + 3) mod 256. */
static void fill(unsigned char *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		m[i] = (unsigned char)(7 * i + 3);
}

/* SHAKE (OpenSSL name) of m, outlen bytes, one shot. */
static void shake(const char *alg, const unsigned char *m, size_t n, unsigned char *out, size_t outlen)
{
	EVP_MD *md = EVP_MD_fetch(NULL, alg, NULL);
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	ck_assert(md && c);
	ck_assert(EVP_DigestInit_ex(c, md, NULL) && EVP_DigestUpdate(c, m, n) && EVP_DigestFinalXOF(c, out, outlen));
	EVP_MD_CTX_free(c);
	EVP_MD_free(md);
}

/* H(m [|| BE32(ct)]) with the OpenSSL digest alg (ct 0: no counter). */
static size_t digest(const char *alg, const unsigned char *m, size_t n, unsigned ct, unsigned char *out)
{
	unsigned char buf[512];
	unsigned len = 0;
	EVP_MD *md = EVP_MD_fetch(NULL, alg, NULL);

	ck_assert(md && n + 4 <= sizeof buf);
	memcpy(buf, m, n);
	if (ct) {
		buf[n] = (unsigned char)(ct >> 24);
		buf[n + 1] = (unsigned char)(ct >> 16);
		buf[n + 2] = (unsigned char)(ct >> 8);
		buf[n + 3] = (unsigned char)ct;
	}
	ck_assert(EVP_Digest(buf, n + (ct ? 4 : 0), out, &len, md, NULL));
	EVP_MD_free(md);
	return len;
}

/* The counter-mode stream H(m||BE32(1)) || H(m||BE32(2)) ..., nbytes. */
static void ctr_stream(const char *alg, const unsigned char *m, size_t n, unsigned char *out, size_t nbytes)
{
	unsigned char d[64];

	for (unsigned ct = 1, off = 0; off < nbytes; ct++) {
		size_t len = digest(alg, m, n, ct, d), take = nbytes - off < len ? nbytes - off : len;
		memcpy(out + off, d, take);
		off += (unsigned)take;
	}
}

/* ---------- the XOFs ---------- */

START_TEST(shake_is_the_xof)
{
	static const char *const names[] = { "SHAKE128", "SHAKE256" };
	unsigned char m[200], got[301], want[300];

	fill(m, sizeof m);
	for (int k = 0; k < 2; k++) {
		const struct hp_builtin_candidate *c = cand(names[k]);
		/* lengths that are and are not whole blocks of the rates */
		static const size_t outs[] = { 0, 1, 16, 136, 168, 169, 300 };
		for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
			memset(got, 0xee, sizeof got);
			ck_assert_int_eq(c->pseudoXOF(8 * outs[i], m, 8 * 67, got), 0);
			shake(names[k], m, 67, want, outs[i] ? outs[i] : 1);
			ck_assert_mem_eq(got, want, outs[i]);
			ck_assert_uint_eq(got[outs[i]], 0xee); /* nothing written past it */
		}
		for (int L = 512; L <= 1024; L += 256) {
			ck_assert_int_eq(c->pseudohash(L, m, 8 * 200, got), 0);
			shake(names[k], m, 200, want, (size_t)L / 8);
			ck_assert_mem_eq(got, want, (size_t)L / 8);
		}
		ck_assert_int_eq(c->pseudohash(256, m, 8 * 200, got), HP_CAND_BAD_LENGTH);
		ck_assert_int_eq(c->pseudohash(640, m, 8 * 200, got), HP_CAND_BAD_LENGTH);
		ck_assert_int_eq(c->pseudoXOF(256, m, 13, got), HP_CAND_BAD_LENGTH);
		ck_assert_int_eq(c->pseudohash(512, m, 13, got), HP_CAND_BAD_LENGTH);
	}
}
END_TEST

/* ---------- the digests ---------- */

START_TEST(digests_in_counter_mode)
{
	static const struct {
		const char *name, *alg;
		size_t bytes;
	} d[] = { { "SHA3-256", "SHA3-256", 32 },
		  { "SHA3-512", "SHA3-512", 64 },
		  { "BLAKE2b-512", "BLAKE2B-512", 64 } };
	unsigned char m[100], got[400], want[400];

	fill(m, sizeof m);
	for (size_t k = 0; k < sizeof d / sizeof d[0]; k++) {
		const struct hp_builtin_candidate *c = cand(d[k].name);
		static const size_t outs[] = { 0, 1, 16, 32, 33, 64, 65, 130, 400 };
		ck_assert_uint_eq(c->digest_bits, 8 * d[k].bytes);
		for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
			memset(got, 0xee, sizeof got);
			ck_assert_int_eq(c->pseudoXOF(8 * outs[i], m, 8 * 100, got), 0);
			ctr_stream(d[k].alg, m, 100, want, outs[i]);
			ck_assert_mem_eq(got, want, outs[i]);
			if (outs[i] < sizeof got)
				ck_assert_uint_eq(got[outs[i]], 0xee);
		}
		for (int L = 512; L <= 1024; L += 256) {
			ck_assert_int_eq(c->pseudohash(L, m, 8 * 100, got), 0);
			if ((size_t)L / 8 <= d[k].bytes) /* one digest, truncated */
				digest(d[k].alg, m, 100, 0, want);
			else /* the counter-mode stream */
				ctr_stream(d[k].alg, m, 100, want, (size_t)L / 8);
			ck_assert_mem_eq(got, want, (size_t)L / 8);
		}
		ck_assert_int_eq(c->pseudoXOF(256, m, 801, got), HP_CAND_BAD_LENGTH);
		ck_assert_int_eq(c->pseudohash(1536, m, 800, got), HP_CAND_BAD_LENGTH);
	}
}
END_TEST

/* A digest that never writes: counts its calls. */
static int no_digest(void *ctx, const struct hp_cand_piece *pieces, size_t n, unsigned char *out)
{
	(void)pieces;
	(void)n;
	(void)out;
	++*(unsigned *)ctx;
	return 0;
}

/* A digest of 0 bytes, or over HP_CAND_DIGEST_MAX_BYTES, is refused (-4)
 * before the counter mode divides by its length, and never called. */
START_TEST(digest_length_checked_first)
{
	unsigned calls = 0;
	struct hp_cand_digest d = { no_digest, &calls, 0 };
	unsigned char m[16], out[160];

	fill(m, sizeof m);
	ck_assert_int_eq(hp_cand_xof(&d, 8 * 100, m, 8 * sizeof m, out), HP_CAND_BAD_LENGTH);
	ck_assert_int_eq(hp_cand_xof(&d, 0, m, 8 * sizeof m, out), HP_CAND_BAD_LENGTH);
	ck_assert_int_eq(hp_cand_hash(&d, 1024, m, 8 * sizeof m, out), HP_CAND_BAD_LENGTH);
	d.bytes = HP_CAND_DIGEST_MAX_BYTES + 1;
	ck_assert_int_eq(hp_cand_xof(&d, 8 * 100, m, 8 * sizeof m, out), HP_CAND_BAD_LENGTH);
	ck_assert_uint_eq(calls, 0);
	/* the same digest at a length it may have is called, once a block */
	d.bytes = 32;
	ck_assert_int_eq(hp_cand_xof(&d, 8 * 100, m, 8 * sizeof m, out), 0);
	ck_assert_uint_eq(calls, 4);
}
END_TEST

START_TEST(prefixes_masks_and_overlap)
{
	size_t n;
	const struct hp_builtin_candidate *b = hp_builtin_candidates(&n);
	unsigned char m[64], a[200], z[200], buf[128], want[128];

	fill(m, sizeof m);
	for (size_t k = 0; k < n; k++) {
		if (!b[k].helpers) /* the placeholder is the instance's */
			continue;
		/* prefix-consistent: 12 bits are the top of 16, the rest zero */
		ck_assert_int_eq(b[k].pseudoXOF(8 * 200, m, 8 * 64, a), 0);
		ck_assert_int_eq(b[k].pseudoXOF(8 * 77, m, 8 * 64, z), 0);
		ck_assert_mem_eq(a, z, 77);
		ck_assert_int_eq(b[k].pseudoXOF(12, m, 8 * 64, z), 0);
		ck_assert_uint_eq(z[0], a[0]);
		ck_assert_uint_eq(z[1], a[1] & 0xf0);
		/* the empty message (0 bits) is a message */
		ck_assert_int_eq(b[k].pseudoXOF(256, NULL, 0, z), 0);
		/* pseudohash in place: the input is read before the output is written */
		memcpy(buf, m, 64);
		ck_assert_int_eq(b[k].pseudohash(1024, m, 8 * 64, want), 0);
		ck_assert_int_eq(b[k].pseudohash(1024, buf, 8 * 64, buf), 0);
		ck_assert_mem_eq(buf, want, 128);
	}
}
END_TEST

/* ---------- the swap module ---------- */

typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);

/* SYNTH-SIG's keygen with the module's table pointing at xof; pk into
 * pk (128 bytes), sk's seed into seed (32 bytes); the module's count of
 * pseudoXOF calls it passed on. */
static uint64_t synth_keygen(void *inst, struct hp_swap *t, hp_cand_xof_fn *xof, unsigned char pk[128],
			     unsigned char seed[32])
{
	keygen_fn keygen;
	void (*init)(void *, const unsigned char *, unsigned long long);
	unsigned char sk[512], s[48] = { 1, 2, 3 };
	unsigned long long pkl, skl;
	uint64_t before = t->calls[HP_FN_XOF];

	*(void **)&keygen = dlsym(inst, "sig_keygen");
	*(void **)&init = dlsym(inst, "init_random_number");
	ck_assert(keygen && init);
	t->pseudoXOF = xof;
	init(dlsym(inst, "drng_algorithm"), s, sizeof s);
	ck_assert_int_eq(keygen(pk, &pkl, sk, &skl), 0);
	ck_assert_uint_eq(pkl, 128);
	memcpy(seed, sk, 32);
	return t->calls[HP_FN_XOF] - before;
}

START_TEST(swap_module_takes_the_calls)
{
	void *mod = dlopen(HP_SWAP_MODULE_PATH, RTLD_NOW | RTLD_GLOBAL), *inst;
	struct hp_swap *t;
	hp_cand_xof_fn *own;
	unsigned char pk[128], seed[32], want[128];

	ck_assert_msg(mod, "%s", dlerror());
	t = dlsym(mod, HP_SWAP_SYMBOL);
	ck_assert(t && t->abi_version == HP_SWAP_ABI_VERSION);
	inst = dlopen(HP_SYNTH_SIG_PATH, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(inst, "%s", dlerror());
	*(void **)&own = dlsym(inst, "pseudoXOF"); /* the instance's own, searched first */
	ck_assert(own && (void *)own != dlsym(mod, "pseudoXOF"));
	t->pseudohash = cand("SHAKE256")->pseudohash;

	/* SHAKE256 in the table: pk = SHAKE256(seed), 128 bytes */
	ck_assert_uint_eq(synth_keygen(inst, t, cand("SHAKE256")->pseudoXOF, pk, seed), 4);
	shake("SHAKE256", seed, 32, want, 128);
	ck_assert_mem_eq(pk, want, 128);

	/* the instance's own helper back: the placeholder's pk, not SHAKE's */
	ck_assert_uint_eq(synth_keygen(inst, t, own, pk, seed), 4);
	ck_assert_int_eq(own(1024, seed, 256, want), 0);
	ck_assert_mem_eq(pk, want, 128);
	shake("SHAKE256", seed, 32, want, 128);
	ck_assert(memcmp(pk, want, 128) != 0);
	dlclose(inst);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("candidates");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, shake_is_the_xof);
	tcase_add_test(tc, digests_in_counter_mode);
	tcase_add_test(tc, digest_length_checked_first);
	tcase_add_test(tc, prefixes_masks_and_overlap);
	tcase_add_test(tc, swap_module_takes_the_calls);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
