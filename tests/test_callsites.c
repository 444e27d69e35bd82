/*
 * test_callsites.c - `hashprof ... --call-sites` on SYNTH-SIG,
 * whose call sites are documented (schemes/synthetic/README.md, "Call
 * sites"): every site's helper, path and exact calls per operation, the
 * sums (the sites' calls and ticks plus those without a call path are the
 * row's, helper by helper), DEPTH, the calls that lose their path on a
 * private stack (HASHPROF_SYNTH_OFFSTACK), --folded and --flame-graph,
 * bad input, the record read back by `report` and compared by `check`,
 * and an instance of `hashprof build` compiled without -g (the subdirs
 * fixture), whose frames come from the symbol table.  No assertion is on
 * a time: ticks are compared only with ticks of the same run.
 */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"
#include "check_run.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif
#ifndef HP_PQCLEAN_CONFIGURED
#error "HP_PQCLEAN_CONFIGURED (0 or 1) must be defined by the build"
#endif
#ifndef HP_STRIP
#error "HP_STRIP (the absolute path of the configured machine's strip) must be defined"
#endif

#define N_STR "3"

/* SYNTH-SIG's documented call sites (README.md): helper, path from the API
 * function (frames joined by '>'), calls per operation. */
static const char *const want_keygen = "get_random_number sig_keygen 1\n"
				       "pseudoXOF sig_keygen 1\n"
				       "pseudoXOF sig_keygen>synth_expand 3\n"
				       "pseudohash sig_keygen>synth_mix 2\n";
static const char *const want_sign = "get_random_number sig_sign 1\n"
				     "pseudoXOF sig_sign>synth_tag>synth_rounds 8\n"
				     "pseudohash sig_sign>synth_tag>synth_rounds 2\n"
				     "pseudohash sig_sign>synth_tag 1\n"
				     "sm3hash sig_sign>synth_tag>synth_rounds 1\n";
static const char *const want_verify = "pseudoXOF sig_verify>synth_tag>synth_rounds 8\n"
				       "pseudohash sig_verify>synth_tag>synth_rounds 2\n"
				       "pseudohash sig_verify>synth_tag 1\n"
				       "sm3hash sig_verify>synth_tag>synth_rounds 1\n";

static char tmp[HPT_TMPDIR_MAX];

static void make_tmp(void)
{
	hpt_tmpdir_in(tmp, sizeof tmp, "sites-test");
}

static void remove_tmp(void)
{
	hpt_rmtree(tmp);
	tmp[0] = '\0';
}

/* hashprof with args, the synthetic knobs unset but `setting` (may be NULL),
 * HASHPROF_PATH=hp_path (unset when NULL). */
static void run_hp(struct run *r, const char *setting, const char *hp_path, const char *const *args)
{
	char path[4500];
	const char *env[] = { "HASHPROF_SYNTH_*", "HASHPROF_PATH", setting, NULL, NULL };

	if (hp_path) {
		snprintf(path, sizeof path, "HASHPROF_PATH=%s", hp_path);
		env[setting ? 3 : 2] = path;
	}
	run_capture(r, HP_HASHPROF, args, env);
}

#define HP(r, setting, ...) run_hp((r), (setting), NULL, (const char *const[]){ __VA_ARGS__, NULL })
#define HP_AT(r, hp_path, ...) run_hp((r), NULL, (hp_path), (const char *const[]){ __VA_ARGS__, NULL })

static json_t *parse(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je);

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "bad JSON: %s", je.text);
	return doc;
}

static json_t *row_of(json_t *doc, const char *op)
{
	size_t i;
	json_t *row;

	json_array_foreach(json_object_get(doc, "rows"), i,
			   row) if (!strcmp(json_string_value(json_object_get(row, "operation")), op)) return row;
	ck_abort_msg("no row %s", op);
	return NULL;
}

static int line_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the lines of s in place (each ends with '\n'). */
static void sort_lines(char *s)
{
	char *lines[256], *copy = strdup(s), *p = copy, *save;
	size_t n = 0;

	ck_assert_ptr_nonnull(copy);
	for (char *l = strtok_r(p, "\n", &save); l && n < 256; l = strtok_r(NULL, "\n", &save))
		lines[n++] = l;
	qsort(lines, n, sizeof lines[0], line_cmp);
	s[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		strcat(s, lines[i]);
		strcat(s, "\n");
	}
	free(copy);
}

