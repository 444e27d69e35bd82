/*
 * test_survey.c - the survey of symmetric code that bypasses the ICCS
 * helpers (builder/survey/survey.c): the verdict and its reason for
 * every built-in instance (`hashprof list --long`), and for the
 * fixtures written for it (tests/fixtures/README.md): own-keccak
 * (bypass), own-sm3 (mixed, with ICCS files that carry SM3 of their own),
 * own-static (own code that cannot be wrapped), drng-xof (the ICCS DRNG
 * as an XOF); in the build output, in `list --long`, in every JSON
 * record and its read-back, and in the markdown's "Survey verdict:" line.
 *
 * Each fixture test copies the fixture into a fresh temporary folder and
 * runs the build tree's hashprof there, as tests/test_build.c does.
 */
#include "config.h"

#include <check.h>
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
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif
#ifndef HP_PQCLEAN_CONFIGURED
#error "HP_PQCLEAN_CONFIGURED (1 when the PQClean instances are built) must be defined"
#endif

#define EM "\u2014" /* the dash between verdict and reason */

/* ---------- running hashprof ---------- */

static char tmp[HPT_TMPDIR_MAX], pkg[4200], out_dir[4200];

/* HOME and XDG_DATA_HOME in tmp (when there is one), HASHPROF_PATH=path
 * (unset when NULL). */
static void run_hp(struct run *r, const char *path, const char *const *args)
{
	static struct hpt_home h;
	static char home[HPT_TMPDIR_MAX + 8], hp[4300];
	const char *env[5] = { NULL };
	size_t n = 0;

	if (tmp[0]) {
		snprintf(home, sizeof home, "%s/home", tmp);
		hpt_home_env(&h, home);
		env[n++] = h.home;
		env[n++] = h.data;
	}
	if (path)
		snprintf(hp, sizeof hp, "HASHPROF_PATH=%s", path);
	else
		snprintf(hp, sizeof hp, "HASHPROF_PATH");
	env[n++] = hp;
	run_capture(r, HP_HASHPROF, args, env);
}

#define HASHPROF(r, path, ...) run_hp((r), (path), (const char *const[]){ __VA_ARGS__, NULL })

static void expect_in(const struct run *r, const char *text, const char *what)
{
	if (!strstr(text, what))
		run_show(r);
	ck_assert_msg(strstr(text, what) != NULL, "output lacks '%s'", what);
}

/* A copy of the fixture in a fresh tmp, built into tmp/out: the build's
 * output in *r (free it). */
static void build_fixture(const char *fixture, struct run *r)
{
	char src[4200];
	struct run c;

	hpt_tmpdir_in(tmp, sizeof tmp, "survey-test");
	snprintf(src, sizeof src, "%s/%s", HP_FIXTURES, fixture);
	snprintf(pkg, sizeof pkg, "%s/%s", tmp, fixture);
	snprintf(out_dir, sizeof out_dir, "%s/out", tmp);
	run_capture(&c, "/bin/cp", (const char *const[]){ "-RL", src, pkg, NULL }, NULL);
	run_expect_status(&c, 0);
	run_free(&c);
	run_capture(&c, "/bin/chmod", (const char *const[]){ "-R", "u+w", pkg, NULL }, NULL);
	run_expect_status(&c, 0);
	run_free(&c);
	HASHPROF(r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(r, 0);
}

static void teardown(void)
{
	hpt_rmtree(tmp);
	tmp[0] = '\0';
}

/* `hashprof -n 3 --format=json NAME`, parsed. */
static json_t *profile(const char *path, const char *name)
{
	struct run r;
	json_error_t je;
	json_t *doc;

	HASHPROF(&r, path, "-n", "3", "--format=json", name);
	run_expect_status(&r, 0);
	doc = json_loads(r.out, 0, &je);
	ck_assert_msg(doc != NULL, "bad JSON: %s\n%s", je.text, r.out);
	run_free(&r);
	return doc;
}

static const char *jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	ck_assert_msg(s != NULL, "no string '%s'", key);
	return s;
}

