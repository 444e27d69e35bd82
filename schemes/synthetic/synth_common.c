/*
 * synth_common.c - fault injection and busy work for the synthetic
 * instances (see synth.h).
 */
#include "synth.h"

#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
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

/* HASHPROF_SYNTH_PRINT="OP:BYTES": every call of OP writes BYTES bytes on
 * stdout (lines of 'x', 64 bytes each but the last). */
static void synth_print(const char *op)
{
	const char *spec = getenv("HASHPROF_SYNTH_PRINT");
	size_t n = strlen(op);
	char line[64];

	if (!spec || strncmp(spec, op, n) || spec[n] != ':')
		return;
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = '\n';
	for (unsigned long left = strtoul(spec + n + 1, NULL, 10); left;) {
		size_t k = left < sizeof line ? (size_t)left : sizeof line;
		fwrite(line + sizeof line - k, 1, k, stdout);
		left -= k;
	}
	fflush(stdout);
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

/* A process of the package's own that outlives the operation (the tests
 * of hashprof killed outright, docs/safety.md): it sleeps, in its own
 * session with setsid != 0, and the process that started it writes its
 * pid ("PID\n") to the file $HASHPROF_SYNTH_SPAWN_PID, then hangs.  Only
 * unconfined (--no-confine): a confined measuring process may not fork. */
static void synth_spawn(int setsid_too)
{
	const char *pid_path = getenv("HASHPROF_SYNTH_SPAWN_PID");
	pid_t pid = fork();
	FILE *f;

	if (pid == 0) {
		if (setsid_too)
			setsid();
		for (;;)
			pause();
	}
	if (pid > 0 && pid_path && (f = fopen(pid_path, "w"))) {
		fprintf(f, "%ld\n", (long)pid);
		fclose(f);
	}
	for (;;)
		pause();
}

/* What a misbehaving package does (the confinement tests, README
 * "Safety"); each returns -3 when it was let do it and survived. */
static int synth_misbehave(const char *kind)
{
	if (!strncmp(kind, "write-home", 10)) {
		/* a file under $HOME: the tests point HOME at a folder of their own */
		char path[4096];
		const char *home = getenv("HOME");
		FILE *f;
		snprintf(path, sizeof path, "%s/synth-wrote-this", home ? home : "/tmp");
		if ((f = fopen(path, "w")))
			fclose(f);
		return -3;
	}
	if (!strncmp(kind, "socket", 6)) {
		struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(9) };
		int s = socket(AF_INET, SOCK_STREAM, 0);
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (s >= 0) {
			connect(s, (struct sockaddr *)&a, sizeof a);
			close(s);
		}
		return -3;
	}
	if (!strncmp(kind, "fork", 4)) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return -3;
	}
	if (!strncmp(kind, "spawn", 5))
		synth_spawn(!strncmp(kind, "spawn-setsid", 12));
	if (!strncmp(kind, "exec", 4)) {
		execl("/bin/true", "true", (char *)NULL);
		return -3;
	}
	if (!strncmp(kind, "bigalloc", 8)) {
		/* one allocation of 256 MiB, untouched, as a scheme's table;
		 * aborts when it fails (--max-memory below it), else goes on */
		void *p = malloc(256u << 20);
		if (!p)
			abort();
		free(p);
		return 0;
	}
	if (!strncmp(kind, "alloc", 5)) {
		/* 8 MiB at a time, each touched, until malloc says no (never
		 * freed: the process ends with the failed operation) */
		for (;;) {
			char *p = malloc(8u << 20);
			if (!p)
				return -3;
			memset(p, 1, 8u << 20);
		}
	}
	return 0;
}

/* Never return; named $HASHPROF_SYNTH_HANG_NAME first, when it is set
 * (synth.h). */
static void synth_hang(void)
{
	const char *name = getenv("HASHPROF_SYNTH_HANG_NAME");

	if (name && *name)
		prctl(PR_SET_NAME, name, 0, 0, 0);
	for (;;)
		pause();
}

int synth_fault(const char *op)
{
	static char counted_op[32];
	static unsigned long calls;
	const char *spec = getenv("HASHPROF_SYNTH_FAULT");
	size_t n = strlen(op);
	unsigned long want = 1;

	synth_sleep(op);
	synth_print(op);
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
		synth_hang();
	if (!strncmp(kind, "fail", 4))
		return -3;
	return synth_misbehave(kind);
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
