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
 * installs in hp_wrap_state.clock (for PAPI_get_real_cyc TSC ticks on
 * x86-64, generic-timer ticks on AArch64; core cycles for PAPI_TOT_CYC).  Bit counts are bits, as in the ICCS API.
 */
#ifndef HP_WRAP_H
#define HP_WRAP_H

#include <stdint.h>

/* Bumped whenever struct hp_wrap_state changes layout or the meaning of
 * its fields (3: the record/replay modes and the tape; 4: the double
 * replay mode and the shadow tape; 5: the shapes' one-word keys, the
 * call-site mode, or the own-primitive entries and the helper calls nested
 * inside them; 7: all three). */
#define HP_WRAP_ABI_VERSION 7u
#define HP_WRAP_STATE_SYMBOL "hashprof_wrap_state"

/*
 * The wrapped helpers.  The order of the first four is the order in which
 * the published tables print call counts (method.md: "order drng,
 * pseudoXOF, pseudohash, sm3hash"); init_random_number comes last because
 * the published method does not wrap it (hashprof reports it apart).
 */
enum hp_fn {
	HP_FN_DRNG = 0, /* get_random_number */
	HP_FN_XOF, /* pseudoXOF */
	HP_FN_PSEUDOHASH, /* pseudohash */
	HP_FN_SM3, /* sm3hash */
	HP_FN_DRNG_INIT, /* init_random_number */
	HP_FN_COUNT,
	/* Not a helper: the stand-in the overhead calibration wraps
	 * (wrap/calib_nop.c, 100 xorshift rounds; the loop in wrap/state.c,
	 * timed by prof/measure/calibrate.c).  Its shapes are cleared before anything
	 * is measured. */
	HP_FN_CALIB = HP_FN_COUNT,
	HP_FN_SLOTS /* entries of the per-helper arrays of the shims' state (HP_FN_CALIB included) */
};

/*
 * One shape: a helper called with given input and output lengths.
 * in_bits: message length in bits (0 for the DRNG; seed length in bits
 * for init_random_number).  out_bits: digest/output length in bits (0 for
 * init_random_number).
 */
