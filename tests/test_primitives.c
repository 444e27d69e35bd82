/*
 * test_primitives.c - the survey's constant tables (builder/survey/primitives.c)
 * checked independently of how they were typed in: each hash written on
 * them must hash like OpenSSL (Keccak-f[1600] as SHA3-256, SHA-224,
 * SHA-256, SHA-384, SHA-512, SM3, BLAKE2s, BLAKE2b), the Keccak round
 * constants must be FIPS 202's rc(t), the AES S-box FIPS 197's inverse
 * and affine map, Rcon the powers of x; and the rule that tells a
 * primitive's name (hp_prim_of_name).
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "builder.h"

/* ---------- the tables ---------- */

/* The table named what (the first of that name). */
static const struct hp_prim_table *table(const char *what)
{
	size_t n;
	const struct hp_prim_table *t = hp_prim_tables(&n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].what, what))
			return &t[i];
	ck_abort_msg("no table '%s'", what);
	return NULL;
}

static uint64_t v(const struct hp_prim_table *t, size_t i)
{
	ck_assert_uint_lt(i, t->n);
	return hp_prim_value(t, i);
}

/* OpenSSL's digest of n bytes, into out; its length. */
static unsigned openssl_digest(const char *name, const void *m, size_t n, unsigned char *out)
{
	EVP_MD *md = EVP_MD_fetch(NULL, name, NULL);
	unsigned len = 0;

	ck_assert_msg(md != NULL, "OpenSSL has no %s", name);
	ck_assert_int_eq(EVP_Digest(m, n, out, &len, md, NULL), 1);
	EVP_MD_free(md);
	return len;
}

/* Messages of 3 bytes, 2 blocks and 3 blocks. */
static const size_t msg_lens[] = { 3, 119, 200 };

static void message(unsigned char *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		m[i] = (unsigned char)(i * 131 + 7);
}

static uint32_t rotr32(uint32_t x, unsigned r)
{
	return r % 32 ? (x >> (r % 32)) | (x << (32 - r % 32)) : x;
}

static uint64_t rotr64(uint64_t x, unsigned r)
{
	return r % 64 ? (x >> (r % 64)) | (x << (64 - r % 64)) : x;
}

/* Merkle-Damgard padding of n bytes with an L-byte length field into
 * whole blocks of B bytes; returns the padded length. */
static size_t md_pad(const unsigned char *m, size_t n, unsigned char *out, size_t B, size_t L)
{
	size_t len = (n + 1 + L + B - 1) / B * B;

	memset(out, 0, len);
	memcpy(out, m, n);
	out[n] = 0x80;
	for (size_t i = 0; i < 8; i++)
		out[len - 1 - i] = (unsigned char)((uint64_t)n * 8 >> (8 * i));
	return len;
}

/* SHA-224/256 (FIPS 180-4, 6.2) on the survey's K and the given H(0). */
static void sha256_on_tables(const struct hp_prim_table *iv, const unsigned char *m, size_t n, unsigned char *out,
			     size_t outlen)
{
	const struct hp_prim_table *k = table("SHA-256 round constants K");
	unsigned char buf[512];
	uint32_t h[8], w[64], s[8];
	size_t len = md_pad(m, n, buf, 64, 8);

	for (int i = 0; i < 8; i++)
		h[i] = (uint32_t)v(iv, (size_t)i);
	for (size_t b = 0; b < len; b += 64) {
		for (int t = 0; t < 16; t++)
			w[t] = (uint32_t)buf[b + 4 * t] << 24 | (uint32_t)buf[b + 4 * t + 1] << 16 |
			       (uint32_t)buf[b + 4 * t + 2] << 8 | buf[b + 4 * t + 3];
		for (int t = 16; t < 64; t++)
			w[t] = (rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10)) + w[t - 7] +
			       (rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3)) + w[t - 16];
		memcpy(s, h, sizeof s);
		for (int t = 0; t < 64; t++) {
			uint32_t t1 = s[7] + (rotr32(s[4], 6) ^ rotr32(s[4], 11) ^ rotr32(s[4], 25)) +
				      ((s[4] & s[5]) ^ (~s[4] & s[6])) + (uint32_t)v(k, (size_t)t) + w[t];
			uint32_t t2 = (rotr32(s[0], 2) ^ rotr32(s[0], 13) ^ rotr32(s[0], 22)) +
				      ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
			memmove(s + 1, s, 7 * sizeof s[0]);
			s[4] += t1;
			s[0] = t1 + t2;
		}
		for (int i = 0; i < 8; i++)
			h[i] += s[i];
	}
	for (size_t i = 0; i < outlen; i++)
		out[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
}

