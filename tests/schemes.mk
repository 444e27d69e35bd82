# tests/schemes.mk - the helpers and schemes of schemes/ (their local.mk
# files build them).

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

# tests/test_pqclean (the PQClean instances) is always built: without
# PQClean it skips (exit 77), or fails
# under CI=true.
check_PROGRAMS += tests/test_pqclean
TESTS += tests/test_pqclean
tests_test_pqclean_SOURCES = tests/test_pqclean.c
tests_test_pqclean_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/schemes/iccs \
	-DHP_PQCLEAN_CONFIGURED=$(hp_pqc_configured) \
	-DHP_PQCLEAN_MODULE_DIR=\"$(abs_top_builddir)/schemes/.libs\"
tests_test_pqclean_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_pqclean_LDADD = $(CHECK_LIBS)
