/*
 * capture.c - run a program and capture its output (see capture.h).
 */
#include "capture.h"

#include <check.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
	memset(r, 0, sizeof *r);
}

static void append(char **buf, size_t *len, const char *data, size_t n)
{
	char *grown = realloc(*buf, *len + n + 1);

	ck_assert_ptr_nonnull(grown);
	memcpy(grown + *len, data, n);
	*len += n;
	grown[*len] = '\0';
	*buf = grown;
}

/* Read both pipes until both are closed (poll: neither may fill up). */
static void drain(struct run *r, int out_fd, int err_fd)
{
	struct pollfd p[2] = { { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };
	int open_fds = 2;
	char buf[8192];

	while (open_fds) {
		if (poll(p, 2, -1) < 0) {
			ck_assert_int_eq(errno, EINTR);
			continue;
		}
		for (int i = 0; i < 2; i++) {
			if (p[i].fd < 0 || !p[i].revents)
				continue;
			ssize_t got = read(p[i].fd, buf, sizeof buf);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				close(p[i].fd);
				p[i].fd = -1;
				open_fds--;
			} else if (i == 0) {
				append(&r->out, &r->out_len, buf, (size_t)got);
			} else {
				append(&r->err, &r->err_len, buf, (size_t)got);
			}
		}
	}
}

void run_capture(struct run *r, char *const argv[], char *const envp[])
{
	int po[2], pe[2], st;
	pid_t pid;

	memset(r, 0, sizeof *r);
	append(&r->out, &r->out_len, "", 0);
	append(&r->err, &r->err_len, "", 0);
	ck_assert_int_eq(pipe(po), 0);
	ck_assert_int_eq(pipe(pe), 0);
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(po[1], STDOUT_FILENO);
		dup2(pe[1], STDERR_FILENO);
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		execve(argv[0], argv, envp);
		dprintf(STDERR_FILENO, "exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	drain(r, po[0], pe[0]);
	while (waitpid(pid, &st, 0) < 0)
		ck_assert_int_eq(errno, EINTR);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
