/*
 * wrap_drng_init.c - the --wrap shim of init_random_number (ngcc-api.md signature).
 */
#include "hook.h"

int __real_init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes);
HP_SHIM
int __wrap_init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes);

/* Accounting on: the timed path (hook.h).  Not wrapped by the published
 * method (hashprof reports it apart); the seed length is given in bytes by
 * the API, the shape records bits. */
/* A nested call, or a wide shape (hook.h). */
static HP_COLD int hp_cold_init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	HP_COLD_HOOK(HP_FN_DRNG_INIT, seed_len_bytes * 8u, 0, __real_init_random_number(drng, seed, seed_len_bytes));
}

/* --call-sites: the cold path's timing, then the call-site recorder (hook.h). */
static HP_TIMED int hp_sites_init_random_number(void *drng, const unsigned char *seed,
						unsigned long long seed_len_bytes)
{
	HP_SITES_HOOK(HP_FN_DRNG_INIT, seed_len_bytes * 8u, 0, __real_init_random_number(drng, seed, seed_len_bytes));
}

static HP_TIMED int hp_timed_init_random_number(void *drng, const unsigned char *seed,
						unsigned long long seed_len_bytes)
{
	HP_HOOK(HP_FN_DRNG_INIT, seed_len_bytes * 8u, 0, __real_init_random_number(drng, seed, seed_len_bytes));
}

/* Record or replay (hook.h): recorded with no output bytes, to keep the
 * tape's order checkable, and always run for real (hp_tape_replay): what
 * it produces is the context, whose size the shim does not know. */
static HP_TIMED int hp_tape_init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	HP_TAPE_HOOK(HP_FN_DRNG_INIT, seed_len_bytes * 8u, 0, NULL,
		     __real_init_random_number(drng, seed, seed_len_bytes));
}

int __wrap_init_random_number(void *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
	HP_GATE(__real_init_random_number(drng, seed, seed_len_bytes),
		hp_timed_init_random_number(drng, seed, seed_len_bytes),
		hp_tape_init_random_number(drng, seed, seed_len_bytes),
		hp_sites_init_random_number(drng, seed, seed_len_bytes),
		hp_cold_init_random_number(drng, seed, seed_len_bytes), seed_len_bytes * 8u, 0);
}
