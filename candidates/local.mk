# candidates/: the hash candidates of --hash (docs/candidates.md).
#
#   libhpcand.la      the built-ins on OpenSSL's EVP (evp.c) and the
#                     constructions every digest candidate shares
#                     (construct.c), linked into hashprof: they run in the
#                     measuring child and in the cost micro-benchmark
#   hashprof-swap.so  the swap modules (dispatch.c, dispatch_sm3.c; swap.h):
#   hashprof-swap-sm3.so  loaded RTLD_GLOBAL before an instance, their
#                     pseudohash, pseudoXOF (sm3hash) take the instance's
#                     references and call the arm's helpers.  Installed in
#                     $(pkglibdir)/swap, out of the instance folder's scan.
HP_CANDIDATES_CPPFLAGS = -I$(top_srcdir)/candidates

noinst_LTLIBRARIES += candidates/libhpcand.la
candidates_libhpcand_la_SOURCES = candidates/candidate.h candidates/evp.c \
	candidates/construct.c candidates/construct.h candidates/swap.h candidates/module.h
candidates_libhpcand_la_CPPFLAGS = $(HP_WRAP_CPPFLAGS) $(HP_CANDIDATES_CPPFLAGS)
candidates_libhpcand_la_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
candidates_libhpcand_la_LIBADD = $(LIBCRYPTO_LIBS)

swapdir = $(pkglibdir)/swap
swap_LTLIBRARIES = candidates/hashprof-swap.la candidates/hashprof-swap-sm3.la
HP_SWAP_LDFLAGS = -module -avoid-version -shared -no-undefined
candidates_hashprof_swap_la_SOURCES = candidates/dispatch.c
candidates_hashprof_swap_la_CPPFLAGS = $(HP_WRAP_CPPFLAGS) $(HP_CANDIDATES_CPPFLAGS)
candidates_hashprof_swap_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
candidates_hashprof_swap_la_LDFLAGS = $(HP_SWAP_LDFLAGS)
candidates_hashprof_swap_sm3_la_SOURCES = candidates/dispatch_sm3.c
candidates_hashprof_swap_sm3_la_CPPFLAGS = $(HP_WRAP_CPPFLAGS) $(HP_CANDIDATES_CPPFLAGS)
candidates_hashprof_swap_sm3_la_CFLAGS = $(AM_CFLAGS) -fvisibility=hidden
candidates_hashprof_swap_sm3_la_LDFLAGS = $(HP_SWAP_LDFLAGS)
