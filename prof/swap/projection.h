/*
 * projection.h - what an operation would cost with a candidate, computed
 * from its measured row and per-shape costs, without running it (issue
 * 13, docs/candidates.md "Projection"):
 *
 *   T_candidate = T - sum_s n_s x t_placeholder(s) + sum_s n_s x t_candidate(s)
 *
 * T the row's time (corrected for the shims' overhead unless raw), s over
 * the shapes of the helpers the candidate stands in for, n_s their calls,
 * outermost and nested (a nested call costs inside its outer one, which T
 * holds), t the median ticks per call of the shape in the micro-benchmark
 * of each (prof/swap/cost_table.h).  The row's own counts are used: a
 * candidate that changes them (rejection sampling) is where a projection
 * and a direct swap part.  Arithmetic only.
 */
#ifndef HP_PROJECTION_H
#define HP_PROJECTION_H

#include <stddef.h>

#include "cost_table.h"
#include "record/result.h"

struct hp_projection {
	double ticks_per_op; /* T_candidate / operations, in the row's ticks */
	double measured_ticks_per_op; /* T / operations */
	double removed_ticks, added_ticks; /* sum n_s t_placeholder(s), sum n_s t_candidate(s), the row's ticks */
	double calls; /* sum n_s */
};

/* Two tick rates closer than this (relative) are one counter's, measured
 * twice: its ticks are used as they are.  A 20 ms measurement agrees to
 * about 1e-4 on a quiet machine, but on a busy 2-core VM two of them were
 * seen 0.5-1% apart (test_swap's run and report then projected 10.9 and
 * 11 us from one record); other machines' counters differ by more. */
#define HP_PROJECTION_SAME_RATE 0.02

/*
 * Project r (measured, with operations) for a candidate of `helpers`
 * (HP_TAPE_BIT()s) with the costs of the placeholder and of the
 * candidate, measured on machine m (the clock units must agree; their
 * ticks are r's when the rates agree within HP_PROJECTION_SAME_RATE, else
 * converted by r->tick_hz / m->rate_hz).  Returns 0, or -1
 * with why ("no cost of SHAKE256 for pseudoXOF (1024 -> 512 bits)", "the
 * shape table overflowed: 3 calls of unknown shape", "the costs are in
 * cycles, the row in TSC ticks").
 */
int hp_project(const struct hp_result *r, unsigned helpers, const struct hp_cost_subject *placeholder,
	       const struct hp_cost_subject *candidate, const struct hp_cost_machine *m, int raw,
	       struct hp_projection *out, char *why, size_t len);

/*
 * A projected time per operation (ticks) that is no time: 0 or less, or
 * not a number.  T_candidate goes below 0 when the placeholder's costs
 * removed exceed the row's time plus the candidate's costs added: calls
 * priced dearer in the micro-benchmark than they cost in the operation
 * (a noisy pricing run, kept in the cost cache; a bad cache), or a row
 * measured on a noisy run.  Such a projection is printed flagged, never as a plain
 * number (HP_PROJECTION_BELOW_ZERO_NOTE under the table); JSON keeps the
 * number with "projection_below_zero": true.  1 or 0.
 */
static inline int hp_projection_below_zero(double ticks_per_op)
{
	return !(ticks_per_op > 0);
}

/* The one note of a row with such a projection, after "INSTANCE OP: ". */
#define HP_PROJECTION_BELOW_ZERO_NOTE                                                                          \
	"projection below 0: the placeholder's costs of the row's helper calls (micro-benchmark, cost cache) " \
	"exceed the operation's measured time; re-run on a quieter machine"

#endif
