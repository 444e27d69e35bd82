/*
 * part.h - the replay part of a row (--replay, docs/replay.md):
 * what it holds, its accessors (part.h) and its record member "replay".
 */
#ifndef HP_REPLAY_PART_H
#define HP_REPLAY_PART_H

#include <stdint.h>

#include "record/part.h"

struct hp_result;

/*
 * The replay estimate of a row (docs/replay.md, --replay): the share of
 * the operation's time each helper family would save if it were free,
 * from record/timed/replay samples taken after the window-measured
 * operations.  A row whose replay failed keeps its window figures.
 */
#define HP_REPLAY_ERROR_MAX 320
/* struct hp_replay_part's estimator: the tape path's cost measured in
 * the operation (double runs), or in the calibration's tight loop. */
#define HP_REPLAY_ESTIMATOR_INSITU "in situ"
#define HP_REPLAY_ESTIMATOR_LOOP "tight loop"
/* a family's estimator when the operation made none of its calls: its
 * runs were not taken, its share is 0 */
#define HP_REPLAY_ESTIMATOR_NONE "not run"
struct hp_replay_part {
	struct hp_part hdr; /* HP_PART_REPLAY */
	int requested; /* 1: --replay; the row has a replay part, valid or not */
	int valid; /* 1: hash and drng hold the medians; 0: see error */
	uint32_t samples; /* samples taken (M); their median is the share */
	double hash, drng; /* shares if the family were free, fractions (not clamped) */
	char estimator[16]; /* how hash and drng were estimated (HP_REPLAY_ESTIMATOR_*);
					* "" in a record from before there was a choice: the tight loop */
	double insitu_hash_ticks; /* in situ: ticks per call through the tape path in the hash runs, */
	double insitu_drng_ticks; /* ...and in the DRNG runs, added back (prof/replay/replay.h) */
	/* per family (hash, DRNG), hp_replay_estimate's: the estimator its
	 * share used ("" in a record from before: the row's estimator), its
	 * outermost calls per operation, the loop's cost of its calls (ticks
	 * per call, the plausible bound's O) */
	char hash_estimator[16], drng_estimator[16];
	/* per family, how far its share moved over the samples: half their
	 * interquartile range, a fraction (hp_replay_estimate; 0 in a record
	 * from before, which did not say) */
	double hash_spread, drng_spread;
	uint64_t hash_calls, drng_calls;
	double loop_hash_ticks, loop_drng_ticks;
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

/* r's replay part to read: a zeroed one (requested 0) when r has none. */
const struct hp_replay_part *hp_replay_c(const struct hp_result *r);

/* r's replay part to write, made (zeroed) on first use; NULL when out of
 * memory. */
struct hp_replay_part *hp_replay_get(struct hp_result *r);

/* The hooks of the replay part (part.h): its record member "replay". */
extern const struct hp_part_ops hp_replay_part_ops;

/* The estimator of r's replay shares: HP_REPLAY_ESTIMATOR_INSITU or
 * _LOOP (a record from before the choice existed has none: the loop). */
const char *hp_result_replay_estimator(const struct hp_result *r);

/* Where a replay ("if free") share, a fraction and not clamped, lies:
 * -1 below 0, 1 above 1, 0 within 0..1.  A difference of two timed runs
 * puts a share of a family that costs next to nothing a little below 0
 * (bench (c) read -0.52%): reports print it as ~0% and say so, records
 * keep the number and flag it (replay.hash_out_of_range). */
int hp_replay_share_outside(double share);

/* The estimator of one family's share (family 0: hash, 1: DRNG, as
 * replay.h's enum): its own (HP_REPLAY_ESTIMATOR_INSITU, _LOOP, _NONE),
 * or the row's in a record that has none per family; NULL out of range. */
const char *hp_result_replay_family_estimator(const struct hp_result *r, unsigned family);

#endif
