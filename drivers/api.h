/*
 * api.h - an instance loaded with dlopen(): its NGCC API (ngcc-api.md),
 * its DRNG and the wrap shims' state.  Lengths are bytes, as in the API;
 * DRNG lengths are bits.
 */
#ifndef HP_API_H
#define HP_API_H

#include <stddef.h>

#include "hp_wrap.h"
#include "instance.h"

typedef unsigned char u8;
typedef unsigned long long ull;

struct hp_sig_api {
	ull (*pk_len)(void), (*sk_len)(void), (*sn_len)(void);
	int (*keygen)(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len);
	int (*sign)(u8 *sk, ull sk_len, u8 *m, ull m_len, u8 *sn, ull *sn_len);
	int (*verify)(u8 *pk, ull pk_len, u8 *sn, ull sn_len, u8 *m, ull m_len);
};

struct hp_kem_api {
	ull (*pk_len)(void), (*sk_len)(void), (*ss_len)(void), (*ct_len)(void);
	int (*keygen)(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len);
	int (*enc)(u8 *pk, ull pk_len, u8 *ss, ull *ss_len, u8 *ct, ull *ct_len);
	int (*dec)(u8 *sk, ull sk_len, u8 *ct, ull ct_len, u8 *ss, ull *ss_len);
};

struct hp_kex_api {
	ull (*passes)(void), (*pk_len)(void), (*sk_len)(void), (*sta_len)(void), (*stb_len)(void), (*ss_len)(void),
		(*msg_len)(void);
	int (*init_a)(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len);
	int (*init_b)(u8 *pk, ull *pk_len, u8 *sk, ull *sk_len, u8 *st, ull *st_len);
	int (*pass1)(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *sta, ull *sta_len, u8 *m1, ull *m1_len);
	int (*pass2)(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *m1, ull m1_len, u8 *stb, ull *stb_len, u8 *m2,
		     ull *m2_len);
	int (*pass3)(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *m2, ull m2_len, u8 *sta, ull *sta_len, u8 *m3,
		     ull *m3_len);
	/* passes 4 and 5: NULL when the instance does not define them
	 * (hp_ngcc_api_optional_symbols) */
	int (*pass4)(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *m3, ull m3_len, u8 *stb, ull *stb_len, u8 *m4,
		     ull *m4_len);
	int (*pass5)(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *m4, ull m4_len, u8 *sta, ull *sta_len, u8 *m5,
		     ull *m5_len);
	int (*derive_a)(u8 *ska, ull ska_len, u8 *pkb, ull pkb_len, u8 *mb, ull mb_len, u8 *sta, ull sta_len, u8 *ss,
			ull *ss_len);
	int (*derive_b)(u8 *skb, ull skb_len, u8 *pka, ull pka_len, u8 *ma, ull ma_len, u8 *stb, ull stb_len, u8 *ss,
			ull *ss_len);
};

struct hp_api {
	void *dl;
	struct hp_wrap_state *wrap; /* the shims' counters */
	void *drng_algorithm; /* the global DRNG_ctx; NULL when the instance has no DRNG */
	int (*init_random_number)(void *drng, const u8 *seed, ull seed_len_bytes);
	struct hp_sig_api sig;
	struct hp_kem_api kem;
	struct hp_kex_api kex;
};

/*
 * dlopen() the instance and resolve every API symbol of its kind (the
 * optional ones, a key exchange's passes 4 and 5, when it defines them),
 * the DRNG and the wrap state.  Returns 0, or -1 with a one-line reason in
 * err naming the first missing symbol (or dlerror()'s text).
 */
int hp_api_load(const struct hp_instance *inst, struct hp_api *api, char *err, size_t errlen);

#endif
