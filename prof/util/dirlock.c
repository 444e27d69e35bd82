/*
 * dirlock.c - one writer at a time on a folder (see dirlock.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dirlock.h"
#include "write_file.h"

/* The whole file write-locked, without waiting: an OFD lock, else a
 * process lock (kernels before 3.15).  0, or -1 (errno). */
static int hp_lock_fd(int fd)
{
	struct flock fl;

	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
	if (fcntl(fd, F_OFD_SETLK, &fl) == 0)
		return 0;
	if (errno != EINVAL)
		return -1;
#endif
	return fcntl(fd, F_SETLK, &fl);
}

/* The holder's line in fd (at most len - 1 bytes, no newline). */
static void hp_read_line(int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

/* Could the holder of line still run?  Without file locks: a process of
 * this host that exists, or any of another host (not to be seen). */
static int hp_line_alive(const char *line, const char *host)
{
	char other[256];
	long pid;

	if (sscanf(line, "pid %ld host %255s", &pid, other) != 2)
		return 0;
	if (strcmp(other, host))
		return 1;
	return pid > 0 && pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

int hp_dirlock_take(struct hp_dirlock *l, const char *path, char *prev, size_t prevlen, char *holder, size_t holderlen)
{
	char host[256] = "?", line[512];
	struct stat st;
	int fd, nolock = 0, n;

	l->fd = -1;
	prev[0] = holder[0] = '\0';
	snprintf(l->path, sizeof l->path, "%s", path);
	if (gethostname(host, sizeof host - 1) != 0)
		snprintf(host, sizeof host, "?");
	host[sizeof host - 1] = '\0';
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644)) < 0)
		return -1;
	if (hp_lock_fd(fd) != 0) {
		if (errno == EAGAIN || errno == EACCES) {
			hp_read_line(fd, holder, holderlen);
			if (!holder[0])
				snprintf(holder, holderlen, "a process that has not written its line yet");
			close(fd);
			return 1;
		}
		if (errno != ENOLCK) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		nolock = 1;
	}
	hp_read_line(fd, prev, prevlen);
	if (nolock && hp_line_alive(prev, host)) {
		snprintf(holder, holderlen, "%s", prev);
		prev[0] = '\0';
		close(fd);
		return 1;
	}
	n = snprintf(line, sizeof line, "pid %ld host %s since %lld\n", (long)getpid(), host, (long long)time(NULL));
	/* the line only names the holder: on a full disk the lock holds
	 * without it (the lock is the kernel's, not the text) */
	if ((ftruncate(fd, 0) != 0 || hp_util_write_all(fd, line, (size_t)n) != 0) && nolock) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	l->fd = fd;
	l->dev = st.st_dev;
	l->ino = st.st_ino;
	return 0;
}

int hp_dirlock_held(const struct hp_dirlock *l)
{
	struct stat st;

	return l->fd >= 0 && stat(l->path, &st) == 0 && st.st_dev == l->dev && st.st_ino == l->ino;
}

void hp_dirlock_release(struct hp_dirlock *l)
{
	if (l->fd < 0)
		return;
	if (hp_dirlock_held(l) && ftruncate(l->fd, 0) != 0) {
		/* the line stays: the next holder names it as taken over */
	}
	close(l->fd);
	l->fd = -1;
}
