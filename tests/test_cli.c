/*
 * test_cli.c - integration tests: the build tree's `hashprof` (HP_HASHPROF,
 * an absolute path) run on the synthetic instances, which it finds in the
 * build tree by itself.  stdout, stderr and the exit status are captured
 * (tests/capture.c); --format=json output is parsed with Jansson.
 *
 * The expected call counts are the documented call patterns of the
 * synthetic instances (the *_AlgorithmInstance.c files of
 * schemes/synthetic/sig, kem and kex, and synth_drng.c: every get_random_number(bits) makes ceil(bits/256) + 1
 * nested sm3hash calls of 264 input bits).  No assertion is on a time.
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "replay/replay.h"

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif

#define ALL_WRAPPED "pseudohash,pseudoXOF,sm3hash,get_random_number,init_random_number"
#define N 7
#define N_STR "7"

/* ---------- running hashprof ---------- */

/* Run hashprof with args (NULL-terminated) and the environment assignment
 * setting ("HASHPROF_SYNTH_SLEEP=sign:300"; NULL: none).  The synthetic
 * instances' knobs and HASHPROF_PATH are unset otherwise. */
static void run_env_v(struct run *r, const char *setting, const char *const *args)
{
	const char *const env[] = { "HASHPROF_SYNTH_*", "HASHPROF_PATH", setting, NULL };

	run_capture(r, HP_HASHPROF, args, env);
}

/* Run hashprof with args and HASHPROF_SYNTH_FAULT=fault (none when NULL). */
static void run_v(struct run *r, const char *fault, const char *const *args)
{
	char faultvar[256];

	if (fault)
		snprintf(faultvar, sizeof faultvar, "HASHPROF_SYNTH_FAULT=%s", fault);
	run_env_v(r, fault ? faultvar : NULL, args);
}

#define RUN(r, fault, ...) run_v((r), (fault), (const char *const[]){ __VA_ARGS__, NULL })
#define RUN_ENV(r, setting, ...) run_env_v((r), (setting), (const char *const[]){ __VA_ARGS__, NULL })

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* The line of the text table whose first two words are inst and op (a
 * copy; free it), or NULL. */
static char *text_row(const char *text, const char *inst, const char *op)
{
	const char *line = text;

	while (*line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char a[128], b[128], *copy = strndup(line, len);
		if (copy && sscanf(copy, "%127s %127s", a, b) == 2 && !strcmp(a, inst) && !strcmp(b, op))
			return copy;
		free(copy);
		if (!end)
			break;
		line = end + 1;
	}
	return NULL;
}

static void expect_row_contains(const char *text, const char *inst, const char *op, const char *what)
{
	char *row = text_row(text, inst, op);

	ck_assert_msg(row != NULL, "no row %s %s in:\n%s", inst, op, text);
	ck_assert_msg(strstr(row, what) != NULL, "row '%s' lacks '%s'", row, what);
	free(row);
}

/* A measured text row: two share cells ending in '%' (a cell may carry a
 * spread, "24% ±0.9"), the calls, and no failure text. */
static void expect_row_measured(const char *text, const char *inst, const char *op, const char *calls)
{
	char *row = text_row(text, inst, op), *save = NULL;
	int shares = 0, words = 0;

	ck_assert_msg(row != NULL, "no row %s %s in:\n%s", inst, op, text);
	ck_assert_msg(strstr(row, calls) != NULL, "row '%s' lacks '%s'", row, calls);
	ck_assert_msg(strstr(row, ": ") == NULL, "row '%s' looks failed", row);
	for (char *w = strtok_r(row, " ", &save); w && words < 6; w = strtok_r(NULL, " ", &save), words++)
		shares += w[strlen(w) - 1] == '%';
	ck_assert_msg(shares >= 2, "row of %s %s has no shares", inst, op);
	free(row);
}

/* ---------- JSON rows ---------- */

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

static json_t *json_row(json_t *doc, const char *op)
{
	size_t i;
	json_t *row;

	json_array_foreach(json_object_get(doc, "rows"), i,
			   row) if (!strcmp(json_string_value(json_object_get(row, "operation")), op)) return row;
	ck_abort_msg("no row for operation %s", op);
	return NULL;
}

static long long jint(json_t *obj, const char *path)
{
	char key[64];
	const char *dot = strchr(path, '.');

	if (dot) {
		snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
		return jint(json_object_get(obj, key), dot + 1);
	}
	json_t *v = json_object_get(obj, path);
	ck_assert_msg(json_is_integer(v), "'%s' is not an integer", path);
	return json_integer_value(v);
}

static const char *jstr(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	ck_assert_msg(json_is_string(v), "'%s' is not a string", key);
	return json_string_value(v);
}

/* One expected shape, per operation. */
struct xshape {
	const char *fn;
	long long in_bits, out_bits, calls, nested;
};

/* The expectation for one operation: per-function outer calls per
 * operation (drng, pseudoXOF, pseudohash, sm3hash), nested sm3hash per
 * operation, and the full shape table. */
struct xop {
	const char *op;
	long long drng, xof, ph, sm3, nested_sm3;
	struct xshape shapes[8];
};

static const char *const fn_names[4] = { "get_random_number", "pseudoXOF", "pseudohash", "sm3hash" };

/* Check one row of a `-n N` run against its expectation. */
static void check_row(json_t *row, const struct xop *x)
{
	size_t i, nx = 0;
	json_t *s, *calls = json_object_get(row, "calls");
	long long per_fn[4] = { 0 }, want_fn[4] = { x->drng, x->xof, x->ph, x->sm3 };
	long long nested_sm3 = 0, helper_ticks = 0;
	const char *op = x->op;

	ck_assert_msg(!strcmp(jstr(row, "status"), "ok"), "%s: status %s (%s)", op, jstr(row, "status"),
		      jstr(row, "failure"));
	ck_assert_int_eq(jint(row, "totals.operations"), N);
	ck_assert_int_eq(jint(row, "procedure.iterations"), N);
	ck_assert_int_eq(jint(row, "procedure.warmup"), 1);
	ck_assert_msg(json_is_false(json_object_get(json_object_get(row, "procedure"), "planned")),
		      "%s: -n given, yet planned", op);
	ck_assert_int_eq(jint(row, "overflow.calls"), 0);
	ck_assert_msg(json_is_array(calls), "%s: no calls array", op);

	json_array_foreach(calls, i, s)
	{
		const char *fn = jstr(s, "fn");
		long long in = jint(s, "in_bits"), out = jint(s, "out_bits");
		long long c = jint(s, "calls"), n = jint(s, "nested"), t = jint(s, "ticks");
		const struct xshape *want = NULL;

		for (const struct xshape *e = x->shapes; e->fn; e++)
			if (!strcmp(e->fn, fn) && e->in_bits == in && e->out_bits == out)
				want = e;
		ck_assert_msg(want != NULL, "%s: unexpected shape (%s, in %lld, out %lld) calls %lld nested %lld", op,
			      fn, in, out, c, n);
		ck_assert_msg(c == N * want->calls && n == N * want->nested,
			      "%s: shape (%s, in %lld, out %lld): calls %lld nested %lld, expected %lld %lld", op, fn,
			      in, out, c, n, N * want->calls, N * want->nested);
		/* Nested calls are never timed. */
		if (c == 0)
			ck_assert_msg(t == 0, "%s: nested-only shape (%s, %lld, %lld) has %lld ticks", op, fn, in, out,
				      t);
		ck_assert_msg(t >= 0, "negative ticks");
		helper_ticks += t;
		for (int k = 0; k < 4; k++)
			if (!strcmp(fn, fn_names[k]))
				per_fn[k] += c;
		if (!strcmp(fn, "sm3hash"))
			nested_sm3 += n;
		ck_assert_msg(strcmp(fn, "init_random_number"), "%s: the seeding was counted", op);
		nx++;
	}
	{
		size_t want_n = 0;
		for (const struct xshape *e = x->shapes; e->fn; e++)
			want_n++;
		ck_assert_msg(nx == want_n, "%s: %zu shapes, expected %zu", op, nx, want_n);
	}
	for (int k = 0; k < 4; k++)
		ck_assert_msg(per_fn[k] == N * want_fn[k], "%s: %s outer calls %lld, expected %lld", op, fn_names[k],
			      per_fn[k], N * want_fn[k]);
	ck_assert_msg(nested_sm3 == N * x->nested_sm3, "%s: nested sm3hash %lld, expected %lld", op, nested_sm3,
		      N * x->nested_sm3);
	ck_assert_msg(helper_ticks <= jint(row, "totals.ticks"), "%s: helper ticks %lld > total ticks %lld", op,
		      helper_ticks, jint(row, "totals.ticks"));
	ck_assert_msg(jint(row, "totals.ticks") > 0, "%s: no time measured", op);
}

