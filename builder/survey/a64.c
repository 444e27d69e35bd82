/*
 * a64.c - AArch64 wide immediates and anchor offsets for the
 * survey (see a64.h).  The encodings are DDI 0487's, section C4.1.
 */
#include "a64.h"

#include <stdlib.h>
#include <string.h>

/* Word i of code, little-endian. */
static uint32_t hp_a64_word(const unsigned char *code, size_t i)
{
	const unsigned char *p = code + 4 * i;

	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Bits lo..lo+len-1 of w. */
static uint32_t hp_a64_bits(uint32_t w, unsigned lo, unsigned len)
{
	return (w >> lo) & ((1u << len) - 1);
}

/* Bits lo..lo+len-1 of w, sign-extended. */
static int64_t hp_a64_sbits(uint32_t w, unsigned lo, unsigned len)
{
	int64_t v = (int64_t)hp_a64_bits(w, lo, len);

	return v >= (int64_t)1 << (len - 1) ? v - ((int64_t)1 << len) : v;
}

/* ---------- instruction classes ---------- */

/* B and BL, B.cond, CBZ/CBNZ, TBZ/TBNZ, and BR/BLR/RET: their bits 4:0
 * are an immediate, a condition or nothing written. */
static int hp_a64_branch(uint32_t w)
{
	return (w & 0x7c000000u) == 0x14000000u || (w & 0xff000010u) == 0x54000000u ||
	       (w & 0x7e000000u) == 0x34000000u || (w & 0x7e000000u) == 0x36000000u || (w & 0xfe000000u) == 0xd6000000u;
}

/* BL and BLR: a call, which may change x0-x18 and x30 (the AAPCS64's
 * caller-saved registers and the link register). */
static int hp_a64_call(uint32_t w)
{
	return (w & 0xfc000000u) == 0x94000000u || (w & 0xfffffc1fu) == 0xd63f0000u;
}

/* The SIMD and floating-point data-processing instructions (op0 x111):
 * bits 4:0 name a vector register. */
static int hp_a64_simd(uint32_t w)
{
	return (w & 0x0e000000u) == 0x0e000000u;
}

/* The loads and stores (op0 x1x0). */
static int hp_a64_ldst(uint32_t w)
{
	return (w & 0x0a000000u) == 0x08000000u;
}

/* ---------- MOVZ, MOVN, MOVK ---------- */

struct hp_a64_regs {
	uint64_t v[32];
	unsigned char known[32];
};

/* Forget what a call may change. */
static void hp_a64_forget_call(unsigned char *known)
{
	for (unsigned r = 0; r <= 18; r++)
		known[r] = 0;
	known[30] = 0;
}

/* Append v to *vals (*n of them, *cap room). */
static int hp_a64_push(uint64_t **vals, size_t *n, size_t *cap, uint64_t v)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 16;
		uint64_t *grown = realloc(*vals, c * sizeof *grown);
		if (!grown)
			return -1;
		*vals = grown;
		*cap = c;
	}
	(*vals)[(*n)++] = v;
	return 0;
}

static int hp_a64_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int hp_a64_wide_values(const unsigned char *code, size_t n, uint64_t **vals, size_t *nvals)
{
	struct hp_a64_regs g;
	size_t cap = 0, k = 0;

	memset(&g, 0, sizeof g);
	*vals = NULL;
	*nvals = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t w = hp_a64_word(code, i), rd = w & 31;

		if ((w & 0x1f800000u) == 0x12800000u) { /* Move wide (immediate) */
			unsigned sf = w >> 31, opc = hp_a64_bits(w, 29, 2), sh = 16 * hp_a64_bits(w, 21, 2);
			uint64_t imm = (uint64_t)hp_a64_bits(w, 5, 16) << sh, mask = sf ? ~0ull : 0xffffffffull, v;
			if (opc == 1 || (!sf && sh > 16) || rd == 31) /* unallocated, or XZR */
				continue;
			if (opc == 3 && !g.known[rd]) /* MOVK on a value not built here */
				continue;
			v = opc == 0 ? ~imm : opc == 2 ? imm : (g.v[rd] & ~(0xffffull << sh)) | imm;
			g.v[rd] = v & mask;
			g.known[rd] = 1;
			if (hp_a64_push(vals, nvals, &cap, g.v[rd]))
				return -1;
			continue;
		}
		if (hp_a64_call(w))
			hp_a64_forget_call(g.known);
		else if (hp_a64_branch(w) || hp_a64_simd(w))
			continue;
		g.known[rd] = 0;
		if (hp_a64_ldst(w) && (w & 0x3a000000u) == 0x28000000u)
			g.known[hp_a64_bits(w, 10, 5)] = 0; /* a pair's Rt2 */
	}
	if (!*nvals)
		return 0;
	qsort(*vals, *nvals, sizeof **vals, hp_a64_u64_cmp);
	for (size_t i = 0; i < *nvals; i++)
		if (!k || (*vals)[k - 1] != (*vals)[i])
			(*vals)[k++] = (*vals)[i];
	*nvals = k;
	return 0;
}

