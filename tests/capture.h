/*
 * capture.h - run a program for a test and capture what it prints.
 * Shared by the suites that drive the hashprof command (test_cli,
 * test_build).  Failures are Check assertions.
 */
#ifndef HP_TEST_CAPTURE_H
#define HP_TEST_CAPTURE_H

#include <stddef.h>

struct run {
	int status;      /* exit status, or -1 when killed by a signal */
	char *out, *err; /* all of stdout and stderr, NUL-terminated */
	size_t out_len, err_len;
};

/* Run argv[0] (an absolute path) with argv and envp (both NULL-terminated),
 * reading its stdout and stderr until both close, then wait for it. */
void run_capture(struct run *r, char *const argv[], char *const envp[]);

/* Release r's buffers and zero it. */
void run_free(struct run *r);

#endif
