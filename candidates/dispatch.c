/*
 * dispatch.c - hashprof-swap.so: pseudohash and pseudoXOF that call what
 * the table hashprof_swap holds (swap.h says why and how).  Loaded only
 * by the measuring child of a --hash row; nothing else is exported.
 */
#include "swap.h"

__attribute__((visibility("default"))) struct hp_swap hashprof_swap = { .abi_version = HP_SWAP_ABI_VERSION };

__attribute__((visibility("default"))) int pseudohash(int digest_len_bits, const unsigned char *msg,
						      unsigned long long msg_len_bits, unsigned char *digest);
__attribute__((visibility("default"))) int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
						     unsigned long long msg_len_bits, unsigned char *output);

int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	hashprof_swap.calls[HP_FN_PSEUDOHASH]++;
	return hashprof_swap.pseudohash(digest_len_bits, msg, msg_len_bits, digest);
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output)
{
	hashprof_swap.calls[HP_FN_XOF]++;
	return hashprof_swap.pseudoXOF(output_len_bits, msg, msg_len_bits, output);
}
