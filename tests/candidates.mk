# tests/candidates.mk - the hash candidates of --hash (candidates/local.mk
# builds them).
#
#   tests/test_candidates  the built-ins and the swap module, exact bytes
#   tests/test_swap        `hashprof --hash` on the built-in instances
#   tests/test_hash_build  `hashprof build --hash` on the hash-shaped fixtures
#   tests/test_matrix      instances x candidates, projections, --plot

# Check suite: the built-ins against their documented constructions
# (recomputed from OpenSSL's one-shot calls), and the swap module taking
# SYNTH-SIG's calls.  Exact bytes and counts only.
check_PROGRAMS += tests/test_candidates
TESTS += tests/test_candidates
tests_test_candidates_SOURCES = tests/test_candidates.c
tests_test_candidates_CPPFLAGS = $(HP_WRAP_CPPFLAGS) $(HP_CANDIDATES_CPPFLAGS) \
	-DHP_SWAP_MODULE_PATH=\"$(abs_top_builddir)/candidates/.libs/hashprof-swap.so\" \
	-DHP_SYNTH_SIG_PATH=\"$(abs_top_builddir)/schemes/.libs/synth-sig.so\"
tests_test_candidates_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(LIBCRYPTO_CFLAGS)
tests_test_candidates_LDADD = candidates/libhpcand.la $(LIBCRYPTO_LIBS) $(CHECK_LIBS) -ldl

# Check suite: the build tree's `hashprof --hash` on the built-in
# instances: the same calls under SHAKE256 as under the placeholder, every
# scheme working under every candidate, failing arms, bad input, records.
check_PROGRAMS += tests/test_swap
TESTS += tests/test_swap
tests_test_swap_SOURCES = tests/test_swap.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_swap_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_TESTS_LIBS=\"$(abs_top_builddir)/tests/.libs\"
tests_test_swap_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_swap_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS) -lm

# SYNTH-SIG linked with -Bsymbolic: its calls bind to its own helpers at
# link time, so no swap module can take them.  test_swap checks that a
# --hash row says so instead of reporting the placeholder as a candidate.
check_LTLIBRARIES += tests/synth-symbolic.la
tests_synth_symbolic_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/sig/SIG_AlgorithmInstance.c schemes/synthetic/sig/SIG_AlgorithmInstance.h
tests_synth_symbolic_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/sig \
	-DHP_INSTANCE_KIND='"sig"' -DHP_INSTANCE_NAME='"SYNTH-SYMBOLIC"'
tests_synth_symbolic_la_CFLAGS = $(SYNTH_CFLAGS)
tests_synth_symbolic_la_LDFLAGS = $(SYNTH_LDFLAGS) -Wl,-Bsymbolic -rpath /nowhere
tests_synth_symbolic_la_LIBADD = $(SYNTH_LIBADD)

# A candidate module without hashprof_candidate_pseudoXOF (tests/cand_noxof.c).
check_LTLIBRARIES += tests/cand-noxof.la
tests_cand_noxof_la_SOURCES = tests/cand_noxof.c
tests_cand_noxof_la_CPPFLAGS = $(HP_CANDIDATES_CPPFLAGS)
tests_cand_noxof_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
tests_cand_noxof_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere

# Check suite: `hashprof build --hash` on the hash-shaped fixtures
# (tests/fixtures/README.md), the modules it makes under --hash, and
# their bad inputs.  The test compiles the fixture's CryptHash itself (cc,
# at run time: tests/fixtures is distributed whole, so no object of the
# build may live there) to recompute what the stand-ins must give.
check_PROGRAMS += tests/test_hash_build
TESTS += tests/test_hash_build
tests_test_hash_build_SOURCES = tests/test_hash_build.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_hash_build_CPPFLAGS = $(HP_WRAP_CPPFLAGS) $(HP_CANDIDATES_CPPFLAGS) \
	-DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" -DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\" \
	-DHP_TESTS_LIBS=\"$(abs_top_builddir)/tests/.libs\" -DHP_CC='"$(CC)"'
tests_test_hash_build_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_hash_build_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS) -ldl

# Check suite: instances x candidates in every format, projected cells,
# --arms, and --plot's heat map (gnuplot) with its bad inputs.
check_PROGRAMS += tests/test_matrix
TESTS += tests/test_matrix
tests_test_matrix_SOURCES = tests/test_matrix.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_matrix_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
tests_test_matrix_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_matrix_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS) -lm
