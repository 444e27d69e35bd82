/*
 * dispatch_sm3.c - hashprof-swap-sm3.so: sm3hash that calls what the
 * table hashprof_swap_sm3 holds (swap.h).  Loaded only for a candidate
 * that stands in for sm3hash too; sm3hash otherwise stays the instance's
 * SM3 and gains nothing.
 */
#include "swap.h"

__attribute__((visibility("default"))) struct hp_swap hashprof_swap_sm3 = { .abi_version = HP_SWAP_ABI_VERSION };

__attribute__((visibility("default"))) int sm3hash(int digest_len_bits, const unsigned char *msg,
						   unsigned long long msg_len_bits, unsigned char *digest);

int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	int rc;

	hashprof_swap_sm3.calls[HP_FN_SM3]++;
	rc = hashprof_swap_sm3.sm3hash(digest_len_bits, msg, msg_len_bits, digest);
	if (rc && hashprof_swap_sm3.failed)
		hashprof_swap_sm3.failed(HP_FN_SM3, rc, msg_len_bits, (unsigned long long)digest_len_bits);
	return rc;
}
