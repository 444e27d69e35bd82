/*
 * supervise.h - the parent's side of confinement: it answers the seccomp
 * user notifications of its confined children (syscall_filter.h).
 *
 * A confined child's filter shows hashprof every call that would change
 * the filesystem, signal another process, or is never allowed.  The
 * supervisor reads the call's arguments from the child (/proc/PID/mem),
 * resolves its paths as the child sees them, and either lets the call go
 * on (the kernel then decides, Landlock included: a write below a scratch
 * folder) or refuses it with EACCES, notes "blocked: write to PATH: the
 * KAT program tried to write outside its scratch folder" and kills the
 * child's process group: nothing further of that package runs.
 *
 * The parent serves while it waits for a child: hp_util_wait
 * (prof/util/proc.c) and the measuring child's pipe (drivers/child.c)
 * poll the listeners with hp_supervise_pollfds / hp_supervise_serve.
 */
#ifndef HP_UTIL_SUPERVISE_H
#define HP_UTIL_SUPERVISE_H

#include <poll.h>
#include <stddef.h>
#include <sys/types.h>

#include "confine.h"

#define HP_BLOCKED_MAX 512 /* bytes of a "blocked: ..." line */

/*
 * Supervise the listener fd of the child pid (a process-group leader,
 * hp_util_fork_group) under policy c (its write folders and name are
 * copied).  fd is the supervisor's from now on.  Returns 0, or -1 when
 * out of memory or slots (fd is closed: the child's calls then fail).
 */
int hp_supervise_add(pid_t pid, int fd, const struct hp_confine *c);

/* Append a pollfd (POLLIN) for every listener still open, up to max.
 * Returns how many were appended. */
size_t hp_supervise_pollfds(struct pollfd *fds, size_t max);

/* Serve the listeners among fds[0..n) that poll(2) found ready (others
 * are skipped). */
void hp_supervise_serve(const struct pollfd *fds, size_t n);

/* The first action blocked for the child pid ("blocked: ..."), or "" when
 * none was (or pid is not supervised). */
const char *hp_supervise_blocked(pid_t pid);

/* The child pid was reaped: close its listener, forget it. */
void hp_supervise_forget(pid_t pid);

#endif
