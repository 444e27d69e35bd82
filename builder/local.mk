# builder/: `hashprof build` (issue 4), which turns an NGCC submission folder
# into an instance module.  Its sources are part of the hashprof program;
# what it needs at run time is installed: the wrap shims as a PIC archive
# (wrap/local.mk) and, in pkgdatadir, the two sources compiled into every
# instance it builds (the .hashprof section; drng_algorithm when the
# package does not define it).  The build tree's hashprof uses the build
# tree's copies, so the tests need no installation (make distcheck too).
hashprof_SOURCES += drivers/cmds/cmd_build.c builder/builder.h \
	builder/files.c builder/run.c builder/recipe.c builder/detect.c \
	builder/compile.c builder/inspect.c builder/link.c builder/kat.c builder/manifest.c
hashprof_CPPFLAGS += -I$(top_srcdir)/builder -DHP_ABS_SRCDIR='"$(abs_top_srcdir)"' \
	-DHP_PKGDATADIR='"$(pkgdatadir)"' -DHP_BUILDER_STATE_LDFLAGS='"$(HP_STATE_LDFLAGS)"'
dist_pkgdata_DATA = schemes/common/instance_info.c builder/drng_global.c

# Check suite: the build tree's `hashprof build` on copies of the
# submission-shaped fixtures (tests/fixtures/README.md), then profiles of
# what it built.  Absolute paths, so it runs in VPATH builds and distcheck.
check_PROGRAMS += tests/test_build
TESTS += tests/test_build
tests_test_build_SOURCES = tests/test_build.c tests/capture.c tests/capture.h
tests_test_build_CPPFLAGS = $(AM_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_build_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_build_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
EXTRA_DIST += tests/fixtures
