/*
 * test_replay_driver.c - `hashprof --replay`: the
 * driver's side of replay.
 *
 *   outputs     the kinds' replay_op (drivers/ops_*.c) run through
 *               hp_replay_sample on built instances: every run of a sample
 *               writes the record run's signature, ciphertext and shared
 *               secret, key exchange messages and secrets, byte for byte
 *               (compared here from copies, besides the driver's own
 *               check); the synthetic instances, and ML-DSA-44 sign,
 *               ML-KEM-768 encaps and SPHINCS+-SHAKE-128f-simple sign when
 *               PQClean is configured;
 *   command     the build tree's hashprof: a forced divergence
 *               (HASHPROF_SYNTH_DIVERGE) is an error naming the operation,
 *               --replay-max-mb too small fails the replay with its
 *               message and keeps the window figures (exit 1), the
 *               columns of every format with --replay and their absence
 *               without it, records read back, check with a replay
 *               baseline.
 *
 * No assertion is on a time: counts, bytes, messages, exit statuses, and
 * shares only within sane ranges ([-0.05, 1.05]).  The engine tests use a
 * counter as their clock.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "api.h"
#include "capture.h"
#include "check_run.h"
#include "replay/drng_state.h"
#include "instance.h"
#include "ops/ops.h"
#include "records_util.h"
#include "replay/replay.h"

#ifndef HP_SCHEMES_DIR
#error "HP_SCHEMES_DIR (the build tree's schemes/.libs) must be defined"
#endif
#ifndef HP_PQCLEAN_CONFIGURED
#define HP_PQCLEAN_CONFIGURED 0
#endif

/* ---------- the engine: outputs byte-identical in every run ---------- */

/* A clock for the samples: only counts and bytes are checked here. */
static uint64_t counter_clock(void)
{
	static uint64_t t;
	return t += 1000;
}

#define RUNS HP_REPLAY_PHASES /* record, timed, hash and DRNG replays, their double runs */

/* Copies of every run's outputs, by phase, made by the observe hook. */
struct observed {
	unsigned seen[RUNS];
	size_t n[RUNS];
	const char *what[RUNS][HP_OP_OUTPUTS_MAX];
	unsigned char *bytes[RUNS][HP_OP_OUTPUTS_MAX];
	unsigned long long len[RUNS][HP_OP_OUTPUTS_MAX];
};

static void observe(void *arg, enum hp_replay_phase phase, const struct hp_op_output *out, size_t n)
{
	struct observed *o = arg;
	unsigned p = (unsigned)phase;

	ck_assert_uint_lt(p, RUNS);
	o->seen[p]++;
	o->n[p] = n;
	for (size_t i = 0; i < n; i++) {
		free(o->bytes[p][i]);
		o->bytes[p][i] = malloc(out[i].len + 1);
		ck_assert_ptr_nonnull(o->bytes[p][i]);
		memcpy(o->bytes[p][i], out[i].bytes, out[i].len);
		o->what[p][i] = out[i].what;
		o->len[p][i] = out[i].len;
	}
}

static void observed_free(struct observed *o)
{
	for (unsigned p = 0; p < RUNS; p++)
		for (size_t i = 0; i < HP_OP_OUTPUTS_MAX; i++)
			free(o->bytes[p][i]);
	memset(o, 0, sizeof *o);
}

/* An operation of a built instance, set up as the measuring child sets
 * it up (drivers/procedure.c): loaded, seeded, its kind's set-up done,
 * a tape and the DRNG state ready. */
struct engine {
	struct hp_instance inst;
	struct hp_api api;
	struct hp_op_ctx c;
	const struct hp_kind_ops *k;
	struct hp_drng_state drng;
	struct hp_op_replay rp;
	struct hp_replay_run run;
	unsigned char message[64];
};

static void engine_open(struct engine *e, const char *name, const char *op)
{
	unsigned char seed[48];
	char err[256];

	memset(e, 0, sizeof *e);
	setenv("HASHPROF_PATH", HP_SCHEMES_DIR, 1);
	ck_assert_msg(hp_instance_find(name, &e->inst) == 0, "%s not found in %s", name, HP_SCHEMES_DIR);
	ck_assert_ptr_nonnull(e->k = hp_kind_ops_of(e->inst.kind));
	ck_assert_msg(hp_api_load(&e->inst, &e->api, err, sizeof err) == 0, "%s", err);
	e->api.wrap->clock = counter_clock;
	e->api.wrap->accounting = 0;
	for (unsigned i = 0; i < sizeof seed; i++)
		seed[i] = (unsigned char)i;
	for (unsigned i = 0; i < sizeof e->message; i++)
		e->message[i] = (unsigned char)((i * 131 + 64) % 256);
	if (e->api.init_random_number)
		e->api.init_random_number(e->api.drng_algorithm, seed, sizeof seed);
	e->c = (struct hp_op_ctx){ .api = &e->api,
				   .op = op,
				   .message = e->message,
				   .message_len = sizeof e->message,
				   .meter = { .wrap = e->api.wrap, .clock = counter_clock } };
	ck_assert_msg(e->k->prepare(&e->c, err, sizeof err) == 0 && e->k->setup(&e->c, err, sizeof err) == 0, "%s",
		      err);
	ck_assert_msg(hp_drng_state_open(e->api.dl, &e->drng, err, sizeof err) == 0, "%s", err);
	ck_assert_msg(hp_replay_tape_alloc(e->api.wrap, op, 0, HP_REPLAY_MAX_MB_DEFAULT, err, sizeof err) == 0, "%s",
		      err);
	ck_assert_msg(hp_op_replay_begin(&e->rp, &e->c, e->k, err, sizeof err) == 0, "%s", err);
	e->run = (struct hp_replay_run){ .name = op,
					 .wrap = e->api.wrap,
					 .drng = &e->drng,
					 .clock = counter_clock,
					 .max_bytes = hp_replay_bound_bytes(HP_REPLAY_MAX_MB_DEFAULT),
					 .op = hp_op_replay_op,
					 .check = hp_op_replay_check,
					 .ctx = &e->rp };
}

