/*
 * primitives.c - the signatures of symmetric primitives that the survey
 * (survey.c) looks for in an instance's objects: the constant tables of
 * the standards, and the words primitive code is named with.
 *
 * Every table below is copied from the standard it cites, in the
 * standard's word order and word size (uint32_t words for SHA-256 and
 * SM3, uint64_t for Keccak and SHA-512, bytes for AES and BLAKE2's
 * SIGMA).  tests/test_survey.c checks them independently: Keccak-f[1600],
 * SHA-256, SHA-512 and SM3 written on these tables must hash like
 * OpenSSL, the Keccak round constants must equal FIPS 202's rc(t), and
 * the AES S-box must equal FIPS 197's inverse-and-affine definition.  The
 * AES T-tables and the inverse S-box are not listed by FIPS 197; they are
 * derived from its S-box and MixColumns at first use (hp_prim_tables).
 */
#include "config.h"
#include "builder.h"

#include <string.h>

/* ---------- FIPS 202 ---------- */

/* Keccak-f[1600] round constants RC[ir], ir = 0..23: FIPS 202 (2015),
 * 3.2.5, Algorithm 6 (iota), the bits given by rc(t) of Algorithm 5. */
static const uint64_t hp_keccak_rc[24] = {
	0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
	0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
	0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
	0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
	0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
	0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* ---------- FIPS 180-4 ---------- */

/* SHA-224 and SHA-256 constants K0..K63: FIPS 180-4 (2015), 4.2.2. */
static const uint32_t hp_sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* SHA-256 initial hash value H(0): FIPS 180-4, 5.3.3.  RFC 7693, 2.6:
 * BLAKE2s uses the same eight words as its IV. */
static const uint32_t hp_sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* SHA-224 initial hash value H(0): FIPS 180-4, 5.3.2. */
static const uint32_t hp_sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* SHA-384, SHA-512, SHA-512/t constants K0..K79: FIPS 180-4, 4.2.3. */
static const uint64_t hp_sha512_k[80] = {
	0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
	0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
	0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
	0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
	0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
	0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
	0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
	0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
	0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
	0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
	0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
	0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
	0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
	0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
	0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
	0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
	0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
	0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
	0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
	0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

/* SHA-512 initial hash value H(0): FIPS 180-4, 5.3.5.  RFC 7693, 2.6:
 * BLAKE2b uses the same eight words as its IV. */
static const uint64_t hp_sha512_iv[8] = {
	0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
	0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

/* SHA-384 initial hash value H(0): FIPS 180-4, 5.3.4. */
static const uint64_t hp_sha384_iv[8] = {
	0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
	0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

/* ---------- GB/T 32905-2016 ---------- */

/* SM3 initial value IV: GB/T 32905-2016, 4.1. */
static const uint32_t hp_sm3_iv[8] = {
	0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
};

/* SM3 constants T_j: GB/T 32905-2016, 4.2: 79cc4519 for 0 <= j <= 15,
 * 7a879d8a for 16 <= j <= 63.  Two words, so they are looked for as
 * immediates of one function (or words of one table). */
static const uint32_t hp_sm3_t[2] = { 0x79cc4519, 0x7a879d8a };

/* T_j <<< (j mod 32), j = 0..63: the table the compression function of
 * GB/T 32905-2016, 5.3.3 (SS1 = ((A <<< 12) + E + (T_j <<< j)) <<< 7)
 * is usually written with; filled from hp_sm3_t at first use. */
static uint32_t hp_sm3_t_rot[64];

/* ---------- FIPS 197 ---------- */

/* The AES S-box: FIPS 197 (2001), 5.1.1, Figure 7, row x, column y at
 * index 16x + y. */
static const uint8_t hp_aes_sbox[256] = {
	0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76, 0xca, 0x82,
	0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0, 0xb7, 0xfd, 0x93, 0x26,
	0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15, 0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96,
	0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75, 0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0,
	0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84, 0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb,
	0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf, 0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f,
	0x50, 0x3c, 0x9f, 0xa8, 0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff,
	0xf3, 0xd2, 0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
	0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb, 0xe0, 0x32,
	0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79, 0xe7, 0xc8, 0x37, 0x6d,
	0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08, 0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6,
	0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a, 0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e,
	0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e, 0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e,
	0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf, 0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f,
	0xb0, 0x54, 0xbb, 0x16,
};

/* The key expansion's round constants Rcon[i] = x^(i-1) in GF(2^8),
 * i = 1..10 (the first byte of the word [x^(i-1), 00, 00, 00]): FIPS 197,
 * 5.2. */
static const uint8_t hp_aes_rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
/* ...the same as 32-bit words, the byte in the low or in the high end
 * (filled at first use). */
static uint32_t hp_aes_rcon_lo[10], hp_aes_rcon_hi[10];

/* The inverse S-box (FIPS 197, 5.3.2, Figure 14: InvSubBytes undoes
 * SubBytes) and the eight forms of the "T-table" that implementations
 * combine SubBytes and MixColumns into: T[x] = the column
 * (02·S[x], 01·S[x], 01·S[x], 03·S[x]) of FIPS 197, 5.1.3, in each of its
 * four rotations, packed into a word with the first row in the low or in
 * the high byte.  Derived from hp_aes_sbox at first use. */
static uint8_t hp_aes_inv_sbox[256];
static uint32_t hp_aes_ttab[8][256];

/* ---------- RFC 8439 ---------- */

/* ChaCha20's first four state words, "expand 32-byte k" in ASCII:
 * RFC 8439, 2.3 (Salsa20 starts from the same sigma). */
static const uint32_t hp_chacha_sigma[4] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };

/* ---------- RFC 7693 ---------- */

/* BLAKE2's message schedule SIGMA[0..9]: RFC 7693, 2.7 (BLAKE2b uses
 * rows 0 and 1 again for rounds 10 and 11).  Row 0 is the identity, which
 * any index table holds, so a table is recognised from row 1 on. */
static const uint8_t hp_blake2_sigma[160] = {
	0,  1,  2,  3,  4,  5,  6, 7,  8,  9,  10, 11, 12, 13, 14, 15, 14, 10, 4,  8,  9,  15, 13, 6,  1,  12, 0,
	2,  11, 7,  5,  3,  11, 8, 12, 0,  5,  2,  15, 13, 10, 14, 3,  6,  7,  1,  9,  4,  7,  9,  3,  1,  13, 12,
	11, 14, 2,  6,  5,  10, 4, 0,  15, 8,  9,  0,  5,  7,  2,  4,  10, 15, 14, 1,  11, 12, 6,  8,  3,  13, 2,
	12, 6,  10, 0,  11, 8,  3, 4,  13, 7,  5,  15, 14, 1,  9,  12, 5,  1,  15, 14, 13, 4,  10, 0,  7,  6,  3,
	9,  2,  8,  11, 13, 11, 7, 14, 12, 1,  3,  9,  5,  0,  15, 4,  8,  6,  2,  10, 6,  15, 14, 9,  11, 3,  0,
	8,  12, 2,  13, 7,  1,  4, 10, 5,  10, 2,  8,  4,  7,  6,  1,  5,  15, 11, 9,  14, 3,  12, 13, 0,
};

/* ---------- the table of tables ---------- */

#define HP_N(a) (sizeof(a) / sizeof((a)[0]))

static struct hp_prim_table hp_tables[] = {
	{ "Keccak-f[1600] round constants", "FIPS 202 3.2.5", HP_PRIM_KECCAK, 8, HP_N(hp_keccak_rc), hp_keccak_rc, 4, 0,
	  8, HP_ENC_LE | HP_ENC_BE },
	{ "SHA-256 round constants K", "FIPS 180-4 4.2.2", HP_PRIM_SHA256, 4, HP_N(hp_sha256_k), hp_sha256_k, 4, 0, 16,
	  HP_ENC_LE | HP_ENC_BE },
	{ "SHA-256 initial value", "FIPS 180-4 5.3.3; the BLAKE2s IV, RFC 7693 2.6", HP_PRIM_SHA256 | HP_PRIM_BLAKE2S,
	  4, HP_N(hp_sha256_iv), hp_sha256_iv, 8, 0, 8, HP_ENC_LE | HP_ENC_BE },
	{ "SHA-224 initial value", "FIPS 180-4 5.3.2", HP_PRIM_SHA256, 4, HP_N(hp_sha224_iv), hp_sha224_iv, 8, 0, 8,
	  HP_ENC_LE | HP_ENC_BE },
	{ "SHA-512 round constants K", "FIPS 180-4 4.2.3", HP_PRIM_SHA512, 8, HP_N(hp_sha512_k), hp_sha512_k, 4, 0, 16,
	  HP_ENC_LE | HP_ENC_BE },
	{ "SHA-512 initial value", "FIPS 180-4 5.3.5; the BLAKE2b IV, RFC 7693 2.6", HP_PRIM_SHA512 | HP_PRIM_BLAKE2B,
	  8, HP_N(hp_sha512_iv), hp_sha512_iv, 8, 0, 8, HP_ENC_LE | HP_ENC_BE },
	{ "SHA-384 initial value", "FIPS 180-4 5.3.4", HP_PRIM_SHA512, 8, HP_N(hp_sha384_iv), hp_sha384_iv, 8, 0, 8,
	  HP_ENC_LE | HP_ENC_BE },
	{ "SM3 IV", "GB/T 32905-2016 4.1", HP_PRIM_SM3, 4, HP_N(hp_sm3_iv), hp_sm3_iv, 8, 0, 8, HP_ENC_LE | HP_ENC_BE },
	{ "SM3 T_j", "GB/T 32905-2016 4.2", HP_PRIM_SM3, 4, HP_N(hp_sm3_t), hp_sm3_t, 0, 0, 2, HP_ENC_LE },
	{ "SM3 T_j <<< j", "GB/T 32905-2016 4.2, 5.3.3", HP_PRIM_SM3, 4, HP_N(hp_sm3_t_rot), hp_sm3_t_rot, 4, 0, 0,
	  HP_ENC_LE | HP_ENC_BE },
	{ "AES S-box", "FIPS 197 5.1.1", HP_PRIM_AES, 1, HP_N(hp_aes_sbox), hp_aes_sbox, 16, 0, 0, HP_ENC_LE },
	{ "AES inverse S-box", "FIPS 197 5.3.2", HP_PRIM_AES, 1, HP_N(hp_aes_inv_sbox), hp_aes_inv_sbox, 16, 0, 0,
	  HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[0], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[1], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[2], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[3], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[4], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[5], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[6], 4, 0, 0, HP_ENC_LE },
	{ "AES T-table", "FIPS 197 5.1.1 and 5.1.3", HP_PRIM_AES, 4, 256, hp_aes_ttab[7], 4, 0, 0, HP_ENC_LE },
	/* ten entries: 01 .. 80 alone are any table of bit masks */
	{ "AES Rcon", "FIPS 197 5.2", HP_PRIM_AES, 1, HP_N(hp_aes_rcon), hp_aes_rcon, 10, 0, 0, HP_ENC_LE },
	{ "AES Rcon", "FIPS 197 5.2", HP_PRIM_AES, 4, HP_N(hp_aes_rcon_lo), hp_aes_rcon_lo, 10, 0, 0, HP_ENC_LE },
	{ "AES Rcon", "FIPS 197 5.2", HP_PRIM_AES, 4, HP_N(hp_aes_rcon_hi), hp_aes_rcon_hi, 10, 0, 0, HP_ENC_LE },
	{ "ChaCha sigma \"expand 32-byte k\"", "RFC 8439 2.3", HP_PRIM_CHACHA, 4, HP_N(hp_chacha_sigma),
	  hp_chacha_sigma, 4, 0, 4, HP_ENC_LE },
	{ "BLAKE2 SIGMA", "RFC 7693 2.7", HP_PRIM_BLAKE2B | HP_PRIM_BLAKE2S, 1, HP_N(hp_blake2_sigma), hp_blake2_sigma,
	  16, 16, 0, HP_ENC_LE },
};

/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197, 4.2). */
static uint8_t hp_gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1b : 0));
		b >>= 1;
	}
	return p;
}

