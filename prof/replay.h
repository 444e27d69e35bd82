/*
 * replay.h - what an operation would save if its helpers were free
 * (issue 10 part 2; docs/replay.md has the tape, the modes and the order
 * of calls a driver makes).
 *
 * Per measured operation, one sample: a record run (the shims write every
 * outermost helper call's output to the tape), a timed run (accounting
 * off, the gate path), and per family a replay run (the calls of that
 * family served from the tape; the helpers are deterministic and the DRNG
 * state is restored before each run, so the scheme takes the same path).
 * Then, in ticks:
 *
 *   share(F) = (T_timed - T_replay(F) + replay_ticks x replayed(F)
 *               + pass_ticks x passed(F)) / T_timed
 *
 * replayed(F): the calls served from the tape in F's replay run, each of
 * which still cost replay_ticks (calibrate.h); passed(F): the real helper
 * calls through the tape path in that run (the other family's, their
 * nested calls, init_random_number), each pass_ticks dearer than through
 * the gate of the timed run.  With pass_ticks = 0 this is the issue's
 * (T_timed - T_replay + replay_cost x calls) / T_timed.  The shares are
 * fractions and are not clamped: noise can make one slightly negative,
 * and a median over samples must see it.
 */
#ifndef HP_REPLAY_H
#define HP_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "calibrate.h"
#include "drng_state.h"
#include "hp_wrap.h"
#include "result.h"

/* The families replayed one at a time (each run replays one, so that
 * each family's share is its own). */
enum hp_replay_family { HP_REPLAY_HASH = 0, HP_REPLAY_DRNG, HP_REPLAY_FAMILIES };

/* The replay_mask of a family (HP_TAPE_FAMILY_HASH: pseudoXOF, pseudohash,
 * sm3hash; HP_TAPE_FAMILY_DRNG: get_random_number); 0 out of range. */
uint32_t hp_replay_family_mask(unsigned family);

/* "hash" or "DRNG"; NULL out of range. */
const char *hp_replay_family_name(unsigned family);

/* ---------- memory ---------- */

/* The default bound of --replay-max-mb, MiB: SPHINCS+-SHAKE-128f-simple sign needs 4.0. */
#define HP_REPLAY_MAX_MB_DEFAULT 64u

/*
 * Tape bytes one operation needs, from a measured row's shapes (nshapes
 * of them, over `operations` operations): for each shape,
 * ceil(calls / operations) entries of hp_tape_entry_bytes(output bytes),
 * i.e. sum of output bytes plus a 24-byte header and padding to 8 per
 * call.  Nested calls take no room.  An operation whose call count varies
 * (rejection sampling) may need more than this mean: hp_replay_sample
 * grows the tape up to its bound.  0 when operations is 0; saturates at
 * UINT64_MAX.
 */
uint64_t hp_replay_tape_need(const struct hp_result_shape *shapes, size_t nshapes, uint64_t operations);

/* max_mib MiB in bytes (saturating). */
uint64_t hp_replay_bound_bytes(unsigned max_mib);

/*
 * Give w a tape of `bytes` (at least 4096, rounded up to 8), allocated
 * here and owned by the caller through w->tape (free it with
 * hp_replay_tape_free).  Returns 0, or -1 with a one-line reason in err
 * (errlen bytes): `bytes` over max_mib MiB ("the replay tape needs 3.1 MiB
 * per operation, over the bound of 2 MiB (--replay-max-mb)"), or out of
 * memory.  name is the operation, for the message.
 */
int hp_replay_tape_alloc(struct hp_wrap_state *w, const char *name, uint64_t bytes, unsigned max_mib,
			 char *err, size_t errlen);

/* Free w's tape and zero w->tape. */
void hp_replay_tape_free(struct hp_wrap_state *w);

/* ---------- one sample ---------- */

/* Which run of a sample the operation is making (the driver's op may keep
 * the record run's outputs and compare the others with them). */
enum hp_replay_phase {
	HP_REPLAY_PHASE_RECORD = 0,
	HP_REPLAY_PHASE_TIMED,
	HP_REPLAY_PHASE_REPLAY,   /* + enum hp_replay_family: the run replaying that family */
};