static void engine_close(struct engine *e)
{
	hp_op_replay_end(&e->rp);
	hp_replay_tape_free(e->api.wrap);
	hp_drng_state_close(&e->drng);
	e->k->release(&e->c);
}

/* An output by name in phase p of o; its index, asserted present. */
static size_t output_index(const struct observed *o, unsigned p, const char *what)
{
	for (size_t i = 0; i < o->n[p]; i++)
		if (!strcmp(o->what[p][i], what))
			return i;
	ck_abort_msg("no output '%s'", what);
	return 0;
}

/*
 * Take `samples` samples of op (every order of hp_replay_sample's runs),
 * and check that each run of each wrote exactly the record run's
 * outputs, the named ones (`want`, NULL-terminated, with their lengths
 * want_len) among them; that the replays served calls from the tape (a
 * hash replay at least hash_calls of them, a DRNG one drng_calls); and
 * that successive samples write new outputs (the DRNG carries on).
 */
static void expect_identical_runs(const char *name, const char *op, const char *const *want,
				  const unsigned long long *want_len, uint64_t hash_calls, uint64_t drng_calls,
				  unsigned samples)
{
	struct engine e;
	struct observed o, first;
	struct hp_replay_sample x;
	char err[512];

	memset(&o, 0, sizeof o);
	memset(&first, 0, sizeof first);
	engine_open(&e, name, op);
	e.rp.observe = observe;
	e.rp.observe_arg = &o;
	for (unsigned s = 0; s < samples; s++) {
		memset(o.seen, 0, sizeof o.seen);
		ck_assert_msg(hp_replay_sample(&e.run, s % HP_REPLAY_ORDERS, &x, err, sizeof err) == 0, "%s %s: %s",
			      name, op, err);
		/* a family with no call (drng_calls 0: decaps) is not run
		 * (trial-replay, item 1): its replay and double runs never seen */
		ck_assert_uint_eq(x.skipped, drng_calls ? 0 : 1u << HP_REPLAY_DRNG);
		ck_assert_uint_eq(x.family_calls[HP_REPLAY_DRNG] == 0, drng_calls == 0);
		for (unsigned p = 0; p < RUNS; p++)
			ck_assert_uint_eq(o.seen[p],
					  !(p >= HP_REPLAY_PHASE_REPLAY &&
					    (x.skipped & (1u << (p - HP_REPLAY_PHASE_REPLAY) % HP_REPLAY_FAMILIES))));
		ck_assert_uint_ge(x.replayed[HP_REPLAY_HASH], hash_calls);
		ck_assert_uint_ge(x.replayed[HP_REPLAY_DRNG], drng_calls);
		for (unsigned p = 1; p < RUNS; p++) {
			if (!o.seen[p])
				continue;
			ck_assert_uint_eq(o.n[p], o.n[0]);
			for (size_t i = 0; i < o.n[0]; i++) {
				ck_assert_str_eq(o.what[p][i], o.what[0][i]);
				ck_assert_msg(o.len[p][i] == o.len[0][i] &&
						      !memcmp(o.bytes[p][i], o.bytes[0][i], o.len[0][i]),
					      "%s %s: run %u's %s differs from the record's", name, op, p,
					      o.what[0][i]);
			}
		}
		for (size_t w = 0; want[w]; w++) {
			size_t i = output_index(&o, 0, want[w]);
			ck_assert_uint_eq(o.len[0][i], want_len[w]);
		}
		if (s == 0) {
			first.n[0] = o.n[0];
			for (size_t i = 0; i < o.n[0]; i++) {
				first.bytes[0][i] = malloc(o.len[0][i] + 1);
				memcpy(first.bytes[0][i], o.bytes[0][i], o.len[0][i]);
				first.len[0][i] = o.len[0][i];
			}
		}
	}
	/* the next sample is the next operation: a signature of other
	 * randomness (the DRNG is left where the record left it) */
	if (drng_calls && samples > 1) {
		size_t i = output_index(&o, 0, want[0]);
		ck_assert_msg(o.len[0][i] != first.len[0][i] || memcmp(o.bytes[0][i], first.bytes[0][i], o.len[0][i]),
			      "%s %s: two samples wrote the same %s", name, op, want[0]);
	}
	observed_free(&o);
	observed_free(&first);
	engine_close(&e);
}

/* The operations replayed, what each must write (up to 4 outputs, by
 * name and length in bytes) and the calls at least served from the tape
 * (README of schemes/synthetic; schemes/pqclean/README.md). */
