/*
 * insitu.c - the call-site recorder's cost in the operation
 * (see insitu.h).
 */
#include "insitu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/meter.h"

/* Outermost calls of every helper so far, and the ticks inside them. */
static void hp_insitu_totals(const struct hp_wrap_state *w, uint64_t *calls, uint64_t *inside)
{
	*calls = *inside = 0;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		*calls += w->overflow[fn].calls;
		*inside += w->overflow[fn].ticks;
	}
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn < HP_FN_COUNT) {
			*calls += w->shapes[i].calls;
			*inside += w->shapes[i].ticks;
		}
}

/* One run in accounting mode `mode`, from the DRNG state before: its
 * meter ticks, the ticks inside the helpers, its calls.  0, or the op's
 * return code. */
static int hp_insitu_one(const struct hp_insitu_run *run, int mode, uint64_t *ticks, uint64_t *inside, uint64_t *calls)
{
	struct hp_meter m = { .wrap = run->w, .clock = run->clock, .mode = mode };
	uint64_t c0, i0, c1, i1;
	int rc;

	if (run->drng)
		hp_drng_state_restore(run->drng, HP_DRNG_BEFORE);
	hp_insitu_totals(run->w, &c0, &i0);
	hp_meter_begin(&m);
	rc = run->op(run->ctx);
	hp_meter_end(&m);
	hp_insitu_totals(run->w, &c1, &i1);
	if (run->reset)
		run->reset(run->ctx);
	*ticks = m.ticks;
	*inside = i1 - i0;
	*calls = c1 - c0;
	return rc;
}

int hp_insitu_sample(const struct hp_insitu_run *run, unsigned order, struct hp_insitu_sample *out, char *err,
		     size_t errlen)
{
	uint64_t calls[2] = { 0, 0 };
	int status = 0;

	memset(out, 0, sizeof *out);
	out->order = order & 1;
	if (run->drng)
		hp_drng_state_save(run->drng, HP_DRNG_BEFORE);
	for (unsigned k = 0; k < 2 && status == 0; k++) {
		unsigned sites = k ^ out->order;
		int rc = sites ? hp_insitu_one(run, HP_ACCOUNTING_SITES, &out->sites_ticks, &out->sites_inside,
					       &calls[1])
			       : hp_insitu_one(run, HP_ACCOUNTING_TIMED, &out->timed_ticks, &out->timed_inside,
					       &calls[0]);
		if (rc != 0) {
			snprintf(err, errlen, "the run %s the call-site recorder failed (code %d)",
				 sites ? "with" : "without", rc);
			status = -1;
		}
	}
	if (status == 0 && calls[0] != calls[1]) {
		snprintf(err, errlen,
			 "the runs with and without the call-site recorder made %llu and %llu helper calls from the "
			 "same DRNG state",
			 (unsigned long long)calls[1], (unsigned long long)calls[0]);
		status = -1;
	}
	out->calls = calls[0];
	/* carry on from where one operation leaves the DRNG */
	if (run->drng && status == 0)
		hp_drng_state_save(run->drng, HP_DRNG_AFTER);
	run->w->accounting = HP_ACCOUNTING_OFF;
	return status;
}

static int hp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double hp_median(double *v, size_t n)
{
	qsort(v, n, sizeof v[0], hp_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int hp_insitu_cost(const struct hp_insitu_sample *s, size_t n, double *added, double *inside)
{
	double *a = calloc(n ? n : 1, sizeof *a), *b = calloc(n ? n : 1, sizeof *b);
	double sum_a = 0, sum_b = 0;
	unsigned orders = 0;
	int rc = -1;

	*added = *inside = 0;
	if (!a || !b)
		goto done;
	/* the median per order, then their mean: which run comes first
	 * shifts both a little, in opposite directions */
	for (unsigned order = 0; order < 2; order++) {
		size_t m = 0;
		for (size_t i = 0; i < n; i++) {
			if (s[i].order != order || !s[i].calls)
				continue;
			a[m] = ((double)s[i].sites_ticks - (double)s[i].timed_ticks) / (double)s[i].calls;
			b[m] = ((double)s[i].sites_inside - (double)s[i].timed_inside) / (double)s[i].calls;
			m++;
		}
		if (!m)
			continue;
		sum_a += hp_median(a, m);
		sum_b += hp_median(b, m);
		orders++;
	}
	if (orders) {
		*added = sum_a / orders;
		*inside = sum_b / orders;
		rc = 0;
	}
done:
	free(a);
	free(b);
	return rc;
}

int hp_insitu_bound(struct hp_result_sites *t, int overhead_valid, double overhead_added, const char *unit)
{
	double added = t->insitu_added_ticks, inside = t->insitu_inside_ticks, lo, hi;
	int ok;

	t->insitu_implausible = 0;
	if (!overhead_valid || !t->insitu_samples)
		return 0;
	if ((ok = hp_insitu_plausible(added, overhead_added, &lo, &hi)) < 0)
		return 0;
	if (ok && inside >= 0 && inside <= added)
		return 0;
	t->insitu_implausible = 1;
	if (t->insitu_valid || !t->insitu_error[0])
		snprintf(t->insitu_error, sizeof t->insitu_error,
			 "the recorder's in-situ cost was implausible (%.0f %s/call added, %.0f of them inside the "
			 "helpers; plausible: %.0f to %.0f added, from the shims' calibrated %.0f, and 0 to that "
			 "inside): not applied; a busy machine could read such figures (a guess: nothing "
			 "measured its load)",
			 added, unit && unit[0] ? unit : "ticks", inside, lo, hi, overhead_added);
	t->insitu_valid = 0;
	return 1;
}
