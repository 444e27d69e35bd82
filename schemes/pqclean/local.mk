# schemes/pqclean/: PQClean 0.8.1 schemes ported to the ICCS helpers, each
# built like an NGCC submission instance (schemes/pqclean/README.md).
#
# configure (m4/hp_pqclean.m4) puts PQClean's sources in the BUILD tree at
# $(top_builddir)/pqclean = $(PQCLEAN_DIR); they are compiled unmodified from
# there (nodist sources, never committed, never distributed).  Automake needs
# the source names literally, hence the "pqclean/..." paths below.
#
# Per scheme: one convenience library of PQClean's files (their own flags),
# and one instance module = our NGCC adapter + the schemes/common files +
# the PQClean library + our FIPS 202/randombytes adapter + the ICCS helpers
# + the wrap shims, linked with $(HP_INSTANCE_LDFLAGS).  Include order for
# PQClean's files: our adapter folder (fips202.h, randombytes.h) first;
# PQClean's common/ only with -idirafter, for compat.h, so that its
# fips202.h/randombytes.h can never be picked up.

EXTRA_DIST += schemes/pqclean/README.md schemes/pqclean/fetch-pqclean.sh \
	schemes/pqclean/adapter/pqclean_sig.inc schemes/pqclean/adapter/pqclean_kem.inc
# configure's copy of PQClean (a folder, hence the -r).
DISTCLEANFILES += -r pqclean

if HAVE_PQCLEAN
hp_pqc_configured = 1

# ---- shared pieces ---------------------------------------------------------
# Our FIPS 202 and randombytes adapter over the ICCS helpers.
noinst_LTLIBRARIES += schemes/pqclean/libhpqcadapter.la
schemes_pqclean_libhpqcadapter_la_SOURCES = \
	schemes/pqclean/adapter/fips202.h schemes/pqclean/adapter/fips202_iccs.c \
	schemes/pqclean/adapter/randombytes.h schemes/pqclean/adapter/randombytes_iccs.c
schemes_pqclean_libhpqcadapter_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/adapter \
	-I$(top_srcdir)/schemes/iccs

# PQClean's own files: compiled as PQClean ships them (they are clean under
# -Wall -Wextra; PQClean itself builds with -Werror).
hp_pqc_lib_cppflags = -I$(top_srcdir)/schemes/pqclean/adapter -idirafter $(PQCLEAN_DIR)/common
hp_pqc_lib_cflags = -std=c11 -Wall -Wextra

# An instance module: adapter folder (ngcc_api.h, *.inc), ICCS headers
# (drng.h for drng_global.c), and what instance_info.c records.
hp_pqc_common_sources = schemes/common/drng_global.c schemes/common/instance_info.c \
	schemes/pqclean/adapter/ngcc_api.h
hp_pqc_inst_cppflags = -D_GNU_SOURCE -I$(top_srcdir)/schemes/pqclean/adapter \
	-I$(top_srcdir)/schemes/iccs -DHP_INSTANCE_WRAPPED='"$(HP_ALL_WRAPPED)"'
hp_pqc_sig_cppflags = $(hp_pqc_inst_cppflags) -DHP_INSTANCE_KIND='"sig"' \
	-DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"'
hp_pqc_kem_cppflags = $(hp_pqc_inst_cppflags) -DHP_INSTANCE_KIND='"kem"' \
	-DHP_ADAPTER_HEADER='"KEM_AlgorithmInstance.h"'
hp_pqc_kex_cppflags = $(hp_pqc_inst_cppflags) -DHP_INSTANCE_KIND='"kex"' \
	-DHP_ADAPTER_HEADER='"KEX_AlgorithmInstance.h"'
hp_pqc_libadd = schemes/pqclean/libhpqcadapter.la schemes/iccs/libiccs.la $(HP_WRAP_LIBADD)

