/*
 * child.c - one child process per measurement (see child.h).
 */
#include "child.h"
#include "sandbox/confine.h"
#include "util/emulation.h"
#include "util/monotonic.h"
#include "util/proc.h"
#include "sandbox/supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define HP_PHASE_BYTES 160
#define HP_CHILD_WATCHED 16 /* confined children served while reading one */

/* What the running child is doing, in a page it shares with the parent. */
struct hp_shared {
	_Atomic double step_s; /* hp_util_monotonic() when the step began, s; 0: no step yet */
	char step[HP_PHASE_BYTES]; /* the step: "operation 17 of 19", "set-up: sig_keygen" */
	char phase[HP_PHASE_BYTES]; /* within it: "pass1 of an exchange"; "" */
	_Atomic unsigned long long as_limit_kb; /* the child's RLIMIT_AS once confined, KiB; 0: none */
	_Atomic unsigned long long as_peak_kb; /* its VmPeak when it failed or finished, KiB; 0: unknown */
	_Atomic unsigned long long as_start_peak_kb; /* its VmPeak when it was confined (a sanitizer's shadow, the
						     * parent's past, which fork copies), KiB */
	char label[HP_PHASE_BYTES]; /* before every step: "SHAKE256" (a --hash arm); "" */
	_Atomic int enomem; /* 1: errno was ENOMEM when the child crashed (an allocation had just
			     * failed: the evidence hp_append_limit_hint needs) */
	char cause[256]; /* hp_child_cause's: what the child saw go wrong first; "" */
	char cause_label[HP_PHASE_BYTES]; /* the label in force then */
};
static struct hp_shared *hp_shared; /* mmap'ed once, reset for each child */
static int hp_in_child;
static const struct hp_confine *hp_policy; /* hp_child_confine's; NULL: none */
static int hp_blocked; /* the last child was blocked (hp_child_blocked) */
static char hp_memory_line[256]; /* hp_child_blocked_memory's */

/* What the last child printed on its stdout and stderr (hp_child_printed). */
static struct {
	char *kept; /* its first HP_CHILD_OUTPUT_KEPT bytes at most (malloc'ed) */
	size_t nkept;
	unsigned long long total; /* bytes, all of them */
} hp_printed;

/* Keep n bytes more of the child's output, up to HP_CHILD_OUTPUT_KEPT;
 * count them all. */
static void hp_printed_add(const char *data, size_t n)
{
	size_t room = HP_CHILD_OUTPUT_KEPT - hp_printed.nkept, take = n < room ? n : room;

	hp_printed.total += n;
	if (!take)
		return;
	if (!hp_printed.kept && !(hp_printed.kept = malloc(HP_CHILD_OUTPUT_KEPT)))
		return;
	memcpy(hp_printed.kept + hp_printed.nkept, data, take);
	hp_printed.nkept += take;
}

/* Read what is in the output pipe now (it is O_NONBLOCK); 1 at its end. */
static int hp_printed_drain(int fd)
{
	char buf[65536];

	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n > 0)
			hp_printed_add(buf, (size_t)n);
		else if (n < 0 && errno == EINTR)
			continue;
		else
			return n == 0;
	}
}

unsigned long long hp_child_printed(void)
{
	return hp_printed.total;
}

void hp_child_step(const char *fmt, ...)
{
	va_list ap;

	if (!hp_in_child || !hp_shared)
		return;
	va_start(ap, fmt);
	vsnprintf(hp_shared->step, HP_PHASE_BYTES, fmt, ap);
	va_end(ap);
	hp_shared->phase[0] = '\0';
	atomic_store(&hp_shared->step_s, hp_util_monotonic());
}

void hp_child_label(const char *fmt, ...)
{
	va_list ap;

	if (!hp_in_child || !hp_shared)
		return;
	va_start(ap, fmt);
	vsnprintf(hp_shared->label, HP_PHASE_BYTES, fmt, ap);
	va_end(ap);
}

void hp_child_cause(const char *fmt, ...)
{
	va_list ap;

	if (!hp_in_child || !hp_shared || hp_shared->cause[0])
		return;
	memcpy(hp_shared->cause_label, hp_shared->label, HP_PHASE_BYTES);
	va_start(ap, fmt);
	vsnprintf(hp_shared->cause, sizeof hp_shared->cause, fmt, ap);
	va_end(ap);
}