/*
 * One measured operation, made by the driver: the API call(s) on the same
 * inputs every time, nothing else that calls a helper.  Returns the API's
 * return code, which must be the same in every run of a sample; or any
 * value outside the API's range to report an error found by the driver
 * (outputs that differ from the record's, say).
 */
typedef int (*hp_replay_op_fn)(void *ctx, enum hp_replay_phase phase);

/*
 * Called after each run of a sample, outside its clock reads, so that
 * what it costs is in no T: the driver keeps the record run's outputs and
 * compares a later run's with them byte by byte (and puts back inputs an
 * operation overwrites).  Returns 0, or -1 with a one-line reason in err
 * (errlen bytes), which the sample reports after the operation's name
 * ("the timed run's signature differs from the record's at byte 3 of 2420").
 */
typedef int (*hp_replay_check_fn)(void *ctx, enum hp_replay_phase phase, char *err, size_t errlen);

struct hp_replay_run {
	const char *name;              /* the operation, for messages ("sign") */
	struct hp_wrap_state *wrap;    /* the instance's shims, with a tape (hp_replay_tape_alloc) */
	struct hp_drng_state *drng;    /* its drng_algorithm, opened; NULL: nothing to restore */
	uint64_t (*clock)(void);       /* ticks */
	uint64_t max_bytes;            /* a record may grow the tape up to this many bytes */
	hp_replay_op_fn op;
	hp_replay_check_fn check;      /* NULL: none */
	void *ctx;                     /* op's and check's */
};

struct hp_replay_sample {
	uint64_t timed_ticks;                       /* T_timed: the timed run, ticks */
	uint64_t replay_ticks[HP_REPLAY_FAMILIES];  /* T_replay(F): F's replay run, ticks */
	uint64_t replayed[HP_REPLAY_FAMILIES];      /* calls served from the tape in F's run */
	uint64_t passed[HP_REPLAY_FAMILIES];        /* real helper calls through the tape path in F's run */
	uint64_t calls;                             /* outermost helper calls of the operation (entries) */
	uint64_t tape_bytes;                        /* bytes its record took */
};

/* hp_replay_sample's order bits: alternate them over the samples, as the
 * calibration alternates its pairs, so that neither run always follows
 * the other. */
#define HP_REPLAY_ORDER_REPLAYS_FIRST 1u   /* the replay runs before the timed run */
#define HP_REPLAY_ORDER_DRNG_FIRST 2u      /* the DRNG replay before the hash replay */

/*
 * Take one sample of run->op into *out: save the DRNG state, record,
 * then (each from the saved state) the timed run and one replay run per
 * family, in `order`, and leave the DRNG in the state the record left (as
 * if the operation had run once).  Accounting is off when it returns.
 * A record that overflows the tape grows it (doubling, up to
 * run->max_bytes) and records again.
 * Returns 0, or -1 with a one-line reason naming the operation in err:
 * the tape would exceed max_bytes; a replay diverged (the call index,
 * what was called and what the record has there); a replay made fewer
 * calls than recorded; a run returned other than the record; run->check
 * failed after a run; no memory.
 */
int hp_replay_sample(const struct hp_replay_run *run, unsigned order, struct hp_replay_sample *out,
		     char *err, size_t errlen);

/* ---------- the arithmetic ---------- */

/*
 * The formula above on plain numbers: timed_ticks, replay_ticks in ticks,
 * replayed and passed in calls (sums over samples are fine: the formula
 * is linear).  cost NULL or invalid adds nothing back.  Returns 0 and
 * sets *share (a fraction), or -1 when timed_ticks <= 0.
 */
int hp_replay_share(double timed_ticks, double replay_ticks, double replayed, double passed,
		    const struct hp_replay_cost *cost, double *share);

/* The share of family in one sample; -1 when the family is out of range
 * or the sample's timed run took 0 ticks. */
int hp_replay_share_of_sample(const struct hp_replay_sample *s, unsigned family,
			      const struct hp_replay_cost *cost, double *share);

/*
 * The median over n samples (an array of n) of their shares of family
 * (the upper median for even n): robust to a preempted run.  Returns 0,
 * or -1 when n is 0, n is over 65536, or a sample has no share.
 */
int hp_replay_share_median(const struct hp_replay_sample *s, size_t n, unsigned family,
			   const struct hp_replay_cost *cost, double *share);

#endif
