/*
 * rows.h - measuring the rows of `hashprof INSTANCE [OPERATION]` and of
 * `hashprof check` (rows.c): the run machinery both commands share.
 */
#ifndef HP_ROWS_H
#define HP_ROWS_H

#include <stddef.h>

#include "instance.h"
#include "ops/ops.h"
#include "options.h"
#include "record/result.h"

#ifndef HP_OPS_MAX
#define HP_OPS_MAX 16 /* operations of one instance, at most */
#endif

/* Called by hp_run_rows with each row as soon as it is final (measured,
 * failed, interrupted or not run), in order, and arg. */
typedef void hp_row_done_fn(const struct hp_result *row, void *arg);

/*
 * Measure each of the nops operations of inst with the procedure of o,
 * each in its own child processes (a calibration child first unless
 * o->iterations is set, then the measuring child), into rows[0..nops)
 * (hp_result_init'ed here; free each with hp_result_free).  o->tick_hz
 * must have been measured (hp_clock_init, hp_clock_measure_rate).  A
 * crashing, hanging or failing operation fails its own row only.  With
 * o->replay, each measured row also gets its replay estimate (r->replay).
 * The children are confined (confinement.h) unless o->no_confine; a row
 * whose confinement blocked the package fails with "blocked: ...", and the
 * operations after it are not run (the rows before it are kept).
 * With more than one run (hp_options_runs), runs 2..R of a row follow
 * its first (each a timing-only process whose batches join the row,
 * docs/method-batches.md), before the next row is measured.
 * done (may be NULL) gets each row, with arg, before the next is
 * measured.  With o->ncands (--hash), each row also gets an arm per
 * candidate (swap_run.h).  Returns the number of rows whose status is
 * not OK, whose replay failed or a candidate's arm failed (0 = all
 * measured).
 */
int hp_run_rows(const struct hp_instance *inst, const char *const *ops, size_t nops, const struct hp_options *o,
		struct hp_result *rows, hp_row_done_fn *done, void *arg);

/*
 * The confinement (confinement.h) of the children hp_default_ops and
 * hp_run_check_op start: o->no_confine, o->max_memory_mb.  Until this is
 * called they are confined with the defaults.  hp_run_rows takes its own
 * from its o.
 */
void hp_rows_confinement(const struct hp_options *o);

/*
 * The operations `hashprof INSTANCE` runs for an instance of kind k: all
 * of the kind's, a key exchange's passes only up to its number of passes
 * (asked in a child that waits at most timeout seconds).  Fills ops
 * (pointers to static strings); returns how many.
 */
size_t hp_default_ops(const struct hp_instance *inst, const struct hp_kind_ops *k, unsigned timeout,
		      const char *ops[HP_OPS_MAX]);

/*
 * Whether `hashprof INSTANCE OP` can run op on inst (k its kind's
 * operations): op must be one of the kind's, and a key exchange's passN
 * within the protocol's number of passes (asked in a child that waits at
 * most timeout seconds).  The one validation of an operation name for
 * `hashprof` and every mode of `hashprof check`.  Returns 0, or -1 with a
 * one-line reason in why ("'pass3' is not an operation of SYNTH-KEX: its
 * protocol has fewer passes").
 */
int hp_run_check_op(const struct hp_instance *inst, const struct hp_kind_ops *k, unsigned timeout, const char *op,
		    char *why, size_t len);

#endif
