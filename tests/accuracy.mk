# Issue 5: how far hashprof's numbers can be trusted.
#   tests/test_correction   the overhead correction, exact, on a virtual clock:
#                           real shims, calibration and shares around fake
#                           helpers (fake_helpers.c, fake_sm3.c, fake_calib.c)
#   tests/test_groundtruth  GROUND-TRUTH and -PLAIN on the real clock: exact
#                           counts, the skip switch, sane shares (the error
#                           against the truth is CPU-dependent: make bench (c))
#   tests/test_accuracy     overhead calibration, --raw, trials and spread,
#                           the DRNG init column (SYNTH-RESEED)
HP_ACC_CPPFLAGS = $(AM_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
check_PROGRAMS += tests/test_correction tests/test_groundtruth tests/test_accuracy
TESTS += tests/test_correction tests/test_groundtruth tests/test_accuracy
# fake_calib.c before the archive: it replaces wrap/calib_nop.c's stand-in.
tests_test_correction_SOURCES = tests/test_correction.c tests/fake_calib.c tests/fake_helpers.c \
	tests/fake_helpers.h tests/fake_sm3.c tests/fake_scheme.c tests/fake_scheme.h
tests_test_correction_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_correction_LDFLAGS = $(HP_WRAP_LDFLAGS)
tests_test_correction_LDADD = wrap/libhpwrap.la prof/libhprof.la $(CHECK_LIBS) -lm
tests_test_groundtruth_SOURCES = tests/test_groundtruth.c
tests_test_groundtruth_CPPFLAGS = $(HP_ACC_CPPFLAGS) \
	-DHP_PLAIN_SO=\"$(abs_top_builddir)/schemes/.libs/ground-truth-plain.so\" \
	-DHP_WRAPPED_SO=\"$(abs_top_builddir)/schemes/.libs/ground-truth.so\"
tests_test_groundtruth_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(PAPI_CFLAGS)
tests_test_groundtruth_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm -ldl
tests_test_accuracy_SOURCES = tests/test_accuracy.c tests/capture.c tests/capture.h
tests_test_accuracy_CPPFLAGS = $(HP_ACC_CPPFLAGS)
tests_test_accuracy_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_accuracy_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)
