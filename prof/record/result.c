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

/* The run info of r's run k (1-based): its own, or r's calibration in a
 * row without run info (one run). */
static struct hp_result_run hp_result_run_of(const struct hp_result *r, uint32_t k)
{
	if (r->nruns && k >= 1 && k <= r->nruns)
		return r->runs[k - 1];
	return (struct hp_result_run){ r->overhead_valid, r->overhead_added_ticks, r->overhead_inside_ticks };
}

int hp_result_append_runs(struct hp_result *dst, const struct hp_result *src)
{
	uint32_t have = hp_result_nruns(dst), add = hp_result_nruns(src);

	if (!src->ntrials || dst->ntrials + src->ntrials > HP_TRIALS_MAX || have + add > HP_RUNS_MAX)
		return -1;
	for (uint32_t k = 1; k <= have; k++)
		dst->runs[k - 1] = hp_result_run_of(dst, k);
	for (uint32_t t = 0; t < dst->ntrials; t++)
		if (!dst->trials[t].run)
			dst->trials[t].run = 1;
	for (uint32_t k = 1; k <= add; k++)
		dst->runs[have + k - 1] = hp_result_run_of(src, k);
	for (uint32_t t = 0; t < src->ntrials; t++) {
		struct hp_trial *b = &dst->trials[dst->ntrials++];
		*b = src->trials[t];
		b->run = have + (b->run ? b->run : 1);
		b->flags |= HP_TRIAL_TIMING_ONLY;
		dst->timing_operations += b->operations;
	}
	dst->nruns = have + add;
	return 0;
}
