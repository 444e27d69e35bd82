/*
 * calib.c - the loop the overhead calibration times (see hp_wrap.h).
 *
 * wrapped != 0: n calls through __wrap_hashprof_calib_nop, i.e. the HP_HOOK
 * body every helper shim runs (accounting check, depth guard, two clock
 * reads, shape-table update); wrapped == 0: n direct calls of the same
 * empty function.  The difference of the two, per call, is what a shim
 * adds to an operation's total.
 */
#include "hp_wrap.h"

int __real_hashprof_calib_nop(int x);
int __wrap_hashprof_calib_nop(int x);

__attribute__((visibility("default"))) void hashprof_calib_loop(unsigned n, int wrapped);

void hashprof_calib_loop(unsigned n, int wrapped)
{
	if (wrapped)
		for (unsigned i = 0; i < n; i++)
			__wrap_hashprof_calib_nop((int)i);
	else
		for (unsigned i = 0; i < n; i++)
			__real_hashprof_calib_nop((int)i);
}