/* SHA-384/512 (FIPS 180-4, 6.4) on the survey's K and the given H(0). */
static void sha512_on_tables(const struct hp_prim_table *iv, const unsigned char *m, size_t n, unsigned char *out,
			     size_t outlen)
{
	const struct hp_prim_table *k = table("SHA-512 round constants K");
	unsigned char buf[512];
	uint64_t h[8], w[80], s[8];
	size_t len = md_pad(m, n, buf, 128, 16);

	for (int i = 0; i < 8; i++)
		h[i] = v(iv, (size_t)i);
	for (size_t b = 0; b < len; b += 128) {
		for (int t = 0; t < 16; t++) {
			w[t] = 0;
			for (int j = 0; j < 8; j++)
				w[t] = w[t] << 8 | buf[b + 8 * t + j];
		}
		for (int t = 16; t < 80; t++)
			w[t] = (rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6)) + w[t - 7] +
			       (rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7)) + w[t - 16];
		memcpy(s, h, sizeof s);
		for (int t = 0; t < 80; t++) {
			uint64_t t1 = s[7] + (rotr64(s[4], 14) ^ rotr64(s[4], 18) ^ rotr64(s[4], 41)) +
				      ((s[4] & s[5]) ^ (~s[4] & s[6])) + v(k, (size_t)t) + w[t];
			uint64_t t2 = (rotr64(s[0], 28) ^ rotr64(s[0], 34) ^ rotr64(s[0], 39)) +
				      ((s[0] & s[1]) ^ (s[0] & s[2]) ^ (s[1] & s[2]));
			memmove(s + 1, s, 7 * sizeof s[0]);
			s[4] += t1;
			s[0] = t1 + t2;
		}
		for (int i = 0; i < 8; i++)
			h[i] += s[i];
	}
	for (size_t i = 0; i < outlen; i++)
		out[i] = (unsigned char)(h[i / 8] >> (56 - 8 * (i % 8)));
}

START_TEST(sha2_tables)
{
	for (size_t k = 0; k < sizeof msg_lens / sizeof msg_lens[0]; k++) {
		unsigned char m[256], ours[64], theirs[64];
		message(m, msg_lens[k]);
		sha256_on_tables(table("SHA-256 initial value"), m, msg_lens[k], ours, 32);
		ck_assert_uint_eq(openssl_digest("SHA256", m, msg_lens[k], theirs), 32);
		ck_assert_mem_eq(ours, theirs, 32);
		sha256_on_tables(table("SHA-224 initial value"), m, msg_lens[k], ours, 28);
		ck_assert_uint_eq(openssl_digest("SHA224", m, msg_lens[k], theirs), 28);
		ck_assert_mem_eq(ours, theirs, 28);
		sha512_on_tables(table("SHA-512 initial value"), m, msg_lens[k], ours, 64);
		ck_assert_uint_eq(openssl_digest("SHA512", m, msg_lens[k], theirs), 64);
		ck_assert_mem_eq(ours, theirs, 64);
		sha512_on_tables(table("SHA-384 initial value"), m, msg_lens[k], ours, 48);
		ck_assert_uint_eq(openssl_digest("SHA384", m, msg_lens[k], theirs), 48);
		ck_assert_mem_eq(ours, theirs, 48);
	}
}
END_TEST

