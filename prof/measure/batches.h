/*
 * batches.h - the robust estimate of a batched row (docs/method-batches.md):
 * its corrected shares and ticks per operation as medians over its
 * batches, the spread as their quartiles.
 *
 * A row measured in batches (result.h, r->batched) keeps, per batch, the
 * ticks and calls the shims counted in it and the thread's view of it:
 * wall time, CPU time, context switches.  A batch is disturbed when the
 * thread was switched out in it, or when its wall time exceeds its CPU
 * time by more than HP_BATCH_MARGIN_NS + HP_BATCH_MARGIN_FRACTION x wall
 * (an interrupt storm, a hypervisor's steal).  The estimate is over the
 * undisturbed batches when there are enough (HP_BATCHES_CLEAN_MIN, and a
 * eighth of all); otherwise (an operation longer than a scheduler slice
 * on a busy machine) over all batches, each with its descheduled time
 * taken out (hp_batch_deschedule).  Everything here is a pure function of
 * the row: no clock is read.
 */
#ifndef HP_BATCHES_H
#define HP_BATCHES_H

#include "record/result.h"
#include "shares.h"

/* The margin of wall over CPU time a batch may have and stay undisturbed:
 * 20 us (a few interrupts' handlers) plus 2% of its wall time (the two
 * clocks' reads and rounding). */
#define HP_BATCH_MARGIN_NS 20000u
#define HP_BATCH_MARGIN_FRACTION 0.02
/* A context switch that cost the batch no more than this much wall time
 * (ns) leaves it undisturbed: another task ran for a few us (a kernel
 * worker; on a loaded 2-vCPU machine a third of the batches with a switch
 * had lost under 5 us, wall minus CPU time). */
#define HP_BATCH_SWITCH_NS 10000u
/* Most context switches of a batch whose descheduled time is placed by
 * the outlier rule (hp_batch_deschedule); above: in proportion. */
#define HP_BATCH_FEW_SWITCHES 2u
/* The estimate is over the undisturbed batches alone when at least one
 * in this many is undisturbed (a 2-vCPU VM at load 10 still had one in
 * four undisturbed 2 ms batches). */
#define HP_BATCHES_CLEAN_SHARE 8u
/* Fewest undisturbed batches the estimate is taken over alone. */
#define HP_BATCHES_CLEAN_MIN 3u

/* 1 when a batch of wall_ns of wall time, cpu_ns of thread CPU time (ns)
 * and `switches` context switches is disturbed (above), else 0. */
int hp_batch_disturbed(uint64_t wall_ns, uint64_t cpu_ns, uint64_t switches);

/* Which batches the estimate uses (struct hp_batch_estimate.method). */
enum hp_batch_method {
	HP_BATCH_TOTALS = 0, /* not batched (a --hash arm, an older record): the totals, shares.h */
	HP_BATCH_UNDISTURBED, /* the median over the undisturbed batches */
	HP_BATCH_DESCHEDULED, /* over all batches, each with its descheduled time taken out */
};

/* Quartiles of one figure over the batches used: q[0] = Q1, q[1] = the
 * median, q[2] = Q3 (linear interpolation between order statistics). */
struct hp_batch_quartiles {
	double q[3];
};

/* Fewest runs whose centre is a trimmed mean (the lowest and highest
 * run medians dropped): below, the median of them. */
#define HP_RUNS_TRIM_MIN 5u
/* Fewest runs whose medians give the quartiles (the spread); below, the
 * batches' quartiles do. */
#define HP_RUNS_IQR_MIN 4u

/* One run of a row (result.h, struct hp_result_run): its batches used
 * and its medians over them. */
struct hp_batch_run {
	uint32_t run; /* 1..HP_RUNS_MAX */
	uint32_t used; /* its batches the estimate uses */
	double hash, drng; /* median shares, 0..1 */
	double ticks_per_op; /* median ticks per operation */
};

struct hp_batch_estimate {
	enum hp_batch_method method;
	uint32_t measured; /* batches in the row */
	uint32_t disturbed; /* of which disturbed */
	uint32_t used; /* batches the figures are over */
	struct hp_batch_quartiles hash, drng, drng_init, own; /* shares, fractions 0..1 */
	struct hp_batch_quartiles fn[HP_FN_COUNT]; /* each helper's share, 0..1 */
	struct hp_batch_quartiles ticks_per_op; /* the operation's ticks (corrected as asked), per operation */
	/* With batches from 2 or more runs (docs/method-batches.md) each
	 * figure's q[1] is the centre of its run medians (hp_runs_centre),
	 * and q[0], q[2] the quartiles of the run medians when there are
	 * HP_RUNS_IQR_MIN runs or more, else of the batches.  With one run
	 * all three are the batches' quartiles. */
	uint32_t runs; /* runs with a batch used */
	struct hp_batch_run run[HP_RUNS_MAX]; /* runs[0..runs), in run order */
};

