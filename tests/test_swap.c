/*
 * test_swap.c - `hashprof INSTANCE [OP] --hash=CANDIDATE` (issue 13): the
 * build tree's hashprof (HP_HASHPROF) on the built-in instances, its
 * output captured (tests/capture.c), --format=json parsed with Jansson.
 *
 *   - SYNTH-SIG with SHAKE256: the candidate's arm makes exactly the
 *     placeholder's calls, shape for shape (SYNTH-SIG's shapes do not
 *     depend on hash outputs), with the operations of both arms;
 *   - every built-in scheme (each instance `hashprof list` shows that
 *     defines a helper) still works under every built-in candidate: its
 *     verify, decaps or exchange row with --hash=all, whose set-up signs
 *     and verifies (encapsulates and decapsulates) under each candidate
 *     after a round trip, has every arm measured;
 *   - a candidate whose arm fails (a fault injected into its set-up, a
 *     crash) fails with the reason and the candidate's name, the others
 *     and the placeholder are measured, exit status 1;
 *   - bad input: an unknown candidate names the known ones (exit 2);
 *     --hash with --replay (exit 2); an instance without helpers to swap;
 *   - `hashprof list --hashes`, and records: the arms survive
 *     --record-dir and `hashprof report` (the same table again).
 *
 * No assertion is on a time: only counts, statuses and texts.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_TESTS_LIBS
#error "HP_TESTS_LIBS (the build tree's tests/.libs) must be defined"
#endif

#define BUILTINS "placeholder, SHAKE128, SHAKE256, SHA3-256, SHA3-512, BLAKE2b-512"

static void run_env_v(struct run *r, const char *setting, const char *const *args)
{
	const char *const env[] = { "HASHPROF_SYNTH_*", "HASHPROF_PATH", "HASHPROF_HASH_PATH", setting, NULL };

	run_capture(r, HP_HASHPROF, args, env);
}

#define RUN(r, ...) run_env_v((r), NULL, (const char *const[]){ __VA_ARGS__, NULL })
#define RUN_ENV(r, setting, ...) run_env_v((r), (setting), (const char *const[]){ __VA_ARGS__, NULL })

static json_t *parse_json(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je);

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "stdout is not JSON: %s (line %d)", je.text, je.line);
	ck_assert_msg(json_is_array(json_object_get(doc, "rows")), "no rows array");
	return doc;
}

static const char *jstr(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_string(v), "'%s' is not a string", key);
	return json_string_value(v);
}

static json_int_t jops(const json_t *rec)
{
	return json_integer_value(json_object_get(json_object_get(rec, "totals"), "operations"));
}

/* The arm of candidate name in row (its "record"). */
static json_t *arm_record(const json_t *row, const char *name)
{
	size_t i;
	json_t *a;

	json_array_foreach(json_object_get(row, "candidates"), i,
			   a) if (!strcmp(jstr(a, "name"), name)) return json_object_get(a, "record");
	ck_abort_msg("no arm %s", name);
	return NULL;
}

/* Two call tables the same: (fn, in_bits, out_bits, calls, nested) in order. */
static void expect_same_calls(const json_t *a, const json_t *b, const char *what)
{
	const json_t *ca = json_object_get(a, "calls"), *cb = json_object_get(b, "calls");

	ck_assert_msg(json_array_size(ca) > 0, "%s: no calls", what);
	ck_assert_msg(json_array_size(ca) == json_array_size(cb), "%s: %zu shapes against %zu", what,
		      json_array_size(ca), json_array_size(cb));
	for (size_t i = 0; i < json_array_size(ca); i++) {
		const json_t *x = json_array_get(ca, i), *y = json_array_get(cb, i);
		static const char *const keys[] = { "in_bits", "out_bits", "calls", "nested" };
		ck_assert_str_eq(jstr(x, "fn"), jstr(y, "fn"));
		for (size_t k = 0; k < 4; k++)
			ck_assert_msg(json_equal(json_object_get(x, keys[k]), json_object_get(y, keys[k])),
				      "%s: shape %zu (%s): %s differs", what, i, jstr(x, "fn"), keys[k]);
	}
}

/* ---------- the swap ---------- */

START_TEST(synth_sig_shake256_same_calls)
{
	static const char *const ops[] = { "keygen", "sign", "verify" };
	struct run r;

	for (size_t k = 0; k < 3; k++) {
		RUN(&r, "SYNTH-SIG", ops[k], "--hash=SHAKE256", "-n", "7", "--format=json");
		run_expect_status(&r, 0);
		json_t *doc = parse_json(&r), *row = json_array_get(json_object_get(doc, "rows"), 0);
		json_t *arm = arm_record(row, "SHAKE256"), *helpers = NULL;
		ck_assert_str_eq(jstr(row, "status"), "ok");
		ck_assert_str_eq(jstr(arm, "status"), "ok");
		ck_assert_int_eq(jops(row), 7);
		ck_assert_int_eq(jops(arm), 7);
		expect_same_calls(row, arm, ops[k]);
		helpers = json_object_get(json_array_get(json_object_get(row, "candidates"), 0), "helpers");
		ck_assert_int_eq(json_array_size(helpers), 2);
		ck_assert_str_eq(json_string_value(json_array_get(helpers, 0)), "pseudoXOF");
		ck_assert_str_eq(json_string_value(json_array_get(helpers, 1)), "pseudohash");
		json_decref(doc);
		run_free(&r);
	}
}
END_TEST

