/*
 * proc.h - child processes in process groups of their own, and the
 * signals that interrupt hashprof (SIGINT, SIGTERM, SIGHUP): shared by
 * the measuring children of `hashprof INSTANCE` and `check`
 * (drivers/child.c) and the programs `hashprof build` runs
 * (builder/run.c).
 *
 * Each child sits in its own process group, out of reach of the
 * terminal's ^C and of a kill sent to hashprof alone; on an interrupting
 * signal the handler kills the group of every child still running, and
 * the caller sees the signal with hp_util_interrupted().
 */
#ifndef HP_UTIL_PROC_H
#define HP_UTIL_PROC_H

#include <sys/types.h>

/* Trap SIGINT, SIGTERM and SIGHUP, without SA_RESTART (a waitpid, poll or
 * read in progress returns with EINTR): the handler notes the first
 * signal and SIGKILLs the process group of every child
 * hp_util_fork_group started and hp_util_group_done did not forget. */
void hp_util_trap_interrupts(void);

/* The first interrupting signal received since hp_util_trap_interrupts,
 * or 0. */
int hp_util_interrupted(void);

/*
 * fork(2) (stdio flushed first) into a new process group, pgid = the
 * child's pid, set by both sides so that neither can act on it too
 * early.  The pid the parent gets is the group's keeper (keeper.h), which
 * forks the child proper, in the same group, and ends as it does (its
 * exit status, or killed by the same signal): when hashprof dies, even
 * killed outright, the keeper kills every process below it, the child's
 * children, grandchildren and those that left the group included, and
 * when the child ends, whatever it left running.  In the child: the
 * default actions of the interrupting signals again, and SIGKILL when the
 * keeper dies (PR_SET_PDEATHSIG, kept across execve); a child whose
 * parent died before that exits at once with HP_UTIL_ORPHANED.  In the
 * parent: the group is killed with the others on an interrupting signal,
 * at once when one came already.  Returns what fork returns (the keeper's
 * pid in the parent).
 */
#define HP_UTIL_ORPHANED 4 /* exit status of a child that found its parent gone */
pid_t hp_util_fork_group(void);

/* pid (from hp_util_fork_group) was reaped: forget its group. */
void hp_util_group_done(pid_t pid);

/*
 * Wait for the child pid to end and reap it, until the monotonic time
 * deadline (hp_util_monotonic(), seconds; < 0: no limit), sleeping in
 * poll(2) on a pidfd rather than waking up to look (where the kernel has
 * no pidfd_open: looking every 20 ms), and meanwhile answering the
 * system calls of every confined child (supervise.h).  Returns 1 when
 * reaped (*status: the wait status), 0 when the deadline passed first,
 * -1 with errno (EINTR: a signal came; others: waitpid's).
 */
int hp_util_wait(pid_t pid, double deadline, int *status);

/* SIGKILL the process group of every child hp_util_fork_group started
 * and hp_util_group_done did not forget (a package was blocked: nothing
 * further of it runs). */
void hp_util_kill_groups(void);

#endif
