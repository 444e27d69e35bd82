/*
 * procedure.h - the measuring procedure, run inside one child process per
 * (instance, operation) (method.md, "Running"):
 *   seed drng_algorithm once; unmeasured set-up; warm-up; reset the
 *   counters; N measured operations.
 * A calibration run (a separate process, as in the published method) does
 * the same up to the set-up and then times a single operation.
 */
#ifndef HP_PROCEDURE_H
#define HP_PROCEDURE_H

#include "instance.h"
#include "options.h"
#include "record/result.h"

/* CALIBRATE: one operation, to plan N; MEASURE: the N counting
 * operations in batches, then timing-only ones (run 1 of a row); TIMING:
 * a further run of the row, timing-only batches alone (no count). */
enum hp_run_mode { HP_RUN_CALIBRATE, HP_RUN_MEASURE, HP_RUN_TIMING };

/*
 * Run op of inst in this process and fill r (hp_result_init'ed).  Errors
 * (load failure, set-up or API failure) mark r FAILED with a one-line
 * reason; what was measured before a failure is kept.  In CALIBRATE mode
 * r->total_ticks is the metered duration of one operation (ticks) and
 * r->calibration_seconds the wall time of its whole iteration (seconds;
 * for a key exchange step, the exchange it runs), from which N is planned.
 */
void hp_procedure_run(const struct hp_instance *inst, const char *op, const struct hp_options *o, enum hp_run_mode mode,
		      uint64_t iterations, uint64_t warmup, struct hp_result *r);

/* Fill the descriptive fields of r (instance, op, procedure, clock). */
void hp_procedure_describe(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			   struct hp_result *r);

#endif
