/*
 * keeper.c - the process that takes a child's tree down with hashprof
 * (see keeper.h).
 */
#include "keeper.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"

/* SIGKILL every process whose parent is self (/proc/N/stat: "N (comm) S
 * ppid ..."; comm may hold spaces and parentheses, the last ')' ends it).
 * Only our own children are signalled, and one of ours that ended stays a
 * zombie until we reap it: no pid here can be another's by then. */
static void hp_keeper_kill_children(pid_t self)
{
	DIR *d = opendir("/proc");
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[64], buf[512], *paren;
		long ppid;
		FILE *f;
		size_t n;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%.20s/stat", e->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[n] = '\0';
		if ((paren = strrchr(buf, ')')) && sscanf(paren + 1, " %*c %ld", &ppid) == 1 && ppid == (long)self)
			kill((pid_t)strtol(e->d_name, NULL, 10), SIGKILL);
	}
	if (d)
		closedir(d);
}

/* Kill every process below the keeper and reap them all: kill the
 * children, reap what ended, look again (a killed process's children are
 * ours by the time it can be reaped), until there is no child left. */
static void hp_keeper_kill_all(void)
{
	pid_t self = getpid();

	for (;;) {
		pid_t r;
		int reaped = 0;

		hp_keeper_kill_children(self);
		while ((r = waitpid(-1, NULL, WNOHANG)) > 0)
			reaped = 1;
		if (r < 0 && errno == ECHILD)
			return;
		if (!reaped) { /* SIGKILL takes a moment to land: 1 ms */
			struct timespec ms = { 0, 1000000 };
			nanosleep(&ms, NULL);
		}
	}
}

/* End as the child did (wait status st): with its exit status, or killed
 * by its signal (no core file of the keeper's own). */
static void hp_keeper_end_as(int st)
{
	if (WIFSIGNALED(st)) {
		int sig = WTERMSIG(st);
		struct rlimit no_core = { 0, 0 };
		sigset_t one;

		setrlimit(RLIMIT_CORE, &no_core);
		signal(sig, SIG_DFL);
		sigemptyset(&one);
		sigaddset(&one, sig);
		sigprocmask(SIG_UNBLOCK, &one, NULL);
		raise(sig);
		_exit(128 + sig); /* a signal whose default is not to end */
	}
	_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 127);
}

/* The keeper's life once the child proper (worker) runs: wait for it, or
 * for hashprof's death; then kill what is left below, and end. */
static void hp_keeper_wait(pid_t parent, pid_t worker)
{
	sigset_t wake;
	int st = 0;

	sigemptyset(&wake);
	sigaddset(&wake, SIGCHLD);
	sigaddset(&wake, HP_KEEPER_DEATH_SIGNAL);
	for (;;) {
		siginfo_t si;
		pid_t r;

		if (sigwaitinfo(&wake, &si) < 0)
			continue;
		/* the same signal from the package (kill(0, SIGTERM)) is no death */
		if (si.si_signo == HP_KEEPER_DEATH_SIGNAL && getppid() != parent) {
			hp_keeper_kill_all();
			_exit(HP_UTIL_ORPHANED);
		}
		/* SIGCHLDs merge: reap every child that ended (an orphan of
		 * the package's, which became ours, among them) */
		while ((r = waitpid(-1, &st, WNOHANG)) > 0)
			if (r == worker) {
				hp_keeper_kill_all();
				hp_keeper_end_as(st);
			}
	}
}

pid_t hp_util_keep(pid_t parent)
{
	struct sigaction dfl, chld;
	sigset_t all, old;
	pid_t self = getpid(), worker;

	/* blocked before the death signal is set: it waits for sigwaitinfo */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	/* an ignored SIGCHLD would reap the child before the keeper sees it */
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGCHLD, &dfl, &chld);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	prctl(PR_SET_PDEATHSIG, HP_KEEPER_DEATH_SIGNAL);
	if (getppid() != parent) /* the parent died before prctl */
		_exit(HP_UTIL_ORPHANED);
	worker = fork();
	if (worker < 0) {
		/* no keeper: the child itself, dying with hashprof */
		prctl(PR_SET_CHILD_SUBREAPER, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sigaction(SIGCHLD, &chld, NULL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (getppid() != parent)
			_exit(HP_UTIL_ORPHANED);
		return 0;
	}
	if (worker == 0) {
		/* the subreaper setting is not inherited; the death signal is
		 * set again, against the keeper */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		sigaction(SIGCHLD, &chld, NULL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (getppid() != self)
			_exit(HP_UTIL_ORPHANED);
		return 0;
	}
	/* the keeper holds none of the files of hashprof's (a pipe it reads
	 * to its end, a confinement's socket): the child's end is their end */
	if (close_range(0, ~0U, 0) != 0)
		for (int fd = 0; fd < 1024; fd++)
			close(fd);
	hp_keeper_wait(parent, worker);
	_exit(127); /* not reached */
}