# ---- PQClean's scheme sources, one convenience library each ---------------
noinst_LTLIBRARIES += schemes/pqclean/libpqc_mlkem512.la \
	schemes/pqclean/libpqc_mlkem768.la schemes/pqclean/libpqc_mlkem1024.la \
	schemes/pqclean/libpqc_mldsa44.la schemes/pqclean/libpqc_mldsa65.la \
	schemes/pqclean/libpqc_mldsa87.la schemes/pqclean/libpqc_sphincsshake128fsimple.la \
	schemes/pqclean/libpqc_falcon512.la

nodist_schemes_pqclean_libpqc_mlkem512_la_SOURCES = \
	pqclean/crypto_kem/ml-kem-512/clean/cbd.c pqclean/crypto_kem/ml-kem-512/clean/indcpa.c \
	pqclean/crypto_kem/ml-kem-512/clean/kem.c pqclean/crypto_kem/ml-kem-512/clean/ntt.c \
	pqclean/crypto_kem/ml-kem-512/clean/poly.c pqclean/crypto_kem/ml-kem-512/clean/polyvec.c \
	pqclean/crypto_kem/ml-kem-512/clean/reduce.c \
	pqclean/crypto_kem/ml-kem-512/clean/symmetric-shake.c \
	pqclean/crypto_kem/ml-kem-512/clean/verify.c
schemes_pqclean_libpqc_mlkem512_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mlkem512_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_mlkem768_la_SOURCES = \
	pqclean/crypto_kem/ml-kem-768/clean/cbd.c pqclean/crypto_kem/ml-kem-768/clean/indcpa.c \
	pqclean/crypto_kem/ml-kem-768/clean/kem.c pqclean/crypto_kem/ml-kem-768/clean/ntt.c \
	pqclean/crypto_kem/ml-kem-768/clean/poly.c pqclean/crypto_kem/ml-kem-768/clean/polyvec.c \
	pqclean/crypto_kem/ml-kem-768/clean/reduce.c \
	pqclean/crypto_kem/ml-kem-768/clean/symmetric-shake.c \
	pqclean/crypto_kem/ml-kem-768/clean/verify.c
schemes_pqclean_libpqc_mlkem768_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mlkem768_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_mlkem1024_la_SOURCES = \
	pqclean/crypto_kem/ml-kem-1024/clean/cbd.c pqclean/crypto_kem/ml-kem-1024/clean/indcpa.c \
	pqclean/crypto_kem/ml-kem-1024/clean/kem.c pqclean/crypto_kem/ml-kem-1024/clean/ntt.c \
	pqclean/crypto_kem/ml-kem-1024/clean/poly.c pqclean/crypto_kem/ml-kem-1024/clean/polyvec.c \
	pqclean/crypto_kem/ml-kem-1024/clean/reduce.c \
	pqclean/crypto_kem/ml-kem-1024/clean/symmetric-shake.c \
	pqclean/crypto_kem/ml-kem-1024/clean/verify.c
schemes_pqclean_libpqc_mlkem1024_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mlkem1024_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_mldsa44_la_SOURCES = \
	pqclean/crypto_sign/ml-dsa-44/clean/ntt.c pqclean/crypto_sign/ml-dsa-44/clean/packing.c \
	pqclean/crypto_sign/ml-dsa-44/clean/poly.c pqclean/crypto_sign/ml-dsa-44/clean/polyvec.c \
	pqclean/crypto_sign/ml-dsa-44/clean/reduce.c pqclean/crypto_sign/ml-dsa-44/clean/rounding.c \
	pqclean/crypto_sign/ml-dsa-44/clean/sign.c \
	pqclean/crypto_sign/ml-dsa-44/clean/symmetric-shake.c
schemes_pqclean_libpqc_mldsa44_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mldsa44_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_mldsa65_la_SOURCES = \
	pqclean/crypto_sign/ml-dsa-65/clean/ntt.c pqclean/crypto_sign/ml-dsa-65/clean/packing.c \
	pqclean/crypto_sign/ml-dsa-65/clean/poly.c pqclean/crypto_sign/ml-dsa-65/clean/polyvec.c \
	pqclean/crypto_sign/ml-dsa-65/clean/reduce.c pqclean/crypto_sign/ml-dsa-65/clean/rounding.c \
	pqclean/crypto_sign/ml-dsa-65/clean/sign.c \
	pqclean/crypto_sign/ml-dsa-65/clean/symmetric-shake.c
