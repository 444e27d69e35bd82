/*
 * calib_nop.c - the stand-in "helper" of the overhead calibration.
 *
 * Not quite empty: 100 dependent xorshift rounds (a few hundred cycles),
 * because a real helper runs long enough for the CPU to overlap the
 * shim's clock reads with the helper's own work.  With an empty body the
 * calibration sees none of that overlap and overstates what the shim
 * counts inside the helper (measured here: 24 TSC ticks per call with an
 * empty body, 13 with this one, about 0 around a real sm3hash).
 *
 * Its own object, so that neither the loop in calib.c nor the shim in
 * hp_wrap.c can inline it: like a real helper, it is a call into another
 * object.  Named as ld --wrap names a real function, so the shim calls it
 * without any linker flag.
 */
int __real_hashprof_calib_nop(int x);

__attribute__((noinline)) int __real_hashprof_calib_nop(int x)
{
	unsigned long long v = (unsigned long long)x | 1;

	for (int r = 0; r < 100; r++) {
		v ^= v << 13;
		v ^= v >> 7;
		v ^= v << 17;
	}
	__asm__ volatile("" : : : "memory");
	return (int)v;
}
