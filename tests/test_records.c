/*
 * test_records.c - record files and `hashprof report`.
 *
 *  - round trip: the text table of a run equals `hashprof report` of the
 *    records it wrote (--record-dir and --output), and --output holds
 *    exactly what --format=json prints;
 *  - what a record file carries (run description, build flags), no
 *    temporary file left behind;
 *  - report flags a record whose stored shares disagree with its calls,
 *    and reads records with fields it does not know;
 *  - reproduction: two processes, same procedure (-n 50 --warmup 1),
 *    identical per-shape call tables (synthetic instances; ML-DSA-44 sign
 *    when it is built);
 *  - prof/record/record_io.c and prof/record/published.c as a library: errors name the
 *    file and field / line, the published fixture parses to the TSV's
 *    numbers.
 * Runs the build tree's hashprof (HP_HASHPROF); fixtures in HP_TEST_DATA.
 */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/published.h"
#include "record/record_io.h"
#include "records_util.h"

/* ---------- round trip ---------- */

static void roundtrip_dir(const char *instance)
{
	char *dir = hpt_tmpdir("rt"), *recs = hpt_path(dir, "recs");
	struct run run, rep;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "20", "--record-dir", recs, instance, NULL), 0);
	ck_assert_int_eq(hpt_hashprof(&rep, "report", recs, NULL), 0);
	ck_assert_str_eq(rep.out, run.out);
	ck_assert_str_eq(rep.err, "");
	run_free(&rep);
	/* the markdown table too */
	ck_assert_int_eq(hpt_hashprof(&rep, "report", "--format=md", recs, NULL), 0);
	ck_assert_ptr_nonnull(strstr(rep.out, "| instance | operation | pseudohash/XOF/sm3 | DRNG |"));
	run_free(&rep);
	run_free(&run);
	hpt_rmtree(dir);
	free(recs);
	free(dir);
}

START_TEST(test_roundtrip_record_dir_sig)
{
	roundtrip_dir("SYNTH-SIG");
}
END_TEST

START_TEST(test_roundtrip_record_dir_kem)
{
	/* file names sort decaps < encaps < keygen: report must restore table order */
	roundtrip_dir("SYNTH-KEM");
}
END_TEST

START_TEST(test_roundtrip_output)
{
	char *dir = hpt_tmpdir("out"), *f = hpt_path(dir, "run.json"), *g = hpt_path(dir, "json.json"), *text;
	struct run run, rep;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "20", "--output", f, "SYNTH-KEX", NULL), 0);
	ck_assert_int_eq(hpt_hashprof(&rep, "report", f, NULL), 0);
	ck_assert_str_eq(rep.out, run.out);
	run_free(&rep);
	run_free(&run);
	/* --output holds exactly what --format=json prints */
	ck_assert_int_eq(hpt_hashprof(&run, "-n", "5", "--format=json", "--output", g, "SYNTH-SIG", "sign", NULL), 0);
	text = hpt_slurp(g);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, run.out);
	/* and the JSON rendering of report gives the same document back */
	ck_assert_int_eq(hpt_hashprof(&rep, "report", "--format=json", g, NULL), 0);
	ck_assert_str_eq(rep.out, run.out);
	run_free(&rep);
	run_free(&run);
	free(text);
	hpt_rmtree(dir);
	free(f);
	free(g);
	free(dir);
}
END_TEST

/* --runs=3: one counting process and two timing-only ones.  The record
 * has 3 runs, each its own calibration; every batch names its run, those
 * of runs 2 and 3 are timing-only; the counts are those of the N
 * operations of run 1, exactly those of --runs=1.  HASHPROF_RUNS out of
 * range is refused. */
START_TEST(test_record_runs)
{
	char *dir = hpt_tmpdir("runs"), *one = hpt_path(dir, "one"), *three = hpt_path(dir, "three");
	char *f1 = hpt_path(one, "SYNTH-KEM__encaps.json"), *f3 = hpt_path(three, "SYNTH-KEM__encaps.json");
	struct run run;
	json_t *j1, *j3, *g, *t;
	size_t i;
	int seen[4] = { 0 };

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "20", "--runs=1", "--record-dir", one, "SYNTH-KEM", "encaps", NULL),
			 0);
	run_free(&run);
	ck_assert_int_eq(hpt_hashprof(&run, "-n", "20", "--runs=3", "--record-dir", three, "SYNTH-KEM", "encaps", NULL),
			 0);
	run_free(&run);
	j1 = hpt_json_load(f1);
	j3 = hpt_json_load(f3);
	g = json_object_get(j3, "batches");
	ck_assert_int_eq(json_integer_value(json_object_get(g, "runs")), 3);
	ck_assert_uint_eq(json_array_size(json_object_get(g, "per_run")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j1, "batches"), "runs")), 1);
	json_array_foreach(json_object_get(j3, "trials"), i, t)
	{
		json_int_t k = json_integer_value(json_object_get(t, "run"));
		ck_assert(k >= 1 && k <= 3);
		seen[k] = 1;
		if (k > 1)
			ck_assert(json_is_true(json_object_get(t, "timing_only")));
	}
	ck_assert(seen[1] && seen[2] && seen[3]);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j3, "totals"), "operations")), 20);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "counting_operations")), 20);
	ck_assert_uint_eq(json_array_size(json_object_get(j1, "calls")), json_array_size(json_object_get(j3, "calls")));
	for (i = 0; i < json_array_size(json_object_get(j1, "calls")); i++) {
		json_t *a = json_array_get(json_object_get(j1, "calls"), i),
		       *b = json_array_get(json_object_get(j3, "calls"), i);
		ck_assert(json_equal(json_object_get(a, "calls"), json_object_get(b, "calls")));
		ck_assert(json_equal(json_object_get(a, "nested"), json_object_get(b, "nested")));
	}
	json_decref(j1);
	json_decref(j3);
	{
		const char *const args[] = { "-n", "3", "SYNTH-KEM", "encaps", NULL };
		const char *const env[] = { "HASHPROF_PATH", "HASHPROF_RUNS=17", NULL };
		ck_assert_int_eq(run_capture(&run, HP_HASHPROF, args, env), 2);
		ck_assert_msg(strstr(run.err, "HASHPROF_RUNS: '17' is not a whole number of runs from 1 to 16"), "%s",
			      run.err);
		run_free(&run);
	}
	hpt_rmtree(dir);
	free(f1);
	free(f3);
	free(one);
	free(three);
	free(dir);
}
END_TEST

START_TEST(test_record_contents)
{
	char *dir = hpt_tmpdir("rec"), *f = hpt_path(dir, "SYNTH-SIG__sign.json");
	struct run run;
	json_t *j, *run_j, *inst;
	DIR *d;
	struct dirent *e;
	int files = 0;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "7", "--warmup", "2", "--record-dir", dir, "SYNTH-SIG", "sign", NULL),
			 0);
	run_free(&run);
	d = opendir(dir);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		ck_assert_msg(e->d_name[0] != '.', "temporary file left behind: %s", e->d_name);
		files++;
	}
	closedir(d);
	ck_assert_int_eq(files, 1);
	j = hpt_json_load(f);
	ck_assert_str_eq(json_string_value(json_object_get(j, "schema")), "hashprof-record/1");
	ck_assert_str_eq(json_string_value(json_object_get(j, "instance")), "SYNTH-SIG");
	ck_assert_str_eq(json_string_value(json_object_get(j, "operation")), "sign");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "procedure"), "iterations")), 7);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "procedure"), "warmup")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "totals"), "operations")), 7);
	ck_assert(json_array_size(json_object_get(j, "calls")) > 0);
	ck_assert(json_is_number(json_object_get(json_object_get(j, "shares"), "hash")));
	run_j = json_object_get(j, "run");
	ck_assert(json_is_object(run_j));
	ck_assert(json_array_size(json_object_get(run_j, "command")) >= 3);
	ck_assert_str_eq(json_string_value(json_object_get(run_j, "hashprof")), PACKAGE_VERSION);
	ck_assert(json_is_string(json_object_get(run_j, "cpu")));
	ck_assert(json_is_string(json_object_get(run_j, "kernel")));
	inst = json_object_get(run_j, "instance");
	ck_assert_str_eq(json_string_value(json_object_get(inst, "name")), "SYNTH-SIG");
	ck_assert(json_is_string(json_object_get(inst, "cflags")));
	json_decref(j);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_output_unwritable)
{
	struct run r;

	ck_assert_int_eq(
		hpt_hashprof(&r, "-n", "3", "--output", "/nonexistent-hp-dir/sub/x.json", "SYNTH-SIG", "sign", NULL),
		2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, "/nonexistent-hp-dir"));
	ck_assert_str_eq(r.out, ""); /* refused before measuring */
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", "/nonexistent-hp-dir/sub", "SYNTH-SIG", NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, "/nonexistent-hp-dir/sub"));
	run_free(&r);
}
END_TEST

/* A long but valid --output name (245 + 5 bytes; the temporary name would
 * have 258) is written; one longer than the file system takes (257) is
 * refused before measuring. */
START_TEST(test_output_long_name)
{
	char *dir = hpt_tmpdir("long"), name[300], *f, *g, *text;
	struct run r;

	memset(name, 'a', 245);
	strcpy(name + 245, ".json");
	f = hpt_path(dir, name);
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--format=json", "--output", f, "SYNTH-SIG", "sign", NULL), 0);
	ck_assert_str_eq(r.err, "");
	text = hpt_slurp(f);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, r.out);
	free(text);
	run_free(&r);
	memset(name, 'a', 252);
	strcpy(name + 252, ".json");
	g = hpt_path(dir, name);
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--output", g, "SYNTH-SIG", "sign", NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, "--output: "));
	ck_assert_ptr_nonnull(strstr(r.err, "the file name has 257 bytes"));
	ck_assert_str_eq(r.out, ""); /* refused before measuring */
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(g);
	free(dir);
}
END_TEST

/* ---------- interrupted and failed runs ---------- */

static const char *const sig_ops[] = { "keygen", "sign", "verify" };

/* The record file of SYNTH-SIG op in dir (free it). */
static char *sig_record(const char *dir, const char *op, const char *suffix)
{
	char name[64];

	snprintf(name, sizeof name, "SYNTH-SIG__%s%s", op, suffix);
	return hpt_path(dir, name);
}

/* Files in dir (not . and ..). */
static int count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* SIGTERM during a --record-dir/--output run (keygen hangs): the good
 * records and run document stay byte for byte, the interrupted rows are
 * recorded nowhere, the run's document goes to run.failed.json, and the
 * baseline still checks. */
