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
	prof/record.c prof/record.h prof/record_table.c prof/record_table.h \
	prof/part.h prof/parts.c prof/arms_part.c prof/arms_part.h prof/own_part.c prof/own_part.h prof/sites_part.c prof/sites_part.h prof/per_op_part.c prof/per_op_part.h \
	prof/report.c prof/report.h \
	prof/result.c prof/result.h \
	prof/calibrate.c prof/calibrate.h \
	prof/shares.c prof/shares.h \
	prof/batches.c prof/batches.h
prof_libhprof_la_CPPFLAGS = $(HP_PROF_CPPFLAGS)
prof_libhprof_la_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS) $(LIBUNWIND_CFLAGS) $(LIBDW_CFLAGS)
prof_libhprof_la_LIBADD = prof/util/libhputil.la $(PAPI_LIBS) $(JANSSON_LIBS) $(LIBUNWIND_LIBS) $(LIBDW_LIBS) -lm
# record files (atomic writing, reading back) and published pages.
prof_libhprof_la_SOURCES += prof/record_io.c prof/record_io.h prof/published.c prof/published.h
# replay (what an operation would save if its helpers were free).
prof_libhprof_la_SOURCES += prof/replay.c prof/replay.h prof/replay_part.c prof/replay_part.h prof/drng_state.c prof/drng_state.h prof/meter.h
# the plausible bound of a cost measured in the operation (replay's tape path, the call-site recorder)
prof_libhprof_la_SOURCES += prof/insitu_bound.c prof/insitu_bound.h
# call sites (--call-sites): the recorder (libunwind), the names
# (libdwfl), the table, its JSON, its text, folded stacks and flame graph.
prof_libhprof_la_SOURCES += prof/callsite_rec.c prof/callsite_rec.h prof/callsite_sym.c prof/callsite_sym.h \
	prof/callsites.c prof/callsites.h prof/callsite_insitu.c prof/callsite_insitu.h prof/callsite_record.c prof/callsite_record.h \
	prof/callsite_report.c prof/callsite_report.h prof/flame.c prof/flame.h
# the N whose prefix mean reproduces a published mean, and the curve of a record's prefix means.
# gnuplot.c: the one runner of gnuplot, for those curves and the candidates' heat map.
prof_libhprof_la_SOURCES += prof/reproduce.c prof/reproduce.h prof/curve.c prof/curve.h prof/plot.c prof/plot.h \
	prof/gnuplot.c prof/gnuplot.h
# the tables of --hash rows.
prof_libhprof_la_SOURCES += prof/swap_report.c prof/swap_report.h prof/swap_matrix.c prof/swap_matrix.h
# the rank test `check` decides share differences with (Mann-Whitney U over batch shares).
prof_libhprof_la_SOURCES += prof/rank_test.c prof/rank_test.h
# the layout every table shares (widths, alignment; text, markdown, CSV).
prof_libhprof_la_SOURCES += prof/table_layout.c prof/table_layout.h
# per-shape costs and the projection from them.
prof_libhprof_la_SOURCES += prof/cost_table.c prof/cost_table.h prof/projection.c prof/projection.h
