# tests/builder.mk - `hashprof build` and its survey (builder/local.mk
# builds them).

# Check suite: the build tree's `hashprof build` on copies of the
# submission-shaped fixtures (tests/fixtures/README.md), then profiles of
# what it built.  Absolute paths, so it runs in VPATH builds and distcheck.
check_PROGRAMS += tests/test_build
TESTS += tests/test_build
HP_BUILD_TEST_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" -DHP_CC='"$(CC)"' \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_build_SOURCES = tests/test_build.c tests/build_util.c tests/build_util.h tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_build_CPPFLAGS = $(HP_BUILD_TEST_CPPFLAGS)
tests_test_build_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_build_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
# The shapes of real Round-1 packages, one fixture each
# (tests/fixtures/README.md), on the same helpers.
check_PROGRAMS += tests/test_shapes
TESTS += tests/test_shapes
tests_test_shapes_SOURCES = tests/test_shapes.c tests/build_util.c tests/build_util.h tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
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
# The survey's reading of AArch64 code (builder/survey/a64.c) on instruction words:
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
tests_test_survey_SOURCES = tests/test_survey.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
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
tests_test_inspect_SOURCES = tests/test_inspect.c tests/check_run.h tests/tmpdir.c tests/tmpdir.h
tests_test_inspect_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder -DHP_CC='"$(CC)"'
tests_test_inspect_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(LIBELF_CFLAGS)
tests_test_inspect_LDADD = builder/libhpbuilder.la prof/libhprof.la $(LIBELF_LIBS) $(CHECK_LIBS) -lm