/* Every row of the profile carries the survey with this verdict and reason. */
static void expect_rows_survey(json_t *doc, const char *verdict, const char *reason)
{
	size_t i;
	json_t *row;

	ck_assert_uint_ge(json_array_size(json_object_get(doc, "rows")), 3);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		json_t *s = json_object_get(row, "survey");
		ck_assert_msg(s != NULL, "row %zu has no survey", i);
		ck_assert_str_eq(jstr(s, "verdict"), verdict);
		ck_assert_str_eq(jstr(s, "reason"), reason);
	}
}

/* The number of outermost calls per operation of helper fn in a row. */
static double calls_per_op(const json_t *row, const char *fn)
{
	size_t i;
	json_t *e;
	double calls = 0;

	json_array_foreach(json_object_get(row, "calls"), i, e)
	{
		if (!strcmp(jstr(e, "fn"), fn))
			calls += (double)json_integer_value(json_object_get(e, "calls"));
	}
	return calls / (double)json_integer_value(json_object_get(json_object_get(row, "totals"), "operations"));
}

static const json_t *row_of(const json_t *doc, const char *op)
{
	size_t i;
	json_t *row;

	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		if (!strcmp(jstr(row, "operation"), op))
			return row;
	}
	ck_abort_msg("no row %s", op);
	return NULL;
}

/* An own entry of a row's own[] table (NULL when it has none of that name). */
static const json_t *own_of(const json_t *row, const char *fn)
{
	size_t i;
	json_t *e;

	json_array_foreach(json_object_get(row, "own"), i, e)
	{
		if (!strcmp(jstr(e, "function"), fn))
			return e;
	}
	return NULL;
}

/* Outermost and nested calls per operation of own entry fn in a row. */
static void expect_own(const json_t *doc, const char *op, const char *fn, double calls, double nested)
{
	const json_t *row = row_of(doc, op), *e = own_of(row, fn);
	double ops = (double)json_integer_value(json_object_get(json_object_get(row, "totals"), "operations"));

	ck_assert_msg(e != NULL, "%s: no own entry %s", op, fn);
	ck_assert_msg(ops > 0, "%s: no operation", op);
	ck_assert_msg((double)json_integer_value(json_object_get(e, "calls")) / ops == calls &&
			      (double)json_integer_value(json_object_get(e, "nested")) / ops == nested,
		      "%s %s: %lld calls, %lld nested in %.0f operations; expected %g and %g per operation", op, fn,
		      (long long)json_integer_value(json_object_get(e, "calls")),
		      (long long)json_integer_value(json_object_get(e, "nested")), ops, calls, nested);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "in_helper")), 0);
	/* timed once: no ticks without outermost calls */
	if (calls == 0)
		ck_assert_int_eq(json_integer_value(json_object_get(e, "ticks")), 0);
}

/* The `list --long` survey line of an instance (a copy): the line right
 * under the instance's. */
static char *survey_line(const char *listing, const char *name)
{
	static const char lead[] = "\n    survey:   ";
	char head[128];
	const char *p, *nl, *s;

	snprintf(head, sizeof head, "\n%s ", name);
	p = strstr(listing, head);
	ck_assert_msg(p != NULL, "%s is not listed:\n%s", name, listing);
	nl = strchr(p + 1, '\n');
	ck_assert_msg(nl && !strncmp(nl, lead, strlen(lead)), "no survey line right under %s:\n%s", name, listing);
	s = nl + strlen(lead);
	nl = strchr(s, '\n');
	return strndup(s, nl ? (size_t)(nl - s) : strlen(s));
}

static void expect_verdict(const char *listing, const char *name, const char *want)
{
	char *l = survey_line(listing, name);

	ck_assert_msg(!strncmp(l, want, strlen(want)), "%s: survey '%s', expected '%s...'", name, l, want);
	free(l);
}

/* ---------- built-in instances ---------- */

