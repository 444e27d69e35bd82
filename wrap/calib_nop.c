/*
 * calib_nop.c - the empty "helper" of the overhead calibration.
 *
 * Its own object, so that neither the loop in calib.c nor the shim in
 * hp_wrap.c can inline it: like a real helper, it is a call into another
 * object.  Named as ld --wrap names a real function, so the shim calls it
 * without any linker flag.
 */
int __real_hashprof_calib_nop(int x);

__attribute__((noinline)) int __real_hashprof_calib_nop(int x)
{
	__asm__ volatile("" : : : "memory");
	return x;
}
