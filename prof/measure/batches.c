/*
 * batches.c - the robust estimate of a batched row (see batches.h).
 */
#include "batches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hp_batch_disturbed(uint64_t wall_ns, uint64_t cpu_ns, uint64_t switches)
{
	double margin = HP_BATCH_MARGIN_NS + HP_BATCH_MARGIN_FRACTION * (double)wall_ns;
	double lost = (double)wall_ns - (double)cpu_ns;

	return lost > margin || (switches > 0 && lost > HP_BATCH_SWITCH_NS);
}

const char *hp_batch_method_name(enum hp_batch_method m)
{
	switch (m) {
	case HP_BATCH_UNDISTURBED:
		return "median of undisturbed batches";
	case HP_BATCH_DESCHEDULED:
		return "median of all batches, descheduled time removed";
	default:
		return "totals";
	}
}

void hp_batch_estimator_name(const struct hp_batch_estimate *e, char *buf, size_t len)
{
	if (e->runs < 2)
		snprintf(buf, len, "%s", hp_batch_method_name(e->method));
	else
		snprintf(buf, len, "%s of %u runs' medians, each the %s",
			 e->runs >= HP_RUNS_TRIM_MIN ? "trimmed mean" : "median", e->runs,
			 hp_batch_method_name(e->method));
}

static int hp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The p-quantile of sorted v[0..n), n > 0: linear between order statistics. */
static double hp_quantile(const double *v, size_t n, double p)
{
	double h = p * (double)(n - 1);
	size_t i = (size_t)h;

	return i + 1 < n ? v[i] + (h - (double)i) * (v[i + 1] - v[i]) : v[n - 1];
}

void hp_batch_quartiles_of(double *v, size_t n, struct hp_batch_quartiles *q)
{
	memset(q, 0, sizeof *q);
	if (!n)
		return;
	qsort(v, n, sizeof *v, hp_cmp_double);
	q->q[0] = hp_quantile(v, n, 0.25);
	q->q[1] = hp_quantile(v, n, 0.5);
	q->q[2] = hp_quantile(v, n, 0.75);
}

/* The fraction of batch b's wall time it was descheduled, 0..1 (0 when
 * undisturbed, or when CPU time reads above wall time). */
static double hp_batch_phi(const struct hp_trial *b)
{
	if (!(b->flags & HP_TRIAL_DISTURBED) || !b->wall_ns || b->cpu_ns >= b->wall_ns)
		return 0;
	return (double)(b->wall_ns - b->cpu_ns) / (double)b->wall_ns;
}

/* Does r's clock count time the thread is descheduled (a TSC, a timer),
 * or stop with the thread (cycles)? */
static int hp_clock_counts_wall(const struct hp_result *r)
{
	return strcmp(r->clock_unit, "cycles") != 0;
}

void hp_batch_deschedule(const struct hp_result *r, uint32_t t, const double typical[HP_FN_COUNT],
			 uint64_t calls[HP_FN_COUNT], uint64_t ticks[HP_FN_COUNT], uint64_t *total)
{
	const struct hp_trial *b = &r->trials[t];
	double phi = hp_clock_counts_wall(r) ? hp_batch_phi(b) : 0;
	uint64_t d = (uint64_t)(phi * (double)b->total_ticks + 0.5);

	memcpy(calls, b->calls, sizeof b->calls);
	memcpy(ticks, b->ticks, sizeof b->ticks);
	*total = b->total_ticks - (d < b->total_ticks ? d : b->total_ticks);
	if (!d || !typical)
		return;
	if (b->switches > HP_BATCH_FEW_SWITCHES) { /* many gaps: in proportion, as they land on average */
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			ticks[fn] -= (uint64_t)(phi * (double)ticks[fn] + 0.5);
		return;
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		double excess = (double)ticks[fn] - typical[fn] * (double)calls[fn];
		if (!calls[fn] || excess <= (double)d / 2)
			continue;
		uint64_t cut = excess < (double)d ? (uint64_t)excess : d;
		ticks[fn] -= cut < ticks[fn] ? cut : ticks[fn];
	}
}