START_TEST(builtin_verdicts)
{
	static const char *const iccs_only[] = {
		"ML-KEM-512",
		"ML-KEM-768",
		"ML-KEM-1024",
		"ML-DSA-44",
		"ML-DSA-65",
		"ML-DSA-87",
		"SPHINCS+-SHAKE-128f-simple",
		"KEX-ML-KEM-768",
	};
	static const char *const natives[] = { "ML-DSA-44-NATIVE", "ML-KEM-768-NATIVE",
					       "SPHINCS+-SHAKE-128f-simple-NATIVE" };
	struct run r;

	HASHPROF(&r, NULL, "list", "--long");
	run_expect_status(&r, 0);
	expect_verdict(r.out, "SYNTH-SIG",
		       "ICCS-only " EM " calls pseudohash, pseudoXOF, sm3hash, get_random_number; no own primitive");
	expect_verdict(r.out, "SYNTH-KEM", "ICCS-only " EM " ");
	expect_verdict(r.out, "SYNTH-KEX", "ICCS-only " EM " ");
	expect_verdict(r.out, "SYNTH-RESEED",
		       "ICCS-only " EM " calls pseudohash, get_random_number; no own primitive; uses the ICCS SM3 DRBG "
		       "as its XOF (init_random_number in SIG_AlgorithmInstance.c)");
	expect_verdict(r.out, "SYNTH-NONE", "none " EM " no ICCS helper is called and no own primitive was recognised");
	expect_verdict(r.out, "GROUND-TRUTH", "ICCS-only " EM " calls sm3hash; no own primitive");
	if (HP_PQCLEAN_CONFIGURED) {
		/* the ICCS-routed ports: their shake/sha3 names reach the helpers */
		for (size_t i = 0; i < sizeof iccs_only / sizeof iccs_only[0]; i++)
			expect_verdict(r.out, iccs_only[i], "ICCS-only " EM " calls ");
		expect_verdict(r.out, "ML-DSA-44",
			       "ICCS-only " EM
			       " calls pseudoXOF, get_random_number; no own primitive; 22 functions named "
			       "like Keccak-f[1600] (PQCLEAN_MLDSA44_CLEAN_dilithium_shake128_stream_init, ...) route "
			       "to the helpers");
		/* ...except Falcon's ChaCha20 PRNG, its own code */
		expect_verdict(r.out, "Falcon-512",
			       "mixed " EM " own ChaCha20 in PQCLEAN_FALCON512_CLEAN_prng_refill (rng.c); beside "
			       "pseudoXOF, get_random_number");
		expect_in(&r, r.out,
			  "    own:      PQCLEAN_FALCON512_CLEAN_prng_refill (ChaCha20, rng.c): holds ChaCha sigma "
			  "\"expand 32-byte k\" (RFC 8439 2.3)\n");
		expect_in(&r, r.out,
			  "    note:     PQCLEAN_FALCON512_CLEAN_prng_refill is also called inside rng.c (by "
			  "PQCLEAN_FALCON512_CLEAN_prng_init, PQCLEAN_FALCON512_CLEAN_prng_get_bytes): those calls "
			  "are not rerouted by --wrap, not measured\n");
		expect_in(&r, r.out, "    entry:    PQCLEAN_FALCON512_CLEAN_prng_refill (ChaCha20, rng.c): wrapped\n");
		/* the native instances: PQClean's own fips202.c, no hash helper */
		for (size_t i = 0; i < sizeof natives / sizeof natives[0]; i++)
			expect_verdict(r.out, natives[i],
				       "bypass " EM
				       " own Keccak-f[1600] in KeccakF1600_StatePermute (fips202.c); no hash "
				       "helper called (get_random_number for randomness only)");
		expect_verdict(r.out, "Falcon-512-NATIVE",
			       "bypass " EM " own ChaCha20 in PQCLEAN_FALCON512_CLEAN_prng_refill (rng.c); own "
			       "Keccak-f[1600] in KeccakF1600_StatePermute (fips202.c); no hash helper called "
			       "(get_random_number for randomness only)");
	}
	run_free(&r);
	/* no own entry, no own column */
	HASHPROF(&r, NULL, "-n", "3", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  DRNG init  calls per operation  "); /* the header: no own column */
	ck_assert_msg(!strstr(r.out, "own entries"), "%s", r.out);
	run_free(&r);
}
END_TEST

/* Every built-in instance (a module of the build tree's schemes/.libs)
 * carries a survey: one whose local.mk lacks the survey link
 * ($(HP_SURVEY_LINK), Makefile.am) is listed as "not recorded", which a
 * rebuild does not cure.  HOME is an empty tmp, so only the built-in and
 * installed instances are listed; the installed ones are skipped. */
START_TEST(every_builtin_surveyed)
{
	static const char lead[] = "    survey:   ";
	char libs[4200];
	const char *slash = strrchr(HP_HASHPROF, '/');
	unsigned seen = 0, reject = 0;
	struct run r;

	hpt_tmpdir_in(tmp, sizeof tmp, "survey-test");
	snprintf(libs, sizeof libs, "%.*s/schemes/.libs/", (int)(slash - HP_HASHPROF), HP_HASHPROF);
	HASHPROF(&r, NULL, "list", "--long");
	run_expect_status(&r, 0);
	for (const char *line = strchr(r.out, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		const char *start = line + 1, *end = strchr(start, '\n');
		size_t n = end ? (size_t)(end - start) : strlen(start);
		char *text = strndup(start, n);

		if (start[0] != ' ' && strstr(text, libs)) {
			char name[256] = "";

			sscanf(text, "%255s", name);
			seen++;
			reject += !strcmp(name, "SYNTH-REJECT");
			ck_assert_msg(end && !strncmp(end + 1, lead, strlen(lead)) &&
					      strncmp(end + 1 + strlen(lead), "not recorded", 12),
				      "built-in %s has no survey recorded: %.200s", name, end ? end + 1 : "(nothing)");
		}
		free(text);
	}
	ck_assert_msg(seen >= 7 && reject == 1, "%u built-in instances listed (SYNTH-REJECT %u times)", seen, reject);
	run_free(&r);
}
END_TEST

/* The native instances' own Keccak, measured through its entry
 * functions, exactly: SPHINCS+-SHAKE-128f-simple signing is one shake256
 * per PRF, F, H and T (schemes/pqclean/README.md: 105 229 hashes, two of
 * them PRF_msg and H_msg on the incremental API), ML-KEM-768 encapsulation
 * 9 matrix entries and 7 PRFs through the scheme's own SHAKE wrappers. */
START_TEST(natives_measured)
{
	struct run r;
	json_t *doc;
	json_error_t je;

	if (!HP_PQCLEAN_CONFIGURED)
		return;
	HASHPROF(&r, NULL, "-n", "1", "--format=json", "SPHINCS+-SHAKE-128f-simple-NATIVE", "sign");
	run_expect_status(&r, 0);
	doc = json_loads(r.out, 0, &je);
	ck_assert_msg(doc != NULL, "%s", je.text);
	run_free(&r);
	expect_own(doc, "sign", "shake256", 105227, 0);
	expect_own(doc, "sign", "shake256_inc_absorb", 6, 0);
	expect_own(doc, "sign", "shake256_inc_squeeze", 2, 0);
	ck_assert_double_eq(calls_per_op(row_of(doc, "sign"), "get_random_number"), 1);
	ck_assert_double_eq(calls_per_op(row_of(doc, "sign"), "pseudoXOF"), 0);
	json_decref(doc);

	HASHPROF(&r, NULL, "-n", "3", "--format=json", "ML-KEM-768-NATIVE", "encaps");
	run_expect_status(&r, 0);
	doc = json_loads(r.out, 0, &je);
	ck_assert_msg(doc != NULL, "%s", je.text);
	run_free(&r);
	expect_own(doc, "encaps", "PQCLEAN_MLKEM768_CLEAN_kyber_shake128_absorb", 9, 0);
	expect_own(doc, "encaps", "shake128_absorb", 0, 9); /* inside the scheme's wrapper */
	expect_own(doc, "encaps", "PQCLEAN_MLKEM768_CLEAN_kyber_shake256_prf", 7, 0);
	expect_own(doc, "encaps", "shake256", 0, 7);
	expect_own(doc, "encaps", "sha3_256", 1, 0);
	expect_own(doc, "encaps", "sha3_512", 1, 0);
	ck_assert_double_eq(calls_per_op(row_of(doc, "encaps"), "get_random_number"), 1);
	json_decref(doc);
}
END_TEST

/* Falcon-512's ChaCha20 PRNG, measured as an own entry in the ICCS-routed
 * port: its refills from sign.c (inlined prng_get_u64/u8) are seen. */
START_TEST(falcon_chacha_measured)
{
	json_t *doc;
	const json_t *row, *e;

	if (!HP_PQCLEAN_CONFIGURED)
		return;
	doc = profile(NULL, "Falcon-512");
	row = row_of(doc, "sign");
	e = own_of(row, "PQCLEAN_FALCON512_CLEAN_prng_refill");
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(jstr(e, "primitive"), "ChaCha20");
	ck_assert_int_gt(json_integer_value(json_object_get(e, "calls")), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "nested")), 0);
	/* keygen draws from SHAKE256 (pseudoXOF), not from the ChaCha20 PRNG */
	e = own_of(row_of(doc, "keygen"), "PQCLEAN_FALCON512_CLEAN_prng_refill");
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(json_integer_value(json_object_get(e, "calls")), 0);
	json_decref(doc);
}
END_TEST

