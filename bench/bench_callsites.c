/*
 * bench_callsites.c - (f) what --call-sites costs: `hashprof
 * INSTANCE sign --format=json` with and without --call-sites, ML-DSA-44
 * and SPHINCS+-SHAKE-128f-simple, alternating (the order flipped every
 * round), each planning its own N as a user's run does (N comes from a
 * calibration call without call sites, so both read the same calls).
 * Printed side by side: the corrected hash share (median over the
 * rounds; the trials' spread inside one run, its median too), its
 * difference with and without against that spread, and the wall time of
 * the whole command.  Timing figures: printed, never asserted.
 */
#include "bench.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct hpb_site_run {
	int ok;
	double wall; /* seconds, the whole command */
	double hash, spread; /* corrected hash share (fraction), its spread across trials (pp) */
	double calls; /* outermost pseudoXOF calls per operation */
	double sites, lost; /* call sites found, calls without a call path */
};

/* One `hashprof INSTANCE OP --format=json -n N -w W [--call-sites]`
 * (n NULL: planned; *planned_n, *planned_w then get what was planned). */
static void hpb_site_run(const char *instance, const char *op, int sites, const char *n, const char *w,
			 struct hpb_site_run *r, long *planned_n, long *planned_w)
{
	char out[4096], errf[4096];
	char *argv[] = { (char *)HPB_HASHPROF,
			 (char *)instance,
			 (char *)op,
			 (char *)"--format=json",
			 (char *)"-n",
			 (char *)n,
			 (char *)"-w",
			 (char *)w,
			 sites ? (char *)"--call-sites" : NULL,
			 NULL };
	json_error_t je;
	json_t *doc, *row, *c;
	size_t i;
	int st;

	memset(r, 0, sizeof *r);
	if (!n) {
		argv[4] = sites ? (char *)"--call-sites" : NULL;
		argv[5] = NULL;
	}
	hpb_scratch(out, sizeof out, "callsites.json");
	hpb_scratch(errf, sizeof errf, "callsites.err");
	st = hpb_run(argv, out, errf, &r->wall);
	doc = json_load_file(out, 0, &je);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	if (st == 0 && row && !strcmp(json_string_value(json_object_get(row, "status")), "ok")) {
		r->ok = 1;
		r->hash = hpb_jnum(row, "shares_corrected", "hash");
		r->spread = hpb_jnum(row, "shares_corrected", "hash_spread_pp");
		json_array_foreach(json_object_get(row, "calls"), i, c)
		{
			if (!strcmp(json_string_value(json_object_get(c, "fn")), "pseudoXOF"))
				r->calls += (double)json_integer_value(json_object_get(c, "calls"));
		}
		r->calls /= hpb_jnum(row, "totals", "operations");
		r->sites = (double)json_array_size(json_object_get(json_object_get(row, "call_sites"), "sites"));
		json_t *lost = json_object_get(json_object_get(row, "call_sites"), "without_path"), *v;
		const char *k;
		json_object_foreach(lost, k, v)
		{
			r->lost += (double)json_integer_value(json_object_get(v, "calls"));
		}
		if (planned_n)
			*planned_n = (long)hpb_jnum(row, "procedure", "iterations");
		if (planned_w)
			*planned_w = (long)hpb_jnum(row, "procedure", "warmup");
	}
	json_decref(doc);
}

