/*
 * test_reproduce.c - per-iteration counts and the N search, on
 * SYNTH-REJECT (schemes/synthetic/README.md, "Rejection sampling"), whose
 * calls per operation are a documented function of the DRNG stream.
 *
 *  - the oracle: that rule recomputed here from OpenSSL's SM3, with the
 *    method's stream (seed, set-up, warm-up, the measured operations);
 *  - `--per-iteration` records exactly the oracle's sequence (keygen,
 *    sign with 0 and 2 warm-ups: the stream moves with them, verify);
 *  - the prefix means of one run of N = 1000 equal separate runs at
 *    N = 3, 10, 100, 999, exactly (counts, and the means as printed);
 *  - `check --published` on a page made by hashprof from those runs
 *    reports the oracle's set of N, in the row's own run and in one more
 *    run, and for N = 100 the one N of every fractional count; a page with
 *    an unreachable value reports "no N" with the oracle's nearest N;
 *  - `--reproduce` (a bare VALUE, FN=VALUE, bad input), `report --curve`
 *    and `--plot`, records whose per_iteration is inconsistent;
 *  - prof/periter/reproduce.c and prof/periter/curve.c alone.
 * Only counts are asserted; shares are compared with a tolerance of 100.
 */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "periter/curve.h"
#include "records_util.h"
#include "periter/reproduce.h"
#include "periter/part.h"

#define WIDE "--share-tolerance=100"
#define INST "SYNTH-REJECT"
#define MAXN 1000

/* ---------- the oracle (schemes/synthetic/README.md, "Rejection sampling") ---------- */

/* SM3(a || b) where b is one byte (or none when b < 0). */
static void sm3(const unsigned char *a, size_t alen, int b, unsigned char out[32])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned char byte = (unsigned char)b;

	ck_assert_ptr_nonnull(ctx);
	ck_assert(EVP_DigestInit_ex(ctx, EVP_sm3(), NULL));
	ck_assert(EVP_DigestUpdate(ctx, a, alen));
	if (b >= 0)
		ck_assert(EVP_DigestUpdate(ctx, &byte, 1));
	ck_assert(EVP_DigestFinal_ex(ctx, out, NULL));
	EVP_MD_CTX_free(ctx);
}

/* synth_drng.c: V = SM3(seed); a 256-bit draw is SM3(V || 01), then V = SM3(V || 00). */
struct drbg {
	unsigned char v[32];
};

static void drbg_draw(struct drbg *d, unsigned char c[32])
{
	unsigned char v[32];

	sm3(d->v, 32, 1, c);
	sm3(d->v, 32, 0, v);
	memcpy(d->v, v, 32);
}

/* keygen: draw until c[0] < 64; drng and pseudoXOF once a draw, pseudohash on an odd c[1]. */
static void oracle_keygen(struct drbg *d, uint64_t *draws, uint64_t *odd)
{
	unsigned char c[32];

	*draws = *odd = 0;
	do {
		drbg_draw(d, c);
		++*draws;
		*odd += c[1] & 1;
	} while (c[0] >= 64);
}

/* sign: draw until c[0] < 128. */
static uint64_t oracle_sign(struct drbg *d)
{
	unsigned char c[32];
	uint64_t draws = 0;

	do {
		drbg_draw(d, c);
		draws++;
	} while (c[0] >= 128);
	return draws;
}

/* The per-iteration counts (by enum hp_fn) of n operations op of the
 * default seed 00 01 .. 2f after warmup warm-ups. */
struct seq {
	uint64_t n;
	uint64_t c[HP_FN_COUNT][MAXN];
};

static void oracle(const char *op, unsigned warmup, uint64_t n, struct seq *s)
{
	unsigned char seed[48];
	struct drbg d;
	uint64_t a, o;

	ck_assert_uint_le(n, MAXN);
	memset(s, 0, sizeof *s);
	s->n = n;
	for (int i = 0; i < 48; i++)
		seed[i] = (unsigned char)i;
	sm3(seed, sizeof seed, -1, d.v);
	if (strcmp(op, "keygen")) { /* the set-up: keygen, sign, verify (no draw) */
		oracle_keygen(&d, &a, &o);
		oracle_sign(&d);
	}
	for (uint64_t i = 0; i < warmup + n; i++) {
		uint64_t *c[HP_FN_COUNT];
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			c[fn] = i < warmup ? &a : &s->c[fn][i - warmup];
		if (!strcmp(op, "keygen")) {
			oracle_keygen(&d, &a, &o);
			*c[HP_FN_DRNG] = *c[HP_FN_XOF] = a;
			*c[HP_FN_PSEUDOHASH] = o;
		} else if (!strcmp(op, "sign")) {
			*c[HP_FN_DRNG] = oracle_sign(&d);
			*c[HP_FN_PSEUDOHASH] = *c[HP_FN_SM3] = 1;
		} else {
			*c[HP_FN_PSEUDOHASH] = *c[HP_FN_SM3] = 1;
		}
	}
}

/* The mean of the first k counts of helper fn, as hashprof computes it. */
static double prefix_mean(const struct seq *s, unsigned fn, uint64_t k)
{
	uint64_t sum = 0;

	for (uint64_t i = 0; i < k; i++)
		sum += s->c[fn][i];
	return (double)sum / (double)k;
}

