/*
 * test_check.c - `hashprof check` on the synthetic instances.
 *
 *  - a baseline of an unchanged instance passes; one with an altered call
 *    count fails with exit 1 (and passes with a --calls-tolerance that
 *    covers the change); one with altered ticks fails on the share; one
 *    whose batches scatter both sides of the re-run's is re-measured
 *    (--max-reruns) and left undecided (exit 4);
 *  - thresholds: pass under the limits, exit 1 above them;
 *  - --published: the synthetic page (documented call patterns) passes,
 *    an altered one fails, the sample page of the reference rows lists
 *    its instances as not available;
 *  - bad input: malformed JSON or markdown, wrong schema version, a
 *    baseline naming an instance that is not available, tolerances out
 *    of range -> exit 2 and one line naming the file / option and problem.
 *
 * Shares are times, which vary between runs on a loaded machine; the tests
 * that must pass compare them with a wide --share-tolerance and assert
 * exact call counts.  No assertion depends on a time within a few points.
 */
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "records_util.h"

#define WIDE "--share-tolerance=100"
#define EN_DASH "\xe2\x80\x93"
#define EM_DASH "\xe2\x80\x94"

/* The e_machine of the architecture the suite does not run on (elf.h's
 * EM_AARCH64 and EM_X86_64). */
#if defined(__aarch64__)
#define HP_OTHER_MACHINE 62u
#else
#define HP_OTHER_MACHINE 183u
#endif

/* A baseline folder of SYNTH-SIG (all operations), -n 20. */
static char *make_baseline(const char *tag, const char *instance)
{
	char *dir = hpt_tmpdir(tag);
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "20", "--record-dir", dir, instance, NULL), 0);
	run_free(&r);
	return dir;
}

/* Add delta to a count of the first shape of fn in a record file, or set it to 0 in every shape of fn. */
static void alter_shape(const char *file, const char *fn, const char *field, long long delta, int set_zero)
{
	json_t *j = hpt_json_load(file), *s;
	size_t i;
	int done = 0;

	json_array_foreach(json_object_get(j, "calls"), i, s)
	{
		json_t *v = json_object_get(s, field);
		if ((done && !set_zero) || strcmp(json_string_value(json_object_get(s, "fn")), fn))
			continue;
		json_object_set_new(s, field, json_integer(set_zero ? 0 : json_integer_value(v) + delta));
		done = 1;
	}
	ck_assert_msg(done, "%s has no %s shape", file, fn);
	hpt_json_save(file, j);
	json_decref(j);
}

/* Zero helper fn's ticks in every batch of the record in file: the
 * corrected shares of a batched row are the batches' medians. */
static void zero_batch_ticks(const char *file, const char *fn)
{
	json_t *j = hpt_json_load(file), *t;
	size_t i;

	ck_assert_uint_gt(json_array_size(json_object_get(j, "trials")), 0);
	json_array_foreach(json_object_get(j, "trials"), i, t)
	{
		json_object_set_new(json_object_get(t, "ticks"), fn, json_integer(0));
		json_object_set_new(t, "disturbed", json_false()); /* every batch in the baseline's median */
	}
	hpt_json_save(file, j);
	json_decref(j);
}

/* Set the hash helpers' ticks of trial t of a record file to 0, or (full)
 * the whole trial's ticks to pseudoXOF: a batch hash share of 0 or 100%. */
static void set_trial_hash(const char *file, size_t t, int full)
{
	json_t *j = hpt_json_load(file), *tr = json_array_get(json_object_get(j, "trials"), t);
	json_t *ticks = json_object_get(tr, "ticks");

	ck_assert_ptr_nonnull(ticks);
	json_object_set_new(tr, "disturbed", json_false()); /* in the baseline's median */
	json_object_set_new(ticks, "pseudohash", json_integer(0));
	json_object_set_new(ticks, "sm3hash", json_integer(0));
	json_object_set_new(ticks, "pseudoXOF",
			    json_integer(full ? json_integer_value(json_object_get(tr, "total_ticks")) : 0));
	hpt_json_save(file, j);
	json_decref(j);
}

START_TEST(test_baseline_unchanged_passes)
{
	char *dir = make_baseline("base", "SYNTH-SIG");
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, dir, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass"));
	ck_assert_ptr_null(strstr(r.out, "REGRESSION"));
	ck_assert_ptr_nonnull(strstr(r.out, "pseudoXOF calls/op"));
	ck_assert_ptr_nonnull(strstr(r.out, "sm3hash nested/op"));
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	/* one file of it, and a run document (--output) */
	{
		char *f = hpt_path(dir, "SYNTH-SIG__sign.json");
		ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, f, NULL), 0);
		ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG  sign"));
		ck_assert_ptr_null(strstr(r.out, "keygen"));
		run_free(&r);
		free(f);
	}
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

/* A folder's rows in the instance's order (keygen, encaps, decaps), as a
 * run lists them, not by file name (decaps, encaps, keygen). */