static void check_instance(const char *inst, const char *kind, const struct xop *ops, size_t nops)
{
	struct run r;
	json_t *doc, *rows;

	RUN(&r, NULL, "--format=json", "-n", N_STR, inst);
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	rows = json_object_get(doc, "rows");
	ck_assert_uint_eq(json_array_size(rows), nops);
	for (size_t i = 0; i < nops; i++) {
		json_t *row = json_array_get(rows, i);
		ck_assert_str_eq(jstr(row, "operation"), ops[i].op);
		ck_assert_str_eq(jstr(row, "instance"), inst);
		ck_assert_str_eq(jstr(row, "kind"), kind);
		ck_assert_str_eq(jstr(row, "wrapped"), ALL_WRAPPED);
		check_row(row, &ops[i]);
	}
	json_decref(doc);
	run_free(&r);
}

/* ---------- the documented call patterns ---------- */

static const struct xop sig_ops[] = {
	{ "keygen",
	  1,
	  4,
	  2,
	  0,
	  2,
	  { { "get_random_number", 0, 256, 1, 0 },
	    { "pseudoXOF", 256, 1024, 4, 0 },
	    { "pseudohash", 1024, 512, 2, 0 },
	    { "sm3hash", 264, 256, 0, 2 } } },
	/* sign: pseudohash over pk || m || r = 8 * (128 + 64 + 32) = 1792 bits */
	{ "sign",
	  1,
	  8,
	  3,
	  1,
	  2,
	  { { "get_random_number", 0, 256, 1, 0 },
	    { "pseudoXOF", 1024, 512, 8, 0 },
	    { "pseudohash", 1024, 1024, 2, 0 },
	    { "pseudohash", 1792, 1024, 1, 0 },
	    { "sm3hash", 1024, 256, 1, 0 },
	    { "sm3hash", 264, 256, 0, 2 } } },
	{ "verify",
	  0,
	  8,
	  3,
	  1,
	  0,
	  { { "pseudoXOF", 1024, 512, 8, 0 },
	    { "pseudohash", 1024, 1024, 2, 0 },
	    { "pseudohash", 1792, 1024, 1, 0 },
	    { "sm3hash", 1024, 256, 1, 0 } } },
};

static const struct xop kem_ops[] = {
	/* 512 DRNG bits: ceil(512/256) + 1 = 3 nested sm3hash */
	{ "keygen",
	  1,
	  2,
	  0,
	  0,
	  3,
	  { { "get_random_number", 0, 512, 1, 0 }, { "pseudoXOF", 512, 2048, 2, 0 }, { "sm3hash", 264, 256, 0, 3 } } },
	{ "encaps",
	  1,
	  1,
	  2,
	  0,
	  2,
	  { { "get_random_number", 0, 256, 1, 0 },
	    { "pseudoXOF", 2048, 256, 1, 0 },
	    { "pseudohash", 2304, 768, 2, 0 },
	    { "sm3hash", 264, 256, 0, 2 } } },
	{ "decaps",
	  0,
	  1,
	  2,
	  1,
	  0,
	  { { "pseudoXOF", 2048, 256, 1, 0 }, { "pseudohash", 2304, 768, 2, 0 }, { "sm3hash", 256, 256, 1, 0 } } },
};

/* `hashprof SYNTH-KEX` runs exchange and every step of its 2 passes. */
static const struct xop kex_ops[] = {
	{ "exchange",
	  3,
	  2,
	  2,
	  2,
	  6,
	  { { "get_random_number", 0, 256, 2, 0 },
	    { "get_random_number", 0, 128, 1, 0 },
	    { "pseudoXOF", 256, 1024, 2, 0 },
	    { "pseudohash", 1024, 512, 2, 0 },
	    { "sm3hash", 1152, 256, 2, 0 },
	    { "sm3hash", 264, 256, 0, 6 } } },
	{ "init_a",
	  1,
	  1,
	  0,
	  0,
	  2,
	  { { "get_random_number", 0, 256, 1, 0 }, { "pseudoXOF", 256, 1024, 1, 0 }, { "sm3hash", 264, 256, 0, 2 } } },
	{ "init_b",
	  1,
	  1,
	  0,
	  0,
	  2,
	  { { "get_random_number", 0, 256, 1, 0 }, { "pseudoXOF", 256, 1024, 1, 0 }, { "sm3hash", 264, 256, 0, 2 } } },
	{ "pass1", 0, 0, 1, 0, 0, { { "pseudohash", 1024, 512, 1, 0 } } },
	/* 128 DRNG bits: ceil(128/256) + 1 = 2 nested sm3hash */
	{ "pass2",
	  1,
	  0,
	  1,
	  0,
	  2,
	  { { "get_random_number", 0, 128, 1, 0 }, { "pseudohash", 1024, 512, 1, 0 }, { "sm3hash", 264, 256, 0, 2 } } },
	{ "derive_a", 0, 0, 0, 1, 0, { { "sm3hash", 1152, 256, 1, 0 } } },
	{ "derive_b", 0, 0, 0, 1, 0, { { "sm3hash", 1152, 256, 1, 0 } } },
};

#define COUNT(a) (sizeof a / sizeof a[0])

START_TEST(counts_sig)
{
	check_instance("SYNTH-SIG", "sig", sig_ops, COUNT(sig_ops));
}
END_TEST

START_TEST(counts_kem)
{
	check_instance("SYNTH-KEM", "kem", kem_ops, COUNT(kem_ops));
}
END_TEST

START_TEST(counts_kex)
{
	check_instance("SYNTH-KEX", "kex", kex_ops, COUNT(kex_ops));
}
END_TEST

