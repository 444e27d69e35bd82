/*
 * test_accuracy.c - overhead calibration and correction, --raw, trials and
 * their spread, and the DRNG init column (issue 5), through the build
 * tree's hashprof on the synthetic instances.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Run hashprof with args (a shell word list); return its stdout (malloc'ed). */
static char *run(const char *env, const char *args, int *status)
{
	char cmd[1024], *out = NULL;
	size_t len = 0;
	FILE *p, *mem;
	int c;

	snprintf(cmd, sizeof cmd, "%s '%s' %s", env ? env : "", HP_HASHPROF, args);
	p = popen(cmd, "r");
	ck_assert(p != NULL);
	mem = open_memstream(&out, &len);
	while ((c = fgetc(p)) != EOF)
		fputc(c, mem);
	fclose(mem);
	*status = pclose(p);
	return out;
}

static json_t *run_json(const char *env, const char *args)
{
	int status;
	char *out = run(env, args, &status);
	json_error_t je;
	json_t *doc = json_loads(out, 0, &je);

	ck_assert_msg(doc != NULL, "not JSON (%s): %s", je.text, out);
	ck_assert_int_eq(status, 0);
	free(out);
	return doc;
}

static json_t *row0(json_t *doc)
{
	return json_array_get(json_object_get(doc, "rows"), 0);
}

static double num(json_t *obj, const char *a, const char *b)
{
	return json_number_value(json_object_get(json_object_get(obj, a), b));
}

/* Calibration ran, its figures are plausible, and they correct the shares. */
START_TEST(test_overhead_calibrated)
{
	json_t *doc = run_json(NULL, "SYNTH-SIG sign -n 20 --format=json"), *r = row0(doc);
	double added = num(r, "overhead", "added_ticks_per_call");
	double inside = num(r, "overhead", "inside_ticks_per_call");

	ck_assert(json_is_true(json_object_get(json_object_get(r, "overhead"), "valid")));
	ck_assert_msg(added > 0 && added < 5000, "added %f ticks per call", added);
	ck_assert(inside >= 0 && inside <= added);
	ck_assert(num(r, "overhead", "calibration_seconds") < 0.05);
	/* corrected total = raw total - added x outermost calls (13 per sign) */
	double raw_total = num(r, "shares_raw", "total_ticks");
	double cor_total = num(r, "shares_corrected", "total_ticks");
	ck_assert_double_eq_tol(raw_total - cor_total, added * 13 * 20, 1e-6 * raw_total);
	ck_assert_double_eq_tol(raw_total, (double)json_integer_value(json_object_get(json_object_get(r, "totals"), "ticks")), 0.5);
	json_decref(doc);
}
END_TEST

/* --raw prints the published figures and says so; the default says corrected. */
START_TEST(test_raw_flag)
{
	int status;
	char *out = run(NULL, "SYNTH-SIG verify -n 10", &status);

	ck_assert_int_eq(status, 0);
	ck_assert_ptr_nonnull(strstr(out, "overhead: "));
	ck_assert_ptr_nonnull(strstr(out, "corrected for it"));
	free(out);
	out = run(NULL, "SYNTH-SIG verify -n 10 --raw", &status);
	ck_assert_int_eq(status, 0);
	ck_assert_ptr_nonnull(strstr(out, "NOT corrected"));
	free(out);
}
END_TEST

/* N = 23 in 5 trials: 4, 5, 4, 5, 5 operations (trial t ends at floor((t+1) N / 5)),
 * each with exactly its share of the calls; spread shown as "±". */
START_TEST(test_trials)
{
	static const int ops[5] = { 4, 5, 4, 5, 5 };
	json_t *doc = run_json(NULL, "SYNTH-KEM encaps -n 23 --trials 5 --format=json"), *r = row0(doc), *t;
	size_t i;
	long long total = 0;

	ck_assert_int_eq(json_array_size(json_object_get(r, "trials")), 5);
	json_array_foreach(json_object_get(r, "trials"), i, t) {
		long long n = json_integer_value(json_object_get(t, "operations"));
		ck_assert_int_eq(n, ops[i]);
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(t, "calls"), "pseudohash")), 2 * n);
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(t, "calls"), "get_random_number")), n);
		total += json_integer_value(json_object_get(t, "total_ticks"));
	}
	ck_assert_int_eq(total, json_integer_value(json_object_get(json_object_get(r, "totals"), "ticks")));
	ck_assert(num(r, "shares_corrected", "hash_spread_pp") >= 0);
	json_decref(doc);

	int status;
	char *out = run(NULL, "SYNTH-KEM encaps -n 23 --trials 5", &status);
	ck_assert_ptr_nonnull(strstr(out, "\u00b1"));
	free(out);
	out = run(NULL, "SYNTH-KEM encaps -n 23 --trials 0", &status);
	ck_assert_int_eq(WEXITSTATUS(status), 2);
	free(out);
}
END_TEST

/* Re-seeding a private DRNG in every signature: init_random_number is
 * counted (1 per sign, seed = 32-byte key || 64-byte message), has a share
 * of its own, and stays out of the published DRNG share. */
START_TEST(test_drng_init_column)
{
	json_t *doc = run_json(NULL, "SYNTH-RESEED sign -n 10 --format=json"), *r = row0(doc), *s;
	size_t i;
	int seen = 0;
	double init_ticks = 0, drng_ticks = 0;

	json_array_foreach(json_object_get(r, "calls"), i, s) {
		const char *fn = json_string_value(json_object_get(s, "fn"));
		if (!strcmp(fn, "init_random_number")) {
			ck_assert_int_eq(json_integer_value(json_object_get(s, "calls")), 10);
			ck_assert_int_eq(json_integer_value(json_object_get(s, "in_bits")), 8 * (32 + 64));
			init_ticks += (double)json_integer_value(json_object_get(s, "ticks"));
			seen = 1;
		}
		if (!strcmp(fn, "get_random_number")) {
			ck_assert_int_eq(json_integer_value(json_object_get(s, "calls")), 40);
			drng_ticks += (double)json_integer_value(json_object_get(s, "ticks"));
		}
	}
	ck_assert(seen);
	ck_assert(num(r, "shares_raw", "drng_init") > 0);
	double total = num(r, "shares_raw", "total_ticks");
	ck_assert_double_eq_tol(num(r, "shares_raw", "drng"), drng_ticks / total, 1e-9);
	ck_assert_double_eq_tol(num(r, "shares_raw", "drng_init"), init_ticks / total, 1e-9);
	json_decref(doc);

	int status;
	char *out = run(NULL, "SYNTH-RESEED sign -n 10", &status);
	ck_assert_ptr_nonnull(strstr(out, "DRNG init"));
	ck_assert_ptr_nonnull(strstr(out, "init_random_number: 1 calls per operation"));
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("accuracy");
	TCase *tc = tcase_create("issue 5");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_overhead_calibrated);
	tcase_add_test(tc, test_raw_flag);
	tcase_add_test(tc, test_trials);
	tcase_add_test(tc, test_drng_init_column);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
