/*
 * calib_nop.c - the stand-in "helper" of the overhead calibration.
 *
 * It has the signature of sm3hash (digest bits, message, message bits,
 * digest), so that its shim (state.c) is the same machine code as a real
 * hash shim: four arguments kept across the clock calls, the shape key
 * hashed at run time.  Not quite empty: 100 dependent xorshift rounds (a
 * few hundred cycles), because a real helper runs long enough for the CPU
 * to overlap the shim's clock reads with the helper's own work.  With an
 * empty body the calibration sees none of that overlap and overstates what
 * the shim counts inside the helper (measured here: 24 TSC ticks per call
 * with an empty body, 13 with this one, about 0 around a real sm3hash).
 *
 * Its own object, so that neither the loop nor the shim in state.c can
 * inline it: like a real helper, it is a call into another object.  Named
 * as ld --wrap names a real function, so the shim calls it without any
 * linker flag.  Aligned to 64 bytes for the reason the loop is (state.c,
 * hashprof_calib_loop): its inner loop then has the same place in its
 * cache lines in every module that links it.
 */
int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest);

__attribute__((noinline, aligned(64))) int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg,
								     unsigned long long msg_len_bits,
								     unsigned char *digest)
{
	unsigned long long v = (unsigned long long)msg[0] | 1;

	for (int r = 0; r < 100; r++) {
		v ^= v << 13;
		v ^= v >> 7;
		v ^= v << 17;
	}
	digest[0] = (unsigned char)v;
	__asm__ volatile("" : : : "memory");
	return (int)(msg_len_bits & 0) + (digest_len_bits & 0);
}
