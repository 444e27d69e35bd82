/*
 * test_campaign_published.c - `hashprof campaign --published=PAGES`: the
 * published rows beside the campaign's own, on each candidate page and in
 * the index.  The tree: tests/fixtures/name-ref (built as TOY128_REF) and
 * the campaign fixture's kem-fix (FIX-CAMP-KEM-128, FIX-CAMP-KEM-256);
 * the pages: tests/fixtures/pages/TOY-128.md (TOY-128: another name) and a
 * KEM page written here in the public pages' shape (enc, dec, the en
 * dash), one of whose counts is wrong, beside an index without the
 * table.  Asserted: the match printed, every pair's calls verdict (exact,
 * differ, with the numbers), the index's counts; shares only as cells
 * that exist (they are times).  Bad input: exit 2 before anything runs.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif

static char tmp[HPT_TMPDIR_MAX], root[4200], pages[4200], out[4200];

static const char *const *env(void)
{
	static struct hpt_home h;
	static const char *e[6];
	char home[HPT_TMPDIR_MAX + 8];

	snprintf(home, sizeof home, "%s/home", tmp);
	hpt_home_env(&h, home);
	e[0] = h.home;
	e[1] = h.data;
	e[2] = "HASHPROF_PATH";
	e[3] = "LC_ALL=C";
	e[4] = "HASHPROF_SYNTH_FAULT";
	e[5] = NULL;
	return e;
}

#define RUN(r, prog, ...) run_capture((r), (prog), (const char *const[]){ __VA_ARGS__, NULL }, env())
#define HASHPROF(r, ...) RUN((r), HP_HASHPROF, __VA_ARGS__)

static void sh(const char *script)
{
	struct run r;

	RUN(&r, "/bin/sh", "-c", script, "sh", tmp);
	run_expect_status(&r, 0);
	run_free(&r);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	ck_assert_msg(f != NULL, "cannot read %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(text = calloc((size_t)n + 1, 1));
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

static void expect_in(const char *text, const char *what)
{
	ck_assert_msg(strstr(text, what) != NULL, "lacks '%s' in:\n%s", what, text);
}

#define EN_DASH "\xe2\x80\x93"

/* The KEM page: FIX-CAMP-KEM-128 as measured (kem-fix's documented
 * calls), FIX-CAMP-KEM-256's keygen with pseudoXOF 3 instead of 2. */
static const char kem_page[] = "# kem-00 FIX-CAMP-KEM \xe2\x80\x94 test page\n\n## Symmetric primitives\n\n"
			       "[Survey](../symmetric-survey.md) verdict: **ICCS-only**\n\n"
			       "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			       "|---|---|---|---|---|\n"
			       "| `FIX-CAMP-KEM-128` | keygen | 20% | 3.9% | drng 1, pseudoXOF 2 |\n"
			       "| `FIX-CAMP-KEM-128` | enc | 54% | 4.0% | drng 1, pseudoXOF 1, pseudohash 2 |\n"
			       "| `FIX-CAMP-KEM-128` | dec | 57% | 0.0% | pseudoXOF 1, pseudohash 2, sm3hash 1 |\n"
			       "| `FIX-CAMP-KEM-256` | keygen | 20% | 3.9% | drng 1, pseudoXOF 3 |\n"
			       "| `FIX-CAMP-KEM-256` | enc | 54% | 4.0% | drng 1, pseudoXOF 1, pseudohash 2 |\n"
			       "| `FIX-CAMP-KEM-256` | dec | 57% | 0.0% | pseudoXOF 1, pseudohash 2, sm3hash 1 |\n"
			       "| `OTHER-1` | dec | 0.0% | 0.0% | " EN_DASH " |\n";

/* FIX-REJ (SYNTH-REJECT's scheme, schemes/synthetic/README.md): its first
 * keygens after the warm-up draw 1, 5, 1, ... times with the default
 * seed, so a campaign of -n 3 measures drng 2.33 and a page of N = 2
 * prints drng 3, pseudoXOF 3, pseudohash 1: reproduced at N = 2. Its
 * verify is no fraction: pseudohash 2 against its 1 differs. */
