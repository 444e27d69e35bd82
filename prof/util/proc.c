/*
 * proc.c - children in their own process groups, interrupting signals
 * (see proc.h).
 */
#include "proc.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "keeper.h"
#include "monotonic.h"
#include "sandbox/supervise.h"

static const int hp_interrupt_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define HP_NSIGNALS (sizeof hp_interrupt_signals / sizeof hp_interrupt_signals[0])

/* Process groups of the children running now (0: a free slot): the
 * measuring child; every compiler of the builder's jobs, make, the
 * preprocessor, the KAT program. */
#define HP_PROC_GROUPS 128
static volatile sig_atomic_t hp_groups[HP_PROC_GROUPS];
static volatile sig_atomic_t hp_signal;

static void hp_interrupt_handler(int sig)
{
	if (!hp_signal)
		hp_signal = sig;
	for (size_t i = 0; i < HP_PROC_GROUPS; i++)
		if (hp_groups[i] > 0)
			kill(-(pid_t)hp_groups[i], SIGKILL);
}

void hp_util_trap_interrupts(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = hp_interrupt_handler;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < HP_NSIGNALS; i++)
		sigaction(hp_interrupt_signals[i], &sa, NULL);
}

int hp_util_interrupted(void)
{
	return hp_signal;
}

pid_t hp_util_fork_group(void)
{
	pid_t pid, parent = getpid();

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		for (size_t i = 0; i < HP_NSIGNALS; i++)
			signal(hp_interrupt_signals[i], SIG_DFL);
		setpgid(0, 0);
		/* its own process group keeps a ^C of the terminal away from
		 * it, so nothing but the keeper ends it when hashprof itself
		 * is killed outright (SIGKILL: no handler runs, the OOM
		 * killer, a CI runner's hard stop): a measuring child spinning
		 * in a scheme, a KAT program, make or a compiler, and what
		 * they started, must not run on after hashprof is gone */
		return hp_util_keep(parent);
	}
	if (pid < 0)
		return pid;
	setpgid(pid, pid);
	for (size_t i = 0; i < HP_PROC_GROUPS; i++)
		if (hp_groups[i] == 0) {
			hp_groups[i] = pid;
			break;
		}
	if (hp_signal) /* arrived between fork and here */
		kill(-pid, SIGKILL);
	return pid;
}

void hp_util_group_done(pid_t pid)
{
	for (size_t i = 0; i < HP_PROC_GROUPS; i++)
		if (hp_groups[i] == pid)
			hp_groups[i] = 0;
}

/* A pidfd for pid (readable once it has ended), or -1. */
static int hp_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	errno = ENOSYS;
	return -1;
#endif
}

int hp_util_wait(pid_t pid, double deadline, int *status)
{
	struct pollfd p[1 + HP_PROC_GROUPS];
	int fd = -1, rc, e;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		double left = deadline < 0 ? -1 : deadline - hp_util_monotonic();
		size_t n = 0, watched;
		int ms;

		if (r == pid || r < 0) {
			rc = r == pid ? 1 : -1;
			break;
		}
		if (deadline >= 0 && left <= 0) {
			rc = 0;
			break;
		}
		if (fd < 0)
			fd = hp_pidfd(pid);
		if (fd >= 0)
			p[n++] = (struct pollfd){ fd, POLLIN, 0 };
		/* a confined child's calls wait for us: serve them meanwhile */
		watched = hp_supervise_pollfds(p + n, HP_PROC_GROUPS);
		if (deadline < 0 && !watched) {
			rc = waitpid(pid, status, 0) == pid ? 1 : -1;
			break;
		}
		/* wake at the deadline (looking again after at most 23 days);
		 * without a pidfd, look every 20 ms */
		ms = fd < 0 ? 20 : left < 0 ? -1 : left < 2e6 ? (int)(left * 1000) + 1 : 2000000000;
		if (fd < 0 && left >= 0 && left * 1000 < ms)
			ms = (int)(left * 1000) + 1;
		if (poll(p, n + watched, ms) < 0) {
			if (errno == EINTR) {
				rc = -1;
				break;
			}
			continue;
		}
		hp_supervise_serve(p + n, watched);
	}
	e = errno;
	if (fd >= 0)
		close(fd);
	errno = e;
	return rc;
}

void hp_util_kill_groups(void)
{
	for (size_t i = 0; i < HP_PROC_GROUPS; i++)
		if (hp_groups[i] > 0)
			kill(-(pid_t)hp_groups[i], SIGKILL);
}
