/*
 * bench_confine.c - (g) confinement leaves the measurement as it is
 * (docs/safety.md): the same `hashprof -n N --format=json
 * INSTANCE OP`, confined (the default) and with --no-confine, run in
 * alternating order, R times each.  Per operation: the medians of the
 * corrected hash and DRNG shares, of the overhead the calibration finds
 * (TSC ticks added per wrapped call) and of the ticks per operation, each
 * confined against unconfined, and the median spread of the share across
 * a row's trials; "equal" when the two medians differ by no more than that
 * spread.  A third run, unconfined again, is the control of the ticks per
 * operation: two runs of the same kind differ by this much.  Nothing is asserted by make check: a time is no test.
 */
#include "bench.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

/* The operations compared (synthetic ones without PQClean), and their N:
 * about a second of operations each. */
#if HP_BENCH_PQCLEAN
static const struct {
	const char *instance, *op, *n;
} hpb_confine_cases[] = {
	{ "ML-DSA-44", "sign", "1000" },
	{ "ML-KEM-768", "encaps", "1000" },
	{ "SPHINCS+-SHAKE-128f-simple", "sign", "20" },
};
#else
static const struct {
	const char *instance, *op, *n;
} hpb_confine_cases[] = {
	{ "SYNTH-SIG", "sign", "1000" },
	{ "SYNTH-KEM", "encaps", "1000" },
};
#endif

#define HPB_CONFINE_ROUNDS_MAX 32

/* One run's figures. */
struct hpb_confine_run {
	double hash, drng; /* corrected shares, fractions */
	double hash_spread, drng_spread; /* across the row's trials, pp */
	double added; /* overhead, TSC ticks per wrapped call */
	double ticks_per_op;
};

/* Run the case once, confined or not; 0, or -1 with the reason printed. */
static int hpb_confine_run(size_t c, int confined, struct hpb_confine_run *r)
{
	char out[4096], errf[4096];
	char *argv[] = { (char *)HPB_HASHPROF,
			 (char *)"-n",
			 (char *)hpb_confine_cases[c].n,
			 (char *)"--format=json",
			 (char *)hpb_confine_cases[c].instance,
			 (char *)hpb_confine_cases[c].op,
			 confined ? NULL : (char *)"--no-confine",
			 NULL };
	json_error_t je;
	json_t *doc, *row;
	double wall;
	int st, ok;

	hpb_scratch(out, sizeof out, "hashprof.json");
	hpb_scratch(errf, sizeof errf, "hashprof.err");
	st = hpb_run(argv, out, errf, &wall);
	doc = json_load_file(out, 0, &je);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	ok = st == 0 && row && !strcmp(json_string_value(json_object_get(row, "status")), "ok");
	if (ok) {
		r->hash = hpb_jnum(row, "shares_corrected", "hash");
		r->drng = hpb_jnum(row, "shares_corrected", "drng");
		r->hash_spread = hpb_jnum(row, "shares_corrected", "hash_spread_pp");
		r->drng_spread = hpb_jnum(row, "shares_corrected", "drng_spread_pp");
		r->added = hpb_jnum(row, "overhead", "added_ticks_per_call");
		r->ticks_per_op = hpb_jnum(row, "totals", "ticks") / hpb_jnum(row, "totals", "operations");
	} else {
		printf("  %s %s%s: hashprof failed (exit %d; see bench/hashprof.err)\n", hpb_confine_cases[c].instance,
		       hpb_confine_cases[c].op, confined ? "" : " --no-confine", st);
	}
	json_decref(doc);
	return ok ? 0 : -1;
}

/* The median of the field at offset off of n runs. */
static double hpb_confine_median(const struct hpb_confine_run *runs, size_t n, size_t off)
{
	double v[HPB_CONFINE_ROUNDS_MAX];

	for (size_t i = 0; i < n; i++)
		v[i] = *(const double *)((const char *)&runs[i] + off);
	return hpb_median(v, n);
}

#define HPB_MED(runs, n, field) hpb_confine_median((runs), (n), offsetof(struct hpb_confine_run, field))

