/*
 * synth_common.c - fault injection and busy work for the synthetic
 * instances (see synth.h).
 */
#include "synth.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

/* HASHPROF_SYNTH_SLEEP="OP:MS": every call of OP sleeps MS milliseconds. */
static void synth_sleep(const char *op)
{
	const char *spec = getenv("HASHPROF_SYNTH_SLEEP");
	size_t n = strlen(op);

	if (!spec || strncmp(spec, op, n) || spec[n] != ':')
		return;
	unsigned long ms = strtoul(spec + n + 1, NULL, 10);
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0)
		;
}

int synth_diverge(const char *kind)
{
	const char *v = getenv("HASHPROF_SYNTH_DIVERGE");

	return v && !strcmp(v, kind);
}

/* HASHPROF_SYNTH_DIVERGE=calls: every second API call of the process
 * makes one pseudoXOF call more, as a scheme whose call count depends on
 * state the DRNG's save and restore do not cover. */
static void synth_diverge_calls(void)
{
	static unsigned long calls;
	static unsigned char in[32], out[32];

	if (synth_diverge("calls") && ++calls % 2 == 0)
		pseudoXOF(256, in, 256, out);
}

int synth_fault(const char *op)
{
	static char counted_op[32];
	static unsigned long calls;
	const char *spec = getenv("HASHPROF_SYNTH_FAULT");
	size_t n = strlen(op);
	unsigned long want = 1;

	synth_sleep(op);
	synth_diverge_calls();
	if (!spec || strncmp(spec, op, n) || spec[n] != ':')
		return 0;
	const char *kind = spec + n + 1, *colon = strchr(kind, ':');
	if (colon)
		want = strtoul(colon + 1, NULL, 10);
	if (strcmp(counted_op, op)) {
		strncpy(counted_op, op, sizeof counted_op - 1);
		calls = 0;
	}
	if (++calls != want)
		return 0;
	if (!strncmp(kind, "segv", 4))
		raise(SIGSEGV);
	if (!strncmp(kind, "abort", 5))
		abort();
	if (!strncmp(kind, "hang", 4))
		for (;;)
			pause();
	if (!strncmp(kind, "fail", 4))
		return -3;
	return 0;
}

/* synth_offstack's context: the function and its argument, and the two
 * contexts (makecontext passes only ints). */
static struct {
	void (*fn)(const unsigned char *);
	const unsigned char *arg;
	ucontext_t caller, callee;
} synth_off;

static void synth_offstack_entry(void)
{
	synth_off.fn(synth_off.arg);
}

int synth_offstack(void (*fn)(const unsigned char *), const unsigned char *arg)
{
	static unsigned char *stack;
	const size_t size = 256 * 1024;
	const char *v = getenv("HASHPROF_SYNTH_OFFSTACK");

	if (!v || strcmp(v, "1"))
		return -1;
	if (!stack && !(stack = malloc(size)))
		return -1;
	if (getcontext(&synth_off.callee) != 0)
		return -1;
	synth_off.callee.uc_stack.ss_sp = stack;
	synth_off.callee.uc_stack.ss_size = size;
	synth_off.callee.uc_link = &synth_off.caller;
	synth_off.fn = fn;
	synth_off.arg = arg;
	makecontext(&synth_off.callee, synth_offstack_entry, 0);
	return swapcontext(&synth_off.caller, &synth_off.callee) == 0 ? 0 : -1;
}

/* Where synth_work leaves its result, so the compiler keeps the loop. */
volatile unsigned long long synth_work_sink;

void synth_work(unsigned rounds)
{
	unsigned long long x = 0x9e3779b97f4a7c15ull;

	for (unsigned i = 0; i < rounds; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	synth_work_sink = x;
}