START_TEST(test_interrupt_keeps_records)
{
	char *dir = hpt_tmpdir("intr"), *recs = hpt_path(dir, "base"), *out = hpt_path(dir, "run.json");
	char *failed = hpt_path(dir, "run.failed.json"), *before[3], *doc, *now, buf[65536];
	const char *args[] = { "SYNTH-SIG", "-n", "3", "--timeout", "0", "--record-dir", recs, "--output", out, NULL };
	struct run r;
	struct run_bg bg;
	json_t *j, *row;
	size_t i;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "--output", out, "SYNTH-SIG", NULL), 0);
	run_free(&r);
	for (i = 0; i < 3; i++) {
		char *f = sig_record(recs, sig_ops[i], ".json");
		ck_assert_ptr_nonnull(before[i] = hpt_slurp(f));
		free(f);
	}
	ck_assert_ptr_nonnull(doc = hpt_slurp(out));
	hpt_start_faulty(&bg, "keygen:hang", args);
	ck_assert_msg(hpt_wait_hanging(), "keygen never hung");
	kill(bg.pid, SIGTERM);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 128 + SIGTERM);
	for (i = 0; i < 3; i++) {
		char *f = sig_record(recs, sig_ops[i], ".json");
		ck_assert_ptr_nonnull(now = hpt_slurp(f));
		ck_assert_msg(!strcmp(now, before[i]), "%s was replaced:\n%s", f, now);
		free(now);
		free(f);
		free(before[i]);
	}
	ck_assert_int_eq(count_files(recs), 3);
	ck_assert_ptr_nonnull(now = hpt_slurp(out));
	ck_assert_msg(!strcmp(now, doc), "%s was replaced", out);
	free(now);
	free(doc);
	ck_assert_msg(strstr(buf, "run.failed.json; ") && strstr(buf, "run.json is left as it was"), "%s", buf);
	j = hpt_json_load(failed);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "rows")), 3);
	json_array_foreach(json_object_get(j, "rows"), i, row)
		ck_assert_str_eq(json_string_value(json_object_get(row, "status")), "failed");
	json_decref(j);
	ck_assert_int_eq(hpt_hashprof(&r, "check", recs, "--share-tolerance=100", NULL), 0);
	run_free(&r);
	hpt_rmtree(dir);
	free(recs);
	free(out);
	free(failed);
	free(dir);
}
END_TEST

/* A file to wait for, and the hashprof that is to write it. */
struct file_wait {
	const char *path;
	pid_t hp;
};

/* Is w->path there?  Fails when w->hp ended without writing it. */
static int file_there(const void *arg)
{
	const struct file_wait *w = arg;
	int st;

	if (access(w->path, F_OK) == 0)
		return 1;
	ck_assert_msg(!run_ended(w->hp, &st), "hashprof ended (status %d) before writing %s", st, w->path);
	return 0;
}

/* hashprof killed outright (SIGKILL: no handler runs, nothing is written
 * at the end) after keygen is measured, while sign hangs: keygen's record
 * is on disk already, whole, and nothing else is (trial, item 1). */
START_TEST(test_kill_keeps_measured_rows)
{
	char *dir = hpt_tmpdir("kill"), *recs = hpt_path(dir, "recs"), *keygen = sig_record(recs, "keygen", ".json");
	char seed[32], buf[65536];
	const char *args[] = { "SYNTH-SIG", "-n", "3", "--timeout", "0", "--seed", seed, "--record-dir", recs, NULL };
	struct run_bg bg;
	struct file_wait w = { keygen, 0 };
	json_t *j;

	/* marks this run's processes (run_wait_marked) */
	snprintf(seed, sizeof seed, "%08x3badc0ffee", (unsigned)getpid());
	hpt_start_faulty(&bg, "sign:hang:2", args);
	w.hp = bg.pid;
	/* a bound for a slow machine, never reached otherwise */
	ck_assert_msg(run_wait_until(file_there, &w, 60), "no %s while sign hangs", keygen);
	ck_assert_int_eq(kill(bg.pid, SIGKILL), 0);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), -1);
	ck_assert_msg(run_wait_marked(seed, 0, 10), "a measuring child outlived hashprof killed with SIGKILL");
	j = hpt_json_load(keygen);
	ck_assert_str_eq(json_string_value(json_object_get(j, "status")), "ok");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "totals"), "operations")), 3);
	json_decref(j);
	ck_assert_int_eq(count_files(recs), 1);
	hpt_rmtree(dir);
	free(keygen);
	free(recs);
	free(dir);
}
END_TEST

/* The row of instance SYNTH-SIG op in a run document (borrowed), and its
 * status. */
static json_t *doc_row(json_t *doc, const char *op)
{
	json_t *row;
	size_t i;

	json_array_foreach(json_object_get(doc, "rows"), i,
			   row) if (!strcmp(json_string_value(json_object_get(row, "operation")), op)) return row;
	ck_abort_msg("no row %s", op);
	return NULL;
}

static const char *doc_status(json_t *doc, const char *op)
{
	return json_string_value(json_object_get(doc_row(doc, op), "status"));
}

/* Does the row's own run description have this command-line word? */
static int row_command_has(json_t *row, const char *word)
{
	json_t *w;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(row, "run"), "command"), i,
			   w) if (!strcmp(json_string_value(w), word)) return 1;
	return 0;
}

/* A second failed --output run does not drop what the first one measured
 * (trial, item 3): FILE.failed.json keeps the earlier measured row of each
 * row this run did not measure, with the earlier run's description in the
 * row, and a row this run did measure replaces the earlier one. */
START_TEST(test_failed_document_merged)
{
	char *dir = hpt_tmpdir("merge"), *out = hpt_path(dir, "run.json"), *failed = hpt_path(dir, "run.failed.json");
	char buf[65536];
	const char *first[] = { "SYNTH-SIG", "-n", "3", "--timeout", "500", "--output", out, NULL };
	const char *second[] = { "SYNTH-SIG", "-n", "3", "--timeout", "400", "--output", out, NULL };
	const char *third[] = { "SYNTH-SIG", "verify", "-n", "3", "--timeout", "300", "--output", out, NULL };
	struct run_bg bg;
	struct run r;
	json_t *j;

	/* verify fails in its warm-up: keygen and sign are measured */
	hpt_start_faulty(&bg, "verify:fail:2", first);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	/* every row fails now (keygen fails, and with it the set-up of the others) */
	hpt_start_faulty(&bg, "keygen:fail", second);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	ck_assert_msg(
		strstr(buf, "the run document went to ") &&
			strstr(buf,
			       "run.failed.json, with 2 rows of the earlier one there that this run did not measure; "),
		"%s", buf);
	ck_assert_int_eq(access(out, F_OK), -1);
	j = hpt_json_load(failed);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "rows")), 3);
	ck_assert_str_eq(doc_status(j, "keygen"), "ok");
	ck_assert_str_eq(doc_status(j, "sign"), "ok");
	ck_assert_str_eq(doc_status(j, "verify"), "failed");
	ck_assert(row_command_has(doc_row(j, "keygen"), "500")); /* the first run's */
	ck_assert(row_command_has(doc_row(j, "sign"), "500"));
	ck_assert_ptr_null(json_object_get(doc_row(j, "verify"), "run")); /* this run's, in the document's */
	json_decref(j);
	/* report reads the merged document: two rows measured, one failed */
	ck_assert_int_eq(hpt_hashprof(&r, "report", failed, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "drng 1, pseudoXOF 4, pseudohash 2"));
	ck_assert_ptr_nonnull(strstr(r.out, "verify: set-up: sig_keygen returned -3"));
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	/* verify alone, failing again: keygen and sign are kept, verify is this run's */
	hpt_start_faulty(&bg, "verify:segv:2", third);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	j = hpt_json_load(failed);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "rows")), 3);
	ck_assert_str_eq(doc_status(j, "keygen"), "ok");
	expect_failure_prefix(json_string_value(json_object_get(doc_row(j, "verify"), "failure")),
			      "killed by SIGSEGV during warm-up operation 1 of 1");
	json_decref(j);
	/* an earlier document that cannot be read is not overwritten: its
	 * rows would be lost; the file is named, exit 3; and this run's
	 * measured rows (keygen, sign) are not lost either: its document
	 * goes, unmerged, to a free name beside it (trial-replay, item 4) */
	hpt_write(failed, "not json\n");
	hpt_start_faulty(&bg, "verify:fail:2", first);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 3);
	ck_assert_msg(strstr(buf, "hashprof: --output: ") && strstr(buf, "run.failed.json:1:") &&
			      strstr(buf, "malformed JSON") &&
			      strstr(buf, "; not merged, left as it was; this run's document went to ") &&
			      strstr(buf, "run.failed.2.json, unmerged"),
		      "%s", buf);
	{
		char *text = hpt_slurp(failed), *aside = hpt_path(dir, "run.failed.2.json");
		ck_assert_str_eq(text, "not json\n");
		free(text);
		j = hpt_json_load(aside);
		ck_assert_uint_eq(json_array_size(json_object_get(j, "rows")), 3);
		ck_assert_str_eq(doc_status(j, "keygen"), "ok");
		ck_assert_str_eq(doc_status(j, "sign"), "ok");
		ck_assert_str_eq(doc_status(j, "verify"), "failed");
		json_decref(j);
		/* a second such run takes the next free name, the first stays */
		hpt_start_faulty(&bg, "verify:fail:2", first);
		ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 3);
		ck_assert_msg(strstr(buf, "run.failed.3.json, unmerged"), "%s", buf);
		ck_assert_int_eq(access(aside, F_OK), 0);
		free(aside);
	}
	ck_assert_int_eq(access(out, F_OK), -1);
	hpt_rmtree(dir);
	free(out);
	free(failed);
	free(dir);
}
END_TEST

/* Output files that cannot be written (a folder in the way, as a full disk
 * would refuse them): every other file is written, each one that is not
 * is named in a line of its own, the run goes on, exit 3 (not 2, bad
 * input); the --output error does not keep the record folder from being
 * written (trial, item 4). */