/* The derived tables, once. */
static void hp_prim_derive(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	for (unsigned j = 0; j < 64; j++) {
		uint32_t t = hp_sm3_t[j < 16 ? 0 : 1];
		unsigned r = j % 32;
		hp_sm3_t_rot[j] = r ? (t << r) | (t >> (32 - r)) : t;
	}
	for (unsigned i = 0; i < 10; i++) {
		hp_aes_rcon_lo[i] = hp_aes_rcon[i];
		hp_aes_rcon_hi[i] = (uint32_t)hp_aes_rcon[i] << 24;
	}
	for (unsigned x = 0; x < 256; x++) {
		uint8_t s = hp_aes_sbox[x];
		/* the column (02 s, 01 s, 01 s, 03 s), rows 0..3 */
		uint8_t col[4] = { hp_gf_mul(s, 2), s, s, hp_gf_mul(s, 3) };
		hp_aes_inv_sbox[s] = (uint8_t)x;
		for (unsigned rot = 0; rot < 4; rot++) {
			uint32_t lo = 0, hi = 0;
			for (unsigned row = 0; row < 4; row++) {
				uint8_t b = col[(row + 4 - rot) % 4];
				lo |= (uint32_t)b << (8 * row);
				hi |= (uint32_t)b << (8 * (3 - row));
			}
			hp_aes_ttab[rot][x] = lo;
			hp_aes_ttab[4 + rot][x] = hi;
		}
	}
}

