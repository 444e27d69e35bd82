/*
 * spawn.h - running a program without a shell, the one runner of the
 * programs hashprof starts: the compiler, the linker, make, cmake and KAT
 * programs of `hashprof build` (builder/run.c, which adds the confinement
 * and the exit on SIGINT, SIGTERM and SIGHUP) and gnuplot (prof/report/gnuplot.c).
 *
 * The program is forked into a process group of its own (proc.h), with
 * stdin from /dev/null and stdout and stderr into files, and exec'ed with
 * an argument vector; waiting for it has a time limit that kills the
 * whole group, so that a hanging program and its children all go.
 */
#ifndef HP_UTIL_SPAWN_H
#define HP_UTIL_SPAWN_H

#include <sys/types.h>

/* A program to start, and what happens on either side of the fork. */
struct hp_util_spawn {
	char *const *argv; /* argv[0] looked up along $PATH (execvp) */
	const char *cwd; /* its working folder; NULL: ours */
	const char *out_path; /* its stdout; NULL: /dev/null */
	const char *err_path; /* its stderr; NULL: /dev/null; the same path as out_path: one file */
	int append; /* 1: append to those files; 0: truncate them */
	/* Optional, in the child after the redirections, just before execvp:
	 * non-zero keeps the program from running (the child exits 127
	 * without exec). */
	int (*child)(void *arg);
	/* Optional, in the parent right after the fork, before the child's
	 * exec is waited for: non-zero makes hp_util_spawn kill and reap the
	 * child and return -1 (errno ECANCELED). */
	int (*parent)(void *arg, pid_t pid);
	void *arg; /* given to both */
};

/*
 * Start s->argv.  Returns the child's pid (the leader of its process
 * group: wait for it with hp_util_reap) with *spawn_errno 0 when the
 * program runs, or the errno of what failed in the child (a redirection,
 * the chdir, execvp: ENOENT when there is no such program; ENOEXEC when
 * s->child refused it) and the child exits 127.  Returns -1 with errno
 * when no child was started (pipe2, fork; ECANCELED: s->parent refused it).
 */
pid_t hp_util_spawn(const struct hp_util_spawn *s, int *spawn_errno);

/* How a child waited for with hp_util_reap ended. */
enum hp_util_end {
	HP_UTIL_ENDED = 0, /* on its own: exited, or killed by a signal not ours */
	HP_UTIL_TIMED_OUT = 1, /* its group killed (SIGKILL) at the time limit */
	HP_UTIL_INTERRUPTED = 2, /* its group killed at an interrupting signal (proc.h) */
};

/*
 * Wait for the child pid (hp_util_spawn, hp_util_fork_group) and reap it.
 * After timeout_s seconds (0: no limit) or once an interrupting signal
 * has come (hp_util_interrupted(), also one that came before the call),
 * its process group is killed with SIGKILL and it is reaped then.  A
 * signal that interrupts the wait otherwise (EINTR) does not end it.
 * The group is forgotten (hp_util_group_done) either way.  *status: the
 * wait status (waitpid(2)).  Returns an enum hp_util_end, or -1 with
 * errno (waitpid's) when pid could not be waited for.
 */
int hp_util_reap(pid_t pid, unsigned timeout_s, int *status);

#endif
