/*
 * fake_sm3.c - the fake sm3hash, alone in its object file so that the
 * calls fake_helpers.c makes to it cross objects and go through the
 * --wrap shims (see fake_helpers.h).
 */
#include <string.h>

#include "fake_helpers.h"

void (*fake_sm3_hook)(void);

/* Writes 0x53 into the digest (digest_len_bits / 8 bytes). */
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	(void)msg;
	(void)msg_len_bits;
	fake_runs[HP_FN_SM3]++;
	fake_now += FAKE_COST_SM3;
	if (digest_len_bits > 0)
		memset(digest, 0x53, (size_t)digest_len_bits / 8);
	if (fake_sm3_hook)
		fake_sm3_hook();
	return fake_ret[HP_FN_SM3];
}