/* Without the calls' ticks (which are times): for json_equal. */
static json_t *calls_only(const json_t *rec)
{
	json_t *c = json_deep_copy(json_object_get(rec, "calls")), *e;
	size_t i;

	json_array_foreach(c, i, e) json_object_del(e, "ticks");
	return c;
}

START_TEST(rejection_counts_are_each_arms_own)
{
	struct run r, plain, again;
	json_t *doc, *row, *pdoc, *prow, *adoc, *arow, *a;
	size_t i;

	/* ML-DSA-44 signing rejects by its hash outputs: each candidate makes
	 * its own number of pseudoXOF calls, the placeholder's arm exactly
	 * those of a run without --hash (same DRNG stream), and the same
	 * again in another run (everything is seeded) */
	RUN(&r, "ML-DSA-44", "sign", "--hash=all", "-n", "20", "--format=json");
	if (r.status == 2 && strstr(r.err, "unknown instance")) {
		run_free(&r);
		return; /* built without PQClean: test_pqclean says so */
	}
	run_expect_status(&r, 0);
	RUN(&plain, "ML-DSA-44", "sign", "-n", "20", "--format=json");
	RUN(&again, "ML-DSA-44", "sign", "--hash=all", "-n", "20", "--format=json");
	run_expect_status(&plain, 0);
	run_expect_status(&again, 0);
	doc = parse_json(&r);
	pdoc = parse_json(&plain);
	adoc = parse_json(&again);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	prow = json_array_get(json_object_get(pdoc, "rows"), 0);
	arow = json_array_get(json_object_get(adoc, "rows"), 0);
	{
		json_t *x = calls_only(row), *y = calls_only(prow);
		ck_assert_msg(json_equal(x, y), "the placeholder's arm counts other calls than a plain run");
		json_decref(x);
		json_decref(y);
	}
	json_array_foreach(json_object_get(row, "candidates"), i, a)
	{
		json_t *rec = json_object_get(a, "record"), *x = calls_only(rec),
		       *y = calls_only(arm_record(arow, jstr(a, "name"))), *p = calls_only(row);
		ck_assert_msg(!json_equal(x, p), "%s: the placeholder's very calls", jstr(a, "name"));
		ck_assert_msg(json_equal(x, y), "%s: another run, other calls", jstr(a, "name"));
		json_decref(x);
		json_decref(y);
		json_decref(p);
	}
	json_decref(doc);
	json_decref(pdoc);
	json_decref(adoc);
	run_free(&r);
	run_free(&plain);
	run_free(&again);
}
END_TEST

/* The operation of a kind whose set-up exercises the whole scheme. */
static const char *checking_op(const char *kind)
{
	return !strcmp(kind, "sig") ? "verify" : !strcmp(kind, "kem") ? "decaps" : "exchange";
}

START_TEST(every_scheme_works_under_every_candidate)
{
	struct run list, r;
	char name[128], kind[8], wraps[512];
	size_t checked = 0;

	RUN(&list, "list");
	run_expect_status(&list, 0);
	for (const char *line = strchr(list.out, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		if (sscanf(line + 1, "%127s %7s %511s", name, kind, wraps) != 3 || !strcmp(wraps, "(none)"))
			continue;
		RUN(&r, name, checking_op(kind), "--hash=all", "-n", "1", "-w", "0", "--format=json");
		run_expect_status(&r, 0);
		json_t *doc = parse_json(&r), *row = json_array_get(json_object_get(doc, "rows"), 0), *a;
		size_t i;
		ck_assert_msg(!strcmp(jstr(row, "status"), "ok"), "%s: %s", name, jstr(row, "failure"));
		ck_assert_int_eq(json_array_size(json_object_get(row, "candidates")), 5);
		json_array_foreach(json_object_get(row, "candidates"), i, a)
		{
			json_t *rec = json_object_get(a, "record");
			ck_assert_msg(!strcmp(jstr(rec, "status"), "ok"), "%s under %s: %s", name, jstr(a, "name"),
				      jstr(rec, "failure"));
			ck_assert_int_eq(jops(rec), 1);
		}
		json_decref(doc);
		run_free(&r);
		checked++;
	}
	/* SYNTH-SIG, -KEM, -KEX, -RESEED and GROUND-TRUTH at least */
	ck_assert_msg(checked >= 5, "only %zu instances checked:\n%s", checked, list.out);
	run_free(&list);
}
END_TEST

START_TEST(failing_arm_fails_alone)
{
	struct run r;

	/* sign calls in the process: the placeholder's set-up (1), SHAKE256's
	 * round trip (2) and set-up (3), SHA3-256's round trip (4) and
	 * set-up (5): the fifth fails */
	RUN_ENV(&r, "HASHPROF_SYNTH_FAULT=sign:fail:5", "SYNTH-SIG", "verify", "--hash=SHAKE256,SHA3-256", "-n", "3");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "SHA3-256     failed: SHA3-256: the scheme fails under the candidate: set-up: "
				    "sig_sign returned -3"),
		      "%s", r.out);
	ck_assert_msg(!strstr(r.out, "SHAKE256     failed") && !strstr(r.out, "placeholder  failed"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "SHAKE256 ") && strstr(r.out, "pseudoXOF 8"), "%s", r.out);
	run_free(&r);

	/* a crash takes the process, so the row, and names the arm's step */
	RUN_ENV(&r, "HASHPROF_SYNTH_FAULT=sign:segv:3", "SYNTH-SIG", "verify", "--hash=SHAKE256", "-n", "3");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "killed by SIGSEGV during SHAKE256: set-up: sig_sign"), "%s", r.out);
	run_free(&r);
}
END_TEST