/* ---------- fixtures ---------- */

START_TEST(own_keccak_bypass)
{
	static const char reason[] = "own Keccak-f[1600] in keccak_f1600 (keccak.c); no hash helper called "
				     "(get_random_number for randomness only)";
	struct run r;
	json_t *doc;

	build_fixture("own-keccak", &r);
	expect_in(&r, r.out, "  survey:  bypass " EM " own Keccak-f[1600] in keccak_f1600 (keccak.c); no hash helper");
	expect_in(&r, r.out,
		  "  own:     keccak_f1600 (Keccak-f[1600], keccak.c): refers to Keccak-f[1600] round constants "
		  "(FIPS 202 3.2.5) in keccak_rc\n");
	expect_in(&r, r.out, "  entry:   shake256 (Keccak-f[1600], sponge.c): wrapped\n");
	expect_in(&r, r.out, "  entry:   keccak_f1600 (Keccak-f[1600], keccak.c): wrapped\n");
	run_free(&r);
	HASHPROF(&r, out_dir, "list", "--long");
	run_expect_status(&r, 0);
	expect_verdict(r.out, "FIX-OWN-KECCAK", "bypass " EM " own Keccak-f[1600] in keccak_f1600 (keccak.c)");
	run_free(&r);
	doc = profile(out_dir, "FIX-OWN-KECCAK");
	expect_rows_survey(doc, "bypass", reason);
	/* the own entries, exact (SIG_AlgorithmInstance.c of the fixture):
	 * keccak_f1600 inside shake256 is nested, never timed twice */
	expect_own(doc, "keygen", "shake256", 1, 0);
	expect_own(doc, "keygen", "keccak_f1600", 0, 1);
	expect_own(doc, "sign", "shake256", 2, 0);
	expect_own(doc, "sign", "keccak_f1600", 2, 2);
	expect_own(doc, "verify", "shake256", 1, 0);
	expect_own(doc, "verify", "keccak_f1600", 2, 1);
	ck_assert_double_eq(calls_per_op(row_of(doc, "keygen"), "get_random_number"), 1);
	json_decref(doc);
	/* the text table has the own column */
	HASHPROF(&r, out_dir, "-n", "3", "FIX-OWN-KECCAK", "sign");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  DRNG init  own  calls per operation  ");
	expect_in(&r, r.out,
		  "own entries, calls per operation: shake256 2, keccak_f1600 2; nested: keccak_f1600 2, not timed "
		  "again (their time is the own column)");
	run_free(&r);
	/* markdown: the published verdict line above the table */
	HASHPROF(&r, out_dir, "-n", "3", "--format=md", "FIX-OWN-KECCAK", "sign");
	run_expect_status(&r, 0);
	ck_assert_msg(!strncmp(r.out, "Survey verdict: bypass " EM " own Keccak-f[1600] in keccak_f1600 (keccak.c); ",
			       strlen("Survey verdict: bypass " EM " own Keccak-f[1600] in keccak_f1600 (keccak.c); ")),
		      "%s", r.out);
	expect_in(&r, r.out, "\n\n| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n");
	/* ...and the own table below it, the published one keeping its five columns */
	expect_in(&r, r.out,
		  "\n\n| instance | operation | own | own calls per operation |\n|---|---|---|---|\n"
		  "| `FIX-OWN-KECCAK` | sign | ");
	expect_in(&r, r.out, " | shake256 2, keccak_f1600 2 |\n");
	run_free(&r);
	/* csv: the own share and calls beside the published shares */
	HASHPROF(&r, out_dir, "-n", "3", "--format=csv", "FIX-OWN-KECCAK", "sign");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "drng_init_share,own_share,own_calls_per_operation,calls_per_operation,");
	expect_in(&r, r.out, ",\"shake256 2, keccak_f1600 2\",\"none seen\",");
	run_free(&r);
}
END_TEST

