/*
 * bench_replay.c - the end of (c): the two estimators side by side on
 * real submissions, where no uninstrumented twin can skip the helpers.
 * For ML-DSA-44 sign, ML-KEM-768 encaps and SPHINCS+-SHAKE-128f-simple
 * sign, `hashprof --replay --format=json` (planned N, the default bound)
 * gives the window share (corrected, the default column) and the replay
 * share ("if free") of each family; the table prints both and their
 * difference.  Nothing is asserted: the difference is what the window
 * cannot see (the cost a helper leaves in the code around it) plus noise.
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "replay/part.h" /* hp_replay_share_outside */

#if HP_BENCH_PQCLEAN
static const struct {
	const char *instance, *op;
} hpb_replay_rows[] = {
	{ "ML-DSA-44", "sign" },
	{ "ML-KEM-768", "encaps" },
	{ "SPHINCS+-SHAKE-128f-simple", "sign" },
};

/* One row: window (corrected) and replay shares, fractions; 0, or -1
 * with the reason printed. */
static int hpb_replay_row(const char *instance, const char *op, double window[2], double replay[2], double *wall)
{
	char out[4096], errf[4096];
	char *argv[] = { (char *)HPB_HASHPROF, (char *)"--replay", (char *)"--format=json",
			 (char *)instance,     (char *)op,         NULL };
	json_error_t je;
	json_t *doc, *r, *rp;
	int st, ok;

	hpb_scratch(out, sizeof out, "hashprof.json");
	hpb_scratch(errf, sizeof errf, "hashprof.err");
	st = hpb_run(argv, out, errf, wall);
	doc = json_load_file(out, 0, &je);
	r = json_array_get(json_object_get(doc, "rows"), 0);
	rp = json_object_get(r, "replay");
	ok = st == 0 && rp && json_is_true(json_object_get(rp, "valid"));
	if (ok) {
		window[0] = hpb_jnum(r, "shares_corrected", "hash");
		window[1] = hpb_jnum(r, "shares_corrected", "drng");
		replay[0] = hpb_jnum(rp, "hash", NULL);
		replay[1] = hpb_jnum(rp, "drng", NULL);
	} else {
		printf("  %s %s: hashprof --replay failed (exit %d): %s\n", instance, op, st,
		       rp ? json_string_value(json_object_get(rp, "error"))
			  : "no replay object (see bench/hashprof.err)");
	}
	json_decref(doc);
	return ok ? 0 : -1;
}
#endif

/* An "if free" share cell: "87.30%", or "~0%*" below 0 (noise: the
 * reports' "~0% (below 0 by noise)", prof/record/result.h's
 * hp_replay_share_outside), "~100%*" above 1. */
static void hpb_free_cell(double share, char *buf, size_t len)
{
	if (hp_replay_share_outside(share) < 0)
		snprintf(buf, len, "~0%%*");
	else if (hp_replay_share_outside(share) > 0)
		snprintf(buf, len, "~100%%*");
	else
		snprintf(buf, len, "%.2f%%", 100 * share);
}

int hpb_replay_pqclean(const struct hpb_opts *o, struct hpb_summary *s)
{
	(void)o;
	(void)s;
#if HP_BENCH_PQCLEAN
	printf("\n(c) Window vs replay share on PQClean operations (hashprof --replay, planned N; %%)\n");
	printf("  %-26s %-7s %8s %8s %7s   %8s %8s %7s  %6s\n", "instance", "op", "hash win", "if free", "diff",
	       "DRNG win", "if free", "diff", "wall");
	for (size_t i = 0; i < sizeof hpb_replay_rows / sizeof hpb_replay_rows[0]; i++) {
		double w[2], r[2], wall;
		if (hpb_replay_row(hpb_replay_rows[i].instance, hpb_replay_rows[i].op, w, r, &wall) != 0)
			continue;
		char f0[16], f1[16];
		hpb_free_cell(r[0], f0, sizeof f0);
		hpb_free_cell(r[1], f1, sizeof f1);
		printf("  %-26s %-7s %7.2f%% %8s %+6.2f   %7.2f%% %8s %+6.2f  %5.1fs\n", hpb_replay_rows[i].instance,
		       hpb_replay_rows[i].op, 100 * w[0], f0, 100 * (r[0] - w[0]), 100 * w[1], f1, 100 * (r[1] - w[1]),
		       wall);
		fflush(stdout);
	}
	printf("  win = the window share (corrected, the default column); if free = the replay share; diff =\n"
	       "  if free - win, in pp: what the helper costs outside its timed window, plus noise;\n"
	       "  ~0%%* = an if-free share below 0 by noise (diff keeps its figure), as the reports print it.\n");
#else
	printf("\n(c) Window vs replay share on PQClean operations: skipped (configured without PQClean)\n");
#endif
	return 0;
}