static int prints_as(double mean, double target)
{
	char a[32], b[32];

	snprintf(a, sizeof a, "%.3g", mean);
	snprintf(b, sizeof b, "%.3g", target);
	return strtod(a, NULL) == strtod(b, NULL);
}

/* "45, 73, 100, 107" / "47–1000": the N <= max whose mean of fn prints as
 * target, written here independently of prof/periter/reproduce.c, as the lines
 * show them (at most 8 ranges: the first 7, "…", the last, and how many);
 * returns how many N. */
static uint64_t expected_set(const struct seq *s, unsigned fn, double target, char *buf, size_t len)
{
	uint64_t count = 0, n = 1, ranges[MAXN][2];
	size_t used = 0, k = 0;

	while (n <= s->n) {
		if (!prints_as(prefix_mean(s, fn, n), target)) {
			n++;
			continue;
		}
		ranges[k][0] = n;
		while (n + 1 <= s->n && prints_as(prefix_mean(s, fn, n + 1), target))
			n++;
		ranges[k][1] = n;
		count += n - ranges[k][0] + 1;
		k++;
		n++;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < k; i++) {
		if (k > 8 && i >= 7 && i + 1 < k)
			continue;
		if (k > 8 && i + 1 == k)
			used += (size_t)snprintf(buf + used, len - used, ", \u2026");
		if (ranges[i][0] == ranges[i][1])
			used += (size_t)snprintf(buf + used, len - used, "%s%llu", used ? ", " : "",
						 (unsigned long long)ranges[i][0]);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%llu\u2013%llu", used ? ", " : "",
						 (unsigned long long)ranges[i][0], (unsigned long long)ranges[i][1]);
		ck_assert_uint_lt(used, len);
	}
	if (k > 8)
		snprintf(buf + used, len - used, " (%zu ranges)", k);
	return count;
}

/* ---------- running hashprof ---------- */

/* hashprof with the arguments (NULL-terminated); asserts the exit status
 * (any, for want < -1). */
static void hp(struct run *r, int want, ...)
{
	const char *args[32];
	int n = 0;
	va_list ap;
	static const char *const env[] = { "HASHPROF_PATH", "HASHPROF_SYNTH_*", NULL };

	va_start(ap, want);
	while (n < 31 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	run_capture(r, HP_HASHPROF, args, env);
	if (want >= -1)
		run_expect_status(r, want);
}

/* The one row of a --format=json run document. */
static json_t *json_row(const char *doc)
{
	json_error_t je;
	json_t *j = json_loads(doc, 0, &je), *row;

	ck_assert_msg(j != NULL, "not JSON: %s", je.text);
	row = json_incref(json_array_get(json_object_get(j, "rows"), 0));
	json_decref(j);
	ck_assert_ptr_nonnull(row);
	return row;
}

/* Outermost calls of helper fn (its C name) in a record's call table. */
static uint64_t record_calls(const json_t *row, const char *fn)
{
	const json_t *s;
	size_t i;
	uint64_t sum = 0;

	json_array_foreach(json_object_get(row, "calls"), i,
			   s) if (!strcmp(json_string_value(json_object_get(s, "fn")), fn)) sum +=
		(uint64_t)json_integer_value(json_object_get(s, "calls"));
	return sum;
}

/* The record's per_iteration counts equal the oracle's, helper by helper
 * (a helper the oracle gives no call is absent). */
static void expect_sequence(const json_t *row, const struct seq *s)
{
	const json_t *pi = json_object_get(row, "per_iteration");

	ck_assert_ptr_nonnull(pi);
	ck_assert_uint_eq((uint64_t)json_integer_value(json_object_get(json_object_get(row, "totals"), "operations")),
			  s->n);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		const json_t *a = json_object_get(pi, hp_fn_name(fn));
		uint64_t any = 0;
		for (uint64_t i = 0; i < s->n; i++)
			any |= s->c[fn][i];
		if (!any) {
			ck_assert_msg(a == NULL, "per_iteration.%s present, the oracle has no call", hp_fn_name(fn));
			continue;
		}
		ck_assert_msg(json_is_array(a) && json_array_size(a) == s->n, "per_iteration.%s: %zu counts",
			      hp_fn_name(fn), json_array_size(a));
		for (uint64_t i = 0; i < s->n; i++)
			ck_assert_msg((uint64_t)json_integer_value(json_array_get(a, i)) == s->c[fn][i],
				      "per_iteration.%s[%llu] = %lld, the documented sequence has %llu", hp_fn_name(fn),
				      (unsigned long long)i, json_integer_value(json_array_get(a, i)),
				      (unsigned long long)s->c[fn][i]);
	}
}

/* `hashprof SYNTH-REJECT OP -n N [more] --per-iteration --format=json`'s row. */
static json_t *measure(const char *op, const char *n, const char *more)
{
	struct run r;
	json_t *row;

	if (more)
		hp(&r, 0, INST, op, "-n", n, more, "--per-iteration", "--format=json", NULL);
	else
		hp(&r, 0, INST, op, "-n", n, "--per-iteration", "--format=json", NULL);
	row = json_row(r.out);
	run_free(&r);
	return row;
}

