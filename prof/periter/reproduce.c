/*
 * reproduce.c - the N whose prefix mean prints as a published mean (see
 * reproduce.h).
 */
#include "reproduce.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/published.h"
#include "part.h"

void hp_prefix_means(const uint64_t *counts, uint64_t n, double *means)
{
	uint64_t sum = 0;

	for (uint64_t k = 0; k < n; k++) {
		sum += counts[k];
		/* as a row of k + 1 operations computes calls / operations */
		means[k] = (double)sum / (double)(k + 1);
	}
}

int hp_reproduce_prints_as(double mean, double target)
{
	return hp_published_3g(mean) == hp_published_3g(target);
}

int hp_reproduce_add(struct hp_repro *rp, unsigned fn, double target, const char *text)
{
	if (rp->nfn >= HP_FN_COUNT || fn >= HP_FN_COUNT)
		return -1;
	for (size_t i = 0; i < rp->nfn; i++)
		if (rp->fn[i].fn == fn)
			return -1;
	memset(&rp->fn[rp->nfn], 0, sizeof rp->fn[rp->nfn]);
	rp->fn[rp->nfn].fn = fn;
	rp->fn[rp->nfn].target = target;
	snprintf(rp->fn[rp->nfn].text, sizeof rp->fn[rp->nfn].text, "%s", text);
	rp->nfn++;
	return 0;
}

static int hp_nset_alloc(struct hp_nset *s, uint64_t max_n)
{
	s->max_n = max_n;
	s->count = 0;
	s->hit = calloc((size_t)max_n + 1, 1);
	return s->hit ? 0 : -1;
}

static void hp_nset_free(struct hp_nset *s)
{
	free(s->hit);
	memset(s, 0, sizeof *s);
}

/* One target against the prefix means of its helper (means[N - 1] for N = 1..max_n). */
static void hp_search_fn(const double *means, uint64_t max_n, struct hp_repro_fn *f)
{
	double best = INFINITY;

	for (uint64_t n = 1; n <= max_n; n++) {
		double d = fabs(means[n - 1] - f->target);
		if (hp_reproduce_prints_as(means[n - 1], f->target)) {
			f->set.hit[n] = 1;
			f->set.count++;
		}
		if (d <= best) { /* the largest N of equally near ones */
			best = d;
			f->nearest_n = n;
			f->nearest_mean = means[n - 1];
		}
	}
}

int hp_reproduce_row(const struct hp_result *run, uint64_t max_n, struct hp_repro *rp, char *err, size_t errlen)
{
	uint64_t n = max_n && max_n < run->operations ? max_n : run->operations;
	double *means;

	rp->max_n = n;
	rp->warmup = run->warmup;
	if (!hp_per_op_c(run)->per_iteration || n == 0 || run->operations > hp_per_op_c(run)->per_op_cap) {
		snprintf(err, errlen, "%s %s: no per-iteration counts to search (%s)", run->instance, run->operation,
			 hp_per_op_c(run)->per_iteration ? "no operation was measured"
							 : "the row was measured without them");
		return -1;
	}
	if (!(means = malloc((size_t)n * sizeof *means)) || hp_nset_alloc(&rp->all, n) != 0) {
		free(means);
		snprintf(err, errlen, "out of memory searching %llu operations", (unsigned long long)n);
		return -1;
	}
	for (uint64_t k = 1; k <= n; k++)
		rp->all.hit[k] = 1;
	rp->all.count = rp->nfn ? n : 0;
	for (size_t i = 0; i < rp->nfn; i++) {
		struct hp_repro_fn *f = &rp->fn[i];
		if (hp_nset_alloc(&f->set, n) != 0) {
			free(means);
			hp_reproduce_free(rp);
			snprintf(err, errlen, "out of memory searching %llu operations", (unsigned long long)n);
			return -1;
		}
		hp_prefix_means(hp_result_per_op(run, f->fn), n, means);
		hp_search_fn(means, n, f);
		for (uint64_t k = 1; k <= n; k++)
			if (rp->all.hit[k] && !f->set.hit[k]) {
				rp->all.hit[k] = 0;
				rp->all.count--;
			}
	}
	free(means);
	return 0;
}

void hp_reproduce_free(struct hp_repro *rp)
{
	for (size_t i = 0; i < rp->nfn; i++)
		hp_nset_free(&rp->fn[i].set);
	hp_nset_free(&rp->all);
}

int hp_reproduce_all_found(const struct hp_repro *rp)
{
	for (size_t i = 0; i < rp->nfn; i++)
		if (rp->fn[i].set.count == 0)
			return 0;
	return rp->nfn > 0;
}

/* ---------- wording ---------- */