START_TEST(test_unwritable_files_named)
{
	char *dir = hpt_tmpdir("full"), *recs = hpt_path(dir, "recs"), *out = hpt_path(dir, "run.json");
	char *failed = hpt_path(dir, "run.failed.json"), *keygen = sig_record(recs, "keygen", ".json");
	char *sign = sig_record(recs, "sign", ".json"), *sign_failed = sig_record(recs, "sign", ".failed.json");
	char *verify = sig_record(recs, "verify", ".json"), buf[65536], line[8400];
	const char *args[] = { "SYNTH-SIG", "-n", "3", "--record-dir", recs, "--output", out, NULL };
	struct run_bg bg;
	struct run r;
	json_t *j;

	ck_assert_int_eq(mkdir(recs, 0777), 0);
	ck_assert_int_eq(mkdir(keygen, 0777), 0);
	ck_assert_int_eq(mkdir(verify, 0777), 0);
	ck_assert_int_eq(mkdir(failed, 0777), 0);
	/* sign fails in its warm-up: the run document goes to run.failed.json */
	hpt_start_faulty(&bg, "sign:fail:2", args);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 3);
	snprintf(line, sizeof line, "hashprof: --record-dir: %s: not a regular file", keygen);
	ck_assert_msg(strstr(buf, line), "no line naming %s:\n%s", keygen, buf);
	snprintf(line, sizeof line, "hashprof: --record-dir: %s: not a regular file", verify);
	ck_assert_msg(strstr(buf, line), "no line naming %s:\n%s", verify, buf);
	snprintf(line, sizeof line, "hashprof: --output: %s: not a regular file", failed);
	ck_assert_msg(strstr(buf, line), "no line naming %s:\n%s", failed, buf);
	ck_assert_msg(strstr(buf, "sign failed: recorded as SYNTH-SIG__sign.failed.json"), "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "SYNTH-SIG  verify")); /* the table, every row */
	j = hpt_json_load(sign_failed);
	ck_assert_str_eq(json_string_value(json_object_get(j, "status")), "failed");
	json_decref(j);
	ck_assert_int_eq(access(sign, F_OK), -1);
	ck_assert_int_eq(access(out, F_OK), -1);
	/* all measured, only records refused: the run document is written, exit 3 */
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "--output", out, "SYNTH-SIG", NULL), 3);
	ck_assert_int_eq(hpt_lines(r.err), 2);
	ck_assert_ptr_nonnull(strstr(r.err, keygen));
	ck_assert_ptr_nonnull(strstr(r.err, verify));
	run_free(&r);
	j = hpt_json_load(out);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "rows")), 3);
	json_decref(j);
	j = hpt_json_load(sign);
	ck_assert_str_eq(json_string_value(json_object_get(j, "status")), "ok");
	json_decref(j);
	ck_assert_int_eq(access(sign_failed, F_OK), -1);
	/* standard output that cannot be written: exit 3 too */
	{
		const char *sh_args[] = { "-c", "exec \"$0\" -n 3 SYNTH-SIG keygen > /dev/full", HP_HASHPROF, NULL };
		ck_assert_int_eq(run_capture(&r, "/bin/sh", sh_args, NULL), 3);
		ck_assert_ptr_nonnull(strstr(r.err, "cannot write the report to standard output"));
		run_free(&r);
	}
	/* and so does report, the table and the curves alike */
	{
		const char *sh_args[] = { "-c", "exec \"$0\" report \"$1\" > /dev/full", HP_HASHPROF, out, NULL };
		ck_assert_int_eq(run_capture(&r, "/bin/sh", sh_args, NULL), 3);
		ck_assert_ptr_nonnull(strstr(r.err, "cannot write the report to standard output"));
		run_free(&r);
	}
	hpt_rmtree(dir);
	free(recs);
	free(out);
	free(failed);
	free(keygen);
	free(sign);
	free(sign_failed);
	free(verify);
	free(dir);
}
END_TEST

/* A row that fails on its own (sign crashes in its warm-up) is recorded as
 * SYNTH-SIG__sign.failed.json beside the good record, which stays; the
 * measured rows are recorded; folder readers skip the failed file and say
 * so; a later good run of the row removes it. */
START_TEST(test_failed_row_recorded_beside)
{
	char *dir = hpt_tmpdir("fail"), *recs = hpt_path(dir, "base"), *out = hpt_path(dir, "run.json");
	char *sign = sig_record(recs, "sign", ".json"), *sign_failed = sig_record(recs, "sign", ".failed.json");
	char *before, *doc, *now, buf[65536];
	const char *args[] = { "SYNTH-SIG", "-n", "3", "--record-dir", recs, "--output", out, NULL };
	struct run r;
	struct run_bg bg;
	json_t *j;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "--output", out, "SYNTH-SIG", NULL), 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(sign));
	ck_assert_ptr_nonnull(doc = hpt_slurp(out));
	hpt_start_faulty(&bg, "sign:segv:2", args);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	ck_assert_ptr_nonnull(now = hpt_slurp(sign));
	ck_assert_msg(!strcmp(now, before), "%s was replaced", sign);
	free(now);
	ck_assert_msg(strstr(buf, "sign failed: recorded as SYNTH-SIG__sign.failed.json"), "%s", buf);
	j = hpt_json_load(sign_failed);
	ck_assert_str_eq(json_string_value(json_object_get(j, "status")), "failed");
	expect_failure_prefix(json_string_value(json_object_get(j, "failure")),
			      "killed by SIGSEGV during warm-up operation 1 of 1");
	json_decref(j);
	ck_assert_ptr_nonnull(now = hpt_slurp(out));
	ck_assert_msg(!strcmp(now, doc), "%s was replaced", out);
	free(now);
	free(doc);
	free(before);
	ck_assert_int_eq(count_files(recs), 4);
	/* a folder: the measured records, and a note naming the failed one */
	ck_assert_int_eq(hpt_hashprof(&r, "report", recs, NULL), 0);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, "not read: "));
	ck_assert_ptr_nonnull(strstr(r.err, "SYNTH-SIG__sign.failed.json"));
	ck_assert_ptr_null(strstr(r.out, "SIGSEGV"));
	run_free(&r);
	/* named, it is read */
	ck_assert_int_eq(hpt_hashprof(&r, "report", sign_failed, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "sign: killed by SIGSEGV"));
	run_free(&r);
	/* the next good run of the row removes it */
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "SYNTH-SIG", "sign", NULL), 0);
	run_free(&r);
	ck_assert_int_eq(access(sign_failed, F_OK), -1);
	ck_assert_int_eq(count_files(recs), 3);
	hpt_rmtree(dir);
	free(recs);
	free(out);
	free(sign);
	free(sign_failed);
	free(dir);
}
END_TEST

/* ---------- an output that is another file of the command (trial A, 1) ---------- */

/* r was refused as bad input before anything was read, measured or
 * written: exit status 2, nothing on stdout, and exactly the line
 * "hashprof: WHAT" on stderr.  Releases r. */
static void expect_refused(struct run *r, const char *what)
{
	char line[8400];

	snprintf(line, sizeof line, "hashprof: %s\n", what);
	run_expect_status(r, 2);
	ck_assert_str_eq(r->err, line);
	ck_assert_str_eq(r->out, "");
	run_free(r);
}

/* path holds exactly before (byte for byte: records are text). */
static void expect_unchanged(const char *path, const char *before)
{
	char *now = hpt_slurp(path);

	ck_assert_msg(now != NULL, "%s is gone", path);
	ck_assert_msg(!strcmp(now, before), "%s was overwritten:\n%.300s", path, now);
	free(now);
}

/* report: an output that is the record FILE it reads (any spelling, a
 * hard link), a file the record folder DIR it reads would read, another
 * output, or the --costs table, is refused with one line naming both,
 * exit 2, every file as it was and no output made; a *.failed.json
 * output in DIR is not read by it, and is written. */
START_TEST(test_report_output_is_input)
{
	char *dir = hpt_tmpdir("clash"), *recs = hpt_path(dir, "recs"), *rec = sig_record(recs, "sign", ".json");
	char *odd = hpt_path(dir, "recs/../recs/./SYNTH-SIG__sign.json"), *hard = hpt_path(dir, "hard.json");
	char *inside = hpt_path(recs, "sites.json"), *aside = hpt_path(recs, "sites.failed.json");
	char *folded = hpt_path(dir, "x.folded"), *svg = hpt_path(dir, "x.svg"), *costs = hpt_path(dir, "costs.json");
	char *before, what[8400];
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--call-sites", "--record-dir", recs, "SYNTH-SIG", "sign", NULL),
			 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(rec));
	hpt_hashprof(&r, "report", rec, "--folded", rec, NULL);
	snprintf(what, sizeof what, "--folded: %s is the record file this report reads", rec);
	expect_refused(&r, what);
	hpt_hashprof(&r, "report", rec, "--flame-graph", odd, NULL);
	snprintf(what, sizeof what, "--flame-graph: %s is the record file this report reads", odd);
	expect_refused(&r, what);
	ck_assert_int_eq(link(rec, hard), 0);
	hpt_hashprof(&r, "report", rec, "--folded", hard, NULL);
	snprintf(what, sizeof what, "--folded: %s is the record file this report reads", hard);
	expect_refused(&r, what);
	hpt_hashprof(&r, "report", recs, "--folded", inside, NULL);
	snprintf(what, sizeof what,
		 "--folded: %s is in %s, the record folder this report reads (report and check read every *.json "
		 "file there as a record)",
		 inside, recs);
	expect_refused(&r, what);
	ck_assert_int_eq(access(inside, F_OK), -1);
	hpt_hashprof(&r, "report", rec, "--folded", folded, "--flame-graph", folded, NULL);
	snprintf(what, sizeof what, "--folded and --flame-graph name the same file %s", folded);
	expect_refused(&r, what);
	hpt_hashprof(&r, "report", rec, "--flame-graph", svg, "--plot", svg, NULL);
	snprintf(what, sizeof what, "--flame-graph and --plot name the same file %s", svg);
	expect_refused(&r, what);
	ck_assert_int_eq(access(folded, F_OK), -1);
	ck_assert_int_eq(access(svg, F_OK), -1);
	hpt_write(costs, "{}\n");
	hpt_hashprof(&r, "report", rec, "--hash=SHAKE128", "--costs", costs, "--folded", costs, NULL);
	snprintf(what, sizeof what, "--folded: %s is the --costs file this report reads", costs);
	expect_refused(&r, what);
	expect_unchanged(costs, "{}\n");
	expect_unchanged(rec, before);
	/* what reading the folder skips may be written there */
	ck_assert_int_eq(hpt_hashprof(&r, "report", recs, "--folded", aside, NULL), 0);
	run_free(&r);
	free(before);
	ck_assert_ptr_nonnull(before = hpt_slurp(aside));
	ck_assert_ptr_nonnull(strstr(before, "SYNTH-SIG sign;sig_sign;"));
	free(before);
	hpt_rmtree(dir);
	free(recs);
	free(rec);
	free(odd);
	free(hard);
	free(inside);
	free(aside);
	free(folded);
	free(svg);
	free(costs);
	free(dir);
}
END_TEST