START_TEST(counts_single_operation)
{
	/* One operation named: exactly one row, the same counts. */
	struct run r;
	json_t *doc;

	RUN(&r, NULL, "--format=json", "-n", N_STR, "SYNTH-KEX", "pass2");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 1);
	check_row(json_row(doc, "pass2"), &kex_ops[4]);
	json_decref(doc);
	run_free(&r);

	RUN(&r, NULL, "--format=json", "-n", N_STR, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 1);
	check_row(json_row(doc, "sign"), &sig_ops[1]);
	/* The run description: the command line, clock, versions. */
	{
		json_t *run = json_object_get(doc, "run");
		ck_assert_ptr_nonnull(run);
		ck_assert_str_eq(jstr(run, "hashprof"), PACKAGE_VERSION);
		ck_assert_str_eq(jstr(run, "clock"), "tsc");
		ck_assert_uint_eq(json_array_size(json_object_get(run, "command")), 6);
		ck_assert_str_eq(json_string_value(json_array_get(json_object_get(run, "command"), 5)), "sign");
		/* the clock's resolution, measured (at least one tick), and
		 * whether the run was emulated: tests/aarch64.sh runs the
		 * suites under qemu-aarch64 with HP_EXPECT_EMULATED=1 */
		ck_assert_int_ge(json_integer_value(json_object_get(run, "resolution_ticks")), 1);
		const char *expect = getenv("HP_EXPECT_EMULATED");
		int emulated = expect && !strcmp(expect, "1");
		ck_assert_msg(json_is_boolean(json_object_get(run, "emulated")) &&
				      json_is_true(json_object_get(run, "emulated")) == emulated,
			      "run.emulated is not %s", emulated ? "true" : "false");
		ck_assert_int_eq(json_object_get(run, "emulation") != NULL, emulated);
		/* ...and says it on stderr once, in its emulation note (the
		 * harness takes that line out: tests/capture.c), with what the
		 * emulator leaves of the confinement; natively nothing */
		ck_assert_uint_eq(r.emulation_notes, (unsigned)emulated);
		ck_assert_str_eq(r.err, "");
		if (emulated)
			ck_assert_msg(strstr(r.notes, "hashprof: note: emulated, ") == r.notes &&
					      strstr(r.notes, ": the call counts are exact, every time is the "
							      "emulator's; package code is ") &&
					      strchr(r.notes, '\n') == r.notes + r.notes_len - 1,
				      "%s", r.notes);
	}
	{
		json_t *row = json_row(doc, "sign"), *clk = json_object_get(row, "clock");
		ck_assert_str_eq(jstr(clk, "source"), "PAPI_get_real_cyc");
		ck_assert_msg(json_real_value(json_object_get(clk, "rate_hz")) > 0, "no tick rate");
		ck_assert_int_ge(json_integer_value(json_object_get(clk, "resolution_ticks")), 1);
#if defined(__x86_64__)
		ck_assert_str_eq(jstr(clk, "unit"), "TSC ticks");
#elif defined(__aarch64__)
		ck_assert_str_eq(jstr(clk, "unit"), "timer ticks");
#endif
		/* method.md defaults: seed 00..2f, message byte i = (i*131 + 64) mod 256 */
		ck_assert_str_eq(jstr(json_object_get(row, "procedure"), "seed"),
				 "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
				 "202122232425262728292a2b2c2d2e2f");
		ck_assert_msg(!strncmp(jstr(json_object_get(row, "procedure"), "message"), "40c346c94ccf52d5", 16),
			      "message %s", jstr(json_object_get(row, "procedure"), "message"));
		ck_assert_uint_eq(strlen(jstr(json_object_get(row, "procedure"), "message")), 128);
	}
	json_decref(doc);
	run_free(&r);
}
END_TEST