START_TEST(own_sm3_mixed)
{
	static const char reason[] = "own SM3 in sm3_compress, sm3_digest (sm3.c); beside pseudoXOF, sm3hash, "
				     "get_random_number";
	struct run r;
	json_t *doc, *f;
	size_t i;
	int iccs = 0;

	build_fixture("own-sm3", &r);
	expect_in(&r, r.out, "  survey:  mixed " EM " own SM3 in sm3_compress, sm3_digest (sm3.c); beside ");
	/* the ICCS files' SM3 is found, and said to be theirs */
	expect_in(&r, r.out, "  iccs:    iccs_sm3_cf (SM3, auxfunc.c): holds SM3 T_j (GB/T 32905-2016 4.2)\n");
	expect_in(&r, r.out, "  iccs:    iccs_sm3_cf (SM3, drng.c): holds SM3 T_j (GB/T 32905-2016 4.2)\n");
	expect_in(&r, r.out, "  entry:   sm3_digest (SM3, sm3.c): wrapped\n");
	expect_in(&r, r.out, "  entry:   sm3kdf (SM3, sm3kdf.c): wrapped\n");
	/* an entry the generic shim cannot pass the arguments of: not wrapped, said */
	expect_in(&r, r.out, "  entry:   sm3_mac9 (SM3, sm3.c): not wrapped: it takes 9 arguments, more than the ");
	expect_in(&r, r.out,
		  "  note:    own entry sm3_mac9 (sm3.c) is not wrapped: it takes 9 arguments, more than the ");
	run_free(&r);
	doc = profile(out_dir, "FIX-MIXED-SM3");
	expect_rows_survey(doc, "mixed", reason);
	/* never counted as own: every finding of auxfunc.c and drng.c is "iccs" */
	json_array_foreach(json_object_get(json_object_get(row_of(doc, "sign"), "survey"), "findings"), i, f)
	{
		const char *obj = jstr(f, "object");
		if (!strcmp(obj, "auxfunc.c") || !strcmp(obj, "drng.c")) {
			ck_assert_str_eq(jstr(f, "role"), "iccs");
			iccs++;
		}
	}
	ck_assert_int_eq(iccs, 4); /* each file: the compression function (T_j) and the hash (IV) */
	/* own entries beside the helpers, exact: sm3_digest inside sm3kdf nested */
	expect_own(doc, "keygen", "sm3kdf", 1, 0);
	expect_own(doc, "keygen", "sm3_digest", 0, 1);
	expect_own(doc, "sign", "sm3kdf", 1, 0);
	expect_own(doc, "sign", "sm3_digest", 2, 2);
	expect_own(doc, "verify", "sm3kdf", 0, 0);
	expect_own(doc, "verify", "sm3_digest", 2, 0);
	ck_assert_ptr_null(own_of(row_of(doc, "keygen"), "sm3_mac9"));
	ck_assert_double_eq(calls_per_op(row_of(doc, "keygen"), "pseudoXOF"), 1);
	ck_assert_double_eq(calls_per_op(row_of(doc, "sign"), "sm3hash"), 1);
	json_decref(doc);
}
END_TEST