/* The markdown page of `hashprof SYNTH-REJECT OP -n N --format=md`: its survey
 * verdict line, header and row. */
static char *page_of(const char *op, const char *n)
{
	struct run r;
	char *page, *end;

	hp(&r, 0, INST, op, "-n", n, "--format=md", NULL);
	/* the "Survey verdict:" line and the table: it ends at the first blank
	 * line after its header */
	end = strstr(r.out, "| instance |");
	ck_assert_msg(end != NULL, "no table in:\n%s", r.out);
	if ((end = strstr(end, "\n\n")))
		end[1] = '\0';
	page = strdup(r.out);
	run_free(&r);
	return page;
}

/* The published calls cell's value of helper label in a page row ("drng 3.42, ..."). */
static double page_value(const char *page, const char *label, char *text, size_t len)
{
	char key[64];
	const char *at;

	snprintf(key, sizeof key, " %s ", label);
	ck_assert_msg((at = strstr(strstr(page, "| `" INST "`"), key)) != NULL, "no %s in %s", label, page);
	at += strlen(key);
	snprintf(text, len, "%.*s", (int)strcspn(at, ", |"), at);
	return strtod(text, NULL);
}

static void expect_in(const char *text, const char *want)
{
	ck_assert_msg(strstr(text, want) != NULL, "missing \"%s\" in:\n%s", want, text);
}

/* ---------- the sequence ---------- */

START_TEST(test_per_iteration_is_the_documented_sequence)
{
	static struct seq s;
	json_t *row;

	oracle("keygen", 1, MAXN, &s);
	row = measure("keygen", "1000", NULL);
	expect_sequence(row, &s);
	/* the counts sum to the call table's */
	ck_assert_uint_eq(record_calls(row, "pseudohash"), prefix_mean(&s, HP_FN_PSEUDOHASH, MAXN) * MAXN);
	json_decref(row);

	/* sign: the set-up's keygen and sign draw first; the warm-up moves the stream */
	oracle("sign", 0, 200, &s);
	row = measure("sign", "200", "-w0");
	expect_sequence(row, &s);
	json_decref(row);
	oracle("sign", 2, 200, &s);
	row = measure("sign", "200", "-w2");
	expect_sequence(row, &s);
	json_decref(row);
	oracle("verify", 1, 20, &s);
	row = measure("verify", "20", NULL);
	expect_sequence(row, &s);
	json_decref(row);
}
END_TEST

/* Without --per-iteration a record has none (it is exactly what it was). */
START_TEST(test_no_per_iteration_unless_asked)
{
	struct run r;
	json_t *row;

	hp(&r, 0, INST, "keygen", "-n", "5", "--format=json", NULL);
	row = json_row(r.out);
	ck_assert_ptr_null(json_object_get(row, "per_iteration"));
	json_decref(row);
	run_free(&r);
	hp(&r, 2, INST, "keygen", "-n", "1000001", "--per-iteration", NULL);
	expect_in(r.err, "--per-iteration keeps the counts of at most 1000000 operations");
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
}
END_TEST

/* ---------- prefix means against separate runs ---------- */

/* The exact calls per operation of helper label in a --format=csv row (the calls_LABEL column). */
static void csv_calls(const char *csv, const char *label, char *out, size_t len)
{
	char col[64];
	const char *hdr = csv, *line = strchr(csv, '\n') + 1;
	int k = 0, want = -1;

	snprintf(col, sizeof col, "calls_%s", label);
	for (const char *p = hdr; *p != '\n'; k++) {
		size_t n = strcspn(p, ",\n");
		if (n == strlen(col) && !strncmp(p, col, n))
			want = k;
		p += n + (p[n] == ',');
	}
	ck_assert_int_ge(want, 0);
	/* the fields before it: instance, operation, status, shares and the quoted calls cell */
	for (k = 0; k < want; k++) {
		if (*line == '"')
			line = strchr(line + 1, '"') + 1;
		else
			line += strcspn(line, ",");
		line++;
	}
	snprintf(out, len, "%.*s", (int)strcspn(line, ",\n"), line);
}

