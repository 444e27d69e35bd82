# prof/: the profiling runtime (clock, planning, rows, records, reports).
# A convenience library linked statically into the hashprof command and
# the tests.
noinst_LTLIBRARIES += prof/libhprof.la
prof_libhprof_la_SOURCES = \
	prof/clock.c prof/clock.h \
	prof/format.c prof/format.h \
	prof/hex.c prof/hex.h \
	prof/ngcc.c prof/ngcc.h \
	prof/plan.c prof/plan.h \
	prof/record.c prof/record.h \
	prof/report.c prof/report.h \
	prof/result.c prof/result.h \
	prof/calibrate.c prof/calibrate.h \
	prof/shares.c prof/shares.h
prof_libhprof_la_CPPFLAGS = $(HP_PROF_CPPFLAGS)
prof_libhprof_la_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
prof_libhprof_la_LIBADD = prof/util/libhputil.la $(PAPI_LIBS) $(JANSSON_LIBS) -lm
# issue 6: record files (atomic writing, reading back) and published pages.
prof_libhprof_la_SOURCES += prof/record_io.c prof/record_io.h prof/published.c prof/published.h
# issue 10 part 2: replay (what an operation would save if its helpers were free).
prof_libhprof_la_SOURCES += prof/replay.c prof/replay.h prof/drng_state.c prof/drng_state.h
# issue 13: the tables of --hash rows.
prof_libhprof_la_SOURCES += prof/swap_report.c prof/swap_report.h prof/swap_matrix.c prof/swap_matrix.h
# issue 13 part 2: per-shape costs and the projection from them.
prof_libhprof_la_SOURCES += prof/cost_table.c prof/cost_table.h prof/projection.c prof/projection.h
check_PROGRAMS += tests/test_projection
TESTS += tests/test_projection
tests_test_projection_SOURCES = tests/test_projection.c
tests_test_projection_CPPFLAGS = $(HP_PROF_CPPFLAGS)
tests_test_projection_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_projection_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm
