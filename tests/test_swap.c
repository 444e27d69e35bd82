/*
 * test_swap.c - `hashprof INSTANCE [OP] --hash=CANDIDATE`: the
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
 *   - an operation that calls no helper a candidate stands in for
 *     (GROUND-TRUTH sign): the "nothing swapped" note and JSON flag;
 *   - `hashprof list --hashes`, and records: the arms survive
 *     --record-dir and `hashprof report` (the same table again).
 *
 * No assertion is on a time: only counts, statuses and texts.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_TESTS_LIBS
#error "HP_TESTS_LIBS (the build tree's tests/.libs) must be defined"
#endif

#define BUILTINS "placeholder, SHAKE128, SHAKE256, SHA3-256, SHA3-512, BLAKE2b-512"

/* Every run's cost cache: this suite's own file, never the user's. */
static char cache_env[HPT_TMPDIR_MAX + 64];

static void run_env_v(struct run *r, const char *setting, const char *const *args)
{
	/* a setting of the cache replaces the suite's (getenv finds the first) */
	int own = setting && !strncmp(setting, "HASHPROF_COST_CACHE=", 20);
	const char *const env[] = { "HASHPROF_SYNTH_*",        "HASHPROF_PATH",      "HASHPROF_HASH_PATH",
				    own ? setting : cache_env, own ? NULL : setting, NULL };

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
	RUN_ENV(&r, "HASHPROF_SYNTH_FAULT=sign:fail:5", "SYNTH-SIG", "verify", "--hash=SHAKE256,SHA3-256", "-n", "3",
		"--arms");
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

/* GROUND-TRUTH sign calls no helper at all (keygen only sm3hash, which
 * stays SM3): every candidate's arm runs the placeholder's code, and the
 * table says so under it, the JSON in nothing_swapped.  SYNTH-SIG sign
 * calls both helpers: no such note, the flag false.  (Not a time.) */
START_TEST(nothing_swapped_noted)
{
	struct run r;
	json_t *doc, *arm;

	RUN(&r, "GROUND-TRUTH", "sign", "--hash=SHAKE128", "-n", "5");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "\nnote: GROUND-TRUTH sign SHAKE128: nothing swapped: the operation made no call "
				    "of pseudohash or pseudoXOF, so each arm named here ran the same code as the "
				    "placeholder's: its ratio is 1 by construction, what it shows is noise, and so "
				    "is the projection's error\n"),
		      "%s", r.out);
	run_free(&r);
	RUN(&r, "GROUND-TRUTH", "keygen", "--hash=SHAKE128,SHA3-256", "-n", "2", "--format=json");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	arm = json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 1);
	ck_assert_str_eq(jstr(arm, "name"), "SHA3-256");
	ck_assert(json_is_true(json_object_get(arm, "nothing_swapped")));
	json_decref(doc);
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE256", "-n", "5", "--arms");
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.out, "nothing swapped"), "%s", r.out);
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE256", "-n", "5", "--format=json");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	arm = json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 0);
	ck_assert(json_is_false(json_object_get(arm, "nothing_swapped")));
	ck_assert(json_is_boolean(json_object_get(arm, "ratio_noisy")) &&
		  json_is_number(json_object_get(arm, "ratio_spread")));
	json_decref(doc);
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
	char dir[HPT_TMPDIR_MAX], file[HPT_TMPDIR_MAX + 32];
	struct run r, rep;

	hpt_tmpdir_in(dir, sizeof dir, "swap");
	RUN(&r, "SYNTH-KEM", "encaps", "--hash=SHAKE128,BLAKE2b-512", "-n", "4", "--record-dir", dir);
	run_expect_status(&r, 0);
	snprintf(file, sizeof file, "%s/SYNTH-KEM__encaps.json", dir);
	RUN(&rep, "report", "--hash=SHAKE128,BLAKE2b-512", dir);
	run_expect_status(&rep, 0);
	/* the same table, from the record, projected with the same cached costs */
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
	hpt_rmtree(dir);
}
END_TEST

/* ---------- projection ---------- */

/* A number member of o by dotted path. */
static double jnum(const json_t *o, const char *path)
{
	char key[64];
	const char *dot = strchr(path, '.');

	if (dot) {
		snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
		return jnum(json_object_get(o, key), dot + 1);
	}
	ck_assert_msg(json_is_number(json_object_get(o, path)), "'%s' is not a number", path);
	return json_number_value(json_object_get(o, path));
}