/* SM3 (GB/T 32905-2016, 5) on the survey's IV and T_j. */
static void sm3_on_tables(const unsigned char *m, size_t n, unsigned char out[32])
{
	const struct hp_prim_table *iv = table("SM3 IV"), *tj = table("SM3 T_j"), *rot = table("SM3 T_j <<< j");
	unsigned char buf[512];
	uint32_t vv[8], w[68], w1[64], r[8];
	size_t len = md_pad(m, n, buf, 64, 8);

	for (int i = 0; i < 8; i++)
		vv[i] = (uint32_t)v(iv, (size_t)i);
	for (size_t b = 0; b < len; b += 64) {
		for (int j = 0; j < 16; j++)
			w[j] = (uint32_t)buf[b + 4 * j] << 24 | (uint32_t)buf[b + 4 * j + 1] << 16 |
			       (uint32_t)buf[b + 4 * j + 2] << 8 | buf[b + 4 * j + 3];
		for (int j = 16; j < 68; j++) {
			uint32_t x = w[j - 16] ^ w[j - 9] ^ rotr32(w[j - 3], 32 - 15);
			w[j] = (x ^ rotr32(x, 32 - 15) ^ rotr32(x, 32 - 23)) ^ rotr32(w[j - 13], 32 - 7) ^ w[j - 6];
		}
		for (int j = 0; j < 64; j++)
			w1[j] = w[j] ^ w[j + 4];
		memcpy(r, vv, sizeof r);
		for (int j = 0; j < 64; j++) {
			uint32_t t = (uint32_t)v(tj, j < 16 ? 0 : 1), a12 = rotr32(r[0], 32 - 12);
			uint32_t tr = rotr32(t, (32 - (unsigned)j % 32) % 32);
			uint32_t ss1 = rotr32(a12 + r[4] + tr, 32 - 7), ss2 = ss1 ^ a12;
			uint32_t ff = j < 16 ? r[0] ^ r[1] ^ r[2] : (r[0] & r[1]) | (r[0] & r[2]) | (r[1] & r[2]);
			uint32_t gg = j < 16 ? r[4] ^ r[5] ^ r[6] : (r[4] & r[5]) | (~r[4] & r[6]);
			uint32_t tt1 = ff + r[3] + ss2 + w1[j], tt2 = gg + r[7] + ss1 + w[j];
			ck_assert_uint_eq(tr, (uint32_t)v(rot, (size_t)j)); /* the rotated table */
			r[3] = r[2];
			r[2] = rotr32(r[1], 32 - 9);
			r[1] = r[0];
			r[0] = tt1;
			r[7] = r[6];
			r[6] = rotr32(r[5], 32 - 19);
			r[5] = r[4];
			r[4] = tt2 ^ rotr32(tt2, 32 - 9) ^ rotr32(tt2, 32 - 17);
		}
		for (int i = 0; i < 8; i++)
			vv[i] ^= r[i];
	}
	for (int i = 0; i < 32; i++)
		out[i] = (unsigned char)(vv[i / 4] >> (24 - 8 * (i % 4)));
}

START_TEST(sm3_tables)
{
	for (size_t k = 0; k < sizeof msg_lens / sizeof msg_lens[0]; k++) {
		unsigned char m[256], ours[32], theirs[32];
		message(m, msg_lens[k]);
		sm3_on_tables(m, msg_lens[k], ours);
		ck_assert_uint_eq(openssl_digest("SM3", m, msg_lens[k], theirs), 32);
		ck_assert_mem_eq(ours, theirs, 32);
	}
}
END_TEST

/* rc(t) of FIPS 202, Algorithm 5, with R as an integer (bit i = R[i]). */
static unsigned fips202_rc(unsigned t)
{
	unsigned r = 1;

	for (unsigned i = 1; i <= t % 255; i++) {
		r <<= 1; /* R = 0 || R */
		if (r & 0x100)
			r ^= 0x171; /* R[0,4,5,6] ^= R[8], then Trunc8 */
	}
	return r & 1;
}

