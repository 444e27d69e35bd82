/*
 * result.h - what one measured (instance, operation) row holds.
 *
 * The measuring child fills a struct hp_result, sends it to the parent as
 * JSON (record.h) and the parent renders it (report.h).  Every tick count
 * is in the unit of the clock named in clock_source/clock_unit.  The row
 * is the core every measurement has; what a feature adds (replay, call
 * sites, candidates' arms, own primitives, per-iteration counts) is its
 * part (part.h), defined in the feature's files.
 */
#ifndef HP_RESULT_H
#define HP_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h"
#include "ngcc/ngcc.h" /* HP_NAME_MAX */
#include "part.h"

#define HP_BYTES_MAX 1024 /* longest seed or message accepted, in bytes */
#define HP_SURVEY_DETAIL 8192 /* bytes of an instance's survey lines kept in a row */

enum hp_status {
	HP_STATUS_OK = 0, /* measured */
	HP_STATUS_FAILED, /* crashed, timed out, an API call failed, ... */
};

/* One shape of the call table (see struct hp_shape in hp_wrap.h). */
struct hp_result_shape {
	uint32_t fn; /* enum hp_fn */
	uint64_t in_bits, out_bits;
	uint64_t calls; /* outermost calls, timed */
	uint64_t nested; /* calls inside another wrapped call, not timed */
	uint64_t ticks; /* ticks inside the outermost calls */
};

/*
 * One trial: a batch of consecutive measured operations (docs/method-batches.md).
 * A plain row measures its operations in batches of a few ms each and
 * marks the batches the thread was descheduled in; a --hash row's arms
 * keep consecutive slices of N (drivers/swap_run.c), which leave the
 * batch fields 0.
 */
#define HP_TRIALS_MAX 1024 /* batches of a row over all its runs */
#define HP_RUN_BATCHES_MAX 512 /* batches of one run (one measuring process) */
#define HP_DEFAULT_TRIALS 5
/* Independent runs of a row (--runs, docs/method-batches.md): each a
 * fresh measuring process; the first counts, the others only time. */
#define HP_RUNS_MAX 16
#define HP_RUNS_DEFAULT 5
/* struct hp_trial.flags */
#define HP_TRIAL_DISTURBED 1u /* a context switch, or wall time above CPU time by more than the margin */
#define HP_TRIAL_TIMING_ONLY 2u /* after the N counting operations: in no count of the row (--min-time) */
struct hp_trial {
	uint64_t operations;
	uint64_t total_ticks; /* ticks around the measured API calls */
	uint64_t calls[HP_FN_COUNT]; /* outermost calls per helper */
	uint64_t ticks[HP_FN_COUNT]; /* ticks inside them */
	uint64_t own_calls; /* outermost calls of the own entries, all of them */
	uint64_t own_ticks; /* ticks inside them */
	/* batches only (0 in a slice): the thread's view of the batch */
	uint32_t flags; /* HP_TRIAL_* */
	uint64_t wall_ns; /* CLOCK_MONOTONIC around the batch, ns */
	uint64_t cpu_ns; /* CLOCK_THREAD_CPUTIME_ID around it, ns */
	uint64_t switches; /* voluntary + involuntary context switches in it (getrusage) */
	uint32_t run; /* the run (measuring process) it came from, 1..HP_RUNS_MAX; 0: a slice, or a
		       * record from before runs (run 1) */
};

/* One run of a batched row: a measuring process's own calibration of the
 * shims' overhead (ticks per outermost call), with which its batches are
 * corrected (shares.h). */
struct hp_result_run {
	int overhead_valid;
	double overhead_added_ticks, overhead_inside_ticks;
};

struct hp_result {
	char instance[HP_NAME_MAX + 1];
	char kind[4]; /* "sig", "kem", "kex" */
	char operation[16]; /* "sign", "encaps", "exchange", "pass2", ... */
	char path[4096]; /* the instance's shared object */
	char wrapped[256]; /* helpers linked with --wrap, comma-separated */
	char build_notes[512]; /* `hashprof build` warnings ("; "-separated); "" when none */
	/* The instance's survey (builder/survey/survey.c): verdict
	 * ("ICCS-only", "mixed", "bypass", "none"; "" when the instance has
	 * no survey), the one-line reason, and the finding=/entry=/note=
	 * lines of its .hashprof_survey section (docs/record-schema.md). */
	char survey_verdict[16];
	char survey_reason[512];
	char survey_detail[HP_SURVEY_DETAIL];
	enum hp_status status;
	char failure[256]; /* one line, when status != OK */
	int interrupted; /* 1: failed because the run was interrupted (^C, SIGTERM):
					* nothing measured, never recorded; not serialised */
	int blocked; /* 1: failed because the confinement blocked the package (failure
		      * "blocked: ..."): nothing further of it runs; not serialised */
	uint64_t printed_bytes; /* bytes the package wrote on its stdout and stderr in the
				 * row's measuring processes (calibration call included),
				 * inside its timed operations when it printed there; 0: none */

	/* procedure (method.md, "Running") */
	uint64_t iterations; /* N measured operations */
	uint64_t warmup; /* unmeasured calls before the measured ones */
	int planned; /* 1: N and warm-up came from a calibration call */
	double calibration_seconds; /* duration of that call, seconds; 0 when not planned */
	unsigned char seed[HP_BYTES_MAX];
	size_t seed_len; /* bytes */
	unsigned char message[HP_BYTES_MAX];
	size_t message_len; /* bytes; sig only */

