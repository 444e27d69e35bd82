/*
 * test_pqclean.c - the PQClean instances (schemes/pqclean/) are still
 * correct schemes once their hashing and randomness go through the ICCS
 * helpers, and they make exactly the helper calls derived in
 * schemes/pqclean/README.md.
 *
 * Each test dlopen()s the built module from HP_PQCLEAN_MODULE_DIR (the
 * build tree's schemes/.libs), seeds its global drng_algorithm with the 48
 * bytes 00 01 ... 2f as the hashprof driver does, and calls the NGCC API.
 * Helper calls are read from the module's wrap shims (wrap/hp_wrap.h):
 * accounting is switched on around one API call, with a counter as clock.
 *
 * Built whether or not PQClean was configured (HP_PQCLEAN_CONFIGURED 0/1):
 * without it the test is skipped (exit 77), except under CI=true, where a
 * build without the PQClean instances is a failure.
 */
#include <check.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drng.h"
#include "hp_wrap.h"

#ifndef HP_PQCLEAN_CONFIGURED
#error "HP_PQCLEAN_CONFIGURED (0 or 1) must be defined by the build"
#endif
#ifndef HP_PQCLEAN_MODULE_DIR
#error "HP_PQCLEAN_MODULE_DIR must name the folder of the built modules"
#endif

/* Generous: SPHINCS+ signs with ~10^5 helper calls. */
#define HP_TEST_TIMEOUT 300

typedef int (*init_rn_fn)(DRNG_ctx *, const unsigned char *, unsigned long long);
typedef int (*xof_fn)(unsigned long long, const unsigned char *, unsigned long long, unsigned char *);
typedef unsigned long long (*len_fn)(void);
typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
typedef int (*sign_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
		       unsigned long long *);
typedef int (*verify_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
			 unsigned long long);
typedef int (*enc_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long *, unsigned char *,
		      unsigned long long *);
typedef int (*dec_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
		      unsigned long long *);
typedef int (*kex_pass_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
			   unsigned long long *, unsigned char *, unsigned long long *);
typedef int (*kex_pass2_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
			    unsigned long long, unsigned char *, unsigned long long *, unsigned char *,
			    unsigned long long *);
typedef int (*kex_derive_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
			     unsigned long long, unsigned char *, unsigned long long, unsigned char *,
			     unsigned long long *);

struct module {
	const char *file;
	void *h;
	struct hp_wrap_state *ws;
};

/* Tick source for the shims: only counts matter here. */
static uint64_t fake_clock(void)
{
	static uint64_t t;
	return ++t;
}

static void *sym(const struct module *m, const char *name)
{
	void *p = dlsym(m->h, name);
	ck_assert_msg(p != NULL, "%s does not export %s", m->file, name);
	return p;
}

/* A function from dlsym, converted without a void* -> function cast (the
 * caller then casts between function pointer types, which ISO C allows). */
typedef void (*any_fn)(void);
static any_fn fsym(const struct module *m, const char *name)
{
	void *p = sym(m, name);
	any_fn f;
	memcpy(&f, &p, sizeof f);
	return f;
}
#define SYM(m, type, name) ((type)fsym((m), (name)))

/* dlopen the module, install the clock, seed drng_algorithm with 00..2f. */
static struct module mod_open(const char *file)
{
	struct module m = { .file = file };
	char path[4096];
	unsigned char seed[48];

	snprintf(path, sizeof path, "%s/%s", HP_PQCLEAN_MODULE_DIR, file);
	m.h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(m.h != NULL, "dlopen(%s): %s", path, dlerror());
	m.ws = sym(&m, HP_WRAP_STATE_SYMBOL);
	ck_assert_uint_eq(m.ws->abi_version, HP_WRAP_ABI_VERSION);
	m.ws->accounting = 0;
	m.ws->clock = fake_clock;
	for (unsigned i = 0; i < sizeof seed; i++)
		seed[i] = (unsigned char)i;
	DRNG_ctx *drng = sym(&m, "drng_algorithm");
	init_rn_fn init = SYM(&m, init_rn_fn, "init_random_number");
	ck_assert_int_eq(init(drng, seed, sizeof seed), 0);
	return m;
}

/* ---- counting ------------------------------------------------------------ */

struct counts {
	unsigned long long fn[HP_FN_COUNT]; /* outermost calls per enum hp_fn */
};