uint64_t hp_batch_deschedule_own(const struct hp_result *r, uint32_t t, double typical)
{
	const struct hp_trial *b = &r->trials[t];
	double phi = hp_clock_counts_wall(r) ? hp_batch_phi(b) : 0;
	uint64_t d = (uint64_t)(phi * (double)b->total_ticks + 0.5), cut;
	double excess;

	if (!d || typical < 0 || !b->own_calls)
		return b->own_ticks;
	if (b->switches > HP_BATCH_FEW_SWITCHES) /* many gaps: in proportion */
		return b->own_ticks - (uint64_t)(phi * (double)b->own_ticks + 0.5);
	excess = (double)b->own_ticks - typical * (double)b->own_calls;
	if (excess <= (double)d / 2)
		return b->own_ticks;
	cut = excess < (double)d ? (uint64_t)excess : d;
	return b->own_ticks - (cut < b->own_ticks ? cut : b->own_ticks);
}

/* Is batch t used by method m? */
static int hp_batch_used(const struct hp_result *r, uint32_t t, enum hp_batch_method m)
{
	return r->trials[t].operations && (m == HP_BATCH_DESCHEDULED || !(r->trials[t].flags & HP_TRIAL_DISTURBED));
}

/* Each helper's usual ticks per outermost call over the batches m uses:
 * the median of the batches' (1 - phi) x ticks / calls (the descheduled
 * part taken out in proportion, which is right on average), into typ. */
static void hp_batch_typical(const struct hp_result *r, enum hp_batch_method m, double *scratch,
			     double typ[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		size_t n = 0;
		struct hp_batch_quartiles q;
		for (uint32_t t = 0; t < r->ntrials; t++) {
			const struct hp_trial *b = &r->trials[t];
			if (hp_batch_used(r, t, m) && b->calls[fn])
				scratch[n++] = (1 - hp_batch_phi(b)) * (double)b->ticks[fn] / (double)b->calls[fn];
		}
		hp_batch_quartiles_of(scratch, n, &q);
		typ[fn] = q.q[1];
	}
}

/* The own entries' usual ticks per outermost call, as hp_batch_typical
 * (0 when no batch m uses has an own call). */
static double hp_batch_typical_own(const struct hp_result *r, enum hp_batch_method m, double *scratch)
{
	struct hp_batch_quartiles q;
	size_t n = 0;

	for (uint32_t t = 0; t < r->ntrials; t++) {
		const struct hp_trial *b = &r->trials[t];
		if (hp_batch_used(r, t, m) && b->own_calls)
			scratch[n++] = (1 - hp_batch_phi(b)) * (double)b->own_ticks / (double)b->own_calls;
	}
	hp_batch_quartiles_of(scratch, n, &q);
	return q.q[1];
}

/* Which batches r's estimate is over: the undisturbed ones when there are
 * at least HP_BATCHES_CLEAN_MIN of them (or all batches are) and at least
 * an eighth of all (HP_BATCHES_CLEAN_SHARE); else all, descheduled time
 * removed. */
static enum hp_batch_method hp_batch_choose(const struct hp_result *r, uint32_t *measured, uint32_t *disturbed)
{
	uint32_t n = 0, bad = 0;

	for (uint32_t t = 0; t < r->ntrials; t++)
		if (r->trials[t].operations) {
			n++;
			bad += (r->trials[t].flags & HP_TRIAL_DISTURBED) != 0;
		}
	*measured = n;
	*disturbed = bad;
	if (!n)
		return HP_BATCH_TOTALS;
	if (n - bad >= (n < HP_BATCHES_CLEAN_MIN ? n : HP_BATCHES_CLEAN_MIN) && HP_BATCHES_CLEAN_SHARE * (n - bad) >= n)
		return HP_BATCH_UNDISTURBED;
	return HP_BATCH_DESCHEDULED;
}

/* Each run's batches used and medians of the hash and DRNG shares and
 * the ticks per operation (v*[0..n), runs run[]) into e->run[], e->runs. */
