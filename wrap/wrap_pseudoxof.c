/*
 * wrap_pseudoxof.c - the --wrap shim of pseudoXOF (ngcc-api.md signature).
 */
#include "hook.h"

int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
		     unsigned long long msg_len_bits, unsigned char *output);
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
		     unsigned long long msg_len_bits, unsigned char *output);

int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
		     unsigned long long msg_len_bits, unsigned char *output)
{
	HP_HOOK(HP_FN_XOF, msg_len_bits, output_len_bits,
		__real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
}