int hpb_callsites(const struct hpb_opts *o, struct hpb_summary *s)
{
	static const char *const instances[] = { "ML-DSA-44", "SPHINCS+-SHAKE-128f-simple" };
	unsigned rounds = o->rounds ? o->rounds : o->quick ? 3 : 7;

	if (!HP_BENCH_PQCLEAN) {
		printf("\n(f) --call-sites: skipped (PQClean not configured)\n");
		return 0;
	}
	printf("\n(f) --call-sites: each sign row %u times with and without it, alternating, with the N hashprof "
	       "plans; corrected hash share (median; \u00b1 the median spread across the 5 trials of one run), "
	       "wall time of the whole command (median)\n",
	       rounds);
	printf("  %-27s %-16s %-16s %9s %9s %9s %7s %6s\n", "instance sign", "share without", "share with", "diff pp",
	       "wall w/o", "wall with", "ratio", "sites");
	for (size_t k = 0; k < sizeof instances / sizeof instances[0]; k++) {
		double hw[64], hn[64], sw[64], sn[64], ww[64], wn[64], ratio[64], nsites = 0, lost = 0;
		double calls_w = NAN;
		unsigned n = 0;
		int same_calls = 1;
		long pn = 0, pw = 0;
		char nbuf[32], wbuf[32];
		struct hpb_site_run plan;

		/* N and the warm-up as hashprof plans them (a calibration call
		 * without call sites), then every run with that N: the same
		 * operations, so the same calls with and without */
		hpb_site_run(instances[k], "sign", 0, NULL, NULL, &plan, &pn, &pw);
		if (!plan.ok || pn < 1) {
			printf("  %-27s the planning run failed (see %s/bench/callsites.err)\n", instances[k],
			       HP_BENCH_BUILDDIR);
			return -1;
		}
		snprintf(nbuf, sizeof nbuf, "%ld", pn);
		snprintf(wbuf, sizeof wbuf, "%ld", pw);
		for (unsigned i = 0; i < rounds && i < 64; i++) {
			struct hpb_site_run a, b;
			/* the order flips every round */
			hpb_site_run(instances[k], "sign", i & 1, nbuf, wbuf, i & 1 ? &b : &a, NULL, NULL);
			hpb_site_run(instances[k], "sign", !(i & 1), nbuf, wbuf, i & 1 ? &a : &b, NULL, NULL);
			if (!a.ok || !b.ok) {
				printf("  %-27s round %u: a run failed (see %s/bench/callsites.err)\n", instances[k], i,
				       HP_BENCH_BUILDDIR);
				continue;
			}
			hw[n] = 100 * a.hash;
			hn[n] = 100 * b.hash;
			sw[n] = a.spread;
			sn[n] = b.spread;
			ww[n] = a.wall;
			wn[n] = b.wall;
			ratio[n] = b.wall / a.wall;
			nsites = b.sites;
			lost += b.lost;
			/* the same N and DRNG stream: the same calls */
			same_calls &= a.calls == b.calls;
			calls_w = a.calls;
			n++;
		}
		if (!n)
			return -1;
		double mhw = hpb_median(hw, n), mhn = hpb_median(hn, n), msw = hpb_median(sw, n),
		       msn = hpb_median(sn, n);
		char a[32], b[32];
		snprintf(a, sizeof a, "%.2f%% \u00b1%.2f", mhw, msw);
		snprintf(b, sizeof b, "%.2f%% \u00b1%.2f", mhn, msn);
		printf("  %-27s %-17s %-17s %+8.2f %8.3fs %8.3fs %7.3f %6.0f\n", instances[k], a, b, mhn - mhw,
		       hpb_median(ww, n), hpb_median(wn, n), hpb_median(ratio, n), nsites);
		printf("  %-27s N = %ld; difference %s the larger spread (%.2f pp); pseudoXOF calls/op %s (%.6g); "
		       "%.0f calls without a call path\n",
		       "", pn, fabs(mhn - mhw) <= (msw > msn ? msw : msn) ? "within" : "OUTSIDE", msw > msn ? msw : msn,
		       same_calls ? "the same with and without" : "DIFFER", calls_w, lost);
		if (k == 0) {
			s->sites_mldsa_diff = mhn - mhw;
			s->sites_mldsa_spread = msw > msn ? msw : msn;
		} else {
			s->sites_sphincs_diff = mhn - mhw;
			s->sites_sphincs_spread = msw > msn ? msw : msn;
		}
	}
	return 0;
}