schemes_pqclean_libpqc_mldsa65_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mldsa65_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_mldsa87_la_SOURCES = \
	pqclean/crypto_sign/ml-dsa-87/clean/ntt.c pqclean/crypto_sign/ml-dsa-87/clean/packing.c \
	pqclean/crypto_sign/ml-dsa-87/clean/poly.c pqclean/crypto_sign/ml-dsa-87/clean/polyvec.c \
	pqclean/crypto_sign/ml-dsa-87/clean/reduce.c pqclean/crypto_sign/ml-dsa-87/clean/rounding.c \
	pqclean/crypto_sign/ml-dsa-87/clean/sign.c \
	pqclean/crypto_sign/ml-dsa-87/clean/symmetric-shake.c
schemes_pqclean_libpqc_mldsa87_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_mldsa87_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_sphincsshake128fsimple_la_SOURCES = \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/address.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/context_shake.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/fors.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/hash_shake.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/merkle.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/sign.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/thash_shake_simple.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/utils.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/utilsx1.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/wots.c \
	pqclean/crypto_sign/sphincs-shake-128f-simple/clean/wotsx1.c
schemes_pqclean_libpqc_sphincsshake128fsimple_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_sphincsshake128fsimple_la_CFLAGS = $(hp_pqc_lib_cflags)

nodist_schemes_pqclean_libpqc_falcon512_la_SOURCES = \
	pqclean/crypto_sign/falcon-512/clean/codec.c pqclean/crypto_sign/falcon-512/clean/common.c \
	pqclean/crypto_sign/falcon-512/clean/fft.c pqclean/crypto_sign/falcon-512/clean/fpr.c \
	pqclean/crypto_sign/falcon-512/clean/keygen.c pqclean/crypto_sign/falcon-512/clean/pqclean.c \
	pqclean/crypto_sign/falcon-512/clean/rng.c pqclean/crypto_sign/falcon-512/clean/sign.c \
	pqclean/crypto_sign/falcon-512/clean/vrfy.c
schemes_pqclean_libpqc_falcon512_la_CPPFLAGS = $(hp_pqc_lib_cppflags)
schemes_pqclean_libpqc_falcon512_la_CFLAGS = $(hp_pqc_lib_cflags)

# ---- the instance modules (schemes/<name>.la -> schemes/.libs/<name>.so) --
pkglib_LTLIBRARIES += schemes/ml-kem-512.la schemes/ml-kem-768.la schemes/ml-kem-1024.la \
	schemes/ml-dsa-44.la schemes/ml-dsa-65.la schemes/ml-dsa-87.la \
	schemes/sphincs-shake-128f-simple.la schemes/falcon-512.la schemes/kex-ml-kem-768.la

