/*
 * read_file.c - a whole file into memory (see read_file.h).
 */
#include "read_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

char *hp_util_read_file(const char *path, size_t max, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (fd < 0)
		return NULL;
	for (;;) {
		ssize_t got;

		if (n == cap) {
			size_t ncap = cap ? 2 * cap : 65536;
			char *grown;

			if (max && cap >= max) {
				e = EFBIG;
				goto fail;
			}
			if (max && ncap > max)
				ncap = max;
			/* one byte more for the '\0' */
			if (ncap <= cap || !(grown = realloc(buf, ncap + 1))) {
				e = ENOMEM;
				goto fail;
			}
			buf = grown;
			cap = ncap;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			e = errno;
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	close(fd);
	free(buf);
	errno = e;
	return NULL;
}
