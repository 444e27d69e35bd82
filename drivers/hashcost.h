/*
 * hashcost.h - the micro-benchmark of the projection: the
 * median ticks per call of each shape (function, input bits, output bits)
 * of one subject, a candidate or an instance's own placeholder helpers, as
 * the published evaluation's hashcost phase priced each shape with each
 * candidate.  Runs in a child process (hp_child_run), so that a candidate
 * module or an instance that crashes takes only it.
 *
 * Per shape: one call first (a helper that refuses the shape is an
 * error), then batches of k calls, k doubled until a batch takes at least
 * HP_HASHCOST_BATCH_SECONDS, two batches of warm-up.  Then
 * HP_HASHCOST_SAMPLES rounds of one timed batch of every shape in turn
 * (so that a slow spell of the machine lands in one sample of many shapes,
 * not in all of one shape's); per shape, the median, first and third
 * quartiles of its batches' ticks per call.  Inputs are a fixed pattern of the shape's length; the
 * output of a call is written where the next call reads nothing of it.
 */
#ifndef HP_HASHCOST_H
#define HP_HASHCOST_H

#include <stddef.h>

#include "candidates.h"
#include "swap/cost_table.h"
#include "instance.h"
#include "options.h"

#define HP_HASHCOST_SAMPLES 31u
#define HP_HASHCOST_BATCH_SECONDS 20e-6 /* a batch: at least 20 us (a few hundred ticks of noise is 1%) */
#define HP_HASHCOST_BATCH_MAX 65536u /* calls per batch, at most */

/*
 * Price the n shapes of `want` (their fn, in_bits, out_bits) for the
 * candidate c, or, c NULL, for the placeholder helpers of instance inst
 * (its own pseudohash, pseudoXOF, sm3hash, called directly), in a child
 * with o's clock and timeout; the measured costs are put in out.  Returns
 * 0, or -1 with a one-line reason in err ("SHAKE256: pseudohash (1024 ->
 * 640 bits) returned -4", the child's crash).
 */
int hp_hashcost_measure(const struct hp_candidate *c, const struct hp_instance *inst, const struct hp_cost *want,
			size_t n, const struct hp_options *o, struct hp_cost_subject *out, char *err, size_t errlen);

#endif
