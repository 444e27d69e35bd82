# tests/: Check suites of the runtime and the driver.  Every suite and
# test script of the tree is wired in tests/: here and in the tests/*.mk
# files Makefile.am includes after the product's local.mk files
# (candidates.mk, schemes.mk, accuracy.mk, records.mk, confine.mk,
# sanitize.mk, reproduce.mk, builder.mk, campaign.mk).
#
#   tests/test_format  prof/format/format.c (published number formats), prof/measure/plan.c (N),
#                      prof/util/grow.c (the arrays' doubling)
#   tests/test_wrap    wrap/ shims, linked with --wrap around fake helpers that
#                      live in other objects (so nesting really happens) and
#                      driven by a fake clock (exact ticks)
#   tests/test_report  prof/report/report.c (text, md, csv, json, notes), prof/record/record.c
#   tests/test_projection  prof/swap/projection.c, prof/swap/cost_table.c
#   tests/test_cli     the build tree's `hashprof` on the synthetic instances
#
# tests/capture.c is the one harness that runs a program for a suite
# (captured output, background starts, waits with a time limit, /proc
# queries): test_cli, test_accuracy, test_build, and test_records and
# test_check through tests/records_util.c link it.  tests/tmpdir.c, linked
# beside it, is the one temporary-folder helper (a fresh folder under
# $TMPDIR, a HOME in it, its removal).
#
# Every path is absolute or relative to the top build dir, so the suites run
# in-tree, in VPATH builds and under make distcheck.

HP_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

check_PROGRAMS += tests/test_format tests/test_wrap tests/test_report tests/test_cli
TESTS += tests/test_format tests/test_wrap tests/test_report tests/test_cli

tests_test_format_SOURCES = tests/test_format.c
tests_test_format_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_format_CFLAGS = $(HP_TEST_CFLAGS)
tests_test_format_LDADD = prof/libhprof.la $(CHECK_LIBS) -lm

# The fake helpers are split over two objects on purpose: --wrap only
# reroutes references that cross object files, so pseudohash (and the DRNG)
# in fake_helpers.c reach sm3hash in fake_sm3.c through the shims.
# prof/measure/calibrate.c: the overhead calibration, on the same shims and fake clock.
# The own-entry shims (wrap/own.h) around fake own functions,
# split the same way: fake_own.c's sponge calls fake_keccak.c's permutation.
tests_test_wrap_SOURCES = tests/test_wrap.c tests/fake_helpers.c tests/fake_helpers.h tests/fake_sm3.c \
	tests/check_run.h prof/measure/calibrate.c tests/fake_own.h tests/fake_own.c tests/fake_keccak.c tests/own_shims.c
tests_test_wrap_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_wrap_CFLAGS = $(HP_TEST_CFLAGS)
tests_test_wrap_LDFLAGS = $(HP_WRAP_LDFLAGS) -Wl,--wrap=fake_keccak -Wl,--wrap=fake_shake -Wl,--wrap=fake_args6
tests_test_wrap_LDADD = wrap/libhpwrap.la prof/util/libhputil.la $(CHECK_LIBS)

tests_test_report_SOURCES = tests/test_report.c
tests_test_report_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_report_CFLAGS = $(HP_TEST_CFLAGS) $(JANSSON_CFLAGS)
tests_test_report_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm

# prof/swap/projection.c and prof/swap/cost_table.c: per-shape costs and the
# projection from them.
check_PROGRAMS += tests/test_projection
TESTS += tests/test_projection
tests_test_projection_SOURCES = tests/test_projection.c
tests_test_projection_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_projection_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_projection_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm

# Runs the build tree's hashprof, which finds the build tree's instances.
tests_test_cli_SOURCES = tests/test_cli.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_cli_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
tests_test_cli_CFLAGS = $(HP_TEST_CFLAGS) $(JANSSON_CFLAGS)
tests_test_cli_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)

# Every pair of options works or is refused with one line naming both.
check_PROGRAMS += tests/test_option_pairs
TESTS += tests/test_option_pairs
tests_test_option_pairs_SOURCES = tests/test_option_pairs.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_option_pairs_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
tests_test_option_pairs_CFLAGS = $(HP_TEST_CFLAGS) $(JANSSON_CFLAGS)
tests_test_option_pairs_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)

# --call-sites on SYNTH-SIG's documented call sites, and on a
# `hashprof build` instance compiled without -g (the subdirs fixture).
check_PROGRAMS += tests/test_callsites
TESTS += tests/test_callsites
tests_test_callsites_SOURCES = tests/test_callsites.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h tests/check_run.h
tests_test_callsites_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\" -DHP_PQCLEAN_CONFIGURED=$(hp_pqc_configured) \
	-DHP_STRIP='"$(HP_STRIP)"'
