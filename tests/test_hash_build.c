/*
 * test_hash_build.c - external hash candidates: the build
 * tree's `hashprof build --hash` on the hash-shaped fixtures of
 * tests/fixtures (API_CryptHash's shape, our own toy code), and the
 * modules it makes under `hashprof --hash`:
 *
 *   - TOYHASH-256 builds: CryptHash's objects linked, the KAT program and
 *     the DRNG it alone uses left out, only the stand-ins exported (the
 *     package's get_random_number must never reach an instance);
 *   - its stand-ins are construct.h's mapping over the fixture's own
 *     CryptHash (compiled here with the configured compiler into a library
 *     of its own):
 *     pseudoXOF the counter mode,
 *     pseudohash(512) the counter mode too (a 256-bit digest), and with
 *     --sm3hash, sm3hash = CryptHash(m);
 *   - `hashprof list --hashes` finds it along HASHPROF_HASH_PATH, and
 *     SYNTH-SIG runs under it with the placeholder's very calls;
 *   - BROKEN-256 (a digest that changes from call to call) fails each of
 *     its arms with the reason, the other candidate's rows are measured,
 *     exit status 1;
 *   - bad input, exit status 2: a folder without the API's header, one
 *     whose objects define no CryptHash (named), a module that does not
 *     export hashprof_candidate_pseudoXOF (named), --kat with --hash.
 *
 * Counts, bytes, statuses and texts only: nothing is timed.
 */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "candidate.h"
#include "capture.h"
#include "tmpdir.h"
#include "module.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES must be defined"
#endif
#ifndef HP_TESTS_LIBS
#error "HP_TESTS_LIBS must be defined"
#endif
#ifndef HP_CC
#error "HP_CC (the configured C compiler, the Makefile's $(CC)) must be defined"
#endif

/* The suite's output folder (made in main) and its cost cache. */
static char outdir[HPT_TMPDIR_MAX], cache_env[HPT_TMPDIR_MAX + 64], path_env[HPT_TMPDIR_MAX + 64];

static void run_v(struct run *r, const char *setting, const char *const *args)
{
	/* a setting of the candidate path replaces the suite's (getenv finds the first) */
	int own = setting && !strncmp(setting, "HASHPROF_HASH_PATH=", 19);
	const char *const env[] = { "HASHPROF_SYNTH_*", "HASHPROF_PATH",      own ? setting : path_env,
				    cache_env,          own ? NULL : setting, NULL };

	run_capture(r, HP_HASHPROF, args, env);
}

#define RUN(r, ...) run_v((r), NULL, (const char *const[]){ __VA_ARGS__, NULL })
#define RUN_ENV(r, setting, ...) run_v((r), (setting), (const char *const[]){ __VA_ARGS__, NULL })

/* Build fixture `name` into outdir (extra: one more option, or NULL). */
static void build(struct run *r, const char *name, const char *extra)
{
	char dir[512];

	snprintf(dir, sizeof dir, "%s/%s", HP_FIXTURES, name);
	if (extra)
		RUN(r, "build", "--hash", extra, dir, "--output-dir", outdir);
	else
		RUN(r, "build", "--hash", dir, "--output-dir", outdir);
}

static json_t *parse_json(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je);

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "stdout is not JSON: %s", je.text);
	return doc;
}

/* ---------- building ---------- */

START_TEST(toy_builds)
{
	struct run r, nm;
	char so[HPT_TMPDIR_MAX + 32];
	const char *nm_args[] = { "-D", "--defined-only", so, NULL };

	build(&r, "hash-toy", NULL);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "  linked: CryptHash_AlgorithmInstance.c, toy.c\n"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "KAT_CryptHash.c (a program: main())"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "drng.c (not needed by CryptHash)"), "%s", r.out);
	ck_assert_msg(strstr(r.out, "  digest: 256 bits (DIGEST_BIT_LENGTH in CryptHash_AlgorithmInstance.h)"), "%s",
		      r.out);
	ck_assert_msg(strstr(r.out, "stands in for: pseudohash, pseudoXOF (sm3hash stays SM3)"), "%s", r.out);
	run_free(&r);
	/* the stand-ins and nothing else: no CryptHash, no get_random_number */
	snprintf(so, sizeof so, "%s/TOYHASH-256.so", outdir);
	run_capture(&nm, "/usr/bin/nm", nm_args, NULL);
	run_expect_status(&nm, 0);
	ck_assert_msg(strstr(nm.out, " T " HP_CAND_SYM_XOF "\n") && strstr(nm.out, " T " HP_CAND_SYM_PSEUDOHASH "\n"),
		      "%s", nm.out);
	ck_assert_msg(!strstr(nm.out, "CryptHash") && !strstr(nm.out, "random_number"), "%s", nm.out);
	run_free(&nm);

	RUN(&r, "list", "--hashes");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "\nTOYHASH-256  pseudohash, pseudoXOF  256 "), "%s", r.out);
	ck_assert_msg(strstr(r.out, "CryptHash(m || BE32(1)) || CryptHash(m || BE32(2))"), "%s", r.out);
	run_free(&r);
}
END_TEST