static const char reject_page[] = "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				  "|---|---|---|---|---|\n"
				  "| FIX-REJ | keygen | 20% | 60% | drng 3, pseudoXOF 3, pseudohash 1 |\n"
				  "| FIX-REJ | verify | 20% | 0.0% | pseudohash 2, sm3hash 1 |\n";

static void setup(void)
{
	char script[8400];

	hpt_tmpdir_in(tmp, sizeof tmp, "campaign-pub");
	snprintf(root, sizeof root, "%s/root", tmp);
	snprintf(pages, sizeof pages, "%s/pages", tmp);
	snprintf(out, sizeof out, "%s/out", tmp);
	snprintf(script, sizeof script,
		 "mkdir -p \"$1/root/toy/Reference_Implementation\" \"$1/pages\" && "
		 "cp -RL '%s/name-ref' \"$1/root/toy/Reference_Implementation/name-ref\" && "
		 "cp -RL '%s/campaign/kem-fix' \"$1/root/kem-fix\" && chmod -R u+w \"$1/root\" && "
		 "cp '%s/pages/TOY-128.md' \"$1/pages/\" && "
		 /* SYNTH-REJECT's sources as a package of its own name */
		 "r=\"$1/root/reject/Reference_Implementation/FIX-REJ\" && s='%s/../../schemes' && mkdir -p \"$r\" && "
		 "cp \"$s/synthetic/reject/SIG_AlgorithmInstance.c\" \"$s/synthetic/synth.h\" "
		 "\"$s/synthetic/synth_common.c\" \"$s/iccs/auxfunc.c\" \"$s/iccs/auxfunc.h\" \"$s/iccs/drng.h\" "
		 "\"$r/\" && "
		 "cp \"$s/synthetic/synth_drng.c\" \"$r/drng.c\" && "
		 "sed 's/\"SYNTH-REJECT\"/\"FIX-REJ\"/' \"$s/synthetic/reject/SIG_AlgorithmInstance.h\" "
		 "> \"$r/SIG_AlgorithmInstance.h\"",
		 HP_FIXTURES, HP_FIXTURES, HP_FIXTURES, HP_FIXTURES);
	sh(script);
	snprintf(script, sizeof script, "%s/kem-00.md", pages);
	put(script, kem_page);
	snprintf(script, sizeof script, "%s/rej.md", pages);
	put(script, reject_page);
	snprintf(script, sizeof script, "%s/index.md", pages);
	put(script, "# Performance\n\n| id | name |\n|---|---|\n| kem-00 | x |\n");
}

static void teardown(void)
{
	hpt_rmtree(tmp);
}

