# builder/: `hashprof build`, which turns an NGCC submission folder
# into an instance module: a convenience library holding the whole
# pipeline (build.h: prepare, make, install; builder.h: the steps), which
# prints nothing (drivers/cmds/cmd_build.c prints), linked into hashprof.
# It sits above prof/ (the NGCC facts, signals) and wrap/ (the shims'
# contract), below drivers/.  What it needs at run time is installed: the
# wrap shims as a PIC archive (wrap/local.mk) and, in pkgdatadir, the two
# sources compiled into every instance it builds (the .hashprof section;
# drng_algorithm when the package does not define it).  The build tree's
# hashprof uses the build tree's copies, so the tests need no installation
# (make distcheck too).
noinst_LTLIBRARIES += builder/libhpbuilder.la
builder_libhpbuilder_la_SOURCES = builder/builder.h builder/build.h \
	builder/prepare.c builder/make.c builder/attempt.c \
	builder/files.c builder/run.c builder/recipe.c \
	builder/buildsys.c builder/dryrun.c builder/cmake.c builder/commands.c \
	builder/detect.c builder/adapter.c builder/folders.c builder/borrow.c builder/prebuilt.c \
	builder/compile.c builder/inspect.c builder/link.c builder/vectors.c builder/kat.c builder/manifest.c \
	builder/primitives.c builder/survey.h builder/survey_scan.c builder/survey_a64.c builder/survey_a64.h \
	builder/survey.c builder/survey_libs.c builder/survey_dwarf.c \
	builder/sandbox.c \
	builder/hash_build.c builder/hash_build.h
builder_libhpbuilder_la_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder \
	-DHP_PKGLIBDIR='"$(pkglibdir)"' -DHP_PKGDATADIR='"$(pkgdatadir)"' \
	-DHP_PKGINCLUDEDIR='"$(pkgincludedir)"' \
	-DHP_BUILDER_STATE_LDFLAGS='"$(HP_STATE_LDFLAGS)"' -DHP_BUILDER_CC='"$(CC)"'
builder_libhpbuilder_la_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS) $(JANSSON_CFLAGS) $(LIBSECCOMP_CFLAGS)
# the file, clock and process utilities (prof/util/local.mk); their objects
# are in prof/libhprof.la too, and an archive member is linked once
builder_libhpbuilder_la_LIBADD = prof/util/libhputil.la $(LIBELF_LIBS) $(LIBDW_LIBS) $(JANSSON_LIBS)
# hp-survey: the survey of the instances the build tree makes
# (schemes/common/survey-link.sh runs it when it links each of them).
noinst_PROGRAMS += builder/hp-survey
builder_hp_survey_SOURCES = builder/survey_main.c
builder_hp_survey_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder
builder_hp_survey_LDADD = builder/libhpbuilder.la prof/libhprof.la
hashprof_SOURCES += drivers/cmds/cmd_build.c
hashprof_CPPFLAGS += -I$(top_srcdir)/builder
dist_pkgdata_DATA = schemes/common/instance_info.c builder/drng_global.c
# what `hashprof build --hash` compiles into every candidate module
candidatedatadir = $(pkgdatadir)/candidate
dist_candidatedata_DATA = candidates/module_adapter.c candidates/module_info.c \
	candidates/construct.c candidates/construct.h candidates/module.h

# Check suite: the build tree's `hashprof build` on copies of the
# submission-shaped fixtures (tests/fixtures/README.md), then profiles of
# what it built.  Absolute paths, so it runs in VPATH builds and distcheck.
check_PROGRAMS += tests/test_build
TESTS += tests/test_build
HP_BUILD_TEST_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" -DHP_CC='"$(CC)"' \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_build_SOURCES = tests/test_build.c tests/build_util.c tests/build_util.h tests/capture.c tests/capture.h
tests_test_build_CPPFLAGS = $(HP_BUILD_TEST_CPPFLAGS)
tests_test_build_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_build_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
# The shapes of real Round-1 packages, one fixture each
# (tests/fixtures/README.md), on the same helpers.
check_PROGRAMS += tests/test_shapes
TESTS += tests/test_shapes
tests_test_shapes_SOURCES = tests/test_shapes.c tests/build_util.c tests/build_util.h tests/capture.c tests/capture.h
tests_test_shapes_CPPFLAGS = $(HP_BUILD_TEST_CPPFLAGS)
tests_test_shapes_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_shapes_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
EXTRA_DIST += tests/fixtures

# Check suite: the survey's constant tables against OpenSSL's hashes and
# the standards' definitions, and its name rule.
check_PROGRAMS += tests/test_primitives
TESTS += tests/test_primitives
tests_test_primitives_SOURCES = tests/test_primitives.c
tests_test_primitives_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder
tests_test_primitives_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(LIBCRYPTO_CFLAGS)
tests_test_primitives_LDADD = builder/libhpbuilder.la prof/libhprof.la $(LIBCRYPTO_LIBS) $(CHECK_LIBS)
# The survey's reading of AArch64 code (survey_a64.c) on instruction words:
# on every machine.
check_PROGRAMS += tests/test_survey_a64
TESTS += tests/test_survey_a64
tests_test_survey_a64_SOURCES = tests/test_survey_a64.c
tests_test_survey_a64_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder
tests_test_survey_a64_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_survey_a64_LDADD = builder/libhpbuilder.la prof/libhprof.la $(CHECK_LIBS)

# Check suite: the survey of the built-in instances and of the fixtures
# written for it (tests/fixtures/README.md), end to end.
check_PROGRAMS += tests/test_survey
TESTS += tests/test_survey
tests_test_survey_SOURCES = tests/test_survey.c tests/capture.c tests/capture.h
tests_test_survey_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\" -DHP_PQCLEAN_CONFIGURED=$(hp_pqc_configured)
tests_test_survey_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_survey_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)

# Check suite: the builder's ELF checks (machine, same-object call sites)
# on objects the configured compiler makes from a source the test writes:
# x86-64 objects natively, AArch64 ones in the cross build under qemu
# (tests/aarch64.sh).
check_PROGRAMS += tests/test_inspect
TESTS += tests/test_inspect
tests_test_inspect_SOURCES = tests/test_inspect.c tests/check_run.h
tests_test_inspect_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder -DHP_CC='"$(CC)"'
tests_test_inspect_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(LIBELF_CFLAGS)
tests_test_inspect_LDADD = builder/libhpbuilder.la prof/libhprof.la $(LIBELF_LIBS) $(CHECK_LIBS) -lm