/* A measuring run: two outputs that are one file (--output and --folded,
 * --folded and --flame-graph, --folded and the FILE.failed.json of
 * --output, --output and --record-dir not made yet), or an --output that
 * is a record of --record-dir, are refused before measuring: one line,
 * exit 2, the record as it was, nothing made. */
START_TEST(test_run_outputs_clash)
{
	char *dir = hpt_tmpdir("runclash"), *recs = hpt_path(dir, "recs"), *rec = sig_record(recs, "sign", ".json");
	char *out = hpt_path(dir, "x.json"), *out_failed = hpt_path(dir, "x.failed.json");
	char *fresh = hpt_path(dir, "fresh"), *before, what[8400];
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "SYNTH-SIG", "sign", NULL), 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(rec));
	hpt_hashprof(&r, "-n", "3", "--output", out, "--folded", out, "SYNTH-SIG", "sign", NULL);
	snprintf(what, sizeof what, "--output and --folded name the same file %s", out);
	expect_refused(&r, what);
	hpt_hashprof(&r, "-n", "3", "--folded", out, "--flame-graph", out, "SYNTH-SIG", "sign", NULL);
	snprintf(what, sizeof what, "--folded and --flame-graph name the same file %s", out);
	expect_refused(&r, what);
	hpt_hashprof(&r, "-n", "3", "--output", out, "--folded", out_failed, "SYNTH-SIG", "sign", NULL);
	snprintf(what, sizeof what, "--output's failed-run document and --folded name the same file %s", out_failed);
	expect_refused(&r, what);
	ck_assert_int_eq(access(out, F_OK), -1);
	ck_assert_int_eq(access(out_failed, F_OK), -1);
	hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "--output", rec, "SYNTH-SIG", "sign", NULL);
	snprintf(what, sizeof what,
		 "--output: %s is in %s, the record folder --record-dir writes (report and check read every *.json "
		 "file there as a record)",
		 rec, recs);
	expect_refused(&r, what);
	expect_unchanged(rec, before);
	hpt_hashprof(&r, "-n", "3", "--record-dir", fresh, "--output", fresh, "SYNTH-SIG", "sign", NULL);
	snprintf(what, sizeof what, "--output and --record-dir name the same file %s", fresh);
	expect_refused(&r, what);
	ck_assert_int_eq(access(fresh, F_OK), -1);
	/* not a clash: --folded and --flame-graph in the record folder the
	 * same run makes (refused once, for a folder not made yet) */
	char *folded = hpt_path(fresh, "x.folded"), *svg = hpt_path(fresh, "x.svg"),
	     *fresh_rec = sig_record(fresh, "sign", ".json");
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--call-sites", "--record-dir", fresh, "--folded", folded,
				      "--flame-graph", svg, "SYNTH-SIG", "sign", NULL),
			 0);
	run_free(&r);
	ck_assert_int_eq(access(folded, F_OK), 0);
	ck_assert_int_eq(access(svg, F_OK), 0);
	ck_assert_int_eq(access(fresh_rec, F_OK), 0);
	free(folded);
	free(svg);
	free(fresh_rec);
	free(before);
	hpt_rmtree(dir);
	free(recs);
	free(rec);
	free(out);
	free(out_failed);
	free(fresh);
	free(dir);
}
END_TEST

/* report --folded / --flame-graph of records without call sites (trial A,
 * 2): one line saying so, as --curve says it of per-iteration counts, exit
 * 2, no file written and the record as it was. */
START_TEST(test_report_folded_without_sites)
{
	char *dir = hpt_tmpdir("nosites"), *recs = hpt_path(dir, "recs"), *rec = sig_record(recs, "sign", ".json");
	char *folded = hpt_path(dir, "f.txt"), *svg = hpt_path(dir, "f.svg"), *before;
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "SYNTH-SIG", "sign", NULL), 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(rec));
	hpt_hashprof(&r, "report", recs, "--folded", folded, NULL);
	expect_refused(&r, "report --folded: no measured record has call sites (measure with --call-sites)");
	hpt_hashprof(&r, "report", rec, "--flame-graph", svg, NULL);
	expect_refused(&r, "report --flame-graph: no measured record has call sites (measure with --call-sites)");
	hpt_hashprof(&r, "report", recs, "--folded", folded, "--flame-graph", svg, NULL);
	expect_refused(&r,
		       "report --folded, --flame-graph: no measured record has call sites (measure with --call-sites)");
	ck_assert_int_eq(access(folded, F_OK), -1);
	ck_assert_int_eq(access(svg, F_OK), -1);
	expect_unchanged(rec, before);
	free(before);
	hpt_rmtree(dir);
	free(recs);
	free(rec);
	free(folded);
	free(svg);
	free(dir);
}
END_TEST

/* A row in several records (trial A, 3): a copied record in a folder, a
 * run document beside a record: one note naming the files in the order
 * their rows print, the records read, not changed. */
START_TEST(test_report_names_repeated_rows)
{
	char *dir = hpt_tmpdir("repeat"), *recs = hpt_path(dir, "recs"), *rec = sig_record(recs, "sign", ".json");
	char *copy = hpt_path(recs, "copy.json"), *doc = hpt_path(dir, "run.json"), *before, *doc_before;
	char want[8400];
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", recs, "--output", doc, "SYNTH-SIG", "sign", NULL),
			 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(rec));
	ck_assert_ptr_nonnull(doc_before = hpt_slurp(doc));
	hpt_write(copy, before);
	ck_assert_int_eq(hpt_hashprof(&r, "report", recs, NULL), 0);
	snprintf(want, sizeof want,
		 "hashprof: note: SYNTH-SIG sign is in 2 records: %s, %s; each is printed, in this order\n", rec, copy);
	ck_assert_str_eq(r.err, want);
	ck_assert_int_gt(hpt_lines(r.out), 2);
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", "--format=csv", rec, doc, NULL), 0);
	snprintf(want, sizeof want,
		 "hashprof: note: SYNTH-SIG sign is in 2 records: %s, %s rows[0]; each is printed, in this order\n",
		 rec, doc);
	ck_assert_str_eq(r.err, want);
	ck_assert_int_eq(hpt_lines(r.out), 3); /* heading, the two rows */
	run_free(&r);
	/* each row once: no note */
	ck_assert_int_eq(hpt_hashprof(&r, "report", doc, NULL), 0);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	expect_unchanged(rec, before);
	expect_unchanged(copy, before);
	expect_unchanged(doc, doc_before);
	free(before);
	free(doc_before);
	hpt_rmtree(dir);
	free(recs);
	free(rec);
	free(copy);
	free(doc);
	free(dir);
}
END_TEST

/* ---------- report: stored shares, unknown fields ---------- */

START_TEST(test_report_flags_stored_shares)
{
	char *dir = hpt_tmpdir("flag"), *f = hpt_path(dir, "SYNTH-SIG__verify.json");
	struct run run, rep;
	json_t *j;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "10", "--record-dir", dir, "SYNTH-SIG", "verify", NULL), 0);
	/* a hand edit of the shares only: the calls say otherwise */
	j = hpt_json_load(f);
	json_object_set_new(json_object_get(j, "shares"), "hash", json_real(0.5));
	hpt_json_save(f, j);
	json_decref(j);
	ck_assert_int_eq(hpt_hashprof(&rep, "report", dir, NULL), 1);
	/* the table is the recomputed one: unchanged */
	ck_assert_ptr_nonnull(strstr(rep.out, run.out));
	ck_assert_ptr_nonnull(strstr(rep.out, "note: "));
	ck_assert_ptr_nonnull(strstr(rep.out, f));
	ck_assert_ptr_nonnull(strstr(rep.out, "shares.hash"));
	run_free(&rep);
	/* machine formats keep stdout clean and warn on stderr */
	ck_assert_int_eq(hpt_hashprof(&rep, "report", "--format=csv", f, NULL), 1);
	ck_assert_int_eq(hpt_lines(rep.err), 1);
	ck_assert_ptr_nonnull(strstr(rep.err, f));
	ck_assert_ptr_nonnull(strstr(rep.err, "warning"));
	ck_assert_ptr_null(strstr(rep.out, "shares.hash")); /* the warning is not in the CSV */
	run_free(&rep);
	run_free(&run);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_report_tolerates_unknown_fields)
{
	char *dir = hpt_tmpdir("extra"), *f = hpt_path(dir, "SYNTH-KEM__encaps.json");
	struct run run, rep;
	json_t *j;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "10", "--record-dir", dir, "SYNTH-KEM", "encaps", NULL), 0);
	j = hpt_json_load(f);
	json_object_set_new(j, "a_future_field", json_pack("{s:i}", "x", 1));
	json_object_set_new(json_object_get(j, "procedure"), "future", json_true());
	json_object_set_new(json_array_get(json_object_get(j, "calls"), 0), "future_per_shape", json_real(1.5));
	hpt_json_save(f, j);
	json_decref(j);
	ck_assert_int_eq(hpt_hashprof(&rep, "report", f, NULL), 0);
	ck_assert_str_eq(rep.out, run.out);
	ck_assert_str_eq(rep.err, "");
	run_free(&rep);
	run_free(&run);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/* A --call-sites record whose in-situ cost a busy machine made
 * implausible (400 times the shims' calibrated cost per call, as a trial
 * read 39651 TSC ticks against 96) and that still claims it valid (as an
 * older hashprof wrote it): report does not apply it, so the row reads as
 * the same record with the cost marked not measured, and says why under
 * the row, once; under its sites, that it was not applied
 * (prof/callsites/insitu.h). */
