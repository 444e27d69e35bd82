/*
 * reproduce.h - which N reproduces a published mean.
 *
 * A rejection-sampling operation makes a varying number of helper calls,
 * and the published figure is their mean over the N operations of one
 * measuring process, printed with 3 significant digits (%.3g).  N was
 * planned on the evaluator's machine and is published nowhere.  But the
 * DRNG stream of a measuring process is fixed (method.md, "Running"):
 * seed, set-up, warm-up, then the N measured operations.  So the first k
 * operations of a run of N = 1000 are exactly a run of k operations, and
 * the prefix means of one run's per-iteration counts (struct hp_result's
 * per_op) give the mean of every N <= 1000 at once.
 *
 * This file is arithmetic and wording only: nothing here runs anything.
 * The commands (`hashprof check --published`, `hashprof INSTANCE OP
 * --reproduce=...`) and the campaign run the row with per_iteration set
 * and hand it here.
 */
#ifndef HP_REPRODUCE_H
#define HP_REPRODUCE_H

#include <stddef.h>
#include <stdint.h>

#include "record/result.h"

/* The largest N searched by default: the method's cap on N (plan.h,
 * "N = min(1000, ...)"). */
#define HP_REPRODUCE_MAX_N 1000u

/*
 * The prefix means of counts[0..n): means[k - 1] = (counts[0] + ... +
 * counts[k - 1]) / k, for k = 1..n, computed as a run of k operations
 * computes its mean (the exact integer sum over k, one division), so
 * that they are equal bit for bit.  means has n entries.
 */
void hp_prefix_means(const uint64_t *counts, uint64_t n, double *means);

/* Does mean print as the published figure target, both at %.3g? */
int hp_reproduce_prints_as(double mean, double target);

/* The N of 1..max_n a search found, as a bitmap. */
struct hp_nset {
	uint64_t max_n; /* N searched: 1..max_n */
	unsigned char *hit; /* hit[N] != 0: N is in the set; max_n + 1 bytes, owned (hit[0] unused) */
	uint64_t count; /* how many N are in it */
};

/* One published mean of one helper and the N whose mean prints as it. */
struct hp_repro_fn {
	unsigned fn; /* enum hp_fn */
	double target; /* the published mean, calls per operation */
	char text[24]; /* as published ("44.2"), for the messages */
	struct hp_nset set; /* filled by hp_reproduce_row */
	uint64_t nearest_n; /* the N whose mean is nearest the target (the largest of equals) */
	double nearest_mean; /* its mean, calls per operation */
};

/* The search of one row: the targets of some of its helpers (the
 * fractional counts of a published row, the values of --reproduce). */
struct hp_repro {
	size_t nfn; /* targets, 1..HP_FN_COUNT */
	struct hp_repro_fn fn[HP_FN_COUNT]; /* fn, target and text set by the caller */
	struct hp_nset all; /* the N in every target's set (their intersection) */
	uint64_t max_n; /* N searched: the operations of the row searched */
	uint64_t warmup; /* that row's warm-up, for the messages */
};

/* Add a target: helper fn's published mean target, printed as text.
 * Returns 0, or -1 when rp has a target for fn already or is full. */
int hp_reproduce_add(struct hp_repro *rp, unsigned fn, double target, const char *text);

/*
 * Search every target of rp in the per-iteration counts of run (a
 * measured row with run->per_iteration), N = 1..max_n (at most
 * run->operations; 0: all of them): each target's set, nearest N and
 * mean, and the intersection.  Returns 0, or -1 with a one-line reason in err (the row
 * has no per-iteration counts or no operations; out of memory).  Free
 * with hp_reproduce_free.
 */
int hp_reproduce_row(const struct hp_result *run, uint64_t max_n, struct hp_repro *rp, char *err, size_t errlen);

/* Release the sets of rp (the targets stay). */
void hp_reproduce_free(struct hp_repro *rp);

/*
 * The N of a set as ranges, "200, 998–1000" (an en dash between the ends
 * of a range), at most max_ranges of them (0: all); when there are more,
 * the first max_ranges - 1, "…", the last, and " (K ranges)".  Returns
 * the length written (cut to len - 1 bytes); "" for an empty set.
 */
size_t hp_nset_format(const struct hp_nset *s, size_t max_ranges, char *buf, size_t len);

/*
 * What a search found, one line per target and one for the row, each
 * starting with "INSTANCE OP: " and ending with '\n', into buf (len
 * bytes; cut when full):
 *   "ML-DSA-44 sign: pseudoXOF 44.2 reproduced at 4 of N = 1..1000: N =
 *    200, 998–1000"
 *   "SHUTTLE-256 keygen: drng 293 not reproduced: no N ≤ 1000 reproduces
 *    293 with this seed and warm-up 1: the procedure differs (nearest:
 *    N = 412, 293.6)"
 * and for the row, when one N alone is in every target's set: "N = 200
 * alone reproduces every fractional count (pseudoXOF 44.2, drng 1.5):
 * the published procedure's N" (with one target: "N = 200 alone
 * reproduces it: the published procedure's N"); when several are: "N =
 * ... reproduce every fractional count (...)"; when none but each target
 * alone is reproduced: "no one N reproduces every fractional count (...):
 * the procedure differs".  Returns the length written.
 */
size_t hp_reproduce_lines(const struct hp_repro *rp, const struct hp_result *run, char *buf, size_t len);

/* Did every target of rp have an N that reproduced it (1) or not (0)? */
int hp_reproduce_all_found(const struct hp_repro *rp);

#endif