const struct hp_prim_table *hp_prim_tables(size_t *n)
{
	hp_prim_derive();
	*n = HP_N(hp_tables);
	return hp_tables;
}

uint64_t hp_prim_value(const struct hp_prim_table *t, size_t i)
{
	switch (t->width) {
	case 1:
		return ((const uint8_t *)t->values)[i];
	case 4:
		return ((const uint32_t *)t->values)[i];
	default:
		return ((const uint64_t *)t->values)[i];
	}
}

/* ---------- names ---------- */

const char *hp_prim_name(unsigned prim)
{
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {
		{ HP_PRIM_KECCAK, "Keccak-f[1600]" },
		{ HP_PRIM_SHA256, "SHA-256" },
		{ HP_PRIM_SHA512, "SHA-512" },
		{ HP_PRIM_SM3, "SM3" },
		{ HP_PRIM_AES, "AES" },
		{ HP_PRIM_CHACHA, "ChaCha20" },
		{ HP_PRIM_BLAKE2B, "BLAKE2b" },
		{ HP_PRIM_BLAKE2S, "BLAKE2s" },
		{ HP_PRIM_SHA1, "SHA-1" },
		{ HP_PRIM_SM4, "SM4" },
		{ HP_PRIM_BLAKE3, "BLAKE3" },
	};

	for (size_t i = 0; i < HP_N(names); i++)
		if (prim == names[i].bit)
			return names[i].name;
	return NULL;
}

