/*
 * replay.h - what an operation would save if its helpers were free
 * (docs/replay.md has the tape, the modes and the order
 * of calls a driver makes).
 *
 * Per measured operation, one sample: a record run (the shims write every
 * outermost helper call's output to the tape), a timed run (accounting
 * off, the gate path), and per family a replay run (the calls of that
 * family served from the tape; the helpers are deterministic and the DRNG
 * state is restored before each run, so the scheme takes the same path)
 * and a double replay run (the same, with every call's tape work done
 * twice, the first time on a shadow copy of the tape: hp_wrap.h's
 * HP_ACCOUNTING_DOUBLE).
 *
 * The replay run still pays the tape path: for each call it serves, and,
 * beyond what the gate costs in the timed run, for each it passes through
 * to the real helper.  The double run pays it twice, so their difference
 * is what the tape path costs inside the operation itself, where an
 * out-of-order CPU hides much of it behind the scheme's own work.  Per
 * family F, in ticks:
 *
 *   c(F)     = (T_double(F) - T_replay(F)) / (replayed(F) + passed(F)), pooled over the
 *              samples (the mean of its medians over the two orders of the pair)
 *   share(F) = (T_timed - T_replay(F) + c(F) x (replayed(F) + passed(F))) / T_timed
 *
 * and the median of share(F) over samples: the "in situ" estimator
 * (hp_replay_estimate), T_free(F) = 2 T_replay - T_double with
 * the difference pooled over the samples (one sample's difference of two
 * runs is noisier than the quantity it measures).  replayed(F): the calls
 * served from the tape in F's replay run; passed(F): the real helper
 * calls through the tape path in that run (the other family's, their
 * nested calls, init_random_number).
 *
 * The "tight loop" estimator (hp_replay_share_median) adds back the costs
 * hp_calibrate_replay measures on a stand-in helper instead:
 *
 *   share(F) = (T_timed - T_replay(F) + replay_ticks x replayed(F)
 *               + pass_ticks x passed(F)) / T_timed
 *
 * which overstates them where the scheme's work hides the tape path
 * (docs/replay.md: +0.9 pp on GROUND-TRUTH's short work); kept for
 * reference.  The shares are fractions and are not clamped: noise can
 * make one slightly negative, and a median over samples must see it.
 */
#ifndef HP_REPLAY_H
#define HP_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "measure/calibrate.h"
#include "drng_state.h"
#include "hp_wrap.h"
#include "part.h"
#include "record/result.h"

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
int hp_replay_tape_alloc(struct hp_wrap_state *w, const char *name, uint64_t bytes, unsigned max_mib, char *err,
			 size_t errlen);

/* Free w's tape and its shadow (hp_replay_sample allocates that one, as
 * large as the tape's record), and zero w->tape and w->shadow. */
void hp_replay_tape_free(struct hp_wrap_state *w);

/* ---------- one sample ---------- */

/* Which run of a sample the operation is making (the driver's op may keep
 * the record run's outputs and compare the others with them). */
enum hp_replay_phase {
	HP_REPLAY_PHASE_RECORD = 0,
	HP_REPLAY_PHASE_TIMED,
	HP_REPLAY_PHASE_REPLAY, /* + enum hp_replay_family: the run replaying that family */
	HP_REPLAY_PHASE_DOUBLE = HP_REPLAY_PHASE_REPLAY + HP_REPLAY_FAMILIES, /* + family: its double run */
	HP_REPLAY_PHASES = HP_REPLAY_PHASE_DOUBLE + HP_REPLAY_FAMILIES
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
	const char *name; /* the operation, for messages ("sign") */
	struct hp_wrap_state *wrap; /* the instance's shims, with a tape (hp_replay_tape_alloc) */
	struct hp_drng_state *drng; /* its drng_algorithm, opened; NULL: nothing to restore */
	uint64_t (*clock)(void); /* ticks */
	uint64_t max_bytes; /* a record may grow the tape up to this many bytes */
	hp_replay_op_fn op;
	hp_replay_check_fn check; /* NULL: none */
	void *ctx; /* op's and check's */
};

struct hp_replay_sample {
	uint64_t timed_ticks; /* T_timed: the timed run, ticks */
	uint64_t replay_ticks[HP_REPLAY_FAMILIES]; /* T_replay(F): F's replay run, ticks */
	uint64_t double_ticks[HP_REPLAY_FAMILIES]; /* T_double(F): F's double replay run, ticks */
	uint64_t replayed[HP_REPLAY_FAMILIES]; /* calls served from the tape in F's run */
	uint64_t passed[HP_REPLAY_FAMILIES]; /* real helper calls through the tape path in F's run
						     * (both are the same in its double run) */
	uint64_t calls; /* outermost helper calls of the operation (entries) */
	uint64_t family_calls[HP_REPLAY_FAMILIES]; /* the record's outermost calls of each family */
	/* bit F (1u << F): F made no outermost call in the record, so its
	 * replay and double runs were not taken (their fields are 0) and its
	 * share in this sample is exactly 0 (nothing to free) */
	unsigned skipped;
	uint64_t tape_bytes; /* bytes its record took */
	unsigned order; /* the order it was taken in (HP_REPLAY_ORDER_*) */
};

/* hp_replay_sample's order bits: alternate them over the samples, as the
 * calibration alternates its pairs, so that neither run always follows
 * the other.  The double run's place in its pair alternates fastest: the
 * second run of a pair was measured some ticks a call slower than the
 * first (GROUND-TRUTH, line work), which the in-situ cost cancels by
 * taking both places equally (hp_replay_insitu_ticks). */