/*
 * The centre of n run medians m[0..n) (sorted in place): with
 * HP_RUNS_TRIM_MIN or more, their mean without the lowest and the
 * highest (a process lands in a fast or a slow state: a median of five
 * flips between the modes, a trimmed mean moves by a fifth of the gap);
 * with fewer, their median; 0 when n is 0.
 */
double hp_runs_centre(double *m, size_t n);

/*
 * Batch t of r (< r->ntrials) with its descheduled time taken out, into
 * calls/ticks/total (ticks; calls copied): a fraction phi = (wall - cpu)
 * / wall of the batch was spent descheduled, so phi x total_ticks of its
 * metered ticks were (0 with a clock that stops when the thread does,
 * "cycles").  That time is taken out of the total.  With at most
 * HP_BATCH_FEW_SWITCHES switches (one or two preemptions: each lands in
 * one place) it is taken out of helper F's ticks too when F's ticks
 * exceed typical[F] x calls(F) (typical: ticks per outermost call, the
 * row's usual cost) by more than half of it: the preemption landed in one
 * of F's windows (an outlier window), and the excess, at most the
 * descheduled ticks, is removed; else it landed outside the helpers.
 * With more switches (many short gaps, a heavily loaded machine) they
 * land in proportion to the time on average: phi of every helper's ticks
 * is removed too.  An undisturbed batch, or typical NULL, is only copied
 * (typical NULL: no helper window is touched).  The own entries' ticks:
 * hp_batch_deschedule_own.
 */
void hp_batch_deschedule(const struct hp_result *r, uint32_t t, const double typical[HP_FN_COUNT],
			 uint64_t calls[HP_FN_COUNT], uint64_t ticks[HP_FN_COUNT], uint64_t *total);

/* Batch t's own-entry ticks (the scheme's own wrapped primitives, ticks)
 * with its descheduled time taken out by the same rule as a helper's
 * (hp_batch_deschedule): with few switches, the excess over typical x
 * own_calls (typical: ticks per outermost own call, the row's usual),
 * at most the descheduled ticks, when above half of them; with many, phi
 * of them.  Returns own_ticks unchanged for an undisturbed batch, a batch
 * without own calls, or typical < 0. */
uint64_t hp_batch_deschedule_own(const struct hp_result *r, uint32_t t, double typical);

/*
 * The robust estimate of r (batched or not: method says), raw != 0
 * without the overhead correction.  Returns 0, or -1 when r has no batch
 * to estimate from (method HP_BATCH_TOTALS, the figures 0).
 */
int hp_batches_estimate(const struct hp_result *r, int raw, struct hp_batch_estimate *e);

/*
 * The hash (which = 0) or DRNG (which = 1) share, 0..1, of each batch the
 * estimate of r uses (descheduled time taken out as hp_batches_estimate
 * does), in order, into v[0..HP_TRIALS_MAX); a row not batched: every
 * trial with an operation and ticks (hp_shares_of_trial).  Returns how
 * many (0 when out of memory).  What `check`'s rank test compares.
 */
size_t hp_batches_values(const struct hp_result *r, int raw, int which, double *v);

/*
 * The hash (which = 0) or DRNG (which = 1) share, 0..1, of each run of r:
 * the median over the run's batches that hp_batches_values gives, into
 * m[0..HP_RUNS_MAX) in run order.  Returns how many runs have a batch
 * (1 for a row from one process; 0 when out of memory or none).  What
 * `check`'s rank test compares when both rows have enough runs.
 */
size_t hp_batches_run_values(const struct hp_result *r, int raw, int which, double m[HP_RUNS_MAX]);

/* The name of a method, for records and notes ("median of undisturbed batches", ...). */
const char *hp_batch_method_name(enum hp_batch_method m);

/* The estimator of e, for records ("median of undisturbed batches";
 * with runs "trimmed mean of 5 runs' medians, each the median of
 * undisturbed batches"), into buf of len bytes. */
void hp_batch_estimator_name(const struct hp_batch_estimate *e, char *buf, size_t len);

/* Quartiles of v[0..n) (sorted in place); all 0 when n is 0. */
void hp_batch_quartiles_of(double *v, size_t n, struct hp_batch_quartiles *q);

#endif
