/*
 * capture.h - the one harness of the suites that run a program (the build
 * tree's hashprof, cp, rm...): test_cli, test_build, test_accuracy, and
 * test_records and test_check through records_util.c.
 *
 * A program runs to completion with its stdout, stderr and exit status
 * captured (run_capture), or starts in the background (run_start) for the
 * tests that interrupt it, then ends with run_finish or run_wait.  Other
 * processes are looked at in /proc (run_alive, run_has_child,
 * run_marked_alive) and waited for with a time limit (run_wait_*).
 *
 * Exit statuses are 0-255, or -1 when the program was killed by a signal.
 * Time limits are in seconds, multiplied by $CK_TIMEOUT_MULTIPLIER when it
 * is set (as Check does with its test timeouts), so a slow machine that
 * raises one raises the other.  They bound waits for things that happen
 * at once: a test never depends on how fast the machine is.
 *
 * Every suite that links this file runs, from before main, with HOME and
 * the XDG folders in a temporary folder of its own and no HASHPROF_PATH
 * (as `make check` runs every suite, tests/local.mk): nothing it runs
 * reads the user's instances, candidates or cost cache.
 *
 * Failures (no pipe, no fork, a program still running at its time limit)
 * are Check assertions.  Linux: the /proc queries read /proc/PID/stat and
 * /proc/PID/cmdline.
 */
#ifndef HP_TEST_CAPTURE_H
#define HP_TEST_CAPTURE_H

#include <stddef.h>
#include <sys/types.h>

struct run {
	int status; /* exit status, or -1 when killed by a signal */
	char *out, *err; /* all of stdout and stderr, NUL-terminated (malloc'ed) */
	size_t out_len, err_len; /* their lengths in bytes, the NUL not counted */
	/* the emulation notes taken out of err, only under HP_EXPECT_EMULATED=1
	 * (tests/aarch64.sh; capture.c): how many, and their lines (malloc'ed,
	 * NUL-terminated; NULL when none) */
	unsigned emulation_notes;
	char *notes;
	size_t notes_len;
};

/*
 * Environment changes, for every function below with an `env` argument: a
 * NULL-terminated list of
 *   "NAME=value"  sets NAME,
 *   "NAME"        unsets NAME,
 *   "PREFIX*"     unsets every variable whose name starts with PREFIX.
 * The program gets our variables but those the list names, then the
 * list's NAME=value entries in their order.  env NULL: our environment as
 * it is.
 */

/* Run prog (an absolute path) with argv { prog, args..., NULL } (args is
 * NULL-terminated) and the environment changes env; read its stdout and
 * stderr until both close, then wait for it (no time limit: the test's
 * Check timeout is the bound).  Fills r (release it with run_free);
 * returns r->status. */
int run_capture(struct run *r, const char *prog, const char *const args[], const char *const env[]);

/* Release r's buffers and zero it. */
void run_free(struct run *r);

/* Print r's exit status, stdout and stderr to our stderr (what a failing
 * test shows). */
void run_show(const struct run *r);

/* Assert r->status == want, showing r (run_show) first when it is not. */
void run_expect_status(const struct run *r, int want);

/* Where the output of a program started with run_start goes. */
enum run_output {
	RUN_PIPES, /* stdout into bg->out_fd, stderr into bg->err_fd */
	RUN_MERGED, /* stdout and stderr into one pipe, bg->out_fd */
	RUN_STDOUT, /* stdout into bg->out_fd; stderr is ours */
	RUN_TO_FILE, /* stdout and stderr into a file (created or truncated) */
};

/* A program running in the background. */
struct run_bg {
	pid_t pid; /* its process id (our child) */
	int out_fd; /* read end of its stdout pipe; -1 when there is none */
	int err_fd; /* read end of its stderr pipe; -1 when there is none */
};

/* Start prog with argv { prog, args..., NULL } and the environment changes
 * env in the background, its output as `to` says (file: the path for
 * RUN_TO_FILE, else NULL); fills bg. */
void run_start(struct run_bg *bg, const char *prog, const char *const args[], const char *const env[],
	       enum run_output to, const char *file);

/* Read bg's output pipe (out_fd; with RUN_PIPES stderr is read too and
 * dropped) to its end, keeping the first size - 1 bytes in buf,
 * NUL-terminated, and dropping the rest; close it, then wait for the
 * program.  Returns its exit status, or -1 when it was killed by a signal.
 * Fails the test, after killing the program (SIGKILL), when it has not
 * ended within `seconds` of the call (<= 0: no limit). */
int run_finish(struct run_bg *bg, char *buf, size_t size, double seconds);

/* Wait for our child pid to end; its exit status, or -1 when it was killed
 * by a signal.  Fails the test, after killing it (SIGKILL), when it has not
 * ended within `seconds` (<= 0: no limit). */
int run_wait(pid_t pid, double seconds);

/* Has our child pid ended?  1: it has, it is reaped and *status is its exit
 * status (-1: killed by a signal); 0: it still runs (*status untouched).
 * Does not wait. */
int run_ended(pid_t pid, int *status);

/* 1 while process pid exists and is neither a zombie nor dead, else 0. */
int run_alive(pid_t pid);

/* 1 when some process's parent is pid, else 0. */
int run_has_child(pid_t pid);

/* 1 when some process has marker (a word unique to the test) in its
 * command line, else 0. */
int run_marked_alive(const char *marker);
/* Is some process alive whose command line holds every one of the
 * NULL-terminated markers (a test's own temporary folder beside a step's
 * words: a test on the same machine in another checkout, or a shell that
 * names the step, never matches)?  1 or 0. */
int run_marked_alive_all(const char *const *markers);

/* Call cond(arg) every 20 ms until it returns nonzero or `seconds` have
 * passed (seconds <= 0: once): 1 when it did, 0 when time ran out.  cond
 * may assert. */
int run_wait_until(int (*cond)(const void *arg), const void *arg, double seconds);

/* run_wait_until some live process is named comm (its /proc/PID/comm,
 * e.g. what a hanging synthetic operation names itself,
 * HASHPROF_SYNTH_HANG_NAME): 1 when one was within seconds. */
int run_wait_named(const char *comm, double seconds);

/* run_wait_until run_has_child(pid): 1 when pid had a child within seconds. */
int run_wait_child(pid_t pid, double seconds);

/* run_wait_until !run_alive(pid): 1 when pid was gone within seconds. */
int run_wait_gone(pid_t pid, double seconds);

/* run_wait_until run_marked_alive(marker) == alive (1: some process has
 * the marker, 0: none has): 1 when it was so within seconds. */
int run_wait_marked(const char *marker, int alive, double seconds);

/*
 * 1 when the suite runs under a user-mode emulator (tests/aarch64.sh sets
 * HP_EXPECT_EMULATED=1), after a line on stderr that `what` is skipped
 * there and why; 0 otherwise.  For the few checks of the kernel's process
 * handling that qemu-user does not pass on: a kill -9 of hashprof takes
 * its children's trees down on Linux (prof/util/keeper.c), not under
 * qemu-aarch64: the three kill tests failed there in CI, the grandchild
 * outliving hashprof (not diagnosed further).
 */
int skip_under_emulation(const char *what);

/*
 * Asserts that a row's failure text is base, with no note that the crash
 * may be the address-space limit's (drivers/child.c says so only when an
 * allocation had just failed: a plain crash under the limit has none).
 * failure NULL fails the check.
 */
void expect_failure_prefix(const char *failure, const char *base);

#endif
