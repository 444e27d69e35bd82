# Issue 5: how far hashprof's numbers can be trusted.
#   tests/test_groundtruth  corrected share vs a truth measured without
#                           instrumentation (GROUND-TRUTH, -PLAIN), 10..10^5 calls/op
#   tests/test_accuracy     overhead calibration, --raw, trials and spread,
#                           the DRNG init column (SYNTH-RESEED)
HP_ACC_CPPFLAGS = $(AM_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
check_PROGRAMS += tests/test_groundtruth tests/test_accuracy
TESTS += tests/test_groundtruth tests/test_accuracy
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
