/*
 * KEM_AlgorithmInstance.c - ML-KEM-1024: the NGCC KEM API (ngcc_api.h)
 * mapped onto PQClean's PQCLEAN_MLKEM1024_CLEAN_crypto_kem_* functions
 * from crypto_kem/ml-kem-1024/clean/api.h.  The mapping is shared by every
 * PQClean kem instance and lives in
 * schemes/pqclean/adapter/pqclean_kem.inc.
 */
#include "KEM_AlgorithmInstance.h"

#include "api.h"

#define HP_PQC(x) PQCLEAN_MLKEM1024_CLEAN_##x
#include "pqclean_kem.inc"
