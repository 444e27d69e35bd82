/*
 * write_file.c - writing files whole and atomically (see write_file.h).
 */
#include "write_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *hp_util_split_path(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;

	if (!*base || strlen(path) >= len)
		return NULL;
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
	return base;
}

size_t hp_util_name_max(const char *dir)
{
	long n = pathconf(dir, _PC_NAME_MAX);

	return n > 0 ? (size_t)n : 255;
}

int hp_util_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w == 0)
			errno = EIO;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* snprintf into err when there is one */
#define HP_SAY(...) ((void)(err && snprintf(err, errlen, __VA_ARGS__)))

int hp_util_write_file(const char *path, const void *data, size_t len, const char *what, char *err, size_t errlen)
{
	char dir[4096], tmp[8192];
	const char *base = hp_util_split_path(path, dir, sizeof dir);
	struct stat st;
	mode_t mask;
	int fd, dfd, e;

	if (!base) {
		HP_SAY("%s: not a file name", path);
		errno = ENAMETOOLONG;
		return -1;
	}
	/* rename() would replace a device or a FIFO (/dev/null, /dev/full)
	 * with a regular file: only regular files are replaced */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		HP_SAY("%s: not a regular file; %s are written to regular files only", path, what ? what : "files");
		errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
		return -1;
	}
	/* ".<name>.XXXXXX" says whose it is; a name too long for that gets a short one */
	if (strlen(base) + 8 <= hp_util_name_max(dir))
		snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base);
	else
		snprintf(tmp, sizeof tmp, "%s/.hashprof.XXXXXX", dir);
	if ((fd = mkstemp(tmp)) < 0) {
		e = errno;
		HP_SAY("%s: cannot create a temporary file in %s: %s", path, dir, strerror(e));
		errno = e;
		return -1;
	}
	mask = umask(0);
	umask(mask);
	if (hp_util_write_all(fd, data, len) != 0 || fchmod(fd, 0666 & ~mask) != 0 || fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) != 0)
		goto fail;
	/* Make the rename itself durable; some file systems refuse fsync on a folder. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	e = errno;
	HP_SAY("%s: cannot write: %s", path, strerror(e));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = e;
	return -1;
}
