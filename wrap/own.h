/*
 * own.h - the --wrap shim of an own-primitive entry function:
 * a function of the scheme's own symmetric code that the survey found
 * (builder/survey/survey.c) and that other objects call.  The survey's C file
 * has one HP_OWN_SHIM(slot, name) per wrapped entry, and the instance is
 * linked with -Wl,--wrap=name for each.
 *
 * The shim does not know the function's prototype, so it takes and
 * passes on every argument register of the ABI as a 64-bit integer and
 * returns both integer return registers (a struct of two 64-bit words is
 * returned in rax:rdx on x86-64, x0:x1 on AArch64).  That is exact for
 * every function whose parameters are at most that many integers,
 * pointers or enums and whose result is void or one of them; the survey
 * wraps only functions whose debug information says so (survey/dwarf.c).
 * With accounting off the gate is a tail call, which passes everything on
 * untouched; with it on, HP_OWN_HOOK (hook.h) times the outermost call
 * under the helpers' nesting rule, with the same gate as every shim.  In
 * the tape modes (replay) an own entry is passed straight through.
 */
#ifndef HP_OWN_H
#define HP_OWN_H

#include "hook.h"

typedef struct {
	uint64_t r0, r1;
} hp_own_ret;

#if defined(__x86_64__)
/* System V AMD64: rdi, rsi, rdx, rcx, r8, r9 */
#define HP_OWN_ARGS_MAX 6
#define HP_OWN_PARAMS uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5
#define HP_OWN_PASS a0, a1, a2, a3, a4, a5
#elif defined(__aarch64__)
/* AAPCS64: x0..x7 */
#define HP_OWN_ARGS_MAX 8
#define HP_OWN_PARAMS \
	uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7
#define HP_OWN_PASS a0, a1, a2, a3, a4, a5, a6, a7
#else
#error "own-primitive shims know the argument registers of x86-64 and AArch64 only"
#endif

#define HP_OWN_SHIM(SLOT, F)                                                                             \
	hp_own_ret __real_##F(HP_OWN_PARAMS);                                                            \
	HP_SHIM hp_own_ret __wrap_##F(HP_OWN_PARAMS);                                                    \
	static HP_TIMED hp_own_ret hp_timed_own_##F(HP_OWN_PARAMS)                                       \
	{                                                                                                \
		HP_OWN_HOOK(SLOT, hp_own_ret, __real_##F(HP_OWN_PASS));                                  \
	}                                                                                                \
	hp_own_ret __wrap_##F(HP_OWN_PARAMS)                                                             \
	{                                                                                                \
		HP_GATE(__real_##F(HP_OWN_PASS), hp_timed_own_##F(HP_OWN_PASS), __real_##F(HP_OWN_PASS), \
			hp_timed_own_##F(HP_OWN_PASS), hp_timed_own_##F(HP_OWN_PASS), 0, 0);             \
	}                                                                                                \
	_Static_assert((SLOT) < HP_OWN_MAX, "an own entry's slot is below HP_OWN_MAX")

#endif