struct identical_case {
	const char *instance, *op;
	const char *want[5];
	unsigned long long len[4];
	uint64_t hash_calls, drng_calls;
	unsigned samples;
};

static const struct identical_case identical_cases[] = {
	/* sign: pseudoXOF 8, pseudohash 3, sm3hash 1; drng 1 */
	{ "SYNTH-SIG", "sign", { "signature" }, { 96 }, 12, 1, HP_REPLAY_ORDERS },
	{ "SYNTH-KEM", "encaps", { "ciphertext", "shared secret" }, { 32, 32 }, 3, 1, HP_REPLAY_ORDERS },
	{ "SYNTH-KEM", "decaps", { "shared secret" }, { 32 }, 4, 0, HP_REPLAY_ORDERS },
	/* exchange: pseudoXOF 2, pseudohash 2, sm3hash 2; drng 3 */
	{ "SYNTH-KEX",
	  "exchange",
	  { "message 1", "message 2", "shared secret of A", "shared secret of B" },
	  { 128, 80, 32, 32 },
	  6,
	  3,
	  HP_REPLAY_ORDERS },
	/* one step on the state the steps before it left, put back after
	 * each run: pass2 rewrites B's state */
	{ "SYNTH-KEX", "pass2", { "message 2", "state of B" }, { 80, 16 }, 1, 1, HP_REPLAY_ORDERS },
#if HP_PQCLEAN_CONFIGURED
	{ "ML-DSA-44", "sign", { "signature" }, { 2420 }, 20, 1, HP_REPLAY_ORDERS },
	{ "ML-KEM-768", "encaps", { "ciphertext", "shared secret" }, { 1088, 32 }, 10, 1, HP_REPLAY_ORDERS },
	/* ~1.05e5 hash calls a signature: 2 samples are enough */
	{ "SPHINCS+-SHAKE-128f-simple", "sign", { "signature" }, { 17088 }, 100000, 1, 2 },
#endif
};
#define IDENTICAL_CASES (int)(sizeof identical_cases / sizeof identical_cases[0])

START_TEST(replayed_outputs_identical)
{
	const struct identical_case *x = &identical_cases[_i];

	expect_identical_runs(x->instance, x->op, x->want, x->len, x->hash_calls, x->drng_calls, x->samples);
}
END_TEST

/* A forced divergence in the engine: the DRNG draws other bytes in the
 * timed run, and the check says which output differs, after the name. */
START_TEST(engine_divergence_names_the_operation)
{
	struct engine e;
	struct hp_replay_sample x;
	char err[512];

	setenv("HASHPROF_SYNTH_DIVERGE", "drng", 1);
	engine_open(&e, "SYNTH-SIG", "sign");
	ck_assert_int_eq(hp_replay_sample(&e.run, 0, &x, err, sizeof err), -1);
	ck_assert_str_eq(err, "sign: the timed run's signature differs from the record's at byte 0 of 96");
	ck_assert_int_eq(e.api.wrap->accounting, 0);
	engine_close(&e);
	unsetenv("HASHPROF_SYNTH_DIVERGE");
}
END_TEST

/* ---------- the command ---------- */

/* Run hashprof with args (NULL-terminated) and the environment
 * assignments set (NULL-terminated, may be NULL); the synthetic and
 * ground-truth knobs and HASHPROF_PATH are unset otherwise. */
static void run_v(struct run *r, const char *const *set, const char *const *args)
{
	const char *env[16] = { "HASHPROF_SYNTH_*", "HASHPROF_GT_*", "HASHPROF_PATH" };
	size_t n = 3;

	for (; set && *set && n + 1 < sizeof env / sizeof env[0]; set++)
		env[n++] = *set;
	env[n] = NULL;
	run_capture(r, HP_HASHPROF, args, env);
}

#define ENV(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define RUN(r, set, ...) run_v((r), (set), (const char *const[]){ __VA_ARGS__, NULL })

static json_t *parse_json(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je);

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "JSON: %s (line %d)", je.text, je.line);
	return doc;
}

/* The only row of a run document. */
static json_t *only_row(json_t *doc)
{
	json_t *rows = json_object_get(doc, "rows");

	ck_assert_uint_eq(json_array_size(rows), 1);
	return json_array_get(rows, 0);
}

static double jnum(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_number(v), "'%s' is not a number", key);
	return json_number_value(v);
}

static void expect_fraction(double v, const char *what)
{
	ck_assert_msg(v >= -0.05 && v <= 1.05, "%s = %g is not a share", what, v);
}

/* The window figures of a row are there: measured, its N operations,
 * shares that are shares. */
static void expect_window_kept(json_t *row, long long operations)
{
	ck_assert_str_eq(json_string_value(json_object_get(row, "status")), "ok");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(row, "totals"), "operations")), operations);
	expect_fraction(jnum(json_object_get(row, "shares_corrected"), "hash"), "shares_corrected.hash");
	ck_assert_msg(jnum(json_object_get(row, "shares_corrected"), "hash") > 0, "no hash share measured");
}

/* A run whose replay failed: exit 1, the window figures kept, the replay
 * object invalid with exactly the message `want` and no shares. */