START_TEST(default_procedure_is_planned)
{
	struct run r;
	json_t *doc, *row, *proc;
	long long n;

	RUN(&r, NULL, "--format=json", "SYNTH-SIG", "keygen");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 1);
	row = json_row(doc, "keygen");
	proc = json_object_get(row, "procedure");
	ck_assert_msg(json_is_true(json_object_get(proc, "planned")), "not planned");
	n = jint(row, "procedure.iterations");
	ck_assert_msg(n >= 3 && n <= 1000, "N = %lld", n);
	ck_assert_int_eq(jint(row, "procedure.warmup"), 1);
	ck_assert_int_eq(jint(row, "totals.operations"), n);
	ck_assert_msg(json_real_value(json_object_get(proc, "calibration_seconds")) > 0, "no calibration time");
	/* The pattern still holds, N times over. */
	{
		size_t i;
		json_t *s;
		json_array_foreach(json_object_get(row, "calls"), i, s)
		{
			const char *fn = jstr(s, "fn");
			if (!strcmp(fn, "get_random_number"))
				ck_assert_int_eq(jint(s, "calls"), n);
			else if (!strcmp(fn, "pseudoXOF"))
				ck_assert_int_eq(jint(s, "calls"), 4 * n);
			else if (!strcmp(fn, "pseudohash"))
				ck_assert_int_eq(jint(s, "calls"), 2 * n);
			else if (!strcmp(fn, "sm3hash"))
				ck_assert_int_eq(jint(s, "nested"), 2 * n);
			else
				ck_abort_msg("unexpected %s", fn);
		}
	}
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* A key exchange step alone is metered, but every iteration runs the whole
 * exchange: N is planned from the iteration's wall time.  init_a sleeps
 * 100 ms, so t1 >= 0.1 s and N = ceil(1 s / t1) <= 10 on any machine
 * (planned from derive_b's own microseconds, N was 1000: 100 s); no lower
 * bound but 1: a slow machine takes longer than 0.1 s. */
START_TEST(kex_step_planned_from_iteration)
{
	struct run r;
	json_t *doc, *row;
	long long n;

	RUN_ENV(&r, "HASHPROF_SYNTH_SLEEP=init_a:100", "--format=json", "--timeout", "5", "SYNTH-KEX", "derive_b");
	doc = parse_json(&r);
	row = json_row(doc, "derive_b");
	n = jint(row, "procedure.iterations");
	ck_assert_msg(n >= 1 && n <= 10, "N = %lld", n);
	ck_assert_msg(json_real_value(json_object_get(json_object_get(row, "procedure"), "calibration_seconds")) >= 0.1,
		      "t1 is not the iteration's wall time");
	run_expect_status(&r, 0);
	ck_assert_int_eq(jint(row, "totals.operations"), n);
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* ---------- failing operations ---------- */

START_TEST(fault_segv)
{
	struct run r;

	RUN(&r, "sign:segv:2", "SYNTH-SIG");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: killed by SIGSEGV");
	expect_row_measured(r.out, "SYNTH-SIG", "keygen", "drng 1, pseudoXOF 4, pseudohash 2");
	expect_row_measured(r.out, "SYNTH-SIG", "verify", "pseudoXOF 8, pseudohash 3, sm3hash 1");
	run_free(&r);
}
END_TEST

START_TEST(fault_hang_timeout)
{
	struct run r;

	RUN(&r, "verify:hang:2", "--timeout", "2", "SYNTH-SIG");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "verify",
			    "verify: timed out: the calibration call did not finish within 2 s");
	expect_row_measured(r.out, "SYNTH-SIG", "keygen", "drng 1, pseudoXOF 4, pseudohash 2");
	expect_row_measured(r.out, "SYNTH-SIG", "sign", "drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1");
	run_free(&r);
}
END_TEST

/* --timeout limits each step (loading, each set-up call, each warm-up and
 * measured operation), not the row: sign sleeps 0.6 s per call, so the row
 * takes 4.2 s or more (set-up sign, warm-up, 5 operations), above
 * --timeout 4, while each step leaves 3.4 s to spare for a slow machine. */
START_TEST(timeout_per_operation)
{
	struct run r;
	json_t *doc, *row;

	RUN_ENV(&r, "HASHPROF_SYNTH_SLEEP=sign:600", "--format=json", "-n", "5", "--timeout", "4", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	row = json_row(doc, "sign");
	ck_assert_str_eq(jstr(row, "status"), "ok");
	ck_assert_int_eq(jint(row, "totals.operations"), 5);
	ck_assert_int_eq(jint(row, "procedure.warmup"), 1);
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* A package that prints: its output goes into a pipe, not into the report
 * nor without bound into hashprof's stderr.  sign writes 3,000,000 bytes a
 * call, 7 calls in the row (set-up sign, the warm-up, 5 operations): the
 * row says 21,000,000 bytes were printed, stderr holds the first 1 MiB and
 * one line of what was dropped, stdout is the report alone. */
START_TEST(package_output_bounded)
{
	static const char dropped[] = "hashprof: the package printed 21000000 bytes; the 19951424 after the "
				      "first 1048576 were dropped\n";
	struct run r;
	json_t *doc, *row;
	const char *note;

	/* --min-time=0: exactly N operations, no timing-only ones that print too */
	RUN_ENV(&r, "HASHPROF_SYNTH_PRINT=sign:3000000", "--format=json", "-n", "5", "--min-time=0", "SYNTH-SIG",
		"sign");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	row = json_row(doc, "sign");
	ck_assert_int_eq(jint(row, "printed_bytes"), 21000000);
	/* among the row's notes (a busy machine may add one before it) */
	note = NULL;
	for (size_t i = 0; i < json_array_size(json_object_get(row, "notes")) && !note; i++) {
		const char *n = json_string_value(json_array_get(json_object_get(row, "notes"), i));
		if (n && !strncmp(n, "the package printed ", 20))
			note = n;
	}
	ck_assert_msg(note && !strncmp(note, "the package printed 21000000 bytes on its stdout and stderr", 59), "%s",
		      note ? note : "(no note of what the package printed)");
	ck_assert_uint_eq(r.err_len, (1u << 20) + 1 + strlen(dropped));
	ck_assert_str_eq(r.err + r.err_len - strlen(dropped), dropped);
	json_decref(doc);
	run_free(&r);
	/* a row that prints nothing says nothing of it */
	RUN(&r, NULL, "--format=json", "-n", "5", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	ck_assert_ptr_null(json_object_get(json_row(doc, "sign"), "printed_bytes"));
	ck_assert_str_eq(r.err, "");
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* A hang still times out, and the failure names the step that took too long. */
START_TEST(timeout_names_the_step)
{
	struct run r;

	/* set-up sign is call 1, the warm-up call 2: call 3 is operation 1 */
	RUN(&r, "sign:hang:3", "-n", "5", "--timeout", "1", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: timed out: operation 1 of 5 did not finish within 1 s");
	run_free(&r);
	/* in the set-up */
	RUN(&r, "keygen:hang", "-n", "5", "--timeout", "1", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "sign",
			    "sign: timed out: set-up: sig_keygen did not finish within 1 s");
	run_free(&r);
	/* in the warm-up, inside one step of a key exchange */
	RUN(&r, "pass2:hang", "-n", "5", "--timeout", "1", "SYNTH-KEX", "exchange");
	run_expect_status(&r, 1);
	expect_row_contains(
		r.out, "SYNTH-KEX", "exchange",
		"exchange: timed out: warm-up operation 1 of 1 (pass2 of an exchange) did not finish within 1 s");
	run_free(&r);
}
END_TEST

START_TEST(fault_abort)
{
	struct run r;

	RUN(&r, "sign:abort:2", "SYNTH-SIG");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: killed by SIGABRT");
	expect_row_measured(r.out, "SYNTH-SIG", "keygen", "drng 1, pseudoXOF 4, pseudohash 2");
	expect_row_measured(r.out, "SYNTH-SIG", "verify", "pseudoXOF 8, pseudohash 3, sm3hash 1");
	run_free(&r);
}
END_TEST

START_TEST(fault_fail)
{
	struct run r;

	RUN(&r, "sign:fail:2", "SYNTH-SIG");
	run_expect_status(&r, 1);
	/* the planned run's first timed call is the calibration call, named
	 * as a crash or a timeout there is */
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: sig_sign returned -3 (the calibration call)");
	expect_row_measured(r.out, "SYNTH-SIG", "keygen", "drng 1, pseudoXOF 4, pseudohash 2");
	expect_row_measured(r.out, "SYNTH-SIG", "verify", "pseudoXOF 8, pseudohash 3, sm3hash 1");
	run_free(&r);
	RUN(&r, "keygen:fail", "SYNTH-SIG", "keygen");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "keygen", "keygen: sig_keygen returned -3 (the calibration call)");
	run_free(&r);

	/* A KEM: the failing decapsulation, in a measured call (set-up 1, warm-up 2, then 3). */
	RUN(&r, "dec:fail:3", "-n", "3", "SYNTH-KEM");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-KEM", "decaps", "decaps: kem_dec returned -3 (operation 1 of 3)");
	expect_row_measured(r.out, "SYNTH-KEM", "keygen", "drng 1, pseudoXOF 2");
	expect_row_measured(r.out, "SYNTH-KEM", "encaps", "drng 1, pseudoXOF 1, pseudohash 2");
	run_free(&r);
}
END_TEST

START_TEST(fault_in_setup)
{
	/* keygen fails: keygen's own row, and the set-up of sign and verify. */
	struct run r;

	RUN(&r, "keygen:fail", "-n", "3", "SYNTH-SIG");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "keygen", "keygen: warm-up: sig_keygen returned -3");
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: set-up: sig_keygen returned -3");
	expect_row_contains(r.out, "SYNTH-SIG", "verify", "verify: set-up: sig_keygen returned -3");
	run_free(&r);
	/* without -n the set-up runs first in the calibration call's process:
	 * a failure there is the calibration call's, not the measured run's */
	RUN(&r, "sign:segv", "--format=json", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	{
		json_t *doc = parse_json(&r);
		expect_failure_prefix(jstr(json_row(doc, "sign"), "failure"),
				      "killed by SIGSEGV during the calibration call: set-up: sig_sign");
		json_decref(doc);
	}
	run_free(&r);
	RUN(&r, "sign:fail", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	expect_row_contains(r.out, "SYNTH-SIG", "sign", "sign: set-up: sig_sign returned -3 (the calibration call)");
	run_free(&r);
}
END_TEST

START_TEST(fault_in_json)
{
	/* A failed row in JSON: status failed, the reason, the rest measured. */
	struct run r;
	json_t *doc;

	RUN(&r, "enc:segv", "--format=json", "-n", "3", "SYNTH-KEM");
	run_expect_status(&r, 1);
	doc = parse_json(&r);
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 3);
	ck_assert_str_eq(jstr(json_row(doc, "encaps"), "status"), "failed");
	/* confined under --max-memory: a crash may be the limit's, said as a possibility (its size varies) */
	expect_failure_prefix(jstr(json_row(doc, "encaps"), "failure"), "killed by SIGSEGV during set-up: kem_enc");
	ck_assert_str_eq(jstr(json_row(doc, "keygen"), "status"), "ok");
	/* decaps' set-up encapsulates too: the fault is in its set-up. */
	ck_assert_str_eq(jstr(json_row(doc, "decaps"), "status"), "failed");
	expect_failure_prefix(jstr(json_row(doc, "decaps"), "failure"), "killed by SIGSEGV during set-up: kem_enc");
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* ^C during a hanging operation: the child is killed with the run, the
 * rows measured before it are printed, the rest say so, exit 128+2. */
START_TEST(interrupt_kills_children)
{
	char seed[32]; /* marks this run's processes: unique to this test process, so that
			  * a suite running beside it (another build tree) is not mistaken for ours */
	char hang[64];
	const char *const env[] = { "HASHPROF_SYNTH_FAULT=sign:hang:2", hang, NULL };
	char buf[8192] = "";
	struct run_bg bg;
	int status;

	snprintf(seed, sizeof seed, "%08x1badc0ffee", (unsigned)getpid());
	/* the hanging sign names itself so (unique to this test process) */
	snprintf(hang, sizeof hang, "HASHPROF_SYNTH_HANG_NAME=hang%08x", (unsigned)getpid());
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "SYNTH-SIG", "-n", "5", "--timeout", "0", "--seed", seed, NULL }, env,
		  RUN_STDOUT, NULL);
	/* keygen measured, sign hanging (30 s: a bound for a slow machine, below the case's 60) */
	ck_assert_msg(run_wait_named(strchr(hang, '=') + 1, 30), "sign never hung");
	kill(bg.pid, SIGINT);
	/* 45 s: a bound below the test case's 60, never reached otherwise */
	status = run_finish(&bg, buf, sizeof buf, 45);
	ck_assert_msg(status == 130, "status %d, output:\n%s", status, buf);
	expect_row_measured(buf, "SYNTH-SIG", "keygen", "drng 1, pseudoXOF 4, pseudohash 2");
	expect_row_contains(buf, "SYNTH-SIG", "sign", "sign: interrupted by SIGINT");
	expect_row_contains(buf, "SYNTH-SIG", "verify", "verify: not run: interrupted by SIGINT");
	/* killed at once: 10 s is a generous bound */
	ck_assert_msg(run_wait_marked(seed, 0, 10), "a hashprof child outlived the interrupted run");
}
END_TEST

/* hashprof killed outright (SIGKILL: the OOM killer, a CI runner's hard
 * stop): no handler runs, and a measuring child in its own process group
 * would spin on in the scheme forever.  It dies with its parent. */
START_TEST(kill_leaves_no_child)
{
	char seed[32], buf[8192] = "";
	const char *const env[] = { "HASHPROF_SYNTH_FAULT=keygen:hang", NULL };
	struct run_bg bg;

	snprintf(seed, sizeof seed, "%08x2badc0ffee", (unsigned)getpid());
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "SYNTH-SIG", "keygen", "--timeout", "0", "--seed", seed, NULL }, env,
		  RUN_STDOUT, NULL);
	ck_assert_msg(run_wait_child(bg.pid, 10), "no measuring child started");
	kill(bg.pid, SIGKILL);
	(void)run_finish(&bg, buf, sizeof buf, 45);
	ck_assert_msg(run_wait_marked(seed, 0, 10), "a measuring child outlived hashprof killed with SIGKILL");
}
END_TEST

/* The pid ("PID\n") in the file f->path, once there (then in f->pid),
 * or hashprof (f->hp) ended first (then f->ended). */
struct spawned {
	const char *path;
	pid_t hp, pid;
	int ended, status;
};

static int spawned_or_ended(const void *arg)
{
	struct spawned *s = (struct spawned *)arg;
	FILE *in = fopen(s->path, "r");
	long pid = 0;
	char nl = 0;

	if (in) {
		int got = fscanf(in, "%ld%c", &pid, &nl);
		fclose(in);
		if (got == 2 && nl == '\n' && pid > 1) {
			s->pid = (pid_t)pid;
			return 1;
		}
	}
	return s->ended = run_ended(s->hp, &s->status);
}

/* hashprof killed outright while the measured code has started a process
 * of its own (synthetic fault kind: spawn, or spawn-setsid for one in a
 * session of its own, out of the measuring process's group), which
 * sleeps while the measuring process hangs: that process is gone too,
 * within a generous 10 s (it is killed at once).  Unconfined: a confined
 * measuring process may not fork.  The process is killed here when it
 * outlived hashprof, so that a failure leaves nothing behind. */
static void expect_kill_takes_spawned(const char *kind)
{
	char dir[HPT_TMPDIR_MAX], path[HPT_TMPDIR_MAX + 16], log[HPT_TMPDIR_MAX + 16], fault[64],
		pid_env[HPT_TMPDIR_MAX + 48];
	const char *const env[] = { fault, pid_env, NULL };
	struct spawned s = { path, 0, 0, 0, 0 };
	struct run_bg bg;
	int gone;

	if (skip_under_emulation("the measured code's processes after a kill -9"))
		return;
	hpt_tmpdir_in(dir, sizeof dir, "spawn");
	snprintf(path, sizeof path, "%s/spawned.pid", dir);
	snprintf(log, sizeof log, "%s/hashprof.log", dir);
	snprintf(fault, sizeof fault, "HASHPROF_SYNTH_FAULT=keygen:%s", kind);
	snprintf(pid_env, sizeof pid_env, "HASHPROF_SYNTH_SPAWN_PID=%s", path);
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "SYNTH-SIG", "keygen", "--timeout", "0", "--no-confine", NULL }, env,
		  RUN_TO_FILE, log);
	s.hp = bg.pid;
	/* two minutes: a bound for a slow machine, never reached otherwise */
	run_wait_until(spawned_or_ended, &s, 120);
	kill(bg.pid, SIGKILL);
	if (!s.ended)
		(void)run_wait(bg.pid, 45);
	gone = s.pid > 1 && run_wait_gone(s.pid, 10);
	if (s.pid > 1 && !gone)
		kill(s.pid, SIGKILL);
	if (s.pid <= 1) {
		FILE *f = fopen(log, "r");
		char line[4096];
		fprintf(stderr, "--- hashprof's output:\n");
		while (f && fgets(line, sizeof line, f))
			fputs(line, stderr);
		if (f)
			fclose(f);
	}
	hpt_rmtree(dir);
	ck_assert_msg(s.pid > 1, "%s: no process was started (hashprof %s)", kind,
		      s.ended ? "ended first" : "still ran after 120 s");
	ck_assert_msg(gone, "%s: the measured code's process %ld outlived hashprof killed with SIGKILL", kind,
		      (long)s.pid);
}

