/*
 * inspect.c - what an object file is made of, read with elfutils libelf
 * (see builder.h): the global symbols it defines (common symbols
 * included) and references, whether it is a program (main()) or an LTO
 * object, and the calls to an ICCS helper that the same object defines.
 *
 * Those same-object calls are what GNU ld's --wrap cannot see: it only
 * reroutes *undefined* references, and a call inside the object that
 * defines the helper is resolved there (method.md).  They show up as
 * relocations in code sections against the helper's symbol, a local alias
 * of it (F.localalias under -fno-semantic-interposition) or its section
 * plus an offset; each such relocation is one call site.  On AArch64 a
 * call or tail call is one instruction (R_AARCH64_CALL26, JUMP26), but an
 * address is built by two (adrp for its page, add or ldr for the low 12
 * bits), each with its own relocation: only the page one is counted, so
 * that a function pointer to a helper is one site there as on x86-64.
 *
 * The machine of every object is checked against hashprof's own: an
 * instance is dlopen()ed by hashprof, so an object for another machine
 * (a native compiler in a cross-built hashprof, or the reverse) is
 * refused with both names before anything is linked.
 */
#include "config.h"
#include "builder.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const struct hp_osym *hp_object_defines(const struct hp_object *o, const char *sym)
{
	for (size_t i = 0; i < o->ndefs; i++)
		if (!strcmp(o->defs[i].name, sym))
			return &o->defs[i];
	return NULL;
}

int hp_object_references(const struct hp_object *o, const char *sym)
{
	return hp_strv_find(&o->undefs, sym) >= 0;
}

/* Forget what an earlier inspection found. */
static void hp_inspect_clear(struct hp_object *o)
{
	for (size_t i = 0; i < o->ndefs; i++)
		free(o->defs[i].name);
	free(o->defs);
	for (size_t i = 0; i < o->nsites; i++)
		free(o->sites[i].caller);
	free(o->sites);
	hp_strv_free(&o->undefs);
	o->defs = NULL;
	o->sites = NULL;
	o->ndefs = o->nsites = 0;
	o->inspected = o->is_main = o->lto = o->helper_file = 0;
	o->lto_what[0] = '\0';
	o->machine = 0;
	o->foreign = 0;
}

void hp_object_free(struct hp_object *o)
{
	hp_inspect_clear(o);
	free(o->command);
	o->command = NULL;
}

/* One symbol of the table, decoded. */
struct hp_esym {
	const char *name;
	GElf_Sym s;
};

/* The function of section shndx that covers offset, preferring global
 * names; NULL when none does. */
static const char *hp_caller(const struct hp_esym *syms, size_t n, size_t shndx, GElf_Addr off)
{
	const char *best = NULL;
	int best_global = 0;

	for (size_t i = 0; i < n; i++) {
		const GElf_Sym *s = &syms[i].s;
		int global = GELF_ST_BIND(s->st_info) != STB_LOCAL;
		if (GELF_ST_TYPE(s->st_info) != STT_FUNC || s->st_shndx != shndx || !syms[i].name[0])
			continue;
		if (off < s->st_value || off >= s->st_value + (s->st_size ? s->st_size : 1))
			continue;
		if (!best || (global && !best_global)) {
			best = syms[i].name;
			best_global = global;
		}
	}
	return best;
}

/* Count one call site of helper h from caller into o->sites. */
static int hp_add_site(struct hp_object *o, int h, const char *caller)
{
	struct hp_site *grown;

	for (size_t i = 0; i < o->nsites; i++)
		if (o->sites[i].helper == h && !strcmp(o->sites[i].caller, caller)) {
			o->sites[i].count++;
			return 0;
		}
	grown = realloc(o->sites, (o->nsites + 1) * sizeof *grown);
	if (!grown)
		return -1;
	o->sites = grown;
	o->sites[o->nsites] = (struct hp_site){ h, strdup(caller), 1, 0 };
	if (!o->sites[o->nsites].caller)
		return -1;
	o->nsites++;
	return 0;
}

unsigned hp_host_machine(void)
{
#if defined(__x86_64__)
	return EM_X86_64;
#elif defined(__aarch64__)
	return EM_AARCH64;
#else
	return EM_NONE;
#endif
}

unsigned hp_host_class(void)
{
	return sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32;
}

/* Is a relocation of this type in code one reference to its target?  On
 * AArch64 only the first of an address's two relocations is (see the top
 * of this file); calls, tail calls, a tiny-model adr or GOT load, and the
 * top 16 bits of a large-model movz/movk address are one each.  On x86-64
 * (and elsewhere) every relocation is. */
