/*
 * module.h - what a candidate module is: the shared object `hashprof
 * build --hash DIR` makes from an NGCC hash submission (the
 * API_CryptHash package: CryptHash_AlgorithmInstance.{c,h} defining
 * CryptHash and DIGEST_BIT_LENGTH).  The submission's objects plus
 * candidates/module_adapter.c, which exports the helpers' stand-ins
 * below on top of CryptHash with construct.h's counter mode, and
 * candidates/module_info.c, the .hashprof section that lists and finds
 * the module without running it.  A version script exports the
 * stand-ins and nothing else: a module's own drng.c (API_CryptHash ships
 * one) or CryptHash can never interpose on an instance's symbols.
 */
#ifndef HP_CAND_MODULE_H
#define HP_CAND_MODULE_H

/* The stand-ins a module exports, with the helpers' signatures
 * (candidate.h): pseudohash and pseudoXOF always, sm3hash when the module
 * stands in for it too (built with --sm3hash: helpers= says so). */
#define HP_CAND_SYM_PSEUDOHASH "hashprof_candidate_pseudohash"
#define HP_CAND_SYM_XOF "hashprof_candidate_pseudoXOF"
#define HP_CAND_SYM_SM3 "hashprof_candidate_sm3hash"
/* const char *hashprof_candidate_error(void): the module's last CryptHash
 * failure, one line ("CryptHash returned -3 for a 5032-bit input"), ""
 * when none; absent from modules built before it existed. */
#define HP_CAND_SYM_ERROR "hashprof_candidate_error"
/* unsigned hashprof_candidate_digest_written(void): how many bits of its
 * DIGEST_BIT_LENGTH CryptHash writes (fewer: the header claims a longer
 * digest than the function makes); absent from older modules. */
#define HP_CAND_SYM_DIGEST_WRITTEN "hashprof_candidate_digest_written"

/* The .hashprof section: this line, then "key=value\n" lines: name (the
 * submission's ALGORITHM_INSTANCE), digest_bits (DIGEST_BIT_LENGTH),
 * helpers (comma-separated helper names), origin (the package folder),
 * construction (one line), cflags. */
#define HP_CAND_MODULE_MAGIC "hashprof-candidate 1\n"

#endif