START_TEST(kill_leaves_no_grandchild)
{
	expect_kill_takes_spawned("spawn");
	expect_kill_takes_spawned("spawn-setsid");
}
END_TEST

START_TEST(kex_pass_beyond_protocol)
{
	struct run r;

	/* an operation the instance does not have is bad input */
	RUN(&r, NULL, "-n", "3", "SYNTH-KEX", "pass3");
	run_expect_status(&r, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "'pass3' is not an operation of SYNTH-KEX"));
	ck_assert_uint_eq(count_lines(r.err), 1);
	run_free(&r);
	/* the operations it lists are this instance's: two passes, no pass3 */
	RUN(&r, NULL, "-n", "3", "SYNTH-KEX", "bogus");
	run_expect_status(&r, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "(kex: exchange, init_a, init_b, pass1, pass2, derive_a, derive_b)"));
	run_free(&r);
}
END_TEST

/* ---------- notes ---------- */

START_TEST(instance_without_helpers)
{
	struct run r;
	json_t *doc;
	size_t i;
	json_t *row;

	RUN(&r, NULL, "-n", "3", "SYNTH-NONE");
	run_expect_status(&r, 0);
	for (const char *const *op = (const char *const[]){ "keygen", "sign", "verify", NULL }; *op; op++) {
		char want[128];
		snprintf(want, sizeof want, "note: SYNTH-NONE %s: the instance defines none of the ICCS helpers", *op);
		ck_assert_msg(strstr(r.out, want) != NULL, "no note '%s' in:\n%s", want, r.out);
		expect_row_contains(r.out, "SYNTH-NONE", *op, "none seen");
	}
	run_free(&r);

	RUN(&r, NULL, "--format=json", "-n", "3", "SYNTH-NONE");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 3);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		json_t *notes = json_object_get(row, "notes");
		ck_assert_str_eq(jstr(row, "wrapped"), "");
		ck_assert_uint_eq(json_array_size(json_object_get(row, "calls")), 0);
		/* emulated (tests/aarch64.sh), every row's notes end with that one */
		const char *emu = getenv("HP_EXPECT_EMULATED");
		size_t emulated = emu && !strcmp(emu, "1");
		ck_assert_uint_eq(json_array_size(notes), 2 + emulated);
		if (emulated)
			ck_assert_msg(!strncmp(json_string_value(json_array_get(notes, 2)), "emulated, ", 10),
				      "note: %s", json_string_value(json_array_get(notes, 2)));
		ck_assert_msg(strstr(json_string_value(json_array_get(notes, 0)), "defines none of the ICCS helpers") !=
				      NULL,
			      "note: %s", json_string_value(json_array_get(notes, 0)));
		/* and the survey's verdict: nothing else recognised either */
		ck_assert_msg(!strncmp(json_string_value(json_array_get(notes, 1)),
				       "survey: none \u2014 no ICCS helper ",
				       strlen("survey: none \u2014 no ICCS helper ")),
			      "note: %s", json_string_value(json_array_get(notes, 1)));
	}
	json_decref(doc);
	run_free(&r);
}
END_TEST

