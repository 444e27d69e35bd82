/*
 * part.c - the per-iteration part of a row (part.h): its
 * accessors, its counts' room, and its record member "per_iteration"
 * (docs/record-schema.md), checked against the call table.
 */
#include "part.h"

#include <stdio.h>
#include <stdlib.h>

#include "record/fields.h"
#include "record/result.h"

static const struct hp_per_op_part hp_per_op_none; /* what a row without the part reads */

const struct hp_per_op_part *hp_per_op_c(const struct hp_result *r)
{
	return (const struct hp_per_op_part *)hp_part_c(r, HP_PART_PER_OP, &hp_per_op_none.hdr);
}

struct hp_per_op_part *hp_per_op_get(struct hp_result *r)
{
	return (struct hp_per_op_part *)hp_part_get(r, HP_PART_PER_OP, sizeof(struct hp_per_op_part),
						    &hp_per_op_part_ops);
}

uint64_t *hp_result_per_op(const struct hp_result *r, unsigned fn)
{
	const struct hp_per_op_part *p = hp_per_op_c(r);

	return p->per_op && fn < HP_FN_COUNT ? p->per_op + (uint64_t)fn * p->per_op_cap : NULL;
}

int hp_result_per_op_alloc(struct hp_result *r, uint64_t n)
{
	struct hp_per_op_part *p = hp_per_op_get(r);

	if (!p)
		return -1;
	free(p->per_op);
	p->per_op = n >= 1 && n <= HP_PER_OP_MAX ? calloc((size_t)n * HP_FN_COUNT, sizeof *p->per_op) : NULL;
	p->per_op_cap = p->per_op ? n : 0;
	p->per_iteration = p->per_op != NULL;
	return p->per_op ? 0 : -1;
}

static void hp_per_op_free(struct hp_part *part)
{
	struct hp_per_op_part *p = (struct hp_per_op_part *)part;

	free(p->per_op);
	free(p);
}

/* {F: [calls of operation 1, 2, ...], ...} for each helper F with calls;
 * a helper left out made none in any operation. */
static json_t *hp_per_op_json(const struct hp_result *r)
{
	json_t *o = json_object();

	for (unsigned fn = 0; o && fn < HP_FN_COUNT; fn++) {
		const uint64_t *v = hp_result_per_op(r, fn);
		uint64_t any = 0;
		json_t *a;

		for (uint64_t i = 0; v && i < r->operations && !any; i++)
			any = v[i];
		if (!any)
			continue;
		if (!(a = json_array()) || json_object_set_new(o, hp_fn_name(fn), a) != 0) {
			json_decref(o);
			return NULL;
		}
		for (uint64_t i = 0; i < r->operations; i++)
			if (json_array_append_new(a, json_integer((json_int_t)v[i])) != 0) {
				json_decref(o);
				return NULL;
			}
	}
	return o;
}

/* "per_iteration" into row when r records the counts; left out (the rest
 * of the record written) when it cannot be written. */
static int hp_per_op_write(const struct hp_result *r, json_t *row)
{
	json_t *o;

	if (!hp_per_op_c(r)->per_iteration || !(o = hp_per_op_json(r)))
		return 0;
	json_object_set_new(row, "per_iteration", o);
	return 0;
}

/*
 * "per_iteration" into r's per-iteration part: an object whose keys are
 * helper names (others are ignored, as unknown fields are), each an
 * array of totals.operations whole numbers >= 0; a helper absent made no
 * call.  Their sums are checked against the call table with the rest of
 * the record (hp_per_op_consistent).
 */
static int hp_per_op_read(const json_t *o, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	(void)rec;
	if (!o)
		return 0;
	if (!json_is_object(o)) {
		snprintf(err, errlen, "field 'per_iteration': expected an object");
		return -1;
	}
	if (r->operations > HP_PER_OP_MAX) {
		snprintf(err, errlen, "field 'per_iteration': %llu operations, more than the %u a row keeps counts of",
			 (unsigned long long)r->operations, HP_PER_OP_MAX);
		return -1;
	}
	if (hp_result_per_op_alloc(r, r->operations ? r->operations : 1) != 0) {
		snprintf(err, errlen, "field 'per_iteration': out of memory");
		return -1;
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		const json_t *a = json_object_get(o, hp_fn_name(fn)), *e;
		uint64_t *v = hp_result_per_op(r, fn);
		size_t i;

		if (!a)
			continue;
		if (!json_is_array(a) || json_array_size(a) != r->operations) {
			snprintf(err, errlen,
				 "field 'per_iteration.%s': expected an array of %llu counts, one per operation "
				 "(totals.operations)",
				 hp_fn_name(fn), (unsigned long long)r->operations);
			return -1;
		}
		json_array_foreach(a, i, e)
		{
			if (!json_is_integer(e) || json_integer_value(e) < 0) {
				snprintf(err, errlen, "field 'per_iteration.%s[%zu]': expected a whole number >= 0",
					 hp_fn_name(fn), i);
				return -1;
			}
			v[i] = (uint64_t)json_integer_value(e);
		}
	}
	return 0;
}

/* The per-iteration counts of each helper sum to its outermost calls (a
 * failed row's to at most that: the failing operation's calls are in the
 * table, not in a count). */
static int hp_per_op_consistent(const struct hp_result *r, char *err, size_t errlen)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];

	if (!hp_per_op_c(r)->per_iteration)
		return 0;
	hp_result_fn_totals(r, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		const uint64_t *v = hp_result_per_op(r, fn);
		uint64_t sum = 0;

		for (uint64_t i = 0; i < r->operations; i++)
			if (hp_ft_add(sum, v[i], &sum)) {
				snprintf(err, errlen, "field 'per_iteration.%s': the counts sum past 2^64",
					 hp_fn_name(fn));
				return -1;
			}
		if (r->status == HP_STATUS_OK ? sum != calls[fn] : sum > calls[fn]) {
			snprintf(err, errlen,
				 "field 'per_iteration.%s': the counts sum to %llu, the call table has %llu outermost "
				 "%s calls",
				 hp_fn_name(fn), (unsigned long long)sum, (unsigned long long)calls[fn],
				 hp_fn_name(fn));
			return -1;
		}
	}
	return 0;
}

const struct hp_part_ops hp_per_op_part_ops = {
	.key = "per_iteration",
	.free = hp_per_op_free,
	.write = hp_per_op_write,
	.read = hp_per_op_read,
	.consistent = hp_per_op_consistent,
};
