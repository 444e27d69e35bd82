/*
 * fake_helpers.h - fake ICCS helpers for test_wrap (fake_helpers.c,
 * fake_sm3.c).
 *
 * Each fake "works" for a known number of ticks of the fake clock (it adds
 * its cost to fake_now), counts its real executions, and returns what the
 * test put in fake_ret.  pseudohash calls sm3hash once and
 * get_random_number calls it twice; sm3hash lives in another object file
 * (fake_sm3.c), so --wrap reroutes those calls through the shims and the
 * nesting is real.  pseudoXOF, when fake_xof_calls_pseudohash is set,
 * calls pseudohash in its own object: a call --wrap cannot see.
 */
#ifndef HP_FAKE_HELPERS_H
#define HP_FAKE_HELPERS_H

#include <stdint.h>

#include "hp_wrap.h"

/* Ticks each fake adds to the fake clock, on its own (without callees). */
#define FAKE_COST_DRNG 200u
#define FAKE_COST_XOF 300u
#define FAKE_COST_PSEUDOHASH 1000u
#define FAKE_COST_SM3 50u
#define FAKE_COST_DRNG_INIT 70u
/* The calibration stand-in of tests/fake_calib.c (test_correction only). */
#define FAKE_COST_CALIB 400u

/* The fake clock: every tick the fakes "spend" is added here. */
extern uint64_t fake_now;
/* Returned by the fake of each enum hp_fn (pseudohash and the DRNG return
 * the first non-zero result of their sm3hash calls instead). */
extern int fake_ret[HP_FN_COUNT];
/* Real executions of each fake, whatever the shims did. */
extern unsigned long fake_runs[HP_FN_COUNT];
/* The DRNG context the DRNG fakes were last given. */
extern void *fake_last_drng;
/* Non-zero: pseudoXOF calls pseudohash (same object, invisible to --wrap). */
extern int fake_xof_calls_pseudohash;
/* Called by fake sm3hash when set (the thread test). */
extern void (*fake_sm3_hook)(void);

/* The helpers, as the ICCS API declares them (DRNG context as void *). */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output);
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
int get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits);
int init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes);

#endif
