/*
 * swap_run.h - the measuring procedure of a --hash row
 * (docs/candidates.md), run in the row's measuring child instead of
 * procedure.h's: the operation measured with the placeholder and with
 * each candidate, in one process, interleaved.
 *
 * The helpers are swapped where the real ones are, not in the shims: the
 * swap module (candidates/swap.h) is loaded before the instance, so the
 * instance's pseudoXOF and pseudohash (the shims' __real_ targets) reach
 * whatever the module's table holds for the arm being run.
 *
 * Every arm has its own operation state (keys, signatures, ...) and its
 * own copy of drng_algorithm, each starting from the one seeded state:
 * every arm draws exactly the DRNG stream a run of its own would (seed,
 * set-up, warm-up, N operations), so the placeholder's arm counts what
 * `hashprof INSTANCE OP` counts, call for call, and each candidate's arm
 * counts what that candidate makes the scheme do (rejection sampling
 * included).  Per arm: a round trip under the candidate (a signature
 * that must verify, a ciphertext that must decapsulate, secrets that
 * must agree: the candidate must break nothing), its set-up, its warm-up;
 * then one overhead calibration for all, then the N operations of each
 * arm in `trials` slices, one slice of every arm in turn, the order
 * reversed every other slice.
 */
#ifndef HP_SWAP_RUN_H
#define HP_SWAP_RUN_H

#include <stdint.h>

#include "instance.h"
#include "options.h"
#include "record/result.h"

/*
 * Measure op of inst with the placeholder into r (hp_result_init'ed) and
 * with each candidate of o->cands into an arm of r (hp_result_add_arm):
 * N = iterations operations each, warmup first.  A candidate that breaks
 * the scheme (its round trip or set-up fails, an operation fails) fails
 * its arm with the reason and the others go on; a failure of the
 * placeholder's arm (or of loading anything) fails r.  What was measured
 * before a failure is kept.
 */
void hp_swap_run(const struct hp_instance *inst, const char *op, const struct hp_options *o, uint64_t iterations,
		 uint64_t warmup, struct hp_result *r);

/* Where the swap module `file` (HP_SWAP_MODULE, HP_SWAP_SM3_MODULE) is:
 * the build tree's when this is the build tree's hashprof, else the
 * installed one in $(pkglibdir)/swap.  Into buf (len bytes). */
void hp_swap_module_path(const char *file, char *buf, size_t len);

#endif
