/*
 * test_matrix.c - instances x candidates (docs/candidates.md
 * "Matrix"): the build tree's hashprof with several candidates prints one
 * table of rows x candidates in text, markdown, CSV and JSON, whose cells
 * agree with each other and with the arms' records (the ratio is the
 * arm's time over the placeholder's); projected-only cells are marked;
 * --arms keeps one line per arm; --plot draws the heat map with gnuplot
 * (PNG or SVG, checked by their signatures), and its bad inputs.
 *
 * Texts, statuses and consistency between formats only: no time is
 * asserted.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF must be defined"
#endif

static char cache_env[HPT_TMPDIR_MAX + 64];

static void run_v(struct run *r, const char *const *args)
{
	const char *const env[] = { "HASHPROF_SYNTH_*", "HASHPROF_PATH", "HASHPROF_HASH_PATH", cache_env, NULL };

	run_capture(r, HP_HASHPROF, args, env);
}

#define RUN(r, ...) run_v((r), (const char *const[]){ __VA_ARGS__, NULL })

static json_t *parse(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je);

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "not JSON: %s", je.text);
	return doc;
}

static double num(const json_t *o, const char *key)
{
	ck_assert_msg(json_is_number(json_object_get(o, key)), "'%s' is not a number", key);
	return json_number_value(json_object_get(o, key));
}

START_TEST(matrix_in_every_format)
{
	struct run r;

	RUN(&r, "SYNTH-KEM", "--hash=SHAKE128,SHA3-256", "-n", "4");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "instance   operation  placeholder  SHAKE128  ") && strstr(r.out, "SHA3-256"), "%s",
		      r.out);
	ck_assert_msg(strstr(r.out, "\nSYNTH-KEM  keygen ") && strstr(r.out, "\nSYNTH-KEM  encaps ") &&
			      strstr(r.out, "\nSYNTH-KEM  decaps "),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "cells: time per operation and its ratio to the placeholder's"), "%s", r.out);
	ck_assert_msg(
		strstr(r.out, "projected from the placeholder's calls, and the error (projected / measured - 1):"),
		"%s", r.out);
	run_free(&r);

	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,SHA3-256", "-n", "4", "--format=md");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out,
			     "| instance | operation | placeholder | SHAKE128 | SHA3-256 |\n|---|---|---|---|---|\n"
			     "| `SYNTH-KEM` | encaps | "),
		      "%s", r.out);
	run_free(&r);

	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,SHA3-256", "-n", "4", "--format=csv");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out,
			       "instance,operation,placeholder_seconds_per_operation,\"SHAKE128 state\",\"SHAKE128 "
			       "seconds_per_operation\",\"SHAKE128 ratio\",",
			       120),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "\n\"SYNTH-KEM\",encaps,") && strstr(r.out, ",measured,"), "%s", r.out);
	run_free(&r);

	/* JSON: the matrix agrees with the records it comes from */
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,SHA3-256", "-n", "4", "--format=json");
	run_expect_status(&r, 0);
	json_t *doc = parse(&r), *m = json_object_get(doc, "matrix"),
	       *row = json_array_get(json_object_get(m, "rows"), 0);
	json_t *cell = json_object_get(json_object_get(row, "cells"), "SHA3-256"), *rec;
	ck_assert_int_eq(json_array_size(json_object_get(m, "candidates")), 2);
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(m, "candidates"), 1)), "SHA3-256");
	ck_assert_str_eq(json_string_value(json_object_get(cell, "state")), "measured");
	ck_assert(fabs(num(cell, "ratio") -
		       num(cell, "seconds_per_operation") / num(row, "placeholder_seconds_per_operation")) <
		  1e-9 * num(cell, "ratio"));
	/* the placeholder's time is its record's (the row's own, corrected);
	 * an arm's is that times the paired ratio, checked above */
	rec = json_array_get(json_object_get(doc, "rows"), 0);
	{
		double ticks = num(json_object_get(rec, "shares_corrected"), "total_ticks"),
		       ops = num(json_object_get(rec, "totals"), "operations"),
		       hz = num(json_object_get(rec, "clock"), "rate_hz");
		ck_assert(fabs(ticks / ops / hz - num(row, "placeholder_seconds_per_operation")) <
			  1e-9 * num(row, "placeholder_seconds_per_operation"));
	}
	ck_assert(json_is_number(json_object_get(cell, "projection_error")));
	json_decref(doc);
	run_free(&r);

	/* --arms: one line per arm, as with one candidate */
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,SHA3-256", "-n", "4", "--arms");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "instance   operation  hash         time/op") &&
			      strstr(r.out, "\nSYNTH-KEM  encaps     SHA3-256     "),
		      "%s", r.out);
	run_free(&r);
}
END_TEST

