# wrap/: the --wrap shims, one per helper (wrap_*.c, the hot path, all
# built from hook.h), and what every instance carries (state.c: counters,
# depth, calibration loop; calib_nop.c: the empty calibrated function).
#
# A PIC static archive, installed for `hashprof build`: a link pulls only
# the shims of the helpers the instance's objects reference.
pkglib_LIBRARIES += wrap/libhashprof-wrap.a
wrap_libhashprof_wrap_a_SOURCES = wrap/hp_wrap.h wrap/hook.h wrap/tick.h wrap/arch/x86_64/tick.h \
	wrap/arch/aarch64/tick.h wrap/own.h wrap/state.c wrap/calib_nop.c \
	wrap/wrap_pseudohash.c wrap/wrap_pseudoxof.c wrap/wrap_sm3hash.c \
	wrap/wrap_drng.c wrap/wrap_drng_init.c
wrap_libhashprof_wrap_a_CFLAGS = $(AM_CFLAGS) -fPIC
pkginclude_HEADERS = wrap/hp_wrap.h
# The shims' headers in pkgincludedir/wrap, for the own-entry shims that
# `hashprof build` compiles into an instance (wrap/own.h and what it
# includes: tick.h includes "arch/<arch>/tick.h").
hpwrapincdir = $(pkgincludedir)/wrap
hpwrapinc_HEADERS = wrap/hp_wrap.h wrap/hook.h wrap/tick.h wrap/own.h
hpwrapx86incdir = $(pkgincludedir)/wrap/arch/x86_64
hpwrapx86inc_HEADERS = wrap/arch/x86_64/tick.h
hpwraparmincdir = $(pkgincludedir)/wrap/arch/aarch64
hpwraparminc_HEADERS = wrap/arch/aarch64/tick.h



# The same shims as a libtool convenience library, linked whole into the
# built-in instances (all of which define every helper); libtool links it
# into modules without complaint, unlike a plain archive.
noinst_LTLIBRARIES += wrap/libhpwrap.la
wrap_libhpwrap_la_SOURCES = $(wrap_libhashprof_wrap_a_SOURCES)