static void expect_replay_failed(const struct run *r, long long operations, const char *want)
{
	json_t *doc, *row, *rp;

	run_expect_status(r, 1);
	doc = parse_json(r);
	row = only_row(doc);
	expect_window_kept(row, operations);
	rp = json_object_get(row, "replay");
	ck_assert_ptr_nonnull(rp);
	ck_assert(json_is_false(json_object_get(rp, "valid")));
	ck_assert(json_is_null(json_object_get(rp, "hash")));
	ck_assert(json_is_null(json_object_get(rp, "drng")));
	ck_assert_str_eq(json_string_value(json_object_get(rp, "error")), want);
	json_decref(doc);
}

START_TEST(divergent_outputs_fail_the_replay)
{
	struct run r;

	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=drng"), "--replay", "-n", "3", "--format=json", "SYNTH-SIG", "sign");
	expect_replay_failed(&r, 3, "sign: the timed run's signature differs from the record's at byte 0 of 96");
	run_free(&r);
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=drng"), "--replay", "-n", "3", "--format=json", "SYNTH-KEM", "encaps");
	expect_replay_failed(&r, 3, "encaps: the timed run's ciphertext differs from the record's at byte 0 of 32");
	run_free(&r);
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=drng"), "--replay", "-n", "3", "--format=json", "SYNTH-KEX", "pass2");
	expect_replay_failed(&r, 3, "pass2: the timed run's state of B differs from the record's at byte 0 of 16");
	run_free(&r);
}
END_TEST

START_TEST(divergent_calls_fail_the_replay)
{
	struct run r;

	/* set-up sign, warm-up, 3 operations (--min-time=0: no timing-only
	 * ones): the record is the 6th sign of the process, with the extra
	 * call; the timed run the 7th, the hash replay the 8th (with it
	 * again), the hash double replay the 9th (without): docs/method.md, "Replay
	 * divergence" */
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=calls"), "--replay", "-n", "3", "--min-time=0", "--format=json",
	    "SYNTH-SIG", "sign");
	expect_replay_failed(&r, 3,
			     "sign: the hash double replay diverged at helper call 0: get_random_number (in 0, "
			     "out 256 bits) where the record has pseudoXOF (in 256, out 256 bits)");
	run_free(&r);
	/* the text table: "failed" in the columns, the message in a note */
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=calls"), "--replay", "-n", "3", "--min-time=0", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "note: SYNTH-SIG sign: replay failed: sign: the hash double replay diverged at "
				    "helper call 0") != NULL,
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "failed  ") != NULL, "%s", r.out);
	run_free(&r);
}
END_TEST

START_TEST(tape_over_the_bound)
{
	struct run r;

	/* GROUND-TRUTH keygen of 20000 sm3hash calls: 20000 x (24 + 32)
	 * bytes of tape, 1.1 MiB, over a bound of 1 */
	RUN(&r, ENV("HASHPROF_GT_CALLS=20000"), "--replay-max-mb=1", "-n", "1", "--format=json", "GROUND-TRUTH",
	    "keygen");
	expect_replay_failed(&r, 1,
			     "keygen: the replay tape needs 1.1 MiB per operation, over the bound of 1 MiB "
			     "(--replay-max-mb)");
	run_free(&r);
	/* under the default bound the same row replays */
	RUN(&r, ENV("HASHPROF_GT_CALLS=20000"), "--replay", "-n", "1", "--format=json", "GROUND-TRUTH", "keygen");
	run_expect_status(&r, 0);
	run_free(&r);
}
END_TEST

START_TEST(bad_replay_options)
{
	static const char *const bad[] = { "0", "65537", "x", "" };
	char arg[64];
	struct run r;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(arg, sizeof arg, "--replay-max-mb=%s", bad[i]);
		RUN(&r, NULL, arg, "SYNTH-SIG", "sign");
		run_expect_status(&r, 2);
		ck_assert_msg(strstr(r.err, "--replay-max-mb: '") && strstr(r.err, "is not a whole number of MiB "
										   "from 1 to 65536"),
			      "%s", r.err);
		run_free(&r);
	}
	RUN(&r, NULL, "--help");
	run_expect_status(&r, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "--replay "));
	ck_assert_ptr_nonnull(strstr(r.out, "--replay-max-mb=MB"));
	run_free(&r);
	RUN(&r, NULL, "check", "--help");
	run_expect_status(&r, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "--replay-max-mb=MB"));
	run_free(&r);
}
END_TEST

/* The keys of a record, in order, as one string ("schema,instance,..."). */
static void key_list(json_t *row, char *buf, size_t len)
{
	const char *key;
	json_t *v;
	size_t used = 0;

	buf[0] = '\0';
	json_object_foreach(row, key, v) used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "", key);
}

/* survey: the instance's, in every record of an instance that has one */
#define RECORD_KEYS                                                                          \
	"schema,instance,kind,operation,path,wrapped,status,failure,procedure,clock,totals," \
	"overflow,calls,shares,overhead,trials,batches,shares_raw,shares_corrected,survey"