/* A module built for another architecture along the candidate path (a
 * copy of TOYHASH-256 renamed FOREIGN-256, its ELF machine the other
 * one's) is no candidate: not listed, and --hash names it unknown rather
 * than failing to load it. */
START_TEST(foreign_module_skipped)
{
	char so[HPT_TMPDIR_MAX + 32], dir[HPT_TMPDIR_MAX + 16], copy[HPT_TMPDIR_MAX + 48],
		setting[2 * HPT_TMPDIR_MAX + 64];
	struct run r;
	unsigned char *b;
	long len;
	FILE *f;

	build(&r, "hash-toy", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	snprintf(so, sizeof so, "%s/TOYHASH-256.so", outdir);
	snprintf(dir, sizeof dir, "%s/foreign", outdir);
	ck_assert_int_eq(mkdir(dir, 0700) == 0 || errno == EEXIST, 1);
	snprintf(copy, sizeof copy, "%s/FOREIGN-256.so", dir);
	ck_assert_ptr_nonnull(f = fopen(so, "rb"));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(b = malloc((size_t)len));
	ck_assert_int_eq((long)fread(b, 1, (size_t)len, f), len);
	fclose(f);
	for (long i = 0; i + 11 <= len; i++)
		if (!memcmp(b + i, "TOYHASH-256", 11))
			memcpy(b + i, "FOREIGN-256", 11);
#if defined(__aarch64__)
	b[18] = 62; /* EM_X86_64 */
#else
	b[18] = 183; /* EM_AARCH64 */
#endif
	b[19] = 0;
	ck_assert_ptr_nonnull(f = fopen(copy, "wb"));
	ck_assert_int_eq((long)fwrite(b, 1, (size_t)len, f), len);
	fclose(f);
	free(b);
	snprintf(setting, sizeof setting, "HASHPROF_HASH_PATH=%s:%s", outdir, dir);
	RUN_ENV(&r, setting, "list", "--hashes");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "\nTOYHASH-256 ") && !strstr(r.out, "FOREIGN-256"), "%s", r.out);
	run_free(&r);
	RUN_ENV(&r, setting, "SYNTH-SIG", "sign", "--hash=FOREIGN-256", "-n", "3");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "FOREIGN-256") && !strstr(r.err, "cannot load") && !strstr(r.err, "ELF"), "%s",
		      r.err);
	run_free(&r);
}
END_TEST

/* TOYHASH-256's digest length (tests/fixtures/hash-toy). */
#define TOY_DIGEST_BITS 256

/* The fixture's own CryptHash, compiled by ref_crypthash. */
static int (*ref)(int, const unsigned char *, unsigned long long, unsigned char *);

/* Compile the fixture's CryptHash into OUTDIR/ref.so with the configured
 * compiler (HP_CC, the Makefile's $(CC): this suite's own machine, as the
 * dlopen below needs; aarch64-linux-gnu-gcc in the AArch64 build), found
 * along PATH when it names no folder, and load it into ref. */