/* Write a hashprof-costs/1 table for the pseudoXOF and pseudohash shapes
 * of rec, of a candidate `cand` and the placeholder: the i-th shape costs
 * 1000 + 70 i ticks for the placeholder and 300 + 11 i for the candidate,
 * measured at half rec's tick rate; skip (an index, or -1) leaves one
 * shape out of the candidate's.  In rec's unit (TSC ticks on x86-64, timer
 * ticks on AArch64): a table in another unit is not projected. */
static void write_costs(const char *path, const json_t *rec, const char *cand, long skip)
{
	json_t *ph = json_array(), *cc = json_array(), *e, *doc;
	size_t i;

	json_array_foreach(json_object_get(rec, "calls"), i, e)
	{
		const char *fn = jstr(e, "fn");
		if (strcmp(fn, "pseudoXOF") && strcmp(fn, "pseudohash"))
			continue;
		json_array_append_new(ph, json_pack("{s:s, s:O, s:O, s:f, s:f, s:f, s:i, s:i}", "fn", fn, "in_bits",
						    json_object_get(e, "in_bits"), "out_bits",
						    json_object_get(e, "out_bits"), "median_ticks", 1000.0 + 70.0 * i,
						    "q1_ticks", 0.0, "q3_ticks", 0.0, "samples", 31, "batch_calls", 1));
		if ((long)i != skip)
			json_array_append_new(cc, json_pack("{s:s, s:O, s:O, s:f, s:f, s:f, s:i, s:i}", "fn", fn,
							    "in_bits", json_object_get(e, "in_bits"), "out_bits",
							    json_object_get(e, "out_bits"), "median_ticks",
							    300.0 + 11.0 * i, "q1_ticks", 0.0, "q3_ticks", 0.0,
							    "samples", 31, "batch_calls", 1));
	}
	doc = json_pack("{s:s, s:{s:s, s:s, s:s, s:s, s:f}, s:{s:{s:s, s:o}, s:{s:s, s:o}}}", "schema",
			"hashprof-costs/1", "machine", "cpu", "elsewhere", "host", "elsewhere", "clock",
			"PAPI_get_real_cyc", "unit", jstr(json_object_get(rec, "clock"), "unit"), "rate_hz",
			jnum(rec, "clock.rate_hz") / 2, "subjects", "placeholder", "version", "", "shapes", ph, cand,
			"version", "", "shapes", cc);
	ck_assert_int_eq(json_dump_file(doc, path, 0), 0);
	json_decref(doc);
}

/* The projection, by the formula, of rec with write_costs' table. */
static double expected_projection(const json_t *rec)
{
	double added = jnum(rec, "overhead.added_ticks_per_call"), total = jnum(rec, "totals.ticks"), outer = 0;
	double delta = 0, ops = jnum(rec, "totals.operations");
	json_t *e;
	size_t i;

	json_array_foreach(json_object_get(rec, "calls"), i, e)
	{
		double n = jnum(e, "calls") + jnum(e, "nested");
		outer += jnum(e, "calls");
		if (!strcmp(jstr(e, "fn"), "pseudoXOF") || !strcmp(jstr(e, "fn"), "pseudohash"))
			/* the costs' ticks are twice the row's: measured at half its rate */
			delta += n * 2 * ((300.0 + 11.0 * i) - (1000.0 + 70.0 * i));
	}
	/* a batched row's time per operation is the median over its batches
	 * (docs/method-batches.md), already corrected */
	if (json_object_get(rec, "batches"))
		return jnum(rec, "batches.ticks_per_operation_median") + delta / ops;
	return (total - added * outer + delta) / ops;
}