START_TEST(test_report_implausible_insitu)
{
	char *dir = hpt_tmpdir("insitu"), *f = hpt_path(dir, "SYNTH-SIG__sign.json"), want[512], unit[32];
	struct run run, a, b;
	json_t *j, *in;
	double added;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "10", "--call-sites", "--record-dir", dir, "SYNTH-SIG", "sign", NULL),
			 0);
	run_free(&run);
	j = hpt_json_load(f);
	json_object_del(j, "shares");
	json_object_del(j, "shares_raw");
	json_object_del(j, "shares_corrected");
	added = 400 * json_number_value(json_object_get(json_object_get(j, "overhead"), "added_ticks_per_call"));
	/* the clock's unit: TSC ticks on x86-64, timer ticks on AArch64 */
	ck_assert_ptr_nonnull(json_string_value(json_object_get(json_object_get(j, "clock"), "unit")));
	snprintf(unit, sizeof unit, "%s", json_string_value(json_object_get(json_object_get(j, "clock"), "unit")));
	in = json_object_get(json_object_get(j, "call_sites"), "insitu");
	json_object_set_new(in, "added_ticks_per_call", json_real(added));
	json_object_set_new(in, "inside_ticks_per_call", json_real(0));
	json_object_set_new(in, "valid", json_false());
	json_object_set_new(in, "error", json_string("sign: the recorder's cost in the operation: not measured"));
	hpt_json_save(f, j);
	ck_assert_int_eq(hpt_hashprof(&a, "report", f, NULL), 0);
	json_object_set_new(in, "valid", json_true());
	json_object_set_new(in, "error", json_string(""));
	hpt_json_save(f, j);
	json_decref(j);
	ck_assert_int_eq(hpt_hashprof(&b, "report", f, NULL), 0);
	/* the header and the row: the same figures */
	ck_assert_ptr_nonnull(strchr(strchr(a.out, '\n') + 1, '\n'));
	ck_assert_int_eq(strncmp(a.out, b.out, (size_t)(strchr(strchr(a.out, '\n') + 1, '\n') - a.out)), 0);
	snprintf(want, sizeof want,
		 "note: SYNTH-SIG sign: the recorder's in-situ cost was implausible (%.0f %s/call added, 0 "
		 "of them inside the helpers; plausible: ",
		 added, unit);
	ck_assert_msg(strstr(b.out, want) != NULL, "%s lacks %s", b.out, want);
	ck_assert_msg(strstr(b.out, "): not applied; a busy machine could read such figures (a guess: nothing measured "
				    "its load)\n") != NULL,
		      "%s", b.out);
	/* the figures once, in the row's note; under the sites a pointer to it (trial-replay, item 2) */
	ck_assert_msg(strstr(strstr(b.out, want) + strlen(want), "implausible (") == NULL, "%s", b.out);
	ck_assert_msg(strstr(b.out, "  the recorder's cost was not applied (the row's note says why)") != NULL, "%s",
		      b.out);
	ck_assert_ptr_null(strstr(a.out, "implausible"));
	run_free(&a);
	run_free(&b);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_report_bad_input)
{
	char *dir = hpt_tmpdir("badrep"), *f = hpt_path(dir, "bad.json"), *empty = hpt_path(dir, "empty");
	struct run r;

	hpt_write(f, "{\n  \"schema\": \"hashprof-record/1\",\n  \"instance\": }\n");
	ck_assert_int_eq(hpt_hashprof(&r, "report", f, NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, f));
	ck_assert_ptr_nonnull(strstr(r.err, ":3:"));
	ck_assert_ptr_nonnull(strstr(r.err, "malformed JSON"));
	run_free(&r);
	mkdir(empty, 0777);
	ck_assert_int_eq(hpt_hashprof(&r, "report", empty, NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, "no *.json record"));
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", "--format=xml", f, NULL), 2);
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(empty);
	free(dir);
}
END_TEST

/* report prints the figures the records were measured with (trial
 * report): --raw records raw, said in a note on stderr, the table the
 * run's; --corrected and --raw override; an older record without
 * run.figures is read by its command; records of both kinds: corrected,
 * said. */
START_TEST(test_report_follows_the_records_figures)
{
	char *dir = hpt_tmpdir("figs"), *raw = hpt_path(dir, "raw"), *cor = hpt_path(dir, "cor");
	char *f = hpt_path(raw, "SYNTH-SIG__sign.json");
	char want[8400];
	static const char note[] = "hashprof: note: figures not corrected, as the record was measured (--raw); "
				   "--corrected for corrected ones\n";
	struct run run, r;
	json_t *j;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "3", "--raw", "--record-dir", raw, "SYNTH-SIG", "sign", NULL), 0);
	ck_assert_ptr_nonnull(strstr(run.out, "figures NOT corrected"));
	j = hpt_json_load(f);
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(j, "run"), "figures")), "raw");
	ck_assert_int_eq(hpt_hashprof(&r, "report", raw, NULL), 0);
	ck_assert_str_eq(r.out, run.out);
	ck_assert_str_eq(r.err, note);
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", "--corrected", raw, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "figures corrected for it (--raw: uncorrected)"));
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", "--corrected", "--raw", raw, NULL), 0);
	ck_assert_str_eq(r.out, run.out);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	/* an older record: no run.figures, --raw in run.command */
	json_object_del(json_object_get(j, "run"), "figures");
	hpt_json_save(f, j);
	json_decref(j);
	ck_assert_int_eq(hpt_hashprof(&r, "report", f, NULL), 0);
	ck_assert_str_eq(r.out, run.out);
	ck_assert_str_eq(r.err, note);
	run_free(&r);
	run_free(&run);
	/* a corrected record beside it: corrected, said */
	ck_assert_int_eq(hpt_hashprof(&run, "-n", "3", "--record-dir", cor, "SYNTH-SIG", "sign", NULL), 0);
	run_free(&run);
	ck_assert_int_eq(hpt_hashprof(&r, "report", cor, NULL), 0);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", f, cor, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "figures corrected for it (--raw: uncorrected)"));
	/* the same row twice, said first (test_report_names_repeated_rows) */
	snprintf(want, sizeof want,
		 "hashprof: note: SYNTH-SIG sign is in 2 records: %s, %s/SYNTH-SIG__sign.json; each is printed, in "
		 "this order\n"
		 "hashprof: note: 1 of the 2 records were measured with --raw, the others without: "
		 "figures corrected (--raw: uncorrected)\n",
		 f, cor);
	ck_assert_str_eq(r.err, want);
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(raw);
	free(cor);
	free(dir);
}
END_TEST

/* Malformed records among good ones (trial report): every bad file named
 * in a line of its own, the good records' table printed as it is alone,
 * exit status 2; a folder or files of bad records only: the lines, 2. */
START_TEST(test_report_keeps_the_readable)
{
	char *dir = hpt_tmpdir("mixed"), *good = hpt_path(dir, "good"), *mixed = hpt_path(dir, "mixed");
	char *bad1 = hpt_path(mixed, "a-garbage.json"), *bad2 = hpt_path(mixed, "z-trunc.json");
	char *only = hpt_path(dir, "only"), *bad3 = hpt_path(only, "x.json"), expect[8192];
	struct run run, alone, r;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "3", "--record-dir", good, "SYNTH-SIG", NULL), 0);
	run_free(&run);
	ck_assert_int_eq(hpt_hashprof(&run, "-n", "3", "--record-dir", mixed, "SYNTH-SIG", NULL), 0);
	run_free(&run);
	/* the same rows alone: the table to expect (the two runs differ in their ticks) */
	ck_assert_int_eq(hpt_hashprof(&alone, "report", mixed, NULL), 0);
	hpt_write(bad1, "garbage\n");
	hpt_write(bad2, "{\n  \"schema\": \"hashprof-record/1\",\n  \"instance\": \"SYNTH-SIG\"");
	ck_assert_int_eq(hpt_hashprof(&r, "report", mixed, NULL), 2);
	ck_assert_str_eq(r.out, alone.out);
	snprintf(expect, sizeof expect,
		 "hashprof: %s:1:7: malformed JSON: '[' or '{' expected near 'garbage'\n"
		 "hashprof: %s:3:25: malformed JSON: '}' expected near end of file\n",
		 bad1, bad2);
	ck_assert_str_eq(r.err, expect);
	run_free(&r);
	/* a bad file named beside a good folder: the same */
	ck_assert_int_eq(hpt_hashprof(&r, "report", "--format=csv", bad1, good, NULL), 2);
	ck_assert_int_eq(hpt_lines(r.out), 4); /* heading and keygen, sign, verify */
	ck_assert_int_eq(hpt_lines(r.err), 1);
	ck_assert_ptr_nonnull(strstr(r.err, bad1));
	run_free(&r);
	/* nothing readable: each file named, and the folder */
	mkdir(only, 0777);
	hpt_write(bad3, "[]\n");
	ck_assert_int_eq(hpt_hashprof(&r, "report", only, bad1, NULL), 2);
	ck_assert_str_eq(r.out, "");
	ck_assert_int_eq(hpt_lines(r.err), 3);
	ck_assert_ptr_nonnull(strstr(r.err, bad3));
	ck_assert_ptr_nonnull(strstr(r.err, "no readable record in this folder (1 unreadable or malformed)"));
	ck_assert_ptr_nonnull(strstr(r.err, bad1));
	run_free(&r);
	run_free(&alone);
	hpt_rmtree(dir);
	free(good);
	free(mixed);
	free(bad1);
	free(bad2);
	free(only);
	free(bad3);
	free(dir);
}
END_TEST

/* A record of SYNTH-SIG keygen (-n 10) edited by edit(), without its
 * stored shares; `hashprof report` of it into *rep. */
static void report_edited(struct run *rep, const char *format, void (*edit)(json_t *rec))
{
	char *dir = hpt_tmpdir("edit"), *f = hpt_path(dir, "SYNTH-SIG__keygen.json");
	struct run run;
	json_t *j;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "10", "--record-dir", dir, "SYNTH-SIG", "keygen", NULL), 0);
	run_free(&run);
	j = hpt_json_load(f);
	json_object_del(j, "shares");
	json_object_del(j, "shares_raw");
	json_object_del(j, "shares_corrected");
	edit(j);
	hpt_json_save(f, j);
	json_decref(j);
	hpt_hashprof(rep, "report", format, f, NULL);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}

/* three helpers at 9e18 ticks each: 2.7e19 wraps past 2^64 to 8.6e18,
 * under totals.ticks 9e18 (it read as a 300% share) */
static void edit_ticks_past_2_64(json_t *j)
{
	json_object_set_new(json_object_get(j, "totals"), "ticks", json_integer(9000000000000000000LL));
	for (size_t i = 0; i < 3; i++)
		json_object_set_new(json_array_get(json_object_get(j, "calls"), i), "ticks",
				    json_integer(9000000000000000000LL));
}

/* an overhead no calibration gives: a negative cost, a part inside the
 * helper above what the call adds */
static void edit_negative_overhead(json_t *j)
{
	json_object_set_new(json_object_get(j, "overhead"), "added_ticks_per_call", json_real(-1e9));
}
static void edit_inside_above_added(json_t *j)
{
	json_t *o = json_object_get(j, "overhead");

	json_object_set_new(o, "inside_ticks_per_call",
			    json_real(json_number_value(json_object_get(o, "added_ticks_per_call")) + 1));
}

