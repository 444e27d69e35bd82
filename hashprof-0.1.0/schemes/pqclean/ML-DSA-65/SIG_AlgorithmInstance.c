/*
 * SIG_AlgorithmInstance.c - ML-DSA-65: the NGCC SIG API (ngcc_api.h)
 * mapped onto PQClean's PQCLEAN_MLDSA65_CLEAN_crypto_sign_* functions from
 * crypto_sign/ml-dsa-65/clean/api.h.  The mapping is shared by every
 * PQClean sig instance and lives in
 * schemes/pqclean/adapter/pqclean_sig.inc.
 */
#include "SIG_AlgorithmInstance.h"

#include "api.h"

#define HP_PQC(x) PQCLEAN_MLDSA65_CLEAN_##x
#include "pqclean_sig.inc"