START_TEST(own_static_not_wrappable)
{
	static const char note[] = "own SHA-256 in sha256_block, sha256 (SIG_AlgorithmInstance.c) cannot be wrapped: "
				   "static functions; --wrap reroutes only calls between objects, so its time is not "
				   "measured";
	struct run r;
	json_t *doc, *row;
	size_t i;

	build_fixture("own-static", &r);
	expect_in(&r, r.out,
		  "  survey:  mixed " EM " own SHA-256 in sha256_block, sha256 (SIG_AlgorithmInstance.c); beside "
		  "pseudohash, get_random_number\n");
	expect_in(&r, r.out, note);
	ck_assert_msg(!strstr(r.out, "  entry:"), "static code has no entry:\n%s", r.out);
	run_free(&r);
	doc = profile(out_dir, "FIX-OWN-STATIC");
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		json_t *notes = json_object_get(row, "notes"), *n;
		size_t k;
		int seen = 0;
		json_array_foreach(notes, k, n) seen |= strstr(json_string_value(n), note) != NULL;
		ck_assert_msg(seen, "row %zu lacks the note '%s'", i, note);
		ck_assert_uint_eq(json_array_size(json_object_get(json_object_get(row, "survey"), "entries")), 0);
		ck_assert_ptr_null(json_object_get(row, "own")); /* nothing wrapped, nothing to show */
	}
	json_decref(doc);
}
END_TEST

