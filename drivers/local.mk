# drivers/: the hashprof command.  Linked statically against the runtime so
# that the build-tree binary is the real program (no libtool wrapper), which
# lets it find the build tree's instances.
bin_PROGRAMS += hashprof
hashprof_SOURCES = \
	drivers/hashprof.c drivers/cmds.h \
	drivers/cmd_run.c drivers/cmd_list.c \
	drivers/api.c drivers/api.h \
	drivers/child.c drivers/child.h drivers/interrupt.c drivers/interrupt.h \
	drivers/environment.c drivers/environment.h \
	drivers/instance.c drivers/instance.h \
	drivers/meter.h \
	drivers/ops.c drivers/ops.h drivers/ops_sig.c drivers/ops_kem.c drivers/ops_kex.c \
	drivers/options.c drivers/options.h \
	drivers/procedure.c drivers/procedure.h
hashprof_CPPFLAGS = $(AM_CPPFLAGS) -DHP_ABS_BUILDDIR='"$(abs_top_builddir)"' -DHP_PKGLIBDIR='"$(pkglibdir)"'
hashprof_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS) $(LIBELF_CFLAGS)
hashprof_LDADD = prof/libhprof.la $(PAPI_LIBS) $(JANSSON_LIBS) $(LIBELF_LIBS) -lm
# issue 6: records of a run, `hashprof report`, `hashprof check`.
hashprof_SOURCES += drivers/run.h drivers/run_output.c drivers/cmd_report.c \
	drivers/cmd_check.c drivers/check_cmd.h drivers/check_options.c drivers/check_compare.c \
	drivers/table.c drivers/table.h
# issue 4: `hashprof build`; its entry point drivers/cmd_build.c and the
# builder library are listed in builder/local.mk.
hashprof_SOURCES += drivers/build_cmd.h drivers/build_options.c drivers/build_attempt.c drivers/build_report.c
