# drivers/: the measuring engine (API loading, the operations of each kind,
# the procedure, child processes, instances, options, the run machinery),
# and drivers/cmds/: the hashprof command line, one file per subcommand
# (with its options and output files beside it), as uftrace's cmds/.
# Linked statically against the runtime so that the build-tree binary is
# the real program (no libtool wrapper), which lets it find the build
# tree's instances.
noinst_LTLIBRARIES += drivers/libhpdrivers.la
drivers_libhpdrivers_la_SOURCES = \
	drivers/api.c drivers/api.h \
	drivers/candidates.c drivers/candidates.h \
	drivers/child.c drivers/child.h \
	drivers/confinement.c drivers/confinement.h \
	drivers/costs.c drivers/costs.h drivers/hashcost.c drivers/hashcost.h \
	drivers/elf_info.c drivers/elf_info.h \
	drivers/environment.c drivers/environment.h \
	drivers/instance.c drivers/instance.h \
	drivers/ops/ops.c drivers/ops/ops.h drivers/ops/sig.c drivers/ops/kem.c drivers/ops/kex.c \
	drivers/options.c drivers/options.h \
	drivers/procedure.c drivers/procedure.h drivers/batch_probe.c drivers/batch_probe.h \
	drivers/rows.c drivers/rows.h \
	drivers/swap_run.c drivers/swap_run.h
drivers_libhpdrivers_la_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS) \
	-DHP_PKGLIBDIR='"$(pkglibdir)"'
drivers_libhpdrivers_la_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
# the candidates' objects go in with the engine's (a convenience library
# holds them once)
drivers_libhpdrivers_la_LIBADD = candidates/libhpcand.la $(LIBELF_LIBS) $(LIBCRYPTO_LIBS)

bin_PROGRAMS += hashprof
hashprof_SOURCES = \
	drivers/cmds/hashprof.c drivers/cmds/cmds.h drivers/cmds/usage.c \
	drivers/cli/procedure_options.c drivers/cli/procedure_options.h \
	drivers/cmds/cmd_run.c drivers/cmds/cmd_list.c \
	drivers/output/run_output.c drivers/output/run_output.h drivers/output/sites_output.c drivers/output/sites_output.h drivers/cmds/cmd_report.c \
	drivers/output/output_file.c drivers/output/output_file.h \
	drivers/cmds/cmd_check.c drivers/check/check.h drivers/check/options.c \
	drivers/check/compare.c drivers/check/shares.c drivers/check/table.c drivers/check/table.h \
	drivers/check/page_match.c drivers/check/page_match.h \
	drivers/cli/build_cmd.h drivers/cli/build_options.c drivers/output/build_report.c \
	drivers/check/reproduce.c drivers/check/reproduce.h \
	drivers/output/heatmap.c drivers/output/heatmap.h \
	drivers/output/record_order.c drivers/output/record_order.h \
	drivers/cli/display_options.c drivers/cli/display_options.h
hashprof_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS) -I$(top_srcdir)/drivers/cmds \
	-DHP_PKGLIBDIR='"$(pkglibdir)"'
hashprof_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
hashprof_LDADD = drivers/libhpdrivers.la builder/libhpbuilder.la prof/libhprof.la \
	$(PAPI_LIBS) $(JANSSON_LIBS) $(LIBELF_LIBS) $(LIBCRYPTO_LIBS) -lm
