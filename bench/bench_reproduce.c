/*
 * bench_reproduce.c - (h) what the N search costs.
 *
 * For ML-DSA-44 sign and ML-KEM-768 keygen (rejection sampling), from a
 * page that hashprof itself made at N = 200, the wall time of, side by
 * side in rotating order:
 *   run    `hashprof INSTANCE OP -n 1000`;
 *   check  `hashprof check --published PAGE`, which searches the row's
 *          own run (planned N = 1000 here: no run more than `hashprof`);
 *   extra  what the search's one more run costs when the row's N is
 *          below 1000 (an operation slower than 1 ms): `check -n 20
 *          --published PAGE` less the same with --reproduce-max=1 (no
 *          search run), paired;
 * and the per-iteration counting itself: `hashprof INSTANCE OP -n 1000`
 * with and without --per-iteration, paired, the wall-time ratio and the
 * hash share of each (the counting is outside the metered window, so the
 * share should not move beyond its noise).
 */
#include "bench.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *instance, *op;
} hpb_repro_cases[] = {
	{ "ML-DSA-44", "sign" },
	{ "ML-KEM-768", "keygen" },
};

/* The corrected hash share of a --format=json run document; NAN when not read. */
static double hpb_hash_share(const char *path)
{
	json_error_t je;
	json_t *doc = json_load_file(path, 0, &je);
	json_t *r = json_array_get(json_object_get(doc, "rows"), 0);
	double v = r ? hpb_jnum(r, "shares_corrected", "hash") : NAN;

	json_decref(doc);
	return v;
}

int hpb_reproduce(const struct hpb_opts *o, struct hpb_summary *s)
{
	unsigned rounds = o->rounds ? o->rounds : o->quick ? 2 : 5;
	char page[4096], out[4096], json[4096];

	(void)s;
	if (!HP_BENCH_PQCLEAN) {
		printf("\n(f) skipped: built without PQClean (./configure --with-pqclean=...)\n");
		return -1;
	}
	printf("\n(h) The N search: wall time, median of %u rounds (order rotated)\n", rounds);
	printf("  %-11s %-7s %9s %9s %9s %7s   %13s  %17s\n", "instance", "op", "run", "check", "extra", "/run",
	       "per-iter wall", "hash share off/on");
	hpb_scratch(page, sizeof page, "reproduce-page.md");
	hpb_scratch(out, sizeof out, "reproduce.out");
	hpb_scratch(json, sizeof json, "reproduce.json");
	for (size_t c = 0; c < sizeof hpb_repro_cases / sizeof hpb_repro_cases[0]; c++) {
		char *inst = (char *)hpb_repro_cases[c].instance, *op = (char *)hpb_repro_cases[c].op;
		char *mk[] = {
			(char *)HPB_HASHPROF, inst, op, (char *)"-n", (char *)"200", (char *)"--format=md", NULL
		};
		char *run[] = { (char *)HPB_HASHPROF, inst, op, (char *)"-n", (char *)"1000", NULL };
		char *chk[] = { (char *)HPB_HASHPROF,
				(char *)"check",
				(char *)"--share-tolerance=100",
				(char *)"--published",
				page,
				NULL };
		char *bare[] = { (char *)HPB_HASHPROF,
				 (char *)"check",
				 (char *)"--share-tolerance=100",
				 (char *)"-n",
				 (char *)"20",
				 (char *)"--reproduce-max=1",
				 (char *)"--published",
				 page,
				 NULL };
		char *more[] = { (char *)HPB_HASHPROF,
				 (char *)"check",
				 (char *)"--share-tolerance=100",
				 (char *)"-n",
				 (char *)"20",
				 (char *)"--published",
				 page,
				 NULL };
		char *off[] = { (char *)HPB_HASHPROF,    inst, op, (char *)"-n", (char *)"1000",
				(char *)"--format=json", NULL };
		char *on[] = {
			(char *)HPB_HASHPROF,      inst, op, (char *)"-n", (char *)"1000", (char *)"--format=json",
			(char *)"--per-iteration", NULL
		};
		char *const *cmds[] = { run, chk, bare, more, off, on };
		enum { NCMD = 6 };
		double t[NCMD][64], share[2][64], ratio[64], extra[64], wall;
		int bad = 0;

		if (hpb_run(mk, page, "/dev/null", &wall) != 0) {
			printf("  %-11s %-7s could not make the page (hashprof failed)\n", inst, op);
			continue;
		}
		for (unsigned r = 0; r < rounds && r < 64 && !bad; r++) {
			for (unsigned k = 0; k < NCMD && !bad; k++) {
				unsigned i = (k + r) % NCMD; /* rotate the order every round */
				/* check exits 1 when a share is off; only a crash or bad input is a failure here */
				int st = hpb_run(cmds[i], i >= 4 ? json : out, "/dev/null", &t[i][r]);
				bad |= st != 0 && st != 1;
				if (i >= 4)
					share[i - 4][r] = hpb_hash_share(json);
			}
			ratio[r] = t[5][r] / t[4][r];
			extra[r] = t[3][r] - t[2][r];
		}
		if (bad) {
			printf("  %-11s %-7s a command failed (see %s)\n", inst, op, out);
			continue;
		}
		double run_s = hpb_median(t[0], rounds), extra_s = hpb_median(extra, rounds);
		printf("  %-11s %-7s %7.2f s %7.2f s %7.2f s %6.2fx   %11.3fx  %7.2f%% / %6.2f%%\n", inst, op, run_s,
		       hpb_median(t[1], rounds), extra_s, extra_s / run_s, hpb_median(ratio, rounds),
		       100 * hpb_median(share[0], rounds), 100 * hpb_median(share[1], rounds));
	}
	printf("  run = hashprof INSTANCE OP -n 1000; check = check --published of a page made at N = 200 (the\n"
	       "  search reads the row's own run of N = 1000: nothing more to run); extra = the one more run\n"
	       "  of N = 1000 a row below N = 1000 gets (check -n 20 less check -n 20 --reproduce-max=1,\n"
	       "  paired; /run: over run); per-iter wall = -n 1000 --per-iteration over -n 1000 (paired);\n"
	       "  hash share = corrected window share without / with per-iteration counting.\n");
	return 0;
}