static int hp_reloc_is_reference(GElf_Half machine, unsigned type)
{
	if (machine != EM_AARCH64)
		return 1;
	switch (type) {
	case R_AARCH64_CALL26:
	case R_AARCH64_JUMP26:
	case R_AARCH64_ADR_PREL_PG_HI21:
	case R_AARCH64_ADR_PREL_PG_HI21_NC:
	case R_AARCH64_ADR_GOT_PAGE:
	case R_AARCH64_ADR_PREL_LO21:
	case R_AARCH64_GOT_LD_PREL19:
	case R_AARCH64_MOVW_UABS_G3:
		return 1;
	default:
		return 0;
	}
}

/* The helper a relocation in code reaches inside this object, or -1. */
static int hp_reloc_helper(const struct hp_esym *syms, size_t n, size_t symi, GElf_Sxword addend, unsigned type,
			   GElf_Half machine)
{
	const struct hp_esym *t;
	GElf_Addr target;
	int h;

	if (symi >= n || !hp_reloc_is_reference(machine, type))
		return -1;
	t = &syms[symi];
	if ((h = hp_fn_of_name(t->name)) >= 0)
		return t->s.st_shndx != SHN_UNDEF ? h : -1;
	if (t->s.st_shndx == SHN_UNDEF || t->s.st_shndx >= SHN_LORESERVE)
		return -1;
	if (GELF_ST_TYPE(t->s.st_info) == STT_SECTION) {
		/* x86-64 PC-relative calls address the end of the 4-byte field */
		int pcrel = machine == EM_X86_64 && (type == R_X86_64_PC32 || type == R_X86_64_PLT32);
		target = (GElf_Addr)((GElf_Sxword)t->s.st_value + addend + (pcrel ? 4 : 0));
	} else if (GELF_ST_BIND(t->s.st_info) == STB_LOCAL) {
		target = t->s.st_value; /* a local alias such as pseudoXOF.localalias */
	} else {
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const GElf_Sym *s = &syms[i].s;
		if ((h = hp_fn_of_name(syms[i].name)) >= 0 && GELF_ST_BIND(s->st_info) != STB_LOCAL &&
		    s->st_shndx == t->s.st_shndx && s->st_value == target)
			return h;
	}
	return -1;
}

/* Walk the relocation sections of code and count same-object helper calls. */
static int hp_scan_relocs(Elf *elf, struct hp_object *o, const struct hp_esym *syms, size_t n, GElf_Half machine)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, target;
		Elf_Scn *tscn;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
			continue;
		if (!(tscn = elf_getscn(elf, sh.sh_info)) || !gelf_getshdr(tscn, &target) ||
		    !(target.sh_flags & SHF_EXECINSTR) || !(data = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela ra;
			GElf_Rel rl;
			size_t symi;
			unsigned type;
			GElf_Sxword addend = 0;
			GElf_Addr off;
			const char *caller;
			int h;

			if (sh.sh_type == SHT_RELA) {
				if (!gelf_getrela(data, (int)i, &ra))
					continue;
				symi = GELF_R_SYM(ra.r_info);
				type = (unsigned)GELF_R_TYPE(ra.r_info);
				addend = ra.r_addend;
				off = ra.r_offset;
			} else {
				if (!gelf_getrel(data, (int)i, &rl))
					continue;
				symi = GELF_R_SYM(rl.r_info);
				type = (unsigned)GELF_R_TYPE(rl.r_info);
				off = rl.r_offset;
			}
			if ((h = hp_reloc_helper(syms, n, symi, addend, type, machine)) < 0)
				continue;
			caller = hp_caller(syms, n, sh.sh_info, off);
			if (hp_add_site(o, h, caller ? caller : "?") != 0)
				return -1;
		}
	}
	return 0;
}

/* Read the symbol table; fills defs/undefs/is_main and *syms. */
static int hp_read_symbols(Elf *elf, struct hp_object *o, struct hp_esym **out, size_t *nout)
{
	Elf_Scn *scn = NULL;

	*out = NULL;
	*nout = 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
			continue;
		if (!(data = elf_getdata(scn, NULL)))
			return -1;
		n = sh.sh_size / sh.sh_entsize;
		if (!(*out = calloc(n ? n : 1, sizeof **out)))
			return -1;
		for (size_t i = 0; i < n; i++) {
			struct hp_esym *e = &(*out)[i];
			const char *name;
			int bind;

			if (!gelf_getsym(data, (int)i, &e->s))
				continue;
			name = elf_strptr(elf, sh.sh_link, e->s.st_name);
			e->name = name ? name : "";
			bind = GELF_ST_BIND(e->s.st_info);
			if (!e->name[0] || (bind != STB_GLOBAL && bind != STB_WEAK))
				continue;
			if (e->s.st_shndx == SHN_UNDEF) {
				if (hp_strv_find(&o->undefs, e->name) < 0 && hp_strv_add(&o->undefs, e->name) != 0)
					return -1;
				continue;
			}
			struct hp_osym *grown = realloc(o->defs, (o->ndefs + 1) * sizeof *grown);
			if (!grown)
				return -1;
			o->defs = grown;
			o->defs[o->ndefs] = (struct hp_osym){
				strdup(e->name),
				e->s.st_shndx == SHN_COMMON,
				bind == STB_WEAK,
				GELF_ST_TYPE(e->s.st_info) == STT_FUNC,
			};
			if (!o->defs[o->ndefs].name)
				return -1;
			o->ndefs++;
			if (!strcmp(e->name, "main"))
				o->is_main = 1;
			if ((!strcmp(e->name, "__gnu_lto_slim") || !strcmp(e->name, "__gnu_lto_v1")) && !o->lto) {
				o->lto = 1;
				hp_fmt(o->lto_what, sizeof o->lto_what, "GCC LTO object");
			}
		}
		*nout = n;
		return 0;
	}
	return 0;
}