void hp_prim_label(unsigned mask, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (unsigned bit = 1; bit && bit <= mask; bit <<= 1)
		if ((mask & bit) && hp_prim_name(bit))
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s", o ? " or " : "", hp_prim_name(bit));
}

/*
 * The words primitive code is named with.  A symbol is split into tokens
 * at every character that is not a letter or digit and at lower-to-upper
 * case changes (KeccakF1600_StatePermute: "keccakf1600", "state",
 * "permute"); a token names a primitive when it starts with one of these
 * words and what follows is short and no ordinary word (digits, one or
 * two letters, a variant suffix): "shake128", "sha3", "sha256", "sm3",
 * "aes128", "chacha20", "blake2b", "keccakf1600" and "sm3kdf" do,
 * "shakeout", "aesthetic" and "handshake" do not.  need_digit: the word
 * is an abbreviation that means a primitive only with its number ("sha"
 * in "sha256", never "sha" alone).
 */
static const struct {
	const char *word;
	unsigned prim;
	int need_digit;
} hp_name_words[] = {
	{ "keccak", HP_PRIM_KECCAK, 0 },   { "shake", HP_PRIM_KECCAK, 0 },    { "sha3", HP_PRIM_KECCAK, 0 },
	{ "sha224", HP_PRIM_SHA256, 0 },   { "sha256", HP_PRIM_SHA256, 0 },   { "sha384", HP_PRIM_SHA512, 0 },
	{ "sha512", HP_PRIM_SHA512, 0 },   { "sha2", HP_PRIM_SHA256, 0 },     { "sha1", HP_PRIM_SHA1, 0 },
	{ "sm3", HP_PRIM_SM3, 0 },         { "sm4", HP_PRIM_SM4, 0 },         { "aes", HP_PRIM_AES, 0 },
	{ "rijndael", HP_PRIM_AES, 0 },    { "chacha", HP_PRIM_CHACHA, 0 },   { "salsa", HP_PRIM_CHACHA, 1 },
	{ "blake2b", HP_PRIM_BLAKE2B, 0 }, { "blake2s", HP_PRIM_BLAKE2S, 0 }, { "blake3", HP_PRIM_BLAKE3, 0 },
};

