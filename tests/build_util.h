/*
 * build_util.h - what the suites of `hashprof build` share (test_build,
 * test_shapes): each test copies a fixture of tests/fixtures/ (symbolic
 * links dereferenced, so the copy is a standalone package) into a fresh
 * temporary folder, runs the build tree's hashprof (HP_HASHPROF) with
 * HOME and XDG_DATA_HOME in that folder, and reads the profiles of what
 * it built (`hashprof -n 5 --format=json`).
 *
 * Compiled into each suite with its -DHP_HASHPROF (the build tree's
 * hashprof) and -DHP_FIXTURES (tests/fixtures), both absolute paths.
 * Failures are Check assertions.
 */
#ifndef HP_TEST_BUILD_UTIL_H
#define HP_TEST_BUILD_UTIL_H

#include <stddef.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif

/* The iterations of every profile: enough for exact calls per operation. */
#define N_STR "5"

/* The temporary folder of the running test; its copy of the fixture
 * (tmp/FIXTURE) and the build's output folder (tmp/out). */
extern char tmp[HPT_TMPDIR_MAX];
extern char out_dir[4200], pkg[4200];

/* The environment changes of every program a test runs: HOME and
 * XDG_DATA_HOME in tmp, HASHPROF_PATH=hp_path (unset when NULL), no
 * injected fault. */
struct tmp_env {
	struct hpt_home home; /* HOME, XDG_DATA_HOME in tmp/home */
	char path[4300]; /* "HASHPROF_PATH=" and a 4200-byte folder */
	const char *changes[5];
};

/* Fill e for hp_path; returns e->changes (for run_capture, run_start). */
const char *const *tmp_env(struct tmp_env *e, const char *hp_path);

/* Run prog (an absolute path) with args (NULL-terminated) in the
 * environment of tmp_env(hp_path). */
void run_in_tmp(struct run *r, const char *hp_path, const char *prog, const char *const *args);

/* hashprof with args (NULL-terminated), HASHPROF_PATH=hp_path. */
#define HASHPROF(r, path, ...) run_in_tmp((r), (path), HP_HASHPROF, (const char *const[]){ __VA_ARGS__, NULL })

/* Assert that text (r's output) holds what, showing r when it does not. */
void expect_in(const struct run *r, const char *text, const char *what);

/* A fresh temporary folder with a standalone copy of the fixture in
 * tmp/FIXTURE (pkg) and an empty tmp/out (out_dir). */
void setup_fixture(const char *fixture);
/* Remove the temporary folder (a Check teardown). */
void teardown_fixture(void);

/* Write text into a file of the copied package, fopen mode "a" or "w". */
void put_to(const char *rel, const char *mode, const char *text);
/* Append text to a file of the copied package. */
void append_to(const char *rel, const char *text);
/* Replace a file of the copied package with text. */
void write_to(const char *rel, const char *text);
/* The contents of a file of the copied package (malloc'd). */
char *read_from(const char *rel);
/* Run the shell script with $1 the copied package (sh -c SCRIPT sh PKG);
 * it must exit 0. */
void shell(const char *script);
/* Write text to tmp/name, a recipe beside the copied package; its path into path. */
void write_recipe(const char *name, const char *text, char *path, size_t len);

/* `hashprof -n 5 --format=json NAME [OP]` with HASHPROF_PATH=hp_path,
 * parsed; every row must be measured (exit status 0). */
json_t *profile(const char *hp_path, const char *name, const char *op);
/* Is fn one of the ICCS helpers (the DRNG's included)? */
int is_helper(const char *fn);
/* The call table of a row as text: "fn in_bits out_bits calls nested\n"
 * per helper shape, in the record's order. */
void call_table(const json_t *row, char *buf, size_t len);
/* The row of operation op (a Check failure when there is none). */
json_t *row_of(json_t *doc, const char *op);
/* Does some note of the row contain what?  1 or 0. */
int row_has_note(const json_t *row, const char *what);
/* Every row of the built instance name (in out_dir) has the call table of
 * the built-in instance builtin. */
void expect_same_calls(const char *name, const char *builtin);
/* The `hashprof list` line of an instance in out_dir (a copy; free it). */
char *list_line(const char *name);

#endif
