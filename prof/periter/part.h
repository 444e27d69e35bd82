/*
 * part.h - the per-iteration part of a row (--per-iteration,
 * `check --published`, --reproduce): its counts, accessors (part.h) and
 * its record member "per_iteration".
 */
#ifndef HP_PER_OP_PART_H
#define HP_PER_OP_PART_H

#include <stdint.h>

#include "hp_wrap.h"
#include "record/part.h"

struct hp_result;

/* The most operations a row keeps per-iteration counts of (5 helpers x 8
 * bytes x 10^6 = 40 MB): -n above it and --per-iteration exclude each other. */
#define HP_PER_OP_MAX 1000000u

/* Helper fn's per-iteration counts in r (per_op_cap entries); NULL when
 * r records none. */
uint64_t *hp_result_per_op(const struct hp_result *r, unsigned fn);

struct hp_per_op_part {
	struct hp_part hdr; /* HP_PART_PER_OP */
	/* Per-iteration counts (--per-iteration, `check --published`,
	 * --reproduce): the outermost calls of each helper (overflowed ones
	 * included) in each measured operation, in order.  per_op holds
	 * HP_FN_COUNT vectors of per_op_cap counts, helper fn's at
	 * hp_result_per_op(r, fn); entry i is operation i + 1's, for i below
	 * r->operations.  Counts, not calls: 8 bytes an operation a helper. */
	int per_iteration; /* 1: per_op holds the counts of the r->operations operations */
	uint64_t per_op_cap; /* operations each vector has room for */
	uint64_t *per_op; /* HP_FN_COUNT * per_op_cap counts, owned; NULL when not recorded */
};

/* r's per-iteration part to read: a zeroed one (per_iteration 0) when r has none. */
const struct hp_per_op_part *hp_per_op_c(const struct hp_result *r);

/* r's per-iteration part to write, made (zeroed) on first use; NULL when
 * out of memory. */
struct hp_per_op_part *hp_per_op_get(struct hp_result *r);

/* The hooks of the per-iteration part (part.h): its record member "per_iteration". */
extern const struct hp_part_ops hp_per_op_part_ops;

/* Room for the per-iteration counts of n operations (1..HP_PER_OP_MAX),
 * zeroed: r->per_op, per_op_cap = n, per_iteration = 1.  Returns 0, or -1
 * when n is out of range or out of memory (r records none then). */
int hp_result_per_op_alloc(struct hp_result *r, uint64_t n);

#endif
