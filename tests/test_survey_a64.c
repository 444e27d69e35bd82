/*
 * test_survey_a64.c - the survey's reading of AArch64 code
 * (builder/survey/a64.c) on instruction words: the constants that MOVZ,
 * MOVN and MOVK build, and the addresses code uses from a section anchor.
 * Runs on any machine (the words are data); the words are GCC 12's
 * (aarch64-linux-gnu-gcc -O2 -fPIC) for the fixtures own-sm3 and
 * own-static (tests/fixtures), or GNU as's for the lines quoted beside
 * them.  What it guards: on AArch64, SM3's T_j in sm3_compress, the IV
 * of own-static's sha256 at 256 bytes from the anchor of sha256_k, and
 * no IV for a function that only takes its neighbours' addresses
 * (tests/test_survey, under qemu-aarch64, checks the verdicts end to end).
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "survey/a64.h"

/* The words as the bytes of a little-endian code section. */
static unsigned char *code_of(const uint32_t *w, size_t n)
{
	unsigned char *c = malloc(4 * n);

	ck_assert_ptr_nonnull(c);
	for (size_t i = 0; i < n; i++)
		for (unsigned b = 0; b < 4; b++)
			c[4 * i + b] = (unsigned char)(w[i] >> (8 * b));
	return c;
}

/* ---------- wide immediates ---------- */

/* hp_a64_wide_values of the words equals want (sorted, n of them). */
static void expect_values(const uint32_t *w, size_t nw, const uint64_t *want, size_t n)
{
	unsigned char *c = code_of(w, nw);
	uint64_t *v;
	size_t nv;

	ck_assert_int_eq(hp_a64_wide_values(c, nw, &v, &nv), 0);
	ck_assert_uint_eq(nv, n);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(v[i] == want[i], "value %zu: %#llx, expected %#llx", i, (unsigned long long)v[i],
			      (unsigned long long)want[i]);
	free(v);
	free(c);
}

/* sm3_compress (own-sm3's sm3.c): T_j = 0x79cc4519, 0x7a879d8a, each
 * half built apart from the other. */
START_TEST(sm3_tj_in_two_halves)
{
	static const uint32_t w[] = {
		0x5293b14e, /* mov  w14, #0x9d8a */
		0x5288a32f, /* mov  w15, #0x4519 */
		0xd280002b, /* mov  x11, #0x1 */
		0x52800005, /* mov  w5, #0x0 */
		0x72af50ee, /* movk w14, #0x7a87, lsl #16 */
		0x72af398f, /* movk w15, #0x79cc, lsl #16 */
	};
	static const uint64_t want[] = { 0, 1, 0x4519, 0x9d8a, 0x79cc4519, 0x7a879d8a };

	expect_values(w, 6, want, 6);
}
END_TEST

/* What ends a half-built value, and what does not. */
START_TEST(wide_values_end_when_written)
{
	static const uint32_t w[] = {
		0x5288a32f, /* mov  w15, #0x4519 */
		0x110005ef, /* add  w15, w15, #0x1: written, the MOVK below builds on no known value */
		0x72af398f, /* movk w15, #0x79cc, lsl #16 */
		0x5288a321, /* mov  w1, #0x4519 */
		0x94000000, /* bl: x0-x18 may change */
		0x72af3981, /* movk w1, #0x79cc, lsl #16 */
		0x5293b143, /* mov  w3, #0x9d8a */
		0x54000021, /* b.ne: writes nothing (bits 4:0 are its condition) */
		0x72af50e3, /* movk w3, #0x7a87, lsl #16 */
		0xd2901140, /* mov  x0, #0x808a */
		0xf2f00000, /* movk x0, #0x8000, lsl #48: a Keccak-f[1600] round constant */
		0x12800022, /* mov  w2, #0xfffffffe (MOVN) */
		0x72af3989, /* movk w9, #0x79cc, lsl #16: w9 was never built here */
		0x4f01e6c3, /* movi v3.16b, #0x36: a vector register, not x3 */
	};
	static const uint64_t want[] = { 0x4519, 0x808a, 0x9d8a, 0x7a879d8a, 0xfffffffe, 0x800000000000808aull };

	expect_values(w, sizeof w / sizeof w[0], want, sizeof want / sizeof want[0]);
}
END_TEST

/* ---------- anchors ---------- */

struct uses {
	int64_t off[32];
	size_t n;
};

static int record_use(void *arg, int64_t offset)
{
	struct uses *u = arg;

	ck_assert_uint_lt(u->n, 32);
	u->off[u->n++] = offset;
	return 0;
}

/* hp_a64_anchor_uses from word at of w: exactly the offsets want, in order. */
static void expect_uses(const uint32_t *w, size_t at, size_t nw, const int64_t *want, size_t n)
{
	unsigned char *c = code_of(w, nw);
	struct uses u = { { 0 }, 0 };

	ck_assert_int_eq(hp_a64_anchor_uses(c, at, nw, record_use, &u), 0);
	for (size_t i = 0; i < u.n && i < n; i++)
		ck_assert_msg(u.off[i] == want[i], "use %zu: %lld, expected %lld", i, (long long)u.off[i],
			      (long long)want[i]);
	ck_assert_uint_eq(u.n, n);
	free(c);
}

