/*
 * fake_own.h - fake own-primitive entry functions for test_wrap:
 * a "permutation" (fake_keccak.c) and a "sponge" on it and a function of
 * six arguments (fake_own.c), wrapped through wrap/own.h's shims
 * (tests/own_shims.c: slots 0, 1, 2).  The sponge calls the permutation in
 * another object file, so --wrap reroutes those calls through the shims
 * and own entries nest in own entries for real.  Each fake adds its cost
 * to the fake clock of fake_helpers.h.
 */
#ifndef HP_FAKE_OWN_H
#define HP_FAKE_OWN_H

#include <stddef.h>
#include <stdint.h>

#define FAKE_COST_KECCAK 40u
#define FAKE_COST_SHAKE 90u
#define FAKE_COST_ARGS6 10u

/* Real executions of each fake, whatever the shims did. */
extern unsigned long fake_keccak_runs, fake_shake_runs;
/* Non-zero: fake_shake calls sm3hash once (a helper inside own code). */
extern int fake_shake_calls_sm3;

/* Adds 1 to st[0]; slot 0. */
void fake_keccak(uint64_t *st);
/* Calls fake_keccak `blocks` times on a local state, writes its st[0]
 * into out[0]; slot 1. */
void fake_shake(uint64_t *out, size_t blocks);
/* a - 2b + 3c - 4d + 5e - 6f, all six through the argument registers; slot 2. */
int64_t fake_args6(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, int64_t f);

#endif
