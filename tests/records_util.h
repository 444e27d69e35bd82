/*
 * records_util.h - helpers of the record suites (test_records, test_check):
 * run the build tree's hashprof (HP_HASHPROF) with the suites' environment,
 * through the harness of tests/capture.h; temporary folders; small file
 * and JSON edits.
 */
#ifndef HP_RECORDS_UTIL_H
#define HP_RECORDS_UTIL_H

#include <jansson.h>
#include <stddef.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_TEST_DATA
#error "HP_TEST_DATA (the absolute path of tests/data) must be defined"
#endif

/* Run HP_HASHPROF with the NULL-terminated arguments, HASHPROF_PATH and
 * HASHPROF_SYNTH_FAULT unset; fills r (tests/capture.c: release it with
 * run_free).  Returns r->status: the exit status, -1 when killed. */
int hpt_hashprof(struct run *r, ...);

/* Start HP_HASHPROF with args (NULL-terminated, after argv[0]) in the
 * background, HASHPROF_PATH unset and HASHPROF_SYNTH_FAULT=fault, stdout
 * and stderr into one pipe (bg->out_fd); end it with run_finish(bg, ...,
 * HPT_WAIT). */
void hpt_start_faulty(struct run_bg *bg, const char *fault, const char *const *args);

/* Wait for the operation that hpt_start_faulty's "OP:hang" fault stops to
 * hang (it names itself, HASHPROF_SYNTH_HANG_NAME): 1 when it did within
 * HPT_WAIT / 4 seconds, a bound for a slow machine. */
int hpt_wait_hanging(void);

/* hpt_tmpdir and hpt_rmtree: tmpdir.h. */

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

/* The time limit of a started hashprof (run_finish), in seconds: a bound
 * below HPT_TIMEOUT, never reached otherwise. */
#define HPT_WAIT 240

#endif
