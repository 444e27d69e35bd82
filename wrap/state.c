/*
 * state.c - the shims' counters, one per instance shared object.
 *
 * Its own object so that an instance that wraps no helper at all (it
 * defines none) still carries the state, and the runtime can tell "no
 * helper call seen" from "cannot load".
 */
#include "hp_wrap.h"

/* Exported: the runtime finds it with dlsym(HP_WRAP_STATE_SYMBOL). */
__attribute__((visibility("protected")))
struct hp_wrap_state hashprof_wrap_state = { .abi_version = HP_WRAP_ABI_VERSION };