START_TEST(json_with_and_without_replay)
{
	struct run r;
	json_t *doc, *row, *rp;
	char keys[1024];

	/* without --replay: the record's keys as before replay existed */
	RUN(&r, NULL, "-n", "3", "--format=json", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	row = only_row(doc);
	key_list(row, keys, sizeof keys);
	ck_assert_str_eq(keys, RECORD_KEYS ",notes");
	json_decref(doc);
	run_free(&r);

	/* with: the same, and "replay" before the notes */
	RUN(&r, NULL, "--replay", "-n", "3", "--format=json", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	doc = parse_json(&r);
	row = only_row(doc);
	key_list(row, keys, sizeof keys);
	ck_assert_str_eq(keys, RECORD_KEYS ",replay,notes");
	expect_window_kept(row, 3);
	rp = json_object_get(row, "replay");
	key_list(rp, keys, sizeof keys);
	ck_assert_str_eq(
		keys,
		"valid,samples,hash,drng,hash_out_of_range,drng_out_of_range,estimator,insitu_hash_ticks_per_call,"
		"insitu_drng_ticks_per_call,hash_estimator,drng_estimator,hash_spread,drng_spread,"
		"hash_calls_per_operation,"
		"drng_calls_per_operation,loop_hash_ticks_per_call,loop_drng_ticks_per_call,"
		"cost_valid,replay_ticks_per_call,pass_ticks_per_call,"
		"cost_calibration_seconds,tape_bytes,calls_per_operation,max_mb,seconds,error");
	/* encaps: 3 hash calls, 1 DRNG call; each family's estimator one of the two */
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "hash_calls_per_operation")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "drng_calls_per_operation")), 1);
	for (const char *const *k = (const char *const[]){ "hash_estimator", "drng_estimator", NULL }; *k; k++) {
		const char *est = json_string_value(json_object_get(rp, *k));
		ck_assert_msg(est && (!strcmp(est, "in situ") || !strcmp(est, "tight loop")), "%s: %s", *k,
			      est ? est : "(none)");
	}
	ck_assert_str_eq(json_string_value(json_object_get(rp, "estimator")), "in situ");
	ck_assert(json_is_number(json_object_get(rp, "insitu_hash_ticks_per_call")));
	ck_assert(json_is_number(json_object_get(rp, "insitu_drng_ticks_per_call")));
	ck_assert(json_is_true(json_object_get(rp, "valid")));
	ck_assert(json_is_true(json_object_get(rp, "cost_valid")));
	ck_assert_int_ge(json_integer_value(json_object_get(rp, "samples")), 5);
	expect_fraction(jnum(rp, "hash"), "replay.hash");
	expect_fraction(jnum(rp, "drng"), "replay.drng");
	/* a spread over at least 5 samples: half their interquartile range */
	ck_assert(jnum(rp, "hash_spread") >= 0 && jnum(rp, "hash_spread") < 1);
	ck_assert(jnum(rp, "drng_spread") >= 0 && jnum(rp, "drng_spread") < 1);
	/* encaps: drng 1 (32 bytes), pseudoXOF 1 (32), pseudohash 2 (96
	 * each), each after a 24-byte header */
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "calls_per_operation")), 4);
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "tape_bytes")), 56 + 56 + 2 * 120);
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "max_mb")), HP_REPLAY_MAX_MB_DEFAULT);
	ck_assert_str_eq(json_string_value(json_object_get(rp, "error")), "");
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* The line of out that starts with prefix (a copy, free it), asserted there. */
static char *line_starting(const char *out, const char *prefix)
{
	for (const char *p = out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, prefix, strlen(prefix))) {
			size_t n = strcspn(p, "\n");
			char *l = malloc(n + 1);
			memcpy(l, p, n);
			l[n] = '\0';
			return l;
		}
	ck_abort_msg("no line starting with '%s' in:\n%s", prefix, out);
	return NULL;
}

#define CSV_HEADER_HEAD "instance,operation,status,hash_share,drng_share,drng_init_share,"
#define CSV_HEADER_TAIL                                                                                            \
	"calls_per_operation,calls_drng,calls_pseudoXOF,calls_pseudohash,calls_sm3hash,"                           \
	"calls_drng_init,ticks_per_operation,seconds_per_operation,operations,shape_overflow_calls_per_operation," \
	"failure,notes"

/* the survey verdict line, then the published table */
#define MD_HEAD                                                                                             \
	"Survey verdict: ICCS-only \u2014 calls pseudohash, pseudoXOF, sm3hash, get_random_number; no own " \
	"primitive\n\n"                                                                                     \
	"| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"                      \
	"|---|---|---|---|---|\n| `SYNTH-KEM` | encaps | "