/* Keccak-f[1600] (FIPS 202, 3) with the survey's RC, and SHA3-256 on it. */
static void sha3_256_on_tables(const unsigned char *m, size_t n, unsigned char out[32])
{
	static const unsigned rho[25] = { 0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
					  25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14 };
	const struct hp_prim_table *rc = table("Keccak-f[1600] round constants");
	unsigned char buf[512] = { 0 };
	uint64_t st[25] = { 0 };
	size_t len = (n / 136 + 1) * 136;

	memcpy(buf, m, n);
	buf[n] ^= 0x06;
	buf[len - 1] ^= 0x80;
	for (size_t b = 0; b < len; b += 136) {
		for (size_t i = 0; i < 136; i++)
			st[i / 8] ^= (uint64_t)buf[b + i] << (8 * (i % 8));
		for (int round = 0; round < 24; round++) {
			uint64_t c[5], bb[25];
			for (int x = 0; x < 5; x++)
				c[x] = st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20];
			for (int x = 0; x < 5; x++)
				for (int y = 0; y < 25; y += 5)
					st[x + y] ^= c[(x + 4) % 5] ^ rotr64(c[(x + 1) % 5], 63);
			for (int x = 0; x < 5; x++)
				for (int y = 0; y < 5; y++)
					bb[y + 5 * ((2 * x + 3 * y) % 5)] =
						rotr64(st[x + 5 * y], (64 - rho[x + 5 * y]) % 64);
			for (int y = 0; y < 25; y += 5)
				for (int x = 0; x < 5; x++)
					st[x + y] = bb[x + y] ^ (~bb[(x + 1) % 5 + y] & bb[(x + 2) % 5 + y]);
			st[0] ^= v(rc, (size_t)round);
		}
	}
	for (int i = 0; i < 32; i++)
		out[i] = (unsigned char)(st[i / 8] >> (8 * (i % 8)));
}

START_TEST(keccak_tables)
{
	const struct hp_prim_table *rc = table("Keccak-f[1600] round constants");

	ck_assert_uint_eq(rc->n, 24);
	for (unsigned ir = 0; ir < 24; ir++) {
		uint64_t want = 0;
		for (unsigned j = 0; j <= 6; j++)
			want |= (uint64_t)fips202_rc(j + 7 * ir) << ((1u << j) - 1);
		ck_assert_msg(v(rc, ir) == want, "RC[%u] = %016llx, FIPS 202 gives %016llx", ir,
			      (unsigned long long)v(rc, ir), (unsigned long long)want);
	}
	for (size_t k = 0; k < sizeof msg_lens / sizeof msg_lens[0]; k++) {
		unsigned char m[256], ours[32], theirs[32];
		message(m, msg_lens[k]);
		sha3_256_on_tables(m, msg_lens[k], ours);
		ck_assert_uint_eq(openssl_digest("SHA3-256", m, msg_lens[k], theirs), 32);
		ck_assert_mem_eq(ours, theirs, 32);
	}
}
END_TEST

/* BLAKE2b (RFC 7693, 3) with the survey's SIGMA and the SHA-512 IV (its
 * IV, 2.6), unkeyed, 64-byte digest; BLAKE2s likewise on the SHA-256 IV. */
static void blake2_on_tables(int big, const unsigned char *m, size_t n, unsigned char *out)
{
	const struct hp_prim_table *sigma = table("BLAKE2 SIGMA");
	const struct hp_prim_table *iv = table(big ? "SHA-512 initial value" : "SHA-256 initial value");
	const unsigned bb = big ? 128 : 64, ww = big ? 64 : 32, rounds = big ? 12 : 10, nn = big ? 64 : 32;
	const unsigned rot[2][4] = { { 16, 12, 8, 7 }, { 32, 24, 16, 63 } };
	uint64_t h[8], mask = big ? ~0ull : 0xffffffffull;
	size_t done = 0;

	for (int i = 0; i < 8; i++)
		h[i] = v(iv, (size_t)i);
	h[0] ^= 0x01010000u ^ nn;
	do {
		unsigned char blk[128] = { 0 };
		size_t take = n - done > bb ? bb : n - done;
		int last = done + take == n;
		uint64_t mw[16] = { 0 }, vv[16];
		memcpy(blk, m + done, take);
		done += take;
		for (unsigned i = 0; i < 16; i++)
			for (unsigned j = 0; j < ww / 8; j++)
				mw[i] |= (uint64_t)blk[i * (ww / 8) + j] << (8 * j);
		for (int i = 0; i < 8; i++) {
			vv[i] = h[i];
			vv[i + 8] = v(iv, (size_t)i);
		}
		vv[12] ^= (uint64_t)done & mask;
		vv[13] ^= big ? 0 : (uint64_t)done >> 32;
		if (last)
			vv[14] ^= mask;
		for (unsigned r = 0; r < rounds; r++) {
			static const int g[8][4] = { { 0, 4, 8, 12 },  { 1, 5, 9, 13 },  { 2, 6, 10, 14 },
						     { 3, 7, 11, 15 }, { 0, 5, 10, 15 }, { 1, 6, 11, 12 },
						     { 2, 7, 8, 13 },  { 3, 4, 9, 14 } };
			for (int k = 0; k < 8; k++) {
				uint64_t *a = &vv[g[k][0]], *b = &vv[g[k][1]], *c = &vv[g[k][2]], *d = &vv[g[k][3]];
				uint64_t x = mw[v(sigma, 16 * (r % 10) + 2 * (unsigned)k)];
				uint64_t y = mw[v(sigma, 16 * (r % 10) + 2 * (unsigned)k + 1)];
#define ROT(z, s) ((((z) >> (s)) | ((z) << (ww - (s)))) & mask)
				*a = (*a + *b + x) & mask;
				*d = ROT(*d ^ *a, rot[big][0]);
				*c = (*c + *d) & mask;
				*b = ROT(*b ^ *c, rot[big][1]);
				*a = (*a + *b + y) & mask;
				*d = ROT(*d ^ *a, rot[big][2]);
				*c = (*c + *d) & mask;
				*b = ROT(*b ^ *c, rot[big][3]);
#undef ROT
			}
		}
		for (int i = 0; i < 8; i++)
			h[i] ^= vv[i] ^ vv[i + 8];
	} while (done < n);
	for (unsigned i = 0; i < nn; i++)
		out[i] = (unsigned char)(h[i / (ww / 8)] >> (8 * (i % (ww / 8))));
}

