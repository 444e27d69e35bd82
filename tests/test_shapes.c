/*
 * test_shapes.c - `hashprof build` and the drivers on the shapes of the
 * public Round-1 packages (issue 14, item 3), one fixture each, written
 * for these tests (tests/fixtures/README.md): each shape is built, its
 * KAT checked where the fixture ships vectors, and profiled with exact
 * calls per operation, or refused with its one-line reason.  The helpers
 * are build_util.c's.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "build_util.h"
#include "capture.h"

/* Assert the call table of every operation of a profile: ops[i] with
 * want[i] (call_table's text for -n 5), and no other row. */
static void expect_calls(json_t *doc, const char *const *ops, const char *const *want, size_t n)
{
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), n);
	for (size_t i = 0; i < n; i++) {
		char t[4096];
		call_table(row_of(doc, ops[i]), t, sizeof t);
		ck_assert_msg(!strcmp(t, want[i]), "%s calls:\n%s\nwant:\n%s", ops[i], t, want[i]);
	}
}

/* ---------- key exchanges of 4 and 5 passes ---------- */

/* What each step of FIX-KEX4/FIX-KEX5 calls in 5 operations (the call
 * pattern of tests/fixtures/kex-passes/KEX_AlgorithmInstance.c; every
 * DRNG draw of 128 or 256 bits makes 2 nested sm3hash calls). */
#define KEX_INIT "get_random_number 0 256 5 0\npseudoXOF 256 256 5 0\nsm3hash 264 256 0 10\n"
#define KEX_NONCE "get_random_number 0 128 5 0\nsm3hash 264 256 0 10\n"
#define KEX_PASS3 "sm3hash 768 256 5 0\n"
#define KEX_PASS4 "pseudohash 256 512 5 0\nsm3hash 768 256 5 0\n"
#define KEX_PASS5 "pseudoXOF 512 256 5 0\npseudohash 256 512 5 0\n"
#define KEX_DERIVE "pseudoXOF 1024 256 5 0\n"

/* A 4-pass exchange whose pass 3 overwrites the public key of B and pass
 * 4 the one of A: every step its own row with exact calls, `exchange`
 * their sum, and the two parties agree in every iteration of every row
 * (the driver fails a row whose secrets differ) because the keys are put
 * back before each step; the package's own KAT_KEX.c passes. */
START_TEST(test_kex_4_passes)
{
	static const char *const ops[] = { "exchange", "init_a", "init_b",   "pass1",   "pass2",
					   "pass3",    "pass4",  "derive_a", "derive_b" };
	static const char *const want[] = {
		"get_random_number 0 128 10 0\nget_random_number 0 256 10 0\npseudoXOF 256 256 10 0\n"
		"pseudoXOF 1024 256 10 0\npseudohash 256 512 5 0\nsm3hash 264 256 0 40\nsm3hash 768 256 10 0\n",
		KEX_INIT,
		KEX_INIT,
		KEX_NONCE,
		KEX_NONCE,
		KEX_PASS3,
		KEX_PASS4,
		KEX_DERIVE,
		KEX_DERIVE,
	};
	struct run r;
	json_t *doc;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  kind:    kex (KEX_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "KAT:     pass (KAT_KEX_FIX-KEX4.txt matches Test_Vectors/KAT_KEX_FIX-KEX4.txt)");
	run_free(&r);
	doc = profile(out_dir, "FIX-KEX4", NULL);
	expect_calls(doc, ops, want, sizeof ops / sizeof ops[0]);
	json_decref(doc);
	/* the replay runs each step again from the same inputs: the keys a
	 * pass overwrote are put back for every run */
	HASHPROF(&r, out_dir, "-n", N_STR, "--replay", "FIX-KEX4", "pass4");
	run_expect_status(&r, 0);
	run_free(&r);
	/* a fifth pass is not an operation of a 4-pass exchange */
	HASHPROF(&r, out_dir, "-n", N_STR, "FIX-KEX4", "pass5");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "'pass5' is not an operation of FIX-KEX4: its protocol has fewer passes");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* The same exchange with a fifth pass (A answers B's pass 4). */
START_TEST(test_kex_5_passes)
{
	static const char *const ops[] = { "exchange", "init_a", "init_b", "pass1",    "pass2",
					   "pass3",    "pass4",  "pass5",  "derive_a", "derive_b" };
	static const char *const want[] = {
		"get_random_number 0 128 10 0\nget_random_number 0 256 10 0\npseudoXOF 256 256 10 0\n"
		"pseudoXOF 512 256 5 0\npseudoXOF 1024 256 10 0\npseudohash 256 512 10 0\nsm3hash 264 256 0 40\n"
		"sm3hash 768 256 10 0\n",
		KEX_INIT,
		KEX_INIT,
		KEX_NONCE,
		KEX_NONCE,
		KEX_PASS3,
		KEX_PASS4,
		KEX_PASS5,
		KEX_DERIVE,
		KEX_DERIVE,
	};
	struct run r;
	json_t *doc;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat", "-DFIX_KEX_PASSES=5");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass (KAT_KEX_FIX-KEX5.txt matches Test_Vectors/KAT_KEX_FIX-KEX5.txt)");
	run_free(&r);
	doc = profile(out_dir, "FIX-KEX5", NULL);
	expect_calls(doc, ops, want, sizeof ops / sizeof ops[0]);
	json_decref(doc);
	teardown_fixture();
}
END_TEST

/* kex_get_passes_num says 4, but there is no kex_generate_pass4_msg_b:
 * the build links what there is; every row fails with the reason. */
START_TEST(test_kex_pass_missing)
{
	struct run r;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "-DFIX_KEX_NO_PASS4");
	run_expect_status(&r, 0);
	run_free(&r);
	HASHPROF(&r, out_dir, "-n", N_STR, "FIX-KEX4", "exchange");
	run_expect_status(&r, 1);
	expect_in(&r, r.out,
		  "exchange: kex_get_passes_num returned 4, but the instance does not define "
		  "kex_generate_pass4_msg_b");
	run_free(&r);
	teardown_fixture();
}
END_TEST

static Suite *shapes_suite(void)
{
	Suite *s = suite_create("shapes");
	TCase *tc = tcase_create("shapes");

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown_fixture);
	tcase_add_test(tc, test_kex_4_passes);
	tcase_add_test(tc, test_kex_5_passes);
	tcase_add_test(tc, test_kex_pass_missing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(shapes_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