START_TEST(drng_xof_iccs_only)
{
	static const char reason[] = "calls get_random_number; no own primitive; uses the ICCS SM3 DRBG as its XOF "
				     "(init_random_number in xof.c)";
	static const struct {
		const char *op;
		double drng, init;
	} want[] = { { "keygen", 3, 1 }, { "encaps", 3, 2 }, { "decaps", 2, 2 } };
	struct run r;
	json_t *doc;

	build_fixture("drng-xof", &r);
	expect_in(&r, r.out,
		  "  survey:  ICCS-only " EM " calls get_random_number; no own primitive; uses the ICCS SM3 "
		  "DRBG as its XOF (init_random_number in xof.c)\n");
	run_free(&r);
	doc = profile(out_dir, "FIX-DRNG-XOF");
	expect_rows_survey(doc, "ICCS-only", reason);
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const json_t *row = row_of(doc, want[k].op);
		ck_assert_double_eq(calls_per_op(row, "get_random_number"), want[k].drng);
		ck_assert_double_eq(calls_per_op(row, "init_random_number"), want[k].init);
	}
	json_decref(doc);
}
END_TEST

/* A record written with --record-dir gives the survey and the own table
 * back: `report` prints the verdict line, and its JSON has the same survey
 * and the same own entries with their counts. */
START_TEST(survey_in_records)
{
	struct run r;
	char dir[4400];
	json_t *doc, *back;
	json_error_t je;

	build_fixture("own-sm3", &r);
	run_free(&r);
	snprintf(dir, sizeof dir, "%s/runs", tmp);
	HASHPROF(&r, out_dir, "-n", "3", "--record-dir", dir, "FIX-MIXED-SM3", "sign");
	run_expect_status(&r, 0);
	run_free(&r);
	HASHPROF(&r, NULL, "report", "--format=md", dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "Survey verdict: mixed " EM " own SM3 in sm3_compress, sm3_digest (sm3.c); beside ");
	run_free(&r);
	doc = profile(out_dir, "FIX-MIXED-SM3");
	HASHPROF(&r, NULL, "report", "--format=json", dir);
	run_expect_status(&r, 0);
	back = json_loads(r.out, 0, &je);
	ck_assert_msg(back != NULL, "%s", je.text);
	ck_assert_msg(json_equal(json_object_get(row_of(doc, "sign"), "survey"),
				 json_object_get(row_of(back, "sign"), "survey")),
		      "the survey read back differs");
	/* the own table too (its counts: the recorded row's, the same as a new one's) */
	{
		const json_t *a = json_object_get(row_of(back, "sign"), "own"),
			     *b = json_object_get(row_of(doc, "sign"), "own");
		ck_assert_uint_eq(json_array_size(a), 2);
		ck_assert_uint_eq(json_array_size(a), json_array_size(b));
		for (size_t i = 0; i < json_array_size(a); i++) {
			const json_t *ea = json_array_get(a, i), *eb = json_array_get(b, i);
			ck_assert_str_eq(jstr(ea, "function"), jstr(eb, "function"));
			ck_assert_str_eq(jstr(ea, "primitive"), jstr(eb, "primitive"));
		}
		expect_own(back, "sign", "sm3_digest", 2, 2);
		expect_own(back, "sign", "sm3kdf", 1, 0);
		ck_assert_ptr_nonnull(json_object_get(row_of(back, "sign"), "own_helpers_nested"));
	}
	json_decref(back);
	json_decref(doc);
	run_free(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("survey");
	TCase *tc = tcase_create("survey");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, builtin_verdicts);
	tcase_add_test(tc, every_builtin_surveyed);
	tcase_add_test(tc, falcon_chacha_measured);
	tcase_add_test(tc, natives_measured);
	tcase_add_test(tc, own_keccak_bypass);
	tcase_add_test(tc, own_sm3_mixed);
	tcase_add_test(tc, own_static_not_wrappable);
	tcase_add_test(tc, drng_xof_iccs_only);
	tcase_add_test(tc, survey_in_records);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
