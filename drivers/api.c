/*
 * api.c - load an instance and resolve its API (see api.h).
 */
#include "api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "ngcc/ngcc.h"

/* The table casts function-pointer slots to void ** (POSIX dlsym). */
#define HP_SLOT(field) ((void **)&(field))

/* Resolve n symbols into slots[0..n): names[i] into *slots[i]. */
static int hp_resolve(void *dl, const char *const *names, void **const *slots, size_t n, const char *path, char *err,
		      size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		*slots[i] = dlsym(dl, names[i]);
		if (!*slots[i]) {
			snprintf(err, errlen, "%s: missing symbol %s", path, names[i]);
			return -1;
		}
	}
	return 0;
}

/* The kind's API, its symbols named by prof/ngcc/ngcc.c in the order below. */
static int hp_resolve_kind(struct hp_api *a, const struct hp_instance *inst, char *err, size_t errlen)
{
	void **const sig[HP_NGCC_SIG_SYMBOLS] = {
		HP_SLOT(a->sig.pk_len), HP_SLOT(a->sig.sk_len), HP_SLOT(a->sig.sn_len),
		HP_SLOT(a->sig.keygen), HP_SLOT(a->sig.sign),   HP_SLOT(a->sig.verify),
	};
	void **const kem[HP_NGCC_KEM_SYMBOLS] = {
		HP_SLOT(a->kem.pk_len), HP_SLOT(a->kem.sk_len), HP_SLOT(a->kem.ss_len), HP_SLOT(a->kem.ct_len),
		HP_SLOT(a->kem.keygen), HP_SLOT(a->kem.enc),    HP_SLOT(a->kem.dec),
	};
	void **const kex[HP_NGCC_KEX_SYMBOLS] = {
		HP_SLOT(a->kex.passes),   HP_SLOT(a->kex.pk_len),   HP_SLOT(a->kex.sk_len),  HP_SLOT(a->kex.sta_len),
		HP_SLOT(a->kex.stb_len),  HP_SLOT(a->kex.ss_len),   HP_SLOT(a->kex.msg_len), HP_SLOT(a->kex.init_a),
		HP_SLOT(a->kex.init_b),   HP_SLOT(a->kex.pass1),    HP_SLOT(a->kex.pass2),   HP_SLOT(a->kex.pass3),
		HP_SLOT(a->kex.derive_a), HP_SLOT(a->kex.derive_b),
	};
	void **const kex_optional[HP_NGCC_KEX_OPTIONAL_SYMBOLS] = { HP_SLOT(a->kex.pass4), HP_SLOT(a->kex.pass5) };
	const char *const *names = hp_ngcc_api_symbols(inst->kind);

	if (!names) {
		snprintf(err, errlen, "%s: unknown API kind '%s'", inst->path, inst->kind);
		return -1;
	}
	if (!strcmp(inst->kind, "sig"))
		return hp_resolve(a->dl, names, sig, HP_NGCC_SIG_SYMBOLS, inst->path, err, errlen);
	if (!strcmp(inst->kind, "kem"))
		return hp_resolve(a->dl, names, kem, HP_NGCC_KEM_SYMBOLS, inst->path, err, errlen);
	if (hp_resolve(a->dl, names, kex, HP_NGCC_KEX_SYMBOLS, inst->path, err, errlen) != 0)
		return -1;
	/* passes 4 and 5 only where the protocol has them (ops/kex.c checks) */
	names = hp_ngcc_api_optional_symbols(inst->kind);
	for (size_t i = 0; i < HP_NGCC_KEX_OPTIONAL_SYMBOLS; i++)
		*kex_optional[i] = dlsym(a->dl, names[i]);
	return 0;
}

int hp_api_load(const struct hp_instance *inst, struct hp_api *a, char *err, size_t errlen)
{
	static const char *const common[] = { HP_WRAP_STATE_SYMBOL };
	void **const common_slots[] = { HP_SLOT(a->wrap) };

	memset(a, 0, sizeof *a);
	a->dl = dlopen(inst->path, RTLD_NOW | RTLD_LOCAL);
	if (!a->dl) {
		snprintf(err, errlen, "cannot load %s: %s", inst->path, dlerror());
		return -1;
	}
	if (hp_resolve(a->dl, common, common_slots, 1, inst->path, err, errlen) != 0 ||
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