schemes_ml_kem_512_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-KEM-512/KEM_AlgorithmInstance.c schemes/pqclean/ML-KEM-512/KEM_AlgorithmInstance.h
schemes_ml_kem_512_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-KEM-512 $(hp_pqc_kem_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_kem/ml-kem-512/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-kem-512/clean"'
schemes_ml_kem_512_la_LIBADD = schemes/pqclean/libpqc_mlkem512.la $(hp_pqc_libadd)
schemes_ml_kem_512_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_kem_512_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_kem_512_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_kem_512_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_kem_768_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-KEM-768/KEM_AlgorithmInstance.c schemes/pqclean/ML-KEM-768/KEM_AlgorithmInstance.h
schemes_ml_kem_768_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-KEM-768 $(hp_pqc_kem_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_kem/ml-kem-768/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-kem-768/clean"'
schemes_ml_kem_768_la_LIBADD = schemes/pqclean/libpqc_mlkem768.la $(hp_pqc_libadd)
schemes_ml_kem_768_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_kem_768_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_kem_768_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_kem_768_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_kem_1024_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-KEM-1024/KEM_AlgorithmInstance.c schemes/pqclean/ML-KEM-1024/KEM_AlgorithmInstance.h
schemes_ml_kem_1024_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-KEM-1024 $(hp_pqc_kem_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_kem/ml-kem-1024/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-kem-1024/clean"'
schemes_ml_kem_1024_la_LIBADD = schemes/pqclean/libpqc_mlkem1024.la $(hp_pqc_libadd)
schemes_ml_kem_1024_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_kem_1024_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_kem_1024_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_kem_1024_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_dsa_44_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-DSA-44/SIG_AlgorithmInstance.c schemes/pqclean/ML-DSA-44/SIG_AlgorithmInstance.h
schemes_ml_dsa_44_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-DSA-44 $(hp_pqc_sig_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_sign/ml-dsa-44/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-dsa-44/clean"'
schemes_ml_dsa_44_la_LIBADD = schemes/pqclean/libpqc_mldsa44.la $(hp_pqc_libadd)
schemes_ml_dsa_44_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_dsa_44_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_dsa_44_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_dsa_44_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_dsa_65_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-DSA-65/SIG_AlgorithmInstance.c schemes/pqclean/ML-DSA-65/SIG_AlgorithmInstance.h
schemes_ml_dsa_65_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-DSA-65 $(hp_pqc_sig_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_sign/ml-dsa-65/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-dsa-65/clean"'
schemes_ml_dsa_65_la_LIBADD = schemes/pqclean/libpqc_mldsa65.la $(hp_pqc_libadd)
schemes_ml_dsa_65_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_dsa_65_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_dsa_65_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_dsa_65_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_dsa_87_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/ML-DSA-87/SIG_AlgorithmInstance.c schemes/pqclean/ML-DSA-87/SIG_AlgorithmInstance.h
schemes_ml_dsa_87_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/ML-DSA-87 $(hp_pqc_sig_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_sign/ml-dsa-87/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-dsa-87/clean"'
schemes_ml_dsa_87_la_LIBADD = schemes/pqclean/libpqc_mldsa87.la $(hp_pqc_libadd)
schemes_ml_dsa_87_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_dsa_87_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_dsa_87_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_dsa_87_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_sphincs_shake_128f_simple_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/SPHINCS+-SHAKE-128f-simple/SIG_AlgorithmInstance.c \
	schemes/pqclean/SPHINCS+-SHAKE-128f-simple/SIG_AlgorithmInstance.h
schemes_sphincs_shake_128f_simple_la_CPPFLAGS = \
	-I$(top_srcdir)/schemes/pqclean/SPHINCS+-SHAKE-128f-simple $(hp_pqc_sig_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_sign/sphincs-shake-128f-simple/clean \
	-DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 sphincs-shake-128f-simple/clean"'
schemes_sphincs_shake_128f_simple_la_LIBADD = schemes/pqclean/libpqc_sphincsshake128fsimple.la \
	$(hp_pqc_libadd)
schemes_sphincs_shake_128f_simple_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_sphincs_shake_128f_simple_la_LINK = $(HP_SURVEY_LINK) $(schemes_sphincs_shake_128f_simple_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_sphincs_shake_128f_simple_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_falcon_512_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/Falcon-512/SIG_AlgorithmInstance.c schemes/pqclean/Falcon-512/SIG_AlgorithmInstance.h
schemes_falcon_512_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/Falcon-512 $(hp_pqc_sig_cppflags) \
	-I$(PQCLEAN_DIR)/crypto_sign/falcon-512/clean -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 falcon-512/clean"'
schemes_falcon_512_la_LIBADD = schemes/pqclean/libpqc_falcon512.la $(hp_pqc_libadd)
schemes_falcon_512_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_falcon_512_la_LINK = $(HP_SURVEY_LINK) $(schemes_falcon_512_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_falcon_512_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

# The key exchange reuses ML-KEM-768's PQClean library.
schemes_kex_ml_kem_768_la_SOURCES = $(hp_pqc_common_sources) \
	schemes/pqclean/KEX-ML-KEM-768/KEX_AlgorithmInstance.c \
	schemes/pqclean/KEX-ML-KEM-768/KEX_AlgorithmInstance.h
schemes_kex_ml_kem_768_la_CPPFLAGS = -I$(top_srcdir)/schemes/pqclean/KEX-ML-KEM-768 \
	$(hp_pqc_kex_cppflags) -I$(PQCLEAN_DIR)/crypto_kem/ml-kem-768/clean \
	-DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-kem-768/clean, 2-pass KEM exchange"'
schemes_kex_ml_kem_768_la_LIBADD = schemes/pqclean/libpqc_mlkem768.la $(hp_pqc_libadd)
schemes_kex_ml_kem_768_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_kex_ml_kem_768_la_LINK = $(HP_SURVEY_LINK) $(schemes_kex_ml_kem_768_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_kex_ml_kem_768_la_DEPENDENCIES = $(HP_SURVEY_DEPS)


# ---- the native instances ---------------------------------------
# The same PQClean schemes with PQClean's own symmetric code: its
# common/fips202.c instead of our ICCS routing (no hash helper is called),
# compiled against PQClean's own fips202.h and randombytes.h; their
# randomness stays on the seeded ICCS DRNG (native/randombytes_drng.c
# defines PQCLEAN_randombytes on it), so that a row is reproducible like
# every other.  The survey finds their own Keccak
# and wraps its entry functions (schemes/pqclean/README.md, "Native").
hp_pqc_native_cppflags = -I$(PQCLEAN_DIR)/common

noinst_LTLIBRARIES += schemes/pqclean/libhpqcnative.la
nodist_schemes_pqclean_libhpqcnative_la_SOURCES = pqclean/common/fips202.c
schemes_pqclean_libhpqcnative_la_SOURCES = schemes/pqclean/native/randombytes_drng.c
schemes_pqclean_libhpqcnative_la_CPPFLAGS = $(hp_pqc_native_cppflags) -I$(top_srcdir)/schemes/iccs
schemes_pqclean_libhpqcnative_la_CFLAGS = $(hp_pqc_lib_cflags)
hp_pqc_native_libadd = schemes/pqclean/libhpqcnative.la schemes/iccs/libiccs.la $(HP_WRAP_LIBADD)

noinst_LTLIBRARIES += schemes/pqclean/libpqc_mldsa44_native.la schemes/pqclean/libpqc_mlkem768_native.la \
	schemes/pqclean/libpqc_sphincsshake128fsimple_native.la schemes/pqclean/libpqc_falcon512_native.la
nodist_schemes_pqclean_libpqc_mldsa44_native_la_SOURCES = $(nodist_schemes_pqclean_libpqc_mldsa44_la_SOURCES)
schemes_pqclean_libpqc_mldsa44_native_la_CPPFLAGS = $(hp_pqc_native_cppflags)
schemes_pqclean_libpqc_mldsa44_native_la_CFLAGS = $(hp_pqc_lib_cflags)
nodist_schemes_pqclean_libpqc_mlkem768_native_la_SOURCES = $(nodist_schemes_pqclean_libpqc_mlkem768_la_SOURCES)
schemes_pqclean_libpqc_mlkem768_native_la_CPPFLAGS = $(hp_pqc_native_cppflags)
schemes_pqclean_libpqc_mlkem768_native_la_CFLAGS = $(hp_pqc_lib_cflags)
nodist_schemes_pqclean_libpqc_sphincsshake128fsimple_native_la_SOURCES = \
	$(nodist_schemes_pqclean_libpqc_sphincsshake128fsimple_la_SOURCES)
schemes_pqclean_libpqc_sphincsshake128fsimple_native_la_CPPFLAGS = $(hp_pqc_native_cppflags)
schemes_pqclean_libpqc_sphincsshake128fsimple_native_la_CFLAGS = $(hp_pqc_lib_cflags)
nodist_schemes_pqclean_libpqc_falcon512_native_la_SOURCES = $(nodist_schemes_pqclean_libpqc_falcon512_la_SOURCES)
schemes_pqclean_libpqc_falcon512_native_la_CPPFLAGS = $(hp_pqc_native_cppflags)
schemes_pqclean_libpqc_falcon512_native_la_CFLAGS = $(hp_pqc_lib_cflags)

pkglib_LTLIBRARIES += schemes/ml-dsa-44-native.la schemes/ml-kem-768-native.la \
	schemes/sphincs-shake-128f-simple-native.la schemes/falcon-512-native.la

schemes_ml_dsa_44_native_la_SOURCES = $(schemes_ml_dsa_44_la_SOURCES)
schemes_ml_dsa_44_native_la_CPPFLAGS = $(schemes_ml_dsa_44_la_CPPFLAGS) -DHP_INSTANCE_NAME='"ML-DSA-44-NATIVE"' \
	-UHP_INSTANCE_ORIGIN -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-dsa-44/clean with its own fips202.c"'
schemes_ml_dsa_44_native_la_LIBADD = schemes/pqclean/libpqc_mldsa44_native.la $(hp_pqc_native_libadd)
schemes_ml_dsa_44_native_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_dsa_44_native_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_dsa_44_native_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_dsa_44_native_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_ml_kem_768_native_la_SOURCES = $(schemes_ml_kem_768_la_SOURCES)
schemes_ml_kem_768_native_la_CPPFLAGS = $(schemes_ml_kem_768_la_CPPFLAGS) -DHP_INSTANCE_NAME='"ML-KEM-768-NATIVE"' \
	-UHP_INSTANCE_ORIGIN -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 ml-kem-768/clean with its own fips202.c"'
schemes_ml_kem_768_native_la_LIBADD = schemes/pqclean/libpqc_mlkem768_native.la $(hp_pqc_native_libadd)
schemes_ml_kem_768_native_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_ml_kem_768_native_la_LINK = $(HP_SURVEY_LINK) $(schemes_ml_kem_768_native_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ml_kem_768_native_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_sphincs_shake_128f_simple_native_la_SOURCES = $(schemes_sphincs_shake_128f_simple_la_SOURCES)
schemes_sphincs_shake_128f_simple_native_la_CPPFLAGS = $(schemes_sphincs_shake_128f_simple_la_CPPFLAGS) \
	-DHP_INSTANCE_NAME='"SPHINCS+-SHAKE-128f-simple-NATIVE"' -UHP_INSTANCE_ORIGIN \
	-DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 sphincs-shake-128f-simple/clean with its own fips202.c"'
schemes_sphincs_shake_128f_simple_native_la_LIBADD = schemes/pqclean/libpqc_sphincsshake128fsimple_native.la \
	$(hp_pqc_native_libadd)
schemes_sphincs_shake_128f_simple_native_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_sphincs_shake_128f_simple_native_la_LINK = $(HP_SURVEY_LINK) \
	$(schemes_sphincs_shake_128f_simple_native_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_sphincs_shake_128f_simple_native_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

schemes_falcon_512_native_la_SOURCES = $(schemes_falcon_512_la_SOURCES)
schemes_falcon_512_native_la_CPPFLAGS = $(schemes_falcon_512_la_CPPFLAGS) -DHP_INSTANCE_NAME='"Falcon-512-NATIVE"' \
	-UHP_INSTANCE_ORIGIN -DHP_INSTANCE_ORIGIN='"PQClean 0.8.1 falcon-512/clean with its own fips202.c"'
schemes_falcon_512_native_la_LIBADD = schemes/pqclean/libpqc_falcon512_native.la $(hp_pqc_native_libadd)
schemes_falcon_512_native_la_LDFLAGS = $(HP_INSTANCE_LDFLAGS)
schemes_falcon_512_native_la_LINK = $(HP_SURVEY_LINK) $(schemes_falcon_512_native_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_falcon_512_native_la_DEPENDENCIES = $(HP_SURVEY_DEPS)

else
hp_pqc_configured = 0
endif