#define HP_REPLAY_ORDER_DOUBLE_FIRST 1u /* each family's double run before its replay run */
#define HP_REPLAY_ORDER_REPLAYS_FIRST 2u /* the replay runs before the timed run */
#define HP_REPLAY_ORDER_DRNG_FIRST 4u /* the DRNG replays before the hash replays */
#define HP_REPLAY_ORDERS 8u /* sample i takes order i % HP_REPLAY_ORDERS */

/*
 * Take one sample of run->op into *out: save the DRNG state, record,
 * copy the record to the shadow tape, then (each from the saved state)
 * the timed run and, per family, its replay and double replay runs back
 * to back, in `order` (not for a family with no outermost call in the
 * record: out->skipped); and leave the DRNG in the state the record left
 * (as if the operation had run once).  Accounting is off when it returns.
 * A record that overflows the tape grows it (doubling, up to
 * run->max_bytes) and records again.
 * Returns 0, or -1 with a one-line reason naming the operation in err:
 * the tape would exceed max_bytes; a replay diverged (the call index,
 * what was called and what the record has there); a replay made fewer
 * calls than recorded; a double run served or passed other calls than
 * its replay run, or did not repeat each of them; a run returned other
 * than the record; run->check failed after a run; no memory.
 */
int hp_replay_sample(const struct hp_replay_run *run, unsigned order, struct hp_replay_sample *out, char *err,
		     size_t errlen);

/* ---------- the arithmetic ---------- */

/*
 * The tight-loop formula above on plain numbers: timed_ticks,
 * replay_ticks in ticks, replayed and passed in calls (sums over samples
 * are fine: the formula is linear).  cost NULL or invalid adds nothing
 * back.  Returns 0 and sets *share (a fraction), or -1 when
 * timed_ticks <= 0.
 */
int hp_replay_share(double timed_ticks, double replay_ticks, double replayed, double passed,
		    const struct hp_replay_cost *cost, double *share);

/* The share of family in one sample, cost added back as in
 * hp_replay_share (exactly 0 when the sample skipped the family);
 * -1 when the family is out of range or the sample's timed run took 0
 * ticks. */
int hp_replay_share_of_sample(const struct hp_replay_sample *s, unsigned family, const struct hp_replay_cost *cost,
			      double *share);

/*
 * The tight-loop estimator: the median over n samples (an array of n) of
 * their shares of family with cost added back (the upper median for even
 * n): robust to a preempted run.  Returns 0, or -1 when n is 0, n is over
 * 65536, or a sample has no share.
 */
int hp_replay_share_median(const struct hp_replay_sample *s, size_t n, unsigned family,
			   const struct hp_replay_cost *cost, double *share);

/*
 * The tape path's cost in place, c(F) above: ticks per call through the
 * tape path (served or passed) in family's runs, from the samples that
 * made such calls, of (T_double - T_replay) / (replayed + passed): the
 * mean of two medians, over the samples whose double run came second and
 * over those where it came first (HP_REPLAY_ORDER_DOUBLE_FIRST), so that
 * what being second in a pair costs cancels; the one median when the
 * other place has no sample.  Not clamped (noise can make it slightly
 * negative); 0 when no sample made any.  Returns 0, or -1 when n is 0 or
 * over 65536, or the family is out of range.
 */
int hp_replay_insitu_ticks(const struct hp_replay_sample *s, size_t n, unsigned family, double *ticks);

/* One family's share of a row, as `hashprof --replay` reports it
 * (hp_replay_estimate). */
struct hp_replay_estimate {
	double share; /* fraction, not clamped; exactly 0 for a family with no call */
	double insitu_ticks; /* c(F), ticks per call through the tape path (kept when implausible) */
	double loop_ticks; /* the tight loop's cost of the same calls, ticks per call: the bound's O */
	uint64_t calls; /* the family's outermost calls in one operation (the most of a sample's record) */
	const char *estimator; /* HP_REPLAY_ESTIMATOR_INSITU, _LOOP (c(F) implausible) or _NONE (no call) */
	/* half the interquartile range of the samples' shares under that
	 * estimator, a fraction: how far the share moves from sample to
	 * sample (0 with no call; 0 with fewer than 4 samples, which have no
	 * quartiles to speak of) */
	double spread;
};

/*
 * The share of family over n samples (an array of n), with cost the
 * tight loop's calibration:
 *
 * - no sample's record has an outermost call of the family: its runs
 *   were not taken, share 0 exactly, estimator HP_REPLAY_ESTIMATOR_NONE;
 * - else the in-situ estimator (c(F) from hp_replay_insitu_ticks), unless
 *   c(F) lies outside insitu_bound.h's bound around the loop's cost of
 *   the same calls, loop_ticks = sum(replay_ticks x replayed + pass_ticks
 *   x passed) / sum(replayed + passed) over the samples (a busy machine,
 *   or a difference of two runs over one call): then the tight-loop
 *   estimator (hp_replay_share_median with cost), HP_REPLAY_ESTIMATOR_LOOP.
 *   With no valid cost (or loop_ticks not above 0) nothing is judged.
 *
 * Returns 0, or -1 when n is 0 or over 65536, the family is out of range,
 * a sample of a family with no call has no timed run, or memory runs out.
 */
int hp_replay_estimate(const struct hp_replay_sample *s, size_t n, unsigned family, const struct hp_replay_cost *cost,
		       struct hp_replay_estimate *out);

#endif
