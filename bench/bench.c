/*
 * bench.c - hp-bench, what `make bench` runs.
 *
 *   hp-bench [--quick] [--only=abcdefghij] [--rounds=N]
 *
 * Sections: (a) wrapper cost per call, (b) slowdown instrumented /
 * uninstrumented, (c) share error vs ground truth, (d) agreement with
 * callgrind, (e) wall time of one answer, (f) shares and wall time with
 * and without --call-sites, (g) confined vs --no-confine, (h) the N search,
 * (i) projection of the hash candidates' times against their direct swap,
 * (j) shares quiet and beside CPU-bound loops.  Ends with the targets of issue
 * 5, item 7, each marked met or not met with its number.
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "measure/clock.h"
#include "util/emulation.h"

static void hpb_usage(FILE *f, const char *argv0)
{
	fprintf(f,
		"usage: %s [--quick] [--only=SECTIONS] [--rounds=N]\n"
		"  --quick        fewer rounds and repetitions; callgrind on at most 20 operations;\n"
		"                 wall times only for the callgrind cases\n"
		"  --only=abcdefghij run only these sections (default: all)\n"
		"                   a wrapper cost per call   b slowdown instrumented/uninstrumented\n"
		"                   c share vs ground truth   d callgrind agreement   e wall times\n"
		"                   f with and without --call-sites\n"
		"                   g confined vs --no-confine\n"
		"                   h the N search (check --published, --per-iteration)\n"
		"                   i projection vs direct swap of the hash candidates\n"
		"                   j shares quiet and beside two CPU-bound loops\n"
		"  --rounds=N     rounds (a, b, g), groups per process (c), processes per row (i),\n"
		"                 runs per condition (j)\n"
		"                 instead of the defaults\n",
		argv0);
}

static int hpb_want(const struct hpb_opts *o, char section)
{
	return !o->only || strchr(o->only, section) != NULL;
}

/* The load average, to say how quiet the machine was. */
static void hpb_load(char *buf, size_t len)
{
	FILE *f = fopen("/proc/loadavg", "r");
	double a = 0, b = 0, c = 0;

	if (f && fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
		snprintf(buf, len, "%.2f %.2f %.2f", a, b, c);
	else
		snprintf(buf, len, "unknown");
	if (f)
		fclose(f);
}

int main(int argc, char **argv)
{
	struct hpb_opts o = { 0 };
	struct hpb_summary s = {
		NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, -1, NAN, NAN, NAN
	};
	char err[256], load[64];
	struct utsname u;
	int failed = 0;
	double t0 = hp_util_monotonic();
	/* (c)'s measuring processes: this program run again (not for users) */
	if (argc == 2 && !strncmp(argv[1], "--gt-process=", 13)) {
		if (hp_clock_init(HP_CLOCK_TSC, err, sizeof err) != 0) {
			fprintf(stderr, "hp-bench: %s\n", err);
			return 1;
		}
		return hpb_groundtruth_process(argv[1] + 13);
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			o.quick = 1;
		else if (!strncmp(argv[i], "--only=", 7))
			o.only = argv[i] + 7;
		else if (!strncmp(argv[i], "--rounds=", 9) && atoi(argv[i] + 9) > 0)
			o.rounds = (unsigned)atoi(argv[i] + 9);
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			hpb_usage(stdout, argv[0]);
			return 0;
		} else {
			hpb_usage(stderr, argv[0]);
			return 2;
		}
	}
	if (hp_clock_init(HP_CLOCK_TSC, err, sizeof err) != 0) {
		fprintf(stderr, "hp-bench: %s\n", err);
		return 1;
	}
	o.tick_hz = hp_clock_measure_rate(20);
	uname(&u);
	hpb_load(load, sizeof load);
	printf("hashprof bench: %s %s, %ld CPUs online, load average %s; clock %s at %.4g GHz%s\n", u.sysname,
	       u.machine, sysconf(_SC_NPROCESSORS_ONLN), load, hp_clock_source(), o.tick_hz / 1e9,
	       o.quick ? "; --quick" : "");
	if (hp_util_emulated(err, sizeof err))
		printf("WARNING: emulated, %s: every time below is the emulator's, not a CPU's\n", err);
	printf("Ratios are paired (the things compared run side by side, interleaved, order flipped every\n"
	       "round) and summarised by their median; min and quartiles show the spread.\n");
	fflush(stdout);

	if (hpb_want(&o, 'a') && hpb_overhead(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'b') && hpb_slowdown(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'c') && hpb_groundtruth(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if ((hpb_want(&o, 'd') || hpb_want(&o, 'e')) && hpb_external(&o, &s, hpb_want(&o, 'd'), hpb_want(&o, 'e')) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'f') && hpb_callsites(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'g') && hpb_confine(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'h') && hpb_reproduce(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'i') && hpb_projection(&o, &s) != 0)
		failed = 1;
	fflush(stdout);
	if (hpb_want(&o, 'j') && hpb_load_shares(&o, &s) != 0)
		failed = 1;

	hpb_load(load, sizeof load);
	printf("\nTargets\n");
	if (!isnan(s.wrapper_vs_reads))
		printf("  wrapper adds <= 1.3 x two clock reads        %5.2f x (%.1f vs %.1f ticks; minimal wrapper "
		       "%.1f) %s\n",
		       s.wrapper_vs_reads, s.wrapper_added, s.two_reads, s.minimal_added,
		       s.wrapper_vs_reads <= 1.3 ? "met" : "NOT met");
	if (!isnan(s.wrapper_vs_minimal))
		printf("  wrapper adds <= 1.0 x the minimal wrapper   %5.2f x (same batches) %s\n",
		       s.wrapper_vs_minimal, s.wrapper_vs_minimal <= 1.0 ? "met" : "NOT met");
	if (!isnan(s.mldsa_sign_ratio))
		printf("  ML-DSA-44 sign instrumented/plain <= 1.02   %7.4f %s\n", s.mldsa_sign_ratio,
		       s.mldsa_sign_ratio <= 1.02 ? "met" : "NOT met");
	if (!isnan(s.gt_err_1e5))
		printf("  corrected share within 0.5 pp at 10^5/op    %+5.2f pp (quartiles %+.2f..%+.2f) %s\n",
		       s.gt_err_1e5, s.gt_err_1e5_lo, s.gt_err_1e5_hi, fabs(s.gt_err_1e5) <= 0.5 ? "met" : "NOT met");
	if (!isnan(s.gt_replay_worst))
		printf("  replay share within 0.5 pp, every row of (c) %+5.2f pp (the worst) %s\n", s.gt_replay_worst,
		       fabs(s.gt_replay_worst) <= 0.5 ? "met" : "NOT met");
	if (!isnan(s.mldsa_sign_wall))
		printf("  hashprof ML-DSA-44 sign <= 3 s wall         %5.2f s %s\n", s.mldsa_sign_wall,
		       s.mldsa_sign_wall <= 3 ? "met" : "NOT met");
	if (!isnan(s.sites_mldsa_diff))
		printf("  --call-sites share = without, within spread  ML-DSA-44 sign %+.2f pp (spread %.2f) %s; "
		       "SPHINCS+ sign %+.2f pp (spread %.2f) %s\n",
		       s.sites_mldsa_diff, s.sites_mldsa_spread,
		       fabs(s.sites_mldsa_diff) <= s.sites_mldsa_spread ? "met" : "NOT met", s.sites_sphincs_diff,
		       s.sites_sphincs_spread,
		       fabs(s.sites_sphincs_diff) <= s.sites_sphincs_spread ? "met" : "NOT met");
	if (s.confine_equal >= 0)
		printf("  confined shares = unconfined, within spread %s\n", s.confine_equal ? "met" : "NOT met");
	if (!isnan(s.proj_synth_worst))
		printf("  SYNTH-SIG sign projected within 5%% of swap  %+5.2f %% (the worst candidate's median) %s\n",
		       100 * s.proj_synth_worst, fabs(s.proj_synth_worst) <= 0.05 ? "met" : "NOT met");
	if (!isnan(s.load_worst_pp))
		printf("  shares under load within 1 pp of quiet      %+5.2f pp (the worst, (j)) %s\n", s.load_worst_pp,
		       fabs(s.load_worst_pp) <= 1.0 ? "met" : "NOT met");
	printf("bench took %.0f s; load average at the end %s\n", hp_util_monotonic() - t0, load);
	return failed;
}