struct hp_shape {
	uint64_t key; /* the shims' lookup key (wrap/hook.h: hp_shape_key); 0 = free slot */
	uint32_t used; /* 0 = free slot in the table (set with key) */
	uint32_t fn; /* enum hp_fn */
	uint64_t in_bits;
	uint64_t out_bits;
	uint64_t calls; /* outermost calls: these are timed */
	uint64_t nested; /* calls made while another wrapped call ran: executed, counted here, not timed */
	uint64_t ticks; /* clock ticks inside the outermost calls */
	uint64_t reserved; /* zero: pads a slot to 64 bytes, one cache line and a shift to index */
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
#define HP_SHAPES_LOG2 10u
#define HP_SHAPES_MAX (1u << HP_SHAPES_LOG2)
#define HP_PROBES_MAX 32u

/* The calls of one helper whose shape did not fit the table. */
struct hp_overflow {
	uint64_t calls; /* outermost calls: timed */
	uint64_t nested; /* calls made inside another wrapped call: not timed */
	uint64_t ticks; /* clock ticks inside the outermost calls */
};

/*
 * Values of hp_wrap_state.accounting.  The gate of every shim (hook.h)
 * tests the value against zero once: 0 is the untouched path (a tail call
 * of the helper), a positive value the timed path, a negative one the tape
 * path.  Negative for the tape modes so that the sign flag of that same
 * test picks them and neither the gate nor the timed hook gains a load.
 */
#define HP_ACCOUNTING_OFF 0
#define HP_ACCOUNTING_TIMED 1 /* any positive value: timed (HP_HOOK) */
#define HP_ACCOUNTING_RECORD (-1) /* outermost calls append their outputs to the tape */
#define HP_ACCOUNTING_REPLAY (-2) /* outermost calls of replay_mask are served from the tape */
/* Replay, and every outermost call's tape work done twice: first on the
 * shadow tape (a copy of the tape, read at the same position: the entry
 * matched and stepped over, a served call's bytes copied once more), then
 * as HP_ACCOUNTING_REPLAY does.  The in-situ calibration of the tape
 * path's cost (docs/replay.md): the helpers run as in the replay run, and
 * a passed call counts on both tapes. */
#define HP_ACCOUNTING_DOUBLE (-3)
/* Timed as HP_ACCOUNTING_TIMED, and every outermost call then handed to
 * the runtime's call-site recorder (hp_wrap_state.site_record, after the
 * second clock read: outside the helper's window), which unwinds the
 * stack (--call-sites, prof/callsites/recorder.c).  Negative so that the timed
 * path's gate stays as it is: the gate tells it from the tape modes only
 * on the negative branch. */
#define HP_ACCOUNTING_SITES (-8)

/*
 * The tape: the record of one operation's outermost helper calls, in call
 * order, that a replay run plays back instead of calling the helpers
 * (docs/replay.md).  The runtime allocates buf and owns it; the shims only
 * write and read inside [0, cap) and never allocate, lock or make a system
 * call.  Entries are 8-byte aligned: a struct hp_tape_entry, then the
 * call's output bytes (hp_tape_out_bytes), padded with zeros to a multiple
 * of 8 (hp_tape_entry_bytes).  Single-threaded like the timed path: one
 * thread runs the operation while a tape mode is on.
 */
struct hp_tape_entry {
	uint32_t fn; /* enum hp_fn */
	int32_t ret; /* what the helper returned */
	uint64_t in_bits; /* the shape, as in struct hp_shape */
	uint64_t out_bits;
};

#define HP_TAPE_OVERFLOW 1u /* record: an entry did not fit; it and all later ones are missing */
#define HP_TAPE_DIVERGED 2u /* replay: a call did not match its entry, or came after the last */

/* replay_mask bits: 1u << enum hp_fn.  The two families replayed one at a
 * time (init_random_number is never replayed, whatever the mask says: it
 * has no output, and the context it writes has a size the shim does not
 * know). */
#define HP_TAPE_BIT(fn) (1u << (fn))
#define HP_TAPE_FAMILY_HASH (HP_TAPE_BIT(HP_FN_XOF) | HP_TAPE_BIT(HP_FN_PSEUDOHASH) | HP_TAPE_BIT(HP_FN_SM3))
#define HP_TAPE_FAMILY_DRNG HP_TAPE_BIT(HP_FN_DRNG)

struct hp_tape {
	unsigned char *buf; /* cap bytes, 8-byte aligned, owned by the runtime */
	uint64_t cap; /* bytes */
	uint64_t len; /* bytes of whole entries recorded (record writes at len) */
	uint64_t pos; /* replay reads the entry at pos (bytes, < len) */
	uint32_t flags; /* HP_TAPE_OVERFLOW | HP_TAPE_DIVERGED */
	uint32_t replay_mask; /* HP_TAPE_BIT()s of the helpers replay serves from the tape */
	uint64_t calls; /* outermost calls seen in this run (recorded or read) */
	uint64_t replayed; /* outermost calls served from the tape (no helper ran) */
	uint64_t passed; /* replay: calls of the real helper through the tape path, nested ones included */
	uint64_t diverged_at; /* with HP_TAPE_DIVERGED: index in calls of the first bad call (0-based) */
	struct hp_tape_entry diverged; /* ...and that call's fn, in_bits, out_bits (ret unused); the
					  * entry it was matched against is the one at pos */
};

/*
 * The own-primitive entry functions of an instance: functions
 * of the scheme's own symmetric code that the survey found
 * (builder/survey/survey.c) and that the instance links with --wrap, each
 * through its own shim (wrap/own.h), in the order of the survey's
 * wrapped entries (its slot).  They follow the helpers' nesting rule:
 * only the outermost wrapped call of either kind is timed.
 */
#define HP_OWN_MAX 64u

struct hp_own_count {
	uint64_t calls; /* outermost calls: these are timed */
	uint64_t nested; /* calls made while another wrapped call ran: executed, not timed */
	uint64_t in_helper; /* ...of which inside an ICCS helper (their time is the helper's) */
	uint64_t ticks; /* clock ticks inside the outermost calls */
};

struct hp_wrap_state {
	uint32_t abi_version; /* HP_WRAP_ABI_VERSION */
	volatile int accounting; /* HP_ACCOUNTING_*; non-zero only around measured API calls */
	uint64_t (*clock)(void); /* installed by the runtime; returns ticks */
	uint32_t tick_inline; /* non-zero: the shims read the counter inline (wrap/tick.h),
					  * set by the runtime only where that is the clock's counter */
	struct hp_overflow overflow[HP_FN_SLOTS]; /* indexed by enum hp_fn */
	struct hp_shape shapes[HP_SHAPES_MAX];
	struct hp_tape tape; /* used only while accounting is negative */
	struct hp_tape shadow; /* HP_ACCOUNTING_DOUBLE reads this one too: buf a copy of
					  * tape.buf's len bytes (another buffer: its reads miss the
					  * caches as the tape's do), its own pos and counters, which
					  * end equal to tape's */
	/* HP_ACCOUNTING_SITES: called by the shim after each outermost call,
	 * after its second clock read, with the helper (enum hp_fn) and the
	 * ticks it timed; installed by the runtime before it sets the mode. */
	void (*site_record)(uint32_t fn, uint64_t ticks);
	/* Ticks the recorder spent, read by the runtime's own clock reads at
	 * its start and end: taken out of the operation's window (prof/
	 * meter.h); what lies outside those reads (the call into the
	 * recorder, what its unwinding does to the caches) is measured in the
	 * operation (prof/callsites/insitu.h).  Written by the runtime only. */
	uint64_t site_excluded_ticks;
	struct hp_own_count own[HP_OWN_MAX]; /* per own entry, by its slot */
	uint64_t nested_in_own[HP_FN_SLOTS]; /* helper calls made while an own entry ran
					      * outermost: their time is in the own entry's */
};

/*
 * Output bytes a helper call writes, from its shape's out_bits (ngcc-api.md):
 * pseudohash, sm3hash: digest_len_bits / 8 (an int: a negative length
 * writes nothing), and the calibration stand-in like them; pseudoXOF,
 * get_random_number: ceil(bits / 8); init_random_number (and anything
 * else): 0.
 */
static inline uint64_t hp_tape_out_bytes(unsigned fn, uint64_t out_bits)
{
	switch (fn) {
	case HP_FN_PSEUDOHASH:
	case HP_FN_SM3:
	case HP_FN_CALIB: /* the stand-in has sm3hash's signature (state.c) */
		return (int64_t)out_bits > 0 ? out_bits / 8 : 0;
	case HP_FN_XOF:
	case HP_FN_DRNG:
		return out_bits / 8 + (out_bits % 8 != 0);
	default:
		return 0;
	}
}

/* Bytes one tape entry takes: the header, then out_bytes rounded up to 8.
 * Saturates at UINT64_MAX instead of wrapping (a garbage length must not
 * look small). */
static inline uint64_t hp_tape_entry_bytes(uint64_t out_bytes)
{
	if (out_bytes > UINT64_MAX - sizeof(struct hp_tape_entry) - 7)
		return UINT64_MAX;
	return sizeof(struct hp_tape_entry) + ((out_bytes + 7) & ~(uint64_t)7);
}

/* The helper's C name for an enum hp_fn value ("get_random_number", ...);
 * NULL when fn is out of range. */
static inline const char *hp_fn_name(unsigned fn)
{
	static const char *const names[HP_FN_COUNT] = {
		"get_random_number", "pseudoXOF", "pseudohash", "sm3hash", "init_random_number",
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
 * Overhead calibration (wrap/state.c, timed by prof/measure/calibrate.c), exported
 * by every instance: hashprof_calib_loop(n, wrapped) makes n calls of the
 * stand-in helper (wrap/calib_nop.c: 100 xorshift rounds), through
 * the same shim code path as the real helpers when wrapped != 0, directly
 * otherwise.  The runtime times both to learn what a shim adds per call.
 */
#define HP_CALIB_LOOP_SYMBOL "hashprof_calib_loop"
typedef void (*hp_calib_loop_fn)(unsigned n, int wrapped);
/* The `wrapped` value for a loop that makes no call at all, with the rest
 * of the loop's work (what a free helper would leave): the replay-cost
 * calibration's baseline (prof/measure/calibrate.c).  Any other non-zero value
 * calls the shim, which follows hp_wrap_state.accounting (the timed path,
 * or the tape path when it is negative). */
#define HP_CALIB_LOOP_EMPTY 2

#endif
