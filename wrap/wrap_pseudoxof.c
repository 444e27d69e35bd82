/*
 * wrap_pseudoxof.c - the --wrap shim of pseudoXOF (ngcc-api.md signature).
 */
#include "hook.h"

int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		     unsigned char *output);
HP_SHIM
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		     unsigned char *output);

/* A nested call, or a wide shape (hook.h). */
static HP_COLD int hp_cold_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
				     unsigned long long msg_len_bits, unsigned char *output)
{
	HP_COLD_HOOK(HP_FN_XOF, msg_len_bits, output_len_bits,
		     __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
}

/* --call-sites: the cold path's timing, then the call-site recorder (hook.h). */
static HP_TIMED int hp_sites_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
				       unsigned long long msg_len_bits, unsigned char *output)
{
	HP_SITES_HOOK(HP_FN_XOF, msg_len_bits, output_len_bits,
		      __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
}

/* Accounting on: the timed path (hook.h). */
static HP_TIMED int hp_timed_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
				       unsigned long long msg_len_bits, unsigned char *output)
{
	HP_HOOK(HP_FN_XOF, msg_len_bits, output_len_bits, __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
}

/* Record or replay (hook.h): the tape holds the ceil(bits/8) output bytes. */
static HP_TIMED int hp_tape_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
				      unsigned long long msg_len_bits, unsigned char *output)
{
	HP_TAPE_HOOK(HP_FN_XOF, msg_len_bits, output_len_bits, output,
		     __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
}

int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
		     unsigned char *output)
{
	HP_GATE(__real_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
		hp_timed_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
		hp_tape_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
		hp_sites_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
		hp_cold_pseudoXOF(output_len_bits, msg, msg_len_bits, output), msg_len_bits, output_len_bits);
}