START_TEST(projection_from_known_costs)
{
	char dir[HPT_TMPDIR_MAX], rec_path[HPT_TMPDIR_MAX + 32], costs[HPT_TMPDIR_MAX + 16];
	struct run r;
	json_error_t je;
	json_t *rec, *doc, *arm;
	double want, got, measured;

	hpt_tmpdir_in(dir, sizeof dir, "proj");
	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHAKE256", "-n", "5", "--record-dir", dir);
	run_expect_status(&r, 0);
	run_free(&r);
	snprintf(rec_path, sizeof rec_path, "%s/SYNTH-SIG__sign.json", dir);
	snprintf(costs, sizeof costs, "%s/costs.json", dir);
	ck_assert_msg((rec = json_load_file(rec_path, 0, &je)), "%s", je.text);
	write_costs(costs, rec, "SHAKE256", -1);
	want = expected_projection(rec);

	/* report --hash projects the stored record with exactly these costs */
	RUN(&r, "report", "--hash=SHAKE256", "--costs", costs, "--format=json", rec_path);
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	arm = json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 0);
	got = jnum(arm, "projected_ticks_per_operation");
	/* the formula's value, whatever its sign: write_costs' invented costs
	 * can exceed a row timed on a slow clock (qemu's 62.5 MHz timer) */
	ck_assert_msg(fabs(got - want) <= 1e-9 * fabs(want), "projected %.17g, by the formula %.17g", got, want);
	json_decref(doc);
	run_free(&r);

	/* ... and the text table has the error against the measured arm */
	RUN(&r, "report", "--hash=SHAKE256", "--costs", costs, "--format=csv", rec_path);
	run_expect_status(&r, 0);
	{
		char *line = strstr(r.out, "\n\"SYNTH-SIG\",sign,\"SHAKE256\",ok,"), cells[32][64];
		int n = 0;
		ck_assert_msg(line, "%s", r.out);
		for (char *p = line + 1; n < 32 && *p && *p != '\n'; n++) {
			/* RFC 4180: a quoted field runs to its closing quote */
			size_t len = *p == '"' ? strcspn(p + 1, "\"") + 2 : strcspn(p, ",\n");
			snprintf(cells[n], sizeof cells[n], "%.*s", (int)len, p);
			p += len + (p[len] == ',');
		}
		/* ticks_per_operation (4), projected_ticks_per_operation (15), projection_error (17) */
		measured = strtod(cells[4], NULL);
		ck_assert_msg(fabs(strtod(cells[15], NULL) - want) <= 1e-5 * fabs(want), "%s", line);
		ck_assert_msg(fabs(strtod(cells[17], NULL) - (want / measured - 1)) <= 1e-4, "%s", line);
	}
	run_free(&r);

	/* a shape the table lacks: no projection, and the reason */
	write_costs(costs, rec, "SHAKE256", 1);
	RUN(&r, "report", "--hash=SHAKE256", "--costs", costs, rec_path);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "note: SYNTH-SIG sign SHAKE256: no projection: no cost of SHAKE256 for "), "%s",
		      r.out);
	ck_assert_msg(strstr(r.out, costs), "%s", r.out);
	run_free(&r);

	/* a table that is not one: bad input, the field named */
	{
		FILE *f = fopen(costs, "w");
		ck_assert(f);
		fputs("{\"schema\": \"hashprof-costs/1\", \"machine\": 3}", f);
		fclose(f);
	}
	RUN(&r, "report", "--hash=SHAKE256", "--costs", costs, rec_path);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "field 'machine': expected an object"), "%s", r.err);
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	RUN(&r, "report", "--costs", costs, rec_path);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "--costs needs --hash"), "%s", r.err);
	run_free(&r);

	json_decref(rec);
	hpt_rmtree(dir);
}
END_TEST

/* The cost cache is kept when $XDG_CACHE_HOME does not exist yet (a fresh
 * account): its folders are made. */
START_TEST(costs_kept_without_cache_folder)
{
	char dir[HPT_TMPDIR_MAX], xdg[HPT_TMPDIR_MAX + 32], hp[HPT_TMPDIR_MAX + 32];
	const char *const env[] = {
		"HASHPROF_SYNTH_*", "HASHPROF_PATH", "HASHPROF_HASH_PATH", "HASHPROF_COST_CACHE", xdg, NULL
	};
	struct run r;
	DIR *d;
	struct dirent *e;
	int found = 0;

	hpt_tmpdir_in(dir, sizeof dir, "xdg");
	snprintf(xdg, sizeof xdg, "XDG_CACHE_HOME=%s/not/yet", dir);
	run_capture(&r, HP_HASHPROF,
		    (const char *const[]){ "SYNTH-KEM", "decaps", "--hash=SHA3-512", "-n", "3", "--format=json", NULL },
		    env);
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.err, "not kept"), "%s", r.err);
	run_free(&r);
	snprintf(hp, sizeof hp, "%s/not/yet/hashprof", dir);
	ck_assert_msg((d = opendir(hp)) != NULL, "no %s", hp);
	while ((e = readdir(d)))
		found += !strncmp(e->d_name, "hashcost-", 9);
	closedir(d);
	ck_assert_int_eq(found, 1);
	/* the ratio says which placeholder it is against */
	run_capture(&r, HP_HASHPROF, (const char *const[]){ "SYNTH-KEM", "decaps", "--hash=SHA3-512", "-n", "3", NULL },
		    env);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out,
			     "the instance's own helpers: for hashprof's built-in instances hashprof's "
			     "placeholder (OpenSSL SM3), for a `hashprof build` instance its package's ICCS helpers"),
		      "%s", r.out);
	run_free(&r);
	hpt_rmtree(dir);
}
END_TEST