START_TEST(text_md_csv_with_and_without_replay)
{
	struct run r;
	char *l, cell[2][32];
	double a, b;

	RUN(&r, NULL, "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.out, "if free") && !strstr(r.out, "replay"), "%s", r.out);
	run_free(&r);
	RUN(&r, NULL, "--replay", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	l = line_starting(r.out, "instance ");
	ck_assert_msg(strstr(l, "  DRNG init  if free: hash  if free: DRNG  calls per operation  "), "'%s'", l);
	free(l);
	l = line_starting(r.out, "SYNTH-KEM  encaps ");
	/* the if-free cells end "47.4% ±2.6  1.8% ±12.3": the shares and their
	 * spreads over the samples, in pp */
	{
		char *calls = strstr(l, "  drng 1, pseudoXOF 1, pseudohash 2  ");
		double share[2], spread[2];
		ck_assert_msg(calls, "'%s'", l);
		*calls = 0;
		/* the text's cells are apart by two spaces or more, a cell's own
		 * words by one: the last two cells */
		char *cells = calls;
		for (int seen = 0; cells > l && seen < 2; cells--)
			if (cells[-1] == ' ' && cells - 1 > l && cells[-2] == ' ' && cells[0] != ' ')
				seen++;
		ck_assert_msg(sscanf(cells, " %lf%% \u00b1%lf %lf%% \u00b1%lf", &share[0], &spread[0], &share[1],
				     &spread[1]) == 4,
			      "'%s'", cells);
		for (int k = 0; k < 2; k++)
			ck_assert_msg(spread[k] >= 0 && spread[k] < 100, "spread %f", spread[k]);
	}
	free(l);
	l = line_starting(r.out, "replay: \"if free\" = ");
	free(l);
	run_free(&r);

	/* md: the published table as it was, the replay shares in a table below */
	RUN(&r, NULL, "--format=md", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.out, "if free") && !strstr(r.out, "replay"), "%s", r.out);
	run_free(&r);
	RUN(&r, NULL, "--replay", "--format=md", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, MD_HEAD, strlen(MD_HEAD)), "%s", r.out);
	ck_assert_ptr_nonnull(
		strstr(r.out, "\n\n| instance | operation | if free: hash | if free: DRNG |\n|---|---|---|---|\n"));
	l = line_starting(strstr(r.out, "if free: hash"), "| `SYNTH-KEM` | encaps | ");
	ck_assert_int_eq(sscanf(l, "| `SYNTH-KEM` | encaps | %31[^%]%% \u00b1%lf | %31[^%]%% \u00b1%lf |", cell[0], &a,
				cell[1], &b),
			 4);
	expect_fraction(strtod(cell[0], NULL) / 100, "md if free: hash");
	expect_fraction(strtod(cell[1], NULL) / 100, "md if free: DRNG");
	free(l);
	run_free(&r);

	/* csv: two columns after drng_init_share, fractions */
	RUN(&r, NULL, "--format=csv", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	l = line_starting(r.out, "instance,");
	ck_assert_str_eq(l, CSV_HEADER_HEAD CSV_HEADER_TAIL);
	free(l);
	run_free(&r);
	RUN(&r, NULL, "--replay", "--format=csv", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	l = line_starting(r.out, "instance,");
	ck_assert_str_eq(l, CSV_HEADER_HEAD "replay_hash_share,replay_drng_share," CSV_HEADER_TAIL);
	free(l);
	l = line_starting(r.out, "\"SYNTH-KEM\",encaps,ok,");
	ck_assert_int_eq(sscanf(l, "\"SYNTH-KEM\",encaps,ok,%*[^,],%*[^,],%*[^,],%lf,%lf,", &a, &b), 2);
	expect_fraction(a, "csv replay_hash_share");
	expect_fraction(b, "csv replay_drng_share");
	free(l);
	run_free(&r);

	/* a failed replay: empty fields, never a number */
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=drng"), "--replay", "--format=csv", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 1);
	l = line_starting(r.out, "\"SYNTH-KEM\",encaps,ok,");
	ck_assert_int_eq(sscanf(l, "\"SYNTH-KEM\",encaps,ok,%*[^,],%*[^,],%*[^,],%lf", &a), 0);
	ck_assert_msg(strstr(l, ",,\"drng 1, pseudoXOF 1, pseudohash 2\","), "'%s'", l);
	free(l);
	run_free(&r);
}
END_TEST

START_TEST(records_read_back)
{
	struct run r;
	char *dir = hpt_tmpdir("replay-records"), *file, *text;
	json_t *rec;

	RUN(&r, NULL, "--replay", "-n", "3", "--record-dir", dir, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 0);
	text = line_starting(r.out, "instance ");
	ck_assert_ptr_nonnull(strstr(text, "if free: hash  if free: DRNG"));
	free(text);
	run_free(&r);
	RUN(&r, NULL, "report", "--format=csv", dir);
	run_expect_status(&r, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "replay_hash_share,replay_drng_share,"));
	run_free(&r);

	/* a stored replay share that is not a number: bad input naming it */
	file = hpt_path(dir, "SYNTH-SIG__sign.json");
	rec = hpt_json_load(file);
	json_object_set_new(json_object_get(rec, "replay"), "hash", json_string("lots"));
	hpt_json_save(file, rec);
	json_decref(rec);
	free(file);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "field 'replay.hash': expected a number (replay.valid is true)"), "%s", r.err);
	run_free(&r);

	/* an estimator neither of the two: bad input naming it; none at all
	 * (a record from before there was a choice): the tight loop's */
	file = hpt_path(dir, "SYNTH-SIG__sign.json");
	rec = hpt_json_load(file);
	json_object_set_new(json_object_get(rec, "replay"), "hash", json_real(0.5));
	json_object_set_new(json_object_get(rec, "replay"), "estimator", json_string("guess"));
	hpt_json_save(file, rec);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "field 'replay.estimator': \"guess\", expected \"in situ\" or \"tight loop\""),
		      "%s", r.err);
	run_free(&r);
	json_object_del(json_object_get(rec, "replay"), "estimator");
	hpt_json_save(file, rec);
	json_decref(rec);
	free(file);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "replay: \"if free\" = ") && strstr(r.out, "added back: the tape path's cost in a "
									       "tight loop, "),
		      "%s", r.out);
	run_free(&r);
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

