/*
 * syscall_filter.h - the system-call part of a confinement policy: a
 * seccomp filter built with libseccomp (Debian libseccomp-dev).
 *
 * Everything is allowed but:
 *   - refused outright, quietly (the caller sees an error and goes on):
 *     unix-domain sockets (EACCES; the C library tries one for name
 *     lookups), socketpair (EACCES), io_uring (ENOSYS), clone3 (ENOSYS:
 *     the C library falls back to clone, whose flags the filter can see);
 *   - shown to the supervisor (supervise.h) first, which lets it through
 *     or blocks it: opening a file for writing, creating, removing,
 *     renaming, linking, truncating a file or changing its mode, owner,
 *     times or attributes; signals to other processes;
 *   - always blocked (through the supervisor, which names them): other
 *     sockets, ptrace and other processes' memory, leaving the process
 *     group (setsid, setpgid), PR_SET_PDEATHSIG, namespaces, the key
 *     rings, typing into the terminal (TIOCSTI); in a measuring child
 *     (c->exec == 0) also execve and fork (clone without CLONE_THREAD).
 * Without user notification (a kernel before 5.0, or a seccomp listener
 * already installed above us), what would be blocked kills the process
 * with SIGSYS instead, and what would be shown is left to Landlock.
 */
#ifndef HP_UTIL_SYSCALL_FILTER_H
#define HP_UTIL_SYSCALL_FILTER_H

#include <stddef.h>

#include "confine.h"

/* Does this kernel and libseccomp offer filters (1/0), and filters with
 * user notification (*notify = 1/0)? */
int hp_filter_available(int *notify);

/*
 * Load the filter of c into this process (no new privileges is set).
 * notify: use user notification; then *notify_fd is the listener (the
 * supervisor's end), else -1.  Returns 0, or -1 with the reason in err.
 */
int hp_filter_load(const struct hp_confine *c, int notify, int *notify_fd, char *err, size_t len);

#endif