START_TEST(blake2_tables)
{
	const struct hp_prim_table *sigma = table("BLAKE2 SIGMA");

	ck_assert_uint_eq(sigma->n, 160);
	for (size_t k = 0; k < sizeof msg_lens / sizeof msg_lens[0]; k++) {
		unsigned char m[256], ours[64], theirs[64];
		message(m, msg_lens[k]);
		blake2_on_tables(1, m, msg_lens[k], ours);
		ck_assert_uint_eq(openssl_digest("BLAKE2B-512", m, msg_lens[k], theirs), 64);
		ck_assert_mem_eq(ours, theirs, 64);
		blake2_on_tables(0, m, msg_lens[k], ours);
		ck_assert_uint_eq(openssl_digest("BLAKE2S-256", m, msg_lens[k], theirs), 32);
		ck_assert_mem_eq(ours, theirs, 32);
	}
}
END_TEST

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	for (; b; b >>= 1, a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1b : 0)))
		if (b & 1)
			p ^= a;
	return p;
}

START_TEST(aes_tables)
{
	const struct hp_prim_table *sbox = table("AES S-box"), *inv = table("AES inverse S-box");
	const struct hp_prim_table *rcon = table("AES Rcon");
	size_t n;
	const struct hp_prim_table *all = hp_prim_tables(&n);
	int te0 = 0;

	/* FIPS 197, 5.1.1: the multiplicative inverse (0 for 0), then the affine map */
	for (unsigned x = 0; x < 256; x++) {
		uint8_t b = 0, s = 0;
		for (unsigned y = 1; y < 256 && x; y++)
			if (gf_mul((uint8_t)x, (uint8_t)y) == 1)
				b = (uint8_t)y;
		for (unsigned i = 0; i < 8; i++) {
			unsigned bit = ((b >> i) ^ (b >> ((i + 4) % 8)) ^ (b >> ((i + 5) % 8)) ^ (b >> ((i + 6) % 8)) ^
					(b >> ((i + 7) % 8)) ^ (0x63 >> i)) &
				       1;
			s |= (uint8_t)(bit << i);
		}
		ck_assert_msg(v(sbox, x) == s, "S-box[%02x] = %02x, FIPS 197 gives %02x", x, (unsigned)v(sbox, x), s);
		ck_assert_uint_eq(v(inv, s), x);
	}
	/* FIPS 197, 5.2: Rcon[i] = x^(i-1) */
	for (unsigned i = 0, p = 1; i < 10; i++, p = gf_mul((uint8_t)p, 2))
		ck_assert_uint_eq(v(rcon, i), p);
	/* the T-tables: one of them is OpenSSL's Te0 (aes_core.c: c66363a5, f87c7c84, ...) */
	for (size_t i = 0; i < n; i++)
		te0 |= !strcmp(all[i].what, "AES T-table") && v(&all[i], 0) == 0xc66363a5u &&
		       v(&all[i], 1) == 0xf87c7c84u;
	ck_assert(te0);
}
END_TEST

