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
	int rc;

	hashprof_swap.calls[HP_FN_PSEUDOHASH]++;
	rc = hashprof_swap.pseudohash(digest_len_bits, msg, msg_len_bits, digest);
	if (rc && hashprof_swap.failed)
		hashprof_swap.failed(HP_FN_PSEUDOHASH, rc, msg_len_bits, (unsigned long long)digest_len_bits);
	return rc;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
	      unsigned char *output)
{
	int rc;

	hashprof_swap.calls[HP_FN_XOF]++;
	rc = hashprof_swap.pseudoXOF(output_len_bits, msg, msg_len_bits, output);
	if (rc && hashprof_swap.failed)
		hashprof_swap.failed(HP_FN_XOF, rc, msg_len_bits, output_len_bits);
	return rc;
}
