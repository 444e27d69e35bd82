# how far hashprof's numbers can be trusted.
#   tests/test_correction   the overhead correction, exact, on a virtual clock:
#                           real shims, calibration and shares around fake
#                           helpers (fake_helpers.c, fake_sm3.c, fake_calib.c)
#   tests/test_groundtruth  GROUND-TRUTH and -PLAIN on the real clock: exact
#                           counts, the skip switch, sane shares (the error
#                           against the truth is CPU-dependent: make bench (c))
#   tests/test_accuracy     overhead calibration, --raw, trials and spread,
#                           the DRNG init column (SYNTH-RESEED)
#   tests/test_batches      the batch estimator on hand-made batches, exact:
#                           a gap injected (or descheduled time) leaves the
#                           shares those of the undisturbed batches; the
#                           record's batch fields
#   tests/test_coarse_clock the same real shims, calibration and
#                           shares on a virtual clock far coarser than a
#                           helper call (AArch64's generic timer): unbiased
#                           at random phases, biased when locked
HP_ACC_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\"
check_PROGRAMS += tests/test_correction tests/test_groundtruth tests/test_accuracy
TESTS += tests/test_correction tests/test_groundtruth tests/test_accuracy
# fake_calib.c before the archive: it replaces wrap/calib_nop.c's stand-in.
tests_test_correction_SOURCES = tests/test_correction.c tests/fake_calib.c tests/fake_helpers.c \
	tests/fake_helpers.h tests/fake_sm3.c tests/fake_scheme.c tests/fake_scheme.h tests/check_run.h
tests_test_correction_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_correction_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_correction_LDFLAGS = $(HP_WRAP_LDFLAGS)
tests_test_correction_LDADD = wrap/libhpwrap.la prof/libhprof.la $(CHECK_LIBS) -lm
check_PROGRAMS += tests/test_batches
TESTS += tests/test_batches
tests_test_batches_SOURCES = tests/test_batches.c tests/check_run.h
tests_test_batches_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_batches_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_batches_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm
tests_test_groundtruth_SOURCES = tests/test_groundtruth.c
tests_test_groundtruth_CPPFLAGS = $(HP_ACC_CPPFLAGS) \
	-DHP_PLAIN_SO=\"$(abs_top_builddir)/schemes/.libs/ground-truth-plain.so\" \
	-DHP_WRAPPED_SO=\"$(abs_top_builddir)/schemes/.libs/ground-truth.so\"
tests_test_groundtruth_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(PAPI_CFLAGS)
tests_test_groundtruth_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm -ldl
tests_test_accuracy_SOURCES = tests/test_accuracy.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_accuracy_CPPFLAGS = $(HP_ACC_CPPFLAGS)
tests_test_accuracy_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_accuracy_LDADD = $(JANSSON_LIBS) $(CHECK_LIBS)

# replay.
#   tests/test_replay   the replay-cost calibration and the replay share,
#                       exact, on the virtual clock (fake_scheme.c): the
#                       shims are built here with HP_WRAP_TEST_CHARGE, which
#                       gives their tape path a virtual cost and changes
#                       nothing else; and the DRNG save/restore and a
#                       record/timed/replay sample of SYNTH-SIG sign, with
#                       byte-identical signatures (a counter for a clock)
check_PROGRAMS += tests/test_replay
TESTS += tests/test_replay
check_LTLIBRARIES += tests/zero-drng.la
tests_zero_drng_la_SOURCES = tests/zero_drng.c
tests_zero_drng_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
# the shims' sources, not wrap/libhpwrap.la: built with the test charge;
# fake_calib.c stands in for wrap/calib_nop.c
tests_test_replay_SOURCES = tests/test_replay.c tests/check_run.h tests/fake_calib.c tests/fake_helpers.c \
	tests/fake_helpers.h tests/fake_sm3.c tests/fake_scheme.c tests/fake_scheme.h \
	wrap/state.c wrap/wrap_pseudohash.c wrap/wrap_pseudoxof.c wrap/wrap_sm3hash.c \
	wrap/wrap_drng.c wrap/wrap_drng_init.c
tests_test_replay_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_WRAP_TEST_CHARGE \
	-DHP_SYNTH_SIG_SO=\"$(abs_top_builddir)/schemes/.libs/synth-sig.so\" \
	-DHP_SYNTH_NONE_SO=\"$(abs_top_builddir)/schemes/.libs/synth-none.so\" \
	-DHP_ZERO_DRNG_SO=\"$(abs_top_builddir)/tests/.libs/zero-drng.so\"
tests_test_replay_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_replay_LDFLAGS = $(HP_WRAP_LDFLAGS)
tests_test_replay_LDADD = prof/libhprof.la $(CHECK_LIBS) -lm

#   tests/test_replay_driver  the driver's replay: the kinds' replay_op
#                       through hp_replay_sample on built instances (outputs
#                       byte-identical in every run; PQClean's three when
#                       configured), and `hashprof --replay`: forced
#                       divergence, the tape bound, the columns of every
#                       format with and without it, records, check
check_PROGRAMS += tests/test_replay_driver
TESTS += tests/test_replay_driver
tests_test_replay_driver_SOURCES = tests/test_replay_driver.c tests/records_util.c tests/records_util.h \
	tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h tests/check_run.h
tests_test_replay_driver_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_TEST_DATA=\"$(abs_top_srcdir)/tests/data\" \
	-DHP_SCHEMES_DIR=\"$(abs_top_builddir)/schemes/.libs\" -DHP_PQCLEAN_CONFIGURED=$(hp_pqc_configured)
tests_test_replay_driver_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(PAPI_CFLAGS)
tests_test_replay_driver_LDADD = drivers/libhpdrivers.la prof/libhprof.la $(PAPI_LIBS) $(JANSSON_LIBS) \
	$(LIBELF_LIBS) $(CHECK_LIBS) -lm -ldl

check_PROGRAMS += tests/test_coarse_clock
TESTS += tests/test_coarse_clock
# fake_calib.c before the archive, as for test_correction
tests_test_coarse_clock_SOURCES = tests/test_coarse_clock.c tests/fake_calib.c tests/fake_helpers.c \
	tests/fake_helpers.h tests/fake_sm3.c tests/check_run.h
tests_test_coarse_clock_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_coarse_clock_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_coarse_clock_LDFLAGS = $(HP_WRAP_LDFLAGS)
tests_test_coarse_clock_LDADD = wrap/libhpwrap.la prof/libhprof.la $(CHECK_LIBS) -lm
