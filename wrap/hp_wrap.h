/*
 * hp_wrap.h - the contract between the wrap shims (linked into every
 * instance) and the hashprof runtime (prof/, drivers/).
 *
 * The shims live inside the instance's shared object, next to the scheme
 * and its helpers; the runtime finds their state with
 * dlsym(handle, HP_WRAP_STATE_SYMBOL) after dlopen().  Everything here is
 * plain data so that the hot path needs no call into the runtime other
 * than the clock.
 *
 * Units: every tick value is in the units of the clock the runtime
 * installs in hp_wrap_state.clock (TSC ticks for PAPI_get_real_cyc, core
 * cycles for PAPI_TOT_CYC).  Bit counts are bits, as in the ICCS API.
 */
#ifndef HP_WRAP_H
#define HP_WRAP_H

#include <stdint.h>

/* Bumped whenever struct hp_wrap_state changes layout. */
#define HP_WRAP_ABI_VERSION 2u
#define HP_WRAP_STATE_SYMBOL "hashprof_wrap_state"

/*
 * The wrapped helpers.  The order of the first four is the order in which
 * the published tables print call counts (method.md: "order drng,
 * pseudoXOF, pseudohash, sm3hash"); init_random_number comes last because
 * the published method does not wrap it (issue 5 reports it apart).
 */
enum hp_fn {
	HP_FN_DRNG = 0,      /* get_random_number */
	HP_FN_XOF,           /* pseudoXOF */
	HP_FN_PSEUDOHASH,    /* pseudohash */
	HP_FN_SM3,           /* sm3hash */
	HP_FN_DRNG_INIT,     /* init_random_number */
	HP_FN_COUNT,
	/* Not a helper: the empty function the overhead calibration wraps
	 * (calib.c).  Its shapes are cleared before anything is measured. */
	HP_FN_CALIB = HP_FN_COUNT,
	HP_FN_SLOTS          /* entries of the per-helper arrays of the shims' state (HP_FN_CALIB included) */
};

/*
 * One shape: a helper called with given input and output lengths.
 * in_bits: message length in bits (0 for the DRNG; seed length in bits
 * for init_random_number).  out_bits: digest/output length in bits (0 for
 * init_random_number).
 */
struct hp_shape {
	uint32_t used;       /* 0 = free slot in the table */
	uint32_t fn;         /* enum hp_fn */
	uint64_t in_bits;
	uint64_t out_bits;
	uint64_t calls;      /* outermost calls: these are timed */
	uint64_t nested;     /* calls made while another wrapped call ran: executed, counted here, not timed */
	uint64_t ticks;      /* clock ticks inside the outermost calls */
};

/*
 * Open-addressing table size (a power of two).  Real schemes use a few
 * dozen shapes.  A shape is looked for in at most HP_PROBES_MAX slots from
 * its hash (linear probing), so that a call costs the same few probes
 * however full the table is; a call whose shape finds neither its slot
 * nor a free one there "overflows": it is counted in its helper's
 * overflow[] entry, so that the helper's calls and ticks stay exact and
 * only the split by shape is lost.
 */
#define HP_SHAPES_MAX 1024u
#define HP_PROBES_MAX 32u

/* The calls of one helper whose shape did not fit the table. */
struct hp_overflow {
	uint64_t calls;      /* outermost calls: timed */
	uint64_t nested;     /* calls made inside another wrapped call: not timed */
	uint64_t ticks;      /* clock ticks inside the outermost calls */
};

struct hp_wrap_state {
	uint32_t abi_version;            /* HP_WRAP_ABI_VERSION */
	volatile int accounting;         /* non-zero only around measured API calls */
	uint64_t (*clock)(void);         /* installed by the runtime; returns ticks */
	uint32_t tick_inline;            /* non-zero: the shims read the counter inline (wrap/tick.h),
					  * set by the runtime only where that is the clock's counter */
	struct hp_overflow overflow[HP_FN_SLOTS]; /* indexed by enum hp_fn */
	struct hp_shape shapes[HP_SHAPES_MAX];
};

/* The helper's C name for an enum hp_fn value ("get_random_number", ...);
 * NULL when fn is out of range. */
static inline const char *hp_fn_name(unsigned fn)
{
	static const char *const names[HP_FN_COUNT] = {
		"get_random_number", "pseudoXOF", "pseudohash", "sm3hash",
		"init_random_number",
	};
	return fn < HP_FN_COUNT ? names[fn] : 0;
}

/* The short name the published tables print in "calls per operation"
 * ("drng", "pseudoXOF", ...; "drng_init" for init_random_number). */
static inline const char *hp_fn_label(unsigned fn)
{
	static const char *const labels[HP_FN_COUNT] = {
		"drng", "pseudoXOF", "pseudohash", "sm3hash", "drng_init",
	};
	return fn < HP_FN_COUNT ? labels[fn] : 0;
}

/*
 * Overhead calibration (calib.c), exported by every instance:
 * hashprof_calib_loop(n, wrapped) makes n calls of an empty helper, through
 * the same shim code path as the real helpers when wrapped != 0, directly
 * otherwise.  The runtime times both to learn what a shim adds per call.
 */
#define HP_CALIB_LOOP_SYMBOL "hashprof_calib_loop"
typedef void (*hp_calib_loop_fn)(unsigned n, int wrapped);

#endif