START_TEST(test_prefix_means_equal_separate_runs)
{
	static const char *const ns[] = { "3", "10", "100", "999" };
	char *dir = hpt_tmpdir("prefix"), *rec = hpt_path(dir, INST "__keygen.json");
	struct run r, curve;
	json_t *one, *pi;

	hp(&r, 0, INST, "keygen", "-n", "1000", "--per-iteration", "--record-dir", dir, NULL);
	run_free(&r);
	one = hpt_json_load(rec);
	pi = json_object_get(one, "per_iteration");
	hp(&curve, 0, "report", "--curve", "--format=csv", rec, NULL);
	ck_assert_int_eq(hpt_lines(curve.out), 1 + MAXN);
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		uint64_t n = strtoull(ns[i], NULL, 10);
		json_t *row;
		char line[128], want[64], got[64];

		hp(&r, 0, INST, "keygen", "-n", ns[i], "--format=json", NULL);
		row = json_row(r.out);
		run_free(&r);
		ck_assert_uint_eq(
			(uint64_t)json_integer_value(json_object_get(json_object_get(row, "totals"), "operations")), n);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
			const json_t *a = json_object_get(pi, hp_fn_name(fn));
			uint64_t sum = 0;
			for (uint64_t k = 0; a && k < n; k++)
				sum += (uint64_t)json_integer_value(json_array_get(a, k));
			ck_assert_msg(sum == record_calls(row, hp_fn_name(fn)), "N = %llu, %s: prefix %llu, run %llu",
				      (unsigned long long)n, hp_fn_name(fn), (unsigned long long)sum,
				      (unsigned long long)record_calls(row, hp_fn_name(fn)));
		}
		json_decref(row);
		/* the means as printed: the curve's N line and the run's exact CSV columns */
		hp(&r, 0, INST, "keygen", "-n", ns[i], "--format=csv", NULL);
		for (unsigned fn = HP_FN_DRNG; fn <= HP_FN_PSEUDOHASH; fn++) {
			csv_calls(r.out, hp_fn_label(fn), want, sizeof want);
			snprintf(line, sizeof line, "\n" INST ",keygen,%s,", ns[i]);
			const char *at = strstr(curve.out, line);
			ck_assert_ptr_nonnull(at);
			at += strlen(line);
			for (unsigned k = 0; k < fn; k++)
				at += strcspn(at, ",") + 1;
			snprintf(got, sizeof got, "%.*s", (int)strcspn(at, ",\n"), at);
			ck_assert_msg(!strcmp(got, want), "N = %s %s: curve %s, run %s", ns[i], hp_fn_label(fn), got,
				      want);
		}
		run_free(&r);
	}
	run_free(&curve);
	json_decref(one);
	hpt_rmtree(dir);
	free(rec);
	free(dir);
}
END_TEST

/* ---------- check --published ---------- */

/* The lines check --published must print for the published keygen row
 * of page, per the oracle: each helper's set of N, and the one N of every
 * fractional count when the oracle finds a single one.  Returns how many
 * N the oracle finds for all three. */
static uint64_t expect_search(const char *out, const char *page, const struct seq *s)
{
	static const unsigned fns[] = { HP_FN_DRNG, HP_FN_XOF, HP_FN_PSEUDOHASH };
	char line[1024], set[600], text[3][32];
	uint64_t all = 0, only = 0;

	for (size_t i = 0; i < 3; i++) {
		double v = page_value(page, hp_fn_label(fns[i]), text[i], sizeof text[i]);
		uint64_t count = expected_set(s, fns[i], v, set, sizeof set);
		ck_assert_uint_gt(count, 0);
		snprintf(line, sizeof line, INST " keygen: %s %s reproduced at %llu of N = 1..%llu: N = %s\n",
			 hp_fn_label(fns[i]), text[i], (unsigned long long)count, (unsigned long long)s->n, set);
		expect_in(out, line);
	}
	for (uint64_t n = 1; n <= s->n; n++) {
		int in = 1;
		for (size_t i = 0; i < 3; i++)
			in &= prints_as(prefix_mean(s, fns[i], n), strtod(text[i], NULL));
		if (in) {
			all++;
			only = n;
		}
	}
	if (all == 1) {
		snprintf(line, sizeof line,
			 INST " keygen: N = %llu alone reproduces every fractional count (drng %s, pseudoXOF %s, "
			      "pseudohash %s): the published procedure's N\n",
			 (unsigned long long)only, text[0], text[1], text[2]);
		expect_in(out, line);
	}
	return all;
}

START_TEST(test_published_reports_the_n_set)
{
	static struct seq s;
	static const char *const ns[] = { "3", "10", "100", "999" };
	char *dir = hpt_tmpdir("npub"), *f = hpt_path(dir, "page.md");
	struct run r;

	oracle("keygen", 1, MAXN, &s);
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		char *page = page_of("keygen", ns[i]);

		hpt_write(f, page);
		/* -n 1000: the row's own run holds every N searched (the planned N
		 * follows the machine's speed: under 1000 on a slow one) */
		hp(&r, 0, "check", WIDE, "-n", "1000", "--published", f, NULL);
		expect_in(r.out, INST " keygen: N = 1..1000 searched in the row's own run (warm-up 1)\n");
		/* N = 100: only N = 100 itself prints all three (a fact of this stream) */
		ck_assert(expect_search(r.out, page, &s) == 1 || strcmp(ns[i], "100"));
		if (!strcmp(ns[i], "3")) /* differs at the row's N = 1000, but reproduced */
			expect_in(r.out, "ok at N = 3");
		expect_in(r.out, "check: pass:");
		run_free(&r);
		/* N = 10 for the row: one more run of 1000, the same stream */
		hp(&r, 0, "check", WIDE, "-n", "10", "--published", f, NULL);
		expect_in(r.out, INST " keygen: N = 1..1000 searched in one more run of 1000 operations (the row's "
				      "seed, warm-up 1)\n");
		ck_assert_ptr_null(strstr(r.out, "made other calls"));
		expect_search(r.out, page, &s);
		run_free(&r);
		if (!strcmp(ns[i], "100"))
			expect_in(page, "drng 3.42, pseudoXOF 3.42, pseudohash 1.66");
		free(page);
	}
	/* --reproduce-max: the page's cap, within the row's own run, or in one more */
	char *page = page_of("keygen", "100");
	hpt_write(f, page);
	oracle("keygen", 1, 150, &s);
	hp(&r, 0, "check", WIDE, "-n", "1000", "--reproduce-max=150", "--published", f, NULL);
	expect_in(r.out, INST " keygen: N = 1..150 searched in the row's own run (warm-up 1)\n");
	expect_search(r.out, page, &s);
	run_free(&r);
	hp(&r, 0, "check", WIDE, "-n", "20", "--reproduce-max=150", "--published", f, NULL);
	expect_in(r.out, INST " keygen: N = 1..150 searched in one more run of 150 operations (the row's seed, "
			      "warm-up 1)\n");
	expect_search(r.out, page, &s);
	run_free(&r);
	free(page);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