START_TEST(test_baseline_rows_in_operation_order)
{
	char *dir = make_baseline("order", "SYNTH-KEM");
	struct run r;
	const char *k, *e, *d;

	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, dir, NULL), 0);
	k = strstr(r.out, "SYNTH-KEM  keygen ");
	e = strstr(r.out, "SYNTH-KEM  encaps ");
	d = strstr(r.out, "SYNTH-KEM  decaps ");
	ck_assert_msg(k && e && d && k < e && e < d, "not keygen, encaps, decaps:\n%s", r.out);
	run_free(&r);
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

START_TEST(test_baseline_run_document_passes)
{
	char *dir = hpt_tmpdir("doc"), *f = hpt_path(dir, "kem.json");
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "20", "--output", f, "SYNTH-KEM", NULL), 0);
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, f, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-KEM  encaps"));
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/* A baseline row in two files (a copied record, trial A, 3): both are
 * re-run and compared, and a note on stderr names the files; the
 * baseline is not changed. */
START_TEST(test_baseline_repeated_row_named)
{
	char *dir = hpt_tmpdir("repeat"), *f = hpt_path(dir, "SYNTH-SIG__sign.json"),
	     *copy = hpt_path(dir, "copy.json");
	char *before, want[8400];
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "5", "--record-dir", dir, "SYNTH-SIG", "sign", NULL), 0);
	run_free(&r);
	ck_assert_ptr_nonnull(before = hpt_slurp(f));
	hpt_write(copy, before);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, dir, NULL), 0);
	snprintf(want, sizeof want,
		 "hashprof: note: SYNTH-SIG sign is in 2 records: %s, %s; each is re-run and compared\n", f, copy);
	ck_assert_str_eq(r.err, want);
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass"));
	run_free(&r);
	{
		char *now = hpt_slurp(f), *now_copy = hpt_slurp(copy);
		ck_assert_str_eq(now, before);
		ck_assert_str_eq(now_copy, before);
		free(now);
		free(now_copy);
	}
	free(before);
	hpt_rmtree(dir);
	free(f);
	free(copy);
	free(dir);
}
END_TEST

START_TEST(test_baseline_altered_calls_fail)
{
	char *dir = make_baseline("calls", "SYNTH-SIG"), *f = hpt_path(dir, "SYNTH-SIG__sign.json");
	struct run r;

	/* 8 pseudoXOF calls per sign become 8.05 in the baseline */
	alter_shape(f, "pseudoXOF", "calls", 1, 0);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, dir, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "REGRESSION"));
	ck_assert_ptr_nonnull(strstr(r.out, "check: FAIL: 1 of"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG sign pseudoXOF calls/op: 8.05 -> 8"));
	run_free(&r);
	/* 0.6% off: within --calls-tolerance 0.01, not within 0.001 */
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "--calls-tolerance", "0.01", dir, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "1%"));
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "--calls-tolerance=0.1%", dir, NULL), 1);
	run_free(&r);
	/* nested calls are compared too */
	alter_shape(f, "pseudoXOF", "calls", -1, 0);
	alter_shape(f, "sm3hash", "nested", 20, 0);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, dir, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "sm3hash nested/op: 3 -> 2"));
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_baseline_altered_share_fails)
{
	char *dir = hpt_tmpdir("share"), *f = hpt_path(dir, "SYNTH-SIG__verify.json");
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "5", "--min-time=0", "--record-dir", dir, "SYNTH-SIG", "verify", NULL),
			 0);
	run_free(&r);
	/* verify is mostly helper time; a baseline without it has a 0% hash share */
	alter_shape(f, "pseudoXOF", "ticks", 0, 1);
	alter_shape(f, "pseudohash", "ticks", 0, 1);
	alter_shape(f, "sm3hash", "ticks", 0, 1);
	zero_batch_ticks(f, "pseudoXOF");
	zero_batch_ticks(f, "pseudohash");
	zero_batch_ticks(f, "sm3hash");
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--min-time=0", dir, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "hash share"));
	ck_assert_ptr_nonnull(strstr(r.out, "REGRESSION"));
	/* every batch of the re-run above every batch of the baseline (its
	 * 5 batches of one operation each; the re-run's undisturbed ones,
	 * 5 on a quiet machine: p = 0.008) */
	ck_assert_msg(strstr(r.out, "2 pp; Mann-Whitney U over batches, p = 0.0"), "%s", r.out);
	ck_assert_msg(strstr(r.out, ", 5 + "), "%s", r.out);
	ck_assert_ptr_null(strstr(r.out, "measured again"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG verify hash share: 0.00% ->"));
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/*
 * A baseline whose batches read 0% twice and 100% three times (median
 * 100%) against a re-run whose batches all lie between: far beyond the
 * tolerance, and no evidence either way (the ranks interleave): measured
 * again --max-reruns times, then "undecided: too noisy", exit 4.  Only
 * the order of the shares matters, never their values.
 */
START_TEST(test_baseline_noisy_is_undecided)
{
	char *dir = hpt_tmpdir("noisy"), *f = hpt_path(dir, "SYNTH-SIG__verify.json");
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "-n", "5", "--min-time=0", "--record-dir", dir, "SYNTH-SIG", "verify", NULL),
			 0);
	run_free(&r);
	for (size_t t = 0; t < 5; t++)
		set_trial_hash(f, t, t >= 2);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--min-time=0", "--max-reruns=0", dir, NULL), 4);
	ck_assert_msg(strstr(r.out, "undecided: too noisy"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "check: UNDECIDED: 1 of 5 comparisons too noisy to decide after 0 re-runs "
				    "(first: SYNTH-SIG verify hash share: 100.00% ->"),
		      "%s", r.out);
	ck_assert_ptr_null(strstr(r.out, "REGRESSION"));
	ck_assert_ptr_null(strstr(r.out, "measured again"));
	run_free(&r);
	/* re-measured once, its batches pooled: still undecided */
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--min-time=0", "--max-reruns=1", dir, NULL), 4);
	ck_assert_msg(strstr(r.out, "note: SYNTH-SIG verify: hash share 100.00% -> "), "%s", r.out);
	/* the re-run's undisturbed batches: 5 and 10 on a quiet machine */
	ck_assert_msg(strstr(r.out, " batches): too noisy to decide: measured again (1 of at most 1)\n"), "%s", r.out);
	ck_assert_msg(strstr(r.out, ", 5 + "), "%s", r.out);
	ck_assert_msg(strstr(r.out, "after 1 re-run (first"), "%s", r.out);
	run_free(&r);
	/* a regression elsewhere wins: exit 1 */
	alter_shape(f, "pseudoXOF", "calls", 1, 0);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--min-time=0", "--max-reruns=0", dir, NULL), 1);
	ck_assert_msg(strstr(r.out, "; some too noisy to decide"), "%s", r.out);
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_thresholds)
{
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "check", "SYNTH-SIG", "sign", "-n", "20", "--max-drng-share", "100%",
				      "--max-hash-share", "100", "--max-calls", "pseudoXOF=8", "--max-calls", "drng=1",
				      NULL),
			 0);
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass: 4 comparisons"));
	ck_assert_ptr_nonnull(strstr(r.out, "pseudoXOF calls/op"));
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "SYNTH-SIG", "sign", "-n", "20", "--max-calls", "pseudoXOF=7", NULL),
			 1);
	ck_assert_ptr_nonnull(strstr(r.out, "EXCEEDED"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG sign pseudoXOF calls/op: <= 7 -> 8"));
	run_free(&r);
	/* every operation when none is named; get_random_number is the same as drng */
	ck_assert_int_eq(hpt_hashprof(&r, "check", "SYNTH-SIG", "-n", "10", "--max-calls", "get_random_number=0", NULL),
			 1);
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG  keygen"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG keygen drng calls/op: <= 0 -> 1"));
	run_free(&r);
	/* a DRNG share above the limit: sign draws once, its share is well above 0.001% */
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--max-drng-share=0.001%", "-n", "20", "SYNTH-SIG", "sign", NULL),
			 1);
	ck_assert_ptr_nonnull(strstr(r.out, "DRNG share"));
	ck_assert_ptr_nonnull(strstr(r.out, "EXCEEDED"));
	run_free(&r);
}
END_TEST

