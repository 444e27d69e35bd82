/*
 * swap.h - the contract between the swap modules (candidates/dispatch.c,
 * candidates/dispatch_sm3.c) and the measuring child of a --hash row
 * (drivers/swap.c).
 *
 * Why a module of its own: the shims (wrap/hook.h) call the real helper
 * as __real_F, which the static link resolves to the instance's own F
 * through its PLT (F is a default-visibility symbol of the instance), so
 * the dynamic linker decides which F that call reaches.  The measuring
 * child loads the swap module RTLD_GLOBAL before the instance: the
 * instance's references to pseudoXOF and pseudohash then bind to the
 * module's, which call whatever the table below holds: the instance's own
 * helpers (found with dlsym on the instance's handle, which searches the
 * instance first) or a candidate's.  The shims gain no instruction; an
 * ordinary run never loads the module.  sm3hash has a module of its own,
 * loaded only for a candidate that stands in for it.
 *
 * Each call through the module costs one indirect call more than a run
 * without it, in the placeholder's arm as in every candidate's, and
 * counts itself in calls[] (no atomics: measured operations run in one
 * thread), so that the child can tell a swap that happened from an
 * instance bound to its own helpers (-Bsymbolic, hidden helpers): the
 * module must have seen at least every call the shims counted.
 */
#ifndef HP_SWAP_H
#define HP_SWAP_H

#include <stdint.h>

#include "candidate.h"

#define HP_SWAP_ABI_VERSION 2u
#define HP_SWAP_SYMBOL "hashprof_swap" /* struct hp_swap in hashprof-swap.so */
#define HP_SWAP_SM3_SYMBOL "hashprof_swap_sm3" /* struct hp_swap in hashprof-swap-sm3.so */
#define HP_SWAP_MODULE "hashprof-swap.so"
#define HP_SWAP_SM3_MODULE "hashprof-swap-sm3.so"

struct hp_swap {
	uint32_t abi_version; /* HP_SWAP_ABI_VERSION */
	/* what the module's pseudohash, pseudoXOF, sm3hash call (hashprof-swap.so
	 * uses the first two, hashprof-swap-sm3.so the third) */
	hp_cand_hash_fn *pseudohash;
	hp_cand_xof_fn *pseudoXOF;
	hp_cand_hash_fn *sm3hash;
	uint64_t calls[HP_FN_COUNT]; /* calls the module passed on, per enum hp_fn */
	/* called (when set) after a call that returned rc != 0, before the
	 * scheme sees it (a candidate that refuses a length: the scheme may
	 * abort on it): the helper (enum hp_fn), rc, the input's and the
	 * output's bits.  One test of rc per call, in every arm alike. */
	void (*failed)(unsigned fn, int rc, unsigned long long msg_len_bits, unsigned long long out_bits);
};

#endif