/* The row's sites as "helper f1>f2 calls-per-op" lines, sorted; each
 * site's calls must be a whole number per operation. */
static void site_lines(json_t *row, char *buf, size_t len)
{
	json_t *sites = json_object_get(json_object_get(row, "call_sites"), "sites"), *s;
	json_int_t ops = json_integer_value(json_object_get(json_object_get(row, "totals"), "operations"));
	size_t i, used = 0;

	ck_assert_int_gt(ops, 0);
	ck_assert_msg(json_is_array(sites), "row has no call_sites.sites");
	buf[0] = '\0';
	json_array_foreach(sites, i, s)
	{
		json_int_t calls = json_integer_value(json_object_get(s, "calls"));
		json_t *f;
		size_t k;

		ck_assert_msg(calls % ops == 0, "site %zu: %lld calls over %lld operations", i, (long long)calls,
			      (long long)ops);
		used += (size_t)snprintf(buf + used, len - used, "%s ", json_string_value(json_object_get(s, "fn")));
		json_array_foreach(json_object_get(s, "path"), k, f) used +=
			(size_t)snprintf(buf + used, len - used, "%s%s", k ? ">" : "",
					 json_string_value(json_object_get(f, "function")));
		used += (size_t)snprintf(buf + used, len - used, " %lld\n", (long long)(calls / ops));
		ck_assert_uint_lt(used, len);
	}
	sort_lines(buf);
}

static void expect_sites(json_t *row, const char *want)
{
	char got[8192], w[8192];

	site_lines(row, got, sizeof got);
	snprintf(w, sizeof w, "%s", want);
	sort_lines(w);
	ck_assert_msg(!strcmp(got, w), "call sites:\n%s\nexpected:\n%s", got, w);
}

/* The sites' calls and ticks plus those without a call path equal the
 * row's outermost calls and ticks, helper by helper. */
static void expect_sums(json_t *row)
{
	static const char *const helpers[] = { "get_random_number", "pseudoXOF", "pseudohash", "sm3hash",
					       "init_random_number" };
	json_t *cs = json_object_get(row, "call_sites"), *e;
	size_t i;

	for (size_t h = 0; h < sizeof helpers / sizeof helpers[0]; h++) {
		json_int_t calls = 0, ticks = 0, sc = 0, st = 0;
		json_array_foreach(json_object_get(row, "calls"), i,
				   e) if (!strcmp(json_string_value(json_object_get(e, "fn")), helpers[h]))
		{
			calls += json_integer_value(json_object_get(e, "calls"));
			ticks += json_integer_value(json_object_get(e, "ticks"));
		}
		json_array_foreach(json_object_get(cs, "sites"), i,
				   e) if (!strcmp(json_string_value(json_object_get(e, "fn")), helpers[h]))
		{
			sc += json_integer_value(json_object_get(e, "calls"));
			st += json_integer_value(json_object_get(e, "ticks"));
		}
		json_t *lost = json_object_get(json_object_get(cs, "without_path"), helpers[h]);
		sc += json_integer_value(json_object_get(lost, "calls"));
		st += json_integer_value(json_object_get(lost, "ticks"));
		ck_assert_msg(sc == calls && st == ticks, "%s: sites %lld calls %lld ticks, row %lld calls %lld ticks",
			      helpers[h], (long long)sc, (long long)st, (long long)calls, (long long)ticks);
		if (calls)
			ck_assert_int_gt(ticks, 0);
	}
}

static json_int_t lost_calls(json_t *row, const char *fn)
{
	return json_integer_value(json_object_get(
		json_object_get(json_object_get(json_object_get(row, "call_sites"), "without_path"), fn), "calls"));
}

/* ---------- the documented sites ---------- */