/* a trial whose helpers took more ticks than the trial */
static void edit_trial_ticks(json_t *j)
{
	json_t *t = json_array_get(json_object_get(j, "trials"), 1);

	json_object_set_new(json_object_get(t, "ticks"), "pseudoXOF",
			    json_integer(json_integer_value(json_object_get(t, "total_ticks")) + 1));
}

/* the helpers took all of the time, and the calibrated overhead says that
 * the outermost calls added half of it outside them: corrected, the total
 * would be half the helpers' time (it read as a 200% share) */
static void edit_overcorrected(json_t *j)
{
	json_t *calls = json_object_get(j, "calls"), *s;
	json_int_t inside = 0, outer = 0;
	size_t i;

	json_array_foreach(calls, i, s)
	{
		inside += json_integer_value(json_object_get(s, "ticks"));
		outer += json_integer_value(json_object_get(s, "calls"));
	}
	json_object_set_new(json_object_get(j, "totals"), "ticks", json_integer(inside));
	json_object_del(j, "trials");
	json_object_set_new(json_object_get(j, "overhead"), "added_ticks_per_call",
			    json_real((double)inside / 2 / (double)outer));
	json_object_set_new(json_object_get(j, "overhead"), "inside_ticks_per_call", json_real(0));
}

/* report of a record edited by edit: refused, exit 2, one line with what
 * and what2 (NULL: only what), no table. */
static void expect_report_refused(void (*edit)(json_t *rec), const char *what, const char *what2)
{
	struct run rep;

	report_edited(&rep, "--format=text", edit);
	ck_assert_int_eq(rep.status, 2);
	ck_assert_int_eq(hpt_lines(rep.err), 1);
	ck_assert_msg(strstr(rep.err, what), "'%s' lacks '%s'", rep.err, what);
	ck_assert_msg(!what2 || strstr(rep.err, what2), "'%s' lacks '%s'", rep.err, what2);
	ck_assert_str_eq(rep.out, "");
	run_free(&rep);
}

START_TEST(test_report_impossible_ticks)
{
	struct run rep;
	double hash, drng, init;
	const char *line;

	expect_report_refused(edit_ticks_past_2_64,
			      "field 'calls[2].ticks': the ticks inside the helpers sum past 2^64", NULL);
	expect_report_refused(edit_trial_ticks, "field 'trials[1].ticks': ", "exceed trials[1].total_ticks");
	expect_report_refused(edit_negative_overhead,
			      "field 'overhead.added_ticks_per_call': -1e+09 ticks, expected a number >= 0", NULL);
	expect_report_refused(edit_inside_above_added,
			      "field 'overhead.inside_ticks_per_call': ", "more than overhead.added_ticks_per_call");

	/* a valid record whose correction overshoots: shares add up to 100% at most */
	report_edited(&rep, "--format=csv", edit_overcorrected);
	ck_assert_int_eq(rep.status, 0);
	line = strstr(rep.out, "\"SYNTH-SIG\",keygen,ok,");
	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq(sscanf(line, "\"SYNTH-SIG\",keygen,ok,%lf,%lf,%lf,", &hash, &drng, &init), 3);
	ck_assert_msg(hash + drng + init <= 1.0000005, "shares %f + %f + %f", hash, drng, init);
	run_free(&rep);
	report_edited(&rep, "--format=text", edit_overcorrected);
	ck_assert_int_eq(rep.status, 0);
	for (const char *p = strchr(rep.out, '%'); p; p = strchr(p + 1, '%')) {
		const char *q = p;
		while (q > rep.out && (isdigit((unsigned char)q[-1]) || q[-1] == '.'))
			q--;
		ck_assert_msg(q == p || strtod(q, NULL) <= 100, "a share above 100%%: %.8s in\n%s", q, rep.out);
	}
	run_free(&rep);
}
END_TEST

/* names a record cannot have: an instance outside the rule of instance
 * names (it would name a file), an operation of another kind, a kind
 * that is none */
static void edit_instance_path(json_t *j)
{
	json_object_set_new(j, "instance", json_string("../../etc"));
}
static void edit_operation_of_kem(json_t *j)
{
	json_object_set_new(j, "operation", json_string("encaps"));
}
static void edit_kind_unknown(json_t *j)
{
	json_object_set_new(j, "kind", json_string("abc"));
}

/* report refuses them as check does a baseline's: exit 2, one line naming
 * the field */
START_TEST(test_report_bad_names)
{
	expect_report_refused(edit_instance_path,
			      "field 'instance': '../../etc' is not an instance name (1 to 64 letters, digits, '+', "
			      "'-' or '_')",
			      NULL);
	expect_report_refused(edit_operation_of_kem,
			      "field 'operation': 'encaps' is not an operation of a sig (keygen, sign, verify)", NULL);
	expect_report_refused(edit_kind_unknown, "field 'kind': 'abc' is not an API kind (sig, kem or kex)", NULL);
}
END_TEST

/* a failed row whose writer gave no reason */
static void edit_failed_without_reason(json_t *j)
{
	json_object_set_new(j, "status", json_string("failed"));
	json_object_set_new(j, "failure", json_string(""));
}

/* ... is printed with a placeholder, not a bare "keygen: " */
START_TEST(test_report_failed_without_reason)
{
	struct run rep;

	report_edited(&rep, "--format=text", edit_failed_without_reason);
	ck_assert_msg(strstr(rep.out, "  keygen: failed (no reason recorded)\n") != NULL, "%s", rep.out);
	run_free(&rep);
	report_edited(&rep, "--format=md", edit_failed_without_reason);
	ck_assert_msg(strstr(rep.out, "| keygen | - | - | keygen: failed (no reason recorded) |\n") != NULL, "%s",
		      rep.out);
	run_free(&rep);
	report_edited(&rep, "--format=csv", edit_failed_without_reason);
	ck_assert_msg(strstr(rep.out, "failed (no reason recorded)") != NULL, "%s", rep.out);
	run_free(&rep);
}
END_TEST

/* ---------- reproduction ---------- */

/* The per-shape call tables of a --format=json run, as one string per row. */
static char *call_tables(const char *json_text)
{
	json_error_t je;
	json_t *doc = json_loads(json_text, 0, &je), *rows, *row;
	char *out = calloc(1, 1 << 16);
	size_t used = 0, i, k;

	ck_assert_msg(doc != NULL, "%s", je.text);
	rows = json_object_get(doc, "rows");
	ck_assert(json_array_size(rows) > 0);
	json_array_foreach(rows, i, row)
	{
		json_t *s;
		ck_assert_str_eq(json_string_value(json_object_get(row, "status")), "ok");
		used += (size_t)snprintf(
			out + used, (1 << 16) - used,
			"%s %s ops=%lld:", json_string_value(json_object_get(row, "instance")),
			json_string_value(json_object_get(row, "operation")),
			(long long)json_integer_value(json_object_get(json_object_get(row, "totals"), "operations")));
		json_array_foreach(json_object_get(row, "calls"), k, s) used +=
			(size_t)snprintf(out + used, (1 << 16) - used, " %s/%lld/%lld=%lld+%lld",
					 json_string_value(json_object_get(s, "fn")),
					 (long long)json_integer_value(json_object_get(s, "in_bits")),
					 (long long)json_integer_value(json_object_get(s, "out_bits")),
					 (long long)json_integer_value(json_object_get(s, "calls")),
					 (long long)json_integer_value(json_object_get(s, "nested")));
		used += (size_t)snprintf(out + used, (1 << 16) - used, "\n");
	}
	json_decref(doc);
	return out;
}

static void reproduce(const char *instance, const char *op)
{
	struct run a, b;
	char *ta, *tb;

	ck_assert_int_eq(hpt_hashprof(&a, "-n", "50", "--warmup", "1", "--format=json", instance, op, NULL), 0);
	ck_assert_int_eq(hpt_hashprof(&b, "-n", "50", "--warmup", "1", "--format=json", instance, op, NULL), 0);
	ta = call_tables(a.out);
	tb = call_tables(b.out);
	ck_assert_str_eq(ta, tb);
	ck_assert_ptr_nonnull(strstr(ta, "ops=50"));
	free(ta);
	free(tb);
	run_free(&a);
	run_free(&b);
}

START_TEST(test_reproduction_synthetic)
{
	reproduce("SYNTH-SIG", NULL);
	reproduce("SYNTH-KEM", NULL);
	reproduce("SYNTH-KEX", NULL);
}
END_TEST

START_TEST(test_reproduction_ml_dsa_44)
{
	if (!hpt_have_instance("ML-DSA-44")) {
		fprintf(stderr, "test_reproduction_ml_dsa_44: ML-DSA-44 is not built here; skipped\n");
		return;
	}
	/* rejection sampling: the means depend on the DRNG stream, which the
	 * procedure fixes (seed, set-up, one warm-up, 50 measured) */
	reproduce("ML-DSA-44", "sign");
}
END_TEST

/* ---------- record_io as a library ---------- */

static const char *good_record(void)
{
	return "{\"schema\": \"hashprof-record/1\", \"instance\": \"X\", \"kind\": \"sig\","
	       " \"operation\": \"sign\", \"path\": \"/x.so\", \"wrapped\": \"pseudoXOF\","
	       " \"status\": \"ok\", \"failure\": \"\","
	       " \"procedure\": {\"iterations\": 4, \"warmup\": 1, \"planned\": false,"
	       " \"calibration_seconds\": 0.0, \"seed\": \"0001\", \"message\": \"40c3\"},"
	       " \"clock\": {\"source\": \"PAPI_get_real_cyc\", \"unit\": \"TSC ticks\", \"rate_hz\": 2e9},"
	       " \"totals\": {\"operations\": 4, \"ticks\": 1000},"
	       " \"overflow\": {\"calls\": 0, \"ticks\": 0},"
	       " \"calls\": [{\"fn\": \"pseudoXOF\", \"in_bits\": 256, \"out_bits\": 512, \"calls\": 8,"
	       " \"nested\": 0, \"ticks\": 250}],"
	       " \"shares\": {\"hash\": 0.25, \"drng\": 0.0}}";
}

/* Parse text after replacing `from` by `to` in the good record; returns the error line. */
static long parse_edited(const char *from, const char *to, char *err, size_t errlen)
{
	const char *g = good_record(), *at = strstr(g, from);
	char buf[4096];
	struct hp_record_set s;
	long n;

	ck_assert_ptr_nonnull(at);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - g), g, to, at + strlen(from));
	hp_record_set_init(&s);
	n = hp_record_parse_buffer("rec.json", buf, strlen(buf), &s, err, errlen);
	ck_assert_uint_eq(s.n, n < 0 ? 0 : (size_t)n);
	hp_record_set_free(&s);
	return n;
}

