/*
 * spawn.c - running a program without a shell (see spawn.h).
 */
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "monotonic.h"
#include "proc.h"

/* In the child: open path onto fd, or /dev/null when path is NULL. */
static int hp_redirect(int fd, const char *path, int append)
{
	int flags = path ? O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC) : O_WRONLY;
	int f = open(path ? path : "/dev/null", flags, 0666);

	if (f < 0)
		return -1;
	if (f != fd) {
		if (dup2(f, fd) < 0)
			return -1;
		close(f);
	}
	return 0;
}

/* In the child: redirect, run s->child, exec; the errno of what failed
 * goes up the pipe fd, and the child exits 127. */
static void hp_spawn_child(const struct hp_util_spawn *s, int fd)
{
	const char *out = s->out_path, *err = s->err_path;
	int e;

	signal(SIGPIPE, SIG_DFL);
	if (hp_redirect(STDIN_FILENO, NULL, 0) != 0 || (s->cwd && chdir(s->cwd) != 0) ||
	    hp_redirect(STDOUT_FILENO, out, s->append) != 0 ||
	    (err && out && !strcmp(err, out) ? dup2(STDOUT_FILENO, STDERR_FILENO) < 0
					     : hp_redirect(STDERR_FILENO, err, s->append) != 0))
		goto fail;
	/* a refusal says why itself (the confinement tells the parent) */
	if (s->child && s->child(s->arg) != 0)
		_exit(127);
	execvp(s->argv[0], s->argv);
fail:
	e = errno;
	if (write(fd, &e, sizeof e) < 0)
		_exit(127);
	_exit(127);
}

pid_t hp_util_spawn(const struct hp_util_spawn *s, int *spawn_errno)
{
	int pipefd[2], e, st;
	ssize_t got;
	pid_t pid;

	*spawn_errno = 0;
	if (pipe2(pipefd, O_CLOEXEC) != 0)
		return -1;
	pid = hp_util_fork_group();
	if (pid < 0) {
		e = errno;
		close(pipefd[0]);
		close(pipefd[1]);
		errno = e;
		return -1;
	}
	if (pid == 0)
		hp_spawn_child(s, pipefd[1]);
	close(pipefd[1]);
	if (s->parent && s->parent(s->arg, pid) != 0) {
		close(pipefd[0]);
		kill(-pid, SIGKILL);
		while (hp_util_wait(pid, -1, &st) < 0 && errno == EINTR)
			;
		hp_util_group_done(pid);
		errno = ECANCELED;
		return -1;
	}
	/* the pipe closes at exec (O_CLOEXEC), or brings the errno first */
	while ((got = read(pipefd[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	if (got == (ssize_t)sizeof e)
		*spawn_errno = e ? e : ENOEXEC;
	close(pipefd[0]);
	return pid;
}

int hp_util_reap(pid_t pid, unsigned timeout_s, int *status)
{
	double deadline = timeout_s ? hp_util_monotonic() + timeout_s : -1;
	int how = HP_UTIL_ENDED, r;

	for (;;) {
		if (how == HP_UTIL_ENDED && hp_util_interrupted())
			how = HP_UTIL_INTERRUPTED;
		else if ((r = hp_util_wait(pid, deadline, status)) == 1)
			break;
		else if (r < 0 && errno != EINTR) {
			int e = errno;
			hp_util_group_done(pid);
			errno = e;
			return -1;
		} else if (r == 0)
			how = HP_UTIL_TIMED_OUT;
		else
			continue; /* EINTR: interrupting, or not */
		/* the group, and the leader should it not lead one yet */
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
		deadline = -1; /* now wait for it without limit */
	}
	hp_util_group_done(pid);
	return how;
}
