/*
 * test_shapes.c - `hashprof build` and the drivers on the shapes of the
 * public Round-1 packages, one fixture each, written
 * for these tests (tests/fixtures/README.md): each shape is built, its
 * KAT checked where the fixture ships vectors, and profiled with exact
 * calls per operation, or refused with its one-line reason.  The helpers
 * are build_util.c's.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "build_util.h"
#include "capture.h"

/* Assert the call table of every operation of a profile: ops[i] with
 * want[i] (call_table's text for -n 5), and no other row. */
static void expect_calls(json_t *doc, const char *const *ops, const char *const *want, size_t n)
{
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), n);
	for (size_t i = 0; i < n; i++) {
		char t[4096];
		call_table(row_of(doc, ops[i]), t, sizeof t);
		ck_assert_msg(!strcmp(t, want[i]), "%s calls:\n%s\nwant:\n%s", ops[i], t, want[i]);
	}
}

/* ---------- key exchanges of 4 and 5 passes ---------- */

/* What each step of FIX-KEX4/FIX-KEX5 calls in 5 operations (the call
 * pattern of tests/fixtures/kex-passes/KEX_AlgorithmInstance.c; every
 * DRNG draw of 128 or 256 bits makes 2 nested sm3hash calls). */
#define KEX_INIT "get_random_number 0 256 5 0\npseudoXOF 256 256 5 0\nsm3hash 264 256 0 10\n"
#define KEX_NONCE "get_random_number 0 128 5 0\nsm3hash 264 256 0 10\n"
#define KEX_PASS3 "sm3hash 768 256 5 0\n"
#define KEX_PASS4 "pseudohash 256 512 5 0\nsm3hash 768 256 5 0\n"
#define KEX_PASS5 "pseudoXOF 512 256 5 0\npseudohash 256 512 5 0\n"
#define KEX_DERIVE "pseudoXOF 1024 256 5 0\n"

/* A 4-pass exchange whose pass 3 overwrites the public key of B and pass
 * 4 the one of A: every step its own row with exact calls, `exchange`
 * their sum, and the two parties agree in every iteration of every row
 * (the driver fails a row whose secrets differ) because the keys are put
 * back before each step; the package's own KAT_KEX.c passes. */
START_TEST(test_kex_4_passes)
{
	static const char *const ops[] = { "exchange", "init_a", "init_b",   "pass1",   "pass2",
					   "pass3",    "pass4",  "derive_a", "derive_b" };
	static const char *const want[] = {
		"get_random_number 0 128 10 0\nget_random_number 0 256 10 0\npseudoXOF 256 256 10 0\n"
		"pseudoXOF 1024 256 10 0\npseudohash 256 512 5 0\nsm3hash 264 256 0 40\nsm3hash 768 256 10 0\n",
		KEX_INIT,
		KEX_INIT,
		KEX_NONCE,
		KEX_NONCE,
		KEX_PASS3,
		KEX_PASS4,
		KEX_DERIVE,
		KEX_DERIVE,
	};
	struct run r;
	json_t *doc;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  kind:    kex (KEX_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "KAT:     pass (KAT_KEX_FIX-KEX4.txt matches Test_Vectors/KAT_KEX_FIX-KEX4.txt)");
	run_free(&r);
	doc = profile(out_dir, "FIX-KEX4", NULL);
	expect_calls(doc, ops, want, sizeof ops / sizeof ops[0]);
	json_decref(doc);
	/* the replay runs each step again from the same inputs: the keys a
	 * pass overwrote are put back for every run */
	HASHPROF(&r, out_dir, "-n", N_STR, "--replay", "FIX-KEX4", "pass4");
	run_expect_status(&r, 0);
	run_free(&r);
	/* a fifth pass is not an operation of a 4-pass exchange */
	HASHPROF(&r, out_dir, "-n", N_STR, "FIX-KEX4", "pass5");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "'pass5' is not an operation of FIX-KEX4: its protocol has fewer passes");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* The same exchange with a fifth pass (A answers B's pass 4). */
START_TEST(test_kex_5_passes)
{
	static const char *const ops[] = { "exchange", "init_a", "init_b", "pass1",    "pass2",
					   "pass3",    "pass4",  "pass5",  "derive_a", "derive_b" };
	static const char *const want[] = {
		"get_random_number 0 128 10 0\nget_random_number 0 256 10 0\npseudoXOF 256 256 10 0\n"
		"pseudoXOF 512 256 5 0\npseudoXOF 1024 256 10 0\npseudohash 256 512 10 0\nsm3hash 264 256 0 40\n"
		"sm3hash 768 256 10 0\n",
		KEX_INIT,
		KEX_INIT,
		KEX_NONCE,
		KEX_NONCE,
		KEX_PASS3,
		KEX_PASS4,
		KEX_PASS5,
		KEX_DERIVE,
		KEX_DERIVE,
	};
	struct run r;
	json_t *doc;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat", "-DFIX_KEX_PASSES=5");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass (KAT_KEX_FIX-KEX5.txt matches Test_Vectors/KAT_KEX_FIX-KEX5.txt)");
	run_free(&r);
	doc = profile(out_dir, "FIX-KEX5", NULL);
	expect_calls(doc, ops, want, sizeof ops / sizeof ops[0]);
	json_decref(doc);
	teardown_fixture();
}
END_TEST

