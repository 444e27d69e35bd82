/*
 * child.c - one child process per measurement (see child.h).
 */
#include "child.h"
#include "util/monotonic.h"
#include "util/proc.h"

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
#include <sys/wait.h>
#include <unistd.h>

#define HP_PHASE_BYTES 160

/* What the running child is doing, in a page it shares with the parent. */
struct hp_shared {
	_Atomic double step_s; /* hp_util_monotonic() when the step began, s; 0: no step yet */
	char step[HP_PHASE_BYTES]; /* the step: "operation 17 of 19", "set-up: sig_keygen" */
	char phase[HP_PHASE_BYTES]; /* within it: "pass1 of an exchange"; "" */
	char label[HP_PHASE_BYTES]; /* before every step: "SHAKE256" (a --hash arm); "" */
};
static struct hp_shared *hp_shared; /* mmap'ed once, reset for each child */
static int hp_in_child;

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
	if (hp_shared->label[0])
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

void hp_child_trap_interrupts(void)
{
	hp_util_trap_interrupts();
}

int hp_child_interrupted(void)
{
	return hp_util_interrupted();
}

/* The child's side; it dies with hashprof (hp_util_fork_group). */
static void hp_child_main(int fd, hp_child_fn fn, void *arg)
{
	json_t *out;

	hp_in_child = 1;
	dup2(STDERR_FILENO, STDOUT_FILENO);
	out = fn(arg);
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
static int hp_read_all(int fd, double started_s, unsigned timeout_s, char **buf, size_t *len)
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
		int rc = poll(&p, 1, wait_ms);
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc == 0)
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

json_t *hp_child_run(hp_child_fn fn, void *arg, unsigned timeout_s, char *failure, size_t len)
{
	int fds[2], status = 0, timed_out;
	double started_s;
	pid_t pid;
	char *buf = NULL;
	size_t used = 0;
	json_t *out = NULL;
	json_error_t je;

	if (pipe2(fds, O_CLOEXEC) != 0) {
		snprintf(failure, len, "pipe: %s", strerror(errno));
		return NULL;
	}
	if (!hp_shared) {
		void *page = mmap(NULL, sizeof *hp_shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		hp_shared = page == MAP_FAILED ? NULL : page;
	}
	if (hp_shared) {
		atomic_store(&hp_shared->step_s, 0);
		hp_shared->step[0] = hp_shared->phase[0] = hp_shared->label[0] = '\0';
	}
	started_s = hp_util_monotonic();
	pid = hp_util_fork_group();
	if (pid < 0) {
		snprintf(failure, len, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (pid == 0) {
		close(fds[0]);
		hp_child_main(fds[1], fn, arg);
	}
	close(fds[1]);
	timed_out = hp_read_all(fds[0], started_s, timeout_s, &buf, &used);
	close(fds[0]);
	if (timed_out) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	while (hp_util_wait(pid, -1, &status) < 0 && errno == EINTR)
		;
	hp_util_group_done(pid);
	if (hp_util_interrupted()) {
		snprintf(failure, len, "interrupted by SIG%s", sigabbrev_np(hp_util_interrupted()));
		hp_append_phase(failure, len);
	} else if (timed_out) {
		char step[3 * HP_PHASE_BYTES + 8];
		hp_step_text(step, sizeof step);
		if (step[0])
			snprintf(failure, len, "timed out: %s did not finish within %u s", step, timeout_s);
		else
			snprintf(failure, len, "timed out after %u s", timeout_s);
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		hp_describe_status(status, failure, len);
		hp_append_phase(failure, len);
	} else if (!buf || !(out = json_loadb(buf, used, 0, &je)))
		snprintf(failure, len, "the measuring process sent no readable result");
	free(buf);
	return out;
}
