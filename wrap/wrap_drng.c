/*
 * wrap_drng.c - the --wrap shim of get_random_number (ngcc-api.md signature).
 */
#include "hook.h"

int __real_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits);
HP_SHIM
int __wrap_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits);

/* Accounting on: the timed path (hook.h).  method.md: "For the DRNG the
 * input is 0 bits and the output is the requested bit count."  The
 * context is passed through untouched. */
/* A nested call, or a wide shape (hook.h). */
static HP_COLD int hp_cold_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	HP_COLD_HOOK(HP_FN_DRNG, 0, out_len_bits, __real_get_random_number(drng, out, out_len_bits));
}

/* --call-sites: the cold path's timing, then the call-site recorder (hook.h). */
static HP_TIMED int hp_sites_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	HP_SITES_HOOK(HP_FN_DRNG, 0, out_len_bits, __real_get_random_number(drng, out, out_len_bits));
}

static HP_TIMED int hp_timed_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	HP_HOOK(HP_FN_DRNG, 0, out_len_bits, __real_get_random_number(drng, out, out_len_bits));
}

/* Record or replay (hook.h): the tape holds the ceil(bits/8) output bytes;
 * a replayed call leaves the context as it was. */
static HP_TIMED int hp_tape_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	HP_TAPE_HOOK(HP_FN_DRNG, 0, out_len_bits, out, __real_get_random_number(drng, out, out_len_bits));
}

int __wrap_get_random_number(void *drng, unsigned char *out, unsigned long long out_len_bits)
{
	HP_GATE(__real_get_random_number(drng, out, out_len_bits), hp_timed_get_random_number(drng, out, out_len_bits),
		hp_tape_get_random_number(drng, out, out_len_bits), hp_sites_get_random_number(drng, out, out_len_bits),
		hp_cold_get_random_number(drng, out, out_len_bits), 0, out_len_bits);
}