/* strdup, made to fail on demand: this program is linked with
 * -Wl,--wrap=strdup (tests/records.mk), so prof/record/record_io.c's calls come
 * here.  fail_strdup_in = k > 0: the k-th call from now returns NULL. */
char *__real_strdup(const char *s);
char *__wrap_strdup(const char *s);
static int fail_strdup_in;

char *__wrap_strdup(const char *s)
{
	if (fail_strdup_in > 0 && --fail_strdup_in == 0) {
		errno = ENOMEM;
		return NULL;
	}
	return __real_strdup(s);
}

/* Out of memory while listing a folder: an error, not the records read
 * so far as if they were all of them. */
START_TEST(test_record_io_folder_out_of_memory)
{
	char *dir = hpt_tmpdir("oom"), err[HP_RECORD_ERR_MAX] = "";
	struct run run;
	struct hp_record_set set;

	ck_assert_int_eq(hpt_hashprof(&run, "-n", "3", "--record-dir", dir, "SYNTH-SIG", NULL), 0);
	run_free(&run);
	hp_record_set_init(&set);
	ck_assert_int_eq(hp_record_load(dir, &set, err, sizeof err), 3);
	hp_record_set_free(&set);
	for (int k = 1; k <= 3; k++) {
		fail_strdup_in = k; /* the name of the k-th file */
		ck_assert_int_eq(hp_record_load(dir, &set, err, sizeof err), -1);
		ck_assert_uint_eq(set.n, 0);
		ck_assert_msg(strstr(err, dir) && strstr(err, "out of memory"), "%s", err);
		hp_record_set_free(&set);
	}
	fail_strdup_in = 0;
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

START_TEST(test_record_io_parse)
{
	char err[HP_RECORD_ERR_MAX], msg[512];
	struct hp_record_set s;
	const char *g = good_record();

	hp_record_set_init(&s);
	ck_assert_int_eq(hp_record_parse_buffer("rec.json", g, strlen(g), &s, err, sizeof err), 1);
	ck_assert_str_eq(s.rows[0].r.instance, "X");
	ck_assert_uint_eq(s.rows[0].r.iterations, 4);
	ck_assert_uint_eq(s.rows[0].r.seed_len, 2);
	ck_assert_uint_eq(s.rows[0].r.nshapes, 1);
	ck_assert_uint_eq(s.rows[0].r.shapes[0].calls, 8);
	ck_assert_int_eq(hp_record_shares_check(&s.rows[0], msg, sizeof msg), 0);
	hp_record_set_free(&s);

	ck_assert_int_eq(parse_edited("\"hash\": 0.25", "\"hash\": 0.25", err, sizeof err), 1);
	ck_assert_int_eq(parse_edited("hashprof-record/1", "hashprof-record/2", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'schema': 'hashprof-record/2' is not supported (this hashprof reads "
			      "hashprof-record/1)");
	ck_assert_int_eq(parse_edited("\"iterations\": 4, ", "", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'procedure.iterations': missing");
	ck_assert_int_eq(parse_edited("\"iterations\": 4", "\"iterations\": \"4\"", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'procedure.iterations': expected a whole number >= 0");
	ck_assert_int_eq(parse_edited("\"calls\": 8", "\"calls\": -8", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'calls[0].calls': expected a whole number >= 0");
	ck_assert_int_eq(parse_edited("\"fn\": \"pseudoXOF\"", "\"fn\": \"sha3\"", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'calls[0].fn': 'sha3' is not a wrapped helper");
	ck_assert_int_eq(parse_edited("\"seed\": \"0001\"", "\"seed\": \"0x01\"", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'procedure.seed': not hex");
	ck_assert_int_eq(parse_edited("\"status\": \"ok\"", "\"status\": \"fine\"", err, sizeof err), -1);
	ck_assert_str_eq(err, "rec.json: field 'status': 'fine' is neither ok nor failed");
	ck_assert_int_eq(parse_edited("{\"schema\"", "[{\"schema\"", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "rec.json:1:"));
	ck_assert_ptr_nonnull(strstr(err, "malformed JSON"));
	ck_assert_int_eq(parse_edited("\"schema\": \"hashprof-record/1\", ", "", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "rec.json: field 'schema': missing"));

	/* a run document: the row's position is named */
	{
		char doc[8192];
		snprintf(doc, sizeof doc,
			 "{\"run\": {\"hashprof\": \"0\"}, \"rows\": [%s, {\"schema\": \"hashprof-record/1\"}]}", g);
		hp_record_set_init(&s);
		ck_assert_int_eq(hp_record_parse_buffer("doc.json", doc, strlen(doc), &s, err, sizeof err), -1);
		ck_assert_str_eq(err, "doc.json: rows[1]: field 'instance': missing");
		ck_assert_uint_eq(s.n, 0);
		snprintf(doc, sizeof doc, "{\"run\": {\"hashprof\": \"0\"}, \"rows\": [%s, %s]}", g, g);
		ck_assert_int_eq(hp_record_parse_buffer("doc.json", doc, strlen(doc), &s, err, sizeof err), 2);
		ck_assert_str_eq(s.rows[1].where, "rows[1]");
		ck_assert_str_eq(json_string_value(json_object_get(s.rows[1].run, "hashprof")), "0");
		hp_record_set_free(&s);
	}
}
END_TEST

START_TEST(test_record_io_shares_check)
{
	const char *g = good_record(), *at = strstr(g, "\"hash\": 0.25");
	char buf[4096], err[HP_RECORD_ERR_MAX], msg[512];
	struct hp_record_set s;

	snprintf(buf, sizeof buf, "%.*s\"hash\": 0.2500001%s", (int)(at - g), g, at + strlen("\"hash\": 0.25"));
	hp_record_set_init(&s);
	ck_assert_int_eq(hp_record_parse_buffer("r.json", buf, strlen(buf), &s, err, sizeof err), 1);
	ck_assert_int_eq(hp_record_shares_check(&s.rows[0], msg, sizeof msg), 1);
	ck_assert_ptr_nonnull(strstr(msg, "shares.hash"));
	hp_record_set_free(&s);
	/* within 1e-9 relative is agreement */
	snprintf(buf, sizeof buf, "%.*s\"hash\": 0.2500000000001%s", (int)(at - g), g, at + strlen("\"hash\": 0.25"));
	ck_assert_int_eq(hp_record_parse_buffer("r.json", buf, strlen(buf), &s, err, sizeof err), 1);
	ck_assert_int_eq(hp_record_shares_check(&s.rows[0], msg, sizeof msg), 0);
	hp_record_set_free(&s);
}
END_TEST

START_TEST(test_record_io_atomic_write)
{
	char *dir = hpt_tmpdir("atomic"), *f = hpt_path(dir, "a.json"), err[HP_RECORD_ERR_MAX], *text;
	struct stat st;
	DIR *d;
	struct dirent *e;

	ck_assert_int_eq(hp_record_write_atomic(f, "old\n", 4, err, sizeof err), 0);
	ck_assert_int_eq(hp_record_write_atomic(f, "new text\n", 9, err, sizeof err), 0);
	text = hpt_slurp(f);
	ck_assert_str_eq(text, "new text\n");
	free(text);
	ck_assert_int_eq(stat(f, &st), 0);
	{
		mode_t mask = umask(0);
		umask(mask);
		ck_assert_int_eq(st.st_mode & 0777, 0666 & ~mask); /* not mkstemp's 0600 */
	}
	d = opendir(dir);
	while ((e = readdir(d)))
		ck_assert_msg(e->d_name[0] != '.' || !strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."),
			      "temporary file left: %s", e->d_name);
	closedir(d);
	/* a folder in the way, a missing folder: one line naming the path */
	ck_assert_int_eq(hp_record_write_atomic(dir, "x", 1, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, dir));
	ck_assert_int_eq(hp_record_write_atomic("/nonexistent-hp/a.json", "x", 1, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent-hp/a.json"));
	ck_assert_ptr_null(strchr(err, '\n'));
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_record_file_name)
{
	struct hp_result r;
	char name[256];

	hp_result_init(&r);
	snprintf(r.instance, sizeof r.instance, "SPHINCS+-SHAKE-128f-simple");
	snprintf(r.operation, sizeof r.operation, "sign");
	ck_assert_str_eq(hp_record_file_name(&r, name, sizeof name), "SPHINCS+-SHAKE-128f-simple__sign.json");
	snprintf(r.instance, sizeof r.instance, ".a/b c");
	ck_assert_str_eq(hp_record_file_name(&r, name, sizeof name), "_a_b_c__sign.json");
	snprintf(r.instance, sizeof r.instance, "a.b");
	ck_assert_str_eq(hp_record_file_name(&r, name, sizeof name), "a_b__sign.json");
	/* the one name rule (builder, recipes, pages): the file name keeps every valid name */
	ck_assert(hp_name_valid("SPHINCS+-SHAKE-128f-simple") && hp_name_valid("FIX_SUB-128"));
	ck_assert(!hp_name_valid("") && !hp_name_valid("a.b") && !hp_name_valid("a b") && !hp_name_valid("a/b"));
	memset(name, 'A', 65);
	name[65] = '\0';
	ck_assert(!hp_name_valid(name));
	name[64] = '\0';
	ck_assert(hp_name_valid(name));
}
END_TEST

/* Where failed rows and runs go: beside the good name. */
START_TEST(test_record_failed_name)
{
	char buf[8192], path[600];

	ck_assert_str_eq(hp_record_failed_name("base/SYNTH-SIG__sign.json", buf, sizeof buf),
			 "base/SYNTH-SIG__sign.failed.json");
	ck_assert_str_eq(hp_record_failed_name("run", buf, sizeof buf), "run.failed.json");
	ck_assert(hp_record_is_failed_name("SYNTH-SIG__sign.failed.json"));
	ck_assert(!hp_record_is_failed_name("SYNTH-SIG__sign.json"));
	/* a name of 250 bytes: its failed name is shortened to the 255 bytes a name may have */
	memset(path, 'a', 245);
	strcpy(path + 245, ".json");
	hp_record_failed_name(path, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), pathconf(".", _PC_NAME_MAX) > 0 && pathconf(".", _PC_NAME_MAX) < 257
					       ? (size_t)pathconf(".", _PC_NAME_MAX)
					       : 257);
	ck_assert(hp_record_is_failed_name(buf));
	ck_assert_int_eq(strncmp(buf, path, 243), 0);
}
END_TEST

/* ---------- the published-page parser ---------- */

static const struct hp_published_row *find_row(const struct hp_published *p, const char *inst, const char *op)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->rows[i].instance, inst) && !strcmp(p->rows[i].operation, op))
			return &p->rows[i];
	ck_abort_msg("row %s %s not parsed", inst, op);
	return NULL;
}

START_TEST(test_published_fixture)
{
	struct hp_published p;
	char err[HP_RECORD_ERR_MAX];
	const struct hp_published_row *r;

	ck_assert_int_eq(hp_published_load(HP_TEST_DATA "/published-sample.md", &p, err, sizeof err), 27);
	r = &p.rows[0];
	ck_assert_str_eq(r->instance, "DARTS128");
	ck_assert_str_eq(r->operation, "keygen");
	ck_assert(r->hash_pct == 46 && r->drng_pct == 0.5);
	ck_assert_str_eq(r->hash_text, "46%");
	ck_assert_str_eq(r->drng_text, "0.5%");
	ck_assert(r->calls[HP_FN_DRNG] == 1 && r->calls[HP_FN_XOF] == 8.61 && r->calls[HP_FN_PSEUDOHASH] == 8.61);
	ck_assert(r->calls[HP_FN_SM3] == 0 && r->calls_text[HP_FN_SM3][0] == '\0');
	ck_assert_str_eq(r->calls_text[HP_FN_XOF], "8.61");
	ck_assert_uint_eq(r->line, 18);

	r = find_row(&p, "DARTS128", "sign");
	ck_assert(r->hash_pct == 88 && r->drng_pct == 0);
	ck_assert(r->calls[HP_FN_DRNG] == 0 && r->calls[HP_FN_XOF] == 210 && r->calls[HP_FN_PSEUDOHASH] == 83);
	r = find_row(&p, "SHUTTLE-128", "sign");
	ck_assert(r->hash_pct == 0 && r->drng_pct == 67);
	ck_assert_str_eq(r->hash_text, "0.0%");
	ck_assert(r->calls[HP_FN_DRNG] == 89.9 && r->calls[HP_FN_XOF] == 0);
	r = find_row(&p, "SHUTTLE-512", "keygen");
	ck_assert(r->drng_pct == 81 && r->calls[HP_FN_DRNG] == 672);
	r = find_row(&p, "CS-256", "sign");
	ck_assert(r->hash_pct == 49 && r->drng_pct == 8.4);
	ck_assert(r->calls[HP_FN_DRNG] == 154 && r->calls[HP_FN_XOF] == 17.7);
	r = find_row(&p, "CS-512", "verify");
	ck_assert(r->hash_pct == 16 && r->drng_pct == 60 && r->calls[HP_FN_DRNG] == 171 && r->calls[HP_FN_XOF] == 3);
	ck_assert_str_eq(p.rows[26].instance, "CS-512"); /* the 4-column table after it is not read */
	hp_published_free(&p);
}
END_TEST

START_TEST(test_published_own_md)
{
	/* `hashprof --format=md` output reads back */
	static const char md[] =
		"| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		"|---|---|---|---|---|\n"
		"| `SYNTH-NONE` | keygen | 0.0% | 0.0% | none seen |\n"
		"| `SPHINCS+-SHAKE-128f-simple` | sign | 97% | 0.0% | drng 1, pseudoXOF 1.79e+05, sm3hash 2 |\n"
		"| `SYNTH-SIG` | sign | 46% | 0.5% | drng 1, pseudoXOF 1.51e+03, pseudohash 3, sm3hash 1"
		" [shape table overflowed] |\n"
		"\n";
	struct hp_published p;
	char err[HP_RECORD_ERR_MAX];

	ck_assert_msg(hp_published_parse("own.md", md, sizeof md - 1, &p, err, sizeof err) == 3, "%s", err);
	ck_assert(p.rows[0].calls[HP_FN_DRNG] == 0 && p.rows[0].calls[HP_FN_XOF] == 0);
	ck_assert(p.rows[1].calls[HP_FN_XOF] == 179000 && p.rows[1].calls[HP_FN_SM3] == 2);
	ck_assert(!p.corrected && !p.rows[0].failed && !p.rows[1].failed);
	/* the mark of an overflowed shape table: the calls are exact */
	ck_assert(p.rows[2].calls[HP_FN_XOF] == 1510 && p.rows[2].calls[HP_FN_SM3] == 1);
	hp_published_free(&p);

	/* a failed row, and the overhead line of corrected output */
	static const char md2[] = "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				  "|---|---|---|---|---|\n"
				  "| `SYNTH-SIG` | keygen | 24% | 2.1% | drng 1, pseudoXOF 4, pseudohash 2 |\n"
				  "| `SYNTH-SIG` | sign | - | - | sign: killed by SIGSEGV during warm-up |\n"
				  "\noverhead: 45 TSC ticks/call added by the wrapper (14 of them inside the helper); "
				  "figures corrected for it (--raw: uncorrected)\n";
	ck_assert_int_eq(hp_published_parse("own2.md", md2, sizeof md2 - 1, &p, err, sizeof err), 2);
	ck_assert(p.corrected && !p.rows[0].failed && p.rows[1].failed);
	ck_assert(p.rows[0].hash_pct == 24 && p.rows[0].calls[HP_FN_XOF] == 4);
	hp_published_free(&p);
	ck_assert(hp_published_3g(8.6139) == 8.61);
	ck_assert(hp_published_3g(179312) == 179000);
	ck_assert(hp_published_3g(8.6149) == 8.61 && hp_published_3g(8.6151) == 8.62);
}
END_TEST

static void published_error(const char *body, const char *expect)
{
	char text[2048], err[HP_RECORD_ERR_MAX];
	struct hp_published p;

	snprintf(text, sizeof text,
		 "# page\n\n| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n%s", body);
	ck_assert_int_eq(hp_published_parse("page.md", text, strlen(text), &p, err, sizeof err), -1);
	ck_assert_uint_eq(p.n, 0);
	ck_assert_msg(strstr(err, expect) != NULL, "error '%s' lacks '%s'", err, expect);
	ck_assert_ptr_null(strchr(err, '\n'));
}

START_TEST(test_published_errors)
{
	published_error("|---|---|---|---|---|\n| `A\tB` | sign | 88% | 0.0% | drng 1 |\n",
			"page.md:5: column 'instance': 'A?B' is not a name (1 to 127 bytes of text without "
			"control characters or backticks)");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88 percent | 0.0% | drng 1 |\n",
			"page.md:5: column 'pseudohash/XOF/sm3': '88 percent' is not a share");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 101% | drng 1 |\n",
			"page.md:5: column 'DRNG': '101%'");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 0.0% |\n", "page.md:5: expected 5 cells");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 0.0% | sha3 4 |\n",
			"page.md:5: column 'calls per operation': unknown function 'sha3'");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 0.0% | drng x |\n",
			"page.md:5: column 'calls per operation': 'x' is not a mean number of calls for drng");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 0.0% | drng 1, drng 2 |\n",
			"page.md:5: column 'calls per operation': drng given twice");
	published_error("|---|---|---|---|---|\n| `A` | sign | 88% | 0.0% | drng 1,, pseudoXOF 2 |\n",
			"page.md:5: column 'calls per operation': an empty item");
	published_error("|---|---|---|---|---|\n| `` | sign | 88% | 0.0% | drng 1 |\n", "page.md:5: column 'instance'");
	published_error("|---|---|---|---|---|\n| `A` | Sign! | 88% | 0.0% | drng 1 |\n",
			"page.md:5: column 'operation'");
	published_error("| `A` | sign | 88% | 0.0% | drng 1 |\n", "page.md:4: the table header is not followed by");
	{
		/* no table at all is refused; a header without rows reads as 0 rows */
		struct hp_published p;
		char err[HP_RECORD_ERR_MAX];
		ck_assert_int_eq(hp_published_parse("page.md", "# x\n| a |\n", 10, &p, err, sizeof err), -1);
		ck_assert_msg(strstr(err, "page.md: no 'Symmetric primitives' table") != NULL, "%s", err);
	}
}
END_TEST

static Suite *records_suite(void)
{
	Suite *s = suite_create("records");
	TCase *cli = tcase_create("cli"), *lib = tcase_create("library");

	tcase_set_timeout(cli, HPT_TIMEOUT);
	tcase_add_test(cli, test_roundtrip_record_dir_sig);
	tcase_add_test(cli, test_roundtrip_record_dir_kem);
	tcase_add_test(cli, test_roundtrip_output);
	tcase_add_test(cli, test_record_contents);
	tcase_add_test(cli, test_record_runs);
	tcase_add_test(cli, test_output_unwritable);
	tcase_add_test(cli, test_output_long_name);
	tcase_add_test(cli, test_interrupt_keeps_records);
	tcase_add_test(cli, test_kill_keeps_measured_rows);
	tcase_add_test(cli, test_unwritable_files_named);
	tcase_add_test(cli, test_failed_document_merged);
	tcase_add_test(cli, test_failed_row_recorded_beside);
	tcase_add_test(cli, test_report_output_is_input);
	tcase_add_test(cli, test_run_outputs_clash);
	tcase_add_test(cli, test_report_folded_without_sites);
	tcase_add_test(cli, test_report_names_repeated_rows);
	tcase_add_test(cli, test_report_flags_stored_shares);
	tcase_add_test(cli, test_report_tolerates_unknown_fields);
	tcase_add_test(cli, test_report_impossible_ticks);
	tcase_add_test(cli, test_report_bad_names);
	tcase_add_test(cli, test_report_failed_without_reason);
	tcase_add_test(cli, test_report_implausible_insitu);
	tcase_add_test(cli, test_report_bad_input);
	tcase_add_test(cli, test_report_keeps_the_readable);
	tcase_add_test(cli, test_report_follows_the_records_figures);
	tcase_add_test(cli, test_reproduction_synthetic);
	tcase_add_test(cli, test_reproduction_ml_dsa_44);
	suite_add_tcase(s, cli);
	tcase_add_test(lib, test_record_io_parse);
	tcase_add_test(lib, test_record_io_folder_out_of_memory);
	tcase_add_test(lib, test_record_io_shares_check);
	tcase_add_test(lib, test_record_io_atomic_write);
	tcase_add_test(lib, test_record_file_name);
	tcase_add_test(lib, test_record_failed_name);
	tcase_add_test(lib, test_published_fixture);
	tcase_add_test(lib, test_published_own_md);
	tcase_add_test(lib, test_published_errors);
	suite_add_tcase(s, lib);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(records_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