/* kex_get_passes_num says 4, but there is no kex_generate_pass4_msg_b:
 * the build links what there is; every row fails with the reason. */
START_TEST(test_kex_pass_missing)
{
	struct run r;

	setup_fixture("kex-passes");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "-DFIX_KEX_NO_PASS4");
	run_expect_status(&r, 0);
	run_free(&r);
	HASHPROF(&r, out_dir, "-n", N_STR, "FIX-KEX4", "exchange");
	run_expect_status(&r, 1);
	expect_in(&r, r.out,
		  "exchange: kex_get_passes_num returned 4, but the instance does not define "
		  "kex_generate_pass4_msg_b");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* ---------- the package's own build ---------- */

/* The fixture's instance folder rel (below the copied package), into dir. */
static void instance_dir(const char *rel, char *dir, size_t len)
{
	snprintf(dir, len, "%s/%s", pkg, rel);
}

/* The call table of FIX-SUB-256 sign (SYNTH-SIG with a 256-byte public
 * key): pseudohash over pk || m || r, 8 * (256 + 64 + 32) bits. */
static void expect_sign_256(const char *name)
{
	json_t *doc = profile(out_dir, name, "sign");
	char t[4096];

	call_table(row_of(doc, "sign"), t, sizeof t);
	ck_assert_msg(strstr(t, "pseudohash 2816 1024 5 0") != NULL, "%s sign calls:\n%s", name, t);
	json_decref(doc);
}

/* A Makefile in the folder above the instance folders, which compiles
 * each of them with ../benchmark_sig.c from inside it: the commands of
 * this folder give its flags, the benchmark is named and not built, and
 * the Makefile above is an input of the build. */
