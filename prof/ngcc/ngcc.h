/*
 * ngcc.h - the facts of the NGCC API and the ICCS helpers, stated once
 * (docs/ngcc-api.md, docs/iccs-helpers.md): the API symbols
 * of each kind, the helpers' ids and the order the builder handles them
 * in, and instance names.  The measuring engine (drivers/api.c), the
 * builder (builder/) and the records (prof/) all take them from here.
 *
 * The helper ids themselves are enum hp_fn of wrap/hp_wrap.h, the shims'
 * contract with the runtime, in the order the published tables print
 * their calls (drng, pseudoXOF, pseudohash, sm3hash; init_random_number
 * last).
 */
#ifndef HP_NGCC_H
#define HP_NGCC_H

#include "hp_wrap.h"

/* ---------- the API ---------- */

/*
 * The symbols an instance of kind ("sig", "kem", "kex") must define,
 * NULL-terminated, in this fixed order (drivers/api.c binds them by
 * position):
 *   sig: sig_get_pk_len_bytes sig_get_sk_len_bytes sig_get_sn_len_bytes
 *        sig_keygen sig_sign sig_verify
 *   kem: kem_get_pk_len_bytes kem_get_sk_len_bytes kem_get_ss_len_bytes
 *        kem_get_ct_len_bytes kem_keygen kem_enc kem_dec
 *   kex: kex_get_passes_num kex_get_pk_len_bytes kex_get_sk_len_bytes
 *        kex_get_sta_len_bytes kex_get_stb_len_bytes kex_get_ss_len_bytes
 *        kex_get_total_msg_len_bytes kex_init_a kex_init_b
 *        kex_generate_pass1_msg_a kex_generate_pass2_msg_b
 *        kex_generate_pass3_msg_a kex_derive_ss_a kex_derive_ss_b
 * NULL for an unknown kind.
 */
const char *const *hp_ngcc_api_symbols(const char *kind);

/* Symbols per kind (without the NULL): what hp_ngcc_api_symbols lists. */
#define HP_NGCC_SIG_SYMBOLS 6
#define HP_NGCC_KEM_SYMBOLS 7
#define HP_NGCC_KEX_SYMBOLS 14

/*
 * The API functions of kind that only some instances define,
 * NULL-terminated, in this fixed order (drivers/api.c binds them by
 * position); an empty list for sig and kem, NULL for an unknown kind:
 *   kex: kex_generate_pass4_msg_b kex_generate_pass5_msg_a
 * ngcc-api.md: the ICCS template names passes 4 and 5 only in a comment,
 * but exchanges of 4 (and 5) passes define them.  The builder links them
 * when an object defines them; the driver needs pass K when
 * kex_get_passes_num() returns K or more.
 */
const char *const *hp_ngcc_api_optional_symbols(const char *kind);
#define HP_NGCC_KEX_OPTIONAL_SYMBOLS 2

/* A key exchange has 1 to HP_NGCC_KEX_PASSES_MAX message passes (ngcc-api.md). */
#define HP_NGCC_KEX_PASSES_MAX 5

/*
 * The operations hashprof profiles of each kind, NULL-terminated, in the
 * order rows are printed: sig keygen sign verify; kem keygen encaps
 * decaps; kex exchange (the whole protocol) and each of its steps, init_a
 * init_b pass1 .. pass5 derive_a derive_b (an instance has as many passes
 * as kex_get_passes_num() says).  The drivers run them (drivers/ops_*.c),
 * records are checked against them (prof/record/record.c).
 */
#define HP_NGCC_SIG_OPERATIONS 3
#define HP_NGCC_KEM_OPERATIONS 3
#define HP_NGCC_KEX_OPERATIONS (5 + HP_NGCC_KEX_PASSES_MAX)
extern const char *const hp_ngcc_sig_operations[HP_NGCC_SIG_OPERATIONS + 1];
extern const char *const hp_ngcc_kem_operations[HP_NGCC_KEM_OPERATIONS + 1];
extern const char *const hp_ngcc_kex_operations[HP_NGCC_KEX_OPERATIONS + 1];

/* The operations of kind ("sig", "kem", "kex"), as above; NULL for an
 * unknown kind. */
const char *const *hp_ngcc_operations(const char *kind);

/* ---------- the helpers ---------- */

/*
 * The order of the ICCS sources (auxfunc.c: pseudohash, pseudoXOF,
 * sm3hash; drng.c: get_random_number, init_random_number): the order the
 * builder finds, lists, links and wraps the helpers in.  A permutation
 * of enum hp_fn's helpers.
 */
extern const unsigned hp_ngcc_helper_order[HP_FN_COUNT];

/* for (each helper h in hp_ngcc_helper_order) */
#define HP_FOR_EACH_HELPER(h)                                                            \
	for (unsigned hp_k_##h = 0, h = hp_ngcc_helper_order[0]; hp_k_##h < HP_FN_COUNT; \
	     h = hp_ngcc_helper_order[++hp_k_##h < HP_FN_COUNT ? hp_k_##h : 0])

/* The enum hp_fn of a helper's C name ("pseudoXOF", ...), or -1. */
int hp_fn_of_name(const char *name);

/* Is h one of the DRNG's (get_random_number, init_random_number), which
 * ICCS ships in drng.c rather than auxfunc.c?  1 or 0. */
int hp_fn_is_drng(unsigned h);

/* ---------- instance names ---------- */

#define HP_NAME_MAX 64 /* ngcc-api.md: ALGORITHM_INSTANCE is at most 64 bytes */

/*
 * Instance names, one rule for `hashprof build` (ALGORITHM_INSTANCE,
 * --name, recipes), record file names and published pages: 1 to
 * HP_NAME_MAX bytes of ASCII letters, digits, '+', '-' and '_'
 * (ngcc-api.md's letters, digits, '-', '_', and the '+' of
 * SPHINCS+-SHAKE-128f-simple).  HP_NAME_RULE says it in messages.
 */
#define HP_NAME_RULE "1 to 64 letters, digits, '+', '-' or '_'"
_Static_assert(HP_NAME_MAX == 64, "HP_NAME_RULE states HP_NAME_MAX");

/* Whether byte c may be part of an instance name: 1 or 0. */
int hp_name_char(int c);

/* Whether s (NUL-terminated) is an instance name: 1 or 0. */
int hp_name_valid(const char *s);

#endif
