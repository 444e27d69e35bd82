/*
 * insitu.h - what the call-site recorder costs an operation,
 * measured in the operation itself (--call-sites).
 *
 * The recorder's own work is taken out of the windows (its two clock
 * reads, recorder.h); what it still costs lies outside them: the call
 * into it and out, the outer halves of its reads, and above all what its
 * unwinding does to the caches and branch history the scheme and the
 * helpers then run with.  A loop around a stand-in helper sees only the
 * first two (calibrate.h); in SPHINCS+ sign, at 10^5 calls per operation,
 * the rest moved the share by 2.4 pp (bench (f)).  So after the measured
 * operations, M samples each run the operation twice from one saved DRNG
 * state, once timed as without call sites and once with the recorder
 * (order alternating), and per call
 *
 *   added  = (T_sites - T_timed) / calls     T: the meter's ticks
 *   inside = (H_sites - H_timed) / calls     H: the ticks inside the helpers
 *
 * the mean of the medians over the two orders.  The shares of a
 * --call-sites row subtract them per call on top of the timed mode's
 * calibrated overhead (shares.h), so that they read as without call sites.
 */
#ifndef HP_CALLSITE_INSITU_H
#define HP_CALLSITE_INSITU_H

#include <stddef.h>
#include <stdint.h>

#include "replay/drng_state.h"
#include "measure/insitu_bound.h"
#include "hp_wrap.h"
#include "record/result.h"
#include "part.h"

/* One run of the operation on fixed inputs; 0, or the failing API
 * call's return code.  reset (may be NULL) puts back inputs a run
 * overwrote. */
struct hp_insitu_run {
	struct hp_wrap_state *w; /* its site_record installed */
	struct hp_drng_state *drng; /* NULL: the instance has no DRNG (nothing to restore) */
	uint64_t (*clock)(void); /* ticks */
	int (*op)(void *ctx);
	void (*reset)(void *ctx);
	void *ctx;
};

/* One sample: both runs of one operation. */
struct hp_insitu_sample {
	unsigned order; /* 0: timed first, 1: with the recorder first */
	uint64_t calls; /* outermost helper calls of the operation (the same in both runs) */
	uint64_t timed_ticks, sites_ticks; /* the meter's ticks (the recorder's own excluded) */
	uint64_t timed_inside, sites_inside; /* ticks inside the helpers */
};

/*
 * Take one sample: the DRNG state saved, the two runs in `order`, each
 * from that state, then the state the operation left.  Returns 0, or -1
 * with a one-line reason in err (a run failed, the two runs made other
 * numbers of calls).  Leaves accounting off.
 */
int hp_insitu_sample(const struct hp_insitu_run *run, unsigned order, struct hp_insitu_sample *out, char *err,
		     size_t errlen);

/*
 * The recorder's cost per outermost call from n samples: *added the
 * ticks it adds to an operation's total, *inside the part of them inside
 * the helpers' windows (both the mean over the two orders of the median
 * of the per-call differences; not clamped).  Returns 0, or -1 when no
 * sample has a call.
 */
int hp_insitu_cost(const struct hp_insitu_sample *s, size_t n, double *added, double *inside);

/*
 * The bound of a plausible in-situ cost: added within insitu_bound.h's
 * [-O / 4, 16 O], O the shims' calibrated overhead per call
 * (overhead.added_ticks_per_call), and inside a part of it:
 * 0 <= inside <= added.  "95 added, 116 of them inside" or "80 added,
 * -12 of them inside" is no cost but noise (the recorder only adds work,
 * and what it adds inside the helpers is part of what it adds).
 */
/*
 * Judge the in-situ cost of t (measured, or read from a record) against
 * the bound above, with the row's calibration (overhead_valid,
 * overhead_added ticks per call) and clock unit (unit, "TSC ticks"; NULL
 * or "": "ticks").  Outside it: t->insitu_implausible = 1 and, when it
 * was valid, t->insitu_valid = 0 (the shares do not apply it) with the
 * one-line reason in t->insitu_error ("the recorder's in-situ cost was
 * implausible (N TSC ticks/call ...): not applied; the machine was
 * busy").  Nothing is judged without a valid calibration (the shares are
 * then raw, nothing is applied) or for a cost not measured.  Returns 1
 * when implausible, else 0.
 */
int hp_insitu_bound(struct hp_result_sites *t, int overhead_valid, double overhead_added, const char *unit);

#endif