START_TEST(test_parent_makefile)
{
	char dir[8400];
	struct run r;

	setup_fixture("parent-make");
	instance_dir("FIX-PAR-256", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=256 -I.; links -lcrypto\n");
	expect_in(&r, r.out,
		  "  note:    the instance folder has no Makefile: used the commands of ../Makefile that compile it\n");
	expect_in(&r, r.out,
		  "  note:    not built: ../benchmark_sig.c, which the package's build compiles outside the instance "
		  "folder\n");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	expect_sign_256("FIX-PAR-256");
	/* the other folder, from the same Makefile */
	instance_dir("FIX-PAR-128", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=128 -I.; links -lcrypto\n");
	run_free(&r);
	expect_same_calls("FIX-PAR-128", "SYNTH-SIG");
	/* the Makefile above is an input */
	append_to("Makefile", "# edited\n");
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "(../Makefile changed)");
	run_free(&r);
	/* the folder of both is refused, as any folder of instance folders */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "holds 2 instance folders (FIX-PAR-128/, FIX-PAR-256/): build one of them");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* An instance Makefile that compiles ../common/synth_common.c and finds
 * params.h with -I../common: the dry run's scratch copy holds the folder
 * and the files directly above it, not ../common/, so make fails there.
 * The warning and the failure name the path, where it is, that it lies
 * outside what is copied, and the way out; the way out (the folder above
 * with a recipe giving the -I folders) builds it, exactly SYNTH-SIG. */
START_TEST(test_shared_code_outside)
{
	char dir[8400], recipe[8400], common[8400], why[16800];
	struct run r;

	setup_fixture("sibling-common");
	instance_dir("Reference_Implementation/FIX-COM", dir, sizeof dir);
	instance_dir("Reference_Implementation/common/synth_common.c", common, sizeof common);
	snprintf(why, sizeof why,
		 "../common/synth_common.c (%s) lies outside the folders hashprof copies for the dry run (FIX-COM/ "
		 "and the sources, headers and makefiles directly above it); the way out: build the folder above "
		 "(if it holds no other instance folder; else a copy of FIX-COM/ with the shared folder inside) "
		 "with a recipe of make = no and the Makefile's -I folders as include = ..., docs/build.md "
		 "\"Shared code outside the instance folder\"",
		 common);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "hashprof build: warning: the Makefile's dry run failed: make -n exited with status 2 (make: *** "
		  "No rule to make target '../common/synth_common.c', needed by 'libfixcom.so'.  Stop.); ");
	expect_in(&r, r.err, why);
	expect_in(&r, r.err, "; the build used none of the Makefile's flags (-D, -I, -l)\n");
	expect_in(&r, r.err, "hashprof: build FIX-COM failed: ");
	expect_in(&r, r.err, "; possibly because the Makefile's dry run failed: ");
	ck_assert_msg(strstr(strstr(r.err, "; possibly because the Makefile's dry run failed: "), why), "%s", r.err);
	run_free(&r);
	/* the way out */
	write_recipe("common.recipe", "make = no\ninclude = common FIX-COM\n", recipe, sizeof recipe);
	instance_dir("Reference_Implementation", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-COM (ALGORITHM_INSTANCE in FIX-COM/SIG_AlgorithmInstance.h)\n");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	expect_same_calls("FIX-COM", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* One Makefile above the folders of every parameter set, which builds
 * the set its PARAM names: the folder name gives PARAM=256.  A Makefile
 * whose variable the folder names do not reveal is refused with the way
 * out, a recipe's make-args. */
START_TEST(test_parameter_variable)
{
	char dir[8400], recipe[8400];
	struct run r;

	setup_fixture("param-var");
	instance_dir("FIX-PV-256", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    ../Makefile selects the instance folder with PARAM (its default builds FIX-PV-128/): "
		  "ran make -n PARAM=256\n");
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=256 -I.\n");
	run_free(&r);
	expect_sign_256("FIX-PV-256");
	/* the default folder needs no variable */
	instance_dir("FIX-PV-128", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=128 -I.\n");
	ck_assert_ptr_null(strstr(r.out, "ran make -n PARAM="));
	run_free(&r);
	expect_same_calls("FIX-PV-128", "SYNTH-SIG");

	/* SET=low|high: nothing in the folder names says which */
	write_to("Makefile", "SET ?= low\n"
			     "ifeq ($(SET),low)\nINST = FIX-PV-128\nMODE_FLAGS = -DSCHEME_MODE=128\n"
			     "else\nINST = FIX-PV-256\nMODE_FLAGS = -DSCHEME_MODE=256\nendif\n"
			     "SRCS = SIG_AlgorithmInstance.c synth_common.c auxfunc.c drng.c\n"
			     "all:\n\tcd $(INST) && $(CC) -O2 $(MODE_FLAGS) -I. -c $(SRCS)\n");
	instance_dir("FIX-PV-256", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	ck_assert_str_eq(r.err,
			 "hashprof: build: ../Makefile (the instance folder has none) compiles no source of FIX-PV-256 "
			 "in its dry run, only of FIX-PV-128/: say which make variable selects this folder with "
			 "make-args = VAR=VALUE in a recipe\n");
	run_free(&r);
	write_recipe("pv.recipe", "make-args = SET=high\n", recipe, sizeof recipe);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=256 -I.\n");
	run_free(&r);
	expect_sign_256("FIX-PV-256");
	teardown_fixture();
}
END_TEST

/* A Makefile that builds an ICCS variant (-DUSE_ICCS) and a SHA3 one
 * (-DUSE_SHA3) into build/, with -Werror, -march=native and CC=/usr/bin/cc:
 * the ICCS variant's flags (variant.h stops a build with both or
 * neither), said so; -Werror and -march=native named and not used (util.c
 * warns); the KAT passes. */
START_TEST(test_variants)
{
	struct run r;
	const char *flags;
	char line[4096];

	setup_fixture("variants");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    the package's build makes an ICCS variant (-DUSE_ICCS) and another (-DUSE_SHA3): used "
		  "the ICCS one\n");
	expect_in(&r, r.out,
		  "  note:    not used from the package's build (the flag sets replace them): -Werror -march=native\n");
	expect_in(&r, r.out, "  make -n: -DPARAMS=1 -I. -DUSE_ICCS -Iiccs; links -lcrypto\n");
	flags = strstr(r.out, "  flags:   reference: ");
	ck_assert_ptr_nonnull(flags);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(flags, "\n"), flags);
	ck_assert_msg(!strstr(line, "USE_SHA3") && !strstr(line, "-Werror") && !strstr(line, "-march"), "%s", line);
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-VAR.txt matches KAT/KAT_SIG_FIX-VAR.txt)");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	expect_same_calls("FIX-VAR", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* Sources under src/common and src/ref, with -I into both; src/avx2/ has
 * another synth_common.c that does not compile without -mavx2: the
 * Makefile names the sources it compiles, so that one is skipped, not
 * taken for a broken copy of the linked src/ref/synth_common.c. */
START_TEST(test_src_tree)
{
	struct run r;

	setup_fixture("src-tree");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -Isrc/common -Isrc/ref; links -lcrypto\n");
	expect_in(&r, r.out, "  skipped: src/avx2/synth_common.c does not compile (");
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-SRC.txt matches KAT/KAT_SIG_FIX-SRC.txt)");
	run_free(&r);
	expect_same_calls("FIX-SRC", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* A CMakeLists.txt beside the Makefile: the Makefile is used (it builds
 * the 256 set, CMake 128).  Only a CMakeLists.txt: CMake's compile
 * commands (a configure-only run in the scratch copy) give the flags;
 * its cache variable chooses the set through cmake-args.  A Makefile
 * that CMake generated is not the package's own.  A CMake run that fails
 * says why. */
START_TEST(test_cmake)
{
	char recipe[8400];
	struct run r;

	setup_fixture("cmake");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-CMAKE-256 (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  note:    CMakeLists.txt not used: the Makefile is (make -n)\n");
	run_free(&r);
	shell("rm \"$1/Makefile\"");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-CMAKE-128 (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  cmake:   -DSCHEME_MODE=128 -Iparams -Iinclude -Iiccs\n");
	expect_in(&r, r.out,
		  "  note:    no Makefile: the flags are CMake's (compile_commands.json of a configure-only run)\n");
	expect_in(&r, r.out, "  note:    not used from the package's build (the flag sets replace them): -Werror\n");
	run_free(&r);
	expect_same_calls("FIX-CMAKE-128", "SYNTH-SIG");
	/* CMake wrote nothing into the package */
	shell("test ! -e \"$1/CMakeCache.txt\" && test ! -e \"$1/.hashprof-cmake-build\" && test ! -e "
	      "\"$1/CMakeFiles\"");
	write_recipe("cm.recipe", "cmake-args = -DFIX_MODE=256\n", recipe, sizeof recipe);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  cmake:   -DSCHEME_MODE=256 -Iparams -Iinclude -Iiccs\n");
	run_free(&r);
	expect_sign_256("FIX-CMAKE-256");
	/* an in-source CMake build left its Makefile: CMake's flags all the same */
	write_to("Makefile", "# CMAKE generated file: DO NOT EDIT!\n# Generated by \"Unix Makefiles\" Generator\n"
			     "all:\n\tcc -DSCHEME_MODE=256 -c SIG_AlgorithmInstance.c\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  cmake:   -DSCHEME_MODE=128 -Iparams -Iinclude -Iiccs\n");
	expect_in(&r, r.out, "  note:    the Makefile was generated by CMake: the flags are CMake's");
	run_free(&r);
	/* a CMake run that fails: its error, and the build without its flags */
	shell("rm \"$1/Makefile\" && echo 'message(FATAL_ERROR \"no SM3 here\")' >> \"$1/CMakeLists.txt\"");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err,
		  "hashprof build: warning: CMake's configure run failed: cmake exited with status 1 (CMake Error at "
		  "CMakeLists.txt:18 (message): no SM3 here); the build used none of CMake's flags (-D, -I)\n");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* Every helper call of LOOM-<N>'s steps (cmake-kex/.../loom/
 * KEX_AlgorithmInstance.c lists them; r: sm3hash calls of one signature,
 * 1 for LOOM-128 and 2 for LOOM-256; seed: the KEM's seed in bits). */
static void expect_loom_steps(const char *name, int r, int seed)
{
	json_t *doc = profile(out_dir, name, NULL);
	char t[4096], want[512];

	/* N_STR (5) operations each: B verifies A's signature, confirms */
	call_table(row_of(doc, "pass4"), t, sizeof t);
	snprintf(want, sizeof want, "pseudohash 256 512 5 0\n%ssm3hash %d 256 5 0\n",
		 r > 1 ? "sm3hash 256 256 5 0\n" : "", 8 * (32 + 32 + seed / 8));
	ck_assert_msg(!strcmp(t, want), "%s pass4:\n%s", name, t);
	/* A decapsulates (pseudoXOF twice), signs (the embedded signature) */
	call_table(row_of(doc, "pass3"), t, sizeof t);
	snprintf(want, sizeof want, "sm3hash %d 256 5 0\n", 8 * (32 + 32 + seed / 8));
	ck_assert_msg(strstr(t, want) && strstr(t, "pseudoXOF 256 "), "%s pass3:\n%s", name, t);
	call_table(row_of(doc, "derive_a"), t, sizeof t);
	ck_assert_msg(!strcmp(t, "pseudoXOF 512 256 5 0\npseudohash 256 512 5 0\n"), "%s derive_a:\n%s", name, t);
	json_decref(doc);
}

/*
 * A key exchange built by a CMake hierarchy (cmake-kex/): the root's
 * CMakeLists.txt (project(), one cache variable per parameter set) above
 * LOOM-128/ and LOOM-256/, whose CMakeLists.txt make it LOOM_MODE for
 * kem/, sig/ (an embedded signature with its own adapter header) and
 * loom/ (the KEX adapter).  Configured from the root, the parameter set's
 * folder and the exchange's folder build the one instance, every step
 * with its calls, pass 4 included; the root is a folder of two instance
 * folders, not of four.
 */
START_TEST(test_cmake_hierarchy)
{
	char dir[8400];
	struct run r;

	setup_fixture("cmake-kex");
	snprintf(dir, sizeof dir, "%s/Reference_Implementation/LOOM-128", pkg);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    LOOM-128 (ALGORITHM_INSTANCE in loom/KEX_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  kind:    kex (loom/KEX_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  cmake:   -DLOOM_MODE=128 -Iinclude -Iiccs -Ikem -Isig\n");
	expect_in(&r, r.out, "  sources: 5 compiled, 5 linked;");
	expect_in(&r, r.out,
		  "  note:    the CMakeLists.txt calls no project(): configured the CMake project of "
		  "../CMakeLists.txt, its root,");
	expect_in(&r, r.out,
		  "  note:    sig/: embedded scheme of the key exchange (its own adapter header), part of its "
		  "instance\n");
	run_free(&r);
	expect_loom_steps("LOOM-128", 1, 128);
	/* the exchange's own folder: the same instance, from the parameter set's folder */
	snprintf(dir, sizeof dir, "%s/Reference_Implementation/LOOM-256/loom", pkg);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    LOOM-256 (ALGORITHM_INSTANCE in loom/KEX_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  cmake:   -DLOOM_MODE=256 -Iinclude -Iiccs -Ikem -Isig\n");
	expect_in(&r, r.out,
		  "  note:    loom/ is the key exchange's folder; sig/ beside it is its embedded scheme (its own "
		  "adapter header, no instance of its own): built from LOOM-256/, the folder of all of them\n");
	run_free(&r);
	expect_loom_steps("LOOM-256", 2, 256);
	/* above the parameter sets: two instance folders, the sig/ folders none */
	snprintf(dir, sizeof dir, "%s/Reference_Implementation", pkg);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	expect_in(&r, r.err, " holds 2 instance folders (LOOM-128/, LOOM-256/): build one of them");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* Prebuilt build/synth_common.o and build/libfixpre.a in the package
 * (made here: an object whose synth_work aborts): never linked, the
 * Makefile's -Lbuild -lfixpre dropped (the archive it builds itself),
 * the instance built from the sources.  Without synth_common.c only the
 * prebuilt object defines synth_work: refused, naming it. */
START_TEST(test_prebuilt)
{
	struct run r;
	const char *last;

	setup_fixture("prebuilt");
	/* no prebuilt file yet: the library the Makefile makes is not linked */
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    -lfixpre: a library the package's build makes, never linked: its objects are rebuilt "
		  "from the sources\n");
	ck_assert_ptr_null(strstr(r.out, "-Lbuild"));
	run_free(&r);
	shell("cd \"$1\" && mkdir build && "
	      "printf '#include <stdlib.h>\\nvoid synth_work(unsigned r);\\n"
	      "void synth_work(unsigned r) { (void)r; abort(); }\\n' > build/poison.c && "
	      "cc -c build/poison.c -o build/synth_common.o && rm build/poison.c && "
	      "ar rcs build/libfixpre.a build/synth_common.o");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--force");
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    the package ships 2 prebuilt objects or libraries (build/libfixpre.a, "
		  "build/synth_common.o): never linked, the instance is built from its sources\n");
	run_free(&r);
	expect_same_calls("FIX-PRE", "SYNTH-SIG");
	shell("rm \"$1/synth_common.c\"");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	last = strstr(r.err, "hashprof: build FIX-PRE refused: ");
	ck_assert_ptr_nonnull(last);
	ck_assert_str_eq(last, "hashprof: build FIX-PRE refused: synth_work is defined only by build/synth_common.o, "
			       "which the package ships prebuilt, not by any of its sources: hashprof never links "
			       "prebuilt code (other flags, maybe not these sources); add the source that defines "
			       "it\n");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* auxfunc.c, drng.c and KAT_SIG.c are not in the instance folder but in
 * ../iccs/, for every instance: used from there, said so, their headers
 * found, the KAT passes; moved up into the folder above, from there; and
 * they are inputs of the build.  An instance that defines its own DRNG
 * borrows no drng.c. */
START_TEST(test_iccs_shared)
{
	char dir[8400];
	struct run r;

	setup_fixture("iccs-shared");
	instance_dir("FIX-SHARED", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "  note:    the instance folder lacks official ICCS files: used the package's shared copies "
		  "../iccs/auxfunc.c, ../iccs/drng.c, ../iccs/KAT_SIG.c, ../iccs/auxfunc.h, ../iccs/drng.h\n");
	expect_in(&r, r.out, "1 program not linked (../iccs/KAT_SIG.c)");
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-SHARED.txt matches Test_Vectors/KAT_SIG_FIX-SHARED.txt)");
	run_free(&r);
	expect_same_calls("FIX-SHARED", "SYNTH-SIG");
	/* in the folder above the instance folder */
	shell("cd \"$1\" && mv iccs/* . && rmdir iccs");
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "shared copies ../auxfunc.c, ../drng.c, ../KAT_SIG.c, ../auxfunc.h, ../drng.h\n");
	expect_in(&r, r.out, "KAT:     pass");
	run_free(&r);
	append_to("auxfunc.c", "/* edited */\n");
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "(../auxfunc.c changed)");
	run_free(&r);
	/* an instance beside them with a DRNG of its own (drng-own/rng.c) gets none */
	shell("cp -RL '" HP_FIXTURES "/drng-own' \"$1/OWN\"");
	instance_dir("OWN", dir, sizeof dir);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	ck_assert_ptr_null(strstr(r.out, "shared copies"));
	run_free(&r);
	expect_same_calls("FIX-OWN-DRNG", "SYNTH-KEM");
	teardown_fixture();
}
END_TEST

/* A folder beside the instance folder that is itself an instance folder
 * (here the fixtures cmake/, with its KAT_SIG.c, and kat/, whose name is
 * that of a vector folder) lends nothing: subdirs/ builds as it does on
 * its own, its KAT not checked (no KAT program), and its manifest does
 * not depend on their files; a folder beside it of the official files
 * only (iccs/) still lends its KAT_SIG.c.  A folder of Reference_Implementation/
 * X-128/ (no KAT program) beside X-256/ (one, and vectors) and X-1/ (one;
 * its name begins X-128's) is the same. */
START_TEST(test_no_borrow_from_instances)
{
	char dir[8400];
	struct run r;

	setup_fixture("subdirs");
	shell("cp -RL '" HP_FIXTURES "/cmake' '" HP_FIXTURES "/kat' \"$1\"/..");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  sources: 4 compiled, 4 linked; 0 programs not linked\n");
	expect_in(&r, r.out, "  KAT:     not checked (the package has no KAT program (KAT_SIG.c))\n");
	ck_assert_msg(!strstr(r.out, "shared copies") && !strstr(r.out, "../cmake") && !strstr(r.out, "../kat"), "%s",
		      r.out);
	run_free(&r);
	/* their files are no inputs of the build */
	shell("cd \"$1\"/.. && echo '/* edited */' >> cmake/KAT_SIG.c && echo x >> "
	      "kat/Test_Vectors/KAT_SIG_FIX-KAT.txt && "
	      "echo x > kat/Test_Vectors/KAT_SIG_FIX-SUB-128.txt");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "FIX-SUB-128: up to date");
	run_free(&r);
	/* a folder of the official files beside it lends them */
	shell("mkdir \"$1\"/../iccs && cp '" HP_FIXTURES "/kat/KAT_SIG.c' \"$1\"/../iccs/");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "used the package's shared copies ../iccs/KAT_SIG.c\n");
	expect_in(&r, r.out, "1 program not linked (../iccs/KAT_SIG.c)");
	run_free(&r);
	/* Reference_Implementation/X-128/ beside X-256/, which has a KAT
	 * program and vectors named after X-128 in a KAT/ folder of its own */
	shell("cd \"$1\"/.. && mkdir -p P/Reference_Implementation && mv subdirs P/Reference_Implementation/X-128 && "
	      "cp -R cmake P/Reference_Implementation/X-1 && mv cmake P/Reference_Implementation/X-256 && "
	      "mkdir P/Reference_Implementation/X-256/KAT && "
	      "cp kat/Test_Vectors/KAT_SIG_FIX-SUB-128.txt P/Reference_Implementation/X-256/KAT/");
	snprintf(dir, sizeof dir, "%s/P/Reference_Implementation/X-128", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  sources: 4 compiled, 4 linked; 0 programs not linked\n");
	expect_in(&r, r.out, "  KAT:     not checked (the package has no KAT program (KAT_SIG.c))\n");
	ck_assert_msg(!strstr(r.out, "X-256") && !strstr(r.out, "X-1/"), "%s", r.out);
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* The package's own files have CR LF line endings (the Makefile, with a
 * backslash-continued flag line, headers, a source, the shipped vectors,
 * a recipe): the same flags, name, KAT and calls as with LF. */
START_TEST(test_crlf)
{
	char recipe[8400];
	struct run r;

	setup_fixture("crlf");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-CRLF (ALGORITHM_INSTANCE in SIG_AlgorithmInstance.h)\n");
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=128 -Iparams; links -lcrypto\n");
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-CRLF.txt matches KAT/KAT_SIG_FIX-CRLF.txt)");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	expect_same_calls("FIX-CRLF", "SYNTH-SIG");
	write_recipe("crlf.recipe", "# a recipe written on Windows\r\nname = FIX-CRLF-R\r\nmake-args = KAT_SIG\r\n",
		     recipe, sizeof recipe);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--recipe", recipe);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  name:    FIX-CRLF-R (recipe)\n");
	expect_in(&r, r.out, "  make -n: -DSCHEME_MODE=128 -Iparams; links -lcrypto\n");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* The instance below "Implementations and Test_Vectors", its Makefile's
 * -I$(CURDIR)/include, the output folder "out dir": every path with a
 * blank stays one word (the dry run's copy of the package sits below the
 * output folder); the vectors of the folder above are found. */
START_TEST(test_spaces)
{
	char dir[8400];
	struct run r;

	setup_fixture("spaces");
	instance_dir("Implementations and Test_Vectors/Reference_Implementation/FIX-SPACES", dir, sizeof dir);
	snprintf(out_dir, sizeof out_dir, "%s/out dir", tmp);
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "  make -n: -Iinclude; links -lcrypto\n");
	expect_in(&r, r.out,
		  "KAT:     pass (KAT_SIG_FIX-SPACES.txt matches ../../Test_Vectors/KAT_SIG_FIX-SPACES.txt)");
	run_free(&r);
	expect_same_calls("FIX-SPACES", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* ---------- KAT programs that write elsewhere ---------- */

/* Does any file or folder named name exist below folder dir, other than
 * below the paths of keep (NULL-terminated)?  Its path into where. */
static int found_outside(const char *dir, const char *name, const char *const *keep, char *where, size_t len)
{
	struct run r;
	int found = 0;

	run_in_tmp(&r, NULL, "/usr/bin/find", (const char *const[]){ dir, "-name", name, NULL });
	run_expect_status(&r, 0);
	for (char *l = strtok(r.out, "\n"); l && !found; l = strtok(NULL, "\n")) {
		int kept = 0;
		for (const char *const *k = keep; *k && !kept; k++)
			kept = !strncmp(l, *k, strlen(*k));
		if (!kept) {
			snprintf(where, len, "%s", l);
			found = 1;
		}
	}
	run_free(&r);
	return found;
}

/* A KAT program that creates ../../../../Test_Vector/ relative to its
 * working folder and writes there: it stays inside hashprof's sandbox,
 * its file pairs with the package's Test_Vector/ three folders above the
 * instance folder, and nothing else gets a Test_Vector. */
START_TEST(test_kat_climbs)
{
	char dir[8400], box[8600], shipped[8400], where[8600];
	const char *keep[3];
	struct run r;
	char *before, *after;

	setup_fixture("kat-climb");
	instance_dir("Implementations/Reference_Implementation/FIX-CLIMB", dir, sizeof dir);
	before = read_from("Test_Vector/KAT_SIG_FIX-CLIMB.txt");
	HASHPROF(&r, NULL, "build", dir, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out,
		  "KAT:     pass (../../../../Test_Vector/KAT_SIG_FIX-CLIMB.txt matches "
		  "../../../Test_Vector/KAT_SIG_FIX-CLIMB.txt)");
	run_free(&r);
	snprintf(box, sizeof box, "%s/.hashprof-build/FIX-CLIMB/kat/box/", out_dir);
	snprintf(shipped, sizeof shipped, "%s/Test_Vector", pkg);
	keep[0] = box;
	keep[1] = shipped;
	keep[2] = NULL;
	ck_assert_msg(!found_outside(tmp, "Test_Vector", keep, where, sizeof where), "the KAT program wrote %s", where);
	after = read_from("Test_Vector/KAT_SIG_FIX-CLIMB.txt");
	ck_assert_str_eq(after, before);
	free(before);
	free(after);
	expect_same_calls("FIX-CLIMB", "SYNTH-SIG");
	teardown_fixture();
}
END_TEST

/* Vectors are looked for above the instance folder only through the
 * package's implementation-tier folders: a KAT/ folder beside an
 * unrelated folder above it (here outer/KAT/, with a wrong file of the
 * same name) is not the package's. */
START_TEST(test_vectors_stay_in_package)
{
	struct run r;

	setup_fixture("kat");
	shell("cd \"$1\"/.. && mkdir -p outer/x outer/KAT && mv kat outer/x/ && "
	      "echo wrong > outer/KAT/KAT_SIG_FIX-KAT.txt");
	snprintf(pkg, sizeof pkg, "%s/outer/x/kat", tmp);
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass (KAT_SIG_FIX-KAT.txt matches Test_Vectors/KAT_SIG_FIX-KAT.txt)");
	run_free(&r);
	teardown_fixture();
}
END_TEST

/* A KAT program that writes output/KAT_SIG_FIX-OUT.txt without creating
 * output/: the folder is there in the sandbox as in the package, the
 * package's own output/ file (its vectors) is compared, not written. */
START_TEST(test_kat_output_folder)
{
	struct run r;
	char *before, *after;

	setup_fixture("kat-output");
	snprintf(pkg + strlen(pkg), sizeof pkg - strlen(pkg), "/FIX-OUT");
	before = read_from("output/KAT_SIG_FIX-OUT.txt");
	append_to("output/KAT_SIG_FIX-OUT.txt", "\n");
	HASHPROF(&r, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass (output/KAT_SIG_FIX-OUT.txt matches output/KAT_SIG_FIX-OUT.txt)");
	run_free(&r);
	after = read_from("output/KAT_SIG_FIX-OUT.txt");
	ck_assert_uint_eq(strlen(after), strlen(before) + 1);
	free(before);
	free(after);
	teardown_fixture();
}
END_TEST

static Suite *shapes_suite(void)
{
	Suite *s = suite_create("shapes");
	TCase *tc = tcase_create("shapes");

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, teardown_fixture);
	tcase_add_test(tc, test_kex_4_passes);
	tcase_add_test(tc, test_kex_5_passes);
	tcase_add_test(tc, test_kex_pass_missing);
	tcase_add_test(tc, test_parent_makefile);
	tcase_add_test(tc, test_shared_code_outside);
	tcase_add_test(tc, test_parameter_variable);
	tcase_add_test(tc, test_variants);
	tcase_add_test(tc, test_src_tree);
	tcase_add_test(tc, test_cmake);
	tcase_add_test(tc, test_cmake_hierarchy);
	tcase_add_test(tc, test_prebuilt);
	tcase_add_test(tc, test_iccs_shared);
	tcase_add_test(tc, test_no_borrow_from_instances);
	tcase_add_test(tc, test_crlf);
	tcase_add_test(tc, test_spaces);
	tcase_add_test(tc, test_kat_climbs);
	tcase_add_test(tc, test_kat_output_folder);
	tcase_add_test(tc, test_vectors_stay_in_package);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(shapes_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