const char *hp_child_failed_cause(const char **label)
{
	static char cause[256], in[HP_PHASE_BYTES];

	cause[0] = in[0] = '\0';
	if (hp_shared) {
		memcpy(cause, hp_shared->cause, sizeof cause);
		memcpy(in, hp_shared->cause_label, sizeof in);
		cause[sizeof cause - 1] = in[sizeof in - 1] = '\0';
	}
	if (label)
		*label = in;
	return cause;
}

void hp_child_phase(const char *fmt, ...)
{
	va_list ap;

	if (!hp_in_child || !hp_shared)
		return;
	va_start(ap, fmt);
	vsnprintf(hp_shared->phase, HP_PHASE_BYTES, fmt, ap);
	va_end(ap);
}

/* The child's step as "operation 3 of 5 (pass1 of an exchange)"; "" when it declared none. */
static void hp_step_text(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	if (!hp_shared || !hp_shared->step[0])
		return;
	if (hp_shared->label[0] && strncmp(hp_shared->label, hp_shared->step, HP_PHASE_BYTES))
		used = (size_t)snprintf(buf, len, "%.*s: ", HP_PHASE_BYTES, hp_shared->label);
	if (used >= len)
		return;
	if (hp_shared->phase[0])
		snprintf(buf + used, len - used, "%.*s (%.*s)", HP_PHASE_BYTES, hp_shared->step, HP_PHASE_BYTES,
			 hp_shared->phase);
	else
		snprintf(buf + used, len - used, "%.*s", HP_PHASE_BYTES, hp_shared->step);
}

/* " during <step>" when the child said what it was doing. */
static void hp_append_phase(char *failure, size_t len)
{
	char step[3 * HP_PHASE_BYTES + 8];
	size_t used = strlen(failure);

	hp_step_text(step, sizeof step);
	if (step[0] && used < len)
		snprintf(failure + used, len - used, " during %s", step);
}

void hp_child_confine(const struct hp_confine *c)
{
	hp_policy = c;
}

int hp_child_blocked(void)
{
	return hp_blocked;
}

const char *hp_child_blocked_memory(void)
{
	return hp_memory_line;
}

/* The VmPeak of this process, KiB (0: unknown); async-signal-safe (a
 * crash handler calls it). */
static unsigned long long hp_vm_peak_kb(void)
{
	char buf[4096];
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
	unsigned long long kb = 0;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	for (const char *p = strstr(buf, "VmPeak:"); p && *p && *p != '\n'; p++)
		if (*p >= '0' && *p <= '9')
			kb = kb * 10 + (unsigned long long)(*p - '0');
	return kb;
}

/* A crash, maybe from memory the limit refused: note the peak, then die
 * of the signal as before. */
