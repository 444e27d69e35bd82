/*
 * wrap_pseudohash.c - the --wrap shim of pseudohash (ngcc-api.md signature).
 */
#include "hook.h"

int __real_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		      unsigned char *digest);
HP_SHIM
int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		      unsigned char *digest);

/* A nested call, or a wide shape (hook.h). */
static HP_COLD int hp_cold_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
				      unsigned char *digest)
{
	HP_COLD_HOOK(HP_FN_PSEUDOHASH, msg_len_bits, (uint64_t)digest_len_bits,
		     __real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
}

/* --call-sites: the cold path's timing, then the call-site recorder (hook.h). */
static HP_TIMED int hp_sites_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
					unsigned char *digest)
{
	HP_SITES_HOOK(HP_FN_PSEUDOHASH, msg_len_bits, (uint64_t)digest_len_bits,
		      __real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
}

/* Accounting on: the timed path (hook.h). */
static HP_TIMED int hp_timed_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
					unsigned char *digest)
{
	HP_HOOK(HP_FN_PSEUDOHASH, msg_len_bits, (uint64_t)digest_len_bits,
		__real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
}

/* Record or replay (hook.h): the tape holds the digest_len_bits / 8 output bytes. */
static HP_TIMED int hp_tape_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
				       unsigned char *digest)
{
	HP_TAPE_HOOK(HP_FN_PSEUDOHASH, msg_len_bits, (uint64_t)digest_len_bits, digest,
		     __real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
}

int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		      unsigned char *digest)
{
	HP_GATE(__real_pseudohash(digest_len_bits, msg, msg_len_bits, digest),
		hp_timed_pseudohash(digest_len_bits, msg, msg_len_bits, digest),
		hp_tape_pseudohash(digest_len_bits, msg, msg_len_bits, digest),
		hp_sites_pseudohash(digest_len_bits, msg, msg_len_bits, digest),
		hp_cold_pseudohash(digest_len_bits, msg, msg_len_bits, digest), msg_len_bits,
		(uint64_t)digest_len_bits);
}
