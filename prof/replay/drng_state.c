/*
 * drng_state.c - the instance's DRNG context saved and restored by its
 * bytes (see drng_state.h).
 */
#include "drng_state.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A DRNG context is a few hundred bytes (the ICCS DRNG_ctx: 165); a
 * "context" of megabytes is some other object named like it. */
#define HP_DRNG_SIZE_MAX (1u << 20)

int hp_drng_state_open(void *dl, struct hp_drng_state *s, char *err, size_t errlen)
{
	Dl_info info;
	const ElfW(Sym) *sym = NULL;
	void *addr;

	memset(s, 0, sizeof *s);
	dlerror();
	addr = dlsym(dl, HP_DRNG_SYMBOL);
	if (!addr) {
		snprintf(err, errlen, "the instance defines no %s: its DRNG state cannot be saved for replay",
			 HP_DRNG_SYMBOL);
		return -1;
	}
	/* dladdr1 names the symbol nearest below addr; only an exact match
	 * is the one dlsym found, with its own size. */
	if (!dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym || info.dli_saddr != addr) {
		snprintf(err, errlen,
			 "%s: no dynamic symbol entry gives its size, so its DRNG state "
			 "cannot be saved for replay",
			 HP_DRNG_SYMBOL);
		return -1;
	}
	if (sym->st_size == 0 || sym->st_size > HP_DRNG_SIZE_MAX) {
		snprintf(err, errlen,
			 "%s has size %llu bytes in the dynamic symbol table: not a DRNG "
			 "context that can be saved for replay",
			 HP_DRNG_SYMBOL, (unsigned long long)sym->st_size);
		return -1;
	}
	/* one block for both slots */
	s->saved[0] = malloc(2 * sym->st_size);
	if (!s->saved[0]) {
		snprintf(err, errlen, "out of memory saving %s (%llu bytes)", HP_DRNG_SYMBOL,
			 (unsigned long long)sym->st_size);
		return -1;
	}
	s->saved[1] = s->saved[0] + sym->st_size;
	s->addr = addr;
	s->size = sym->st_size;
	for (unsigned k = 0; k < HP_DRNG_SLOTS; k++)
		hp_drng_state_save(s, k);
	return 0;
}

void hp_drng_state_save(struct hp_drng_state *s, enum hp_drng_slot slot)
{
	memcpy(s->saved[slot], s->addr, s->size);
}

void hp_drng_state_restore(const struct hp_drng_state *s, enum hp_drng_slot slot)
{
	memcpy(s->addr, s->saved[slot], s->size);
}

void hp_drng_state_close(struct hp_drng_state *s)
{
	free(s->saved[0]);
	memset(s, 0, sizeof *s);
}
