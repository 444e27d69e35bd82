/*
 * symbols.h - names for the return addresses of call paths, with
 * elfutils' libdwfl on this process's own modules: the function from the
 * ELF symbol table (static functions included; .dynsym when there is no
 * .symtab; GCC's clone suffixes such as ".constprop.0" dropped), the source file and line of the call from DWARF where the
 * object has debug information, and the functions inlined at that
 * address (each a frame of its own, as eu-addr2line -i shows them).  A
 * function without a symbol (a stripped object) is named by its address,
 * the start its unwind table (.eh_frame) gives: "libx.so+0x1a20", and the
 * call's offset in it, "+0x1c", is its where.
 */
#ifndef HP_CALLSITE_SYM_H
#define HP_CALLSITE_SYM_H

#include <stddef.h>
#include <stdint.h>

/* Frames one return address may stand for: the function it is in and the
 * functions inlined into it there (deeper inlining keeps the innermost). */
#define HP_SYM_INLINE_MAX 8u
#define HP_SYM_NAME_MAX 256u
#define HP_SYM_WHERE_MAX 160u

/* One frame of a return address. */
struct hp_sym_frame {
	char function[HP_SYM_NAME_MAX]; /* "poly_uniform", or "libx.so+0x1a20" without a symbol */
	char where[HP_SYM_WHERE_MAX]; /* "poly.c:412" (the line of the call); "" without debug info;
				       * "+0x1c" (the call's offset) without a symbol */
	char cu[HP_SYM_WHERE_MAX]; /* the compilation unit's source file name (basename); "" without */
};

/* What one return address stands for, outermost frame first. */
struct hp_sym {
	unsigned nframes; /* 1..HP_SYM_INLINE_MAX */
	struct hp_sym_frame frame[HP_SYM_INLINE_MAX];
	int no_symbol; /* 1: named by address (the object has no symbol for it) */
	int no_debug; /* 1: no line information for it */
	char module[HP_SYM_WHERE_MAX]; /* the object's file name (basename) */
};

struct hp_symbolizer;

/* libdwfl on this process (its modules as now loaded).  NULL, with a
 * one-line reason in err, when it cannot be had. */
struct hp_symbolizer *hp_sym_open(char *err, size_t errlen);

/* What return address ra stands for (looked up at ra - 1, the call
 * instruction), into *out.  Always fills out (by address at worst). */
void hp_sym_lookup(struct hp_symbolizer *s, uintptr_t ra, struct hp_sym *out);

void hp_sym_close(struct hp_symbolizer *s);

#endif