	/* clock */
	char clock_source[32]; /* "PAPI_get_real_cyc" or "PAPI_TOT_CYC" */
	char clock_unit[16]; /* "TSC ticks", "timer ticks" (AArch64) or "cycles" (prof/measure/clock.h) */
	double tick_hz; /* ticks per second, measured */
	uint64_t tick_resolution; /* ticks: the clock's smallest step, measured
				   * (hp_clock_measure_resolution); 0: not known (an older record) */
	char emulation[192]; /* "" natively; when emulated (prof/util/emulation.h), why:
				   * the counts are exact, the times the emulator's */

	/* totals */
	uint64_t operations; /* measured operations completed */
	uint64_t total_ticks; /* ticks around the measured API calls */
	/* Calls whose shape did not fit the shim's table (hp_wrap.h), per
	 * helper: in the helper's totals, trials and shares, not in shapes[]. */
	struct hp_overflow overflow[HP_FN_COUNT];
	/* Records written before the per-helper split (overflow.helpers):
	 * overflowed calls (outermost and nested) and ticks of helpers not
	 * known, in no total or share. */
	uint64_t overflow_unattributed_calls, overflow_unattributed_ticks;
	size_t nshapes;
	struct hp_result_shape *shapes; /* nshapes entries, owned (free with hp_result_free) */

	/* shim overhead, calibrated in the measuring process (prof/measure/calibrate.h) */
	int overhead_valid; /* 0: not calibrated, figures are not corrected */
	double overhead_added_ticks; /* ticks one outermost wrapped call adds to the total */
	double overhead_inside_ticks; /* the part of them counted inside the helper */
	double overhead_seconds; /* wall time the calibration took */

	/* trials: the batches (batched = 1: counting ones first, then the
	 * timing-only ones) or, in a --hash arm, slices of N */
	int batched; /* 1: trials[] are batches; the corrected shares are their medians (batches.h) */
	uint64_t timing_operations; /* operations after the N counting ones, timed only (--min-time, disturbed
				     * batches measured again); in trials[], in no count */
	uint32_t ntrials;
	struct hp_trial trials[HP_TRIALS_MAX];
	/* the runs whose batches trials[] holds (trial.run indexes runs[run - 1]); 0 in a row not
	 * batched and in a record from before runs (one run, the row's own overhead) */
	uint32_t nruns;
	struct hp_result_run runs[HP_RUNS_MAX];

	/* the features' parts (part.h), by enum hp_part_id: NULL when the
	 * feature was not asked for; owned (freed by hp_result_free) */
	struct hp_part *part[HP_PART_COUNT];
};

/* Zero r and set the defaults of an empty row. */
void hp_result_init(struct hp_result *r);

/* Release r->shapes and the parts (part.h) with what they own. */
void hp_result_free(struct hp_result *r);

/* Append a shape; returns 0, or -1 when out of memory. */
int hp_result_add_shape(struct hp_result *r, const struct hp_result_shape *s);

/* Add s's calls, nested calls and ticks to r's shape of the same (fn,
 * in_bits, out_bits), appending it when r has none.  Returns 0, or -1
 * when out of memory. */
int hp_result_merge_shape(struct hp_result *r, const struct hp_result_shape *s);

/* Sort shapes by (fn, in_bits, out_bits) so that output is stable. */
void hp_result_sort_shapes(struct hp_result *r);

/* Per-function totals over all shapes and the per-helper overflow
 * (arrays of HP_FN_COUNT): outermost calls, nested calls, ticks. */
void hp_result_fn_totals(const struct hp_result *r, uint64_t calls[HP_FN_COUNT], uint64_t nested[HP_FN_COUNT],
			 uint64_t ticks[HP_FN_COUNT]);

/* Outermost plus nested calls of every wrapped helper (overflowed ones
 * included). */
uint64_t hp_result_all_calls(const struct hp_result *r);

/* Calls (outermost plus nested, unattributed ones included) whose shape
 * did not fit the shape table; 0 when the table held every shape. */
uint64_t hp_result_overflowed(const struct hp_result *r);

/* How many runs the batches of r came from: r->nruns, at least 1. */
static inline uint32_t hp_result_nruns(const struct hp_result *r)
{
	return r->nruns ? r->nruns : 1;
}

/*
 * Append the batches of src, a run of the same row measured in another
 * process (its own runs: 1 or more), to dst as timing-only batches of new
 * runs dst->nruns + 1, ... (their overhead calibrations copied; dst's
 * counts and totals stay its own; dst->timing_operations grows by their
 * operations).  Returns 0, or -1 when src has no batch, or dst has no
 * room for all of them (HP_TRIALS_MAX batches, HP_RUNS_MAX runs): dst is
 * then unchanged.
 */
int hp_result_append_runs(struct hp_result *dst, const struct hp_result *src);

/* Set status FAILED with a printf-style one-line reason. */
void hp_result_fail(struct hp_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A failed row's reason as printed: r->failure, or HP_NO_FAILURE_REASON
 * when it is empty (a record written without one). */
#define HP_NO_FAILURE_REASON "failed (no reason recorded)"
const char *hp_result_failure(const struct hp_result *r);

#endif
