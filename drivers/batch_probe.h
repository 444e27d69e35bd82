/*
 * batch_probe.h - the measuring thread's view of a batch of operations
 * (docs/method-batches.md): wall time, its own CPU time and its context
 * switches, read before and after the batch, outside every metered
 * window.
 */
#ifndef HP_BATCH_PROBE_H
#define HP_BATCH_PROBE_H

#include <stdint.h>

#include "record/result.h"

/* Aim of a batch's wall time, seconds: short enough that most batches on
 * a busy machine fall between two preemptions (a 2-vCPU machine with two
 * CPU-bound loops beside it switched us out in 15% of 1 ms spans, 37% of
 * 2 ms and 55% of 4 ms ones), long enough that the probe's three reads
 * (about 1 us) are nothing beside it. */
#define HP_BATCH_SECONDS 2e-3
/* The most batches the N counting operations are cut into: the rest of
 * a run's HP_RUN_BATCHES_MAX is for batches measured again and
 * timing-only ones. */
#define HP_BATCHES_COUNTING_MAX (HP_RUN_BATCHES_MAX / 2)
/* --min-time's default, seconds of operations a row measures at least. */
#define HP_MIN_TIME_DEFAULT 0.05

struct hp_batch_probe {
	uint64_t wall_ns; /* CLOCK_MONOTONIC, ns */
	uint64_t cpu_ns; /* CLOCK_THREAD_CPUTIME_ID, ns */
	uint64_t switches; /* getrusage(RUSAGE_THREAD): ru_nvcsw + ru_nivcsw */
};

/* Read the three before a batch, and after it: the CPU time's reads
 * enclose the wall time's, so an undisturbed batch never reads more wall
 * than CPU time (a failed read leaves its figure 0). */
void hp_batch_probe_begin(struct hp_batch_probe *p);
void hp_batch_probe_end(struct hp_batch_probe *p);

/* Fill batch t's wall_ns, cpu_ns, switches from the probes before (a) and
 * after (b) it, and set HP_TRIAL_DISTURBED as batches.h decides. */
void hp_batch_probe_close(const struct hp_batch_probe *a, const struct hp_batch_probe *b, struct hp_trial *t);

/*
 * Operations in the next batch: the wall time per operation so far
 * (ns_per_op, 0: not known yet, then 1) into HP_BATCH_SECONDS, at least
 * `least` and 1, at most `most` (0: no bound).
 */
uint64_t hp_batch_size(double ns_per_op, uint64_t least, uint64_t most);

#endif
