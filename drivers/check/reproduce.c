/*
 * reproduce.c - the N search as `check --published` and --reproduce
 * make it (see reproduce.h): the targets given on the command line,
 * the run the search reads, its lines.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmds/cmds.h"
#include "reproduce.h"
#include "rows.h"
#include "periter/part.h"

/* FN as the tables print it (drng) or as the C names it (get_random_number); -1. */
static int hp_fn_lookup(const char *s, size_t n)
{
	for (unsigned fn = 0; fn < HP_FN_DRNG_INIT; fn++)
		if ((strlen(hp_fn_label(fn)) == n && !strncmp(s, hp_fn_label(fn), n)) ||
		    (strlen(hp_fn_name(fn)) == n && !strncmp(s, hp_fn_name(fn), n)))
			return (int)fn;
	return -1;
}

/* A mean as the published tables print it: a decimal >= 0, whole. */
static int hp_mean_parse(const char *s, double *v)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	return errno || *end || !isfinite(*v) ? -1 : 0;
}

int hp_reproduce_spec_parse(const char *arg, struct hp_reproduce_spec *spec)
{
	char buf[256], *save = NULL;
	int bare = 0;

	memset(spec, 0, sizeof *spec);
	if (snprintf(buf, sizeof buf, "%s", arg) >= (int)sizeof buf)
		return hp_usage_error("--reproduce: '%.40s...' is too long", arg);
	if (!buf[0] || buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,"))
		return hp_usage_error(
			"--reproduce: '%s' is not VALUE[,FN=VALUE...] (e.g. 44.2, or pseudoXOF=44.2,drng=1)", arg);
	for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '='), *num = eq ? eq + 1 : item;
		int fn = eq ? hp_fn_lookup(item, (size_t)(eq - item)) : -1;

		if (eq && fn < 0)
			return hp_usage_error("--reproduce: unknown function '%.*s' (drng, pseudoXOF, pseudohash or "
					      "sm3hash)",
					      (int)(eq - item), item);
		if (!eq && bare++)
			return hp_usage_error("--reproduce: two values without a function ('%s'): write FN=VALUE", arg);
		for (size_t i = 0; i < spec->n; i++)
			if (spec->item[i].fn == fn)
				return hp_usage_error("--reproduce: %s given twice",
						      fn < 0 ? "VALUE" : hp_fn_label(fn));
		if (spec->n == HP_FN_COUNT)
			return hp_usage_error("--reproduce: more values than helpers ('%s')", arg);
		if (hp_mean_parse(num, &spec->item[spec->n].value) != 0 || strlen(num) >= sizeof spec->item[0].text)
			return hp_usage_error("--reproduce: '%s' is not a mean number of calls per operation%s%s "
					      "(a decimal >= 0, e.g. 44.2)",
					      num, fn >= 0 ? " for " : "", fn >= 0 ? hp_fn_label(fn) : "");
		spec->item[spec->n].fn = fn;
		snprintf(spec->item[spec->n].text, sizeof spec->item[0].text, "%s", num);
		spec->n++;
	}
	return -1;
}

int hp_reproduce_varies(const struct hp_result *r, unsigned fn)
{
	const uint64_t *v = hp_result_per_op(r, fn);
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];

	if (v && hp_per_op_c(r)->per_iteration) {
		for (uint64_t i = 1; i < r->operations; i++)
			if (v[i] != v[0])
				return 1;
		return 0;
	}
	hp_result_fn_totals(r, calls, nested, ticks);
	return r->operations && calls[fn] % r->operations != 0;
}

/* The first operations of run, as many as now has, made now's calls of every helper (1) or not (0). */
static int hp_same_prefix(const struct hp_result *now, const struct hp_result *run)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];

	hp_result_fn_totals(now, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		const uint64_t *a = hp_result_per_op(now, fn), *b = hp_result_per_op(run, fn);
		uint64_t sum = 0;
		for (uint64_t i = 0; i < now->operations; i++) {
			if (hp_per_op_c(now)->per_iteration && a[i] != b[i])
				return 0;
			sum += b[i];
		}
		if (sum != calls[fn])
			return 0;
	}
	return 1;
}

int hp_reproduce_search_row(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			    const struct hp_result *now, uint64_t max_n, struct hp_repro *rp, FILE *out)
{
	struct hp_result extra;
	const struct hp_result *src = now;
	char err[512], *lines;
	size_t cap;
	int have_extra = 0, rc = 0;

	hp_result_init(&extra);
	/* the row's own run holds every N up to max_n: nothing more to run */
	if (!hp_per_op_c(now)->per_iteration || now->operations < max_n) {
		struct hp_options s = *o;
		s.iterations = max_n;
		s.warmup = now->warmup; /* the same DRNG stream: seed, set-up, warm-up */
		s.warmup_set = 1;
		s.per_iteration = 1;
		s.replay = 0;
		hp_run_rows(inst, &op, 1, &s, &extra, NULL, NULL);
		have_extra = 1;
		src = &extra;
		if (extra.status != HP_STATUS_OK) {
			fprintf(out, "%s %s: no N search: its run of N = %llu failed: %s\n", now->instance,
				now->operation, (unsigned long long)max_n, extra.failure);
			hp_result_free(&extra);
			return -1;
		}
		if (now->operations <= extra.operations && !hp_same_prefix(now, &extra))
			fprintf(out,
				"%s %s: note: the first %llu operations of the run of N = %llu made other calls than "
				"the row's run of %llu with the same seed and warm-up: the counts follow more than the "
				"DRNG stream, and the N found may not be the published procedure's\n",
				now->instance, now->operation, (unsigned long long)now->operations,
				(unsigned long long)max_n, (unsigned long long)now->operations);
	}
	if (have_extra)
		fprintf(out,
			"%s %s: N = 1..%llu searched in one more run of %llu operations (the row's seed, warm-up "
			"%llu)\n",
			now->instance, now->operation, (unsigned long long)src->operations,
			(unsigned long long)src->operations, (unsigned long long)src->warmup);
	else
		fprintf(out, "%s %s: N = 1..%llu searched in the row's own run (warm-up %llu)\n", now->instance,
			now->operation, (unsigned long long)(max_n < src->operations ? max_n : src->operations),
			(unsigned long long)src->warmup);
	if (hp_reproduce_row(src, max_n, rp, err, sizeof err) != 0) {
		fprintf(out, "%s %s: no N search: %s\n", now->instance, now->operation, err);
		rc = -1;
	} else {
		cap = 4096 + 1024 * rp->nfn;
		if ((lines = malloc(cap))) {
			hp_reproduce_lines(rp, src, lines, cap);
			fputs(lines, out);
			free(lines);
		}
	}
	if (have_extra)
		hp_result_free(&extra);
	return rc;
}
