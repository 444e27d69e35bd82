# bench/: `make bench` -- never part of `make all` or
# `make check`.  Everything here is built on demand only (EXTRA_*), so a
# normal build neither compiles it nor lists its modules.
#
#   bench/hp-bench      the benchmark: (a) wrapper cost per call, (b) slowdown
#                       instrumented/uninstrumented, (c) share error vs ground
#                       truth (window and replay; and window vs replay on three
#                       PQClean operations), (d) agreement with callgrind,
#                       (e) wall times, (f) shares and wall time with and
#                       without --call-sites, (g) confined vs --no-confine, (h) the N search,
#                       (j) shares quiet and beside two CPU-bound loops
#   bench/hp-bench-run  a plain driver (seed, set-up, N operations) that
#                       callgrind runs for (d) and (e)
#   bench/minwrap.la    the minimal rdtsc-only wrapper of the published
#                       evaluation, around the same stand-in helper as
#                       hashprof's calibration (wrap/calib_nop.c)
#   bench/*-plain.la    uninstrumented twins of three PQClean instances: the
#                       same sources and libraries linked WITHOUT
#                       $(HP_WRAP_LDFLAGS); they land in bench/.libs (not in
#                       schemes/.libs, where hashprof looks) and are named
#                       "<instance>-PLAIN"; ml-dsa-44-plain-shifted.la is the
#                       ML-DSA-44 twin linked after a padding function (a
#                       code-placement control)
#
# Usage: make bench [BENCH_FLAGS='--quick' | '--only=abcdef' ...]
#        (bench/hp-bench --help lists the flags).
#
#   bench/check_load.sh the A/A (no change, checked beside CPU-bound loops:
#                       false alarms) and B (a 3 pp change: caught?)
#                       experiments of `hashprof check`
#                       (docs/check-statistics.md); run by hand, after make

.PHONY: bench
EXTRA_DIST += bench/check_load.sh

EXTRA_PROGRAMS = bench/hp-bench bench/hp-bench-run
EXTRA_LTLIBRARIES = bench/minwrap.la
CLEANFILES += $(EXTRA_PROGRAMS) $(EXTRA_LTLIBRARIES) bench/callgrind.* bench/hashprof.json \
	bench/hashprof.err bench/copy-*.so bench/groundtruth.out bench/callsites.json bench/callsites.err \
	bench/reproduce-page.md bench/reproduce.out bench/reproduce.json bench/load.json bench/load.err

HP_BENCH_MODULE_LDFLAGS = -module -avoid-version -shared -no-undefined -rpath $(abs_builddir)/bench

bench_minwrap_la_SOURCES = bench/minwrap.c wrap/calib_nop.c
bench_minwrap_la_LDFLAGS = $(HP_BENCH_MODULE_LDFLAGS)

# The driver's own API loading and operations (drivers/libhpdrivers.la),
# so that set-up and DRNG stream are exactly those of a hashprof measuring
# child (its step and phase reports do nothing outside a measuring child).

bench_hp_bench_run_SOURCES = bench/bench_run.c
bench_hp_bench_run_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS)
bench_hp_bench_run_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
bench_hp_bench_run_LDADD = drivers/libhpdrivers.la prof/libhprof.la $(PAPI_LIBS) $(JANSSON_LIBS) -lm -ldl

bench_hp_bench_SOURCES = bench/bench.c bench/bench.h bench/bench_util.c \
	bench/bench_overhead.c bench/bench_slowdown.c bench/bench_groundtruth.c bench/bench_replay.c \
	bench/bench_external.c bench/bench_callsites.c bench/bench_confine.c bench/bench_reproduce.c \
	bench/bench_projection.c bench/bench_load.c
bench_hp_bench_CPPFLAGS = $(HP_DRIVERS_CPPFLAGS) -I$(top_srcdir)/schemes/iccs \
	-DHP_BENCH_BUILDDIR='"$(abs_top_builddir)"' \
	-DHP_BENCH_PQCLEAN=$(hp_bench_pqclean)
bench_hp_bench_CFLAGS = $(AM_CFLAGS) $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
bench_hp_bench_LDADD = drivers/libhpdrivers.la prof/libhprof.la $(PAPI_LIBS) $(JANSSON_LIBS) -lm -ldl

# What the bench needs from a normal build: the instances, the ground truth
# pair, the hashprof command.
HP_BENCH_DEPS = hashprof$(EXEEXT) schemes/ground-truth.la schemes/ground-truth-plain.la \
	candidates/hashprof-swap.la candidates/hashprof-swap-sm3.la schemes/synth-sig.la \
	bench/hp-bench$(EXEEXT) bench/hp-bench-run$(EXEEXT) bench/minwrap.la

if HAVE_PQCLEAN
hp_bench_pqclean = 1
EXTRA_LTLIBRARIES += bench/ml-dsa-44-plain.la bench/ml-kem-768-plain.la \
	bench/sphincs-shake-128f-simple-plain.la bench/ml-dsa-44-plain-shifted.la
HP_BENCH_DEPS += schemes/ml-kem-512.la schemes/ml-kem-768.la schemes/ml-kem-1024.la \
	schemes/ml-dsa-44.la schemes/ml-dsa-65.la schemes/ml-dsa-87.la \
	schemes/sphincs-shake-128f-simple.la schemes/falcon-512.la schemes/kex-ml-kem-768.la \
	bench/ml-dsa-44-plain.la bench/ml-kem-768-plain.la bench/sphincs-shake-128f-simple-plain.la \
	bench/ml-dsa-44-plain-shifted.la