static void measure_begin(struct hp_wrap_state *ws)
{
	memset(ws->shapes, 0, sizeof ws->shapes);
	memset(ws->overflow, 0, sizeof ws->overflow);
	ws->accounting = 1;
}

static struct counts measure_end(struct hp_wrap_state *ws)
{
	struct counts c = { { 0 } };

	ws->accounting = 0;
	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++)
		ck_assert_uint_eq(ws->overflow[fn].calls + ws->overflow[fn].nested, 0);
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *s = &ws->shapes[i];
		if (!s->used || s->fn >= HP_FN_COUNT) /* not a helper (calibration) */
			continue;
		ck_assert_uint_eq(s->nested, 0); /* the helpers never nest here */
		c.fn[s->fn] += s->calls;
	}
	return c;
}

/* Calls of one shape (fn, input bits, output bits) in the last measurement. */
static unsigned long long shape_calls(const struct hp_wrap_state *ws, unsigned fn, unsigned long long in_bits,
				      unsigned long long out_bits)
{
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *s = &ws->shapes[i];
		if (s->used && s->fn == fn && s->in_bits == in_bits && s->out_bits == out_bits)
			return s->calls;
	}
	return 0;
}

#define ASSERT_COUNTS(c, drng, xof, ph, sm3)                       \
	do {                                                       \
		ck_assert_uint_eq((c).fn[HP_FN_DRNG], (drng));     \
		ck_assert_uint_eq((c).fn[HP_FN_XOF], (xof));       \
		ck_assert_uint_eq((c).fn[HP_FN_PSEUDOHASH], (ph)); \
		ck_assert_uint_eq((c).fn[HP_FN_SM3], (sm3));       \
		ck_assert_uint_eq((c).fn[HP_FN_DRNG_INIT], 0);     \
	} while (0)

static unsigned long long total_calls(const struct counts *c)
{
	unsigned long long t = 0;
	for (unsigned i = 0; i < HP_FN_COUNT; i++)
		t += c->fn[i];
	return t;
}

/* The 64-byte message of the published method: byte i = (i*131 + 64) mod 256. */
static void method_message(unsigned char m[64])
{
	for (unsigned i = 0; i < 64; i++)
		m[i] = (unsigned char)((i * 131u + 64u) & 0xffu);
}

/* The module file carries its .hashprof record with the expected name. */
static void assert_instance_record(const struct module *m, const char *name, const char *kind)
{
	char path[4096], want[256];
	snprintf(path, sizeof path, "%s/%s", HP_PQCLEAN_MODULE_DIR, m->file);
	snprintf(want, sizeof want, "hashprof-instance 1\nname=%s\nkind=%s\n", name, kind);
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot read %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	long size = ftell(f);
	ck_assert_int_gt(size, 0);
	rewind(f);
	char *buf = malloc((size_t)size);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	ck_assert_msg(memmem(buf, (size_t)size, want, strlen(want)) != NULL, "%s has no .hashprof record for %s (%s)",
		      m->file, name, kind);
	free(buf);
}

/* ---- signatures: round trip, a flipped bit rejected ------------------------ */

static const struct {
	const char *file, *name;
} sig_modules[] = {
	{ "ml-dsa-44.so", "ML-DSA-44" },   { "ml-dsa-65.so", "ML-DSA-65" },
	{ "ml-dsa-87.so", "ML-DSA-87" },   { "sphincs-shake-128f-simple.so", "SPHINCS+-SHAKE-128f-simple" },
	{ "falcon-512.so", "Falcon-512" },
};

