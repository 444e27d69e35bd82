/*
 * state.c - what every instance carries besides the shims: their counters,
 * the nesting depth, and the overhead calibration loop (see hp_wrap.h).
 *
 * The shims reference hashprof_wrap_state, so an archive link pulls this
 * object with the first shim; an instance that wraps nothing links it
 * explicitly (-Wl,--undefined=hashprof_wrap_state) so that the runtime can
 * tell "no helper call seen" from "cannot load".
 */
#include "hook.h"

/* Exported: the runtime finds it with dlsym(HP_WRAP_STATE_SYMBOL). */
__attribute__((visibility("protected")))
struct hp_wrap_state hashprof_wrap_state = { .abi_version = HP_WRAP_ABI_VERSION };

__attribute__((visibility("hidden"), tls_model("initial-exec"))) _Thread_local unsigned hp_depth;

int __real_hashprof_calib_nop(int x);   /* calib_nop.c: an empty function */
int __wrap_hashprof_calib_nop(int x);
__attribute__((visibility("default"))) void hashprof_calib_loop(unsigned n, int wrapped);

/* The calibration shim: the same hook around the empty function.
 * noinline: called like a real shim, never folded into the loop. */
__attribute__((noinline)) int __wrap_hashprof_calib_nop(int x)
{
	HP_HOOK(HP_FN_CALIB, 0, 0, __real_hashprof_calib_nop(x));
}

/*
 * wrapped != 0: n calls through the shim (accounting check, depth guard,
 * two clock reads, shape-table update); wrapped == 0: n direct calls of
 * the same empty function.  The difference, per call, is what a shim adds
 * to an operation's total (prof/calibrate.c).
 */
void hashprof_calib_loop(unsigned n, int wrapped)
{
	if (wrapped)
		for (unsigned i = 0; i < n; i++)
			__wrap_hashprof_calib_nop((int)i);
	else
		for (unsigned i = 0; i < n; i++)
			__real_hashprof_calib_nop((int)i);
}