/* Per family (trial-replay, item 1): a family the operation never calls
 * (SYNTH-KEM decaps makes no DRNG call) is not run: calls 0, "not run",
 * share exactly 0, "0.0%" as the window's DRNG column shows it; and a
 * record whose in-situ cost of a family was implausible (ML-DSA-44
 * sign's DRNG runs read -97.2 ticks a call) says so once, naming the
 * row, the family and both costs, and that family's in-situ cost is in
 * no median of the replay line. */
START_TEST(family_estimators_in_output)
{
	struct run r;
	char *dir = hpt_tmpdir("replay-family"), *file = hpt_path(dir, "SYNTH-KEM__decaps.json"), *text;
	char note[512], added[512];
	const char *unit;
	json_t *rec, *rp;

	RUN(&r, NULL, "--replay", "-n", "3", "--record-dir", dir, "SYNTH-KEM", "decaps");
	run_expect_status(&r, 0);
	text = line_starting(r.out, "SYNTH-KEM ");
	ck_assert_msg(strstr(text, "  0.0%  ") != NULL, "%s", r.out);
	run_free(&r);
	rec = hpt_json_load(file);
	/* the clock's unit: TSC ticks on x86-64, timer ticks on AArch64 */
	unit = json_string_value(json_object_get(json_object_get(rec, "clock"), "unit"));
	ck_assert_ptr_nonnull(unit);
	snprintf(note, sizeof note,
		 "note: SYNTH-KEM decaps: replay: the tape path's in-situ cost in the hash runs was "
		 "implausible (-97.2 %s/call; plausible: -2.5 to 160.0, from the tight loop's 10.0 "
		 "for the same calls): the \"if free: hash\" share adds back the tight loop's cost instead",
		 unit);
	snprintf(added, sizeof added,
		 "added back: the tape path's cost measured in the operation, - %s/call in "
		 "the hash runs and - in the DRNG runs (-: in no row: no call, or its in-situ cost "
		 "implausible)",
		 unit);
	rp = json_object_get(rec, "replay");
	ck_assert_str_eq(json_string_value(json_object_get(rp, "drng_estimator")), "not run");
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "drng_calls_per_operation")), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(rp, "hash_calls_per_operation")), 4);
	ck_assert(json_real_value(json_object_get(rp, "drng")) == 0.0 &&
		  json_real_value(json_object_get(rp, "insitu_drng_ticks_per_call")) == 0.0 &&
		  json_real_value(json_object_get(rp, "loop_drng_ticks_per_call")) == 0.0);
	/* the hash family's in-situ cost made implausible */
	json_object_set_new(rp, "hash_estimator", json_string("tight loop"));
	json_object_set_new(rp, "insitu_hash_ticks_per_call", json_real(-97.2));
	json_object_set_new(rp, "loop_hash_ticks_per_call", json_real(10.0));
	hpt_json_save(file, rec);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, note) != NULL, "%s", r.out);
	ck_assert_msg(strstr(strstr(r.out, note) + strlen(note), "was implausible") == NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, added) != NULL, "%s", r.out);
	run_free(&r);
	/* a family estimator that is none of the three: bad input naming it */
	json_object_set_new(rp, "drng_estimator", json_string("guess"));
	hpt_json_save(file, rec);
	json_decref(rec);
	RUN(&r, NULL, "report", dir);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "field 'replay.drng_estimator': \"guess\", expected \"in situ\", \"tight loop\" "
				    "or \"not run\""),
		      "%s", r.err);
	run_free(&r);
	hpt_rmtree(dir);
	free(file);
	free(dir);
}
END_TEST

/* The "if free" lines of a check's output: exactly one a family, either
 * compared ("ok") or not, of another estimator (its baseline and re-run
 * estimators then among those named in `estimators`, e.g. "tight loop"
 * "in situ").  Which one it is depends on the run: a re-run family's
 * in-situ cost can be implausible and fall back to the tight loop
 * (docs/replay.md).  Returns how many were compared. */
static unsigned replay_families_compared(const char *out, const char *const *estimators, size_t nest)
{
	static const char *const q[] = { " if free: hash ", " if free: DRNG " };
	unsigned compared = 0;

	ck_assert_msg(!strstr(out, " if free  "), "a row's line, not a family's:\n%s", out);
	for (size_t f = 0; f < 2; f++) {
		const char *l = strstr(out, q[f]), *end;
		size_t named = 0;
		ck_assert_msg(l && !strstr(l + 1, q[f]), "not one '%s' line in:\n%s", q[f], out);
		end = strchr(l, '\n');
		for (size_t e = 0; e < nest; e++) {
			const char *m = strstr(l, estimators[e]);
			named += m && (!end || m < end);
		}
		if (strstr(l, " ok") && (!end || strstr(l, " ok") < end))
			compared++;
		else
			ck_assert_msg(strstr(l, "not compared (another estimator)") && named >= 1, "%s", out);
	}
	return compared;
}