START_TEST(chacha_sigma)
{
	const struct hp_prim_table *t = table("ChaCha sigma \"expand 32-byte k\"");
	unsigned char b[16];

	for (int i = 0; i < 16; i++)
		b[i] = (unsigned char)(v(t, (size_t)i / 4) >> (8 * (i % 4)));
	ck_assert_mem_eq(b, "expand 32-byte k", 16);
}
END_TEST

/* Every table can be told by the survey: at most 64 (a bit each), a
 * window no longer than the table, a citation. */
START_TEST(table_shapes)
{
	size_t n;
	const struct hp_prim_table *t = hp_prim_tables(&n);

	ck_assert_uint_le(n, 64);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(t[i].window || t[i].scatter, "%s: found neither as a table nor as immediates", t[i].what);
		ck_assert_uint_le(t[i].window_from + t[i].window, t[i].n);
		ck_assert_msg(t[i].cite && t[i].cite[0], "%s cites no standard", t[i].what);
		ck_assert(t[i].width == 1 || t[i].width == 4 || t[i].width == 8);
	}
}
END_TEST

/* ---------- names ---------- */

START_TEST(names)
{
	static const struct {
		const char *sym;
		unsigned prim;
	} cases[] = {
		{ "shake128_absorb", HP_PRIM_KECCAK },
		{ "PQCLEAN_MLKEM768_CLEAN_kyber_shake128_absorb", HP_PRIM_KECCAK },
		{ "KeccakF1600_StatePermute", HP_PRIM_KECCAK },
		{ "KeccakWidth1600Sponge", HP_PRIM_KECCAK },
		{ "sha3_256_inc_init", HP_PRIM_KECCAK },
		{ "SHA256_Update", HP_PRIM_SHA256 },
		{ "crypto_hashblocks_sha512", HP_PRIM_SHA512 },
		{ "sm3_compress", HP_PRIM_SM3 },
		{ "sm3kdf", HP_PRIM_SM3 },
		{ "SM3_Init", HP_PRIM_SM3 },
		{ "aes256_ctr", HP_PRIM_AES },
		{ "AES_encrypt", HP_PRIM_AES },
		{ "ChaCha20_ctr32", HP_PRIM_CHACHA },
		{ "chacha20_block", HP_PRIM_CHACHA },
		{ "salsa20_core", HP_PRIM_CHACHA },
		{ "blake2b_compress", HP_PRIM_BLAKE2B },
		{ "blake2s", HP_PRIM_BLAKE2S },
		/* not primitives */
		{ "sm3hash", 0 }, /* the ICCS helper: its name, not an own SM3 */
		{ "pseudoXOF", 0 },
		{ "handshake_done", 0 },
		{ "shakeout", 0 },
		{ "aesthetic_value", 0 },
		{ "salsa_dance", 0 },
		{ "sha_table", 0 },
		{ "prng_refill", 0 },
		{ "poly_uniform", 0 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(hp_prim_of_name(cases[i].sym) == cases[i].prim, "%s: %#x, expected %#x", cases[i].sym,
			      hp_prim_of_name(cases[i].sym), cases[i].prim);
}
END_TEST

START_TEST(labels)
{
	char buf[128];

	hp_prim_label(HP_PRIM_SHA256 | HP_PRIM_BLAKE2S, buf, sizeof buf);
	ck_assert_str_eq(buf, "SHA-256 or BLAKE2s");
	hp_prim_label(HP_PRIM_KECCAK, buf, sizeof buf);
	ck_assert_str_eq(buf, "Keccak-f[1600]");
	hp_prim_label(0, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("primitives");
	TCase *tc = tcase_create("tables");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, sha2_tables);
	tcase_add_test(tc, sm3_tables);
	tcase_add_test(tc, keccak_tables);
	tcase_add_test(tc, blake2_tables);
	tcase_add_test(tc, aes_tables);
	tcase_add_test(tc, chacha_sigma);
	tcase_add_test(tc, table_shapes);
	tcase_add_test(tc, names);
	tcase_add_test(tc, labels);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
