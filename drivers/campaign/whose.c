/*
 * whose.c - whose a campaign step's failure is (see whose.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "whose.h"

/* The machine's errnos, most specific text first ("Too many open files"
 * is the start of ENFILE's text). */
static const struct {
	int e;
	const char *cause;
} hp_env_errnos[] = {
	{ ENOSPC, "no space left on device" },
	{ EDQUOT, "disk quota exceeded" },
	{ EROFS, "read-only file system" },
	{ EIO, "input/output error" },
	{ ENFILE, "too many open files in the system" },
	{ EMFILE, "too many open files" },
	{ ENOMEM, "out of memory" },
	{ EAGAIN, "no process could be started (resources temporarily unavailable)" },
};
#define HP_NENV (sizeof hp_env_errnos / sizeof hp_env_errnos[0])

const char *hp_whose_errno(int e)
{
	for (size_t i = 0; i < HP_NENV; i++)
		if (hp_env_errnos[i].e == e)
			return hp_env_errnos[i].cause;
	return NULL;
}

int hp_whose_text(const char *text, int own)
{
	if (!text)
		return 0;
	for (size_t i = 0; i < HP_NENV; i++) {
		int e = hp_env_errnos[i].e;
		/* a package's own programs may run out of memory or of
		 * processes (its verdict); hashprof saying so is the machine */
		if ((e == ENOMEM || e == EAGAIN) && !own)
			continue;
		if (strstr(text, strerror(e)))
			return e;
	}
	if (own && strstr(text, "out of memory"))
		return ENOMEM;
	return 0;
}

/* The test write: a compiler or linker that met a full disk removes its
 * partial output as it fails (gcc, ld), which frees about what it wrote;
 * an object or a shared object of a package is rarely above 1 MiB. */
#define HP_PROBE_BYTES (1 << 20)

int hp_whose_probe(const char *dir)
{
	static const char block[4096];
	char path[4200];
	int fd, e = 0;

	snprintf(path, sizeof path, "%s/.hashprof-probe.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0)
		return errno ? errno : EIO;
	for (int i = 0; i < HP_PROBE_BYTES / (int)sizeof block && !e; i++) {
		ssize_t n = write(fd, block, sizeof block);
		if (n < 0 && errno == EINTR)
			i--;
		else if (n < (ssize_t)sizeof block)
			e = n < 0 ? errno : ENOSPC;
	}
	if (!e && fsync(fd) != 0 && errno != EINVAL)
		e = errno;
	if (close(fd) != 0 && !e && errno != EINTR)
		e = errno;
	unlink(path);
	return e;
}

int hp_whose_env(const struct hp_step_end *s, char *cause, size_t len)
{
	int e;

	cause[0] = '\0';
	if (s->timed_out)
		return 0;
	if (s->spawn_errno) {
		snprintf(cause, len, "%s (a step could not be started: %s)",
			 hp_whose_errno(s->spawn_errno) ? hp_whose_errno(s->spawn_errno)
							: "no process could be started",
			 strerror(s->spawn_errno));
		return 1;
	}
	if (s->signal) {
		const char *abbrev = sigabbrev_np(s->signal);
		int outside = s->signal == SIGKILL || s->signal == SIGTERM || s->signal == SIGINT ||
			      s->signal == SIGHUP || s->signal == SIGQUIT;
		if (outside)
			snprintf(cause, len, "killed by SIG%s from outside hashprof (the OOM killer, a user)",
				 abbrev ? abbrev : "?");
		else
			snprintf(cause, len, "hashprof itself ended by SIG%s (the package runs in its children)",
				 abbrev ? abbrev : "?");
		return 1;
	}
	if ((e = hp_whose_text(s->own_line, 1)) || (e = hp_whose_text(s->log_text, 0))) {
		snprintf(cause, len, "%s (its log says: %s)", hp_whose_errno(e), strerror(e));
		return 1;
	}
	if (s->probe_dir && (e = hp_whose_probe(s->probe_dir)) && hp_whose_errno(e)) {
		snprintf(cause, len, "%s (a test write of 1 MiB into %s failed: %s)", hp_whose_errno(e), s->probe_dir,
			 strerror(e));
		return 1;
	}
	return 0;
}