/* printf into buf at *used (len bytes in all), cut when full. */
static void hp_put(char *buf, size_t len, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void hp_put(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (n > 0)
		*used = *used + (size_t)n < len ? *used + (size_t)n : len - 1;
}

/* The ranges of s: ranges[k] = {first, last}; returns how many (at most cap kept). */
static size_t hp_nset_ranges(const struct hp_nset *s, uint64_t (*ranges)[2], size_t cap)
{
	size_t n = 0;

	for (uint64_t k = 1; k <= s->max_n; k++) {
		if (!s->hit[k])
			continue;
		uint64_t first = k;
		while (k + 1 <= s->max_n && s->hit[k + 1])
			k++;
		if (n < cap) {
			ranges[n][0] = first;
			ranges[n][1] = k;
		} else {
			ranges[cap - 1][0] = first; /* the last one stays in the last slot */
			ranges[cap - 1][1] = k;
		}
		n++;
	}
	return n;
}

static void hp_put_range(char *buf, size_t len, size_t *used, const uint64_t r[2], const char *sep)
{
	if (r[0] == r[1])
		hp_put(buf, len, used, "%s%llu", sep, (unsigned long long)r[0]);
	else
		hp_put(buf, len, used, "%s%llu\u2013%llu", sep, (unsigned long long)r[0], (unsigned long long)r[1]);
}

size_t hp_nset_format(const struct hp_nset *s, size_t max_ranges, char *buf, size_t len)
{
	enum { HP_RANGES_KEPT = 64 };
	uint64_t ranges[HP_RANGES_KEPT][2];
	size_t cap = max_ranges && max_ranges < HP_RANGES_KEPT ? max_ranges : HP_RANGES_KEPT, used = 0, n;

	if (len)
		buf[0] = '\0';
	if (!s->hit || !len)
		return 0;
	n = hp_nset_ranges(s, ranges, cap);
	if (n <= cap) {
		for (size_t i = 0; i < n; i++)
			hp_put_range(buf, len, &used, ranges[i], i ? ", " : "");
		return used;
	}
	/* the first cap - 1, then the last (kept in the last slot) */
	for (size_t i = 0; i + 1 < cap; i++)
		hp_put_range(buf, len, &used, ranges[i], i ? ", " : "");
	hp_put(buf, len, &used, "%s\u2026", cap > 1 ? ", " : "");
	hp_put_range(buf, len, &used, ranges[cap - 1], ", ");
	hp_put(buf, len, &used, " (%zu ranges)", n);
	return used;
}

/* "pseudoXOF 44.2, drng 1.5": the targets, as published. */
static void hp_put_targets(const struct hp_repro *rp, char *buf, size_t len, size_t *used)
{
	for (size_t i = 0; i < rp->nfn; i++)
		hp_put(buf, len, used, "%s%s %s", i ? ", " : "", hp_fn_label(rp->fn[i].fn), rp->fn[i].text);
}

/* Does run make no call of fn in any operation (its per-iteration
 * counts, which the search reads)? */
static int hp_never_called(const struct hp_result *run, unsigned fn)
{
	const uint64_t *c = hp_result_per_op(run, fn);

	if (!hp_per_op_c(run)->per_iteration || !c)
		return 0;
	for (uint64_t i = 0; i < run->operations && i < hp_per_op_c(run)->per_op_cap; i++)
		if (c[i])
			return 0;
	return 1;
}

size_t hp_reproduce_lines(const struct hp_repro *rp, const struct hp_result *run, char *buf, size_t len)
{
	char set[512];
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < rp->nfn; i++) {
		const struct hp_repro_fn *f = &rp->fn[i];
		hp_put(buf, len, &used, "%s %s: %s %s ", run->instance, run->operation, hp_fn_label(f->fn), f->text);
		if (f->set.count) {
			hp_nset_format(&f->set, 8, set, sizeof set);
			hp_put(buf, len, &used, "reproduced at %llu of N = 1..%llu: N = %s\n",
			       (unsigned long long)f->set.count, (unsigned long long)rp->max_n, set);
		} else if (hp_never_called(run, f->fn)) {
			hp_put(buf, len, &used,
			       "not reproduced: this operation never calls %s (no call in any of its %llu "
			       "operations), so no N gives %s\n",
			       hp_fn_label(f->fn), (unsigned long long)run->operations, f->text);
		} else {
			hp_put(buf, len, &used,
			       "not reproduced: no N \u2264 %llu reproduces %s with this seed and warm-up %llu: the "
			       "procedure differs (nearest: N = %llu, %.6g)\n",
			       (unsigned long long)rp->max_n, f->text, (unsigned long long)rp->warmup,
			       (unsigned long long)f->nearest_n, f->nearest_mean);
		}
	}
	/* with one target, a set of several N says nothing more than its line */
	if (!hp_reproduce_all_found(rp) || (rp->nfn == 1 && rp->all.count != 1))
		return used;
	hp_nset_format(&rp->all, 8, set, sizeof set);
	hp_put(buf, len, &used, "%s %s: ", run->instance, run->operation);
	if (rp->nfn == 1) {
		/* one count of one helper: a prefix mean that matches by chance
		 * is likely among many N, so no claim on the procedure */
		hp_put(buf, len, &used,
		       "N = %s is the only N \u2264 %llu that reproduces %s %s; one fractional count alone does not "
		       "show the published procedure's N (a match by chance is likely among %llu N)\n",
		       set, (unsigned long long)rp->max_n, hp_fn_label(rp->fn[0].fn), rp->fn[0].text,
		       (unsigned long long)rp->max_n);
	} else if (rp->all.count == 1) {
		hp_put(buf, len, &used, "N = %s alone reproduces every fractional count (", set);
		hp_put_targets(rp, buf, len, &used);
		hp_put(buf, len, &used, "): the published procedure's N\n");
	} else if (rp->all.count) {
		hp_put(buf, len, &used, "N = %s reproduce every fractional count (", set);
		hp_put_targets(rp, buf, len, &used);
		hp_put(buf, len, &used, "): the published procedure's N is one of them\n");
	} else {
		hp_put(buf, len, &used, "no one N reproduces every fractional count (");
		hp_put_targets(rp, buf, len, &used);
		hp_put(buf, len, &used, "): the procedure differs\n");
	}
	return used;
}
