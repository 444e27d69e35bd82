/*
 * api.c - load an instance and resolve its API (see api.h).
 */
#include "api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* One symbol to resolve: its name and where the pointer goes. */
struct hp_sym {
	const char *name;
	void **slot;
};

/* The table casts function-pointer slots to void ** (POSIX dlsym). */
#define HP_SYM(name, field) { name, (void **)&(field) }

static int hp_resolve(void *dl, const struct hp_sym *syms, size_t n, const char *path,
		      char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		*syms[i].slot = dlsym(dl, syms[i].name);
		if (!*syms[i].slot) {
			snprintf(err, errlen, "%s: missing symbol %s", path, syms[i].name);
			return -1;
		}
	}
	return 0;
}

static int hp_resolve_kind(struct hp_api *a, const struct hp_instance *inst, char *err, size_t errlen)
{
	const struct hp_sym sig[] = {
		HP_SYM("sig_get_pk_len_bytes", a->sig.pk_len), HP_SYM("sig_get_sk_len_bytes", a->sig.sk_len),
		HP_SYM("sig_get_sn_len_bytes", a->sig.sn_len), HP_SYM("sig_keygen", a->sig.keygen),
		HP_SYM("sig_sign", a->sig.sign), HP_SYM("sig_verify", a->sig.verify),
	};
	const struct hp_sym kem[] = {
		HP_SYM("kem_get_pk_len_bytes", a->kem.pk_len), HP_SYM("kem_get_sk_len_bytes", a->kem.sk_len),
		HP_SYM("kem_get_ss_len_bytes", a->kem.ss_len), HP_SYM("kem_get_ct_len_bytes", a->kem.ct_len),
		HP_SYM("kem_keygen", a->kem.keygen), HP_SYM("kem_enc", a->kem.enc), HP_SYM("kem_dec", a->kem.dec),
	};
	const struct hp_sym kex[] = {
		HP_SYM("kex_get_passes_num", a->kex.passes), HP_SYM("kex_get_pk_len_bytes", a->kex.pk_len),
		HP_SYM("kex_get_sk_len_bytes", a->kex.sk_len), HP_SYM("kex_get_sta_len_bytes", a->kex.sta_len),
		HP_SYM("kex_get_stb_len_bytes", a->kex.stb_len), HP_SYM("kex_get_ss_len_bytes", a->kex.ss_len),
		HP_SYM("kex_get_total_msg_len_bytes", a->kex.msg_len),
		HP_SYM("kex_init_a", a->kex.init_a), HP_SYM("kex_init_b", a->kex.init_b),
		HP_SYM("kex_generate_pass1_msg_a", a->kex.pass1), HP_SYM("kex_generate_pass2_msg_b", a->kex.pass2),
		HP_SYM("kex_generate_pass3_msg_a", a->kex.pass3),
		HP_SYM("kex_derive_ss_a", a->kex.derive_a), HP_SYM("kex_derive_ss_b", a->kex.derive_b),
	};

	if (!strcmp(inst->kind, "sig"))
		return hp_resolve(a->dl, sig, sizeof sig / sizeof sig[0], inst->path, err, errlen);
	if (!strcmp(inst->kind, "kem"))
		return hp_resolve(a->dl, kem, sizeof kem / sizeof kem[0], inst->path, err, errlen);
	if (!strcmp(inst->kind, "kex"))
		return hp_resolve(a->dl, kex, sizeof kex / sizeof kex[0], inst->path, err, errlen);
	snprintf(err, errlen, "%s: unknown API kind '%s'", inst->path, inst->kind);
	return -1;
}

int hp_api_load(const struct hp_instance *inst, struct hp_api *a, char *err, size_t errlen)
{
	const struct hp_sym common[] = { HP_SYM(HP_WRAP_STATE_SYMBOL, a->wrap) };

	memset(a, 0, sizeof *a);
	a->dl = dlopen(inst->path, RTLD_NOW | RTLD_LOCAL);
	if (!a->dl) {
		snprintf(err, errlen, "cannot load %s: %s", inst->path, dlerror());
		return -1;
	}
	if (hp_resolve(a->dl, common, sizeof common / sizeof common[0], inst->path, err, errlen) != 0 ||
	    hp_resolve_kind(a, inst, err, errlen) != 0)
		return -1;
	/* An instance that defines no ICCS helper has no DRNG to seed. */
	*(void **)&a->init_random_number = dlsym(a->dl, "init_random_number");
	a->drng_algorithm = dlsym(a->dl, "drng_algorithm");
	if (a->init_random_number && !a->drng_algorithm) {
		snprintf(err, errlen, "%s: defines init_random_number but no drng_algorithm", inst->path);
		return -1;
	}
	if (a->wrap->abi_version != HP_WRAP_ABI_VERSION) {
		snprintf(err, errlen, "%s: wrap ABI version %u, this hashprof reads %u: rebuild the instance",
			 inst->path, a->wrap->abi_version, HP_WRAP_ABI_VERSION);
		return -1;
	}
	return 0;
}
