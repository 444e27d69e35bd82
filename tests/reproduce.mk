# tests/reproduce.mk - per-iteration counts and the N search.
#
#   tests/test_reproduce  SYNTH-REJECT's per-iteration counts against its
#                         documented sequence (recomputed from OpenSSL's
#                         SM3), prefix means against separate runs,
#                         `check --published` and `--reproduce` (the N
#                         found, "no N", bad input), `report --curve` and
#                         `--plot`; prof/periter/reproduce.c and prof/periter/curve.c alone
#
# Like the record suites it runs the build tree's hashprof (HP_HASHPROF).

check_PROGRAMS += tests/test_reproduce
TESTS += tests/test_reproduce

tests_test_reproduce_SOURCES = tests/test_reproduce.c tests/records_util.c tests/records_util.h \
	tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_reproduce_CPPFLAGS = $(HP_RECORDS_TEST_CPPFLAGS)
tests_test_reproduce_CFLAGS = $(HP_RECORDS_TEST_CFLAGS) $(LIBCRYPTO_CFLAGS)
tests_test_reproduce_LDADD = $(HP_RECORDS_TEST_LDADD) $(LIBCRYPTO_LIBS)
