/*
 * a64.h - what the survey (scan.c) reads in AArch64 code
 * beyond its bytes and relocations: the constants that MOVZ, MOVN and
 * MOVK build 16 bits at a time, and the data reached at an offset from an
 * address that a relocation completes (GCC's section anchors).
 *
 * x86-64 code carries a 32-bit constant whole in one instruction (mov
 * $0x79cc4519), where the bytes of the function hold it.  AArch64 code
 * builds it in two, often apart (movz w15, #0x4519; ...; movk w15,
 * #0x79cc, lsl #16), and GCC (-fsection-anchors, on by default there)
 * reaches a section's static data from one anchor (adrp x3, .rodata; add
 * x3, x3, :lo12:.rodata; ldp q0, q1, [x3, #256]): the relocation names
 * the anchor, the table is 256 bytes further.
 *
 * Instructions are 32-bit little-endian words, decoded as the Arm
 * Architecture Reference Manual for A-profile (DDI 0487), section C4.1,
 * encodes them: "Move wide (immediate)", "Add/subtract (immediate)",
 * "Logical (shifted register)" (MOV register), the load/store classes
 * "register (unsigned immediate)", "register (unscaled immediate)" with
 * its pre- and post-indexed forms, "register (register offset)" and
 * "register pair", and the branches.  Code is read in order, not along
 * its branches: a register keeps what it was given until an instruction
 * further on writes it.
 */
#ifndef HP_SURVEY_A64_H
#define HP_SURVEY_A64_H

#include <stddef.h>
#include <stdint.h>

/*
 * The values MOVZ, MOVN and MOVK build in the n 32-bit words at code: the
 * value of the written register after each such instruction (64 bits for
 * an X register, 32 for a W one), a MOVK completing the value its
 * register last took from one of them.  Any other instruction that names
 * the register where most instructions name what they write (bits 4:0;
 * the second register of a load pair), and a call for x0-x18 and x30,
 * ends what is known of it; branches and the SIMD and floating-point
 * instructions (whose bits 4:0 name a vector register) do not.  Into
 * *vals (malloc'ed, sorted, no value twice; NULL when none), *nvals of
 * them.  Returns 0, or -1 when out of memory.
 */
int hp_a64_wide_values(const unsigned char *code, size_t n, uint64_t **vals, size_t *nvals);

/*
 * The addresses that code uses from an address A, as byte offsets from A:
 * the word at of code (of n words) puts A in its register Xd (an ADD Xd,
 * Xn, #imm that a relocation completes, R_AARCH64_ADD_ABS_LO12_NC), and
 * the words after it use Xd, or a register made from it by ADD or SUB
 * (immediate) or MOV, until that register is written otherwise.  A use
 * is a load or store through the register (the address of its access; of
 * the base, with an index register), and its value leaving what is
 * followed: stored, read by another data-processing instruction (not a
 * comparison: CMP, CMN, TST, CCMP and CCMN set only the flags), or
 * passed to a call (x0-x7) or returned (x0) when no load or store went
 * through the register first (a call's arguments are not known here: a
 * base register live across a call is taken for the function's own).  Making a register from it is no
 * use: an anchor that only gives the addresses of its neighbours is not
 * itself reached.  fn(arg, offset) for each use; returns 0, or the first
 * non-zero result of fn.
 */
int hp_a64_anchor_uses(const unsigned char *code, size_t at, size_t n, int (*fn)(void *arg, int64_t offset), void *arg);

#endif