START_TEST(nested_note)
{
	struct run r;

	RUN(&r, NULL, "-n", N_STR, "SYNTH-SIG", "keygen");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "note: SYNTH-SIG keygen: nested calls per operation: sm3hash 2 ") != NULL, "%s",
		      r.out);
	run_free(&r);
}
END_TEST

/* ---------- more shapes than the shape table holds ---------- */

/* HASHPROF_SYNTH_SHAPES=1500: every sign makes 1500 more pseudoXOF shapes
 * (schemes/synthetic/README.md); the calls per operation stay exact, in
 * the totals and in every trial, and the row says that its table
 * overflowed, in each format. */
START_TEST(shape_table_overflow)
{
	static const char *const helpers[] = { "get_random_number", "pseudoXOF", "pseudohash", "sm3hash",
					       "init_random_number" };
	const long long want[] = { 1, 8 + 1500, 3, 1, 0 }, want_nested_sm3 = 2;
	long long calls[5] = { 0 }, nested_sm3 = 0, over = 0;
	struct run r;
	json_t *doc, *row, *s, *t;
	size_t i;
	char *line;

	RUN_ENV(&r, "HASHPROF_SYNTH_SHAPES=1500", "--format=json", "-n", N_STR, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	row = json_row(doc, "sign");
	ck_assert_str_eq(jstr(row, "status"), "ok");
	json_array_foreach(json_object_get(row, "calls"), i, s) for (int k = 0; k < 5;
								     k++) if (!strcmp(jstr(s, "fn"), helpers[k]))
	{
		calls[k] += jint(s, "calls");
		if (k == 3)
			nested_sm3 += jint(s, "nested");
	}
	ck_assert_uint_le(json_array_size(json_object_get(row, "calls")), 1024);
	for (int k = 0; k < 5; k++) {
		char path[96];
		snprintf(path, sizeof path, "overflow.helpers.%s.calls", helpers[k]);
		calls[k] += jint(row, path);
		over += jint(row, path);
		snprintf(path, sizeof path, "overflow.helpers.%s.nested", helpers[k]);
		over += jint(row, path);
		if (k == 3)
			nested_sm3 += jint(row, path);
		ck_assert_msg(calls[k] == N * want[k], "%s: %lld calls, expected %lld", helpers[k], calls[k],
			      N * want[k]);
	}
	ck_assert_int_eq(nested_sm3, N * want_nested_sm3);
	ck_assert_int_gt(over, 0);
	ck_assert_int_eq(jint(row, "overflow.calls"), over);
	json_array_foreach(json_object_get(row, "trials"), i, t)
		ck_assert_int_eq(jint(t, "calls.pseudoXOF"), jint(t, "operations") * want[1]);
	over = 0;
	json_array_foreach(json_object_get(row, "notes"), i, t) over +=
		strstr(json_string_value(t), "shape table overflowed: calls per operation of shapes "
					     "that found no free slot within 32 of their hash (of the table's 1024): "
					     "pseudoXOF ") != NULL;
	ck_assert_msg(over == 1, "the notes do not say that the shape table overflowed");
	json_decref(doc);
	run_free(&r);

	RUN_ENV(&r, "HASHPROF_SYNTH_SHAPES=1500", "-n", N_STR, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	line = text_row(r.out, "SYNTH-SIG", "sign");
	ck_assert_ptr_nonnull(line);
	ck_assert_msg(strstr(line, "drng 1, pseudoXOF 1.51e+03, pseudohash 3, sm3hash 1 [shape table overflowed]"),
		      "row: %s", line);
	free(line);
	run_free(&r);

	RUN_ENV(&r, "HASHPROF_SYNTH_SHAPES=1500", "--format=csv", "-n", N_STR, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	/* per operation, as every calls column: 482 of the 1508 pseudoXOF
	 * calls of each signature (the same at any N), not N x 482 */
	ck_assert_msg(strstr(r.out, ",shape_overflow_calls_per_operation,") &&
			      strstr(r.out, "[shape table overflowed]\",1,1508,3,1,0,") &&
			      strstr(r.out, "," N_STR ",482,\"\","),
		      "%s", r.out);
	run_free(&r);

	/* a shape is looked for in 32 slots from its home: Fibonacci hashing
	 * puts these consecutive shapes one per slot, so the 1024-slot table
	 * overflows when full, from 1001 extra shapes on
	 * (schemes/synthetic/README.md) */
	for (int k = 1000; k <= 1001; k++) {
		char setting[64];
		snprintf(setting, sizeof setting, "HASHPROF_SYNTH_SHAPES=%d", k);
		RUN_ENV(&r, setting, "-n", "1", "SYNTH-SIG", "sign");
		run_expect_status(&r, 0);
		ck_assert_msg(!strstr(r.out, "[shape table overflowed]") == (k == 1000), "K = %d:\n%s", k, r.out);
		run_free(&r);
	}
}
END_TEST

/* ---------- bad input ---------- */

/* Exit 2, nothing on stdout, one line on stderr containing every `want`. */
static void expect_usage_error(const struct run *r, const char *const *want)
{
	run_expect_status(r, 2);
	ck_assert_msg(r->out_len == 0, "stdout not empty: %s", r->out);
	ck_assert_msg(count_lines(r->err) == 1 && r->err[r->err_len - 1] == '\n', "stderr is not one line: '%s'",
		      r->err);
	ck_assert_msg(!strncmp(r->err, "hashprof: ", 10), "stderr: %s", r->err);
	for (; *want; want++)
		ck_assert_msg(strstr(r->err, *want) != NULL, "stderr '%s' lacks '%s'", r->err, *want);
}

#define EXPECT_USAGE(r, ...) expect_usage_error((r), (const char *const[]){ __VA_ARGS__, NULL })

START_TEST(unknown_instance)
{
	struct run r;

	RUN(&r, NULL, "SYNTH-SIGG");
	EXPECT_USAGE(&r, "'SYNTH-SIGG'", "did you mean SYNTH-SIG", "SYNTH-KEM", "SYNTH-KEX", "SYNTH-NONE");
	run_free(&r);

	RUN(&r, NULL, "-n", "3", "synth-kem", "keygen");
	EXPECT_USAGE(&r, "'synth-kem'", "did you mean SYNTH-KEM");
	run_free(&r);
}
END_TEST

START_TEST(bad_arguments)
{
	struct run r;

	RUN(&r, NULL, "SYNTH-SIG", "encaps");
	EXPECT_USAGE(&r, "'encaps'", "SYNTH-SIG", "keygen, sign, verify");
	run_free(&r);
	RUN(&r, NULL, "SYNTH-KEM", "sign");
	EXPECT_USAGE(&r, "'sign'", "keygen, encaps, decaps");
	run_free(&r);
	RUN(&r, NULL, "-n", "0", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--iterations", "'0'");
	run_free(&r);
	RUN(&r, NULL, "-n", "abc", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--iterations", "'abc'");
	run_free(&r);
	RUN(&r, NULL, "-n", "-5", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--iterations", "'-5'");
	run_free(&r);
	RUN(&r, NULL, "--iterations=12x", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--iterations", "'12x'");
	run_free(&r);
	RUN(&r, NULL, "--warmup=many", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--warmup", "'many'");
	run_free(&r);
	RUN(&r, NULL, "--seed", "zz", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--seed", "'zz'");
	run_free(&r);
	RUN(&r, NULL, "--seed", "abc", "SYNTH-SIG"); /* odd length */
	EXPECT_USAGE(&r, "--seed", "'abc'");
	run_free(&r);
	RUN(&r, NULL, "--message", "0g", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--message", "'0g'");
	run_free(&r);
	RUN(&r, NULL, "--timeout", "soon", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--timeout", "'soon'");
	run_free(&r);
	RUN(&r, NULL, "--format=xml", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--format", "'xml'");
	run_free(&r);
	RUN(&r, NULL, "--clock=bogus", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--clock", "'bogus'");
	run_free(&r);
	RUN(&r, NULL, "--no-such-option", "SYNTH-SIG");
	run_expect_status(&r, 2);
	ck_assert_uint_eq(r.out_len, 0);
	run_free(&r);
	RUN(&r, NULL, "-n", "3");
	EXPECT_USAGE(&r, "INSTANCE");
	run_free(&r);
	RUN(&r, NULL, "SYNTH-SIG", "sign", "extra");
	EXPECT_USAGE(&r, "'extra'");
	run_free(&r);
	RUN(&r, NULL, "--record-dir=", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--record-dir: empty folder name");
	run_free(&r);
	RUN(&r, NULL, "--output=", "SYNTH-SIG");
	EXPECT_USAGE(&r, "--output: empty file name");
	run_free(&r);
	/* a message on an instance that signs none: measured, with one warning line */
	RUN(&r, NULL, "--message=00", "-n", "3", "SYNTH-KEM", "keygen");
	run_expect_status(&r, 0);
	ck_assert_str_eq(r.err, "hashprof: warning: --message is ignored: SYNTH-KEM is a kem instance and signs "
				"no message\n");
	expect_row_measured(r.out, "SYNTH-KEM", "keygen", "drng 1, pseudoXOF 2");
	run_free(&r);
}
END_TEST

START_TEST(clock_cycles)
{
	struct run r;

	RUN(&r, NULL, "--clock=cycles", "--format=json", "-n", "3", "SYNTH-SIG", "keygen");
	/* qemu-user (tests/aarch64.sh) offers PAPI no PMU on AArch64 either */
	const char *emu = getenv("HP_EXPECT_EMULATED");
	if (emu && !strcmp(emu, "1"))
		ck_assert_msg(r.status == 2, "--clock=cycles under emulation: exit %d", r.status);
	if (r.status == 0) {
		/* A machine whose PMU PAPI can program: the rows say so. */
		json_t *doc = parse_json(&r);
		ck_assert_str_eq(jstr(json_object_get(json_row(doc, "keygen"), "clock"), "source"), "PAPI_TOT_CYC");
		json_decref(doc);
	} else {
		/* Our VMs have no PMU: a clear error naming the event. */
		EXPECT_USAGE(&r, "PAPI_TOT_CYC", "--clock=cycles");
	}
	run_free(&r);
}
END_TEST

START_TEST(help_and_version)
{
	struct run r;

	RUN(&r, NULL, "--help");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "Usage: hashprof ", 16), "%s", r.out);
	ck_assert_msg(strstr(r.out, "--help") && strstr(r.out, "--version") && strstr(r.out, "--iterations") &&
			      strstr(r.out, "--format") && strstr(r.out, "--timeout"),
		      "%s", r.out);
	/* every exit status it can end with */
	ck_assert_msg(strstr(r.out, "Exit status: 0 all rows measured, 1 a row failed (or its replay), 2 bad input,\n"
				    "3 an output could not be written (each file named on stderr; the others are),\n"
				    "128+N interrupted by signal N (^C: 130).\n"),
		      "%s", r.out);
	/* what --replay costs: M samples of every run hp_replay_sample makes */
	{
		char want[128];
		snprintf(want, sizeof want, "about %u x M more operations\n", (unsigned)HP_REPLAY_PHASES);
		ck_assert_msg(strstr(r.out, want) != NULL, "--help lacks '%s'", want);
	}
	ck_assert_msg(strstr(r.out, "       hashprof list [--long] [--path] [--hashes]   (") != NULL,
		      "--help lacks list --long --path");
	ck_assert_msg(strstr(r.out, "       hashprof help [COMMAND]   (") != NULL, "--help lacks help COMMAND");
	ck_assert_uint_eq(r.err_len, 0);
	run_free(&r);

	RUN(&r, NULL, "--version");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "hashprof " PACKAGE_VERSION "\n", strlen("hashprof " PACKAGE_VERSION "\n")), "%s",
		      r.out);
	ck_assert_msg(strstr(r.out, "NO WARRANTY") != NULL, "%s", r.out);
	ck_assert_uint_eq(r.err_len, 0);
	run_free(&r);

	RUN(&r, NULL, "list", "--help");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "Usage: hashprof list", 20), "%s", r.out);
	run_free(&r);

	/* `hashprof help [COMMAND]` is `hashprof [COMMAND] --help` */
	RUN(&r, NULL, "help");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "Usage: hashprof ", 16) && strstr(r.out, "--iterations"), "%s", r.out);
	run_free(&r);
	RUN(&r, NULL, "help", "build");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "Usage: hashprof build", 21), "%s", r.out);
	run_free(&r);
}
END_TEST

/* ---------- list ---------- */

START_TEST(list_instances)
{
	static const struct {
		const char *name, *kind, *wraps;
	} want[] = {
		{ "SYNTH-KEM", "kem", ALL_WRAPPED },
		{ "SYNTH-KEX", "kex", ALL_WRAPPED },
		{ "SYNTH-NONE", "sig", "(none)" },
		{ "SYNTH-SIG", "sig", ALL_WRAPPED },
	};
	struct run r;

	RUN(&r, NULL, "list");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "instance ", 9), "%s", r.out);
	for (size_t i = 0; i < COUNT(want); i++) {
		char *row = text_row(r.out, want[i].name, want[i].kind), wraps[256], file[4096];
		ck_assert_msg(row != NULL, "no line '%s %s' in:\n%s", want[i].name, want[i].kind, r.out);
		ck_assert_int_eq(sscanf(row, "%*s %*s %255s %4095s", wraps, file), 2);
		ck_assert_str_eq(wraps, want[i].wraps);
		ck_assert_msg(strlen(file) > 3 && !strcmp(file + strlen(file) - 3, ".so"), "file %s", file);
		ck_assert_msg(access(file, R_OK) == 0, "cannot read %s", file);
		free(row);
	}
	run_free(&r);
}
END_TEST

/* ---------- md and csv ---------- */

START_TEST(markdown_output)
{
	struct run r;
	static const char *const ops[] = { "keygen", "sign", "verify" };
	static const char *const calls[] = {
		" | drng 1, pseudoXOF 4, pseudohash 2 |",
		" | drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1 |",
		" | pseudoXOF 8, pseudohash 3, sm3hash 1 |",
	};
	char *line, *save = NULL;
	size_t n = 0;

	RUN(&r, NULL, "--format=md", "-n", "3", "SYNTH-SIG");
	run_expect_status(&r, 0);
	/* The survey verdict comes first, a paragraph of its own. */
	ck_assert_msg(!strncmp(r.out,
			       "Survey verdict: ICCS-only \u2014 calls pseudohash, pseudoXOF, sm3hash, "
			       "get_random_number; no own primitive\n\n| instance |",
			       strlen("Survey verdict: ICCS-only \u2014 calls pseudohash, pseudoXOF, sm3hash, "
				      "get_random_number; no own primitive\n\n| instance |")),
		      "%s", r.out);
	/* The table ends at the first empty line after it (what follows is prose). */
	{
		char *blank = strstr(strstr(r.out, "\n\n") + 2, "\n\n");
		if (blank)
			blank[1] = '\0';
	}
	ck_assert_uint_eq(count_lines(strstr(r.out, "\n\n") + 2), 5);
	for (line = strtok_r(strstr(r.out, "\n\n") + 2, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		char head[64], hash[16], drng[16];
		const char *want;

		if (n == 0) {
			ck_assert_str_eq(line,
					 "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |");
			continue;
		}
		if (n == 1) {
			ck_assert_str_eq(line, "|---|---|---|---|---|");
			continue;
		}
		want = calls[n - 2];
		snprintf(head, sizeof head, "| `SYNTH-SIG` | %s | ", ops[n - 2]);
		ck_assert_msg(!strncmp(line, head, strlen(head)), "'%s'", line);
		ck_assert_msg(strlen(line) > strlen(want) && !strcmp(line + strlen(line) - strlen(want), want), "'%s'",
			      line);
		ck_assert_int_eq(sscanf(line + strlen(head), "%15[^ ] | %15[^ ] |", hash, drng), 2);
		ck_assert_msg(hash[strlen(hash) - 1] == '%' && drng[strlen(drng) - 1] == '%', "'%s'", line);
	}
	ck_assert_uint_eq(n, 5);
	run_free(&r);
}
END_TEST

START_TEST(csv_output)
{
	struct run r;
	char *line, *save = NULL;
	size_t n = 0;
	static const char *const heads[] = { "\"SYNTH-KEM\",keygen,ok,", "\"SYNTH-KEM\",encaps,ok,",
					     "\"SYNTH-KEM\",decaps,ok," };
	static const char *const calls[] = { ",\"drng 1, pseudoXOF 2\",1,2,0,0,0,",
					     ",\"drng 1, pseudoXOF 1, pseudohash 2\",1,1,2,0,0,",
					     ",\"pseudoXOF 1, pseudohash 2, sm3hash 1\",0,1,2,1,0," };

	RUN(&r, NULL, "--format=csv", "-n", "3", "SYNTH-KEM");
	run_expect_status(&r, 0);
	ck_assert_uint_eq(count_lines(r.out), 4);
	for (line = strtok_r(r.out, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		if (n == 0) {
			ck_assert_str_eq(line,
					 "instance,operation,status,hash_share,drng_share,drng_init_share,"
					 "calls_per_operation,calls_drng,calls_pseudoXOF,calls_pseudohash,"
					 "calls_sm3hash,calls_drng_init,ticks_per_operation,seconds_per_operation,"
					 "operations,shape_overflow_calls_per_operation,failure,notes");
			continue;
		}
		ck_assert_msg(!strncmp(line, heads[n - 1], strlen(heads[n - 1])), "'%s'", line);
		ck_assert_msg(strstr(line, calls[n - 1]) != NULL, "'%s' lacks %s", line, calls[n - 1]);
		/* 3 operations, no overflow, no failure */
		ck_assert_msg(strstr(line, ",3,0,\"\",\"") != NULL, "'%s'", line);
	}
	ck_assert_uint_eq(n, 4);
	run_free(&r);
	/* uncorrected shares say so in their names (--raw) */
	RUN(&r, NULL, "--format=csv", "-n", "3", "--raw", "SYNTH-KEM", "keygen");
	run_expect_status(&r, 0);
	ck_assert_msg(
		!strncmp(r.out, "instance,operation,status,hash_share_raw,drng_share_raw,drng_init_share_raw,", 76),
		"%s", r.out);
	run_free(&r);
}
END_TEST

/* ---------- reproducibility ---------- */

/* The call table of a row without ticks, as a string (free it). */
static char *call_table(json_t *row)
{
	json_t *copy = json_deep_copy(json_object_get(row, "calls")), *s;
	size_t i;
	char *txt;

	json_array_foreach(copy, i, s) json_object_del(s, "ticks");
	txt = json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(copy);
	return txt;
}

static char *run_calls(const char *seed, const char *inst, const char *op)
{
	struct run r;
	json_t *doc;
	char *t;

	if (seed)
		RUN(&r, NULL, "--format=json", "-n", "5", "--seed", seed, inst, op);
	else
		RUN(&r, NULL, "--format=json", "-n", "5", inst, op);
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	if (seed)
		ck_assert_str_eq(jstr(json_object_get(json_row(doc, op), "procedure"), "seed"), seed);
	t = call_table(json_row(doc, op));
	json_decref(doc);
	run_free(&r);
	return t;
}

START_TEST(same_seed_same_counts)
{
	static const char *const cases[][2] = { { "SYNTH-KEX", "exchange" },
						{ "SYNTH-SIG", "sign" },
						{ "SYNTH-KEM", "keygen" } };

	for (size_t i = 0; i < COUNT(cases); i++) {
		char *a = run_calls(NULL, cases[i][0], cases[i][1]);
		char *b = run_calls(NULL, cases[i][0], cases[i][1]);
		char *c = run_calls("ff00a5", cases[i][0], cases[i][1]);
		ck_assert_msg(strlen(a) > 2, "empty call table");
		ck_assert_str_eq(a, b);
		/* These toys are deterministic: another seed, the same counts. */
		ck_assert_str_eq(a, c);
		free(a);
		free(b);
		free(c);
	}
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc;

	tc = tcase_create("counts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, counts_sig);
	tcase_add_test(tc, counts_kem);
	tcase_add_test(tc, counts_kex);
	tcase_add_test(tc, counts_single_operation);
	tcase_add_test(tc, default_procedure_is_planned);
	tcase_add_test(tc, kex_step_planned_from_iteration);
	tcase_add_test(tc, nested_note);
	tcase_add_test(tc, shape_table_overflow);
	tcase_add_test(tc, same_seed_same_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("failures");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, fault_segv);
	tcase_add_test(tc, fault_hang_timeout);
	tcase_add_test(tc, timeout_per_operation);
	tcase_add_test(tc, package_output_bounded);
	tcase_add_test(tc, timeout_names_the_step);
	tcase_add_test(tc, fault_abort);
	tcase_add_test(tc, fault_fail);
	tcase_add_test(tc, fault_in_setup);
	tcase_add_test(tc, fault_in_json);
	tcase_add_test(tc, kex_pass_beyond_protocol);
	tcase_add_test(tc, interrupt_kills_children);
	tcase_add_test(tc, kill_leaves_no_child);
	tcase_add_test(tc, kill_leaves_no_grandchild);
	suite_add_tcase(s, tc);

	tc = tcase_create("interface");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, instance_without_helpers);
	tcase_add_test(tc, unknown_instance);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, clock_cycles);
	tcase_add_test(tc, help_and_version);
	tcase_add_test(tc, list_instances);
	tcase_add_test(tc, markdown_output);
	tcase_add_test(tc, csv_output);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;

	if (access(HP_HASHPROF, X_OK) != 0) {
		fprintf(stderr, "test_cli: %s is not an executable: %s\n", HP_HASHPROF, strerror(errno));
		return EXIT_FAILURE;
	}
	sr = srunner_create(cli_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
