# tests/test_confine: package code runs confined
# (docs/safety.md): the build tree's hashprof on the synthetic instances'
# misbehaviour faults and on copies of the build fixtures made to
# misbehave, each blocked and named, the other rows and packages
# unaffected.  Absolute paths, so it runs in VPATH builds and distcheck.
# Under a user-mode emulator it checks what hashprof says there and skips
# (exit 77): the confinement itself cannot be observed (test_confine.c).
check_PROGRAMS += tests/test_confine
TESTS += tests/test_confine
tests_test_confine_SOURCES = tests/test_confine.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_confine_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_confine_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_confine_LDADD = prof/util/libhputil.la $(JANSSON_LIBS) $(CHECK_LIBS)
