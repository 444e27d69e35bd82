# schemes/synthetic/: toy instances with a documented call pattern, for the
# tests (exact counts, nesting, crashes, hangs) and as a smoke test of an
# installation.  Each is an instance module in schemes/ like every other.
SYNTH_SOURCES = schemes/synthetic/synth.h schemes/synthetic/synth_common.c \
	schemes/synthetic/synth_drng.c schemes/iccs/auxfunc.c \
	schemes/common/instance_info.c schemes/common/drng_global.c
SYNTH_CPPFLAGS = $(HP_WRAP_CPPFLAGS) -I$(srcdir)/schemes/synthetic -I$(srcdir)/schemes/iccs \
	-DHP_INSTANCE_WRAPPED='"$(HP_ALL_WRAPPED)"' -DHP_INSTANCE_ORIGIN='"hashprof synthetic"'
SYNTH_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
SYNTH_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
SYNTH_LIBADD = $(HP_WRAP_LIBADD) $(LIBCRYPTO_LIBS)

pkglib_LTLIBRARIES += schemes/synth-sig.la schemes/synth-kem.la schemes/synth-kex.la schemes/synth-none.la \
	schemes/synth-reseed.la schemes/synth-reject.la

schemes_synth_sig_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/sig/SIG_AlgorithmInstance.c schemes/synthetic/sig/SIG_AlgorithmInstance.h
schemes_synth_sig_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/sig \
	-DHP_INSTANCE_KIND='"sig"' -DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"'
schemes_synth_sig_la_CFLAGS = $(SYNTH_CFLAGS)
schemes_synth_sig_la_LDFLAGS = $(SYNTH_LDFLAGS)
schemes_synth_sig_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_sig_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_sig_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_synth_sig_la_LIBADD = $(SYNTH_LIBADD)

schemes_synth_kem_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/kem/KEM_AlgorithmInstance.c schemes/synthetic/kem/KEM_AlgorithmInstance.h
schemes_synth_kem_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/kem \
	-DHP_INSTANCE_KIND='"kem"' -DHP_ADAPTER_HEADER='"KEM_AlgorithmInstance.h"'
schemes_synth_kem_la_CFLAGS = $(SYNTH_CFLAGS)
schemes_synth_kem_la_LDFLAGS = $(SYNTH_LDFLAGS)
schemes_synth_kem_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_kem_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_kem_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_synth_kem_la_LIBADD = $(SYNTH_LIBADD)

schemes_synth_kex_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/kex/KEX_AlgorithmInstance.c schemes/synthetic/kex/KEX_AlgorithmInstance.h
schemes_synth_kex_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/kex \
	-DHP_INSTANCE_KIND='"kex"' -DHP_ADAPTER_HEADER='"KEX_AlgorithmInstance.h"'
schemes_synth_kex_la_CFLAGS = $(SYNTH_CFLAGS)
schemes_synth_kex_la_LDFLAGS = $(SYNTH_LDFLAGS)
schemes_synth_kex_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_kex_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_kex_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_synth_kex_la_LIBADD = $(SYNTH_LIBADD)

schemes_synth_reseed_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/reseed/SIG_AlgorithmInstance.c schemes/synthetic/reseed/SIG_AlgorithmInstance.h
schemes_synth_reseed_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/reseed \
	-DHP_INSTANCE_KIND='"sig"' -DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"'
schemes_synth_reseed_la_CFLAGS = $(SYNTH_CFLAGS)
schemes_synth_reseed_la_LDFLAGS = $(SYNTH_LDFLAGS)
schemes_synth_reseed_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_reseed_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_reseed_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_synth_reseed_la_LIBADD = $(SYNTH_LIBADD)

# rejection sampling, calls per operation a function of the DRNG stream.
schemes_synth_reject_la_SOURCES = $(SYNTH_SOURCES) \
	schemes/synthetic/reject/SIG_AlgorithmInstance.c schemes/synthetic/reject/SIG_AlgorithmInstance.h
schemes_synth_reject_la_CPPFLAGS = $(SYNTH_CPPFLAGS) -I$(srcdir)/schemes/synthetic/reject \
	-DHP_INSTANCE_KIND='"sig"' -DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"'
schemes_synth_reject_la_CFLAGS = $(SYNTH_CFLAGS)
schemes_synth_reject_la_LDFLAGS = $(SYNTH_LDFLAGS)
schemes_synth_reject_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_reject_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_reject_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_synth_reject_la_LIBADD = $(SYNTH_LIBADD)

# No helper at all: only the shims' state, no --wrap, no DRNG.
schemes_synth_none_la_SOURCES = schemes/synthetic/none/SIG_AlgorithmInstance.c \
	schemes/synthetic/none/SIG_AlgorithmInstance.h schemes/common/instance_info.c \
	wrap/state.c wrap/calib_nop.c
schemes_synth_none_la_CPPFLAGS = $(HP_WRAP_CPPFLAGS) -I$(srcdir)/schemes/synthetic/none \
	-DHP_INSTANCE_KIND='"sig"' -DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"' \
	-DHP_INSTANCE_WRAPPED='""' -DHP_INSTANCE_ORIGIN='"hashprof synthetic"'
schemes_synth_none_la_LDFLAGS = -module -avoid-version -shared -no-undefined
schemes_synth_none_la_LINK = $(HP_SURVEY_LINK) $(schemes_synth_none_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_synth_none_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

EXTRA_DIST += schemes/synthetic/README.md