static void hp_batch_runs_of(const double *hash, const double *drng, const double *tpo, const uint32_t *run, size_t n,
			     double *scratch, struct hp_batch_estimate *e)
{
	const double *fig[3] = { hash, drng, tpo };

	for (uint32_t k = 1; k <= HP_RUNS_MAX; k++) {
		struct hp_batch_run *o = &e->run[e->runs];
		size_t c = 0;
		for (size_t i = 0; i < n; i++)
			c += run[i] == k;
		if (!c)
			continue;
		o->run = k;
		o->used = (uint32_t)c;
		for (unsigned f = 0; f < 3; f++) {
			struct hp_batch_quartiles q;
			size_t j = 0;
			for (size_t i = 0; i < n; i++)
				if (run[i] == k)
					scratch[j++] = fig[f][i];
			hp_batch_quartiles_of(scratch, j, &q);
			*(f == 0 ? &o->hash : f == 1 ? &o->drng : &o->ticks_per_op) = q.q[1];
		}
		e->runs++;
	}
}

double hp_runs_centre(double *m, size_t n)
{
	double sum = 0;

	if (!n)
		return 0;
	qsort(m, n, sizeof *m, hp_cmp_double);
	if (n < HP_RUNS_TRIM_MIN)
		return hp_quantile(m, n, 0.5);
	for (size_t i = 1; i + 1 < n; i++)
		sum += m[i];
	return sum / (double)(n - 2);
}

/* The run medians of one figure: v[0..n) the values of the batches used,
 * run[0..n) their runs (1..HP_RUNS_MAX), into m (one per run that has a
 * batch, in run order); scratch holds n.  Returns how many runs. */
static size_t hp_run_medians(const double *v, const uint32_t *run, size_t n, double *scratch, double m[HP_RUNS_MAX])
{
	size_t runs = 0;

	for (uint32_t k = 1; k <= HP_RUNS_MAX; k++) {
		size_t c = 0;
		struct hp_batch_quartiles q;
		for (size_t i = 0; i < n; i++)
			if (run[i] == k)
				scratch[c++] = v[i];
		if (!c)
			continue;
		hp_batch_quartiles_of(scratch, c, &q);
		m[runs++] = q.q[1];
	}
	return runs;
}

/* The row's figure from the batches' values v[0..n) of runs run[]
 * (docs/method-batches.md): one run, the batches' quartiles; more, the
 * centre of the run medians (hp_runs_centre) with the quartiles of the
 * run medians (HP_RUNS_IQR_MIN runs or more) or of the batches.  v is
 * reordered; scratch holds n. */
static void hp_runs_figure(double *v, const uint32_t *run, size_t n, double *scratch, struct hp_batch_quartiles *q)
{
	double m[HP_RUNS_MAX];
	size_t runs = hp_run_medians(v, run, n, scratch, m);

	if (runs >= HP_RUNS_IQR_MIN) {
		hp_batch_quartiles_of(m, runs, q);
	} else {
		memcpy(scratch, v, n * sizeof *v);
		hp_batch_quartiles_of(scratch, n, q);
	}
	if (runs >= 2)
		q->q[1] = hp_runs_centre(m, runs);
}

/* The run of batch t, 1..HP_RUNS_MAX (a record from before runs: 1). */
static uint32_t hp_batch_run(const struct hp_result *r, uint32_t t)
{
	uint32_t k = r->trials[t].run;

	return k >= 1 && k <= HP_RUNS_MAX ? k : 1;
}