int hpb_confine(const struct hpb_opts *o, struct hpb_summary *s)
{
	unsigned rounds = o->rounds ? o->rounds : o->quick ? 3 : 7;
	int all_equal = 1, measured = 0;

	if (rounds > HPB_CONFINE_ROUNDS_MAX)
		rounds = HPB_CONFINE_ROUNDS_MAX;
	printf("\n(g) Confined (default) vs --no-confine: `hashprof -n N INSTANCE OP`, %u runs each, order\n"
	       "    alternating; medians (shares in %%, spread = the share's spread across a row's trials, pp)\n",
	       rounds);
	printf("  %-26s %-7s %8s %8s %6s %6s   %7s %7s %6s   %6s %6s   %7s %7s\n", "instance", "op", "hash", "no-conf",
	       "diff", "spread", "DRNG", "no-conf", "diff", "oh", "no-conf", "ticks/op", "control");
	for (size_t c = 0; c < sizeof hpb_confine_cases / sizeof hpb_confine_cases[0]; c++) {
		struct hpb_confine_run on[HPB_CONFINE_ROUNDS_MAX], off[HPB_CONFINE_ROUNDS_MAX], again;
		double ratio[HPB_CONFINE_ROUNDS_MAX], control[HPB_CONFINE_ROUNDS_MAX];
		size_t n = 0;
		int failed = 0;

		for (unsigned i = 0; i < rounds && !failed; i++) {
			/* the order flips every round; a second unconfined run is
			 * the control: how far two runs of the same kind differ */
			int first = i % 2;
			if (hpb_confine_run(c, first, first ? &on[n] : &off[n]) != 0 ||
			    hpb_confine_run(c, !first, first ? &off[n] : &on[n]) != 0 ||
			    hpb_confine_run(c, 0, &again) != 0)
				failed = 1;
			else {
				ratio[n] = on[n].ticks_per_op / off[n].ticks_per_op;
				control[n] = again.ticks_per_op / off[n].ticks_per_op;
				n++;
			}
		}
		if (!n)
			continue;
		double h_on = HPB_MED(on, n, hash), h_off = HPB_MED(off, n, hash);
		double d_on = HPB_MED(on, n, drng), d_off = HPB_MED(off, n, drng);
		double spread = (HPB_MED(on, n, hash_spread) + HPB_MED(off, n, hash_spread)) / 2;
		double dspread = (HPB_MED(on, n, drng_spread) + HPB_MED(off, n, drng_spread)) / 2;
		int equal = fabs(100 * (h_on - h_off)) <= spread && fabs(100 * (d_on - d_off)) <= dspread;
		double r_lo, r_hi, c_lo, c_hi, r_med = hpb_median(ratio, n), c_med = hpb_median(control, n);
		hpb_quartiles(ratio, n, &r_lo, &r_hi);
		hpb_quartiles(control, n, &c_lo, &c_hi);
		printf("  %-26s %-7s %7.2f%% %7.2f%% %+6.2f %6.2f   %6.2f%% %6.2f%% %+6.2f   %6.1f %6.1f   %7.4f %7.4f "
		       "%s\n",
		       hpb_confine_cases[c].instance, hpb_confine_cases[c].op, 100 * h_on, 100 * h_off,
		       100 * (h_on - h_off), spread, 100 * d_on, 100 * d_off, 100 * (d_on - d_off),
		       HPB_MED(on, n, added), HPB_MED(off, n, added), r_med, c_med, equal ? "equal" : "DIFFER");
		printf("  %-34s ticks/op quartiles: confined/unconfined %.3f..%.3f, control %.3f..%.3f\n", "", r_lo,
		       r_hi, c_lo, c_hi);
		fflush(stdout);
		all_equal &= equal;
		measured = 1;
	}
	printf("  diff = confined - unconfined; oh = TSC ticks a wrapped call adds (the calibration); ticks/op =\n"
	       "  median of each round's confined/unconfined ticks per operation; control = the same for a\n"
	       "  second unconfined run against the first (the noise between two runs).  \"equal\": both\n"
	       "  shares' diffs within the trials' spread.\n");
	s->confine_equal = measured ? all_equal : -1;
	return measured ? 0 : -1;
}
