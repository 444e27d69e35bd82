# prof/: the profiling runtime (clock, planning, rows, records, reports).
# A convenience library linked statically into the hashprof command and
# the tests.
noinst_LTLIBRARIES += prof/libhprof.la
prof_libhprof_la_SOURCES = \
	prof/measure/clock.c prof/measure/clock.h \
	prof/format/format.c prof/format/format.h \
	prof/format/hex.c prof/format/hex.h \
	prof/ngcc/ngcc.c prof/ngcc/ngcc.h \
	prof/measure/plan.c prof/measure/plan.h \
	prof/record/record.c prof/record/record.h prof/record/fields.c prof/record/fields.h \
	prof/record/part.h prof/record/parts.c prof/swap/part.c prof/swap/part.h prof/own/part.c prof/own/part.h prof/callsites/part.c prof/callsites/part.h prof/periter/part.c prof/periter/part.h \
	prof/report/report.c prof/report/report.h \
	prof/record/result.c prof/record/result.h \
	prof/measure/calibrate.c prof/measure/calibrate.h \
	prof/measure/shares.c prof/measure/shares.h \
	prof/measure/batches.c prof/measure/batches.h
prof_libhprof_la_CPPFLAGS = $(HP_PROF_CPPFLAGS)
prof_libhprof_la_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS) $(LIBUNWIND_CFLAGS) $(LIBDW_CFLAGS)
prof_libhprof_la_LIBADD = prof/util/libhputil.la $(PAPI_LIBS) $(JANSSON_LIBS) $(LIBUNWIND_LIBS) $(LIBDW_LIBS) -lm
# record files (atomic writing, reading back) and published pages.
prof_libhprof_la_SOURCES += prof/record/record_io.c prof/record/record_io.h prof/record/published.c prof/record/published.h
# replay (what an operation would save if its helpers were free).
prof_libhprof_la_SOURCES += prof/replay/replay.c prof/replay/replay.h prof/replay/part.c prof/replay/part.h prof/replay/drng_state.c prof/replay/drng_state.h prof/replay/meter.h
# the plausible bound of a cost measured in the operation (replay's tape path, the call-site recorder)
prof_libhprof_la_SOURCES += prof/measure/insitu_bound.c prof/measure/insitu_bound.h
# call sites (--call-sites): the recorder (libunwind), the names
# (libdwfl), the table, its JSON, its text, folded stacks and flame graph.
prof_libhprof_la_SOURCES += prof/callsites/recorder.c prof/callsites/recorder.h prof/callsites/symbols.c prof/callsites/symbols.h \
	prof/callsites/table.c prof/callsites/table.h prof/callsites/insitu.c prof/callsites/insitu.h prof/callsites/record.c prof/callsites/record.h \
	prof/callsites/report.c prof/callsites/report.h prof/callsites/flame.c prof/callsites/flame.h
# the N whose prefix mean reproduces a published mean, and the curve of a record's prefix means.
# gnuplot.c: the one runner of gnuplot, for those curves and the candidates' heat map.
prof_libhprof_la_SOURCES += prof/periter/reproduce.c prof/periter/reproduce.h prof/periter/curve.c prof/periter/curve.h prof/report/plot.c prof/report/plot.h \
	prof/report/gnuplot.c prof/report/gnuplot.h
# the tables of --hash rows.
prof_libhprof_la_SOURCES += prof/swap/report.c prof/swap/report.h prof/swap/matrix.c prof/swap/matrix.h
# the rank test `check` decides share differences with (Mann-Whitney U over batch shares).
prof_libhprof_la_SOURCES += prof/measure/rank_test.c prof/measure/rank_test.h
# the layout every table shares (widths, alignment; text, markdown, CSV).
prof_libhprof_la_SOURCES += prof/format/table_layout.c prof/format/table_layout.h
# per-shape costs and the projection from them.
prof_libhprof_la_SOURCES += prof/swap/cost_table.c prof/swap/cost_table.h prof/swap/projection.c prof/swap/projection.h