int hp_batches_estimate(const struct hp_result *r, int raw, struct hp_batch_estimate *e)
{
	enum { HASH, DRNG, INIT, OWN, TPO, FN0, NV = FN0 + HP_FN_COUNT };
	double typ[HP_FN_COUNT], *v[NV] = { 0 }, *scratch = NULL;
	uint32_t *run = NULL;
	struct hp_batch_quartiles *out[NV] = { &e->hash, &e->drng, &e->drng_init, &e->own, &e->ticks_per_op };
	size_t n = 0;
	int status = 0;

	memset(e, 0, sizeof *e);
	if (!r->batched || (e->method = hp_batch_choose(r, &e->measured, &e->disturbed)) == HP_BATCH_TOTALS)
		return -1;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		out[FN0 + fn] = &e->fn[fn];
	for (unsigned k = 0; k < NV; k++)
		if (!(v[k] = calloc(r->ntrials, sizeof *v[k])))
			status = -1;
	if (!(scratch = calloc(r->ntrials, sizeof *scratch)) || !(run = calloc(r->ntrials, sizeof *run)))
		status = -1;
	if (status == 0) {
		double own_typ = hp_batch_typical_own(r, e->method, v[0]);
		hp_batch_typical(r, e->method, v[0], typ);
		for (uint32_t t = 0; t < r->ntrials; t++) {
			uint64_t calls[HP_FN_COUNT], ticks[HP_FN_COUNT], total;
			struct hp_shares s;
			if (!hp_batch_used(r, t, e->method))
				continue;
			hp_batch_deschedule(r, t, typ, calls, ticks, &total);
			hp_shares_of_batch(r, t, raw, calls, ticks, hp_batch_deschedule_own(r, t, own_typ), total, &s);
			run[n] = hp_batch_run(r, t);
			v[HASH][n] = s.hash;
			v[DRNG][n] = s.drng;
			v[INIT][n] = s.drng_init;
			v[OWN][n] = s.own;
			v[TPO][n] = s.total_ticks / (double)r->trials[t].operations;
			for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
				v[FN0 + fn][n] = s.total_ticks > 0 ? s.fn_ticks[fn] / s.total_ticks : 0;
			n++;
		}
		e->used = (uint32_t)n;
		hp_batch_runs_of(v[HASH], v[DRNG], v[TPO], run, n, scratch, e);
		for (unsigned k = 0; k < NV; k++)
			hp_runs_figure(v[k], run, n, scratch, out[k]);
	}
	for (unsigned k = 0; k < NV; k++)
		free(v[k]);
	free(scratch);
	free(run);
	if (status != 0) /* out of memory: the caller falls back to the totals */
		memset(e, 0, sizeof *e);
	return status;
}

/* hp_batches_values, with each value's run into run[] (NULL: not). */
static size_t hp_batches_values_runs(const struct hp_result *r, int raw, int which, double *v, uint32_t *run)
{
	uint32_t measured, disturbed;
	enum hp_batch_method m = r->batched ? hp_batch_choose(r, &measured, &disturbed) : HP_BATCH_TOTALS;
	double typ[HP_FN_COUNT], own_typ = 0, *scratch = NULL;
	size_t n = 0;

	if (m != HP_BATCH_TOTALS) {
		if (!(scratch = calloc(r->ntrials, sizeof *scratch)))
			return 0;
		hp_batch_typical(r, m, scratch, typ);
		own_typ = hp_batch_typical_own(r, m, scratch);
		free(scratch);
	}
	for (uint32_t t = 0; t < r->ntrials && t < HP_TRIALS_MAX; t++) {
		uint64_t calls[HP_FN_COUNT], ticks[HP_FN_COUNT], total;
		struct hp_shares s;
		if (!r->trials[t].operations || !r->trials[t].total_ticks ||
		    (m != HP_BATCH_TOTALS && !hp_batch_used(r, t, m)))
			continue;
		if (m == HP_BATCH_TOTALS) {
			hp_shares_of_trial(r, t, raw, &s);
		} else {
			hp_batch_deschedule(r, t, typ, calls, ticks, &total);
			hp_shares_of_batch(r, t, raw, calls, ticks, hp_batch_deschedule_own(r, t, own_typ), total, &s);
		}
		if (run)
			run[n] = hp_batch_run(r, t);
		v[n++] = which ? s.drng : s.hash;
	}
	return n;
}

size_t hp_batches_values(const struct hp_result *r, int raw, int which, double *v)
{
	return hp_batches_values_runs(r, raw, which, v, NULL);
}

size_t hp_batches_run_values(const struct hp_result *r, int raw, int which, double m[HP_RUNS_MAX])
{
	double *v = calloc(HP_TRIALS_MAX, sizeof *v), *scratch = calloc(HP_TRIALS_MAX, sizeof *scratch);
	uint32_t *run = calloc(HP_TRIALS_MAX, sizeof *run);
	size_t n, runs = 0;

	if (v && scratch && run) {
		n = hp_batches_values_runs(r, raw, which, v, run);
		runs = hp_run_medians(v, run, n, scratch, m);
	}
	free(v);
	free(scratch);
	free(run);
	return runs;
}