START_TEST(test_synth_sig_sites)
{
	struct run r;
	json_t *doc;

	HP(&r, NULL, "-n", N_STR, "--format=json", "--call-sites", "SYNTH-SIG");
	run_expect_status(&r, 0);
	doc = parse(&r);
	expect_sites(row_of(doc, "keygen"), want_keygen);
	expect_sites(row_of(doc, "sign"), want_sign);
	expect_sites(row_of(doc, "verify"), want_verify);
	for (const char *const *op = (const char *const[]){ "keygen", "sign", "verify", NULL }; *op; op++) {
		json_t *row = row_of(doc, *op);
		expect_sums(row);
		ck_assert_int_eq(lost_calls(row, "pseudoXOF"), 0);
		ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(row, "call_sites"), "depth")), 0);
		/* the recorder's cost, measured in the operation */
		json_t *in = json_object_get(json_object_get(row, "call_sites"), "insitu");
		/* valid, or (a busy machine) outside the plausible bound, not applied */
		ck_assert_msg(json_is_true(json_object_get(in, "valid")) ||
				      strstr(json_string_value(json_object_get(in, "error")),
					     "the recorder's in-situ cost was implausible ("),
			      "%s: insitu not valid: %s", *op, json_string_value(json_object_get(in, "error")));
		ck_assert_int_ge(json_integer_value(json_object_get(in, "samples")), 5);
		ck_assert(json_is_number(json_object_get(in, "added_ticks_per_call")));
	}
	/* with debug information (the built-in instances are built with -g):
	 * the line of each call */
	{
		json_t *s =
			json_array_get(json_object_get(json_object_get(row_of(doc, "sign"), "call_sites"), "sites"), 0);
		json_t *f = json_array_get(json_object_get(s, "path"), 0);
		ck_assert_msg(strstr(json_string_value(json_object_get(f, "where")), "SIG_AlgorithmInstance.c:") !=
				      NULL,
			      "where: %s", json_string_value(json_object_get(f, "where")));
	}
	json_decref(doc);
	run_free(&r);

	/* the text table prints them under the rows */
	HP(&r, NULL, "-n", N_STR, "--call-sites", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "call sites of SYNTH-SIG sign (whole paths;") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "  synth_rounds\n") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "sig_sign (SIG_AlgorithmInstance.c:") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "> synth_rounds (SIG_AlgorithmInstance.c:") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "  the recorder's cost, measured in the operation (") != NULL ||
			      strstr(r.out, "  the recorder's cost was not applied (the row's note says why)") != NULL,
		      "%s", r.out);
	run_free(&r);
}
END_TEST

/* Without --call-sites a row has no table; the calls are the same. */
START_TEST(test_without)
{
	struct run r;
	json_t *doc;

	HP(&r, NULL, "-n", N_STR, "--format=json", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	ck_assert_ptr_null(json_object_get(row_of(doc, "sign"), "call_sites"));
	ck_assert_ptr_null(strstr(r.out, "call_sites"));
	json_decref(doc);
	run_free(&r);
}
END_TEST

START_TEST(test_depth)
{
	struct run r;
	json_t *doc, *row, *s;
	size_t i;

	HP(&r, NULL, "-n", N_STR, "--format=json", "--call-sites=1", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	expect_sites(row, "get_random_number sig_sign 1\n"
			  "pseudoXOF synth_rounds 8\n"
			  "pseudohash synth_rounds 2\n"
			  "pseudohash synth_tag 1\n"
			  "sm3hash synth_rounds 1\n");
	expect_sums(row);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(row, "call_sites"), "depth")), 1);
	/* a path longer than the depth says that it was cut */
	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		int deep = strcmp(json_string_value(
					  json_object_get(json_array_get(json_object_get(s, "path"), 0), "function")),
				  "sig_sign") != 0;
		ck_assert_int_eq(json_is_true(json_object_get(s, "cut")), deep);
	}
	json_decref(doc);
	run_free(&r);

	HP(&r, NULL, "-n", N_STR, "--call-sites=2", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "(the innermost 2 frames;") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "... > synth_tag (SIG_AlgorithmInstance.c:") != NULL, "%s", r.out);
	run_free(&r);
}
END_TEST

/* A private stack: the unwinder never gets back to the driver; those
 * calls are counted, the row is measured. */