START_TEST(sig_round_trip)
{
	struct module m = mod_open(sig_modules[_i].file);
	assert_instance_record(&m, sig_modules[_i].name, "sig");
	unsigned long long pkl = SYM(&m, len_fn, "sig_get_pk_len_bytes")();
	unsigned long long skl = SYM(&m, len_fn, "sig_get_sk_len_bytes")();
	unsigned long long snl = SYM(&m, len_fn, "sig_get_sn_len_bytes")();
	keygen_fn keygen = SYM(&m, keygen_fn, "sig_keygen");
	sign_fn sign = SYM(&m, sign_fn, "sig_sign");
	verify_fn verify = SYM(&m, verify_fn, "sig_verify");
	unsigned char *pk = malloc(pkl), *sk = malloc(skl), *sn = malloc(snl), msg[64];
	unsigned long long pk_len = 0, sk_len = 0, sn_len = 0;

	ck_assert(pk && sk && sn);
	method_message(msg);
	measure_begin(m.ws);
	ck_assert_int_eq(keygen(pk, &pk_len, sk, &sk_len), 0);
	struct counts kc = measure_end(m.ws);
	ck_assert_uint_eq(pk_len, pkl);
	ck_assert_uint_eq(sk_len, skl);
	ck_assert_uint_eq(kc.fn[HP_FN_DRNG], 1); /* one randombytes per keygen */
	ck_assert_uint_gt(kc.fn[HP_FN_XOF], 0); /* hashing goes through the helpers */

	measure_begin(m.ws);
	ck_assert_int_eq(sign(sk, sk_len, msg, sizeof msg, sn, &sn_len), 0);
	struct counts sc = measure_end(m.ws);
	ck_assert_uint_gt(sn_len, 0);
	ck_assert_uint_le(sn_len, snl);
	ck_assert_uint_gt(total_calls(&sc), 0);

	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), 0);
	/* a flipped bit anywhere rejects: middle of the signature, first byte, message */
	sn[sn_len / 2] ^= 0x01;
	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), -1);
	sn[sn_len / 2] ^= 0x01;
	sn[0] ^= 0x80;
	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), -1);
	sn[0] ^= 0x80;
	msg[5] ^= 0x04;
	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), -1);
	msg[5] ^= 0x04;
	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), 0);
	free(pk);
	free(sk);
	free(sn);
}
END_TEST

/* ---- KEMs: decaps recovers the secret; a flipped bit is implicitly rejected */

static const struct {
	const char *file, *name;
} kem_modules[] = {
	{ "ml-kem-512.so", "ML-KEM-512" },
	{ "ml-kem-768.so", "ML-KEM-768" },
	{ "ml-kem-1024.so", "ML-KEM-1024" },
};

START_TEST(kem_round_trip)
{
	struct module m = mod_open(kem_modules[_i].file);
	assert_instance_record(&m, kem_modules[_i].name, "kem");
	unsigned long long pkl = SYM(&m, len_fn, "kem_get_pk_len_bytes")();
	unsigned long long skl = SYM(&m, len_fn, "kem_get_sk_len_bytes")();
	unsigned long long ssl = SYM(&m, len_fn, "kem_get_ss_len_bytes")();
	unsigned long long ctl = SYM(&m, len_fn, "kem_get_ct_len_bytes")();
	keygen_fn keygen = SYM(&m, keygen_fn, "kem_keygen");
	enc_fn enc = SYM(&m, enc_fn, "kem_enc");
	dec_fn dec = SYM(&m, dec_fn, "kem_dec");
	unsigned char *pk = malloc(pkl), *sk = malloc(skl), *ct = malloc(ctl);
	unsigned char ss1[64], ss2[64], ss3[64];
	unsigned long long pk_len, sk_len, ct_len, ss1_len, ss2_len, ss3_len;

	ck_assert(pk && sk && ct);
	ck_assert_uint_eq(ssl, 32);
	ck_assert_int_eq(keygen(pk, &pk_len, sk, &sk_len), 0);
	ck_assert_int_eq(enc(pk, pk_len, ss1, &ss1_len, ct, &ct_len), 0);
	ck_assert_uint_eq(ct_len, ctl);
	ck_assert_uint_eq(ss1_len, ssl);
	ck_assert_int_eq(dec(sk, sk_len, ct, ct_len, ss2, &ss2_len), 0);
	ck_assert_uint_eq(ss2_len, ssl);
	ck_assert_mem_eq(ss1, ss2, ssl);
	ct[ct_len / 3] ^= 0x10;
	ck_assert_int_eq(dec(sk, sk_len, ct, ct_len, ss3, &ss3_len), 0);
	ck_assert_msg(memcmp(ss1, ss3, ssl) != 0, "a modified ciphertext gave the same secret");
	/* implicit rejection is deterministic: same bad ciphertext, same secret */
	ck_assert_int_eq(dec(sk, sk_len, ct, ct_len, ss2, &ss2_len), 0);
	ck_assert_mem_eq(ss2, ss3, ssl);
	free(pk);
	free(sk);
	free(ct);
}
END_TEST

/* ---- ML-KEM-768: exact call counts --------------------------------------- */