START_TEST(check_with_a_replay_baseline)
{
	struct run r;
	char *dir = hpt_tmpdir("replay-baseline"), *plain = hpt_tmpdir("replay-plain");
	static const char *const est[] = { "in situ", "tight loop" };
	char pass[96];
	unsigned compared;

	/* shares within 100 pp: what is checked is which lines there are */
	RUN(&r, NULL, "--replay", "-n", "3", "--record-dir", dir, "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, NULL, "check", "--share-tolerance=100", dir);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, " hash share ") && strstr(r.out, " DRNG share "), "%s", r.out);
	/* 4 calls/nested lines, 2 window shares, and the replay shares of
	 * each family whose estimator is the baseline's: in situ, or the
	 * tight loop where one of the two runs found its in-situ cost
	 * implausible */
	compared = replay_families_compared(r.out, est, 2);
	snprintf(pass, sizeof pass, "check: pass: %u comparisons within tolerance", 6 + compared);
	ck_assert_msg(strstr(r.out, pass), "%s", r.out);
	run_free(&r);

	/* the re-run's replay fails: a failing line, exit 1; the window
	 * figures are still compared */
	RUN(&r, ENV("HASHPROF_SYNTH_DIVERGE=drng"), "check", "--share-tolerance=100", dir);
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, " replay ") && strstr(r.out, "failed: encaps: the timed run's ciphertext differs "
								 "from the record's at byte 0 of 32"),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, " hash share ") && !strstr(r.out, " if free: hash "), "%s", r.out);
	ck_assert_msg(strstr(r.out, "check: FAIL: 1 of 7 comparisons out of tolerance"), "%s", r.out);
	run_free(&r);

	/* a baseline of the tight-loop estimator (a record from before there
	 * was a choice, so none per family either): a family is compared
	 * only where the re-run fell back to the tight loop too, each
	 * family on its own line */
	{
		char *file = hpt_path(dir, "SYNTH-KEM__encaps.json");
		json_t *rec = hpt_json_load(file);
		json_object_del(json_object_get(rec, "replay"), "estimator");
		json_object_del(json_object_get(rec, "replay"), "hash_estimator");
		json_object_del(json_object_get(rec, "replay"), "drng_estimator");
		hpt_json_save(file, rec);
		json_decref(rec);
		free(file);
	}
	RUN(&r, NULL, "check", "--share-tolerance=100", dir);
	run_expect_status(&r, 0);
	compared = replay_families_compared(r.out, est, 2);
	snprintf(pass, sizeof pass, "check: pass: %u comparisons within tolerance", 6 + compared);
	ck_assert_msg(strstr(r.out, pass), "%s", r.out);
	if (compared < 2)
		ck_assert_msg(strstr(r.out, "tight loop  in situ"), "%s", r.out);
	run_free(&r);

	/* a baseline without replay: window shares only, even with --replay */
	RUN(&r, NULL, "-n", "3", "--record-dir", plain, "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, NULL, "check", "--share-tolerance=100", plain);
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.out, "if free") && strstr(r.out, "check: pass: 6 comparisons"), "%s", r.out);
	run_free(&r);
	RUN(&r, NULL, "check", "--replay", "--share-tolerance=100", plain);
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.out, "if free") && strstr(r.out, "check: pass: 6 comparisons"), "%s", r.out);
	run_free(&r);
	hpt_rmtree(dir);
	hpt_rmtree(plain);
	free(dir);
	free(plain);
}
END_TEST

START_TEST(check_published_reads_replay_md)
{
	struct run r;
	char *dir = hpt_tmpdir("replay-page"), *page = hpt_path(dir, "page.md");

	/* hashprof's own md with --replay stays a page `check --published` reads */
	RUN(&r, NULL, "--replay", "--format=md", "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	hpt_write(page, r.out);
	run_free(&r);
	RUN(&r, NULL, "check", "--share-tolerance=100", "-n", "3", "--published", page);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "check: pass: ") && !strstr(r.out, "if free"), "%s", r.out);
	run_free(&r);
	free(page);
	hpt_rmtree(dir);
	free(dir);
}
END_TEST

static Suite *replay_driver_suite(void)
{
	Suite *s = suite_create("replay driver");
	TCase *tc = tcase_create("outputs");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, replayed_outputs_identical, 0, IDENTICAL_CASES);
	tcase_add_test(tc, engine_divergence_names_the_operation);
	suite_add_tcase(s, tc);

	tc = tcase_create("command");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, divergent_outputs_fail_the_replay);
	tcase_add_test(tc, divergent_calls_fail_the_replay);
	tcase_add_test(tc, tape_over_the_bound);
	tcase_add_test(tc, bad_replay_options);
	tcase_add_test(tc, json_with_and_without_replay);
	tcase_add_test(tc, text_md_csv_with_and_without_replay);
	tcase_add_test(tc, records_read_back);
	tcase_add_test(tc, family_estimators_in_output);
	tcase_add_test(tc, check_with_a_replay_baseline);
	tcase_add_test(tc, check_published_reads_replay_md);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (access(HP_HASHPROF, X_OK) != 0) {
		fprintf(stderr, "test_replay_driver: %s is not an executable: %s\n", HP_HASHPROF, strerror(errno));
		return EXIT_FAILURE;
	}
	return hp_check_run(replay_driver_suite());
}