START_TEST(projected_cells_are_marked)
{
	char dir[HPT_TMPDIR_MAX];
	struct run r;

	hpt_tmpdir_in(dir, sizeof dir, "matrix");
	RUN(&r, "SYNTH-SIG", "verify", "-n", "4", "--record-dir", dir);
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, "report", "--hash=SHAKE256,BLAKE2b-512", dir);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "placeholder  SHAKE256  ") || strstr(r.out, "placeholder  SHAKE256 "), "%s", r.out);
	{
		/* a cell "~12.3 us 0.456": the mark before a figure */
		const char *p = r.out;
		while ((p = strstr(p, " ~")) && !(p[2] >= '0' && p[2] <= '9'))
			p += 2;
		ck_assert_msg(p, "no projected cell in:\n%s", r.out);
	}
	ck_assert_msg(strstr(r.out, "~: projected from the placeholder's calls (not measured)"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "projected only (nothing measured with SHAKE256, BLAKE2b-512)"), "%s", r.out);
	ck_assert_msg(!strstr(r.out, "and the error (projected"), "%s", r.out);
	run_free(&r);
	RUN(&r, "report", "--hash=SHAKE256,BLAKE2b-512", "--format=json", dir);
	run_expect_status(&r, 0);
	json_t *doc = parse(&r);
	json_t *cells =
		json_object_get(json_array_get(json_object_get(json_object_get(doc, "matrix"), "rows"), 0), "cells");
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(cells, "SHAKE256"), "state")), "projected");
	json_decref(doc);
	run_free(&r);
	hpt_rmtree(dir);
}
END_TEST

/* report of a --hash run's records (trial report): the projected and
 * error columns as the run printed them, from this machine's cost cache;
 * a cache without the costs is used as it is (nothing measured, nothing
 * written), the arm not projected, said. */
START_TEST(report_projects_as_the_run)
{
	char dir[HPT_TMPDIR_MAX], saved[sizeof cache_env], empty[HPT_TMPDIR_MAX + 16];
	struct run run, r;

	hpt_tmpdir_in(dir, sizeof dir, "mproj");
	RUN(&run, "SYNTH-SIG", "sign", "--hash=SHAKE128", "-n", "4", "--record-dir", dir);
	run_expect_status(&run, 0);
	ck_assert_msg(strstr(run.out, "  projected  error\n"), "%s", run.out);
	RUN(&r, "report", dir);
	run_expect_status(&r, 0);
	ck_assert_str_eq(r.out, run.out);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	/* an empty cache: nothing measured into it */
	snprintf(saved, sizeof saved, "%s", cache_env);
	snprintf(empty, sizeof empty, "%s/none.json", dir);
	snprintf(cache_env, sizeof cache_env, "HASHPROF_COST_CACHE=%s", empty);
	RUN(&r, "report", dir);
	snprintf(cache_env, sizeof cache_env, "%s", saved);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "note: SYNTH-SIG sign SHAKE128: no projection: no cost of"), "%s", r.out);
	ck_assert_msg(!strstr(r.out, "  projected  error\n"), "%s", r.out);
	{
		char expect[HPT_TMPDIR_MAX + 256];
		snprintf(expect, sizeof expect,
			 "hashprof: note: 1 candidate arm not projected from this machine's cost cache (%s): "
			 "report --hash=CANDIDATE measures the costs it lacks\n",
			 empty);
		ck_assert_str_eq(r.err, expect);
	}
	ck_assert_int_ne(access(empty, F_OK), 0);
	run_free(&r);
	run_free(&run);
	hpt_rmtree(dir);
}
END_TEST

/* The first bytes of a file (NUL-terminated) into buf. */
static void head(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	ck_assert_msg(f, "no %s", path);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

START_TEST(plots)
{
	char dir[HPT_TMPDIR_MAX], png[HPT_TMPDIR_MAX + 16], svg[HPT_TMPDIR_MAX + 16], buf[512];
	struct run r;

	hpt_tmpdir_in(dir, sizeof dir, "plot");
	snprintf(png, sizeof png, "%s/m.png", dir);
	snprintf(svg, sizeof svg, "%s/m.svg", dir);
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,SHA3-256", "-n", "3", "--plot", png);
	if (r.status == 2 && strstr(r.err, "gnuplot is not installed")) {
		run_free(&r);
		hpt_rmtree(dir);
		return; /* setup.sh installs gnuplot-nox; without it --plot says so */
	}
	run_expect_status(&r, 0);
	run_free(&r);
	head(png, buf, 9);
	ck_assert_mem_eq(buf, "\x89PNG\r\n\x1a\n", 8);
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHA3-512", "-n", "3", "--plot", svg);
	run_expect_status(&r, 0);
	run_free(&r);
	head(svg, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "<svg"), "%s", buf);

	/* bad input, before anything is measured */
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128", "--plot", "m.jpg");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "--plot: 'm.jpg' is not a .png or .svg file name"), "%s", r.err);
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	RUN(&r, "SYNTH-KEM", "encaps", "--plot", png);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "--plot needs --hash"), "%s", r.err);
	run_free(&r);
	/* a folder where the picture cannot be made: bad input, one line, before measuring */
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128", "-n", "3", "--plot", "/nonexistent/sub/m.png");
	run_expect_status(&r, 2);
	ck_assert_str_eq(r.err, "hashprof: --plot: cannot create files in the folder /nonexistent\n");
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	hpt_rmtree(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("matrix");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	char costs[HPT_TMPDIR_MAX];
	int failed;

	/* the suite's cost cache, shared by its tests */
	if (hpt_tmpdir_try(costs, sizeof costs, "matrix-costs") != 0) {
		perror("test_matrix: a temporary folder");
		return 99;
	}
	snprintf(cache_env, sizeof cache_env, "HASHPROF_COST_CACHE=%s/costs.json", costs);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, matrix_in_every_format);
	tcase_add_test(tc, projected_cells_are_marked);
	tcase_add_test(tc, plots);
	tcase_add_test(tc, report_projects_as_the_run);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	hpt_rmtree(costs);
	return failed ? 1 : 0;
}