static void hp_crash_handler(int sig)
{
	int was = errno;

	if (hp_shared) {
		atomic_store(&hp_shared->enomem, was == ENOMEM);
		atomic_store(&hp_shared->as_peak_kb, hp_vm_peak_kb());
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* In a confined child: note the address-space limit, and the peak at a
 * crash.  The handlers run on a stack of their own (a stack overflow). */
static void hp_watch_memory(void)
{
	static char altstack[64 * 1024];
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGABRT };
	stack_t st = { .ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0 };
	struct sigaction sa;
	struct rlimit as;

	if (!hp_shared || getrlimit(RLIMIT_AS, &as) != 0 || as.rlim_cur == RLIM_INFINITY)
		return;
	atomic_store(&hp_shared->as_limit_kb, (unsigned long long)as.rlim_cur / 1024);
	atomic_store(&hp_shared->as_start_peak_kb, hp_vm_peak_kb());
	sigaltstack(&st, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = hp_crash_handler;
	sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* After the child ended: did it fail near its address-space limit (its
 * peak, grown since it was confined, within 1/16 of the growth allowed
 * or 8 MiB of the limit)?  Then the line into hp_memory_line ("blocked:
 * memory: ..."), and 1. */
static int hp_near_memory_limit(void)
{
	unsigned long long limit, peak, margin, grow = hp_policy ? hp_policy->memory_mb * 1024ull : 0;

	hp_memory_line[0] = '\0';
	if (!hp_shared || !(limit = atomic_load(&hp_shared->as_limit_kb)) ||
	    !(peak = atomic_load(&hp_shared->as_peak_kb)) || peak <= atomic_load(&hp_shared->as_start_peak_kb))
		return 0;
	margin = grow / 16 > 8192 ? grow / 16 : 8192;
	if (peak + margin < limit)
		return 0;
	snprintf(hp_memory_line, sizeof hp_memory_line,
		 "blocked: memory: the measured code's address space reached %llu of %llu MiB (--max-memory %u "
		 "above hashprof's own): it tried to allocate without bound",
		 peak / 1024, limit / 1024, hp_policy ? hp_policy->memory_mb : 0);
	return 1;
}

/* A confined child killed by a signal that a refused allocation ends in
 * (malloc's NULL then abort() or a NULL dereference: SIGABRT, SIGSEGV,
 * SIGBUS, the signals hp_watch_memory watches) while an address-space
 * limit of --max-memory's was in force (not one the user's shell set),
 * and not near it (hp_near_memory_limit): a single allocation above the
 * limit fails without the peak ever nearing it.  Said only with evidence
 * that an allocation failed: errno was ENOMEM when it crashed (malloc,
 * mmap and brk set it when the limit refuses them); a plain NULL
 * dereference gets no such hint. */
static void hp_append_limit_hint(int status, char *failure, size_t len)
{
	unsigned long long limit = hp_shared ? atomic_load(&hp_shared->as_limit_kb) : 0;
	size_t used = strlen(failure);
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	/* under a user-mode emulator the limit is set but applies to nothing */
	if (!limit || !hp_policy || !hp_policy->memory_mb || (sig != SIGABRT && sig != SIGSEGV && sig != SIGBUS) ||
	    used >= len || hp_util_user_mode_emulated() || !atomic_load(&hp_shared->enomem))
		return;
	snprintf(failure + used, len - used,
		 "; an allocation had just failed (ENOMEM) under the address-space limit (%llu MiB: --max-memory "
		 "%u above hashprof's own); --max-memory=0 lifts it",
		 limit / 1024, hp_policy->memory_mb);
}

void hp_child_trap_interrupts(void)
{
	hp_util_trap_interrupts();
}

int hp_child_interrupted(void)
{
	return hp_util_interrupted();
}

/* The child's side; it dies with hashprof (hp_util_fork_group).  It is
 * confined before anything of the package is loaded, and never runs
 * unconfined when that fails. */
static void hp_child_main(int fd, int out_fd, hp_child_fn fn, void *arg, struct hp_confine_link *link)
{
	json_t *out;

	hp_in_child = 1;
	/* the package's printf and perror into the parent's pipe: bounded,
	 * never into the report, never unbounded into hashprof's stderr */
	if (out_fd >= 0) {
		dup2(out_fd, STDOUT_FILENO);
		dup2(out_fd, STDERR_FILENO);
		close(out_fd);
	} else {
		dup2(STDERR_FILENO, STDOUT_FILENO);
	}
	hp_child_step("confining the measuring process");
	if (hp_confine_enter(hp_policy, link) != 0)
		_exit(HP_CHILD_UNCONFINED);
	if (hp_policy && hp_policy->on)
		hp_watch_memory();
	out = fn(arg);
	if (hp_shared)
		atomic_store(&hp_shared->as_peak_kb, hp_vm_peak_kb());
	hp_child_step("sending the result");
	if (!out || json_dumpfd(out, fd, JSON_COMPACT) != 0)
		_exit(3);
	close(fd);
	_exit(0);
}

/*
 * Read the pipe until EOF, or until the child's current step (from the
 * shared page; before its first step, from started_s) has run timeout_s
 * seconds (0: no limit).  Returns 0 at EOF, 1 on timeout.
 */
static int hp_read_all(int fd, int out_fd, double started_s, unsigned timeout_s, char **buf, size_t *len)
{
	size_t cap = 0;

	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		int wait_ms = -1;

		if (timeout_s) {
			double step_s = hp_shared ? atomic_load(&hp_shared->step_s) : 0;
			double left = (step_s ? step_s : started_s) + timeout_s - hp_util_monotonic();
			if (left <= 0)
				return 1;
			/* wake at the step's deadline (looking again after at most
			 * 23 days); a step begun since moves it */
			wait_ms = left < 2e6 ? (int)(left * 1000) + 1 : 2000000000;
		}
		/* a confined child's calls wait for us: serve them meanwhile; and
		 * read what it prints, which it waits for when the pipe is full */
		struct pollfd all[2 + HP_CHILD_WATCHED] = { p, { out_fd, POLLIN, 0 } };
		size_t watched = hp_supervise_pollfds(all + 2, HP_CHILD_WATCHED);
		int rc = poll(all, 2 + watched, wait_ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc > 0)
			hp_supervise_serve(all + 2, watched);
		if (rc > 0 && all[1].revents && hp_printed_drain(out_fd))
			out_fd = -1; /* its end: poll ignores it from now on */
		if (rc == 0 || !all[0].revents)
			continue;
		if (*len + 4096 > cap) {
			char *grown = realloc(*buf, cap = 2 * cap + 65536);
			if (!grown)
				return 0;
			*buf = grown;
		}
		ssize_t n = read(fd, *buf + *len, cap - *len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		*len += (size_t)n;
	}
}

static void hp_describe_status(int status, char *failure, size_t len)
{
	if (WIFSIGNALED(status)) {
		const char *abbrev = sigabbrev_np(WTERMSIG(status));
		if (abbrev)
			snprintf(failure, len, "killed by SIG%s", abbrev);
		else
			snprintf(failure, len, "killed by signal %d", WTERMSIG(status));
	} else if (WIFEXITED(status)) {
		snprintf(failure, len, "exited with status %d before reporting", WEXITSTATUS(status));
	} else {
		snprintf(failure, len, "ended abnormally (wait status %d)", status);
	}
}

/* A confined child killed by a resource limit's signal: the line, and 1. */
static int hp_limit_signal(int status, char *failure, size_t len)
{
	if (!hp_policy || !hp_policy->on || !WIFSIGNALED(status))
		return 0;
	if (WTERMSIG(status) == SIGXCPU)
		snprintf(failure, len, "blocked: CPU time: %s used up its limit of %u s", hp_policy->what,
			 hp_policy->cpu_seconds);
	else if (WTERMSIG(status) == SIGXFSZ)
		snprintf(failure, len, "blocked: file size: %s wrote more than %u MiB to a file", hp_policy->what,
			 hp_policy->file_mb);
	else if (WTERMSIG(status) == SIGSYS)
		snprintf(failure, len, "blocked: %s made a system call the confinement forbids (killed by SIGSYS)",
			 hp_policy->what);
	else
		return 0;
	return 1;
}

/* Why the child failed into failure, in order of precedence: an
 * interruption, a confinement it could not enter or broke, a timeout,
 * its end.  Sets hp_blocked for a confinement's "blocked: " lines. */
static void hp_child_failure(pid_t pid, int status, int timed_out, unsigned timeout_s, const char *unconfined,
			     char *failure, size_t len)
{
	const char *blocked = hp_supervise_blocked(pid);
	int near = hp_near_memory_limit();

	if (hp_util_interrupted()) {
		snprintf(failure, len, "interrupted by SIG%s", sigabbrev_np(hp_util_interrupted()));
		hp_append_phase(failure, len);
	} else if (unconfined[0]) {
		snprintf(failure, len, "%s", unconfined);
	} else if (blocked[0]) {
		snprintf(failure, len, "%s", blocked);
		hp_append_phase(failure, len);
		hp_blocked = 1;
	} else if (timed_out) {
		char step[2 * HP_PHASE_BYTES + 4];
		hp_step_text(step, sizeof step);
		if (step[0])
			snprintf(failure, len, "timed out: %s did not finish within %u s", step, timeout_s);
		else
			snprintf(failure, len, "timed out after %u s", timeout_s);
	} else if (hp_limit_signal(status, failure, len)) {
		hp_append_phase(failure, len);
		hp_blocked = 1;
	} else {
		char end[256];
		hp_describe_status(status, end, sizeof end);
		if (near)
			snprintf(failure, len, "%s; %s", hp_memory_line, end);
		else
			snprintf(failure, len, "%s", end);
		hp_append_phase(failure, len);
		if (!near)
			hp_append_limit_hint(status, failure, len);
		hp_blocked = near;
	}
}

/* The output pipe of a child: read end O_NONBLOCK, both ends close-on-exec
 * (the child dup2s the write end onto its stdout and stderr); -1s when
 * there is none (the child then prints into hashprof's stderr as before). */
static void hp_output_pipe(int out[2])
{
	if (pipe2(out, O_CLOEXEC) != 0) {
		out[0] = out[1] = -1;
		return;
	}
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
}

/* After the child ended: the rest of its output, then the part kept passed
 * on to hashprof's stderr (outside any timed operation), and a line when
 * some was dropped. */
static void hp_printed_finish(int out_fd)
{
	if (out_fd < 0)
		return;
	hp_printed_drain(out_fd);
	close(out_fd);
	if (!hp_printed.nkept)
		return;
	fflush(stderr);
	for (size_t done = 0; done < hp_printed.nkept;) {
		ssize_t n = write(STDERR_FILENO, hp_printed.kept + done, hp_printed.nkept - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	if (hp_printed.total > hp_printed.nkept)
		fprintf(stderr,
			"\nhashprof: the package printed %llu bytes; the %llu after the first %u were dropped\n",
			hp_printed.total, hp_printed.total - hp_printed.nkept, HP_CHILD_OUTPUT_KEPT);
	else if (hp_printed.kept[hp_printed.nkept - 1] != '\n')
		fputc('\n', stderr);
}

json_t *hp_child_run(hp_child_fn fn, void *arg, unsigned timeout_s, char *failure, size_t len)
{
	int fds[2], opipe[2], status = 0, timed_out = 0;
	double started_s;
	pid_t pid;
	char *buf = NULL, unconfined[HP_BLOCKED_MAX] = "";
	size_t used = 0;
	json_t *out = NULL;
	json_error_t je;
	struct hp_confine_link link;

	hp_blocked = 0;
	hp_memory_line[0] = '\0';
	hp_printed.nkept = 0;
	hp_printed.total = 0;
	if (pipe2(fds, O_CLOEXEC) != 0) {
		snprintf(failure, len, "pipe: %s", strerror(errno));
		return NULL;
	}
	hp_output_pipe(opipe);
	if (hp_confine_link_open(hp_policy, &link) != 0) {
		snprintf(failure, len, "cannot confine the measuring process: socketpair: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		for (int i = 0; i < 2; i++)
			if (opipe[i] >= 0)
				close(opipe[i]);
		return NULL;
	}
	if (!hp_shared) {
		void *page = mmap(NULL, sizeof *hp_shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		hp_shared = page == MAP_FAILED ? NULL : page;
	}
	if (hp_shared) {
		atomic_store(&hp_shared->step_s, 0);
		atomic_store(&hp_shared->as_limit_kb, 0);
		atomic_store(&hp_shared->as_peak_kb, 0);
		atomic_store(&hp_shared->as_start_peak_kb, 0);
		atomic_store(&hp_shared->enomem, 0);
		hp_shared->step[0] = hp_shared->phase[0] = hp_shared->label[0] = '\0';
		hp_shared->cause[0] = hp_shared->cause_label[0] = '\0';
	}
	started_s = hp_util_monotonic();
	pid = hp_util_fork_group();
	if (pid < 0) {
		snprintf(failure, len, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		for (int i = 0; i < 2; i++) {
			if (link.fd[i] >= 0)
				close(link.fd[i]);
			if (opipe[i] >= 0)
				close(opipe[i]);
		}
		return NULL;
	}
	if (pid == 0) {
		close(fds[0]);
		if (opipe[0] >= 0)
			close(opipe[0]);
		hp_child_main(fds[1], opipe[1], fn, arg, &link);
	}
	close(fds[1]);
	if (opipe[1] >= 0)
		close(opipe[1]);
	if (hp_confine_adopt(hp_policy, &link, pid, unconfined, sizeof unconfined) != 0) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	} else {
		timed_out = hp_read_all(fds[0], opipe[0], started_s, timeout_s, &buf, &used);
	}
	close(fds[0]);
	if (timed_out) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	while (hp_util_wait(pid, -1, &status) < 0 && errno == EINTR)
		;
	hp_printed_finish(opipe[0]);
	hp_util_group_done(pid);
	if (hp_util_interrupted() || unconfined[0] || hp_supervise_blocked(pid)[0] || timed_out || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		hp_child_failure(pid, status, timed_out, timeout_s, unconfined, failure, len);
	else if (!buf || !(out = json_loadb(buf, used, 0, &je)))
		snprintf(failure, len, "the measuring process sent no readable result");
	else
		hp_near_memory_limit(); /* a row that failed there: rows.c asks */
	hp_supervise_forget(pid);
	free(buf);
	return out;
}