START_TEST(test_published_synthetic_page)
{
	char *dir = hpt_tmpdir("pub"), *f = hpt_path(dir, "altered.md"), *page, *at;
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "--published", HP_TEST_DATA "/published-synth.md", NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "not available: DARTS128 sign"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-KEM  decaps"));
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass: 30 comparisons"));
	run_free(&r);
	/* keygen's 4 pseudoXOF calls printed as 4.01 */
	page = hpt_slurp(HP_TEST_DATA "/published-synth.md");
	ck_assert_ptr_nonnull(page);
	at = strstr(page, "pseudoXOF 4,");
	ck_assert_ptr_nonnull(at);
	memcpy(at, "pseudoXOF 5,", 12);
	hpt_write(f, page);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "--published", f, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "DIFFERS"));
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-SIG keygen pseudoXOF calls/op: 5 -> 4"));
	run_free(&r);
	free(page);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

static void expect_bad(const char *must1, const char *must2, ...);

/* A KEM page as the public pages print it (enc, dec) checks like one that
 * names the API's operations (encaps, decaps): the same comparisons. */
START_TEST(test_published_kem_enc_dec)
{
	char *dir = hpt_tmpdir("kemp"), *api = hpt_path(dir, "api.md"), *pub = hpt_path(dir, "pub.md");
	static const char head[] = "# kem-00 SYNTH " EM_DASH " test page\n\n## Symmetric primitives\n\n"
				   "[Survey](../symmetric-survey.md) verdict: **ICCS-only**\n\n"
				   "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				   "|---|---|---|---|---|\n"
				   "| `SYNTH-KEM` | keygen | 20% | 3.9% | drng 1, pseudoXOF 2 |\n";
	char text[2048], *out_api;
	struct run r;

	snprintf(text, sizeof text, "%s%s", head,
		 "| `SYNTH-KEM` | encaps | 54% | 4.0% | drng 1, pseudoXOF 1, pseudohash 2 |\n"
		 "| `SYNTH-KEM` | decaps | 57% | 0.0% | pseudoXOF 1, pseudohash 2, sm3hash 1 |\n");
	hpt_write(api, text);
	snprintf(text, sizeof text, "%s%s", head,
		 "| `SYNTH-KEM` | enc | 54% | 4.0% | drng 1, pseudoXOF 1, pseudohash 2 |\n"
		 "| `SYNTH-KEM` | dec | 57% | 0.0% | pseudoXOF 1, pseudohash 2, sm3hash " EN_DASH " |\n");
	/* the en dash is a page's "no call" only as the whole cell */
	hpt_write(pub, text);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "-n", "5", "--published", pub, NULL), 2);
	run_free(&r);
	snprintf(text, sizeof text, "%s%s", head,
		 "| `SYNTH-KEM` | enc | 54% | 4.0% | drng 1, pseudoXOF 1, pseudohash 2 |\n"
		 "| `SYNTH-KEM` | dec | 57% | 0.0% | pseudoXOF 1, pseudohash 2, sm3hash 1 |\n");
	hpt_write(pub, text);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "-n", "5", "--published", api, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass: 14 comparisons within tolerance"));
	out_api = strdup(r.out);
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "check", WIDE, "-n", "5", "--published", pub, NULL), 0);
	ck_assert_ptr_nonnull(strstr(r.out, "SYNTH-KEM  decaps     sm3hash calls/op     1          1"));
	ck_assert_ptr_nonnull(strstr(r.out, "check: pass: 14 comparisons within tolerance"));
	ck_assert_ptr_null(strstr(r.out, "match:")); /* its own name */
	ck_assert_str_eq(r.err, "");
	/* line by line the same table but for the shares measured */
	ck_assert_uint_eq(hpt_lines(r.out), hpt_lines(out_api));
	run_free(&r);
	free(out_api);
	hpt_rmtree(dir);
	free(api);
	free(pub);
	free(dir);
}
END_TEST

