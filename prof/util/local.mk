# prof/util/: the small utilities both the runtime (prof/) and the builder
# (builder/libhpbuilder.la) use, once: a libtool convenience library below
# prof/, so that neither has to reach into the other or up into drivers/.
# It depends on libc and libseccomp (the confinement of package code,
# confine.h).  libhprof.la and libhpbuilder.la carry
# its objects (LIBADD), so whatever links either gets them (an archive
# member is linked once).  Its headers are included as "util/NAME.h".
noinst_LTLIBRARIES += prof/util/libhputil.la
prof_util_libhputil_la_SOURCES = \
	prof/util/read_file.c prof/util/read_file.h \
	prof/util/write_file.c prof/util/write_file.h \
	prof/util/dirlock.c prof/util/dirlock.h \
	prof/util/monotonic.c prof/util/monotonic.h \
	prof/util/grow.c prof/util/grow.h \
	prof/util/build_tree.c prof/util/build_tree.h prof/util/search_path.c prof/util/search_path.h \
	prof/util/proc.c prof/util/proc.h \
	prof/util/keeper.c prof/util/keeper.h \
	prof/util/spawn.c prof/util/spawn.h \
	prof/sandbox/confine.c prof/sandbox/confine.h \
	prof/sandbox/landlock.c prof/sandbox/landlock.h \
	prof/sandbox/syscall_filter.c prof/sandbox/syscall_filter.h \
	prof/sandbox/supervise.c prof/sandbox/supervise.h \
	prof/util/emulation.c prof/util/emulation.h \
	prof/util/machine_name.c prof/util/machine_name.h
prof_util_libhputil_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/prof
prof_util_libhputil_la_CFLAGS = $(AM_CFLAGS) $(LIBSECCOMP_CFLAGS)
prof_util_libhputil_la_LIBADD = $(LIBSECCOMP_LIBS)