/* ---------- addresses through an anchor ---------- */

struct hp_a64_bases {
	int64_t off[32]; /* register r holds A + off[r] */
	unsigned char on[32];
	unsigned char based[32]; /* a load or store went through r since it was set */
	unsigned count;
};

static void hp_a64_set(struct hp_a64_bases *b, unsigned r, int64_t off)
{
	if (r == 31)
		return;
	b->count += !b->on[r];
	b->on[r] = 1;
	b->based[r] = 0;
	b->off[r] = off;
}

static void hp_a64_clear(struct hp_a64_bases *b, unsigned r)
{
	if (r == 31 || !b->on[r])
		return;
	b->on[r] = 0;
	b->count--;
}

/* A load or store through a base register: the bytes of its access and
 * whether it writes its base (pre- or post-indexed). */
struct hp_a64_access {
	unsigned rn, rt, rt2; /* rt2: 32 when there is none */
	int load_gpr; /* it writes the general register(s) rt (, rt2) */
	int64_t imm; /* its immediate offset, in bytes */
	int writeback; /* 1: pre-indexed, 2: post-indexed, 0: neither */
	int indexed; /* 1: an index register adds to the base */
};

/* Decode w as a load or store of the classes this file reads: 1 and *a
 * filled, or 0. */
static int hp_a64_access_of(uint32_t w, struct hp_a64_access *a)
{
	unsigned v = hp_a64_bits(w, 26, 1), size = w >> 30, opc = hp_a64_bits(w, 22, 2);

	a->rn = hp_a64_bits(w, 5, 5);
	a->rt = w & 31;
	a->rt2 = 32;
	a->writeback = a->indexed = 0;
	if ((w & 0x3a000000u) == 0x28000000u) { /* Load/store register pair */
		unsigned mode = hp_a64_bits(w, 23, 2), pop = w >> 30, scale;
		if (pop == 3)
			return 0;
		scale = v ? 2 + pop : pop == 2 ? 3 : 2;
		a->imm = hp_a64_sbits(w, 15, 7) * ((int64_t)1 << scale);
		a->rt2 = hp_a64_bits(w, 10, 5);
		a->load_gpr = !v && hp_a64_bits(w, 22, 1);
		a->writeback = mode == 3 ? 1 : mode == 1 ? 2 : 0;
		return 1;
	}
	a->load_gpr = !v && opc != 0;
	if ((w & 0x3b000000u) == 0x39000000u) { /* register (unsigned immediate) */
		unsigned scale = v && (opc & 2) ? 4 : size;
		a->imm = (int64_t)hp_a64_bits(w, 10, 12) << scale;
		return 1;
	}
	if ((w & 0x3b200000u) == 0x38000000u) { /* register (unscaled immediate), pre-/post-indexed */
		unsigned idx = hp_a64_bits(w, 10, 2);
		if (idx == 2) /* unprivileged (LDTR, STTR) */
			return 0;
		a->imm = hp_a64_sbits(w, 12, 9);
		a->writeback = idx == 3 ? 1 : idx == 1 ? 2 : 0;
		return 1;
	}
	if ((w & 0x3b200c00u) == 0x38200800u) { /* register (register offset) */
		a->imm = 0;
		a->indexed = 1;
		return 1;
	}
	return 0;
}

/* Report register r's address, when r holds one (fn's result). */
static int hp_a64_escape(const struct hp_a64_bases *b, unsigned r, int (*fn)(void *, int64_t), void *arg)
{
	return r < 31 && b->on[r] ? fn(arg, b->off[r]) : 0;
}

/* The same for a register that a call or a return may pass on: only when
 * no load or store went through it since it was set.  A call's
 * arguments are unknown here (x0-x7 may hold anything); a base register
 * still live across a call is the function's own pointer, not an
 * argument (sha256: the anchor of its IV, while it calls sha256_block). */
static int hp_a64_passed(const struct hp_a64_bases *b, unsigned r, int (*fn)(void *, int64_t), void *arg)
{
	return r < 31 && b->on[r] && !b->based[r] ? fn(arg, b->off[r]) : 0;
}

/* A comparison, which only sets the flags: CMP and CMN (ADDS, SUBS into
 * XZR, shifted, extended or immediate), TST (ANDS into XZR), CCMP and
 * CCMN.  A loop that compares its pointer with the end of a table
 * (cmp x25, x21: x21 just past K) does not use what lies there. */
static int hp_a64_compare(uint32_t w)
{
	int addsub = (w & 0x1f000000u) == 0x0b000000u || (w & 0x1f800000u) == 0x11000000u;
	int logical = (w & 0x1f000000u) == 0x0a000000u || (w & 0x1f800000u) == 0x12000000u;

	if ((w & 31) == 31 && ((addsub && hp_a64_bits(w, 29, 1)) || (logical && hp_a64_bits(w, 29, 2) == 3)))
		return 1;
	return (w & 0x3fe00000u) == 0x3a400000u; /* CCMN, CCMP (register or immediate) */
}