/* Every check that compares nothing fails (exit 1), whatever the reason:
 * a page whose table has no row, a page whose every row failed, a page
 * of which nothing is here; --map only with --published. */
START_TEST(test_published_nothing_compared)
{
	char *dir = hpt_tmpdir("none"), *f = hpt_path(dir, "page.md");
	static const char head[] = "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				   "|---|---|---|---|---|\n";
	char text[1024];
	struct run r;

	hpt_write(f, head);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--published", f, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "check: FAIL: nothing compared: the table of"));
	run_free(&r);
	snprintf(text, sizeof text, "%s| `SYNTH-SIG` | sign | - | - | sign: killed |\n", head);
	hpt_write(f, text);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--published", f, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "not available: SYNTH-SIG sign (failed on the page)"));
	ck_assert_ptr_nonnull(strstr(r.out, "check: FAIL: nothing compared: every row of"));
	run_free(&r);
	snprintf(text, sizeof text, "%s| `Sigurd-128` | sign | 1%% | 1%% | drng 1 |\n", head);
	hpt_write(f, text);
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--published", f, NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "check: FAIL: nothing compared: none of the 1 rows of"));
	run_free(&r);
	expect_bad("--map applies to --published only", NULL, "check", "--map", f, "SYNTH-SIG", "--max-drng-share=5%",
		   NULL);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_published_sample_not_available)
{
	struct run r;

	/* nothing of the page is here: listed, and a failure (exit 1) */
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--published", HP_TEST_DATA "/published-sample.md", NULL), 1);
	ck_assert_ptr_nonnull(strstr(r.out, "not available: DARTS128 keygen, DARTS128 sign"));
	ck_assert_ptr_nonnull(strstr(r.out, "CS-512 verify"));
	ck_assert_ptr_nonnull(strstr(r.out, "nothing compared"));
	run_free(&r);
}
END_TEST

/* A page with one instance and operation twice: with other shares, or
 * other calls, a warning each (one line, both line numbers), and both rows
 * are compared; twice the same figures (46% and 46.0%) is no conflict. */
