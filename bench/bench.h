/*
 * bench.h - `make bench`: what the sections share.
 *
 * Every comparison is measured side by side in one run: the things
 * compared are timed in alternating batches (the order flipped every
 * round), repeated, and summarised by min and median; ratios are taken
 * per round (paired) and their median printed.
 */
#ifndef HP_BENCH_H
#define HP_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "util/monotonic.h" /* hp_util_monotonic: wall clock, seconds */

/* Where the build tree keeps what the bench loads and runs. */
#define HPB_SCHEMES HP_BENCH_BUILDDIR "/schemes/.libs"
#define HPB_BENCHLIBS HP_BENCH_BUILDDIR "/bench/.libs"
#define HPB_HASHPROF HP_BENCH_BUILDDIR "/hashprof"
#define HPB_RUNNER HP_BENCH_BUILDDIR "/bench/hp-bench-run"

struct hpb_opts {
	int quick; /* fewer rounds, callgrind on fewer operations */
	const char *only; /* sections to run, e.g. "abc"; all when NULL */
	unsigned rounds; /* 0: each section's default */
	double tick_hz; /* TSC ticks per second, measured at start */
};

/* The numbers the targets are judged on (NAN when not measured). */
struct hpb_summary {
	double wrapper_vs_reads; /* (a) median ratio added/two clock reads */
	double wrapper_added, two_reads, minimal_added;
	double mldsa_sign_ratio; /* (b) median instrumented/uninstrumented */
	double gt_err_1e5, gt_err_1e5_lo, gt_err_1e5_hi; /* (c) corrected error at 10^5, pp, and its spread */
	double gt_replay_worst; /* (c) the replay share's largest error over its rows, pp */
	double mldsa_sign_wall; /* (e) seconds */
	/* (f) corrected hash share with --call-sites minus without, pp, and
	 * the larger of the two runs' spreads across trials, pp */
	double sites_mldsa_diff, sites_mldsa_spread, sites_sphincs_diff, sites_sphincs_spread;
	int confine_equal; /* (g) 1: every confined share equal to the unconfined one within the spread; -1: not measured */
	double proj_synth_worst; /* (i) SYNTH-SIG sign: the median projection error farthest from 0, fraction */
	double wrapper_vs_minimal; /* (a) median ratio added/minimal wrapper's added, same batches */
	double load_worst_pp; /* (j) the loaded-minus-quiet share difference farthest from 0, pp */
};

/* Sections; each returns 0, or -1 when it could not run (reason printed). */
int hpb_overhead(const struct hpb_opts *o, struct hpb_summary *s);
int hpb_slowdown(const struct hpb_opts *o, struct hpb_summary *s);
int hpb_groundtruth(const struct hpb_opts *o, struct hpb_summary *s);
/* One measuring process of (c), for hp-bench --gt-process=SPEC; exit status. */
int hpb_groundtruth_process(const char *spec);
/* (c), its end: window and replay shares of ML-DSA-44 sign, ML-KEM-768
 * encaps and SPHINCS+-SHAKE-128f-simple sign (bench_replay.c); 0, or -1. */
int hpb_replay_pqclean(const struct hpb_opts *o, struct hpb_summary *s);
int hpb_external(const struct hpb_opts *o, struct hpb_summary *s, int callgrind, int walltimes);
/* (g) the N search's cost and per-iteration counting (bench_reproduce.c); 0, or -1. */
int hpb_reproduce(const struct hpb_opts *o, struct hpb_summary *s);
/* (f) ML-DSA-44 and SPHINCS+ sign with and without --call-sites (bench_callsites.c). */
int hpb_callsites(const struct hpb_opts *o, struct hpb_summary *s);
/* (g) confined vs --no-confine (bench_confine.c). */
int hpb_confine(const struct hpb_opts *o, struct hpb_summary *s);
/* (i) projection vs direct swap per instance and candidate (bench_projection.c). */
int hpb_projection(const struct hpb_opts *o, struct hpb_summary *s);
/* (j) shares quiet and beside CPU-bound loops (bench_load.c). */
int hpb_load_shares(const struct hpb_opts *o, struct hpb_summary *s);

/* --- bench_util.c ---------------------------------------------------------- */
/* Median and minimum of n values (v is reordered). */
double hpb_median(double *v, size_t n);
double hpb_min(const double *v, size_t n);
double hpb_max(const double *v, size_t n);
/* Lower and upper quartile (v is reordered). */
void hpb_quartiles(double *v, size_t n, double *q1, double *q3);
/* dlopen + dlsym that print what failed; NULL on failure. */
void *hpb_open(const char *path);
void *hpb_sym(void *dl, const char *path, const char *name);
/*
 * Run argv (argv[0] a path) with stdout to out_path (NULL: /dev/null) and
 * stderr to err_path (NULL: inherited), wait, and return the exit status
 * (-1 when it could not run or was killed); *wall gets the wall seconds.
 */
int hpb_run(char *const argv[], const char *out_path, const char *err_path, double *wall);
/* A file's contents, NUL-terminated, malloc'ed; NULL when unreadable. */
char *hpb_slurp(const char *path);
/* obj.a (obj.a.b when b is not NULL) as a number; NAN when it is not one. */
struct json_t;
double hpb_jnum(struct json_t *obj, const char *a, const char *b);
/* A scratch file name in the bench's folder of the build tree. */
void hpb_scratch(char *buf, size_t len, const char *name);
/* The method.md seed (00 01 .. 2f, 48 bytes) and message (64 bytes). */
void hpb_seed(unsigned char seed[48]);
void hpb_message(unsigned char msg[64]);

#endif
