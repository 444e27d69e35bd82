/*
 * SIG_AlgorithmInstance.h - NGCC adapter header of the instance
 * Falcon-512: PQClean 0.8.1 crypto_sign/falcon-512/clean, compiled
 * unmodified, with its SHAKE/SHA-3 and randombytes served by the ICCS
 * helpers (schemes/pqclean/README.md).
 */
#ifndef SIG_ALGORITHMINSTANCE_H
#define SIG_ALGORITHMINSTANCE_H

/* The instance name hashprof lists and selects (at most 64 bytes). */
#define ALGORITHM_INSTANCE "Falcon-512"
/* As in NGCC submissions: 0 = the ICCS KAT generator writes real test
 * vectors rather than blank ones. */
#define OUTPUT_BLANK_TEST_VECTORS 0

/* The exported API, lengths in bytes, error codes HP_NGCC_*. */
#include "ngcc_api.h"

#endif