static void ref_crypthash(void)
{
	char so[HPT_TMPDIR_MAX + 32], c1[512], c2[512], cc[512] = "", name[128];
	const char *path = getenv("PATH");
	struct run r;
	void *dl;

	/* HP_CC's first word: the compiler (what follows would be flags) */
	snprintf(name, sizeof name, "%.*s", (int)strcspn(HP_CC, " "), HP_CC);
	ck_assert_msg(name[0], "HP_CC is empty");
	if (strchr(name, '/'))
		snprintf(cc, sizeof cc, "%s", name);
	while (path && *path && !cc[0]) {
		size_t n = strcspn(path, ":");
		snprintf(cc, sizeof cc, "%.*s/%s", (int)n, path, name);
		if (!n || access(cc, X_OK) != 0)
			cc[0] = '\0';
		path += n + (path[n] == ':');
	}
	ck_assert_msg(cc[0], "no %s along PATH", name);
	snprintf(so, sizeof so, "%s/ref.so", outdir);
	snprintf(c1, sizeof c1, "%s/hash-toy/CryptHash_AlgorithmInstance.c", HP_FIXTURES);
	snprintf(c2, sizeof c2, "%s/hash-toy/toy.c", HP_FIXTURES);
	run_capture(&r, cc, (const char *const[]){ "-shared", "-fPIC", "-O2", "-o", so, c1, c2, NULL }, NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	ck_assert_msg((dl = dlopen(so, RTLD_NOW | RTLD_LOCAL)), "%s", dlerror());
	*(void **)&ref = dlsym(dl, "CryptHash");
	ck_assert(ref);
}

/* H(m || BE32(ct)) with the fixture's own CryptHash (ct 0: H(m)). */
static void toy(const unsigned char *m, size_t n, unsigned ct, unsigned char out[32])
{
	unsigned char buf[512];

	ck_assert(n + 4 <= sizeof buf);
	memcpy(buf, m, n);
	if (ct) {
		buf[n] = (unsigned char)(ct >> 24);
		buf[n + 1] = (unsigned char)(ct >> 16);
		buf[n + 2] = (unsigned char)(ct >> 8);
		buf[n + 3] = (unsigned char)ct;
	}
	ck_assert_int_eq(ref(TOY_DIGEST_BITS, buf, 8ull * (n + (ct ? 4 : 0)), out), 0);
}

START_TEST(stand_ins_are_the_mapping)
{
	struct run r;
	char so[HPT_TMPDIR_MAX + 32];
	void *dl;
	hp_cand_xof_fn *xof;
	hp_cand_hash_fn *ph, *sm3;
	unsigned char m[100], got[200], want[200];

	for (size_t i = 0; i < sizeof m; i++)
		m[i] = (unsigned char)(i * 29 + 5);
	ref_crypthash();
	build(&r, "hash-toy", "--sm3hash");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "stands in for: pseudohash, pseudoXOF, sm3hash"), "%s", r.out);
	run_free(&r);
	snprintf(so, sizeof so, "%s/TOYHASH-256.so", outdir);
	ck_assert_msg((dl = dlopen(so, RTLD_NOW | RTLD_LOCAL)), "%s", dlerror());
	*(void **)&xof = dlsym(dl, HP_CAND_SYM_XOF);
	*(void **)&ph = dlsym(dl, HP_CAND_SYM_PSEUDOHASH);
	*(void **)&sm3 = dlsym(dl, HP_CAND_SYM_SM3);
	ck_assert(xof && ph && sm3);
	/* pseudoXOF(1300 bits): 6 digests of the counter mode, the last byte's 4 top bits */
	ck_assert_int_eq(xof(1300, m, 8 * sizeof m, got), 0);
	for (unsigned ct = 1; ct <= 6; ct++)
		toy(m, sizeof m, ct, want + 32 * (ct - 1));
	want[162] &= 0xf0;
	ck_assert_mem_eq(got, want, 163);
	/* pseudohash(512) outgrows the 256-bit digest: the counter mode */
	ck_assert_int_eq(ph(512, m, 8 * sizeof m, got), 0);
	ck_assert_mem_eq(got, want, 64);
	/* sm3hash(256): the digest itself */
	ck_assert_int_eq(sm3(256, m, 8 * sizeof m, got), 0);
	toy(m, sizeof m, 0, want);
	ck_assert_mem_eq(got, want, 32);
	ck_assert_int_eq(sm3(512, m, 8 * sizeof m, got), -4);
	dlclose(dl);
	/* the default build again, for the other tests */
	build(&r, "hash-toy", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
}
END_TEST

/* ---------- running ---------- */

