# schemes/iccs/: hashprof's own ICCS helpers (sm3hash, pseudohash,
# pseudoXOF, SM3 Hash-DRBG) on OpenSSL's SM3, for the instances hashprof
# builds itself.  A libtool convenience library (PIC).
noinst_LTLIBRARIES += schemes/iccs/libiccs.la
schemes_iccs_libiccs_la_SOURCES = schemes/iccs/auxfunc.c schemes/iccs/auxfunc.h \
	schemes/iccs/drng.c schemes/iccs/drng.h
schemes_iccs_libiccs_la_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
schemes_iccs_libiccs_la_LIBADD = $(LIBCRYPTO_LIBS)
EXTRA_DIST += schemes/iccs/README.md