START_TEST(test_published_unreachable_is_no_n)
{
	static struct seq s;
	char *dir = hpt_tmpdir("nonone"), *f = hpt_path(dir, "page.md"), *page = page_of("keygen", "100"), *at;
	char line[512];
	double best = INFINITY, mean = 0;
	uint64_t nearest = 0;
	struct run r;

	oracle("keygen", 1, MAXN, &s);
	at = strstr(page, "pseudohash 1.66");
	ck_assert_ptr_nonnull(at);
	memcpy(at, "pseudohash 9.99", 15);
	hpt_write(f, page);
	for (uint64_t n = 1; n <= MAXN; n++) {
		double d = fabs(prefix_mean(&s, HP_FN_PSEUDOHASH, n) - 9.99);
		if (d <= best) {
			best = d;
			nearest = n;
			mean = prefix_mean(&s, HP_FN_PSEUDOHASH, n);
		}
	}
	hp(&r, 1, "check", WIDE, "--published", f, NULL);
	snprintf(line, sizeof line,
		 INST " keygen: pseudohash 9.99 not reproduced: no N \u2264 1000 reproduces 9.99 with this seed and "
		      "warm-up 1: the procedure differs (nearest: N = %llu, %.6g)\n",
		 (unsigned long long)nearest, mean);
	expect_in(r.out, line);
	expect_in(r.out, "DIFFERS");
	expect_in(r.out, "check: FAIL: 1 of");
	/* the other two are still found, and no N is claimed for the row */
	expect_in(r.out, INST " keygen: drng 3.42 reproduced at");
	ck_assert_ptr_null(strstr(r.out, "alone reproduces"));
	run_free(&r);
	/* a whole published mean of a helper whose calls vary is a rounded one ("298"): searched too */
	memcpy(at, "pseudohash 1.66", 15);
	at = strstr(page, "drng 3.42,");
	ck_assert_ptr_nonnull(at);
	memcpy(at, "drng 4   ,", 10);
	hpt_write(f, page);
	{
		char set[600], want[1024];
		uint64_t count = expected_set(&s, HP_FN_DRNG, 4, set, sizeof set);
		ck_assert_uint_gt(count, 0);
		snprintf(want, sizeof want, INST " keygen: drng 4 reproduced at %llu of N = 1..1000: N = %s\n",
			 (unsigned long long)count, set);
		hp(&r, 0, "check", WIDE, "--published", f, NULL);
		expect_in(r.out, want);
		run_free(&r);
	}
	memcpy(at, "drng 3.42,", 10);
	/* another warm-up is another stream, searched as such */
	hpt_write(f, page);
	hp(&r, -2, "check", WIDE, "-n", "1000", "-w", "0", "--published", f, NULL);
	expect_in(r.out, INST " keygen: N = 1..1000 searched in the row's own run (warm-up 0)\n");
	run_free(&r);
	free(page);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/* Bad input: one line on stderr, exit 2. */
START_TEST(test_bad_input)
{
	char *dir = hpt_tmpdir("nbad"), *f = hpt_path(dir, "page.md");
	struct run r;

	hpt_write(f, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		     "|---|---|---|---|---|\n"
		     "| `" INST "` | keygen | 43% | 19% | drng many, pseudoXOF 3.42 |\n");
	hp(&r, 2, "check", WIDE, "--published", f, NULL);
	expect_in(r.err, "page.md:3: column 'calls per operation': 'many' is not a mean number of calls for drng");
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	hp(&r, 2, INST, "keygen", "--reproduce=foo=1", NULL);
	expect_in(r.err, "--reproduce: unknown function 'foo' (drng, pseudoXOF, pseudohash or sm3hash)");
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	hp(&r, 2, INST, "keygen", "--reproduce=drng=x", NULL);
	expect_in(r.err, "--reproduce: 'x' is not a mean number of calls per operation for drng");
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	hp(&r, 2, INST, "--reproduce=3", NULL);
	expect_in(r.err, "--reproduce searches one row: give INSTANCE OPERATION");
	run_free(&r);
	hp(&r, 2, "check", WIDE, "--reproduce-max=0", "--published", f, NULL);
	expect_in(r.err, "--reproduce-max: '0' is not a whole number of operations");
	run_free(&r);
	/* a bare VALUE where three helpers vary: measured, then one line */
	hp(&r, 2, INST, "keygen", "-n", "20", "--reproduce=3", NULL);
	expect_in(r.err, "--reproduce=3: the calls of drng, pseudoXOF, pseudohash all vary between operations: write "
			 "FN=VALUE");
	ck_assert_int_eq(hpt_lines(r.err), 1);
	run_free(&r);
	hpt_rmtree(dir);
	free(f);
	free(dir);
}
END_TEST

/* ---------- --reproduce ---------- */

START_TEST(test_reproduce_option)
{
	static struct seq s;
	char value[32], line[1024], set[600];
	struct run r;
	uint64_t count;

	oracle("sign", 1, MAXN, &s);
	/* a bare VALUE names the one helper that varies: drng */
	snprintf(value, sizeof value, "%.3g", prefix_mean(&s, HP_FN_DRNG, 50));
	count = expected_set(&s, HP_FN_DRNG, strtod(value, NULL), set, sizeof set);
	char arg[64];
	snprintf(arg, sizeof arg, "--reproduce=%s", value);
	hp(&r, 0, INST, "sign", "-n", "1000", arg, NULL); /* N = 1000 whatever the machine's speed */
	expect_in(r.out, INST " sign: N = 1..1000 searched in the row's own run (warm-up 1)\n");
	snprintf(line, sizeof line, INST " sign: drng %s reproduced at %llu of N = 1..1000: N = %s\n", value,
		 (unsigned long long)count, set);
	expect_in(r.out, line);
	run_free(&r);
	/* FN=VALUE, with -n as the cap; a value no N prints fails the row (exit 1) */
	hp(&r, 1, INST, "sign", "-n", "300", "--reproduce=drng=9.99,sm3hash=1", NULL);
	expect_in(r.out, INST " sign: drng 9.99 not reproduced: no N \u2264 300 reproduces 9.99");
	expect_in(r.out, INST " sign: sm3hash 1 reproduced at 300 of N = 1..300: N = 1\u2013300\n");
	run_free(&r);
	/* csv stays machine-readable: the lines go to stderr */
	hp(&r, 0, INST, "sign", "-n", "50", "--format=csv", "--reproduce=sm3hash=1", NULL);
	expect_in(r.err, INST " sign: sm3hash 1 reproduced at 50 of N = 1..50");
	ck_assert_ptr_null(strstr(r.out, "reproduced"));
	run_free(&r);
}
END_TEST

/* ---------- report --curve, --plot ---------- */

START_TEST(test_curve_and_plot)
{
	static struct seq s;
	char *dir = hpt_tmpdir("curve"), *rec = hpt_path(dir, INST "__keygen.json");
	char *plain = hpt_tmpdir("curve-plain"), *svg = hpt_path(dir, "curve.svg"), *png = hpt_path(dir, "c.png");
	char line[256], *img;
	struct run r;

	oracle("keygen", 1, MAXN, &s);
	hp(&r, 0, INST, "keygen", "-n", "1000", "--per-iteration", "--record-dir", dir, NULL);
	run_free(&r);
	hp(&r, 0, "report", "--curve", rec, NULL);
	expect_in(r.out, INST " keygen: mean calls per operation of the first N of 1000 operations (warm-up 1)\n");
	/* N = 1..10, 20, ..., 100, 200, ..., 1000: 28 lines under 2 of heading */
	ck_assert_int_eq(hpt_lines(r.out), 30);
	for (uint64_t n = 20; n <= 1000; n = n < 100 ? n + 10 : n + 100) {
		snprintf(line, sizeof line, "\n%8llu  %10.6g  %10.6g  %10.6g\n", (unsigned long long)n,
			 prefix_mean(&s, HP_FN_DRNG, n), prefix_mean(&s, HP_FN_XOF, n),
			 prefix_mean(&s, HP_FN_PSEUDOHASH, n));
		expect_in(r.out, line);
	}
	run_free(&r);
	/* the plot: gnuplot (setup.sh installs gnuplot-nox) */
	hp(&r, 0, "report", "--plot", svg, rec, NULL);
	img = hpt_slurp(svg);
	ck_assert_ptr_nonnull(img);
	expect_in(img, "<svg");
	expect_in(img, INST " keygen: pseudohash (warm-up 1)");
	expect_in(img, "prints as 1.98");
	free(img);
	run_free(&r);
	hp(&r, 0, "report", "--plot", png, rec, NULL);
	img = hpt_slurp(png);
	ck_assert_ptr_nonnull(img);
	ck_assert(!memcmp(img, "\x89PNG", 4));
	free(img);
	run_free(&r);
	/* a name or a folder --plot cannot draw into: one line before any record is read */
	hp(&r, 2, "report", "--plot", "curve.txt", rec, NULL);
	ck_assert_str_eq(r.err, "hashprof: --plot: 'curve.txt' is not a .png or .svg file name\n");
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	hp(&r, 2, "report", "--plot", "/nonexistent/sub/c.svg", rec, NULL);
	ck_assert_str_eq(r.err, "hashprof: --plot: cannot create files in the folder /nonexistent\n");
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	/* records without per-iteration counts: nothing to draw */
	hp(&r, 0, INST, "keygen", "-n", "5", "--record-dir", plain, NULL);
	run_free(&r);
	hp(&r, 2, "report", "--curve", plain, NULL);
	expect_in(r.err, "report --curve: no record has per-iteration counts");
	run_free(&r);
	hp(&r, 2, "report", "--curve", "--format=md", rec, NULL);
	run_free(&r);
	hpt_rmtree(dir);
	hpt_rmtree(plain);
	free(rec);
	free(svg);
	free(png);
	free(dir);
	free(plain);
}
END_TEST

/* A record's per_iteration must be what a measurement makes. */
START_TEST(test_record_per_iteration_checked)
{
	char *dir = hpt_tmpdir("pirec"), *rec = hpt_path(dir, INST "__keygen.json"), *bad = hpt_path(dir, "bad.json");
	struct run r;
	json_t *j, *a;

	hp(&r, 0, INST, "keygen", "-n", "30", "--per-iteration", "--record-dir", dir, NULL);
	run_free(&r);
	hp(&r, 0, "report", rec, NULL);
	run_free(&r);
	j = hpt_json_load(rec);
	a = json_object_get(json_object_get(j, "per_iteration"), "pseudoXOF");
	json_array_remove(a, 0);
	hpt_json_save(bad, j);
	hp(&r, 2, "report", bad, NULL);
	expect_in(r.err, "field 'per_iteration.pseudoXOF': expected an array of 30 counts, one per operation");
	run_free(&r);
	json_decref(j);
	j = hpt_json_load(rec);
	a = json_object_get(json_object_get(j, "per_iteration"), "pseudoXOF");
	json_array_set_new(a, 0, json_integer(json_integer_value(json_array_get(a, 0)) + 1));
	hpt_json_save(bad, j);
	hp(&r, 2, "report", bad, NULL);
	expect_in(r.err, "field 'per_iteration.pseudoXOF': the counts sum to");
	run_free(&r);
	json_array_set_new(a, 0, json_integer(-1));
	hpt_json_save(bad, j);
	hp(&r, 2, "report", bad, NULL);
	expect_in(r.err, "field 'per_iteration.pseudoXOF[0]': expected a whole number >= 0");
	run_free(&r);
	json_decref(j);
	hpt_rmtree(dir);
	free(rec);
	free(bad);
	free(dir);
}
END_TEST

/* ---------- prof/periter/reproduce.c and prof/periter/curve.c alone ---------- */

static struct hp_nset nset_of(unsigned char *hit, uint64_t max, const uint64_t *n, size_t k)
{
	struct hp_nset s = { max, hit, k };

	memset(hit, 0, max + 1);
	for (size_t i = 0; i < k; i++)
		hit[n[i]] = 1;
	return s;
}

START_TEST(test_nset_format)
{
	static unsigned char hit[1001];
	static const uint64_t a[] = { 200, 998, 999, 1000 }, b[] = { 1, 3, 5, 7, 9, 11 };
	char buf[256];
	struct hp_nset s;

	s = nset_of(hit, 1000, a, 4);
	hp_nset_format(&s, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "200, 998\u20131000");
	s = nset_of(hit, 20, b, 6);
	hp_nset_format(&s, 3, buf, sizeof buf);
	ck_assert_str_eq(buf, "1, 3, \u2026, 11 (6 ranges)");
	hp_nset_format(&s, 6, buf, sizeof buf);
	ck_assert_str_eq(buf, "1, 3, 5, 7, 9, 11");
	s = nset_of(hit, 20, b, 0);
	hp_nset_format(&s, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(test_search_alone)
{
	/* 1, 2, 3, ...: the mean of the first N is (N + 1) / 2 */
	struct hp_result run;
	struct hp_repro rp;
	char err[256], set[64], lines[2048];
	double means[10];

	hp_result_init(&run);
	snprintf(run.instance, sizeof run.instance, "X");
	snprintf(run.operation, sizeof run.operation, "keygen");
	ck_assert_int_eq(hp_result_per_op_alloc(&run, 10), 0);
	run.operations = 10;
	run.warmup = 1;
	for (int i = 0; i < 10; i++) {
		hp_result_per_op(&run, HP_FN_XOF)[i] = (uint64_t)i + 1;
		hp_result_per_op(&run, HP_FN_DRNG)[i] = i == 9 ? 11 : 1;
	}
	hp_prefix_means(hp_result_per_op(&run, HP_FN_XOF), 10, means);
	for (int i = 0; i < 10; i++)
		ck_assert(means[i] == (i + 2) / 2.0);
	memset(&rp, 0, sizeof rp);
	ck_assert_int_eq(hp_reproduce_add(&rp, HP_FN_XOF, 3.5, "3.5"), 0);
	ck_assert_int_eq(hp_reproduce_add(&rp, HP_FN_XOF, 3.5, "3.5"), -1);
	ck_assert_int_eq(hp_reproduce_add(&rp, HP_FN_DRNG, 1, "1"), 0);
	ck_assert_int_eq(hp_reproduce_row(&run, 0, &rp, err, sizeof err), 0);
	ck_assert_uint_eq(rp.fn[0].set.count, 1);
	ck_assert(rp.fn[0].set.hit[6]);
	hp_nset_format(&rp.fn[1].set, 0, set, sizeof set);
	ck_assert_str_eq(set, "1\u20139");
	ck_assert_uint_eq(rp.all.count, 1);
	hp_reproduce_lines(&rp, &run, lines, sizeof lines);
	ck_assert_str_eq(lines, "X keygen: pseudoXOF 3.5 reproduced at 1 of N = 1..10: N = 6\n"
				"X keygen: drng 1 reproduced at 9 of N = 1..10: N = 1\u20139\n"
				"X keygen: N = 6 alone reproduces every fractional count (pseudoXOF 3.5, drng 1): the "
				"published procedure's N\n");
	hp_reproduce_free(&rp);
	/* 4.25 is no prefix mean: the nearest is N = 7 (4), and of 4.5 and 4: the larger N */
	memset(&rp, 0, sizeof rp);
	hp_reproduce_add(&rp, HP_FN_XOF, 4.25, "4.25");
	ck_assert_int_eq(hp_reproduce_row(&run, 8, &rp, err, sizeof err), 0);
	ck_assert_uint_eq(rp.fn[0].set.count, 0);
	ck_assert_uint_eq(rp.fn[0].nearest_n, 8);
	ck_assert(rp.fn[0].nearest_mean == 4.5);
	hp_reproduce_lines(&rp, &run, lines, sizeof lines);
	ck_assert_str_eq(lines, "X keygen: pseudoXOF 4.25 not reproduced: no N \u2264 8 reproduces 4.25 with this seed "
				"and warm-up 1: the procedure differs (nearest: N = 8, 4.5)\n");
	hp_reproduce_free(&rp);
	/* one count of one helper found at one N: no claim on the procedure */
	memset(&rp, 0, sizeof rp);
	hp_reproduce_add(&rp, HP_FN_XOF, 3.5, "3.5");
	ck_assert_int_eq(hp_reproduce_row(&run, 0, &rp, err, sizeof err), 0);
	hp_reproduce_lines(&rp, &run, lines, sizeof lines);
	ck_assert_str_eq(lines, "X keygen: pseudoXOF 3.5 reproduced at 1 of N = 1..10: N = 6\n"
				"X keygen: N = 6 is the only N \u2264 10 that reproduces pseudoXOF 3.5; one fractional "
				"count alone does not show the published procedure's N (a match by chance is likely "
				"among 10 N)\n");
	hp_reproduce_free(&rp);
	/* a helper the operation never calls: said so, not "the procedure differs" */
	memset(&rp, 0, sizeof rp);
	hp_reproduce_add(&rp, HP_FN_PSEUDOHASH, 1, "1");
	ck_assert_int_eq(hp_reproduce_row(&run, 0, &rp, err, sizeof err), 0);
	hp_reproduce_lines(&rp, &run, lines, sizeof lines);
	ck_assert_str_eq(lines, "X keygen: pseudohash 1 not reproduced: this operation never calls pseudohash (no call "
				"in any of its 10 operations), so no N gives 1\n");
	hp_reproduce_free(&rp);
	/* a row without counts cannot be searched */
	hp_per_op_get(&run)->per_iteration = 0;
	ck_assert_int_eq(hp_reproduce_row(&run, 0, &rp, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "measured without them"));
	ck_assert(hp_reproduce_prints_as(44.249, 44.2) && !hp_reproduce_prints_as(44.26, 44.2));
	ck_assert(hp_reproduce_prints_as(179312, 179000));
	hp_result_free(&run);
}
END_TEST

START_TEST(test_curve_grid_and_band)
{
	uint64_t n = 1, k = 0;
	double lo, hi;

	while (n <= 1000) {
		k++;
		n = hp_curve_next(n);
	}
	ck_assert_uint_eq(k, 28); /* 1..10, 20..100, 200..1000 */
	ck_assert_uint_eq(hp_curve_next(10), 20);
	ck_assert_uint_eq(hp_curve_next(900), 1000);
	ck_assert_uint_eq(hp_curve_next(1000), 2000);
	hp_curve_band(3.993, &lo, &hi);
	ck_assert(fabs(lo - 3.985) < 1e-12 && fabs(hi - 3.995) < 1e-12);
	hp_curve_band(44.22, &lo, &hi);
	ck_assert(fabs(lo - 44.15) < 1e-12 && fabs(hi - 44.25) < 1e-12);
	hp_curve_band(0, &lo, &hi);
	ck_assert(lo == 0 && hi == 0);
}
END_TEST

static Suite *reproduce_suite(void)
{
	Suite *s = suite_create("reproduce");
	TCase *tc = tcase_create("reproduce");

	tcase_set_timeout(tc, HPT_TIMEOUT);
	tcase_add_test(tc, test_nset_format);
	tcase_add_test(tc, test_search_alone);
	tcase_add_test(tc, test_curve_grid_and_band);
	tcase_add_test(tc, test_per_iteration_is_the_documented_sequence);
	tcase_add_test(tc, test_no_per_iteration_unless_asked);
	tcase_add_test(tc, test_prefix_means_equal_separate_runs);
	tcase_add_test(tc, test_published_reports_the_n_set);
	tcase_add_test(tc, test_published_unreachable_is_no_n);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_reproduce_option);
	tcase_add_test(tc, test_curve_and_plot);
	tcase_add_test(tc, test_record_per_iteration_checked);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(reproduce_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