/* own-static's sha256: adrp x3, .rodata; add x3, x3, :lo12:.rodata (the
 * anchor, sha256_k at +0); ldp q0, q1, [x3, #256], the IV; then calls
 * sha256_block with x3 still live: the IV is used, K is not. */
START_TEST(sha256_iv_past_its_anchor)
{
	static const uint32_t w[] = { 0x91000063, 0xa9b67bfd, 0x910003fd, 0xad480460, 0xa90153f3, 0x910103f3,
				      0xa9025bf5, 0xaa0103f4, 0xaa0003f6, 0xa90363f7, 0xaa0203f7, 0xad000660,
				      0xf100fc5f, 0x54001169, 0xd1010055, 0x927ae6b5, 0x910102b5, 0x8b150035,
				      0xd503201f, 0xaa1403e1, 0xaa1303e0, 0x91010294, 0x97ffff5d };
	static const int64_t want[] = { 256 };

	expect_uses(w, 0, sizeof w / sizeof w[0], want, 1);
}
END_TEST

/* own-static's sha256_block: add x25 = the anchor (K); x21 = x25 + 256,
 * the end of K; ldr w0, [x25], #4 in the loop; cmp x25, x21 bounds it:
 * K is used, the IV just past it is not. */
START_TEST(sha256_block_loop_bound)
{
	static const uint32_t w[] = {
		0x91000339, 0x91040335, 0x910193e3, 0xad000680, 0xb94063f7, 0xb94073e1, 0x294ecfe4,
		0x13812c22, 0xb8404720, 0x4ac11842, 0x0a040024, 0x0a210273, 0xb8404745, 0x4a040273,
		0xb9407fe4, 0x4ac16441, 0x294ceff8, 0x0b050000, 0x0b010273, 0xd2800382, 0x0b000273,
		0xaa1403e1, 0x0b040273, 0xaa0303e0, 0x94000000, 0xaa0003e3, 0x4a1b0302, 0x13970ae0,
		0x0a170042, 0x4ad73400, 0x0a1b0318, 0xb94073e1, 0x4ad75800, 0x4a180042, 0x0b020000,
		0x0b010261, 0x0b130017, 0xb90063f7, 0xb90073e1, 0xeb15033f, 0x54fffbc1,
	};
	static const int64_t want[] = { 0 };

	expect_uses(w, 0, sizeof w / sizeof w[0], want, 1);
}
END_TEST

/* own-sm3's iccs_hmac (auxfunc.c): the anchor is iccs_sm3_iv at +0, but
 * the function only takes the addresses of pi (+0x20) and e (+0x40),
 * stores them and passes them on: those are used, the IV is not. */
START_TEST(neighbours_only)
{
	static const uint32_t w[] = { 0x91000084, 0x91008085, 0x910003fd, 0x91010084, 0x910203e3, 0xa90153f3,
				      0xaa0303f4, 0xa9025bf5, 0xaa0203f6, 0xaa0303e2, 0xd2800203, 0xaa0103f5,
				      0xd2800021, 0xa90363f7, 0xaa0003f7, 0x910103e0, 0xa9040fe5, 0x910403f8,
				      0xa9050fe4, 0x97ffff43, 0x910143e0, 0x910283e2, 0xd2800021, 0x97ffff3f };
	/* stp x5, x3 (+0x20); stp x4, x3 (+0x40); bl with x4, x5 as arguments */
	static const int64_t want[] = { 0x20, 0x40, 0x40, 0x20 };

	expect_uses(w, 0, sizeof w / sizeof w[0], want, 4);
}
END_TEST

/* The forms of access, one by one. */
START_TEST(access_forms)
{
	static const uint32_t w[] = {
		0x91000021, /* 0  add x1, x1, :lo12:A */
		0x94000000, /*    bl: x1 passed on, untouched: A used */
		0x91004021, /* 2  add x1, x1, :lo12:A */
		0xb8637822, /*    ldr w2, [x1, x3, lsl #2]: a lookup at A */
		0x91000021, /* 4  add x1, x1, :lo12:A */
		0xf9400421, /*    ldr x1, [x1, #8]: A + 8, and x1 is no address any more */
		0xf9400822, /*    ldr x2, [x1, #16] */
		0x910000c6, /* 7  add x6, x6, :lo12:A */
		0x3dc008c0, /*    ldr q0, [x6, #32] */
		0xd10040c7, /*    sub x7, x6, #0x10 */
		0x297f24e8, /*    ldp w8, w9, [x7, #-8]: A - 24 */
		0xf85fc0ca, /*    ldur x10, [x6, #-4] */
		0xf9000006, /*    str x6, [x0]: A stored */
	};
	static const int64_t call[] = { 0 }, lookup[] = { 0 }, reload[] = { 8 }, forms[] = { 32, -24, -4, 0 };

	expect_uses(w, 0, 2, call, 1);
	expect_uses(w, 2, 4, lookup, 1);
	expect_uses(w, 4, 7, reload, 1);
	expect_uses(w, 7, 13, forms, 4);
}
END_TEST

static Suite *a64_suite(void)
{
	Suite *s = suite_create("survey_a64");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, sm3_tj_in_two_halves);
	tcase_add_test(tc, wide_values_end_when_written);
	tcase_add_test(tc, sha256_iv_past_its_anchor);
	tcase_add_test(tc, sha256_block_loop_bound);
	tcase_add_test(tc, neighbours_only);
	tcase_add_test(tc, access_forms);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(a64_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