START_TEST(test_published_duplicate_rows)
{
	char *dir = hpt_tmpdir("dup"), *f = hpt_path(dir, "page.md"), want[8400];
	struct run r;

	hpt_write(f, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		     "|---|---|---|---|---|\n"
		     "| `NOPE-1` | keygen | 46% | 1.0% | drng 1 |\n"
		     "| `NOPE-1` | sign | 40% | 1.0% | drng 1 |\n"
		     "| `NOPE-1` | verify | 20% | 0.0% | pseudoXOF 3 |\n"
		     "| `NOPE-1` | keygen | 46.0% | 1% | drng 1 |\n"
		     "| `NOPE-1` | sign | 46% | 1.0% | drng 1 |\n"
		     "| `NOPE-1` | verify | 20% | 0.0% | pseudoXOF 4 |\n");
	ck_assert_int_eq(hpt_hashprof(&r, "check", "--published", f, NULL), 1);
	ck_assert_int_eq(hpt_lines(r.err), 2);
	snprintf(want, sizeof want,
		 "hashprof: warning: %s:7: NOPE-1 sign is on line 4 too, with shares 46%% / 1.0%% against 40%% / "
		 "1.0%%: both rows are compared\n",
		 f);
	ck_assert_msg(strstr(r.err, want) != NULL, "%s lacks %s", r.err, want);
	snprintf(want, sizeof want,
		 "hashprof: warning: %s:8: NOPE-1 verify is on line 5 too, with other calls per operation: both "
		 "rows are compared\n",
		 f);
	ck_assert_msg(strstr(r.err, want) != NULL, "%s lacks %s", r.err, want);
	ck_assert_ptr_nonnull(strstr(r.out, "not available: NOPE-1 keygen, NOPE-1 sign, NOPE-1 verify, NOPE-1 keygen"));
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/* A row that fails is one failure, even with thresholds set too (one
 * that no share can exceed: under qemu-aarch64, whose clock moves once a
 * microsecond, SYNTH-SIG keygen's DRNG share once read 71%). */
START_TEST(test_failed_row_counted_once)
{
	char *dir = make_baseline("once", "SYNTH-SIG"), buf[16384];
	const char *args[] = { "check", dir, WIDE, "--max-drng-share=100%", NULL };
	struct run_bg bg;

	hpt_start_faulty(&bg, "sign:fail:2", args); /* the row's first timed call fails */
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	ck_assert_msg(strstr(buf, "check: FAIL: 1 of ") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "sign       status") != NULL, "%s", buf);
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

/* ^C during a check: what was compared is shown, no verdict, exit 130. */
START_TEST(test_interrupt_is_not_a_regression)
{
	char *dir = make_baseline("intr", "SYNTH-SIG"), buf[16384];
	const char *args[] = { "check", dir, "--timeout=0", WIDE, NULL };
	struct run_bg bg;

	hpt_start_faulty(&bg, "sign:hang:2", args);
	ck_assert_msg(hpt_wait_hanging(), "sign never hung"); /* keygen re-run and compared */
	kill(bg.pid, SIGINT);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 130);
	ck_assert_msg(strstr(buf, "check: interrupted by SIGINT: no verdict") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "REGRESSION") == NULL && strstr(buf, "FAIL") == NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "keygen     pseudoXOF calls/op") != NULL, "%s", buf);
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

/* ---------- bad input: exit 2, one line ---------- */

