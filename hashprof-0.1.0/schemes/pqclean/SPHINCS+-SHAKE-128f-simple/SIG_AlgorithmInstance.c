/*
 * SIG_AlgorithmInstance.c - SPHINCS+-SHAKE-128f-simple: the NGCC SIG API
 * (ngcc_api.h) mapped onto PQClean's
 * PQCLEAN_SPHINCSSHAKE128FSIMPLE_CLEAN_crypto_sign_* functions from
 * crypto_sign/sphincs-shake-128f-simple/clean/api.h.  The mapping is
 * shared by every PQClean sig instance and lives in
 * schemes/pqclean/adapter/pqclean_sig.inc.
 */
#include "SIG_AlgorithmInstance.h"

#include "api.h"

#define HP_PQC(x) PQCLEAN_SPHINCSSHAKE128FSIMPLE_CLEAN_##x
#include "pqclean_sig.inc"
