# wrap/: the --wrap shims (hp_wrap.c, the hot path) and their counters
# (state.c).  A libtool convenience library (PIC), linked whole into every
# built-in instance module.
noinst_LTLIBRARIES += wrap/libhpwrap.la
wrap_libhpwrap_la_SOURCES = wrap/hp_wrap.c wrap/state.c wrap/calib.c wrap/calib_nop.c wrap/hp_wrap.h