/* ---------- bad input ---------- */

START_TEST(bad_candidates)
{
	struct run r;

	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE512");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "unknown candidate 'SHAKE512'; known candidates: " BUILTINS), "%s", r.err);
	ck_assert_str_eq(r.out, "");
	run_free(&r);

	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE256,,SHA3-256");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "an empty candidate name"), "%s", r.err);
	run_free(&r);

	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE256", "--replay");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "--hash and --replay exclude each other"), "%s", r.err);
	run_free(&r);

	RUN(&r, "SYNTH-NONE", "sign", "--hash=SHAKE256", "-n", "2");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "SYNTH-NONE defines neither pseudohash nor pseudoXOF"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "not measured: the placeholder's arm failed"), "%s", r.out);
	run_free(&r);
}
END_TEST

START_TEST(instance_bound_to_its_own_helpers)
{
	struct run r;

	/* tests/synth-symbolic.la: SYNTH-SIG linked -Bsymbolic */
	RUN_ENV(&r, "HASHPROF_PATH=" HP_TESTS_LIBS, "SYNTH-SYMBOLIC", "sign", "--hash=SHAKE256", "-n", "3");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out,
			     "SHAKE256     failed: SHAKE256: 24 of the 24 pseudoXOF calls did not go through the "
			     "swap module: the instance binds its own pseudoXOF"),
		      "%s", r.out);
	run_free(&r);
}
END_TEST

START_TEST(list_hashes)
{
	struct run r;
	static const char *const names[] = { "placeholder", "SHAKE128", "SHAKE256",
					     "SHA3-256",    "SHA3-512", "BLAKE2b-512" };

	RUN(&r, "list", "--hashes");
	run_expect_status(&r, 0);
	for (size_t i = 0; i < 6; i++) {
		char want[64];
		snprintf(want, sizeof want, "\n%s ", names[i]);
		ck_assert_msg(strstr(r.out, want), "no %s in:\n%s", names[i], r.out);
	}
	ck_assert_msg(strstr(r.out, "SHA3-256(m || BE32(1)) || SHA3-256(m || BE32(2))"), "%s", r.out);
	run_free(&r);
}
END_TEST

/* ---------- records ---------- */

START_TEST(arms_in_records)
{
	char dir[] = "/tmp/hp-swap-XXXXXX", file[256];
	struct run r, rep;

	ck_assert(mkdtemp(dir));
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,BLAKE2b-512", "-n", "4", "--record-dir", dir);
	run_expect_status(&r, 0);
	snprintf(file, sizeof file, "%s/SYNTH-KEM__encaps.json", dir);
	RUN(&rep, "report", dir);
	run_expect_status(&rep, 0);
	/* the same table, from the record */
	ck_assert_str_eq(rep.out, r.out);
	run_free(&rep);
	RUN(&rep, "report", "--format=json", file);
	run_expect_status(&rep, 0);
	json_t *doc = parse_json(&rep), *row = json_array_get(json_object_get(doc, "rows"), 0);
	ck_assert_int_eq(json_array_size(json_object_get(row, "candidates")), 2);
	ck_assert_int_eq(jops(arm_record(row, "BLAKE2b-512")), 4);
	json_decref(doc);
	run_free(&rep);
	run_free(&r);
	unlink(file);
	rmdir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("swap");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	/* the every-scheme test runs SPHINCS+ sign and verify under six hashes */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, synth_sig_shake256_same_calls);
	tcase_add_test(tc, every_scheme_works_under_every_candidate);
	tcase_add_test(tc, rejection_counts_are_each_arms_own);
	tcase_add_test(tc, failing_arm_fails_alone);
	tcase_add_test(tc, bad_candidates);
	tcase_add_test(tc, instance_bound_to_its_own_helpers);
	tcase_add_test(tc, list_hashes);
	tcase_add_test(tc, arms_in_records);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
