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
	drivers/ops.c drivers/ops.h drivers/ops_sig.c drivers/ops_kem.c drivers/ops_kex.c \
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
	drivers/cmds/procedure_options.c drivers/cmds/procedure_options.h \
	drivers/cmds/cmd_run.c drivers/cmds/cmd_list.c \
	drivers/cmds/run_output.c drivers/cmds/run_output.h drivers/cmds/sites_output.c drivers/cmds/sites_output.h drivers/cmds/cmd_report.c \
	drivers/cmds/output_file.c drivers/cmds/output_file.h \
	drivers/cmds/cmd_check.c drivers/cmds/check_cmd.h drivers/cmds/check_options.c \
	drivers/cmds/check_compare.c drivers/cmds/check_shares.c drivers/cmds/table.c drivers/cmds/table.h \
	drivers/cmds/page_match.c drivers/cmds/page_match.h \
	drivers/cmds/build_cmd.h drivers/cmds/build_options.c drivers/cmds/build_report.c \
	drivers/cmds/reproduce_cmd.c drivers/cmds/reproduce_cmd.h \
	drivers/cmds/heatmap.c drivers/cmds/heatmap.h \
	drivers/cmds/record_order.c drivers/cmds/record_order.h \
	drivers/cmds/display_options.c drivers/cmds/display_options.h
hashprof_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS) -I$(top_srcdir)/drivers/cmds \
	-DHP_PKGLIBDIR='"$(pkglibdir)"'
hashprof_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
hashprof_LDADD = drivers/libhpdrivers.la builder/libhpbuilder.la prof/libhprof.la \
	$(PAPI_LIBS) $(JANSSON_LIBS) $(LIBELF_LIBS) $(LIBCRYPTO_LIBS) -lm
