/*
 * options.h - what `hashprof INSTANCE [OPERATION]` was asked to do.
 */
#ifndef HP_OPTIONS_H
#define HP_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "candidates.h"
#include "measure/clock.h"
#include "replay/replay.h"
#include "report/report.h"
#include "record/result.h"

#define HP_DEFAULT_TIMEOUT 600u /* seconds per (instance, operation) child */
/* seconds one `hashprof build` may take, compilers and KAT included
 * (build --build-timeout, and campaign's for each of its builds) */
#define HP_DEFAULT_BUILD_TIMEOUT 3600u
#define HP_DEFAULT_MESSAGE_LEN 64u /* method.md: "a 64-byte message" */
#define HP_DEFAULT_NOISE_PP 2.0 /* spread (pp, sample std. dev. across trials) above which a row is flagged noisy */

struct hp_options {
	uint64_t iterations; /* 0: plan from a calibration call */
	uint64_t warmup;
	int warmup_set; /* --warmup given */
	unsigned char seed[HP_BYTES_MAX];
	size_t seed_len; /* bytes */
	unsigned char message[HP_BYTES_MAX];
	size_t message_len; /* bytes */
	int message_given; /* 'm': --message given, 'L': --message-len, 0: neither (only SIG signs one) */
	unsigned timeout; /* seconds; 0 = none */
	enum hp_clock_kind clock;
	double tick_hz; /* measured by the parent */
	uint64_t tick_resolution; /* ticks, measured by the parent (hp_clock_measure_resolution) */
	char emulation[192]; /* "" natively, else why the run is emulated (prof/util/emulation.h) */
	enum hp_format format;
	unsigned trials; /* the fewest batches N is cut into; a --hash row's slices of N (default HP_DEFAULT_TRIALS) */
	int trials_set; /* --trials given (the default is cut to N without a word; a given one is not) */
	double min_time; /* --min-time: seconds of operations a row measures at least; 0: off */
	unsigned runs; /* --runs: measuring processes per row, 1..HP_RUNS_MAX (hp_options_runs) */
	int runs_set; /* --runs given (else the default: HASHPROF_RUNS or HP_RUNS_DEFAULT, 1 when emulated or
		       * without floor) */
	const char *runs_env_bad; /* HASHPROF_RUNS when it is not a number of runs (refused), else NULL */
	/* the most batches a measuring process may add (1..HP_RUN_BATCHES_MAX;
	 * set by rows.c for the timing-only runs, whose batches share a row's
	 * HP_TRIALS_MAX) */
	unsigned batch_room;
	int raw; /* print uncorrected figures */
	double noise_pp; /* flag a share whose spread exceeds this, percentage points */
	int replay; /* --replay: each measured row also gets its replay estimate */
	unsigned replay_max_mb; /* --replay-max-mb: the tape's bound, MiB (default HP_REPLAY_MAX_MB_DEFAULT) */
	int per_iteration; /* --per-iteration: each measured row keeps its per-operation helper
			    * counts (r->per_op; at most HP_PER_OP_MAX operations) */
	int call_sites; /* --call-sites: each measured row also gets its call-site table */
	unsigned call_sites_depth; /* --call-sites=DEPTH: frames kept per path; 0: the whole path */
	int no_confine; /* --no-confine: the measuring children run with the user's rights (confinement.h) */
	unsigned max_memory_mb; /* --max-memory: address space a measuring child may add, MiB; 0: no limit */
	int max_memory_set; /* --max-memory given (it is part of the confinement: not with --no-confine) */
	/* --hash: the candidates measured beside the placeholder in
	 * every row (drivers/swap.c); ncands 0 without it */
	struct hp_candidate cands[HP_CANDIDATES_MAX];
	size_t ncands;
};

/*
 * Defaults of method.md: seed 00 01 ... 2f (48 bytes), message byte i =
 * (i*131 + 64) mod 256 for 64 bytes, planned N, TSC clock, text output;
 * no replay (its bound HP_REPLAY_MAX_MB_DEFAULT when asked for).
 */
void hp_options_defaults(struct hp_options *o);

/*
 * The runs each row is measured in (docs/method-batches.md): --runs when
 * given; else 1 when emulated (o->emulation: the times are the
 * emulator's, a second process would only repeat them slowly), with
 * --min-time=0 (exactly the N operations run) or with --hash (its arms
 * are slices of one process); else o->runs: the environment's
 * HASHPROF_RUNS (1..HP_RUNS_MAX: a CI job that only checks counts sets 1),
 * or HP_RUNS_DEFAULT.
 */
unsigned hp_options_runs(const struct hp_options *o);

/* HASHPROF_RUNS into o->runs when it is 1..HP_RUNS_MAX; anything else
 * non-empty into o->runs_env_bad (hp_procedure_conflicts refuses it).
 * Called by hp_options_defaults. */
void hp_options_runs_env(struct hp_options *o);

/* The method.md message pattern of len bytes into o->message. */
void hp_options_message_pattern(struct hp_options *o, size_t len);

/* Replay samples per row (procedure.c): N clamped to [MIN, MAX], and
 * SHORT for an operation under HP_REPLAY_SHORT_SECONDS, whose samples are
 * cheap and noisier (a timer interrupt is a larger part of one). */
#define HP_REPLAY_SAMPLES_MIN 5u
#define HP_REPLAY_SAMPLES_MAX 25u
#define HP_REPLAY_SAMPLES_SHORT 101u
#define HP_REPLAY_SHORT_SECONDS 1e-3

/* Parse a whole unsigned decimal number in [min, max]; 0 ok, -1 not. */
int hp_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);

#endif
