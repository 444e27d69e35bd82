# schemes/iccs/: hashprof's own ICCS helpers (sm3hash, pseudohash,
# pseudoXOF, SM3 Hash-DRBG) on OpenSSL's SM3, for the instances hashprof
# builds itself.  A libtool convenience library (PIC).
noinst_LTLIBRARIES += schemes/iccs/libiccs.la
schemes_iccs_libiccs_la_SOURCES = schemes/iccs/auxfunc.c schemes/iccs/auxfunc.h \
	schemes/iccs/drng.c schemes/iccs/drng.h
schemes_iccs_libiccs_la_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
schemes_iccs_libiccs_la_LIBADD = $(LIBCRYPTO_LIBS)
EXTRA_DIST += schemes/iccs/README.md

# Check suite: every row of the ICCS input/output vectors, plus properties.
# The vector file is found through an absolute source-dir path, so the test
# works in-tree, in VPATH builds and under make distcheck.
check_PROGRAMS += tests/test_iccs
TESTS += tests/test_iccs
tests_test_iccs_SOURCES = tests/test_iccs.c
tests_test_iccs_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/schemes/iccs \
	-DHP_TEST_VECTORS=\"$(abs_top_srcdir)/tests/vectors/iccs-helpers.tsv\"
tests_test_iccs_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_iccs_LDADD = schemes/iccs/libiccs.la $(CHECK_LIBS)
EXTRA_DIST += tests/vectors/iccs-helpers.tsv
