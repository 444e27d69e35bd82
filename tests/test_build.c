/*
 * test_build.c - `hashprof build` on the submission-shaped
 * fixtures of tests/fixtures/ (see tests/fixtures/README.md).
 *
 * Each test copies a fixture (symbolic links dereferenced, so the copy is
 * a standalone package) into a fresh temporary folder, runs the build
 * tree's hashprof (HP_HASHPROF) as `hashprof build COPY --output-dir OUT`
 * with HOME and XDG_DATA_HOME pointing into the temporary folder, then
 * `HASHPROF_PATH=OUT hashprof -n 5 --format=json NAME` and checks the
 * documented results (docs/build.md).  Instances made from synthetic code
 * must profile with exactly the call table of the built-in instance
 * (SYNTH-SIG, SYNTH-KEM): same shapes, same calls, same nested calls.
 * The helpers are build_util.c's; the shapes of real Round-1 packages
 * have their own suite, test_shapes.c.
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "build_util.h"
#include "capture.h"

/* FIX-KAT, whose KAT failed, says so in `list --long` and in every row. */
static void expect_kat_failed_everywhere(void)
{
	struct run r;
	json_t *doc, *row;
	size_t i;

	HASHPROF(&r, out_dir, "list", "--long");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "    KAT:      fail\n");
	expect_in(&r, r.out, "    warning:  the KAT failed: KAT_SIG_FIX-KAT.txt differs from ");
	run_free(&r);
	doc = profile(out_dir, "FIX-KAT", NULL);
	ck_assert_uint_ge(json_array_size(json_object_get(doc, "rows")), 3);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
		ck_assert_msg(row_has_note(row, "build warning: the KAT failed: KAT_SIG_FIX-KAT.txt differs from "),
			      "row %zu does not say that the KAT failed", i);
	json_decref(doc);
}

/* ---------- (a) sub-folders, config.h, Makefile flags ---------- */

START_TEST(test_subdirs)
{
	struct run r;
	char *line;

	setup_fixture("subdirs");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-SUB-128"); /* name expanded from macros */
	expect_in(&r, r.out, "-DSCHEME_MODE=128 -Iparams -Iinclude -Iiccs"); /* from make -n */
	expect_in(&r, r.out, "flags:   reference");
	expect_in(&r, r.out, "wraps:   pseudohash pseudoXOF sm3hash get_random_number init_random_number");
	expect_in(&r, r.out, "drng_algorithm: hashprof's");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	{
		/* make remakes deps.mk even under -n: in hashprof's copy, not here */
		char deps[8400];
		struct stat st;
		snprintf(deps, sizeof deps, "%s/deps.mk", pkg);
		ck_assert_msg(stat(deps, &st) != 0, "hashprof build wrote %s into the package", deps);
	}
	expect_same_calls("FIX-SUB-128", "SYNTH-SIG");

	/* idempotent, until an input changes */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-SUB-128: up to date");
	/* and how to run it, as a fresh build says: out_dir is not searched */
	expect_in(&r, r.out, "is not on the search path: run it with: HASHPROF_PATH=");
	run_free(&r);
	append_to("params/config.h", "/* edited */\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "params/config.h changed");
	run_free(&r);

	/* -D on the command line replaces the Makefile's parameter set */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "-DSCHEME_MODE=256");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-SUB-256");
	run_free(&r);
	{
		json_t *doc = profile(out_dir, "FIX-SUB-256", "sign");
		char t[4096];
		call_table(row_of(doc, "sign"), t, sizeof t);
		/* pseudohash over pk || m || r: 8 * (256 + 64 + 32) bits */
		ck_assert_msg(strstr(t, "pseudohash 2816 1024 5 0") != NULL, "calls:\n%s", t);
		json_decref(doc);
	}
	line = list_line("FIX-SUB-128");
	ck_assert_msg(strstr(line, " sig ") && strstr(line, "reference"), "list: %s", line);
	free(line);
	teardown_fixture();
}
END_TEST

/* ---------- (b) KAT program, shipped vectors, stray duplicate ---------- */

/* A Makefile that names the instance TOY128_REF, a published page that
 * prints it TOY-128: check --published matches the two (and says so), and
 * compares every row of the page; a page name nothing here matches is a
 * failure (nothing compared), not a pass. */
START_TEST(test_published_name_of_build)
{
	char page[4400], other[4400], map[4400];
	struct run r;

	setup_fixture("name-ref");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "TOY128_REF (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)");
	run_free(&r);
	HASHPROF(&r, out_dir, "check", "-n", N_STR, "--share-tolerance=100", "--published",
		 HP_FIXTURES "/pages/TOY-128.md");
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "match: 'TOY-128' of the page is TOY128_REF here (its name without the build suffix '_REF')\n");
	expect_in(&r, r.out, "TOY128_REF  verify     sm3hash calls/op     1          1");
	expect_in(&r, r.out, "check: pass: 16 comparisons within tolerance");
	ck_assert_ptr_null(strstr(r.out, "not available"));
	run_free(&r);

	/* another name: nothing here is it, nothing compared, exit 1 */
	snprintf(page, sizeof page, "%s/TOY-512.md", tmp);
	snprintf(other, sizeof other, "%s/TOY-128.md", HP_FIXTURES "/pages");
	{
		char *text = NULL, *at;
		FILE *f = fopen(other, "r");
		size_t n;
		ck_assert_ptr_nonnull(f);
		ck_assert_ptr_nonnull(text = calloc(1, 1 << 16));
		n = fread(text, 1, (1 << 16) - 1, f);
		fclose(f);
		text[n] = '\0';
		while ((at = strstr(text, "TOY-128")))
			memcpy(at, "TOY-512", 7);
		f = fopen(page, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		fclose(f);
		free(text);
	}
	HASHPROF(&r, out_dir, "check", "-n", N_STR, "--published", page);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "check: FAIL: nothing compared: none of the 3 rows of");
	run_free(&r);
	/* ... unless a --map line names it */
	snprintf(map, sizeof map, "%s/names.tsv", tmp);
	{
		FILE *f = fopen(map, "w");
		ck_assert_ptr_nonnull(f);
		fputs("# page name<TAB>instance\n\nTOY-512\tTOY128_REF\n", f);
		fclose(f);
	}
	HASHPROF(&r, out_dir, "check", "-n", N_STR, "--share-tolerance=100", "--published", page, "--map", map);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "match: 'TOY-512' of the page is TOY128_REF here (--map line 3)\n");
	expect_in(&r, r.out, "check: pass: 16 comparisons");
	run_free(&r);
}
END_TEST

