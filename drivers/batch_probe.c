/*
 * batch_probe.c - the thread's view of a batch (see batch_probe.h).
 */
#include "batch_probe.h"

#include <math.h>
#include <sys/resource.h>
#include <time.h>

#include "measure/batches.h"

static uint64_t hp_ns_of(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void hp_batch_probe_begin(struct hp_batch_probe *p)
{
	struct rusage u;

	p->switches = getrusage(RUSAGE_THREAD, &u) == 0 ? (uint64_t)u.ru_nvcsw + (uint64_t)u.ru_nivcsw : 0;
	p->cpu_ns = hp_ns_of(CLOCK_THREAD_CPUTIME_ID);
	p->wall_ns = hp_ns_of(CLOCK_MONOTONIC);
}

void hp_batch_probe_end(struct hp_batch_probe *p)
{
	struct rusage u;

	p->wall_ns = hp_ns_of(CLOCK_MONOTONIC);
	p->cpu_ns = hp_ns_of(CLOCK_THREAD_CPUTIME_ID);
	p->switches = getrusage(RUSAGE_THREAD, &u) == 0 ? (uint64_t)u.ru_nvcsw + (uint64_t)u.ru_nivcsw : 0;
}

void hp_batch_probe_close(const struct hp_batch_probe *a, const struct hp_batch_probe *b, struct hp_trial *t)
{
	t->wall_ns = b->wall_ns > a->wall_ns ? b->wall_ns - a->wall_ns : 0;
	t->cpu_ns = b->cpu_ns > a->cpu_ns ? b->cpu_ns - a->cpu_ns : 0;
	t->switches = b->switches > a->switches ? b->switches - a->switches : 0;
	if (hp_batch_disturbed(t->wall_ns, t->cpu_ns, t->switches))
		t->flags |= HP_TRIAL_DISTURBED;
}

uint64_t hp_batch_size(double ns_per_op, uint64_t least, uint64_t most)
{
	double n = ns_per_op > 0 ? floor(HP_BATCH_SECONDS * 1e9 / ns_per_op) : 1;
	uint64_t k = n >= 1 ? (n < 1e15 ? (uint64_t)n : (uint64_t)1e15) : 1;

	if (k < least)
		k = least;
	if (most && k > most)
		k = most;
	return k ? k : 1;
}