/*
 * pseudoXOF calls that the adapter makes for one entry of ML-KEM's matrix
 * (PQClean gen_matrix: squeeze 3 blocks = 504 bytes, then one 168-byte block
 * at a time until 256 coefficients < q = 3329 are found), following the
 * README's policy: the first squeeze computes exactly 504 bytes, a squeeze
 * past the computed prefix recomputes max(needed, 2 x computed) bytes.
 * Evaluated on the real stream pseudoXOF(rho || x || y).
 */
static unsigned mlkem_entry_calls(xof_fn xof, const unsigned char rho[32], unsigned x, unsigned y)
{
	unsigned char in[34], s[4032];
	size_t computed = 504, need = 504, pos = 0;
	unsigned calls = 1, ctr = 0;

	memcpy(in, rho, 32);
	in[32] = (unsigned char)x;
	in[33] = (unsigned char)y;
	ck_assert_int_eq(xof(8ull * sizeof s, in, 8ull * sizeof in, s), 0);
	for (;;) {
		for (; ctr < 256 && pos + 3 <= need; pos += 3) {
			unsigned v0 = (s[pos] | ((unsigned)s[pos + 1] << 8)) & 0xfffu;
			unsigned v1 = ((s[pos + 1] >> 4) | ((unsigned)s[pos + 2] << 4)) & 0xfffu;
			if (v0 < 3329)
				ctr++;
			if (ctr < 256 && v1 < 3329)
				ctr++;
		}
		if (ctr >= 256)
			return calls;
		need += 168;
		ck_assert_uint_le(need, sizeof s);
		if (need > computed) {
			calls++;
			computed = need > 2 * computed ? need : 2 * computed;
		}
	}
}

/* M = pseudoXOF calls of the whole matrix: 9 entries (x, y) in {0,1,2}^2,
 * the same set for keygen's A and encaps'/decaps' A^T.  9 + r, where r
 * (entries whose first 504 bytes hold < 256 values below q) is 0 for
 * 92.7% of keys. */
static unsigned mlkem768_matrix_calls(const struct module *m, const unsigned char *pk)
{
	xof_fn xof = SYM(m, xof_fn, "pseudoXOF");
	const unsigned char *rho = pk + 1152; /* ek = t_hat (1152 bytes) || rho */
	unsigned calls = 0;

	for (unsigned x = 0; x < 3; x++)
		for (unsigned y = 0; y < 3; y++)
			calls += mlkem_entry_calls(xof, rho, x, y);
	return calls;
}

START_TEST(mlkem768_counts)
{
	struct module m = mod_open("ml-kem-768.so");
	keygen_fn keygen = SYM(&m, keygen_fn, "kem_keygen");
	enc_fn enc = SYM(&m, enc_fn, "kem_enc");
	dec_fn dec = SYM(&m, dec_fn, "kem_dec");
	unsigned char pk[1184], sk[2400], ct[1088], ss1[32], ss2[32];
	unsigned long long pk_len, sk_len, ct_len, ss_len;
	struct counts c;

	/* keygen: randombytes(64); G(d||k) = pseudohash(512) on 33 bytes;
	 * matrix M; 6 PRF = pseudoXOF(33 bytes -> 128 bytes); H(ek) = sm3hash */
	measure_begin(m.ws);
	ck_assert_int_eq(keygen(pk, &pk_len, sk, &sk_len), 0);
	c = measure_end(m.ws);
	unsigned M = mlkem768_matrix_calls(&m, pk);
	ck_assert_uint_ge(M, 9);
	ASSERT_COUNTS(c, 1, 6 + M, 1, 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_DRNG, 0, 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_PSEUDOHASH, 264, 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 272, 4032), 9);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 264, 1024), 6);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_SM3, 9472, 256), 1);

	/* encaps: randombytes(32); H(ek); G(m||H(ek)) on 64 bytes; matrix M;
	 * 3 + 3 + 1 PRF of 128 bytes */
	measure_begin(m.ws);
	ck_assert_int_eq(enc(pk, pk_len, ss1, &ss_len, ct, &ct_len), 0);
	c = measure_end(m.ws);
	ASSERT_COUNTS(c, 1, 7 + M, 1, 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_DRNG, 0, 256), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_SM3, 9472, 256), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_PSEUDOHASH, 512, 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 272, 4032), 9);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 264, 1024), 7);

	/* decaps: G on 64 bytes; re-encryption (M + 7 PRF); the rejection key
	 * J(z||c) = one squeeze of 32 bytes over 32 + 1088 bytes */
	measure_begin(m.ws);
	ck_assert_int_eq(dec(sk, sk_len, ct, ct_len, ss2, &ss_len), 0);
	c = measure_end(m.ws);
	ASSERT_COUNTS(c, 0, 8 + M, 1, 0);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_PSEUDOHASH, 512, 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 272, 4032), 9);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 264, 1024), 7);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 8960, 256), 1);
	ck_assert_mem_eq(ss1, ss2, 32);
}
END_TEST

