/*
 * recorder.h - the call-site recorder of --call-sites: in the
 * measuring process, each outermost helper call the shims time in the
 * HP_ACCOUNTING_SITES mode is handed here (hp_wrap_state.site_record,
 * after the shim's second clock read), unwound with libunwind
 * (unw_backtrace) and counted in a table of call paths keyed by their
 * return addresses.  No allocation, lock or system call per call: the
 * table is allocated by hp_callsite_rec_start.  Names are looked up only
 * afterwards, once per return address (symbols.h, table.h).
 *
 * The recorder's own time is read with the shims' clock at its start and
 * end and added to hp_wrap_state.site_excluded_ticks, which the meter
 * (prof/replay/meter.h) takes out of the operation's window; what lies outside
 * those two reads is measured in the operation (insitu.h) and
 * corrected for like the shims' overhead.
 *
 * Single-threaded like the shims: one thread makes the measured calls.
 */
#ifndef HP_CALLSITE_REC_H
#define HP_CALLSITE_REC_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h"

/* Return addresses kept per call path (innermost first), and distinct
 * (helper, path) pairs per row; a deeper path keeps its innermost
 * HP_SITE_FRAMES_MAX frames and is marked truncated, a call whose path
 * finds no slot within HP_SITE_PROBES_MAX of its hash is counted as a
 * call without a call path (its helper's calls and ticks stay exact). */
#define HP_SITE_FRAMES_MAX 64u
#define HP_SITE_PATHS_MAX 4096u /* a power of two */
#define HP_SITE_PROBES_MAX 64u

/* One call path of one helper: the return addresses from the shim's
 * caller outward to the instance's API function: every frame between the
 * shim and the first frame back in the recorder's own object (the driver,
 * which calls the API), the scheme's and any library's between them. */
struct hp_site_raw {
	uint32_t used; /* 0: a free slot */
	uint32_t fn; /* enum hp_fn (HP_FN_CALIB: the calibration's stand-in, if it ever runs in this mode) */
	uint32_t n; /* return addresses in pc[] */
	uint32_t truncated; /* 1: the path was deeper than HP_SITE_FRAMES_MAX */
	uint64_t hash; /* of fn and pc[0..n) */
	uint64_t calls; /* outermost calls */
	uint64_t ticks; /* ticks inside them, as the shim timed them */
	uintptr_t pc[HP_SITE_FRAMES_MAX]; /* return addresses, innermost first */
};

/* The calls of one helper that have no call path: the unwinder failed
 * (the walk never got back to the driver that called the API function:
 * a frame without unwind information, a private stack, a corrupted one),
 * or the path table had no slot for a new path. */
struct hp_site_lost {
	uint64_t unwind_failed, table_full; /* outermost calls */
	uint64_t ticks; /* ticks inside those calls */
};

/*
 * Allocate the path table and install the recorder in w (site_record):
 * frames inside [lo, hi) are the instance's (its loaded object, from
 * hp_callsite_module_range); the driver's frames are those of the object
 * this recorder is linked into.  Returns 0, or -1 with a one-line reason
 * in err (out of memory).  The mode itself is set by whoever meters.
 */
int hp_callsite_rec_start(struct hp_wrap_state *w, uintptr_t lo, uintptr_t hi, char *err, size_t errlen);

/* Forget every path and lost call (after the warm-up). */
void hp_callsite_rec_clear(void);

/* The path table: HP_SITE_PATHS_MAX slots (used ones have used != 0);
 * NULL before hp_callsite_rec_start. */
const struct hp_site_raw *hp_callsite_rec_table(void);

/* The calls without a call path of helper fn (< HP_FN_SLOTS). */
const struct hp_site_lost *hp_callsite_rec_lost(unsigned fn);

/* Release the table; w->site_record is reset to NULL. */
void hp_callsite_rec_stop(void);

/*
 * The address range [*lo, *hi) of the loaded object that contains addr
 * (all its PT_LOAD segments, dl_iterate_phdr).  Returns 0, or -1 when
 * addr is in no loaded object.
 */
int hp_callsite_module_range(const void *addr, uintptr_t *lo, uintptr_t *hi);

/* For the tests: the recorder as the shims call it. */
void hp_callsite_rec_record(uint32_t fn, uint64_t ticks);

#endif
