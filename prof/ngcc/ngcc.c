/*
 * ngcc.c - the facts of the NGCC API and the ICCS helpers (see ngcc.h).
 */
#include "ngcc.h"

#include <string.h>

const char *const *hp_ngcc_api_symbols(const char *kind)
{
	static const char *const sig[HP_NGCC_SIG_SYMBOLS + 1] = {
		"sig_get_pk_len_bytes",
		"sig_get_sk_len_bytes",
		"sig_get_sn_len_bytes",
		"sig_keygen",
		"sig_sign",
		"sig_verify",
		NULL,
	};
	static const char *const kem[HP_NGCC_KEM_SYMBOLS + 1] = {
		"kem_get_pk_len_bytes",
		"kem_get_sk_len_bytes",
		"kem_get_ss_len_bytes",
		"kem_get_ct_len_bytes",
		"kem_keygen",
		"kem_enc",
		"kem_dec",
		NULL,
	};
	static const char *const kex[HP_NGCC_KEX_SYMBOLS + 1] = {
		"kex_get_passes_num",
		"kex_get_pk_len_bytes",
		"kex_get_sk_len_bytes",
		"kex_get_sta_len_bytes",
		"kex_get_stb_len_bytes",
		"kex_get_ss_len_bytes",
		"kex_get_total_msg_len_bytes",
		"kex_init_a",
		"kex_init_b",
		"kex_generate_pass1_msg_a",
		"kex_generate_pass2_msg_b",
		"kex_generate_pass3_msg_a",
		"kex_derive_ss_a",
		"kex_derive_ss_b",
		NULL,
	};

	if (!strcmp(kind, "sig"))
		return sig;
	if (!strcmp(kind, "kem"))
		return kem;
	if (!strcmp(kind, "kex"))
		return kex;
	return NULL;
}

const char *const hp_ngcc_sig_operations[HP_NGCC_SIG_OPERATIONS + 1] = { "keygen", "sign", "verify", NULL };
const char *const hp_ngcc_kem_operations[HP_NGCC_KEM_OPERATIONS + 1] = { "keygen", "encaps", "decaps", NULL };
const char *const hp_ngcc_kex_operations[HP_NGCC_KEX_OPERATIONS + 1] = {
	"exchange", "init_a", "init_b", "pass1", "pass2", "pass3", "pass4", "pass5", "derive_a", "derive_b", NULL,
};
_Static_assert(HP_NGCC_KEX_PASSES_MAX == 5, "hp_ngcc_kex_operations names pass1 to pass5");

const char *const *hp_ngcc_operations(const char *kind)
{
	if (!strcmp(kind, "sig"))
		return hp_ngcc_sig_operations;
	if (!strcmp(kind, "kem"))
		return hp_ngcc_kem_operations;
	if (!strcmp(kind, "kex"))
		return hp_ngcc_kex_operations;
	return NULL;
}

const char *const *hp_ngcc_api_optional_symbols(const char *kind)
{
	static const char *const none[] = { NULL };
	static const char *const kex[HP_NGCC_KEX_OPTIONAL_SYMBOLS + 1] = {
		"kex_generate_pass4_msg_b",
		"kex_generate_pass5_msg_a",
		NULL,
	};

	if (!strcmp(kind, "kex"))
		return kex;
	if (!strcmp(kind, "sig") || !strcmp(kind, "kem"))
		return none;
	return NULL;
}

const unsigned hp_ngcc_helper_order[HP_FN_COUNT] = {
	HP_FN_PSEUDOHASH, HP_FN_XOF, HP_FN_SM3, HP_FN_DRNG, HP_FN_DRNG_INIT,
};

int hp_fn_of_name(const char *name)
{
	for (unsigned h = 0; h < HP_FN_COUNT; h++)
		if (!strcmp(name, hp_fn_name(h)))
			return (int)h;
	return -1;
}

int hp_fn_is_drng(unsigned h)
{
	return h == HP_FN_DRNG || h == HP_FN_DRNG_INIT;
}

int hp_name_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
	       c == '_';
}

int hp_name_valid(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > HP_NAME_MAX)
		return 0;
	for (; *s; s++)
		if (!hp_name_char((unsigned char)*s))
			return 0;
	return 1;
}
