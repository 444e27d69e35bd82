/*
 * drng_global.c - the global DRNG context, for instances built by
 * `hashprof build` whose own objects do not define it (installed in
 * pkgdatadir and compiled into such instances; not part of the hashprof
 * program).
 *
 * In a submission the ICCS KAT program (KAT_SIG.c, ...) defines
 * `DRNG_ctx drng_algorithm;` and the scheme only declares it.  hashprof
 * replaces that program by its driver, which seeds the global through the
 * instance's own init_random_number (ngcc-api.md, method.md).
 *
 * This copy must compile without the package's drng.h, so it defines the
 * object by size: DRNG_ctx is three SEEDLEN-byte arrays, V, C and
 * reseed_counter, with SEEDLEN = 55 bytes (440 bits, the SM3 Hash_DRBG
 * seed length), so sizeof(DRNG_ctx) = 3 * 55 = 165 bytes with no padding
 * (unsigned char members have alignment 1).  Only the scheme's own
 * drng.c ever reads the bytes, through its own DRNG_ctx type; the size is
 * what has to agree.  A package whose drng.h differs can define the
 * global in its own sources, which hashprof build then uses instead.
 */
#ifndef HP_DRNG_CTX_BYTES
#define HP_DRNG_CTX_BYTES (3 * 55)
#endif

__attribute__((aligned(16))) unsigned char drng_algorithm[HP_DRNG_CTX_BYTES];