/* What may follow the word in a token: an optional letter before digits
 * (keccakf1600, keccakp1600), digits, then at most two letters (blake2b's
 * b, shakes); or one of the variant suffixes. */
static int hp_name_rest_ok(const char *rest, size_t n, int need_digit)
{
	static const char *const suffixes[] = { "kdf", "ctx", "ctr", "ecb", "cbc", "gcm", "enc", "dec" };
	size_t i = 0;

	if (need_digit && (n == 0 || rest[0] < '0' || rest[0] > '9'))
		return 0;
	for (size_t k = 0; k < HP_N(suffixes); k++)
		if (n == strlen(suffixes[k]) && !memcmp(rest, suffixes[k], n))
			return 1;
	if (n >= 2 && rest[0] >= 'a' && rest[0] <= 'z' && rest[1] >= '0' && rest[1] <= '9')
		i = 1;
	while (i < n && rest[i] >= '0' && rest[i] <= '9')
		i++;
	if (n - i > 2)
		return 0;
	for (; i < n; i++)
		if (rest[i] < 'a' || rest[i] > 'z')
			return 0;
	return 1;
}

/* The primitive one lower-case token names, or 0. */
static unsigned hp_name_token(const char *tok, size_t t)
{
	for (size_t k = 0; t && k < HP_N(hp_name_words); k++) {
		size_t wl = strlen(hp_name_words[k].word);
		if (t >= wl && !memcmp(tok, hp_name_words[k].word, wl) &&
		    hp_name_rest_ok(tok + wl, t - wl, hp_name_words[k].need_digit))
			return hp_name_words[k].prim;
	}
	return 0;
}

static int hp_is_lower_or_digit(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

static int hp_is_alnum(int c)
{
	return hp_is_lower_or_digit(c) || (c >= 'A' && c <= 'Z');
}

unsigned hp_prim_of_name(const char *sym)
{
	unsigned found = 0;

	for (const char *p = sym; *p;) {
		const char *e = p;
		char tok[64];
		size_t t = 0;

		while (*e && hp_is_alnum((unsigned char)*e))
			e++;
		/* the whole token (ChaCha20, SHA256, keccakf1600) ... */
		for (const char *q = p; q < e && t + 1 < sizeof tok; q++)
			tok[t++] = (char)(*q >= 'A' && *q <= 'Z' ? *q - 'A' + 'a' : *q);
		found |= hp_name_token(tok, t);
		/* ... and its camel-case parts (KeccakWidth1600Sponge: Keccak) */
		for (const char *q = p; q < e;) {
			const char *r = q + 1;
			while (r < e && !(*r >= 'A' && *r <= 'Z' && hp_is_lower_or_digit((unsigned char)r[-1])))
				r++;
			if (q != p || r != e) {
				t = 0;
				for (const char *c = q; c < r && t + 1 < sizeof tok; c++)
					tok[t++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
				found |= hp_name_token(tok, t);
			}
			q = r;
		}
		p = *e ? e + 1 : e;
	}
	return found;
}