START_TEST(test_kat)
{
	struct run r;
	char *line;

	setup_fixture("kat");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "2 programs not linked (KAT_SIG.c, tools/gentab.c)");
	expect_in(&r, r.out, "old/synth_common.c also defines synth_fault, synth_work");
	expect_in(&r, r.out, "linked synth_common.c instead");
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-KAT.txt matches Test_Vectors/KAT_SIG_FIX-KAT.txt)");
	run_free(&r);
	line = list_line("FIX-KAT");
	ck_assert_msg(strstr(line, "KAT pass"), "list: %s", line);
	free(line);
	/* the stray old/synth_common.c (which calls pseudohash) is not linked */
	expect_same_calls("FIX-KAT", "SYNTH-SIG");

	/* a test vector that does not match: built, KAT fail, exit 1 */
	append_to("Test_Vectors/KAT_SIG_FIX-KAT.txt", "count = 3\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "KAT:     fail (KAT_SIG_FIX-KAT.txt differs from Test_Vectors/KAT_SIG_FIX-KAT.txt");
	expect_in(&r, r.err, "warning: the KAT failed: KAT_SIG_FIX-KAT.txt differs from");
	run_free(&r);
	line = list_line("FIX-KAT");
	ck_assert_msg(strstr(line, "KAT fail"), "list: %s", line);
	free(line);
	expect_kat_failed_everywhere();
	teardown_fixture();
}
END_TEST

/* A KAT program that does not compile fails the KAT gate (a package that
 * ships one asked for it to pass); the instance itself still builds. */
START_TEST(test_kat_program_broken)
{
	struct run r;

	setup_fixture("kat");
	append_to("KAT_SIG.c", "\nint hp_test_broken(void) { return }\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "KAT:     fail (the KAT program KAT_SIG.c does not compile: ");
	expect_in(&r, r.err, "warning: the KAT failed: the KAT program KAT_SIG.c does not compile");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* The stored KAT result decides the exit status of an up-to-date build: a
 * retrying CI must not pass a package whose KAT failed. */
START_TEST(test_kat_fail_up_to_date)
{
	struct run r;
	char from[8400], to[8400], *good;

	setup_fixture("kat");
	/* the KAT program writes KAT_SIG_FIX-KAT.txt; the shipped file is now
	 * the only vector file, paired by default, and one line is wrong */
	snprintf(from, sizeof from, "%s/Test_Vectors/KAT_SIG_FIX-KAT.txt", pkg);
	snprintf(to, sizeof to, "%s/Test_Vectors/KATX", pkg);
	ck_assert_int_eq(rename(from, to), 0);
	good = read_from("Test_Vectors/KATX");
	append_to("Test_Vectors/KATX", "count = 3\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "KAT:     fail (KAT_SIG_FIX-KAT.txt differs from Test_Vectors/KATX");
	run_free(&r);
	/* again: nothing changed, nothing rebuilt, and still exit 1 */
	for (int kat = 1; kat >= 0; kat--) {
		if (kat)
			HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
		else
			HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
		run_expect_status(&r, 1);
		expect_in(&r, r.out, "FIX-KAT: up to date");
		expect_in(&r, r.err,
			  "hashprof: build FIX-KAT: the instance is up to date, but its KAT failed: "
			  "KAT_SIG_FIX-KAT.txt differs from Test_Vectors/KATX");
		run_free(&r);
	}
	expect_kat_failed_everywhere();
	/* the vectors fixed: rebuilt, the KAT passes, and its result is stored */
	write_to("Test_Vectors/KATX", good);
	free(good);
	for (int again = 0; again < 2; again++) {
		HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
		run_expect_status(&r, 0);
		expect_in(&r, r.out,
			  again ? "FIX-KAT: up to date"
				: "KAT:     pass (KAT_SIG_FIX-KAT.txt matches Test_Vectors/KATX)");
		ck_assert_str_eq(r.err, "");
		run_free(&r);
	}
	teardown_fixture();
}
END_TEST

/* ---------- (c) drng_algorithm defined by the scheme, twice ---------- */

START_TEST(test_drng_own)
{
	struct run r;
	char *line;

	setup_fixture("drng-own");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "the reference flags failed: ");
	expect_in(&r, r.out, "multiple definition of `drng_algorithm'");
	expect_in(&r, r.out, "retrying with the permissive flags");
	expect_in(&r, r.out, "flags:   permissive: -std=gnu99 -fcommon");
	expect_in(&r, r.out, "drng_algorithm: defined by the package (");
	expect_in(&r, strstr(r.out, "drng_algorithm: defined"), "common.c");
	expect_in(&r, strstr(r.out, "drng_algorithm: defined"), "rng.c");
	expect_in(&r, r.out, "; common symbols, merged by the linker)");
	run_free(&r);
	line = list_line("FIX-OWN-DRNG");
	ck_assert_msg(strstr(line, " kem ") && strstr(line, "permissive"), "list: %s", line);
	free(line);
	expect_same_calls("FIX-OWN-DRNG", "SYNTH-KEM");
	teardown_fixture();
}
END_TEST

/* ---------- (d) helpers in the callers' translation unit ---------- */

START_TEST(test_same_tu)
{
	struct run r;
	const char *w;
	unsigned sites = 0;
	json_t *doc;
	size_t i;
	json_t *row;

	setup_fixture("same-tu");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.err, "warning: SIG_AlgorithmInstance.c: ");
	w = strstr(r.err, "warning: SIG_AlgorithmInstance.c: ");
	ck_assert_int_eq(sscanf(w, "warning: SIG_AlgorithmInstance.c: %u call sites", &sites), 1);
	/* at least one site per call in the source: 3 pseudoXOF, 3 pseudohash, 1 sm3hash */
	ck_assert_uint_ge(sites, 7);
	expect_in(&r, r.err, "invisible to --wrap: pseudohash ");
	expect_in(&r, r.err, "pseudoXOF ");
	expect_in(&r, r.err, "sm3hash 1 (callers: ");
	expect_in(&r, r.out, "iccs/auxfunc.c also defines");
	run_free(&r);
	doc = profile(out_dir, "FIX-SAME-TU", NULL);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		char t[4096];
		ck_assert_msg(row_has_note(row, "build warning: SIG_AlgorithmInstance.c: "),
			      "row %zu lacks the build note", i);
		call_table(row, t, sizeof t);
		/* only the DRNG (another object) and its nested sm3hash are seen */
		ck_assert_msg(!strstr(t, "pseudoXOF") && !strstr(t, "pseudohash"), "calls:\n%s", t);
	}
	{
		char t[4096];
		call_table(row_of(doc, "keygen"), t, sizeof t);
		ck_assert_str_eq(t, "get_random_number 0 256 5 0\nsm3hash 264 256 0 10\n");
	}
	json_decref(doc);
	teardown_fixture();
}
END_TEST

/* ---------- (e) -flto in the Makefile ---------- */

START_TEST(test_lto)
{
	struct run r;
	char so[8400];
	struct stat st;

	setup_fixture("lto");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "hashprof: build FIX-LTO refused: ");
	expect_in(&r, r.err, "LTO object");
	expect_in(&r, r.err, "-flto from the package's Makefile");
	expect_in(&r, r.err, "--wrap cannot see them");
	run_free(&r);
	snprintf(so, sizeof so, "%s/FIX-LTO.so", out_dir);
	ck_assert_int_ne(stat(so, &st), 0);
	/* the way out the message suggests */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--cflags=-fno-lto");
	run_expect_status(&r, 0);
	run_free(&r);
	expect_same_calls("FIX-LTO", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* ---------- (f) no helper call, no helper at all ---------- */

START_TEST(test_no_helpers)
{
	struct run r;
	json_t *doc, *row;
	size_t i;
	char recipe[8400];
	FILE *f;

	setup_fixture("no-helpers");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "wraps:   pseudohash pseudoXOF sm3hash");
	expect_in(&r, r.out, "1 program not linked (test/speed.c)");
	expect_in(&r, r.err, "warning: the code linked for the API never calls the ICCS helpers");
	run_free(&r);
	doc = profile(out_dir, "FIX-NO-HELPERS", NULL);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		char t[4096];
		call_table(row, t, sizeof t);
		ck_assert_str_eq(t, "");
		ck_assert(row_has_note(row, "no helper call was seen"));
		ck_assert(row_has_note(row, "build warning: the code linked for the API never calls the ICCS helpers"));
	}
	json_decref(doc);

	/* a recipe that leaves the ICCS file out: no helper defined at all,
	 * and the speed test references one no source defines */
	snprintf(recipe, sizeof recipe, "%s/bare.recipe", tmp);
	f = fopen(recipe, "w");
	ck_assert_ptr_nonnull(f);
	fputs("# no ICCS helpers\nname = FIX-NO-HELPERS-BARE\nexclude = auxfunc.c\n", f);
	ck_assert_int_eq(fclose(f), 0);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "name:    FIX-NO-HELPERS-BARE (recipe)");
	expect_in(&r, r.err, "warning: pseudohash is referenced (test/speed.c) but no source defines it");
	expect_in(&r, r.err, "warning: no source defines an ICCS helper");
	run_free(&r);
	doc = profile(out_dir, "FIX-NO-HELPERS-BARE", "sign");
	row = row_of(doc, "sign");
	ck_assert_str_eq(json_string_value(json_object_get(row, "wrapped")), "");
	ck_assert(row_has_note(row, "defines none of the ICCS helpers"));
	ck_assert(row_has_note(row, "build warnings: pseudohash is referenced (test/speed.c)"));
	ck_assert(row_has_note(row, "no source defines an ICCS helper"));
	json_decref(doc);
	teardown_fixture();
}
END_TEST

/* ---------- recipes ---------- */

/* The docs/recipes.md example for FIX-SUB: no make, the flags by hand. */
START_TEST(test_recipe)
{
	struct run r;
	char recipe[8400];
	FILE *f;

	setup_fixture("subdirs");
	snprintf(recipe, sizeof recipe, "%s/fixsub.recipe", tmp);
	f = fopen(recipe, "w");
	ck_assert_ptr_nonnull(f);
	fputs("# FIX-SUB without its Makefile\n"
	      "make = no\n"
	      "define = SCHEME_MODE=128\n"
	      "include = params include iccs\n"
	      "sources = SIG_AlgorithmInstance.c sign/ rng/*.c iccs/auxfunc.c\n"
	      "libs = -lcrypto\n"
	      "name = FIX-SUB-RECIPE\n",
	      f);
	ck_assert_int_eq(fclose(f), 0);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	ck_assert_ptr_null(strstr(r.out, "make -n:"));
	expect_in(&r, r.out, "name:    FIX-SUB-RECIPE (recipe)");
	expect_in(&r, r.out, "-DSCHEME_MODE=128 -Iparams -Iinclude -Iiccs");
	expect_in(&r, r.out, "sources: 4 compiled, 4 linked");
	ck_assert_ptr_null(strstr(r.out, "linking -lcrypto")); /* named by the recipe */
	run_free(&r);
	expect_same_calls("FIX-SUB-RECIPE", "SYNTH-SIG");
	/* the recipe is an input: editing it rebuilds */
	append_to("../fixsub.recipe", "cflags = -O1\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "(the recipe changed)");
	expect_in(&r, r.out, " -O1");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* ---------- names ---------- */

/* '+' is part of an instance name (SPHINCS+-SHAKE-128f-simple), from
 * ALGORITHM_INSTANCE, --name or a recipe, as in records and pages. */
START_TEST(test_name_with_plus)
{
	struct run r;
	char recipe[8400];
	json_t *doc;

	setup_fixture("kat");
	append_to("SIG_AlgorithmInstance.h", "#undef ALGORITHM_INSTANCE\n#define ALGORITHM_INSTANCE \"FIX+KAT\"\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "name:    FIX+KAT (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)");
	run_free(&r);
	doc = profile(out_dir, "FIX+KAT", "keygen");
	ck_assert_str_eq(json_string_value(json_object_get(row_of(doc, "keygen"), "instance")), "FIX+KAT");
	json_decref(doc);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--name", "SPHINCS+-FIX");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "name:    SPHINCS+-FIX (--name)");
	run_free(&r);
	write_recipe("plus.recipe", "name = FIX+RECIPE\n", recipe, sizeof recipe);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "name:    FIX+RECIPE (recipe)");
	run_free(&r);
	/* what is not a name is refused with the rule */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--name", "FIX.KAT");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "--name 'FIX.KAT': an instance name is 1 to 64 letters, digits, '+', '-' or '_'");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* ---------- failures ---------- */

START_TEST(test_compile_failure)
{
	struct run r;
	char log[8400], *nl;
	struct stat st;

	setup_fixture("kat");
	append_to("synth_common.c", "int broken = ;\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	/* one line: the compiler's first error, the exact command, the log */
	nl = strchr(r.err, '\n');
	ck_assert_ptr_nonnull(nl);
	ck_assert_msg(nl[1] == '\0', "more than one line on stderr:\n%s", r.err);
	expect_in(&r, r.err, "hashprof: build FIX-KAT failed: ");
	expect_in(&r, r.err, "synth_common.c:");
	expect_in(&r, r.err, "error: ");
	expect_in(&r, r.err, "(command: " HP_CC " -std=gnu99 ");
	expect_in(&r, r.err, "synth_common.c -o ");
	expect_in(&r, r.err, "; full log: ");
	/* old/synth_common.c must not stand in for the broken file */
	snprintf(log, sizeof log, "%s/.hashprof-build/FIX-KAT/build.log", out_dir);
	ck_assert_int_eq(stat(log, &st), 0);
	expect_in(&r, r.err, log);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A compiler for another machine than hashprof's (a native gcc beside a
 * cross-built hashprof): refused after compiling, before anything is
 * linked, naming both machines and the compiler (exit 2).  The "other"
 * compiler is the configured one, then its objects' e_machine patched. */
START_TEST(test_foreign_compiler)
{
	/* e_machine, little-endian, in printf's octal: EM_AARCH64 (183) or EM_X86_64 (62) */
#if defined(__x86_64__)
	const char *other = "\\267\\000", *other_name = "AArch64", *own = "x86-64";
#else
	const char *other = "\\076\\000", *other_name = "x86-64", *own = "AArch64";
#endif
	char cc[4200], script[8400], cc_env[4300], want[4400];
	struct tmp_env e;
	struct run r;
	FILE *f;

	setup_fixture("subdirs");
	snprintf(cc, sizeof cc, "%s/foreign-cc", tmp);
	snprintf(script, sizeof script,
		 "#!/bin/sh\n# the configured compiler, then its objects marked for another machine\n"
		 "%s \"$@\" || exit $?\nout=; prev=\nfor a; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
		 "case $out in *.o) printf '%s' | dd of=\"$out\" bs=1 seek=18 conv=notrunc 2>/dev/null ;; esac\n",
		 HP_CC, other);
	f = fopen(cc, "w");
	ck_assert_ptr_nonnull(f);
	fputs(script, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(cc, 0755), 0);
	snprintf(cc_env, sizeof cc_env, "CC=%s", cc);
	tmp_env(&e, NULL);
	e.changes[3] = cc_env;
	run_capture(&r, HP_HASHPROF, (const char *const[]){ "build", pkg, "--output-dir", out_dir, NULL }, e.changes);
	run_expect_status(&r, 2);
	snprintf(want, sizeof want, "was compiled for %s, but this hashprof runs on %s", other_name, own);
	expect_in(&r, r.err, want);
	expect_in(&r, r.err, cc);
	/* nothing was linked: the instance is not there */
	snprintf(want, sizeof want, "%s/FIX-SUB-128.so", out_dir);
	ck_assert_int_ne(access(want, F_OK), 0);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A Makefile whose dry run fails: its first error is shown, and what it
 * made the build guess. */
START_TEST(test_make_failure)
{
	struct run r;
	const char *last;

	/* the build then fails: without the Makefile's flags nothing compiles */
	setup_fixture("subdirs");
	append_to("Makefile", "ifeq (\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "hashprof build: warning: the Makefile's dry run failed: make -n exited with status 2 "
		  "(Makefile:24: *** invalid syntax in conditional.  Stop.); the build used none of the "
		  "Makefile's flags (-D, -I, -l)\n");
	expect_in(&r, r.err,
		  "hashprof build: warning: the instance is named subdirs after its folder (a fallback): "
		  "could not expand ALGORITHM_INSTANCE (");
	/* the failure itself is still the last line */
	last = strstr(r.err, "hashprof: build subdirs failed: ");
	ck_assert_ptr_nonnull(last);
	ck_assert_ptr_eq(strchr(last, '\n'), r.err + r.err_len - 1);
	run_free(&r);
	teardown_fixture();

	/* the build works without them: a note with the same first error */
	setup_fixture("kat");
	write_to("Makefile", "ifeq (\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    make -n exited with status 2 (Makefile:1: *** invalid syntax in conditional.  "
		  "Stop.); using what it printed\n");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/*
 * A Makefile that sets the parameter set (-DTOY_ROUNDS=10) and ends with
 * an include of a file it does not ship (make-broken/): make -n exits 2
 * before printing a command, and the instance built is the header's
 * default set (50 rounds).  The build goes on but marks the instance:
 * the mark is in the build's warnings, `list --long`, every row's notes
 * and the campaign's page.  With config.mk there, no mark and 10 rounds.
 */
#define UNCERTAIN                                                                                     \
	"flags uncertain: make -n exited 2 (Makefile:15: config.mk: No such file or directory), the " \
	"build used none of the Makefile's flags"
static void expect_sign_rounds(int rounds, int marked)
{
	json_t *doc = profile(out_dir, "FIX-ROUNDS", NULL), *row;
	char t[4096], want[128];
	size_t i;

	call_table(row_of(doc, "sign"), t, sizeof t);
	/* N_STR (5) signatures: the first pseudoXOF over pk || m, the others over 256 bits */
	snprintf(want, sizeof want, "pseudoXOF 256 256 %d 0\npseudoXOF 768 256 5 0\n", 5 * (rounds - 1));
	ck_assert_msg(!strcmp(t, want), "sign calls:\n%s", t);
	json_array_foreach(json_object_get(doc, "rows"), i, row)
		ck_assert_msg(row_has_note(row, "build warning: " UNCERTAIN) == marked, "row %zu: mark %s", i,
			      marked ? "missing" : "present");
	json_decref(doc);
}

START_TEST(test_flags_uncertain)
{
	struct run r;
	char camp[8400];

	setup_fixture("make-broken");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.err, "hashprof build: warning: " UNCERTAIN "\n");
	run_free(&r);
	HASHPROF(&r, out_dir, "list", "--long");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "    warning:  " UNCERTAIN "\n");
	run_free(&r);
	expect_sign_rounds(50, 1);
	snprintf(camp, sizeof camp, "%s/camp", tmp);
	HASHPROF(&r, NULL, "campaign", pkg, "-o", camp, "-n", "3");
	run_expect_status(&r, 0);
	run_free(&r);
	shell("grep -F -q \"" UNCERTAIN "\" \"$1\"/../camp/pages/*.md");
	/* the file there: the Makefile's flags, no mark */
	write_to("config.mk", "# nothing more\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	ck_assert_msg(!strstr(r.err, "flags uncertain"), "%s", r.err);
	expect_in(&r, r.out, "  make -n: -DTOY_ROUNDS=10\n");
	run_free(&r);
	expect_sign_rounds(10, 0);
	teardown_fixture();
}
END_TEST

/* A package folder whose path holds a '"': the name
 * probe, the compilers, the KAT and the metadata take it as it is. */
START_TEST(test_quote_in_path)
{
	struct run r;
	char dir[sizeof tmp + 16], moved[sizeof dir + 8], origin[sizeof pkg + 32];

	setup_fixture("kat");
	snprintf(dir, sizeof dir, "%s/say \"hi\"", tmp);
	snprintf(moved, sizeof moved, "%s/kat", dir);
	ck_assert_int_eq(mkdir(dir, 0777), 0);
	ck_assert_int_eq(rename(pkg, moved), 0);
	snprintf(pkg, sizeof pkg, "%s", moved);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-KAT (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "KAT:     pass");
	run_free(&r);
	HASHPROF(&r, out_dir, "list", "--long");
	run_expect_status(&r, 0);
	snprintf(origin, sizeof origin, "    origin:   %s\n", pkg);
	expect_in(&r, r.out, origin);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A tree whose instance folders sit at different depths: every one
 * counted (not only the shallowest), the middle of a deep path left out
 * unless two would then read the same, the path to build shell-quoted;
 * a folder above exactly one instance folder that holds all its sources
 * (a package's root, kat-output/) refused as well, naming the folder to
 * build; nothing built. */
START_TEST(test_folder_of_folders)
{
	char dir[8400];
	struct run r;

	setup_fixture("kat");
	shell("cd \"$1\"/.. && mkdir -p 'tree/a b/Implementations/Reference_Implementation' "
	      "'tree/a b/Implementations/Optimized_Implementation' tree/c/Reference_Implementation && "
	      "cp -R kat 'tree/a b/Implementations/Reference_Implementation/X' && "
	      "cp -R kat 'tree/a b/Implementations/Optimized_Implementation/X' && "
	      "cp -R kat tree/c/Reference_Implementation/Y && cp -R kat tree/z");
	snprintf(dir, sizeof dir, "%s/tree", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "/tree holds 4 instance folders (a b/Implementations/Optimized_Implementation/X/, "
		  "a b/Implementations/Reference_Implementation/X/, c/.../Y/, z/): build one of them, e.g. "
		  "hashprof build '");
	expect_in(&r, r.err, "/tree/a b/Implementations/Optimized_Implementation/X'\n");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	run_free(&r);
	/* the package folder above one instance folder */
	snprintf(dir, sizeof dir, "%s/tree/c", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "/tree/c is not an instance folder but holds one, Reference_Implementation/Y/, with every "
		  "source: build that one, e.g. hashprof build ");
	expect_in(&r, r.err, "/tree/c/Reference_Implementation/Y\n");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
	run_free(&r);
	/* ... also with a file that is no source beside it (a README) */
	shell("cd \"$1\"/.. && echo readme > tree/c/README.md && cp -RL '" HP_FIXTURES "/kat-output' .");
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "holds one, Reference_Implementation/Y/, with every source");
	run_free(&r);
	snprintf(dir, sizeof dir, "%s/kat-output", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "/kat-output is not an instance folder but holds one, FIX-OUT/, with every source");
	run_free(&r);
	snprintf(dir, sizeof dir, "%s/FIX-KAT.so", out_dir);
	ck_assert_int_ne(access(dir, F_OK), 0);
	snprintf(dir, sizeof dir, "%s/FIX-OUT.so", out_dir);
	ck_assert_int_ne(access(dir, F_OK), 0);
	/* the instance folder itself builds */
	snprintf(dir, sizeof dir, "%s/tree/c/Reference_Implementation/Y", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* Adapters named after the instance (SIG_FIX-REN.c/.h, as real Round-1
 * packages have them; ngcc-api.md) are adapters too: a folder of two
 * such instance folders, and the package folder above one, are refused
 * as with SIG_AlgorithmInstance.h (naming them, nothing built); the
 * instance folder itself builds, its kind from the renamed header. */
START_TEST(test_renamed_adapters)
{
	char dir[8400];
	struct run r;

	setup_fixture("kat");
	/* our kat fixture with its adapter renamed SIG_FIX-REN.{c,h} */
	shell("cd \"$1\" && mv SIG_AlgorithmInstance.c SIG_FIX-REN.c && mv SIG_AlgorithmInstance.h SIG_FIX-REN.h && "
	      "sed -i 's/SIG_AlgorithmInstance\\.h/SIG_FIX-REN.h/' *.c && cd .. && "
	      "mkdir -p ren/RI pkg/Implementations/Reference_Implementation && "
	      "cp -R kat ren/RI/FIX-REN-A && cp -R kat ren/RI/FIX-REN-B && "
	      "cp -R kat pkg/Implementations/Reference_Implementation/FIX-REN");
	snprintf(dir, sizeof dir, "%s/ren/RI", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "/ren/RI holds 2 instance folders (FIX-REN-A/, FIX-REN-B/): build one of them, e.g. hashprof build ");
	expect_in(&r, r.err, "/ren/RI/FIX-REN-A\n");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	snprintf(dir, sizeof dir, "%s/pkg", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "/pkg is not an instance folder but holds one, Implementations/Reference_Implementation/FIX-REN/, "
		  "with every source: build that one, e.g. hashprof build ");
	expect_in(&r, r.err, "/pkg/Implementations/Reference_Implementation/FIX-REN\n");
	run_free(&r);
	snprintf(dir, sizeof dir, "%s/FIX-KAT.so", out_dir);
	ck_assert_int_ne(access(dir, F_OK), 0);
	/* the instance folder builds, with the kind its header's name says */
	snprintf(dir, sizeof dir, "%s/ren/RI/FIX-REN-B", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-KAT (ALGORITHM_INSTANCE in SIG_FIX-REN.h)\n");
	expect_in(&r, r.out, "  kind:    sig (SIG_FIX-REN.h)\n");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* An API function no source defines (the adapter's source is missing):
 * one failure line that names it and the log, no "command: -" (no
 * command failed), and no retry with the permissive flags, which compile
 * the same sources. */
START_TEST(test_missing_api_function)
{
	struct run r;
	char objs[8400];

	setup_fixture("kat");
	shell("rm \"$1\"/SIG_AlgorithmInstance.c");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "hashprof: build FIX-KAT failed: no object defines sig_get_pk_len_bytes, part of the sig API (is "
		  "the adapter SIG_AlgorithmInstance.c missing, or did it not compile?) (full log: ");
	expect_in(&r, r.err, "/.hashprof-build/FIX-KAT/build.log)\n");
	ck_assert_msg(!strstr(r.err, "command:"), "%s", r.err);
	ck_assert_msg(!strstr(r.out, "permissive"), "%s", r.out);
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	run_free(&r);
	snprintf(objs, sizeof objs, "%s/.hashprof-build/FIX-KAT/objs-permissive", out_dir);
	ck_assert_int_ne(access(objs, F_OK), 0);
	teardown_fixture();
}
END_TEST

/* The same with the adapter named after the instance (SIG_FIX-REN.h, its
 * SIG_FIX-REN.c missing): the message names the package's own file, not
 * the API's SIG_AlgorithmInstance.c, which this package never had. */
START_TEST(test_missing_renamed_adapter)
{
	struct run r;

	setup_fixture("kat");
	shell("cd \"$1\" && rm SIG_AlgorithmInstance.c && mv SIG_AlgorithmInstance.h SIG_FIX-REN.h && "
	      "sed -i 's/SIG_AlgorithmInstance\\.h/SIG_FIX-REN.h/' *.c");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "hashprof: build FIX-KAT failed: no object defines sig_get_pk_len_bytes, part of the sig API (is "
		  "the adapter SIG_FIX-REN.c missing, or did it not compile?) (full log: ");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A build does not silently replace an instance of the same name that
 * another package folder made in the output folder: refused (exit 2,
 * both folders named, the old instance kept); with --force replaced,
 * with a warning naming both; when the old folder is gone (a moved
 * package), replaced with that warning. */
START_TEST(test_replace_other_folder)
{
	char other[4300], so[4300], origin[4400], line[16000];
	struct run r;
	struct stat before, after;

	setup_fixture("kat");
	snprintf(other, sizeof other, "%s/other-kat", tmp);
	shell("cp -R \"$1\" \"$1\"/../other-kat");
	snprintf(so, sizeof so, "%s/FIX-KAT.so", out_dir);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	run_free(&r);
	ck_assert_int_eq(stat(so, &before), 0);
	HASHPROF(&r, NULL, "build", other, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	snprintf(line, sizeof line,
		 "hashprof: build FIX-KAT refused: %s is the instance FIX-KAT built from %s; building %s would "
		 "replace it: give --force to replace it, or --name NAME or --output-dir DIR to keep both\n",
		 so, pkg, other);
	ck_assert_str_eq(r.err, line);
	ck_assert_str_eq(r.out, "");
	run_free(&r);
	ck_assert_int_eq(stat(so, &after), 0);
	ck_assert_int_eq(before.st_ino, after.st_ino); /* not replaced */
	/* the same folder again: up to date, no question asked */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-KAT: up to date");
	run_free(&r);
	/* --force replaces it, saying so */
	HASHPROF(&r, NULL, "build", other, "--output-dir", out_dir, "--force");
	run_expect_status(&r, 0);
	snprintf(line, sizeof line, "hashprof build: warning: replacing FIX-KAT built from %s with the one from %s\n",
		 pkg, other);
	expect_in(&r, r.err, line);
	run_free(&r);
	HASHPROF(&r, out_dir, "list", "--long");
	snprintf(origin, sizeof origin, "    origin:   %s\n", other);
	expect_in(&r, r.out, origin);
	run_free(&r);
	/* the package moved away: nothing to keep it for, replaced with a warning */
	shell("rm -r \"$1\"/../other-kat");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	snprintf(line, sizeof line,
		 "hashprof build: warning: replacing FIX-KAT built from %s (a folder no longer there) with the one "
		 "from %s\n",
		 other, pkg);
	expect_in(&r, r.err, line);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A scheme that hashes through OpenSSL (EVP_Digest, SHA256; -lcrypto) as
 * well as through the helpers: the survey names the library hashing, the
 * verdict is not "ICCS-only", and `list --long` and every row's notes say
 * that the hash share leaves it out.  The ICCS files' own OpenSSL calls
 * (EVP_sm3 in auxfunc.c) are the helpers' and not counted. */
START_TEST(test_library_hashing)
{
	static const char lib_note[] =
		"hashes outside the helpers: SHA256, EVP_sha256, EVP_Digest (libcrypto) in SIG_AlgorithmInstance.c "
		"\u2014 not counted in the hash share";
	char line[512];
	struct run r;
	json_t *doc, *row;
	size_t i;

	setup_fixture("kat");
	append_to("SIG_AlgorithmInstance.c", "\n/* test_build.c: hashing through OpenSSL, beside the helpers */\n"
					     "#include <openssl/evp.h>\n#include <openssl/sha.h>\n"
					     "int fix_lib_hash(const unsigned char *m, size_t n, unsigned char *out);\n"
					     "int fix_lib_hash(const unsigned char *m, size_t n, unsigned char *out)\n"
					     "{\n\tunsigned int len = 0;\n\tSHA256(m, n, out);\n"
					     "\treturn !EVP_Digest(m, n, out, &len, EVP_sha256(), NULL);\n}\n");
	append_to("auxfunc.c", "\n/* test_build.c: the ICCS file's own OpenSSL */\n#include <openssl/evp.h>\n"
			       "const void *fix_iccs_md(void);\nconst void *fix_iccs_md(void) { return EVP_sm3(); }\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  survey:  mixed \u2014 library hashing: SHA256, EVP_sha256, EVP_Digest (libcrypto) in "
		  "SIG_AlgorithmInstance.c; beside ");
	snprintf(line, sizeof line, "  note:    %s\n", lib_note);
	expect_in(&r, r.out, line);
	ck_assert_msg(!strstr(r.out, "ICCS-only"), "%s", r.out);
	ck_assert_msg(!strstr(r.out, "EVP_sm3"), "%s", r.out); /* auxfunc.c's */
	run_free(&r);
	HASHPROF(&r, out_dir, "list", "--long");
	run_expect_status(&r, 0);
	snprintf(line, sizeof line, "    note:     %s\n", lib_note);
	expect_in(&r, r.out, line);
	run_free(&r);
	doc = profile(out_dir, "FIX-KAT", "sign");
	json_array_foreach(json_object_get(doc, "rows"), i, row)
	{
		snprintf(line, sizeof line, "survey: %s", lib_note);
		ck_assert_msg(row_has_note(row, line), "row %zu lacks the library-hashing note", i);
		ck_assert_msg(row_has_note(row, "survey: mixed \u2014 library hashing: "), "row %zu: verdict", i);
	}
	json_decref(doc);
	teardown_fixture();
}
END_TEST

START_TEST(test_bad_input)
{
	struct run r;
	char recipe[8400];
	FILE *f;

	setup_fixture("kat");
	HASHPROF(&r, NULL, "build");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "missing DIR");
	run_free(&r);
	HASHPROF(&r, NULL, "build", "/nonexistent/package");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "not a folder");
	run_free(&r);
	/* a folder of instance folders: refused, listing them (8 at most), nothing built */
	HASHPROF(&r, NULL, "build", HP_FIXTURES, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	/* (how many: the fixtures grow; the count itself is checked on the
	 * small tree of test_folder_of_folders) */
	expect_in(&r, r.err, "/tests/fixtures holds ");
	expect_in(&r, r.err, " instance folders (campaign/.../FIX-CAMP-CRLF/, campaign/.../FIX-CAMP-KEM-128/, ");
	/* as many as the line has room for beside the source tree's path */
	expect_in(&r, r.err, ", ...): build one of them, e.g. hashprof build ");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	ck_assert_msg(strstr(r.err, "/tests/fixtures/campaign/kem-crlf/Reference_Implementation/FIX-CAMP-CRLF\n") !=
			      NULL,
		      "%s", r.err);
	run_free(&r);
	/* --kat-timeout without --kat: refused, not a silent limit of nothing */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat-timeout", "5");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "build: --kat-timeout applies to the KAT program, which only --kat runs");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1); /* one line */
	run_free(&r);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat", "--kat-timeout", "-1");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "--kat-timeout: '-1' is not a number of seconds from 0 to 86400 (0: no limit)");
	run_free(&r);
	HASHPROF(&r, NULL, "build", pkg, "--name", "bad name!");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "--name");
	run_free(&r);
	snprintf(recipe, sizeof recipe, "%s/bad.recipe", tmp);
	f = fopen(recipe, "w");
	ck_assert_ptr_nonnull(f);
	fputs("name = OK\nsource = *.c\n", f);
	ck_assert_int_eq(fclose(f), 0);
	HASHPROF(&r, NULL, "build", pkg, "--recipe", recipe, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "bad.recipe:2: unknown key 'source'");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* ---------- interruption ---------- */

/* The pid a program of the package wrote into path ("PID\n"), and the
 * hashprof (hp) that must not end before it is there. */
struct pid_file {
	const char *path;
	pid_t hp, pid;
};

/* Is the pid in f->path (then in f->pid)?  Fails when f->hp has ended. */
static int pid_written(const void *arg)
{
	struct pid_file *f = (struct pid_file *)arg;
	FILE *in = fopen(f->path, "r");
	long pid = 0;
	char nl = 0;
	int st;

	if (in) {
		int got = fscanf(in, "%ld%c", &pid, &nl);
		fclose(in);
		if (got == 2 && nl == '\n' && pid > 1) {
			f->pid = (pid_t)pid;
			return 1;
		}
	}
	ck_assert_msg(!run_ended(f->hp, &st), "hashprof ended (status %d) before its child started", st);
	return 0;
}

/* Signal sig to a build while its child (pid in pid_path, where %ld is
 * hashprof's pid) runs: hashprof exits with 128 + sig (SIGKILL: it is
 * killed, no handler runs) and the child is gone (checked for up to 10 s,
 * a generous wait: it is killed at once).  hashprof runs with args
 * (NULL-terminated) in the environment of run_in_tmp, its output into
 * tmp/bg.log. */
static void expect_interrupt_kills(const char *const *args, const char *pid_path, int sig)
	__attribute__((format(printf, 2, 0)));
static void expect_interrupt_kills(const char *const *args, const char *pid_path, int sig)
{
	if (sig == SIGKILL && skip_under_emulation("the build's children after a kill -9"))
		return;
	struct tmp_env e;
	struct run_bg bg;
	struct pid_file pf = { NULL, 0, 0 };
	char log[4200], path[8400];
	pid_t child;
	int st, gone;

	snprintf(log, sizeof log, "%s/bg.log", tmp);
	run_start(&bg, HP_HASHPROF, args, tmp_env(&e, NULL), RUN_TO_FILE, log);
	snprintf(path, sizeof path, pid_path, (long)bg.pid);
	pf.path = path;
	pf.hp = bg.pid;
	/* two minutes: a bound for a slow machine, never reached otherwise */
	if (!run_wait_until(pid_written, &pf, 120))
		ck_abort_msg("no pid in %s after 120 s", pid_path);
	child = pf.pid;
	ck_assert_int_eq(kill(bg.pid, sig), 0);
	st = run_wait(bg.pid, 120);
	gone = run_wait_gone(child, 10);
	if (!gone) {
		/* do not leave it behind: its group (the KAT program's, make's) */
		pid_t g = getpgid(child);
		if (g > 1 && g != getpgrp())
			kill(-g, SIGKILL);
		kill(child, SIGKILL);
	}
	if (!gone || st != (sig == SIGKILL ? -1 : 128 + sig)) {
		char line[4096];
		FILE *f;
		fprintf(stderr, "--- hashprof's output:\n");
		if ((f = fopen(log, "r"))) {
			while (fgets(line, sizeof line, f))
				fputs(line, stderr);
			fclose(f);
		}
	}
	ck_assert_msg(gone, "the build's child %ld outlived the build killed by SIG%s", (long)child, sigabbrev_np(sig));
	if (sig == SIGKILL)
		ck_assert_msg(st == -1, "hashprof: exit status %d, want killed by SIGKILL", st);
	else
		ck_assert_msg(st == 128 + sig, "hashprof: exit status %d, want %d", st, 128 + sig);
}

/* In a copy of the kat fixture, replace rel with text, in which the child
 * writes its pid into child.pid of its working folder, a scratch folder
 * of the build (the only place it may write: docs/safety.md), below
 * OUT/.hashprof-build/ at where (%ld: hashprof's pid); then send sig to
 * `hashprof build` with args while that child runs. */
static void interrupt_case(const char *rel, const char *text, const char *where, const char *const *args, int sig)
{
	char pid_path[8400];

	setup_fixture("kat");
	write_to(rel, text);
	snprintf(pid_path, sizeof pid_path, "%s/.hashprof-build/%s/child.pid", out_dir, where);
	expect_interrupt_kills(args, pid_path, sig);
	teardown_fixture();
}

/* A KAT program that writes its pid, then runs (far) past any wait of the
 * test; --kat-timeout does not come into it.  It runs in
 * OUT/.hashprof-build/FIX-KAT/kat/box/1/2/3/4/5/6/7/8/run (kat.c). */
#define HANGING_KAT                                                      \
	"/* a KAT program that hangs (test_build.c) */\n"                \
	"#include <stdio.h>\n#include <unistd.h>\n#include \"drng.h\"\n" \
	"DRNG_ctx drng_algorithm;\n"                                     \
	"int main(void)\n{\n"                                            \
	"\tFILE *f = fopen(\"child.pid\", \"w\");\n"                     \
	"\tif (!f)\n\t\treturn 1;\n"                                     \
	"\tfprintf(f, \"%ld\\n\", (long)getpid());\n"                    \
	"\tfclose(f);\n"                                                 \
	"\tfor (int i = 0; i < 600; i++)\n\t\tusleep(100000);\n"         \
	"\treturn 0;\n}\n"

/* A Makefile that never ends (its dry run evaluates an endless
 * $(shell ...)): --build-timeout stops the whole build, named, exit 2; the
 * test waits on the process's exit, bounded far above the 2 s. */
START_TEST(test_build_timeout)
{
	struct tmp_env e;
	struct run_bg bg;
	char buf[8192];
	int st;

	setup_fixture("subdirs");
	append_to("Makefile", "\n# never ends (test_build.c)\nHANG := $(shell while :; do sleep 1; done)\n");
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "build", pkg, "--output-dir", out_dir, "--build-timeout=2", NULL },
		  tmp_env(&e, NULL), RUN_MERGED, NULL);
	st = run_finish(&bg, buf, sizeof buf, 120);
	ck_assert_msg(st == 2, "exit %d: %s", st, buf);
	ck_assert_msg(strstr(buf, "build stopped: --build-timeout: the build took longer than 2 s (make was running: "
				  "killed)"),
		      "%s", buf);
	/* the default is campaign's, said in both helps */
	struct run r;
	HASHPROF(&r, NULL, "build", "--help");
	expect_in(&r, r.out, "--build-timeout=S  seconds the whole build may take");
	expect_in(&r, r.out, "(default 3600; 0: no limit)");
	run_free(&r);
	HASHPROF(&r, NULL, "campaign", "--help");
	expect_in(&r, r.out, "--build-timeout=S  seconds one hashprof build may take (default 3600)");
	run_free(&r);
	teardown_fixture();
}
END_TEST

START_TEST(test_interrupt_kat)
{
	interrupt_case(
		"KAT_SIG.c", HANGING_KAT, "FIX-KAT/kat/box/1/2/3/4/5/6/7/8/run",
		(const char *const[]){ "build", pkg, "--output-dir", out_dir, "--kat", "--kat-timeout", "600", NULL },
		SIGTERM);
}
END_TEST

/* hashprof killed outright (SIGKILL: no handler runs, nobody kills the
 * KAT program's process group): the KAT program dies with it
 * (PR_SET_PDEATHSIG), not left running with parent 1. */
START_TEST(test_kill_kat)
{
	interrupt_case(
		"KAT_SIG.c", HANGING_KAT, "FIX-KAT/kat/box/1/2/3/4/5/6/7/8/run",
		(const char *const[]){ "build", pkg, "--output-dir", out_dir, "--kat", "--kat-timeout", "600", NULL },
		SIGKILL);
}
END_TEST

/* The Makefile's dry run (make -n) evaluates a slow $(shell ...), in the
 * scratch copy OUT/.hashprof-build/.tmp-PID/make-copy/kat. */
START_TEST(test_interrupt_make)
{
	interrupt_case("Makefile",
		       "# make -n evaluates this while it reads the Makefile (test_build.c)\n"
		       "SLOW := $(shell echo $$$$ > child.pid; exec sleep 60)\n"
		       "all:\n\t@:\n",
		       ".tmp-%ld/make-copy/kat", (const char *const[]){ "build", pkg, "--output-dir", out_dir, NULL },
		       SIGTERM);
}
END_TEST

/* hashprof killed outright while the Makefile's dry run evaluates a
 * $(shell ...) that waits for a sleep in the background (a grandchild of
 * make, in its process group): the sleep goes with it.  (The shell waits
 * for the sleep: killing the sleep when it outlived hashprof ends both.) */
START_TEST(test_kill_make_background)
{
	interrupt_case("Makefile",
		       "# make -n evaluates this while it reads the Makefile (test_build.c)\n"
		       "SLOW := $(shell sleep 300 & echo $$! > child.pid; wait)\n"
		       "all:\n\t@:\n",
		       ".tmp-%ld/make-copy/kat", (const char *const[]){ "build", pkg, "--output-dir", out_dir, NULL },
		       SIGKILL);
}
END_TEST

/* The same, but the sleep leaves make's process group and session
 * (setsid, which the confinement forbids: unconfined). */
START_TEST(test_kill_make_setsid)
{
	interrupt_case("Makefile",
		       "# make -n evaluates this while it reads the Makefile (test_build.c)\n"
		       "SLOW := $(shell setsid sleep 300 & echo $$! > child.pid; wait)\n"
		       "all:\n\t@:\n",
		       ".tmp-%ld/make-copy/kat",
		       (const char *const[]){ "build", pkg, "--output-dir", out_dir, "--no-confine", NULL }, SIGKILL);
}
END_TEST

/* A KAT program that prints: what it writes (its standard output, its
 * files) is compared, then removed from the build folder; one that writes
 * more to a file than four times the shipped vectors (at least 64 MiB) is
 * stopped by the confinement ("blocked: file size"), the build with it. */
START_TEST(test_kat_output_bounded)
{
	struct run r;
	char path[8400];
	struct stat st;

	setup_fixture("kat");
	append_to("KAT_SIG.c", "\n/* prints (test_build.c) */\n#include <stdio.h>\n#include <stdlib.h>\n"
			       "__attribute__((constructor)) static void hp_test_prints(void)\n{\n"
			       "\tconst char *n = getenv(\"HP_TEST_KAT_PRINT_MIB\");\n"
			       "\tstatic char mib[1 << 20];\n"
			       "\tfor (long i = n ? atol(n) : 1; i > 0; i--)\n"
			       "\t\tif (fwrite(mib, 1, sizeof mib, stdout) != sizeof mib)\n\t\t\tbreak;\n}\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-KAT.txt matches Test_Vectors/KAT_SIG_FIX-KAT.txt)");
	run_free(&r);
	snprintf(path, sizeof path, "%s/.hashprof-build/FIX-KAT/kat/stdout.txt", out_dir);
	ck_assert_msg(stat(path, &st) != 0, "%s stays after the build", path);
	snprintf(path, sizeof path, "%s/.hashprof-build/FIX-KAT/kat/box", out_dir);
	ck_assert_msg(stat(path, &st) != 0, "%s stays after the build", path);
	{
		struct tmp_env e;
		const char *const *env = tmp_env(&e, NULL);
		const char *with[16];
		size_t k = 0;
		while (env[k] && k < 14) {
			with[k] = env[k];
			k++;
		}
		with[k++] = "HP_TEST_KAT_PRINT_MIB=65";
		with[k] = NULL;
		run_capture(&r, HP_HASHPROF,
			    (const char *const[]){ "build", pkg, "--output-dir", out_dir, "--kat", "--force", NULL },
			    with);
	}
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "blocked: file size: the KAT program wrote more than 64 MiB to a file");
	run_free(&r);
	snprintf(path, sizeof path, "%s/.hashprof-build/FIX-KAT/kat/stdout.txt", out_dir);
	ck_assert_msg(stat(path, &st) != 0, "%s stays after the build: %lld bytes", path, (long long)st.st_size);
	teardown_fixture();
}
END_TEST

/* A KAT program held until the test says go: before its main it writes
 * its pid into child.pid of its working folder, then waits for a file "go"
 * there (every 10 ms).  Never told, it runs past any limit. */
#define HELD_KAT                                                                            \
	"\n/* held until told (test_build.c) */\n#include <stdio.h>\n#include <unistd.h>\n" \
	"__attribute__((constructor)) static void hp_test_held(void)\n{\n"                  \
	"\tFILE *f = fopen(\"child.pid\", \"w\");\n"                                        \
	"\tif (f) {\n\t\tfprintf(f, \"%ld\\n\", (long)getpid());\n\t\tfclose(f);\n\t}\n"    \
	"\twhile (access(\"go\", F_OK) != 0)\n\t\tusleep(10000);\n"                         \
	"\tunlink(\"go\");\n\tunlink(\"child.pid\");\n}\n"

/* Where the held KAT program runs (kat.c's sandbox), and its files there. */
#define HELD_KAT_RUN "%s/.hashprof-build/FIX-KAT/kat/box/1/2/3/4/5/6/7/8/run/%s"

/* `hashprof build PKG --output-dir OUT --kat --kat-timeout limit [--force]`
 * with the held KAT program, in the background: once the program runs
 * (its pid written; two minutes, a bound for a slow machine), it is alive,
 * and the test says go when told_go; returns hashprof's exit status, its
 * output in *log_text (malloc'ed); *kat the KAT program's pid. */
static int held_kat_build(const char *limit, int force, int told_go, pid_t *kat, char **log_text)
{
	const char *args[] = { "build",         pkg,   "--output-dir",           out_dir, "--kat",
			       "--kat-timeout", limit, force ? "--force" : NULL, NULL };
	struct tmp_env e;
	struct run_bg bg;
	struct pid_file pf = { NULL, 0, 0 };
	char log[4200], pid_path[8400], go[8400];
	int st;
	FILE *f;

	snprintf(log, sizeof log, "%s/bg.log", tmp);
	snprintf(pid_path, sizeof pid_path, HELD_KAT_RUN, out_dir, "child.pid");
	snprintf(go, sizeof go, HELD_KAT_RUN, out_dir, "go");
	unlink(pid_path); /* a former run's */
	run_start(&bg, HP_HASHPROF, args, tmp_env(&e, NULL), RUN_TO_FILE, log);
	pf.path = pid_path;
	pf.hp = bg.pid;
	if (!run_wait_until(pid_written, &pf, 120))
		ck_abort_msg("no pid in %s after 120 s", pid_path);
	*kat = pf.pid;
	ck_assert_msg(run_alive(pf.pid), "the held KAT program %ld ended untold", (long)pf.pid);
	if (told_go) {
		ck_assert_ptr_nonnull(f = fopen(go, "w"));
		fclose(f);
	}
	st = run_wait(bg.pid, 120);
	*log_text = NULL;
	if ((f = fopen(log, "r"))) {
		size_t n = 0, got;
		char buf[4096];
		while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
			char *grown = realloc(*log_text, n + got + 1);
			ck_assert_ptr_nonnull(grown);
			memcpy(grown + n, buf, got);
			n += got;
			grown[n] = '\0';
			*log_text = grown;
		}
		fclose(f);
	}
	ck_assert_ptr_nonnull(*log_text);
	return st;
}

/* --kat-timeout (trial, items 11 and 12), with no assumption on the
 * machine's speed: a KAT program held until the test says go passes a
 * limit of 60 s and no limit (0), however long the machine takes to start
 * it; never told, it is stopped at a limit of 1 s and the gate says so;
 * the limit is no input of the build (a new one rebuilds nothing); a KAT
 * program a signal ends is said to be, by the signal's name. */
START_TEST(test_kat_timeout)
{
	struct run r;
	pid_t kat;
	char *out;

	setup_fixture("kat");
	append_to("KAT_SIG.c", HELD_KAT);
	ck_assert_int_eq(held_kat_build("60", 0, 1, &kat, &out), 0);
	ck_assert_msg(strstr(out, "KAT:     pass (KAT_SIG_FIX-KAT.txt matches Test_Vectors/KAT_SIG_FIX-KAT.txt)"), "%s",
		      out);
	free(out);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat", "--kat-timeout", "7");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-KAT: up to date");
	run_free(&r);
	/* never told: stopped at the limit, and gone */
	ck_assert_int_eq(held_kat_build("1", 1, 0, &kat, &out), 1);
	ck_assert_msg(strstr(out, "KAT:     fail (KAT_SIG.c did not finish within 1 s"), "%s", out);
	free(out);
	ck_assert_msg(run_wait_gone(kat, 10), "the KAT program %ld outlived its time limit", (long)kat);
	ck_assert_int_eq(held_kat_build("0", 1, 1, &kat, &out), 0);
	ck_assert_msg(strstr(out, "KAT:     pass (KAT_SIG_FIX-KAT.txt matches"), "%s", out);
	free(out);
	teardown_fixture();
	/* killed by a signal: named, not "exited with status 139" */
	setup_fixture("kat");
	append_to("KAT_SIG.c", "\n#include <signal.h>\n"
			       "__attribute__((constructor)) static void hp_test_crash(void) { raise(SIGSEGV); }\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "KAT:     fail (KAT_SIG.c was killed by SIGSEGV (log ");
	run_free(&r);
	teardown_fixture();
}
END_TEST

static Suite *build_suite(void)
{
	Suite *s = suite_create("build");
	TCase *tc = tcase_create("fixtures");

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown_fixture);
	tcase_add_test(tc, test_subdirs);
	tcase_add_test(tc, test_published_name_of_build);
	tcase_add_test(tc, test_drng_own);
	tcase_add_test(tc, test_same_tu);
	tcase_add_test(tc, test_lto);
	tcase_add_test(tc, test_no_helpers);
	tcase_add_test(tc, test_recipe);
	tcase_add_test(tc, test_name_with_plus);
	tcase_add_test(tc, test_compile_failure);
	tcase_add_test(tc, test_make_failure);
	tcase_add_test(tc, test_flags_uncertain);
	tcase_add_test(tc, test_foreign_compiler);
	tcase_add_test(tc, test_quote_in_path);
	tcase_add_test(tc, test_bad_input);
	tcase_add_test(tc, test_folder_of_folders);
	tcase_add_test(tc, test_renamed_adapters);
	tcase_add_test(tc, test_missing_renamed_adapter);
	tcase_add_test(tc, test_missing_api_function);
	tcase_add_test(tc, test_replace_other_folder);
	tcase_add_test(tc, test_library_hashing);
	tcase_add_test(tc, test_build_timeout);
	tcase_add_test(tc, test_interrupt_make);
	tcase_add_test(tc, test_kill_make_background);
	tcase_add_test(tc, test_kill_make_setsid);
	suite_add_tcase(s, tc);
	/* the KAT gate (--kat), a case of its own */
	tc = tcase_create("kat");
	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown_fixture);
	tcase_add_test(tc, test_kat);
	tcase_add_test(tc, test_kat_program_broken);
	tcase_add_test(tc, test_kat_fail_up_to_date);
	tcase_add_test(tc, test_kat_timeout);
	tcase_add_test(tc, test_kat_output_bounded);
	tcase_add_test(tc, test_interrupt_kat);
	tcase_add_test(tc, test_kill_kat);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(build_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
