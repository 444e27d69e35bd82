/*
 * dirlock.h - one writer at a time on a folder: a campaign on its OUT, a
 * folder's steps of a campaign (one lock per folder, so that the lines of
 * a job file run at once on many machines), `hashprof build` on its
 * output folder.
 *
 * The lock is a file held with an open-file-description lock (fcntl
 * F_OFD_SETLK on the whole file; F_SETLK where the kernel has no OFD
 * locks).  Why fcntl and not an O_EXCL file alone: the kernel drops the
 * lock when its holder ends, however it ends (SIGKILL, the OOM killer),
 * so a dead holder's lock is free at once and is simply taken; on NFS
 * (v4, or v3 with lockd) fcntl locks are the server's and hold between
 * machines, where flock(2) is emulated by them anyway and an O_EXCL
 * file would outlive its dead holder.  The file holds "pid PID host HOST
 * since UNIX-SECONDS" of its holder, which a refused run names; it is
 * never removed (removing a lock file races with a process that has it
 * open).  On a file system that has no locks at all (ENOLCK: NFS mounted
 * with nolock and no lockd) the holder's line alone decides: a holder on
 * this host whose pid is gone is taken over; one on another host is
 * refused, naming it, as its liveness cannot be seen from here.
 */
#ifndef HP_UTIL_DIRLOCK_H
#define HP_UTIL_DIRLOCK_H

#include <stddef.h>
#include <sys/types.h>

struct hp_dirlock {
	int fd; /* -1: not held */
	char path[4096];
	dev_t dev;
	ino_t ino;
};

/*
 * Take the lock file path (created, with its folder's parent existing;
 * mode 0644).  Returns 0 when taken (l filled; prev: the line of an
 * earlier holder that ended without releasing it, "" when none, which
 * the caller may name as taken over); 1 when another process holds it
 * (holder: its line, "pid 1234 host node7 since 1765130000"); -1 when
 * the file cannot be opened or locked (errno set).  The lock is kept
 * until hp_dirlock_release or the end of the process; the file
 * descriptor is close-on-exec, so programs run meanwhile do not hold
 * it.  prev and holder: at least 256 bytes each.
 */
int hp_dirlock_take(struct hp_dirlock *l, const char *path, char *prev, size_t prevlen, char *holder, size_t holderlen);

/* Is l still the lock file at its path (not removed, not replaced by
 * another file)?  1 yes, 0 lost. */
int hp_dirlock_held(const struct hp_dirlock *l);

/* Release l: the holder's line emptied, the descriptor closed. */
void hp_dirlock_release(struct hp_dirlock *l);

#endif
