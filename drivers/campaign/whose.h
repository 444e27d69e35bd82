/*
 * whose.h - whose a campaign step's failure is.  The package's (a compile
 * error, a KAT mismatch, a crash, a hang, a forbidden write, a missing
 * API function) is a verdict: the campaign keeps it and shows the folder
 * as failed until the package changes.  The machine's (a full disk
 * (ENOSPC), a quota (EDQUOT), an I/O error (EIO), a read-only file system
 * (EROFS), no file descriptors (EMFILE, ENFILE), hashprof's own memory
 * (ENOMEM), a kill from outside, a lost lock) is no verdict: the folder
 * is "not run" with the cause named, and the next run retries it.
 *
 * Pure functions of what a step left (its exit, its log's text) and one
 * probe of the file system, so that the classification is tested alone
 * (tests/test_campaign.c, case whose).
 */
#ifndef HP_CAMPAIGN_WHOSE_H
#define HP_CAMPAIGN_WHOSE_H

#include <stddef.h>

/* The machine's cause errno e names ("no space left on device"), or NULL
 * when e is not one of the machine's (ENOSPC, EDQUOT, EIO, EROFS, EMFILE,
 * ENFILE, ENOMEM, EAGAIN from fork). */
const char *hp_whose_errno(int e);

/* The first machine's cause that text names in the words of strerror(3)
 * in the C locale ("No space left on device", as compilers, linkers and
 * hashprof print them); with own (text is hashprof's own line) also
 * "out of memory".  Returns the errno, 0 when text names none. */
int hp_whose_text(const char *text, int own);

/* Write 1 MiB into a new file in dir and remove it: 0 when that worked,
 * else the errno of the step that failed (ENOSPC on a full disk, EROFS,
 * EDQUOT...).  The evidence that a step which failed without saying why
 * met a full disk. */
int hp_whose_probe(const char *dir);

/* How a step (a child process) ended. */
struct hp_step_end {
	int spawn_errno; /* it could not be started: errno */
	int signal; /* it was killed by this signal (not by our time limit) */
	int timed_out; /* our time limit killed it: the package's hang */
	const char *log_text; /* what it printed (NULL: nothing read) */
	const char *own_line; /* its last "hashprof: " line, prefix removed (NULL: none) */
	const char *probe_dir; /* where it wrote (NULL: no probe) */
};

/*
 * Is a failed step's failure the machine's?  Returns 1 with a one-line
 * cause in cause ("no space left on device (a test write of 1 MiB into DIR
 * failed)", "killed by SIGKILL from outside hashprof (the OOM killer, a
 * user)"), naming the evidence; 0 when it is the package's (a time limit
 * counts as the package's hang).
 */
int hp_whose_env(const struct hp_step_end *e, char *cause, size_t len);

#endif