static void expect_bad(const char *must1, const char *must2, ...)
{
	const char *argv[16] = { NULL };
	struct run r;
	va_list ap;
	int n = 0;

	va_start(ap, must2);
	while (n < 15 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	hpt_hashprof(&r, argv[0], argv[1], argv[2], argv[3], argv[4], argv[5], argv[6], NULL);
	ck_assert_msg(r.status == 2, "%s %s: exit %d, stderr %s", argv[0], argv[1], r.status, r.err);
	ck_assert_msg(hpt_lines(r.err) == 1, "not one line: '%s'", r.err);
	ck_assert_msg(strstr(r.err, must1) != NULL, "'%s' lacks '%s'", r.err, must1);
	ck_assert_msg(!must2 || strstr(r.err, must2) != NULL, "'%s' lacks '%s'", r.err, must2);
	ck_assert_str_eq(r.out, "");
	run_free(&r);
}

START_TEST(test_bad_baselines)
{
	char *dir = make_baseline("bad", "SYNTH-KEM"), *f = hpt_path(dir, "SYNTH-KEM__keygen.json");
	char *g = hpt_path(dir, "x.json"), *h = hpt_path(dir, "nope.json"), *text;
	json_t *j;

	/* malformed JSON: file, line:column */
	text = hpt_slurp(f);
	text[strlen(text) / 2] = '\0';
	hpt_write(g, text);
	free(text);
	expect_bad(g, "malformed JSON", "check", g, NULL);
	expect_bad(g, "malformed JSON", "check", dir, NULL); /* in a folder too */
	unlink(g);
	/* wrong schema version */
	j = hpt_json_load(f);
	json_object_set_new(j, "schema", json_string("hashprof-record/2"));
	hpt_json_save(g, j);
	json_decref(j);
	expect_bad(g, "field 'schema': 'hashprof-record/2' is not supported", "check", g, NULL);
	unlink(g);
	/* an instance that is not available */
	j = hpt_json_load(f);
	json_object_set_new(j, "instance", json_string("NOPE-9"));
	hpt_json_save(h, j);
	json_decref(j);
	expect_bad(h, "field 'instance': 'NOPE-9' is not available", "check", h, NULL);
	/* a missing field */
	j = hpt_json_load(f);
	json_object_del(json_object_get(j, "procedure"), "seed");
	hpt_json_save(h, j);
	json_decref(j);
	expect_bad(h, "field 'procedure.seed': missing", "check", h, NULL);
	/* a file that does not exist */
	expect_bad("missing.json", "cannot read", "check", "missing.json", NULL);
	/* a baseline procedure is not overridden */
	expect_bad("--iterations/--warmup", NULL, "check", "-n", "5", f, NULL);
	hpt_rmtree(dir);
	free(f);
	free(g);
	free(h);
	free(dir);
}
END_TEST

/* A baseline folder whose every row failed when it was made (only
 * *.failed.json files): the check compared nothing, which fails (exit 1,
 * as README's "nothing compared"), not bad input; report has nothing to
 * print of it and says so (exit 2, name a file to read it). */
START_TEST(test_failed_only_baseline)
{
	char *dir = hpt_tmpdir("onlyfailed"), *recs = hpt_path(dir, "recs"), buf[65536];
	const char *args[] = { "SYNTH-SIG", "-n", "3", "--record-dir", recs, NULL };
	struct run_bg bg;
	struct run r;

	hpt_start_faulty(&bg, "keygen:fail", args);
	ck_assert_int_eq(run_finish(&bg, buf, sizeof buf, HPT_WAIT), 1);
	ck_assert_int_eq(hpt_hashprof(&r, "check", recs, NULL), 1);
	ck_assert_msg(strstr(r.out, "check: FAIL: nothing compared: ") && strstr(r.out, "only failed ones (") &&
			      strstr(r.out, "SYNTH-SIG__keygen.failed.json"),
		      "%s", r.out);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	ck_assert_int_eq(hpt_hashprof(&r, "report", recs, NULL), 2);
	ck_assert_ptr_nonnull(strstr(r.err, "only failed rows"));
	run_free(&r);
	hpt_rmtree(dir);
	free(recs);
	free(dir);
}
END_TEST

START_TEST(test_bad_options)
{
	expect_bad("--share-tolerance: '101'", "0 to 100", "check", "--share-tolerance=101", "SYNTH-SIG", NULL);
	expect_bad("--max-reruns: '11' is not a whole number of re-runs from 0 to 10", NULL, "check", "--max-reruns=11",
		   "SYNTH-SIG", NULL);
	expect_bad("--max-reruns applies to a baseline only", NULL, "check", "--max-reruns=1", "SYNTH-SIG",
		   "--max-drng-share=10%", NULL);
	expect_bad("--share-tolerance: '-1'", NULL, "check", "--share-tolerance", "-1", "SYNTH-SIG", NULL);
	expect_bad("--share-tolerance: 'nan'", NULL, "check", "--share-tolerance", "nan", "SYNTH-SIG", NULL);
	expect_bad("--calls-tolerance: '2'", "0 to 1", "check", "--calls-tolerance=2", "SYNTH-SIG", NULL);
	expect_bad("--calls-tolerance: '-0.1'", NULL, "check", "--calls-tolerance=-0.1", "SYNTH-SIG", NULL);
	expect_bad("--max-drng-share: '120%'", NULL, "check", "--max-drng-share=120%", "SYNTH-SIG", NULL);
	expect_bad("--max-hash-share: 'lots'", NULL, "check", "--max-hash-share=lots", "SYNTH-SIG", NULL);
	expect_bad("--max-calls: 'sha3=4'", NULL, "check", "--max-calls=sha3=4", "SYNTH-SIG", NULL);
	expect_bad("--max-calls: 'drng=-1'", NULL, "check", "--max-calls=drng=-1", "SYNTH-SIG", NULL);
	expect_bad("give a limit", NULL, "check", "SYNTH-SIG", NULL);
	expect_bad("--max-drng-share: '0.1' has no unit: write it in percent, e.g. 0.1% (or 10% for a tenth)", NULL,
		   "check", "SYNTH-SIG", "--max-drng-share=0.1", NULL);
	expect_bad("unknown instance 'SYNTH-SIGG'", "SYNTH-SIG", "check", "SYNTH-SIGG", "--max-drng-share=10%", NULL);
	expect_bad("'frob' is not an operation of SYNTH-SIG", NULL, "check", "SYNTH-SIG", "frob",
		   "--max-drng-share=10%", NULL);
	expect_bad("missing BASELINE", NULL, "check", NULL);
	/* --help: "--raw ... (not with --published)" */
	expect_bad("--raw does not apply to --published", NULL, "check", "--published", "page.md", "--raw", NULL);
	expect_bad("--raw does not apply to --published", NULL, "check", "--raw", "--published=page.md", NULL);
}
END_TEST

/* --help says what --published compares: uncorrected shares for a
 * published page, corrected ones for hashprof's own corrected output
 * (check/compare.c); --raw is refused with it (test_bad_options). */
START_TEST(test_help_published_shares)
{
	struct run r;

	ck_assert_int_eq(hpt_hashprof(&r, "check", "--help", NULL), 0);
	ck_assert_ptr_null(strstr(r.out, "always"));
	ck_assert_msg(strstr(r.out, "--raw                  compare uncorrected shares (not with --published)\n"), "%s",
		      r.out);
	ck_assert_msg(strstr(r.out, "\"Symmetric primitives\" table of a published\n"
				    "page, at its printed precision, for the instances available here: shares\n"
				    "uncorrected, as published, or corrected when the page is hashprof's own\n"
				    "corrected output (its overhead line says so).\n"),
		      "%s", r.out);
	/* every exit status it can end with */
	ck_assert_msg(strstr(r.out, "Exit status: 0 pass, 1 regression (a comparison out of tolerance, a threshold\n"
				    "exceeded, a row that failed or whose replay failed, nothing compared),\n"
				    "2 bad input, 4 undecided (no regression, but a share still too noisy to\n"
				    "decide after the re-runs), 128+N interrupted by signal N (^C: 130; what was\n"
				    "compared before it is shown, no verdict).\n"),
		      "%s", r.out);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
}
END_TEST

START_TEST(test_bad_markdown)
{
	char *dir = hpt_tmpdir("md"), *f = hpt_path(dir, "page.md"), *g = hpt_path(dir, "none.md");

	hpt_write(f, "# X\n\n## Symmetric primitives\n\n"
		     "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		     "|---|---|---|---|---|\n"
		     "| `SYNTH-SIG` | sign | 32% | 0.8% | drng 1, pseudoXOF 8 |\n"
		     "| `SYNTH-SIG` | verify | 66 | 0.0% | pseudoXOF 8 |\n");
	expect_bad(f, ":8: column 'pseudohash/XOF/sm3': '66' is not a share", "check", "--published", f, NULL);
	hpt_write(g, "# A page without the table\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
	expect_bad(g, "no 'Symmetric primitives' table", "check", "--published", g, NULL);
	expect_bad("nothere.md", "cannot read", "check", "--published", "nothere.md", NULL);
	expect_bad("--published takes no other argument", NULL, "check", "--published", f, "SYNTH-SIG", NULL);
	/* an instance that is here with an operation it does not have: a typo */
	hpt_write(f, "# X\n\n## Symmetric primitives\n\n"
		     "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		     "|---|---|---|---|---|\n"
		     "| `SYNTH-SIG` | sing | 32% | 0.8% | drng 1, pseudoXOF 8 |\n");
	expect_bad(":7: 'sing' is not an operation of SYNTH-SIG (sig: keygen, sign, verify)", NULL, "check",
		   "--published", f, NULL);
	hpt_rmtree(dir);
	free(f);
	free(g);
	free(dir);
}
END_TEST

/* An operation the protocol does not have is bad input in every mode, as
 * for `hashprof SYNTH-KEX pass3` (SYNTH-KEX has two passes). */
START_TEST(test_kex_pass_beyond_protocol)
{
	char *dir = hpt_tmpdir("pass3"), *f = hpt_path(dir, "SYNTH-KEX__pass1.json");
	char *g = hpt_path(dir, "pass3.json"), *page = hpt_path(dir, "page.md");
	struct run r;
	json_t *j;

	expect_bad("'pass3' is not an operation of SYNTH-KEX: its protocol has fewer passes", NULL, "check",
		   "SYNTH-KEX", "pass3", "--max-drng-share=50%", NULL);
	/* a baseline row naming pass3 */
	ck_assert_int_eq(hpt_hashprof(&r, "-n", "3", "--record-dir", dir, "SYNTH-KEX", "pass1", NULL), 0);
	run_free(&r);
	j = hpt_json_load(f);
	json_object_set_new(j, "operation", json_string("pass3"));
	hpt_json_save(g, j);
	json_decref(j);
	expect_bad("pass3.json: field 'operation': 'pass3' is not an operation of SYNTH-KEX: its protocol has fewer "
		   "passes",
		   NULL, "check", g, NULL);
	/* a published row naming pass3 */
	hpt_write(page, "# X\n\n## Symmetric primitives\n\n"
			"| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			"|---|---|---|---|---|\n"
			"| `SYNTH-KEX` | pass3 | 32% | 0.8% | pseudohash 1 |\n");
	expect_bad("page.md:7: 'pass3' is not an operation of SYNTH-KEX: its protocol has fewer passes", NULL, "check",
		   "--published", page, NULL);
	hpt_rmtree(dir);
	free(f);
	free(g);
	free(page);
	free(dir);
}
END_TEST

/* ---------- the user's instance folder ---------- */

/* A copy of the build tree's SYNTH-SIG instance at path, its .hashprof
 * name replaced by name (at most 9 characters: the bytes of "SYNTH-SIG",
 * the rest newlines) and, when machine is not 0, its ELF header's
 * e_machine (little-endian, as on both machines the suites run on). */
static void fake_instance(const char *path, const char *name, unsigned machine)
{
	static const char was[] = "name=SYNTH-SIG\n";
	char so[4096], with[sizeof was];
	FILE *in, *out;
	size_t len, n = strlen(name);
	unsigned char *b;

	ck_assert_uint_le(n, 9);
	snprintf(so, sizeof so, "%.*s/schemes/.libs/synth-sig.so", (int)(strlen(HP_HASHPROF) - strlen("/hashprof")),
		 HP_HASHPROF);
	in = fopen(so, "rb");
	ck_assert_msg(in != NULL, "cannot read %s", so);
	fseek(in, 0, SEEK_END);
	len = (size_t)ftell(in);
	rewind(in);
	b = malloc(len);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(fread(b, 1, len, in), len);
	fclose(in);
	snprintf(with, sizeof with, "name=%s", name);
	memset(with + 5 + n, '\n', sizeof was - 1 - 5 - n);
	for (size_t i = 0, hits = 0; i + sizeof was - 1 <= len; i++)
		if (!memcmp(b + i, was, sizeof was - 1)) {
			memcpy(b + i, with, sizeof was - 1);
			ck_assert_uint_eq(++hits, 1);
		}
	if (machine) {
		b[18] = (unsigned char)(machine & 0xff);
		b[19] = (unsigned char)(machine >> 8);
	}
	out = fopen(path, "wb");
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(fwrite(b, 1, len, out), len);
	fclose(out);
	free(b);
}

/*
 * An evaluator who built DARTS128 (the README's example) into the default
 * folder of `hashprof build`, and has an instance of another architecture
 * there too (HQC-128, built for the other machine), runs the suites: they
 * read none of it (tests/capture.c and tests/local.mk give every suite a
 * HOME of its own), and hashprof itself skips the foreign instance with a
 * note, never loading it.
 */
START_TEST(test_user_instance_folder_not_read)
{
	char *home = hpt_tmpdir("user"), dir[4096], darts[4200], hqc[4200], self[4096], h[4200], note[4600];
	const char *const env[] = { h, "XDG_DATA_HOME", "XDG_CACHE_HOME", "HASHPROF_PATH", NULL };
	/* the other machine: AArch64 (183) here on x86-64, x86-64 (62) elsewhere */
	unsigned other = HP_OTHER_MACHINE;
	struct run r;
	ssize_t n;

	snprintf(dir, sizeof dir, "%s/.local/share/hashprof/instances", home);
	{
		const char *mk[] = { "-p", dir, NULL };
		ck_assert_int_eq(run_capture(&r, "/bin/mkdir", mk, NULL), 0);
		run_free(&r);
	}
	snprintf(darts, sizeof darts, "%s/darts128.so", dir);
	snprintf(hqc, sizeof hqc, "%s/hqc-128.so", dir);
	fake_instance(darts, "DARTS128", 0);
	fake_instance(hqc, "HQC-128", other);
	snprintf(h, sizeof h, "HOME=%s", home);

	/* hashprof with that HOME: DARTS128 found there, HQC-128 skipped with its note */
	{
		const char *args[] = { "list", NULL };
		ck_assert_int_eq(run_capture(&r, HP_HASHPROF, args, env), 0);
		ck_assert_msg(strstr(r.out, "\nDARTS128 "), "%.1500s", r.out);
		ck_assert_msg(!strstr(r.out, "HQC-128"), "%.1500s", r.out);
		snprintf(note, sizeof note,
			 "hashprof: skipping %s: instance HQC-128 is built for %s, and this hashprof runs", hqc,
			 other == 183 ? "AArch64" : "x86-64");
		ck_assert_msg(strstr(r.err, note), "%.1500s", r.err);
		run_free(&r);
	}
	{
		const char *args[] = { "HQC-128", "keygen", NULL };
		ck_assert_int_eq(run_capture(&r, HP_HASHPROF, args, env), 2);
		ck_assert_msg(strstr(r.err, note), "%.1500s", r.err);
		ck_assert_msg(strstr(r.err, "unknown instance 'HQC-128'"), "%s", r.err);
		ck_assert_msg(!strstr(r.err, "cannot load"), "%s", r.err);
		run_free(&r);
	}
	/* this suite's own --published cases, run by hand with that HOME:
	 * DARTS128 stays "not available" to them */
	n = readlink("/proc/self/exe", self, sizeof self - 1);
	ck_assert_int_gt(n, 0);
	self[n] = '\0';
	{
		const char *const suite_env[] = { h,
						  "HP_TEST_HOME",
						  "XDG_DATA_HOME",
						  "XDG_CACHE_HOME",
						  "HASHPROF_PATH",
						  "CK_RUN_CASE=published",
						  NULL };
		const char *args[] = { NULL };
		run_capture(&r, self, args, suite_env);
		if (r.status != 0)
			run_show(&r);
		ck_assert_int_eq(r.status, 0);
		ck_assert_msg(strstr(r.out, "100%: Checks: 2, Failures: 0"), "%s", r.out);
		run_free(&r);
	}
	hpt_rmtree(home);
	free(home);
}
END_TEST

static Suite *check_suite(void)
{
	Suite *s = suite_create("check");
	TCase *tc = tcase_create("check");

	tcase_set_timeout(tc, HPT_TIMEOUT);
	tcase_add_test(tc, test_baseline_unchanged_passes);
	tcase_add_test(tc, test_baseline_rows_in_operation_order);
	tcase_add_test(tc, test_baseline_run_document_passes);
	tcase_add_test(tc, test_baseline_repeated_row_named);
	tcase_add_test(tc, test_baseline_altered_calls_fail);
	tcase_add_test(tc, test_baseline_altered_share_fails);
	tcase_add_test(tc, test_baseline_noisy_is_undecided);
	tcase_add_test(tc, test_thresholds);
	tcase_add_test(tc, test_failed_row_counted_once);
	tcase_add_test(tc, test_interrupt_is_not_a_regression);
	tcase_add_test(tc, test_published_kem_enc_dec);
	tcase_add_test(tc, test_published_nothing_compared);
	tcase_add_test(tc, test_published_duplicate_rows);
	tcase_add_test(tc, test_bad_baselines);
	tcase_add_test(tc, test_failed_only_baseline);
	tcase_add_test(tc, test_bad_options);
	tcase_add_test(tc, test_help_published_shares);
	tcase_add_test(tc, test_bad_markdown);
	tcase_add_test(tc, test_kex_pass_beyond_protocol);
	suite_add_tcase(s, tc);
	/* the cases that name an instance the user may have built
	 * (test_user_instance_folder_not_read runs them by hand) */
	tc = tcase_create("published");
	tcase_set_timeout(tc, HPT_TIMEOUT);
	tcase_add_test(tc, test_published_synthetic_page);
	tcase_add_test(tc, test_published_sample_not_available);
	suite_add_tcase(s, tc);
	tc = tcase_create("user folders");
	tcase_set_timeout(tc, HPT_TIMEOUT);
	tcase_add_test(tc, test_user_instance_folder_not_read);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(check_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
