/*
 * ngcc_api.h - the NGCC "API_PKC" functions (docs/ngcc-api.md) that
 * the PQClean instances export, with the error codes of our adapters.
 * Every length is in BYTES; every buffer is caller-allocated with at least
 * the size the matching *_get_*_len_bytes() returns.  Return 0 on success.
 */
#ifndef HP_PQCLEAN_NGCC_API_H
#define HP_PQCLEAN_NGCC_API_H

/* Error codes of the PQClean adapters (ngcc-api.md leaves -1..-99 to the
 * submitter, except -1 = invalid signature for sig_verify). */
#define HP_NGCC_INVALID (-1) /* sig_verify: the signature does not verify */
#define HP_NGCC_ERR_LENGTH (-2) /* an input length differs from the scheme's */
#define HP_NGCC_ERR_SCHEME (-3) /* the PQClean function reported a failure */
#define HP_NGCC_ERR_STATE (-4) /* KEX: a step called out of order */

/* ---- signatures --------------------------------------------------------- */

/* Sizes in bytes: public key, secret key, and the signature length bound. */
unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
/* Key pair from the global DRNG: pk[sig_get_pk_len_bytes()],
 * sk[sig_get_sk_len_bytes()]; the lengths written are those sizes.
 * Returns 0 or HP_NGCC_ERR_SCHEME. */
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
	       unsigned long long *sk_len_bytes);
/* Detached signature of m[m_len_bytes] into sn[sig_get_sn_len_bytes()];
 * *sn_len_bytes gets its actual length.  Returns 0, HP_NGCC_ERR_LENGTH
 * (sk_len_bytes wrong) or HP_NGCC_ERR_SCHEME. */
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m, unsigned long long m_len_bytes,
	     unsigned char *sn, unsigned long long *sn_len_bytes);
/* Returns 0 when sn[sn_len_bytes] is a valid signature of m under pk,
 * HP_NGCC_INVALID when it is not, HP_NGCC_ERR_LENGTH when pk_len_bytes is
 * wrong. */
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn, unsigned long long sn_len_bytes,
	       unsigned char *m, unsigned long long m_len_bytes);

/* ---- KEMs ---------------------------------------------------------------- */

/* Sizes in bytes: public key, secret key, shared secret, ciphertext. */
unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);
/* Key pair from the global DRNG.  Returns 0 or HP_NGCC_ERR_SCHEME. */
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
	       unsigned long long *sk_len_bytes);
/* Encapsulate to pk: ss[kem_get_ss_len_bytes()], ct[kem_get_ct_len_bytes()].
 * Returns 0, HP_NGCC_ERR_LENGTH or HP_NGCC_ERR_SCHEME. */
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes,
	    unsigned char *ct, unsigned long long *ct_len_bytes);
/* Decapsulate ct with sk into ss.  ML-KEM rejects implicitly: a wrong
 * ciphertext still returns 0, with a pseudo-random ss.  Returns 0,
 * HP_NGCC_ERR_LENGTH or HP_NGCC_ERR_SCHEME. */
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes,
	    unsigned char *ss, unsigned long long *ss_len_bytes);

/* ---- key exchange (KEX-ML-KEM-768; protocol in its KEX_AlgorithmInstance.h)
 * Every pointer argument is a caller buffer of at least the matching
 * kex_get_*_len_bytes() size; *_len_bytes outputs are the lengths written.
 * Pass functions return 0 when the exchange continues, 1 when it is
 * complete; every function returns HP_NGCC_ERR_LENGTH, HP_NGCC_ERR_STATE
 * or HP_NGCC_ERR_SCHEME on error. */

/* Message passes (2), and size bounds in bytes. */
unsigned long long kex_get_passes_num(void);
unsigned long long kex_get_pk_len_bytes(void);
unsigned long long kex_get_sk_len_bytes(void);
unsigned long long kex_get_sta_len_bytes(void);
unsigned long long kex_get_stb_len_bytes(void);
unsigned long long kex_get_ss_len_bytes(void);
unsigned long long kex_get_total_msg_len_bytes(void);
/* Party A's / party B's keys and initial state. */
int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
	       unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes);
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
	       unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes);
/* Pass 1 (A -> B): writes m1, updates sta (in/out length). */
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
			     unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
			     unsigned char *m1, unsigned long long *m1_len_bytes);
/* Pass 2 (B -> A): reads m1, writes m2, updates stb (in/out length). */
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
			     unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
			     unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
			     unsigned long long *m2_len_bytes);
/* Pass 3 (A -> B): only for 3-pass exchanges. */
int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
			     unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
			     unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
			     unsigned long long *m3_len_bytes);
/* Shared secret of A from B's last message mb, of B from A's last ma. */
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
		    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
		    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
		    unsigned long long *ssa_len_bytes);
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
		    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
		    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
		    unsigned long long *ssb_len_bytes);

#endif