START_TEST(costs_cached_per_machine)
{
	char dir[HPT_TMPDIR_MAX], cache[HPT_TMPDIR_MAX + 16], env[HPT_TMPDIR_MAX + 48], rec_path[HPT_TMPDIR_MAX + 32];
	struct run r;
	json_error_t je;
	json_t *c, *doc;
	double first, again;
	char host[128];

	hpt_tmpdir_in(dir, sizeof dir, "cache");
	snprintf(cache, sizeof cache, "%s/costs.json", dir);
	snprintf(env, sizeof env, "HASHPROF_COST_CACHE=%s", cache);
	snprintf(rec_path, sizeof rec_path, "%s/SYNTH-KEM__decaps.json", dir);
	RUN_ENV(&r, env, "SYNTH-KEM", "decaps", "--hash=SHA3-512", "-n", "3", "--record-dir", dir, "--format=json");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	first = jnum(json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 0),
		     "projected_ticks_per_operation");
	json_decref(doc);
	run_free(&r);
	/* the cache: this machine, the candidate and the instance's placeholder */
	ck_assert_msg((c = json_load_file(cache, 0, &je)), "%s", je.text);
	snprintf(host, sizeof host, "%s", jstr(json_object_get(c, "machine"), "host"));
	ck_assert_str_eq(jstr(json_object_get(json_object_get(c, "subjects"), "SHA3-512"), "version"), "built in");
	ck_assert(json_object_get(json_object_get(c, "subjects"), "placeholder@SYNTH-KEM"));

	/* report projects with the cached costs: the very same figure */
	RUN_ENV(&r, env, "report", "--hash=SHA3-512", "--format=json", rec_path);
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	again = jnum(json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 0),
		     "projected_ticks_per_operation");
	ck_assert_msg(again == first, "%.17g then %.17g", first, again);
	json_decref(doc);
	run_free(&r);

	/* another machine's cache is not used: measured again, this machine's
	 * (its costs here would project a negative time) */
	json_object_set_new(json_object_get(c, "machine"), "host", json_string("elsewhere"));
	{
		const char *key;
		json_t *subj, *e;
		size_t i;
		json_object_foreach(json_object_get(c, "subjects"), key, subj)
			json_array_foreach(json_object_get(subj, "shapes"), i, e)
				json_object_set_new(e, "median_ticks", json_real(strcmp(key, "SHA3-512") ? 1e12 : 0));
	}
	ck_assert_int_eq(json_dump_file(c, cache, 0), 0);
	json_decref(c);
	RUN_ENV(&r, env, "report", "--hash=SHA3-512", "--format=json", rec_path);
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	again = jnum(json_array_get(json_object_get(json_array_get(json_object_get(doc, "rows"), 0), "candidates"), 0),
		     "projected_ticks_per_operation");
	ck_assert_msg(again > 0, "projected %g with the other machine's costs", again);
	json_decref(doc);
	run_free(&r);
	ck_assert_msg((c = json_load_file(cache, 0, &je)), "%s", je.text);
	ck_assert_str_eq(jstr(json_object_get(c, "machine"), "host"), host);
	ck_assert(
		jnum(json_array_get(
			     json_object_get(json_object_get(json_object_get(c, "subjects"), "SHA3-512"), "shapes"), 0),
		     "median_ticks") > 0);
	json_decref(c);
	hpt_rmtree(dir);
}
END_TEST

int main(void)
{
	Suite *s;
	TCase *tc;
	SRunner *sr;
	char costs[HPT_TMPDIR_MAX];
	int failed;

	/* the suite's cost cache, shared by its tests */
	if (hpt_tmpdir_try(costs, sizeof costs, "swap-costs") != 0) {
		perror("test_swap: a temporary folder");
		return 99;
	}
	snprintf(cache_env, sizeof cache_env, "HASHPROF_COST_CACHE=%s/costs.json", costs);
	s = suite_create("swap");
	tc = tcase_create("core");
	/* the every-scheme test runs SPHINCS+ sign and verify under six hashes */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, synth_sig_shake256_same_calls);
	tcase_add_test(tc, every_scheme_works_under_every_candidate);
	tcase_add_test(tc, rejection_counts_are_each_arms_own);
	tcase_add_test(tc, failing_arm_fails_alone);
	tcase_add_test(tc, bad_candidates);
	tcase_add_test(tc, instance_bound_to_its_own_helpers);
	tcase_add_test(tc, nothing_swapped_noted);
	tcase_add_test(tc, list_hashes);
	tcase_add_test(tc, arms_in_records);
	tcase_add_test(tc, projection_from_known_costs);
	tcase_add_test(tc, costs_cached_per_machine);
	tcase_add_test(tc, costs_kept_without_cache_folder);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	hpt_rmtree(costs);
	return failed ? 1 : 0;
}