START_TEST(test_published_beside_ours)
{
	char arg[4300], path[8400], *text;
	struct run r;

	setup();
	snprintf(arg, sizeof arg, "--published=%s", pages);
	HASHPROF(&r, "campaign", root, "-o", out, "-n", "3", "--progress=plain", arg);
	run_expect_status(&r, 0);
	run_free(&r);

	snprintf(path, sizeof path, "%s/pages/toy.md", out);
	text = slurp(path);
	expect_in(text, "### Beside the published figures\n\n12 published rows of 3 pages (--published)");
	expect_in(text, "| `TOY128_REF` | keygen | `TOY-128` (TOY-128.md:28) | exact | ");
	expect_in(text, "| `TOY128_REF` | verify | `TOY-128` (TOY-128.md:30) | exact | ");
	expect_in(text, "- `TOY-128` of the pages is `TOY128_REF` here: its name without the build suffix '_REF'\n");
	free(text);

	snprintf(path, sizeof path, "%s/pages/kem-fix.md", out);
	text = slurp(path);
	/* the pages' enc and dec are the API's encaps and decaps */
	expect_in(text, "| `FIX-CAMP-KEM-128` | encaps | `FIX-CAMP-KEM-128` (kem-00.md:10) | exact | ");
	expect_in(text, "| `FIX-CAMP-KEM-128` | decaps | `FIX-CAMP-KEM-128` (kem-00.md:11) | exact | ");
	expect_in(text, "| `FIX-CAMP-KEM-256` | keygen | `FIX-CAMP-KEM-256` (kem-00.md:12) | differ: pseudoXOF 3 "
			"\xe2\x86\x92 2 | ");
	expect_in(text, "| `FIX-CAMP-KEM-256` | decaps | `FIX-CAMP-KEM-256` (kem-00.md:14) | exact | ");
	ck_assert_ptr_null(strstr(text, "Matched by another name")); /* their own names */
	free(text);

	/* a fractional count that another N prints as published */
	snprintf(path, sizeof path, "%s/pages/reject.md", out);
	text = slurp(path);
	expect_in(text, "| `FIX-REJ` | keygen | `FIX-REJ` (rej.md:3) | reproduced at N = 2 | ");
	expect_in(text, "| `FIX-REJ` | sign | not on the pages | - | - | - |\n");
	expect_in(text, "| `FIX-REJ` | verify | `FIX-REJ` (rej.md:4) | differ: pseudohash 2 \xe2\x86\x92 1 | ");
	free(text);

	snprintf(path, sizeof path, "%s/index.md", out);
	text = slurp(path);
	expect_in(text, "| `FIX-REJ` | sig | built | not checked | 3/3 | profiled |  |  | 2 rows: 0 exact, 1 "
			"reproduced at N, 1 differ; largest share difference ");
	expect_in(text, "Published: 12 rows of 3 pages (--published)");
	expect_in(text, "| log | published |\n");
	expect_in(text, "| `FIX-CAMP-KEM-128` | kem | built | not checked | 3/3 | profiled |  |  | 3 rows: 3 exact, 0 "
			"reproduced at N, 0 differ; largest share difference ");
	expect_in(text, "| `FIX-CAMP-KEM-256` | kem | built | not checked | 3/3 | profiled |  |  | 3 rows: 2 exact, 0 "
			"reproduced at N, 1 differ; largest share difference ");
	expect_in(text, "| `TOY128_REF` | sig | built | not checked | 3/3 | profiled |  |  | 3 rows: 3 exact, 0 "
			"reproduced at N, 0 differ; largest share difference ");
	free(text);

	/* without --published the index has no such column (the next run
	 * rewrites it), and --collect takes it too */
	HASHPROF(&r, "campaign", root, "-o", out, "-n", "3", "--progress=plain");
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(path);
	ck_assert_ptr_null(strstr(text, "| published |"));
	free(text);
	HASHPROF(&r, "campaign", "--collect", "-o", out, arg);
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(path);
	expect_in(text, "3 rows: 2 exact, 0 reproduced at N, 1 differ");
	free(text);
	teardown();
}
END_TEST

START_TEST(test_published_bad_input)
{
	char arg[4300], bad[4300], jobs[4300];
	struct run r;

	setup();
	snprintf(arg, sizeof arg, "--published=%s/nothere", tmp);
	HASHPROF(&r, "campaign", root, "-o", out, arg);
	run_expect_status(&r, 2);
	expect_in(r.err, "nothere: No such file or directory");
	run_free(&r);
	/* a folder of no page, a malformed page: named, nothing run */
	snprintf(arg, sizeof arg, "--published=%s", root);
	HASHPROF(&r, "campaign", root, "-o", out, arg);
	run_expect_status(&r, 2);
	expect_in(r.err, "holds no page with a 'Symmetric primitives' table");
	run_free(&r);
	snprintf(bad, sizeof bad, "%s/pages/bad.md", tmp);
	put(bad, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n|---|---|---|---|---|\n"
		 "| `A` | sign | 88 percent | 0.0% | drng 1 |\n");
	snprintf(arg, sizeof arg, "--published=%s", pages);
	HASHPROF(&r, "campaign", root, "-o", out, arg);
	run_expect_status(&r, 2);
	expect_in(r.err, "bad.md:3: column 'pseudohash/XOF/sm3': '88 percent' is not a share");
	run_free(&r);
	ck_assert_int_ne(access(out, F_OK), 0); /* nothing ran */
	snprintf(jobs, sizeof jobs, "--job-file=%s/jobs.txt", tmp);
	snprintf(arg, sizeof arg, "--published=%s/pages/TOY-128.md", tmp);
	HASHPROF(&r, "campaign", root, "-o", out, arg, jobs);
	run_expect_status(&r, 2);
	expect_in(r.err, "--published applies where pages are written");
	run_free(&r);
	teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("campaign published");
	TCase *tc = tcase_create("published");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_published_bad_input);
	tcase_add_test(tc, test_published_beside_ours);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