START_TEST(synth_sig_under_the_module)
{
	struct run r;

	build(&r, "hash-toy", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "--hash=TOYHASH-256", "-n", "3", "--format=json");
	run_expect_status(&r, 0);
	json_t *doc = parse_json(&r), *row;
	size_t i;
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		json_t *arm = json_array_get(json_object_get(row, "candidates"), 0),
		       *rec = json_object_get(arm, "record");
		json_t *a = json_deep_copy(json_object_get(row, "calls")),
		       *b = json_deep_copy(json_object_get(rec, "calls"));
		json_t *e;
		size_t k;
		ck_assert_str_eq(json_string_value(json_object_get(arm, "name")), "TOYHASH-256");
		ck_assert_str_eq(json_string_value(json_object_get(rec, "status")), "ok");
		json_array_foreach(a, k, e) json_object_del(e, "ticks");
		json_array_foreach(b, k, e) json_object_del(e, "ticks");
		ck_assert_msg(json_equal(a, b), "row %zu: other calls under TOYHASH-256", i);
		json_decref(a);
		json_decref(b);
	}
	ck_assert_int_eq(json_array_size(json_object_get(doc, "rows")), 3);
	json_decref(doc);
	run_free(&r);
}
END_TEST

START_TEST(broken_candidate_fails_its_rows)
{
	struct run r;
	static const char *const ops[] = { "keygen", "sign", "verify" };

	build(&r, "hash-broken", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "--hash=BROKEN-256,SHAKE256", "-n", "3", "--arms");
	run_expect_status(&r, 1);
	for (size_t k = 0; k < 3; k++) {
		char want[256];
		snprintf(
			want, sizeof want,
			"SYNTH-SIG  %-9s  BROKEN-256   failed: BROKEN-256: the scheme fails under the candidate: round "
			"trip: sig_verify rejected a fresh signature (returned -1)\n",
			ops[k]);
		ck_assert_msg(strstr(r.out, want), "no '%s' in:\n%s", want, r.out);
		snprintf(want, sizeof want, "SYNTH-SIG  %-9s  SHAKE256  ", ops[k]);
		ck_assert_msg(strstr(r.out, want), "no measured SHAKE256 %s in:\n%s", ops[k], r.out);
	}
	ck_assert_msg(!strstr(r.out, "SHAKE256     failed") && !strstr(r.out, "placeholder  failed"), "%s", r.out);
	run_free(&r);

	/* the matrix says it too: a failed cell, and why below it */
	RUN(&r, "SYNTH-SIG", "sign", "--hash=BROKEN-256,SHAKE256", "-n", "3");
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "failed: SYNTH-SIG sign BROKEN-256: BROKEN-256: the scheme fails under the "
				    "candidate: round trip"),
		      "%s", r.out);
	ck_assert_msg(strstr(r.out, "  failed  "), "%s", r.out);
	run_free(&r);
}
END_TEST

/* A candidate that refuses some lengths (CryptHash returns -3 above 4096
 * input bits): ML-KEM-768's decapsulation asks pseudoXOF for 256 bits of
 * an 8960-bit input (8992 bits to CryptHash, with the counter), and its
 * PQClean adapter aborts when a helper fails.  The candidate fails its own
 * arm, named with its error and CryptHash's; the placeholder and SHAKE256
 * are measured all the same. */
START_TEST(refusing_candidate_fails_alone)
{
	struct run r;
	json_t *doc, *row, *arm;
	size_t i;
	int seen = 0;

	build(&r, "hash-refuses", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, "ML-KEM-768", "decaps", "--hash=REFUSES-256,SHAKE256", "-n", "3", "--format=json");
	if (strstr(r.err, "unknown instance 'ML-KEM-768'")) {
		fprintf(stderr, "refusing_candidate_fails_alone: no ML-KEM-768 (PQClean not configured): skipped\n");
		run_free(&r);
		return;
	}
	run_expect_status(&r, 1);
	doc = parse_json(&r);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(row, "status")), "ok");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(row, "totals"), "operations")), 3);
	json_array_foreach(json_object_get(row, "candidates"), i, arm)
	{
		const char *name = json_string_value(json_object_get(arm, "name"));
		json_t *rec = json_object_get(arm, "record");
		const char *status = json_string_value(json_object_get(rec, "status"));
		const char *failure = json_string_value(json_object_get(rec, "failure"));
		if (!strcmp(name, "SHAKE256")) {
			ck_assert_str_eq(status, "ok");
			seen |= 1;
		} else {
			ck_assert_str_eq(name, "REFUSES-256");
			ck_assert_str_eq(status, "failed");
			ck_assert_msg(failure &&
					      !strcmp(failure,
						      "candidate REFUSES-256: pseudoXOF returned -3 for a 8960-bit "
						      "input (256 bits out): CryptHash returned -3 for a 8992-bit "
						      "input; the row's process then died (killed by SIGABRT during "
						      "REFUSES-256: round trip: kem_dec): measured again without it"),
				      "%s", failure ? failure : "(none)");
			seen |= 2;
		}
	}
	ck_assert_int_eq(seen, 3);
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* A header whose DIGEST_BIT_LENGTH (512) exceeds what CryptHash writes
 * (256 bits): the arm fails at once, naming both lengths, and the others
 * are measured. */