/* The data-processing instructions whose bits 9:5 (and, in the register
 * class, 20:16) name registers they read: op0 x101 (register), and op0
 * 100x (immediate) but PC-relative addressing and move wide, whose bits
 * there are immediate; none for a comparison (hp_a64_compare). */
static unsigned hp_a64_sources(uint32_t w, unsigned src[2])
{
	if (hp_a64_compare(w))
		return 0;
	if ((w & 0x0e000000u) == 0x0a000000u) {
		src[0] = hp_a64_bits(w, 5, 5);
		src[1] = hp_a64_bits(w, 16, 5);
		return 2;
	}
	if ((w & 0x1c000000u) == 0x10000000u && (w & 0x1f000000u) != 0x10000000u && (w & 0x1f800000u) != 0x12800000u) {
		src[0] = hp_a64_bits(w, 5, 5);
		return 1;
	}
	return 0;
}

/* A load or store decoded (hp_a64_access_of) while bases are followed. */
static int hp_a64_follow_access(struct hp_a64_bases *b, uint32_t w, const struct hp_a64_access *a,
				int (*fn)(void *, int64_t), void *arg)
{
	int rc = 0;

	if (a->rn != 31 && b->on[a->rn]) {
		b->based[a->rn] = 1;
		if ((rc = fn(arg, b->off[a->rn] + (a->writeback == 2 || a->indexed ? 0 : a->imm))))
			return rc;
		if (a->writeback)
			b->off[a->rn] += a->imm;
	}
	if (!a->load_gpr && !hp_a64_bits(w, 26, 1)) { /* a store of general registers: the address stored */
		if ((rc = hp_a64_escape(b, a->rt, fn, arg)) ||
		    (a->rt2 < 32 && (rc = hp_a64_escape(b, a->rt2, fn, arg))))
			return rc;
	}
	if (a->load_gpr) {
		hp_a64_clear(b, a->rt);
		if (a->rt2 < 32)
			hp_a64_clear(b, a->rt2);
	}
	return 0;
}

int hp_a64_anchor_uses(const unsigned char *code, size_t at, size_t n, int (*fn)(void *arg, int64_t offset), void *arg)
{
	struct hp_a64_bases b;
	struct hp_a64_access a;
	unsigned src[2];
	int rc;

	if (at >= n)
		return 0;
	memset(&b, 0, sizeof b);
	hp_a64_set(&b, hp_a64_word(code, at) & 31, 0);
	for (size_t i = at + 1; i < n && b.count; i++) {
		uint32_t w = hp_a64_word(code, i), rd = w & 31;

		if (hp_a64_ldst(w)) {
			if (hp_a64_access_of(w, &a)) {
				if ((rc = hp_a64_follow_access(&b, w, &a, fn, arg)))
					return rc;
			} else { /* another load or store (literal, exclusive...): Rn at 9:5, Rt at 4:0 */
				if ((rc = hp_a64_escape(&b, hp_a64_bits(w, 5, 5), fn, arg)))
					return rc;
				hp_a64_clear(&b, rd);
			}
			continue;
		}
		if ((w & 0xbf800000u) == 0x91000000u) { /* ADD/SUB (immediate), 64-bit, flags unset */
			unsigned rn = hp_a64_bits(w, 5, 5);
			int64_t imm = (int64_t)hp_a64_bits(w, 10, 12) << (hp_a64_bits(w, 22, 1) ? 12 : 0);
			if (rn != 31 && b.on[rn])
				hp_a64_set(&b, rd, b.off[rn] + (hp_a64_bits(w, 30, 1) ? -imm : imm));
			else
				hp_a64_clear(&b, rd);
			continue;
		}
		if ((w & 0xffe0ffe0u) == 0xaa0003e0u) { /* MOV Xd, Xm (ORR Xd, XZR, Xm) */
			unsigned rm = hp_a64_bits(w, 16, 5);
			if (rm != 31 && b.on[rm])
				hp_a64_set(&b, rd, b.off[rm]);
			else
				hp_a64_clear(&b, rd);
			continue;
		}
		if (hp_a64_call(w)) { /* the arguments x0-x7 are passed on; the call may change x0-x18, x30 */
			for (unsigned r = 0; r <= 7; r++)
				if ((rc = hp_a64_passed(&b, r, fn, arg)))
					return rc;
			for (unsigned r = 0; r <= 18; r++)
				hp_a64_clear(&b, r);
			hp_a64_clear(&b, 30);
			continue;
		}
		if ((w & 0xfffffc1fu) == 0xd65f0000u) { /* RET: x0 is returned */
			if ((rc = hp_a64_passed(&b, 0, fn, arg)))
				return rc;
			continue;
		}
		if (hp_a64_branch(w) || hp_a64_simd(w))
			continue;
		for (unsigned k = 0, ns = hp_a64_sources(w, src); k < ns; k++)
			if ((rc = hp_a64_escape(&b, src[k], fn, arg)))
				return rc;
		hp_a64_clear(&b, rd);
	}
	return 0;
}
