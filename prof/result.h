/*
 * result.h - what one measured (instance, operation) row holds.
 *
 * The measuring child fills a struct hp_result, sends it to the parent as
 * JSON (record.h) and the parent renders it (report.h).  Every tick count
 * is in the unit of the clock named in clock_source/clock_unit.
 */
#ifndef HP_RESULT_H
#define HP_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h"
#include "ngcc.h" /* HP_NAME_MAX */

#define HP_BYTES_MAX 1024 /* longest seed or message accepted, in bytes */

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

/* One trial: a consecutive slice of the N measured operations (issue 5). */
#define HP_TRIALS_MAX 64
#define HP_DEFAULT_TRIALS 5
struct hp_trial {
	uint64_t operations;
	uint64_t total_ticks; /* ticks around the measured API calls */
	uint64_t calls[HP_FN_COUNT]; /* outermost calls per helper */
	uint64_t ticks[HP_FN_COUNT]; /* ticks inside them */
};

/*
 * The replay estimate of a row (docs/replay.md, --replay): the share of
 * the operation's time each helper family would save if it were free,
 * from record/timed/replay samples taken after the window-measured
 * operations.  A row whose replay failed keeps its window figures.
 */
#define HP_REPLAY_ERROR_MAX 320
/* struct hp_result_replay's estimator: the tape path's cost measured in
 * the operation (double runs), or in the calibration's tight loop. */
#define HP_REPLAY_ESTIMATOR_INSITU "in situ"
#define HP_REPLAY_ESTIMATOR_LOOP "tight loop"
struct hp_result_replay {
	int requested; /* 1: --replay; the row has a replay part, valid or not */
	int valid; /* 1: hash and drng hold the medians; 0: see error */
	uint32_t samples; /* samples taken (M); their median is the share */
	double hash, drng; /* shares if the family were free, fractions (not clamped) */
	char estimator[16]; /* how hash and drng were estimated (HP_REPLAY_ESTIMATOR_*);
					* "" in a record from before there was a choice: the tight loop */
	double insitu_hash_ticks; /* in situ: ticks per call through the tape path in the hash runs, */
	double insitu_drng_ticks; /* ...and in the DRNG runs, added back (prof/replay.h) */
	int cost_valid; /* the tight-loop replay cost was calibrated (hp_replay_cost) */
	double replay_ticks; /* tight loop: ticks a call served from the tape costs */
	double pass_ticks; /* tight loop: ticks the tape path adds to a call it passes through */
	double cost_seconds; /* wall time of that calibration */
	uint64_t tape_bytes; /* bytes of the largest record of a sample */
	uint64_t calls; /* outermost helper calls of one operation (the last record) */
	unsigned max_mb; /* the bound, MiB (--replay-max-mb) */
	double seconds; /* wall time of the whole replay part */
	char error[HP_REPLAY_ERROR_MAX]; /* one line naming the operation, when not valid */
};

struct hp_result {
	char instance[HP_NAME_MAX + 1];
	char kind[4]; /* "sig", "kem", "kex" */
	char operation[16]; /* "sign", "encaps", "exchange", "pass2", ... */
	char path[4096]; /* the instance's shared object */
	char wrapped[256]; /* helpers linked with --wrap, comma-separated */
	char build_notes[512]; /* `hashprof build` warnings ("; "-separated); "" when none */
	enum hp_status status;
	char failure[256]; /* one line, when status != OK */
	int interrupted; /* 1: failed because the run was interrupted (^C, SIGTERM):
					* nothing measured, never recorded; not serialised */

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
	char clock_unit[16]; /* "TSC ticks", "timer ticks" (AArch64) or "cycles" (prof/clock.h) */
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

	/* shim overhead, calibrated in the measuring process (prof/calibrate.h) */
	int overhead_valid; /* 0: not calibrated, figures are not corrected */
	double overhead_added_ticks; /* ticks one outermost wrapped call adds to the total */
	double overhead_inside_ticks; /* the part of them counted inside the helper */
	double overhead_seconds; /* wall time the calibration took */

	/* trials: the N operations split into consecutive slices */
	uint32_t ntrials;
	struct hp_trial trials[HP_TRIALS_MAX];

	struct hp_result_replay replay; /* zero (not requested) without --replay */
};

/* Zero r and set the defaults of an empty row. */
void hp_result_init(struct hp_result *r);

/* Release r->shapes. */
void hp_result_free(struct hp_result *r);

/* Append a shape; returns 0, or -1 when out of memory. */
int hp_result_add_shape(struct hp_result *r, const struct hp_result_shape *s);

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

/* Set status FAILED with a printf-style one-line reason. */
void hp_result_fail(struct hp_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The estimator of r's replay shares: HP_REPLAY_ESTIMATOR_INSITU or
 * _LOOP (a record from before the choice existed has none: the loop). */
const char *hp_result_replay_estimator(const struct hp_result *r);

#endif
