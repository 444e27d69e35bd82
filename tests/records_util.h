/*
 * records_util.h - helpers of the issue 6 suites (test_records, test_check):
 * run the build tree's hashprof (HP_HASHPROF) capturing stdout, stderr and
 * the exit status; temporary folders; small file and JSON edits.
 */
#ifndef HP_RECORDS_UTIL_H
#define HP_RECORDS_UTIL_H

#include <jansson.h>
#include <stddef.h>
#include <sys/types.h>

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_TEST_DATA
#error "HP_TEST_DATA (the absolute path of tests/data) must be defined"
#endif

struct hpt_run {
	int status;        /* exit status; -1 when killed by a signal */
	char *out, *err;   /* everything printed, NUL-terminated (malloc'ed) */
};

/* Run HP_HASHPROF with the NULL-terminated arguments; fills r.  Returns r->status. */
int hpt_hashprof(struct hpt_run *r, ...);

/* Start hashprof (argv[0] HP_HASHPROF, NULL-terminated) with
 * HASHPROF_SYNTH_FAULT=fault (hpt_hashprof clears it), stdout and stderr
 * into a pipe; returns the pid, *fd the pipe's read end. */
pid_t hpt_start_faulty(const char *fault, int *fd, const char *const *argv);

/* Read fd to its end into buf (size bytes, NUL-terminated), wait for pid;
 * its exit status (-1: killed). */
int hpt_finish(pid_t pid, int fd, char *buf, size_t size);

/* Wait until pid has a child process (at most `seconds`); 1 when it has. */
int hpt_wait_for_child(pid_t pid, int seconds);

/* Free r's buffers. */
void hpt_run_free(struct hpt_run *r);

/* A new empty folder under $TMPDIR (or /tmp); returns a malloc'ed path. */
char *hpt_tmpdir(const char *tag);

/* Remove a folder made by hpt_tmpdir and the files in it (one level, and sub-folders one level down). */
void hpt_rmtree(const char *dir);

/* dir + "/" + name, malloc'ed. */
char *hpt_path(const char *dir, const char *name);

/* Whole file, NUL-terminated, malloc'ed; NULL when unreadable. */
char *hpt_slurp(const char *path);

/* Write text to path (truncating). */
void hpt_write(const char *path, const char *text);

/* Lines in s (a last line without '\n' counts). */
int hpt_lines(const char *s);

/* Load a JSON file (asserts it parses). */
json_t *hpt_json_load(const char *path);

/* Save a JSON value to path (indented). */
void hpt_json_save(const char *path, const json_t *v);

/* Is the instance available to the build tree's hashprof (`hashprof list`)? */
int hpt_have_instance(const char *name);

/* Set v as the Check timeout of every test case in suite-building code: seconds. */
#define HPT_TIMEOUT 300

#endif