START_TEST(short_digest_named)
{
	struct run r;
	json_t *doc, *row, *arm;
	const char *failure;

	build(&r, "hash-short", NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	RUN(&r, "SYNTH-SIG", "sign", "--hash=SHORT-512,SHAKE256", "-n", "3", "--format=json");
	run_expect_status(&r, 1);
	doc = parse_json(&r);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(row, "status")), "ok");
	arm = json_array_get(json_object_get(row, "candidates"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(arm, "name")), "SHORT-512");
	failure = json_string_value(json_object_get(json_object_get(arm, "record"), "failure"));
	ck_assert_str_eq(failure ? failure : "(none)",
			 "SHORT-512: CryptHash writes 256 bits of a digest, but the header's DIGEST_BIT_LENGTH is 512: "
			 "the rest of every digest would be whatever the buffer held; set DIGEST_BIT_LENGTH to 256 in "
			 "CryptHash_AlgorithmInstance.h and build it again");
	arm = json_array_get(json_object_get(row, "candidates"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(arm, "name")), "SHAKE256");
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(arm, "record"), "status")), "ok");
	json_decref(doc);
	run_free(&r);
}
END_TEST

/* ---------- bad input ---------- */

START_TEST(bad_packages_and_modules)
{
	struct run r;
	char env[256], dir[512];

	build(&r, "hash-noapi", NULL);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "no object defines CryptHash, the function of the NGCC hash API (API_CryptHash)"),
		      "%s", r.err);
	run_free(&r);

	build(&r, "kat", NULL);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "has no CryptHash_AlgorithmInstance.h"), "%s", r.err);
	run_free(&r);

	/* a hash package built as an instance: told to use --hash */
	snprintf(dir, sizeof dir, "%s/hash-toy", HP_FIXTURES);
	RUN(&r, "build", dir, "--output-dir", outdir);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "a hash submission (CryptHash_AlgorithmInstance.c defines CryptHash"), "%s", r.err);
	ck_assert_msg(strstr(r.err, "hashprof build --hash "), "%s", r.err);
	run_free(&r);

	RUN(&r, "build", "--hash", "--kat", dir);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "--kat does not apply to --hash"), "%s", r.err);
	run_free(&r);
	RUN(&r, "build", "--sm3hash", dir);
	run_expect_status(&r, 2);
	run_free(&r);

	/* tests/cand_noxof.c: a module without hashprof_candidate_pseudoXOF */
	snprintf(env, sizeof env, "HASHPROF_HASH_PATH=%s", HP_TESTS_LIBS);
	RUN_ENV(&r, env, "SYNTH-SIG", "sign", "--hash=NOXOF-256");
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "does not export hashprof_candidate_pseudoXOF"), "%s", r.err);
	ck_assert_str_eq(r.out, "");
	run_free(&r);
}
END_TEST

int main(void)
{
	Suite *s;
	TCase *tc;
	SRunner *sr;
	int failed;

	if (hpt_tmpdir_try(outdir, sizeof outdir, "hash-build") != 0) {
		perror("test_hash_build: a temporary folder");
		return 1;
	}
	snprintf(path_env, sizeof path_env, "HASHPROF_HASH_PATH=%s", outdir);
	snprintf(cache_env, sizeof cache_env, "HASHPROF_COST_CACHE=%s/costs.json", outdir);
	s = suite_create("hash_build");
	tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, toy_builds);
	tcase_add_test(tc, foreign_module_skipped);
	tcase_add_test(tc, stand_ins_are_the_mapping);
	tcase_add_test(tc, synth_sig_under_the_module);
	tcase_add_test(tc, broken_candidate_fails_its_rows);
	tcase_add_test(tc, refusing_candidate_fails_alone);
	tcase_add_test(tc, short_digest_named);
	tcase_add_test(tc, bad_packages_and_modules);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	hpt_rmtree(outdir);
	return failed ? 1 : 0;
}