/* Is it an LTO object by its sections? */
static void hp_check_lto(Elf *elf, struct hp_object *o)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(elf, shstrndx, sh.sh_name)))
			continue;
		if (!strncmp(name, ".gnu.lto_", 9)) {
			o->lto = 1;
			hp_fmt(o->lto_what, sizeof o->lto_what, "GCC LTO object (.gnu.lto_* sections)");
			return;
		}
		if (!strcmp(name, ".llvmbc") || !strcmp(name, ".llvm.lto")) {
			o->lto = 1;
			hp_fmt(o->lto_what, sizeof o->lto_what, "LLVM LTO object (%s section)", name);
			return;
		}
	}
}

/* auxfunc.c / drng.c, or an object whose global functions are all helpers. */
static int hp_is_helper_file(const struct hp_object *o)
{
	const char *base = o->src ? strrchr(o->src->rel, '/') : NULL;
	int helpers = 0, others = 0;

	base = o->src ? (base ? base + 1 : o->src->rel) : "";
	if (!strcmp(base, "auxfunc.c") || !strcmp(base, "drng.c"))
		return 1;
	for (size_t i = 0; i < o->ndefs; i++) {
		if (!o->defs[i].func)
			continue;
		if (hp_fn_of_name(o->defs[i].name) >= 0)
			helpers++;
		else
			others++;
	}
	return helpers && !others;
}

int hp_inspect_object(struct hp_object *o, char *err, size_t errlen)
{
	int fd, rc = -1;
	Elf *elf = NULL;
	GElf_Ehdr eh;
	struct hp_esym *syms = NULL;
	size_t nsyms = 0;
	unsigned char magic[4];

	hp_inspect_clear(o);
	if (elf_version(EV_CURRENT) == EV_NONE) {
		hp_fmt(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -1;
	}
	if ((fd = open(o->obj, O_RDONLY | O_CLOEXEC)) < 0) {
		hp_fmt(err, errlen, "cannot open %s: %s", o->obj, strerror(errno));
		return -1;
	}
	if (pread(fd, magic, 4, 0) == 4 && !memcmp(magic, "BC\xc0\xde", 4)) {
		o->lto = 1;
		hp_fmt(o->lto_what, sizeof o->lto_what, "LLVM bitcode (clang -flto)");
		o->inspected = 1;
		close(fd);
		return 0;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh) || eh.e_type != ET_REL) {
		hp_fmt(err, errlen, "%s: not an ELF relocatable object%s%s", o->obj, elf ? "" : ": ",
		       elf ? "" : elf_errmsg(-1));
		goto out;
	}
	o->machine = eh.e_machine;
	o->foreign = hp_host_machine() != EM_NONE &&
		     (eh.e_machine != hp_host_machine() || eh.e_ident[EI_CLASS] != hp_host_class());
	hp_check_lto(elf, o);
	if (hp_read_symbols(elf, o, &syms, &nsyms) != 0) {
		hp_fmt(err, errlen, "%s: cannot read its symbols: %s", o->obj, elf_errmsg(-1));
		goto out;
	}
	if (hp_scan_relocs(elf, o, syms, nsyms, eh.e_machine) != 0) {
		hp_fmt(err, errlen, "%s: cannot read its relocations: %s", o->obj, elf_errmsg(-1));
		goto out;
	}
	o->helper_file = hp_is_helper_file(o);
	for (size_t i = 0; i < o->nsites; i++)
		o->sites[i].internal = o->helper_file || hp_fn_of_name(o->sites[i].caller) >= 0;
	o->inspected = 1;
	rc = 0;
out:
	free(syms);
	if (elf)
		elf_end(elf);
	close(fd);
	return rc;
}
