# builder/: `hashprof build` (issue 4), which turns an NGCC submission folder
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
	builder/files.c builder/run.c builder/recipe.c builder/detect.c \
	builder/compile.c builder/inspect.c builder/link.c builder/kat.c builder/manifest.c
builder_libhpbuilder_la_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder \
	-DHP_PKGLIBDIR='"$(pkglibdir)"' -DHP_PKGDATADIR='"$(pkgdatadir)"' \
	-DHP_BUILDER_STATE_LDFLAGS='"$(HP_STATE_LDFLAGS)"' -DHP_BUILDER_CC='"$(CC)"'
builder_libhpbuilder_la_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS)
# the file, clock and process utilities (prof/util/local.mk); their objects
# are in prof/libhprof.la too, and an archive member is linked once
builder_libhpbuilder_la_LIBADD = prof/util/libhputil.la $(LIBELF_LIBS)
hashprof_SOURCES += drivers/cmds/cmd_build.c
hashprof_CPPFLAGS += -I$(top_srcdir)/builder
dist_pkgdata_DATA = schemes/common/instance_info.c builder/drng_global.c

# Check suite: the build tree's `hashprof build` on copies of the
# submission-shaped fixtures (tests/fixtures/README.md), then profiles of
# what it built.  Absolute paths, so it runs in VPATH builds and distcheck.
check_PROGRAMS += tests/test_build
TESTS += tests/test_build
tests_test_build_SOURCES = tests/test_build.c tests/capture.c tests/capture.h
tests_test_build_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" -DHP_CC='"$(CC)"' \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_build_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_build_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
EXTRA_DIST += tests/fixtures

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