START_TEST(test_no_call_path)
{
	struct run r;
	json_t *doc, *row;
	json_int_t ops;

	HP(&r, "HASHPROF_SYNTH_OFFSTACK=1", "-n", N_STR, "--format=json", "--call-sites", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	ops = json_integer_value(json_object_get(json_object_get(row, "totals"), "operations"));
	/* synth_rounds ran off-stack: its 8 + 2 + 1 calls lost their path */
	expect_sites(row, "get_random_number sig_sign 1\n"
			  "pseudohash sig_sign>synth_tag 1\n");
	ck_assert_int_eq(lost_calls(row, "pseudoXOF"), 8 * ops);
	ck_assert_int_eq(lost_calls(row, "pseudohash"), 2 * ops);
	ck_assert_int_eq(lost_calls(row, "sm3hash"), 1 * ops);
	expect_sums(row);
	json_decref(doc);
	run_free(&r);

	HP(&r, "HASHPROF_SYNTH_OFFSTACK=1", "-n", N_STR, "--call-sites", "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "  note: 33 calls without a call path") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "(no call path)") != NULL, "%s", r.out);
	run_free(&r);
}
END_TEST

/* ---------- folded stacks and the flame graph ---------- */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	text = calloc((size_t)n + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

START_TEST(test_folded)
{
	struct run r;
	char folded[4400], svg[4400], want[512], *text, *pic;
	json_t *doc, *row, *s;
	size_t i;
	long long inside = 0, total;

	make_tmp();
	snprintf(folded, sizeof folded, "%s/sign.folded", tmp);
	snprintf(svg, sizeof svg, "%s/sign.svg", tmp);
	/* --folded and --flame-graph imply --call-sites */
	HP(&r, NULL, "-n", N_STR, "--format=json", "--folded", folded, "--flame-graph", svg, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	text = slurp(folded);
	/* one line per site, the helper last, its ticks as the count */
	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		json_t *f;
		size_t k, used = (size_t)snprintf(want, sizeof want, "SYNTH-SIG sign;");
		json_array_foreach(json_object_get(s, "path"), k, f) used += (size_t)snprintf(
			want + used, sizeof want - used, "%s;", json_string_value(json_object_get(f, "function")));
		snprintf(want + used, sizeof want - used, "%s %lld\n", json_string_value(json_object_get(s, "fn")),
			 (long long)json_integer_value(json_object_get(s, "ticks")));
		ck_assert_msg(strstr(text, want) != NULL, "folded lacks '%s':\n%s", want, text);
		inside += json_integer_value(json_object_get(s, "ticks"));
	}
	/* and the operation's own ticks, so that widths are shares */
	total = json_integer_value(json_object_get(json_object_get(row, "totals"), "ticks"));
	snprintf(want, sizeof want, "\nSYNTH-SIG sign %lld\n", total - inside);
	ck_assert_msg(strstr(text, want) != NULL, "folded lacks '%s':\n%s", want + 1, text);
	pic = slurp(svg);
	ck_assert_msg(!strncmp(pic, "<?xml", 5) && strstr(pic, "<svg ") && strstr(pic, "</svg>"), "%.200s", pic);
	ck_assert_msg(strstr(pic, ">synth_rounds") != NULL, "the flame graph has no synth_rounds box");
	ck_assert_msg(strstr(pic, "<title>pseudoXOF (") != NULL, "the flame graph has no pseudoXOF box");
	free(pic);
	free(text);
	json_decref(doc);
	run_free(&r);
	remove_tmp();
}
END_TEST

/* ---------- bad input: one line, exit 2, nothing run ---------- */

static void expect_usage(struct run *r, const char *what)
{
	run_expect_status(r, 2);
	ck_assert_msg(strstr(r->err, what) != NULL, "stderr lacks '%s': %s", what, r->err);
	ck_assert_msg(strchr(r->err, '\n') == r->err + strlen(r->err) - 1, "not one line: %s", r->err);
	ck_assert_str_eq(r->out, "");
	run_free(r);
}

START_TEST(test_bad_input)
{
	struct run r;
	char dir[4500], ro[4400];

	HP(&r, NULL, "--call-sites=0", "SYNTH-SIG", "sign");
	expect_usage(&r, "--call-sites: '0' is not a depth from 1 to 64 frames");
	HP(&r, NULL, "--call-sites=deep", "SYNTH-SIG", "sign");
	expect_usage(&r, "--call-sites: 'deep' is not a depth");
	HP(&r, NULL, "--call-sites=65", "SYNTH-SIG", "sign");
	expect_usage(&r, "--call-sites: '65' is not a depth");
	HP(&r, NULL, "--folded=/nonexistent-hp-dir/sub/x.folded", "SYNTH-SIG", "sign");
	expect_usage(&r, "--folded: cannot create files in the folder /nonexistent-hp-dir");
	make_tmp();
	HP(&r, NULL, "--folded", tmp, "SYNTH-SIG", "sign");
	expect_usage(&r, "--folded: ");
	snprintf(dir, sizeof dir, "%s/", tmp);
	HP(&r, NULL, "--flame-graph", dir, "SYNTH-SIG", "sign");
	expect_usage(&r, "--flame-graph: ");
	snprintf(ro, sizeof ro, "%s/ro", tmp);
	ck_assert_int_eq(mkdir(ro, 0500), 0);
	/* root writes anywhere: the probe in the folder tells */
	snprintf(dir, sizeof dir, "%s/x.folded", ro);
	if (geteuid() != 0) {
		HP(&r, NULL, "--folded", dir, "SYNTH-SIG", "sign");
		expect_usage(&r, "--folded: cannot create files in the folder");
	}
	remove_tmp();
}
END_TEST

/* ---------- records: report, check ---------- */

START_TEST(test_record_report_check)
{
	struct run r;
	char rec[4400], path[4500], *text;
	json_t *doc, *sites;

	make_tmp();
	snprintf(rec, sizeof rec, "%s/base", tmp);
	HP(&r, NULL, "-n", N_STR, "--call-sites", "--record-dir", rec, "SYNTH-SIG", "sign");
	run_expect_status(&r, 0);
	run_free(&r);
	/* report prints the table again, from the record */
	HP(&r, NULL, "report", rec);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "call sites of SYNTH-SIG sign (whole paths;") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "sig_sign (SIG_AlgorithmInstance.c:") != NULL, "%s", r.out);
	run_free(&r);
	HP(&r, NULL, "report", "--format=json", rec);
	run_expect_status(&r, 0);
	doc = parse(&r);
	expect_sites(row_of(doc, "sign"), want_sign);
	json_decref(doc);
	run_free(&r);
	/* and draws them again */
	snprintf(path, sizeof path, "%s/again.folded", tmp);
	HP(&r, NULL, "report", "--folded", path, rec);
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(path);
	ck_assert_msg(strstr(text, "SYNTH-SIG sign;sig_sign;synth_tag;synth_rounds;pseudoXOF ") != NULL, "%s", text);
	free(text);

	/* check re-runs it with --call-sites and compares every site's calls */
	HP(&r, NULL, "check", "--share-tolerance", "100", rec);
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, "site pseudoXOF synth_rounds") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "site pseudohash synth_tag") != NULL, "%s", r.out);
	run_free(&r);

	/* a baseline whose site moved: one calls more at synth_tag, one less
	 * at synth_rounds (the row's total stays, so the record reads) */
	snprintf(path, sizeof path, "%s/SYNTH-SIG__sign.json", rec);
	text = slurp(path);
	{
		json_error_t je;
		json_t *rj = json_loads(text, 0, &je), *s;
		size_t i;
		ck_assert_ptr_nonnull(rj);
		sites = json_object_get(json_object_get(rj, "call_sites"), "sites");
		json_array_foreach(sites, i, s)
		{
			json_t *p = json_object_get(s, "path");
			const char *inner = json_string_value(
				json_object_get(json_array_get(p, json_array_size(p) - 1), "function"));
			json_int_t c = json_integer_value(json_object_get(s, "calls"));
			if (strcmp(json_string_value(json_object_get(s, "fn")), "pseudohash"))
				continue;
			json_object_set_new(s, "calls", json_integer(c + (!strcmp(inner, "synth_tag") ? 1 : -1)));
		}
		ck_assert_int_eq(json_dump_file(rj, path, 0), 0);
		json_decref(rj);
	}
	free(text);
	HP(&r, NULL, "check", "--share-tolerance", "100", rec);
	run_expect_status(&r, 1);
	ck_assert_msg(strstr(r.out, "site pseudohash synth_tag") != NULL, "%s", r.out);
	ck_assert_msg(strstr(r.out, "REGRESSION") != NULL, "%s", r.out);
	run_free(&r);

	/* sites that do not add up to the row's calls: a malformed record */
	{
		json_error_t je;
		json_t *rj = json_load_file(path, 0, &je), *s;
		ck_assert_ptr_nonnull(rj);
		s = json_array_get(json_object_get(json_object_get(rj, "call_sites"), "sites"), 0);
		json_object_set_new(s, "calls", json_integer(json_integer_value(json_object_get(s, "calls")) + 5));
		ck_assert_int_eq(json_dump_file(rj, path, 0), 0);
		json_decref(rj);
	}
	HP(&r, NULL, "report", rec);
	run_expect_status(&r, 2);
	ck_assert_msg(strstr(r.err, "field 'call_sites': the ") != NULL, "%s", r.err);
	run_free(&r);
	remove_tmp();
}
END_TEST

