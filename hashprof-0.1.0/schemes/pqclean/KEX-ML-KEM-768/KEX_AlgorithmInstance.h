/*
 * KEX_AlgorithmInstance.h - NGCC adapter header of the instance
 * KEX-ML-KEM-768: a two-pass key exchange built on ML-KEM-768 (PQClean
 * 0.8.1 crypto_kem/ml-kem-768/clean, compiled unmodified, hashing and
 * randomness through the ICCS helpers; schemes/pqclean/README.md).
 *
 * The exchange (unauthenticated, like an ML-KEM key share in TLS 1.3):
 *   kex_init_a    A generates an ML-KEM-768 key pair (pka = ek, 1184 bytes;
 *                 ska = dk, 2400 bytes), used as A's ephemeral key for this
 *                 exchange.                                  [KEM keygen]
 *   kex_init_b    B needs no key: pkb and skb have length 0.  No helper call.
 *   pass 1 (A->B) m1 = ek, copied out of ska (FIPS 203 lays dk out as
 *                 dk_PKE || ek || H(ek) || z).  No helper call.  Returns 0.
 *   pass 2 (B->A) B encapsulates to m1: m2 = ct (1088 bytes), and keeps the
 *                 shared secret in its state.  Returns 1: complete.
 *                                                            [KEM encaps]
 *   derive A      ssa = Decaps(ska, m2) (32 bytes).          [KEM decaps]
 *   derive B      ssb = the secret stored by pass 2 (32 bytes).  No call.
 * One exchange therefore costs exactly one ML-KEM-768 keygen + encaps +
 * decaps, and its helper calls are the sum of theirs.
 *
 * States: sta is 1 byte (A's phase), stb is 1 + 32 bytes (B's phase, then
 * the shared secret).  A step called out of order returns
 * HP_NGCC_ERR_STATE (-4); a message or key of the wrong length returns
 * HP_NGCC_ERR_LENGTH (-2).  kex_generate_pass3_msg_a is never used by a
 * 2-pass exchange and returns HP_NGCC_ERR_STATE.
 */
#ifndef KEX_ALGORITHMINSTANCE_H
#define KEX_ALGORITHMINSTANCE_H

/* The instance name hashprof lists and selects (at most 64 bytes). */
#define ALGORITHM_INSTANCE "KEX-ML-KEM-768"
/* As in NGCC submissions: 0 = the ICCS KAT generator writes real test
 * vectors rather than blank ones. */
#define OUTPUT_BLANK_TEST_VECTORS 0

/* The exported API, lengths in bytes, error codes HP_NGCC_*. */
#include "ngcc_api.h"

#endif
