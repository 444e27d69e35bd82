/*
 * construct.c - counter mode and truncation over a candidate's digest
 * (see construct.h).  No hash code: every digest is the caller's.
 */
#include "construct.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/* The counter is 32 bits (BE32(ct), as the ICCS placeholder's, GB/T
 * 32918.4-2016 5.4.3). */
#define HP_CAND_CTR_MAX 0xffffffffULL

int hp_cand_msg_bytes(unsigned long long msg_bits, size_t *bytes)
{
	if (msg_bits % 8 != 0)
		return HP_CAND_BAD_LENGTH;
#if SIZE_MAX < ULLONG_MAX
	if (msg_bits / 8 > SIZE_MAX)
		return HP_CAND_BAD_LENGTH;
#endif
	*bytes = (size_t)(msg_bits / 8);
	return HP_CAND_OK;
}

void hp_cand_mask_tail(unsigned char *out, unsigned long long out_bits)
{
	if (out_bits % 8 != 0)
		out[out_bits / 8] &= (unsigned char)(0xff00u >> (out_bits % 8));
}

/* out gets the first nbytes bytes of H(m || BE32(1)) || H(m || BE32(2)) || ... */
static int hp_cand_stream(const struct hp_cand_digest *d, unsigned long long nbytes, const unsigned char *msg,
			  size_t len, unsigned char *out)
{
	unsigned char tmp[HP_CAND_DIGEST_MAX_BYTES], be[4];
	const struct hp_cand_piece pc[2] = { { msg, len }, { be, sizeof be } };
	unsigned long long blocks;
	int rc = HP_CAND_OK;

	/* the digest's length checked before anything is divided by it */
	if (d->bytes == 0 || d->bytes > HP_CAND_DIGEST_MAX_BYTES)
		return HP_CAND_BAD_LENGTH;
	blocks = nbytes / d->bytes + (nbytes % d->bytes != 0);
	if (blocks > HP_CAND_CTR_MAX)
		return HP_CAND_BAD_LENGTH;
	for (unsigned long long i = 0; i < blocks && rc == HP_CAND_OK; i++) {
		const unsigned long long ct = i + 1, off = i * d->bytes;
		const unsigned long long take = nbytes - off < d->bytes ? nbytes - off : d->bytes;

		be[0] = (unsigned char)(ct >> 24);
		be[1] = (unsigned char)(ct >> 16);
		be[2] = (unsigned char)(ct >> 8);
		be[3] = (unsigned char)ct;
		rc = d->fn(d->ctx, pc, 2, take == d->bytes ? out + off : tmp);
		if (rc == HP_CAND_OK && take != d->bytes)
			memcpy(out + off, tmp, (size_t)take);
	}
	return rc;
}

int hp_cand_xof(const struct hp_cand_digest *d, unsigned long long out_bits, const unsigned char *msg,
		unsigned long long msg_bits, unsigned char *out)
{
	const unsigned long long nbytes = out_bits / 8 + (out_bits % 8 != 0);
	size_t len;
	int rc = hp_cand_msg_bytes(msg_bits, &len);

	if (rc == HP_CAND_OK)
		rc = hp_cand_stream(d, nbytes, msg, len, out);
	if (rc == HP_CAND_OK && nbytes)
		hp_cand_mask_tail(out, out_bits);
	return rc;
}

/* nbytes (<= 128) of the fixed-length mapping: H(m) truncated when it
 * is long enough, else the counter-mode stream. */
static int hp_cand_fixed(const struct hp_cand_digest *d, size_t nbytes, const unsigned char *msg,
			 unsigned long long msg_bits, unsigned char *out)
{
	/* through tmp, since msg and out may overlap (the placeholder's
	 * pseudohash allows it, auxfunc.h): the whole message is read before
	 * out is written */
	unsigned char tmp[HP_CAND_DIGEST_MAX_BYTES];
	struct hp_cand_piece pc = { msg, 0 };
	int rc;

	if ((rc = hp_cand_msg_bytes(msg_bits, &pc.len)) != HP_CAND_OK)
		return rc;
	if (d->bytes == 0 || d->bytes > HP_CAND_DIGEST_MAX_BYTES)
		return HP_CAND_BAD_LENGTH;
	/* nbytes <= 128 < sizeof tmp */
	rc = nbytes > d->bytes ? hp_cand_stream(d, nbytes, msg, pc.len, tmp) : d->fn(d->ctx, &pc, 1, tmp);
	if (rc == HP_CAND_OK)
		memcpy(out, tmp, nbytes);
	return rc;
}

int hp_cand_hash(const struct hp_cand_digest *d, int len_bits, const unsigned char *msg, unsigned long long msg_bits,
		 unsigned char *out)
{
	if (len_bits != 512 && len_bits != 768 && len_bits != 1024)
		return HP_CAND_BAD_LENGTH;
	return hp_cand_fixed(d, (size_t)len_bits / 8, msg, msg_bits, out);
}

int hp_cand_sm3(const struct hp_cand_digest *d, int len_bits, const unsigned char *msg, unsigned long long msg_bits,
		unsigned char *out)
{
	if (len_bits != 256)
		return HP_CAND_BAD_LENGTH;
	return hp_cand_fixed(d, 32, msg, msg_bits, out);
}
