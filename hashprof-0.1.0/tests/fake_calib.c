/*
 * fake_calib.c - the calibration stand-in for tests/test_correction: the
 * same symbol as wrap/calib_nop.c, but its "work" is FAKE_COST_CALIB
 * ticks of the fake clock (fake_helpers.h), so the calibration's inputs
 * are exact.  Linked before wrap/libhpwrap.la, it keeps the archive's
 * calib_nop.o out of the program (an archive member is pulled only for a
 * symbol still undefined).
 */
#include "fake_helpers.h"

int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest);

int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest)
{
	(void)digest_len_bits;
	(void)msg;
	(void)msg_len_bits;
	(void)digest;
	fake_now += FAKE_COST_CALIB;
	return 0;
}