tests_test_callsites_CFLAGS = $(HP_TEST_CFLAGS) $(JANSSON_CFLAGS)
tests_test_callsites_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)

# The tarball holds what .ci/run, setup.sh and README's Quick start run
# (tests/dist_files.sh), checked against the Makefile's own list.
TESTS += tests/dist_files.sh
EXTRA_DIST += tests/dist_files.sh
# The installed pieces name no folder of the tree (tests/no_tree_paths.sh).
TESTS += tests/no_tree_paths.sh
EXTRA_DIST += tests/no_tree_paths.sh
# The sources are as .clang-format lays them out (make format applies it).
TESTS += tests/format_check.sh
EXTRA_DIST += tests/format_check.sh
# Every #include points down the layers of docs/architecture.md
# (tests/include_check.sh).
TESTS += tests/include_check.sh
EXTRA_DIST += tests/include_check.sh
# Every suite runs with a HOME and XDG folders of its own, made for the run
# and removed after it, and with no HASHPROF_PATH nor cache setting of the
# caller's: no suite reads the user's instances, candidates or cost cache
# (an instance the user built into ~/.local/share/hashprof/instances would
# change what the suites see).  The XDG folders are named but not made, as
# on a fresh account.  tests/capture.c does the same for a suite run by
# hand (HP_TEST_HOME tells it this one is already set).  `make bench` runs
# the same way (bench/local.mk).
HP_USER_FOLDERS_AWAY = HP_TEST_HOME=`mktemp -d "$${TMPDIR:-/tmp}/hashprof-check.XXXXXX"` || exit 99; \
	trap 'rm -rf "$$HP_TEST_HOME"' EXIT; \
	HOME=$$HP_TEST_HOME XDG_DATA_HOME=$$HP_TEST_HOME/.local/share XDG_CACHE_HOME=$$HP_TEST_HOME/.cache \
	XDG_CONFIG_HOME=$$HP_TEST_HOME/.config; \
	export HP_TEST_HOME HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_CONFIG_HOME; \
	unset HASHPROF_PATH HASHPROF_HASH_PATH HASHPROF_COST_CACHE HASHPROF_RUNS;
AM_TESTS_ENVIRONMENT = HP_TOP_SRCDIR='$(top_srcdir)' HP_DISTFILES='$(DISTFILES)' \
	HP_TOP_BUILDDIR='$(abs_top_builddir)' HP_TOP_SRCDIR_ABS='$(abs_top_srcdir)' \
	HP_MAN_BUILT='$(if $(man_MANS),yes,no)'; \
	export HP_TOP_SRCDIR HP_DISTFILES HP_TOP_BUILDDIR HP_TOP_SRCDIR_ABS HP_MAN_BUILT; \
	$(HP_USER_FOLDERS_AWAY) \
	HASHPROF_RUNS=1; export HASHPROF_RUNS;

# the AArch64 build, cross-compiled in build-aarch64/ and run
# under qemu-aarch64 (tests/aarch64.sh installs what it needs with
# apt-get); then the call counts of every built-in instance and operation
# against this build's (tests/aarch64_counts.sh).  AARCH64_FLAGS=--subset
# runs the suites of CI's subset and 5 iterations a row.
EXTRA_DIST += tests/aarch64.sh tests/aarch64_counts.sh
AARCH64_FLAGS =
check-aarch64: all
	HP_NATIVE_BUILDDIR='$(abs_top_builddir)' $(SHELL) $(top_srcdir)/tests/aarch64.sh $(AARCH64_FLAGS)
.PHONY: check-aarch64

# README's check --published example (docs/examples/published-page.md).
TESTS += tests/example_page.sh
EXTRA_DIST += tests/example_page.sh

# The pages render without a warning and `hashprof help CMD` is `CMD
# --help` (tests/man_pages.sh); the completion completes (tests/completion.sh):
# in the build tree by make check, and as installed by make installcheck
# (docs/man/local.mk makes the pages and installs the completion).
TESTS += tests/man_pages.sh tests/completion.sh
EXTRA_DIST += tests/man_pages.sh tests/completion.sh
# The installed instances are named by HP_INSTANCE_PATH: `make install
# prefix=DIR` puts them in DIR while the program looks in the configured one.
installcheck-local:
	HP_HASHPROF='$(DESTDIR)$(bindir)/hashprof' HP_MANDIR='$(DESTDIR)$(mandir)' \
	HP_MAN_BUILT='$(if $(man_MANS),yes,no)' $(SHELL) $(srcdir)/tests/man_pages.sh
	HP_HASHPROF='$(DESTDIR)$(bindir)/hashprof' HP_COMPLETION='$(DESTDIR)$(bashcompdir)/hashprof' \
	HP_INSTANCE_PATH='$(DESTDIR)$(pkglibdir)' $(SHELL) $(srcdir)/tests/completion.sh