/* ---------- `hashprof build`: no -g, frames from the symbol table ---------- */

START_TEST(test_build_no_debug_info)
{
	struct run r;
	char src[4400], pkg[4400], out[4400];
	json_t *doc, *row, *s, *f;
	size_t i, k;

	make_tmp();
	snprintf(src, sizeof src, "%s/subdirs", HP_FIXTURES);
	snprintf(pkg, sizeof pkg, "%s/subdirs", tmp);
	snprintf(out, sizeof out, "%s/out", tmp);
	run_capture(&r, "/bin/cp", (const char *const[]){ "-RL", src, pkg, NULL }, NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	run_capture(&r, "/bin/chmod", (const char *const[]){ "-R", "u+w", pkg, NULL }, NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	HP_AT(&r, NULL, "build", pkg, "--output-dir", out);
	run_expect_status(&r, 0);
	run_free(&r);
	/* hashprof build compiles with -g (the survey reads the own entries'
	 * prototypes); a package's object as it usually ships has a symbol
	 * table and no debug information: strip that, keep the symbols.
	 * Names from the symbol table, the static synth_tag and synth_rounds
	 * included, no file:line */
	{
		char so[4500];
		snprintf(so, sizeof so, "%s/FIX-SUB-128.so", out);
		run_capture(&r, HP_STRIP, (const char *const[]){ "--strip-debug", so, NULL }, NULL);
		run_expect_status(&r, 0);
		run_free(&r);
	}
	HP_AT(&r, out, "-n", N_STR, "--format=json", "--call-sites", "FIX-SUB-128", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	expect_sites(row, want_sign);
	expect_sums(row);
	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		json_array_foreach(json_object_get(s, "path"), k, f)
			ck_assert_str_eq(json_string_value(json_object_get(f, "where")), "");
	}
	ck_assert_msg(strstr(json_string_value(json_object_get(json_object_get(row, "call_sites"), "note")),
			     "no debug information in ") != NULL,
		      "note: %s", json_string_value(json_object_get(json_object_get(row, "call_sites"), "note")));
	json_decref(doc);
	run_free(&r);

	/* stripped: the exported API function keeps its name (.dynsym), the
	 * others are named by their start (.eh_frame) and the call's offset,
	 * so that each function's calls still make one site */
	{
		char so[4500];
		snprintf(so, sizeof so, "%s/FIX-SUB-128.so", out);
		run_capture(&r, HP_STRIP, (const char *const[]){ "--strip-all", so, NULL }, NULL);
		run_expect_status(&r, 0);
		run_free(&r);
	}
	HP_AT(&r, out, "-n", N_STR, "--format=json", "--call-sites", "FIX-SUB-128", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	expect_sums(row);
	ck_assert_msg(strstr(json_string_value(json_object_get(json_object_get(row, "call_sites"), "note")),
			     "FIX-SUB-128.so has no symbol table (stripped): frames named by address") != NULL,
		      "note: %s", json_string_value(json_object_get(json_object_get(row, "call_sites"), "note")));
	{
		char got[8192];
		site_lines(row, got, sizeof got);
		/* one site of 8 pseudoXOF calls, from sig_sign down through
		 * unnamed frames; as many sites as with the symbol table */
		ck_assert_msg(strstr(got, "pseudoXOF sig_sign>FIX-SUB-128.so+0x") != NULL, "%s", got);
		ck_assert_msg(strstr(got, " 8\n") != NULL, "%s", got);
		size_t lines = 0;
		for (const char *p = got; *p; p++)
			lines += *p == '\n';
		ck_assert_uint_eq(lines, 5);
	}
	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		json_t *p = json_object_get(s, "path");
		f = json_array_get(p, json_array_size(p) - 1);
		if (strcmp(json_string_value(json_object_get(s, "fn")), "get_random_number"))
			ck_assert_msg(!strncmp(json_string_value(json_object_get(f, "where")), "+0x", 3), "where: %s",
				      json_string_value(json_object_get(f, "where")));
	}
	json_decref(doc);
	run_free(&r);
	remove_tmp();
}
END_TEST

/* ---------- ML-DSA-44 sign: the PQClean adapter collapses ---------- */

/* Does any frame of row's sites name a function of the PQClean adapter
 * (schemes/pqclean/adapter/fips202_iccs.c, randombytes_iccs.c) or a shim?
 * Its name then, else NULL. */
static const char *adapter_frame(json_t *row)
{
	static const char *const adapter[] = { "shake128_squeezeblocks",
					       "shake256_squeezeblocks",
					       "shake128",
					       "shake256",
					       "shake256_inc_squeeze",
					       "xof_squeeze",
					       "randombytes",
					       "__wrap_pseudoXOF",
					       "hp_sites_pseudoXOF" };
	json_t *s, *f;
	size_t i, k;

	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		json_array_foreach(json_object_get(s, "path"), k, f)
		{
			const char *name = json_string_value(json_object_get(f, "function"));
			for (size_t a = 0; a < sizeof adapter / sizeof adapter[0]; a++)
				if (!strcmp(name, adapter[a]))
					return adapter[a];
		}
	}
	return NULL;
}

/* The calls of row's site of helper fn whose innermost frame is inner. */
static json_int_t site_calls(json_t *row, const char *fn, const char *inner)
{
	json_t *s;
	size_t i;
	json_int_t calls = 0;

	json_array_foreach(json_object_get(json_object_get(row, "call_sites"), "sites"), i, s)
	{
		json_t *p = json_object_get(s, "path");
		if (!strcmp(json_string_value(json_object_get(s, "fn")), fn) &&
		    !strcmp(json_string_value(json_object_get(json_array_get(p, json_array_size(p) - 1), "function")),
			    inner))
			calls += json_integer_value(json_object_get(s, "calls"));
	}
	return calls;
}

START_TEST(test_ml_dsa_44_sign)
{
	struct run r;
	json_t *doc, *row;
	json_int_t ops;

	if (!HP_PQCLEAN_CONFIGURED) {
		fprintf(stderr, "test_ml_dsa_44_sign: PQClean not configured, nothing to run\n");
		return;
	}
	HP(&r, NULL, "-n", N_STR, "--format=json", "--call-sites", "ML-DSA-44", "sign");
	run_expect_status(&r, 0);
	doc = parse(&r);
	row = row_of(doc, "sign");
	ops = json_integer_value(json_object_get(json_object_get(row, "totals"), "operations"));
	expect_sums(row);
	/* ExpandA: the 4 x 4 matrix, one squeeze each; the challenge; the
	 * mask; the randomness: each its own site, the adapter collapsed */
	ck_assert_int_eq(site_calls(row, "pseudoXOF", "PQCLEAN_MLDSA44_CLEAN_poly_uniform"), 16 * ops);
	ck_assert_int_gt(site_calls(row, "pseudoXOF", "PQCLEAN_MLDSA44_CLEAN_poly_challenge"), 0);
	ck_assert_int_gt(site_calls(row, "pseudoXOF", "PQCLEAN_MLDSA44_CLEAN_poly_uniform_gamma1"), 0);
	ck_assert_int_eq(site_calls(row, "get_random_number", "PQCLEAN_MLDSA44_CLEAN_crypto_sign_signature_ctx"), ops);
	ck_assert_msg(adapter_frame(row) == NULL, "a frame of the adapter or a shim: %s", adapter_frame(row));
	json_decref(doc);
	run_free(&r);
}
END_TEST

static Suite *callsites_suite(void)
{
	Suite *s = suite_create("callsites");
	TCase *tc = tcase_create("callsites");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_synth_sig_sites);
	tcase_add_test(tc, test_without);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_no_call_path);
	tcase_add_test(tc, test_folded);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_record_report_check);
	tcase_add_test(tc, test_build_no_debug_info);
	tcase_add_test(tc, test_ml_dsa_44_sign);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hp_check_run(callsites_suite());
}