/* ---- ML-DSA-44 verify: exact call counts --------------------------------- */

START_TEST(mldsa44_verify_counts)
{
	struct module m = mod_open("ml-dsa-44.so");
	keygen_fn keygen = SYM(&m, keygen_fn, "sig_keygen");
	sign_fn sign = SYM(&m, sign_fn, "sig_sign");
	verify_fn verify = SYM(&m, verify_fn, "sig_verify");
	unsigned char pk[1312], sk[2560], sn[2420], msg[64];
	unsigned long long pk_len, sk_len, sn_len;

	method_message(msg);
	ck_assert_int_eq(keygen(pk, &pk_len, sk, &sk_len), 0);
	ck_assert_int_eq(sign(sk, sk_len, msg, sizeof msg, sn, &sn_len), 0);
	measure_begin(m.ws);
	ck_assert_int_eq(verify(pk, pk_len, sn, sn_len, msg, sizeof msg), 0);
	struct counts c = measure_end(m.ws);
	/* tr = H(pk); mu = H(tr || 0 || 0 || M); challenge; 16 ExpandA entries;
	 * c~' = H(mu || w1): 20 pseudoXOF, nothing else */
	ASSERT_COUNTS(c, 0, 20, 0, 0);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 8 * 1312, 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 8 * (64 + 2 + 64), 512), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 256, 8 * 136), 1);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 272, 8 * 840), 16);
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 8 * (64 + 768), 256), 1);
}
END_TEST

/* ---- SPHINCS+-SHAKE-128f-simple: exact call counts (no rejection) -------- */

START_TEST(sphincs_counts)
{
	struct module m = mod_open("sphincs-shake-128f-simple.so");
	keygen_fn keygen = SYM(&m, keygen_fn, "sig_keygen");
	sign_fn sign = SYM(&m, sign_fn, "sig_sign");
	unsigned char pk[32], sk[64], msg[64];
	unsigned long long pk_len, sk_len, sn_len;
	unsigned char *sn = malloc(17088);
	struct counts c;

	ck_assert_ptr_nonnull(sn);
	method_message(msg);
	/* n = 16, d = 22 layers of height 3, WOTS len 35 (w = 16), FORS
	 * k = 33 trees of height 6.  One XMSS tree = 8 leaves x (35 chains x
	 * (1 PRF + 15 F) + 1 T_len) + 7 H = 4495 thash/PRF, one pseudoXOF each. */
	measure_begin(m.ws);
	ck_assert_int_eq(keygen(pk, &pk_len, sk, &sk_len), 0);
	c = measure_end(m.ws);
	ASSERT_COUNTS(c, 1, 4495, 0, 0);
	/* PRF_msg + H_msg; FORS: 33 x (1 PRF for the revealed key + 64 leaves x
	 * (PRF + F) + 63 H) + 1 T_k; hypertree: 22 x 4495 */
	measure_begin(m.ws);
	ck_assert_int_eq(sign(sk, sk_len, msg, sizeof msg, sn, &sn_len), 0);
	c = measure_end(m.ws);
	ASSERT_COUNTS(c, 1, 2 + 33 * (1 + 64 * 2 + 63) + 1 + 22 * 4495, 0, 0);
	/* PRF(pk_seed, sk_seed, ADRS) and F(pk_seed, ADRS, x) both hash 64 bytes
	 * into 16: 33 x (1 + 64 + 64) + 22 x 8 x 35 x (1 + 15) calls */
	ck_assert_uint_eq(shape_calls(m.ws, HP_FN_XOF, 8 * (16 + 32 + 16), 8 * 16),
			  33 * (1 + 2 * 64) + 22 * 8 * 35 * 16);
	free(sn);
}
END_TEST

/* ---- rejection-sampling signers: same seed, same counts, fresh processes - */

struct sign_report {
	struct counts c;
	unsigned long long sn_len;
	unsigned char sn_head[64];
};

