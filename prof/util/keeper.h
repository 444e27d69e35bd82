/*
 * keeper.h - the keeper: a small process between hashprof and each child
 * it starts (hp_util_fork_group, proc.h), so that nothing the child starts
 * outlives hashprof, even when hashprof is killed outright (SIGKILL, the
 * OOM killer, a CI runner's hard stop: no handler of hashprof runs).
 *
 * PR_SET_PDEATHSIG reaches only a direct child of the process that dies.
 * The keeper is that child: it leads the child's process group, is a
 * subreaper (PR_SET_CHILD_SUBREAPER: every process below it whose parent
 * ends becomes its child, not init's, whatever group or session it moved
 * to), and forks the child proper, which runs the caller's code with
 * PR_SET_PDEATHSIG SIGKILL against the keeper.  The keeper then only
 * waits:
 *
 * - hashprof dies: the keeper's death signal (SIGTERM, acted on only when
 *   its parent really is gone) makes it kill every process below it;
 * - the child ends: whatever it left running below the keeper (a
 *   Makefile's `sleep 1000 &`, a daemon) is killed the same way, and the
 *   keeper ends as the child did (its exit status, or the same signal),
 *   so that hashprof's waitpid sees the child's end.
 *
 * "Every process below it" is found without a list: the keeper SIGKILLs
 * its children (a /proc scan for its pid as parent), reaps one, and
 * looks again; the children of a killed process become its own (it is a
 * subreaper), so the loop ends when it has no child left: a process that
 * called setsid() to leave the group is killed too.
 *
 * Not covered: hashprof's own kills (a timeout, ^C, a blocked action:
 * kill(-group, SIGKILL)) kill the keeper with its group at once, so a
 * process that left the group with setsid() then ends on its own (a
 * confined package may not call setsid()); a process that is no
 * descendant of the child (one started for it by another daemon, at(1),
 * systemd-run) is out of reach.
 */
#ifndef HP_UTIL_KEEPER_H
#define HP_UTIL_KEEPER_H

#include <sys/types.h>

/* The keeper's death signal (PR_SET_PDEATHSIG): a catchable one, which it
 * takes as hashprof's death only when getppid() is no longer parent. */
#define HP_KEEPER_DEATH_SIGNAL SIGTERM

/*
 * In a child just forked from parent (the pid of hashprof, getpid()
 * before the fork), already in its own process group: become its keeper
 * and fork the child proper.  Returns 0 in the child proper (with
 * PR_SET_PDEATHSIG SIGKILL, the signal mask of the fork); never returns in
 * the keeper, which exits as described above (HP_UTIL_ORPHANED, proc.h,
 * when parent is gone).  When the keeper cannot fork, it returns 0 and is
 * the child itself, as before there was a keeper (PR_SET_PDEATHSIG SIGKILL
 * against parent; what it starts is not kept).  A parent gone before the
 * death signals were set: exits HP_UTIL_ORPHANED at once.
 */
pid_t hp_util_keep(pid_t parent);

#endif
