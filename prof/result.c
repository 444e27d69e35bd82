/*
 * result.c - the row data model (see result.h).
 */
#include "result.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hp_result_init(struct hp_result *r)
{
	memset(r, 0, sizeof *r);
	r->status = HP_STATUS_OK;
}

void hp_result_free(struct hp_result *r)
{
	free(r->shapes);
	r->shapes = NULL;
	r->nshapes = 0;
	hp_parts_free(r);
}

int hp_result_merge_shape(struct hp_result *r, const struct hp_result_shape *s)
{
	for (size_t i = 0; i < r->nshapes; i++) {
		struct hp_result_shape *t = &r->shapes[i];
		if (t->fn == s->fn && t->in_bits == s->in_bits && t->out_bits == s->out_bits) {
			t->calls += s->calls;
			t->nested += s->nested;
			t->ticks += s->ticks;
			return 0;
		}
	}
	return hp_result_add_shape(r, s);
}

int hp_result_add_shape(struct hp_result *r, const struct hp_result_shape *s)
{
	struct hp_result_shape *n = realloc(r->shapes, (r->nshapes + 1) * sizeof *n);

	if (!n)
		return -1;
	n[r->nshapes++] = *s;
	r->shapes = n;
	return 0;
}

static int hp_shape_cmp(const void *a, const void *b)
{
	const struct hp_result_shape *x = a, *y = b;

	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	if (x->in_bits != y->in_bits)
		return x->in_bits < y->in_bits ? -1 : 1;
	if (x->out_bits != y->out_bits)
		return x->out_bits < y->out_bits ? -1 : 1;
	return 0;
}

void hp_result_sort_shapes(struct hp_result *r)
{
	if (r->nshapes)
		qsort(r->shapes, r->nshapes, sizeof r->shapes[0], hp_shape_cmp);
}

void hp_result_fn_totals(const struct hp_result *r, uint64_t calls[HP_FN_COUNT], uint64_t nested[HP_FN_COUNT],
			 uint64_t ticks[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		calls[fn] = r->overflow[fn].calls;
		nested[fn] = r->overflow[fn].nested;
		ticks[fn] = r->overflow[fn].ticks;
	}
	for (size_t i = 0; i < r->nshapes; i++) {
		const struct hp_result_shape *s = &r->shapes[i];
		if (s->fn >= HP_FN_COUNT)
			continue;
		calls[s->fn] += s->calls;
		nested[s->fn] += s->nested;
		ticks[s->fn] += s->ticks;
	}
}

uint64_t hp_result_overflowed(const struct hp_result *r)
{
	uint64_t sum = r->overflow_unattributed_calls;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		sum += r->overflow[fn].calls + r->overflow[fn].nested;
	return sum;
}

uint64_t hp_result_all_calls(const struct hp_result *r)
{
	uint64_t sum = hp_result_overflowed(r);

	for (size_t i = 0; i < r->nshapes; i++)
		sum += r->shapes[i].calls + r->shapes[i].nested;
	return sum;
}

void hp_result_fail(struct hp_result *r, const char *fmt, ...)
{
	va_list ap;

	r->status = HP_STATUS_FAILED;
	va_start(ap, fmt);
	vsnprintf(r->failure, sizeof r->failure, fmt, ap);
	va_end(ap);
}

const char *hp_result_failure(const struct hp_result *r)
{
	return r->failure[0] ? r->failure : HP_NO_FAILURE_REASON;
}

struct hp_part *hp_part_get(struct hp_result *r, enum hp_part_id id, size_t size, const struct hp_part_ops *ops)
{
	if (id >= HP_PART_COUNT || size < sizeof(struct hp_part))
		return NULL;
	if (!r->part[id] && (r->part[id] = calloc(1, size))) {
		r->part[id]->id = id;
		r->part[id]->ops = ops;
	}
	return r->part[id];
}

const struct hp_part *hp_part_c(const struct hp_result *r, enum hp_part_id id, const struct hp_part *zero)
{
	return id < HP_PART_COUNT && r->part[id] ? r->part[id] : zero;
}

void hp_parts_free(struct hp_result *r)
{
	for (unsigned id = 0; id < HP_PART_COUNT; id++) {
		if (r->part[id])
			r->part[id]->ops->free(r->part[id]);
		r->part[id] = NULL;
	}
}