/* In a fresh child: open, seed, keygen, then one measured sign. */
static void sign_in_child(const char *file, int fd)
{
	struct module m = mod_open(file);
	keygen_fn keygen = SYM(&m, keygen_fn, "sig_keygen");
	sign_fn sign = SYM(&m, sign_fn, "sig_sign");
	unsigned long long pkl = SYM(&m, len_fn, "sig_get_pk_len_bytes")();
	unsigned long long skl = SYM(&m, len_fn, "sig_get_sk_len_bytes")();
	unsigned long long snl = SYM(&m, len_fn, "sig_get_sn_len_bytes")();
	unsigned char *pk = malloc(pkl), *sk = malloc(skl), *sn = malloc(snl), msg[64];
	unsigned long long pk_len, sk_len;
	struct sign_report r;

	memset(&r, 0, sizeof r);
	method_message(msg);
	if (!pk || !sk || !sn || keygen(pk, &pk_len, sk, &sk_len) != 0)
		_exit(2);
	measure_begin(m.ws);
	if (sign(sk, sk_len, msg, sizeof msg, sn, &r.sn_len) != 0)
		_exit(3);
	r.c = measure_end(m.ws);
	memcpy(r.sn_head, sn, r.sn_len < sizeof r.sn_head ? r.sn_len : sizeof r.sn_head);
	if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
		_exit(4);
	_exit(0);
}

static struct sign_report sign_in_fresh_process(const char *file)
{
	int p[2];
	struct sign_report r;
	int status;

	ck_assert_int_eq(pipe(p), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(p[0]);
		sign_in_child(file, p[1]);
	}
	close(p[1]);
	ssize_t got = read(p[0], &r, sizeof r);
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "signing child for %s failed (status %d)", file,
		      status);
	ck_assert_int_eq(got, (ssize_t)sizeof r);
	return r;
}

static const char *const rejection_signers[] = { "ml-dsa-44.so", "falcon-512.so" };

START_TEST(sign_counts_reproducible)
{
	struct sign_report a = sign_in_fresh_process(rejection_signers[_i]);
	struct sign_report b = sign_in_fresh_process(rejection_signers[_i]);

	for (unsigned f = 0; f < HP_FN_COUNT; f++)
		ck_assert_msg(a.c.fn[f] == b.c.fn[f], "%s sign: %s %llu vs %llu calls", rejection_signers[_i],
			      hp_fn_name(f), a.c.fn[f], b.c.fn[f]);
	ck_assert_uint_gt(a.c.fn[HP_FN_XOF], 0);
	ck_assert_uint_eq(a.c.fn[HP_FN_DRNG], rejection_signers[_i][0] == 'f' ? 2 : 1);
	ck_assert_uint_eq(a.sn_len, b.sn_len);
	ck_assert_mem_eq(a.sn_head, b.sn_head, sizeof a.sn_head);
}
END_TEST

/* ---- KEX-ML-KEM-768 ------------------------------------------------------ */