# A twin = the instance's own sources, flags and libraries in the same link
# order, and no --wrap at all: every helper call goes straight to the
# helper.  The shims are linked in too (never called), from a copy of
# their archive in which each __real_F is renamed F, so that the twin has
# the instrumented module's PLT entries and its code at the very same
# offsets (checked by bench (b): the layout column).  Only the recorded
# name and the recorded wrapped list differ.  A twin linked with the
# state and calibration objects first and no shims moved every function
# by a few dozen bytes, which alone changed ML-DSA-44 sign by 2-4%.
HP_TWIN_WRAP = bench/libhpwrap-twin.a
$(HP_TWIN_WRAP): wrap/libhpwrap.la
	$(AM_V_GEN)rm -f $@ && $(OBJCOPY) --redefine-sym __real_pseudohash=pseudohash \
		--redefine-sym __real_pseudoXOF=pseudoXOF --redefine-sym __real_sm3hash=sm3hash \
		--redefine-sym __real_get_random_number=get_random_number \
		--redefine-sym __real_init_random_number=init_random_number \
		wrap/.libs/libhpwrap.a $@
CLEANFILES += $(HP_TWIN_WRAP)
hp_bench_plain_sources = $(hp_pqc_common_sources)
hp_bench_plain_cppflags = -I$(top_srcdir)/wrap -UHP_INSTANCE_WRAPPED -DHP_INSTANCE_WRAPPED='""'
hp_bench_plain_libadd = schemes/pqclean/libhpqcadapter.la schemes/iccs/libiccs.la
hp_bench_plain_ldflags = $(HP_BENCH_MODULE_LDFLAGS) $(HP_STATE_LDFLAGS) \
	-Wl,--whole-archive,$(abs_builddir)/$(HP_TWIN_WRAP),--no-whole-archive

bench_ml_dsa_44_plain_la_SOURCES = $(hp_bench_plain_sources) \
	schemes/pqclean/ML-DSA-44/SIG_AlgorithmInstance.c schemes/pqclean/ML-DSA-44/SIG_AlgorithmInstance.h
bench_ml_dsa_44_plain_la_CPPFLAGS = $(schemes_ml_dsa_44_la_CPPFLAGS) $(hp_bench_plain_cppflags) \
	-DHP_INSTANCE_NAME='"ML-DSA-44-PLAIN"'
bench_ml_dsa_44_plain_la_LIBADD = schemes/pqclean/libpqc_mldsa44.la $(hp_bench_plain_libadd)
bench_ml_dsa_44_plain_la_LDFLAGS = $(hp_bench_plain_ldflags)
EXTRA_bench_ml_dsa_44_plain_la_DEPENDENCIES = $(HP_TWIN_WRAP)

# Layout control for (b): the same twin with a small function linked first,
# which moves all of its code by a few dozen bytes and changes nothing else.
bench_ml_dsa_44_plain_shifted_la_SOURCES = bench/pad.c $(bench_ml_dsa_44_plain_la_SOURCES)
bench_ml_dsa_44_plain_shifted_la_CPPFLAGS = $(schemes_ml_dsa_44_la_CPPFLAGS) $(hp_bench_plain_cppflags) \
	-DHP_INSTANCE_NAME='"ML-DSA-44-PLAIN-SHIFTED"'
bench_ml_dsa_44_plain_shifted_la_LIBADD = $(bench_ml_dsa_44_plain_la_LIBADD)
bench_ml_dsa_44_plain_shifted_la_LDFLAGS = $(hp_bench_plain_ldflags)
EXTRA_bench_ml_dsa_44_plain_shifted_la_DEPENDENCIES = $(HP_TWIN_WRAP)

bench_ml_kem_768_plain_la_SOURCES = $(hp_bench_plain_sources) \
	schemes/pqclean/ML-KEM-768/KEM_AlgorithmInstance.c schemes/pqclean/ML-KEM-768/KEM_AlgorithmInstance.h
bench_ml_kem_768_plain_la_CPPFLAGS = $(schemes_ml_kem_768_la_CPPFLAGS) $(hp_bench_plain_cppflags) \
	-DHP_INSTANCE_NAME='"ML-KEM-768-PLAIN"'
bench_ml_kem_768_plain_la_LIBADD = schemes/pqclean/libpqc_mlkem768.la $(hp_bench_plain_libadd)
bench_ml_kem_768_plain_la_LDFLAGS = $(hp_bench_plain_ldflags)
EXTRA_bench_ml_kem_768_plain_la_DEPENDENCIES = $(HP_TWIN_WRAP)

bench_sphincs_shake_128f_simple_plain_la_SOURCES = $(hp_bench_plain_sources) \
	schemes/pqclean/SPHINCS+-SHAKE-128f-simple/SIG_AlgorithmInstance.c \
	schemes/pqclean/SPHINCS+-SHAKE-128f-simple/SIG_AlgorithmInstance.h
bench_sphincs_shake_128f_simple_plain_la_CPPFLAGS = $(schemes_sphincs_shake_128f_simple_la_CPPFLAGS) \
	$(hp_bench_plain_cppflags) -DHP_INSTANCE_NAME='"SPHINCS+-SHAKE-128f-simple-PLAIN"'
bench_sphincs_shake_128f_simple_plain_la_LIBADD = schemes/pqclean/libpqc_sphincsshake128fsimple.la \
	$(hp_bench_plain_libadd)
bench_sphincs_shake_128f_simple_plain_la_LDFLAGS = $(hp_bench_plain_ldflags)
EXTRA_bench_sphincs_shake_128f_simple_plain_la_DEPENDENCIES = $(HP_TWIN_WRAP)
else
hp_bench_pqclean = 0
endif

BENCH_FLAGS =
bench: $(HP_BENCH_DEPS)
	$(HP_USER_FOLDERS_AWAY) bench/hp-bench $(BENCH_FLAGS)
