/*
 * bench_projection.c - (i): the projection's error against the direct
 * swap, per instance and candidate.  For SYNTH-SIG sign and,
 * with PQClean, ML-DSA-44 sign, ML-KEM-768 encaps and
 * SPHINCS+-SHAKE-128f-simple sign, each round is a fresh
 * `hashprof INSTANCE OP --hash=all --format=json` (planned N) with a cost
 * cache of its own (removed before the round, so the micro-benchmark's
 * spread is in the errors too); per candidate arm, error = projected
 * time / measured time - 1, both corrected for the shims' overhead.
 * Printed: the median error and its quartiles over the rounds, beside the
 * measured ratio to the placeholder.  Nothing is asserted; the target
 * (SYNTH-SIG within 5 %) is judged in the summary.
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#define HPB_CANDIDATES 5 /* the built-ins, placeholder aside */
#define HPB_PROJ_ROUNDS 5
#define HPB_PROJ_ROUNDS_QUICK 2
#define HPB_PROJ_ROUNDS_MAX 32

static const struct {
	const char *instance, *op;
	int pqclean;
} hpb_proj_rows[] = {
	{ "SYNTH-SIG", "sign", 0 },
	{ "ML-DSA-44", "sign", 1 },
	{ "ML-KEM-768", "encaps", 1 },
	{ "SPHINCS+-SHAKE-128f-simple", "sign", 1 },
};

/* Per candidate of one row: the rounds' errors and ratios. */
struct hpb_proj_arm {
	char name[65];
	double err[HPB_PROJ_ROUNDS_MAX], ratio[HPB_PROJ_ROUNDS_MAX];
	size_t n;
};

/* The corrected time per operation of a record (ticks), NAN when failed. */
static double hpb_per_op(json_t *rec)
{
	double ops = hpb_jnum(rec, "totals", "operations"), t = hpb_jnum(rec, "shares_corrected", "total_ticks");

	if (strcmp(json_string_value(json_object_get(rec, "status")) ?: "", "ok") || !(ops > 0))
		return NAN;
	return t / ops;
}

/* One round of one row into arms[]; 0, or -1 with the reason printed. */
static int hpb_proj_round(const char *instance, const char *op, struct hpb_proj_arm arms[HPB_CANDIDATES], size_t *narms,
			  const char *cache)
{
	char out[4096], errf[4096];
	char *argv[] = { (char *)HPB_HASHPROF, (char *)"--hash=all", (char *)"--format=json",
			 (char *)instance,     (char *)op,           NULL };
	json_error_t je;
	json_t *doc, *row, *a;
	double wall, base;
	size_t i;
	int st;

	unlink(cache);
	hpb_scratch(out, sizeof out, "hashprof.json");
	hpb_scratch(errf, sizeof errf, "hashprof.err");
	st = hpb_run(argv, out, errf, &wall);
	doc = json_load_file(out, 0, &je);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	if (st != 0 || !row || !(base = hpb_per_op(row), base > 0)) {
		printf("  %s %s: hashprof --hash=all failed (exit %d; see bench/hashprof.err)\n", instance, op, st);
		json_decref(doc);
		return -1;
	}
	json_array_foreach(json_object_get(row, "candidates"), i, a)
	{
		double measured = hpb_per_op(json_object_get(a, "record")),
		       projected = hpb_jnum(a, "projected_ticks_per_operation", NULL);
		struct hpb_proj_arm *m = NULL;
		for (size_t k = 0; k < *narms && !m; k++)
			if (!strcmp(arms[k].name, json_string_value(json_object_get(a, "name"))))
				m = &arms[k];
		if (!m && *narms < HPB_CANDIDATES) {
			m = &arms[(*narms)++];
			snprintf(m->name, sizeof m->name, "%s", json_string_value(json_object_get(a, "name")));
		}
		if (!m || isnan(measured) || isnan(projected) || m->n >= HPB_PROJ_ROUNDS_MAX)
			continue;
		m->err[m->n] = projected / measured - 1;
		m->ratio[m->n++] = measured / base;
	}
	json_decref(doc);
	return 0;
}

int hpb_projection(const struct hpb_opts *o, struct hpb_summary *s)
{
	unsigned rounds = o->rounds ? o->rounds : o->quick ? HPB_PROJ_ROUNDS_QUICK : HPB_PROJ_ROUNDS;
	char cache[4096];

	if (rounds > HPB_PROJ_ROUNDS_MAX)
		rounds = HPB_PROJ_ROUNDS_MAX;
	hpb_scratch(cache, sizeof cache, "hashcost.json");
	setenv("HASHPROF_COST_CACHE", cache, 1);
	printf("\n(i) Projection vs direct swap (hashprof --hash=all, planned N, %u fresh processes a row;\n"
	       "    error = projected / measured - 1, %%: median [quartiles]; ratio = measured / placeholder)\n",
	       rounds);
	printf("  %-26s %-7s %-12s %8s %17s %7s\n", "instance", "op", "candidate", "error", "quartiles", "ratio");
	for (size_t r = 0; r < sizeof hpb_proj_rows / sizeof hpb_proj_rows[0]; r++) {
		struct hpb_proj_arm arms[HPB_CANDIDATES];
		size_t narms = 0;
		if (hpb_proj_rows[r].pqclean && !HP_BENCH_PQCLEAN)
			continue;
		memset(arms, 0, sizeof arms);
		for (unsigned k = 0; k < rounds; k++)
			hpb_proj_round(hpb_proj_rows[r].instance, hpb_proj_rows[r].op, arms, &narms, cache);
		for (size_t k = 0; k < narms; k++) {
			double q1, q3, med, ratio;
			if (!arms[k].n)
				continue;
			hpb_quartiles(arms[k].err, arms[k].n, &q1, &q3);
			med = hpb_median(arms[k].err, arms[k].n);
			ratio = hpb_median(arms[k].ratio, arms[k].n);
			printf("  %-26s %-7s %-12s %+7.2f%% [%+6.2f, %+6.2f] %7.3f\n", hpb_proj_rows[r].instance,
			       hpb_proj_rows[r].op, arms[k].name, 100 * med, 100 * q1, 100 * q3, ratio);
			if (r == 0 && (isnan(s->proj_synth_worst) || fabs(med) > fabs(s->proj_synth_worst)))
				s->proj_synth_worst = med;
		}
		fflush(stdout);
	}
	unlink(cache);
	unsetenv("HASHPROF_COST_CACHE");
	printf("  the projection keeps the placeholder's calls: a candidate that changes them (ML-DSA's\n"
	       "  rejection sampling) parts from it by those calls' cost, as does any cost a helper leaves\n"
	       "  outside its calls (caches), which the micro-benchmark does not see.\n");
	return 0;
}