START_TEST(kex_exchange)
{
	struct module m = mod_open("kex-ml-kem-768.so");
	assert_instance_record(&m, "KEX-ML-KEM-768", "kex");
	ck_assert_uint_eq(SYM(&m, len_fn, "kex_get_passes_num")(), 2);
	unsigned long long pkl = SYM(&m, len_fn, "kex_get_pk_len_bytes")();
	unsigned long long skl = SYM(&m, len_fn, "kex_get_sk_len_bytes")();
	unsigned long long stal = SYM(&m, len_fn, "kex_get_sta_len_bytes")();
	unsigned long long stbl = SYM(&m, len_fn, "kex_get_stb_len_bytes")();
	unsigned long long ssl = SYM(&m, len_fn, "kex_get_ss_len_bytes")();
	unsigned long long msgl = SYM(&m, len_fn, "kex_get_total_msg_len_bytes")();
	typedef int (*init_fn)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *,
			       unsigned char *, unsigned long long *);
	init_fn ia = SYM(&m, init_fn, "kex_init_a"), ib = SYM(&m, init_fn, "kex_init_b");
	kex_pass_fn pass1 = SYM(&m, kex_pass_fn, "kex_generate_pass1_msg_a");
	kex_pass2_fn pass2 = SYM(&m, kex_pass2_fn, "kex_generate_pass2_msg_b");
	kex_derive_fn da = SYM(&m, kex_derive_fn, "kex_derive_ss_a");
	kex_derive_fn db = SYM(&m, kex_derive_fn, "kex_derive_ss_b");
	unsigned char *pka = malloc(pkl), *ska = malloc(skl), *pkb = malloc(pkl), *skb = malloc(skl);
	unsigned char *sta = malloc(stal), *stb = malloc(stbl), *m1 = malloc(msgl), *m2 = malloc(msgl);
	unsigned char ssa[64], ssb[64];
	unsigned long long pka_len, ska_len, pkb_len, skb_len, sta_len, stb_len, m1_len, m2_len;
	unsigned long long ssa_len, ssb_len;

	ck_assert(pka && ska && pkb && skb && sta && stb && m1 && m2);
	ck_assert_uint_eq(ssl, 32);
	/* One whole exchange, measured as the published "exchange" row. */
	measure_begin(m.ws);
	ck_assert_int_eq(ia(pka, &pka_len, ska, &ska_len, sta, &sta_len), 0);
	ck_assert_int_eq(ib(pkb, &pkb_len, skb, &skb_len, stb, &stb_len), 0);
	ck_assert_int_eq(pass1(ska, ska_len, pkb, pkb_len, sta, &sta_len, m1, &m1_len), 0);
	ck_assert_int_eq(pass2(skb, skb_len, pka, pka_len, m1, m1_len, stb, &stb_len, m2, &m2_len), 1);
	ck_assert_int_eq(da(ska, ska_len, pkb, pkb_len, m2, m2_len, sta, sta_len, ssa, &ssa_len), 0);
	ck_assert_int_eq(db(skb, skb_len, pka, pka_len, m1, m1_len, stb, stb_len, ssb, &ssb_len), 0);
	struct counts c = measure_end(m.ws);
	ck_assert_uint_eq(m1_len + m2_len, msgl);
	ck_assert_mem_eq(m1, pka, pka_len); /* pass 1 sends A's public key */
	ck_assert_uint_eq(ssa_len, 32);
	ck_assert_uint_eq(ssb_len, 32);
	ck_assert_mem_eq(ssa, ssb, 32);
	/* keygen + encaps + decaps of ML-KEM-768 */
	unsigned M = mlkem768_matrix_calls(&m, pka);
	ASSERT_COUNTS(c, 2, 6 + 7 + 8 + 3 * M, 3, 2);
	/* out of order: a second derivation of B after a fresh init fails */
	ck_assert_int_eq(ib(pkb, &pkb_len, skb, &skb_len, stb, &stb_len), 0);
	ck_assert_int_lt(db(skb, skb_len, pka, pka_len, m1, m1_len, stb, stb_len, ssb, &ssb_len), 0);
	free(pka);
	free(ska);
	free(pkb);
	free(skb);
	free(sta);
	free(stb);
	free(m1);
	free(m2);
}
END_TEST

static Suite *pqclean_suite(void)
{
	Suite *s = suite_create("pqclean");
	TCase *tc;

	tc = tcase_create("correctness");
	tcase_set_timeout(tc, HP_TEST_TIMEOUT);
	tcase_add_loop_test(tc, sig_round_trip, 0, (int)(sizeof sig_modules / sizeof sig_modules[0]));
	tcase_add_loop_test(tc, kem_round_trip, 0, (int)(sizeof kem_modules / sizeof kem_modules[0]));
	tcase_add_test(tc, kex_exchange);
	suite_add_tcase(s, tc);

	tc = tcase_create("call counts");
	tcase_set_timeout(tc, HP_TEST_TIMEOUT);
	tcase_add_test(tc, mlkem768_counts);
	tcase_add_test(tc, mldsa44_verify_counts);
	tcase_add_test(tc, sphincs_counts);
	tcase_add_loop_test(tc, sign_counts_reproducible, 0,
			    (int)(sizeof rejection_signers / sizeof rejection_signers[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (!HP_PQCLEAN_CONFIGURED) {
		const char *ci = getenv("CI");
		if (ci && strcasecmp(ci, "true") == 0) {
			fprintf(stderr, "test_pqclean: FAIL: this build has no PQClean instances "
					"(configured --without-pqclean, or configure could not get "
					"pqclean-0.8.1.tgz: see its warning and config.log), and CI=true "
					"requires them\n");
			return 1;
		}
		fprintf(stderr, "test_pqclean: SKIP: PQClean was not configured, so the PQClean "
				"instances were not built (see configure's warning)\n");
		return 77;
	}
	SRunner *sr = srunner_create(pqclean_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
