/*
 * dwarf.c - can an own entry function be wrapped (see builder.h,
 * hp_survey_check_entries)?  The shim of wrap/own.h passes on the
 * argument registers as integers without knowing the prototype, so an
 * entry is wrapped only when its debug information (DWARF, read with
 * elfutils libdwfl, which applies the relocations of an object file)
 * says that it takes at most HP_OWN_ARGS_MAX integers, pointers or enums,
 * no variable argument list, and returns nothing or one of them.
 */
#include "config.h"
#include "survey.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#define HP_ARGS_IN_REGS 6 /* wrap/own.h: rdi, rsi, rdx, rcx, r8, r9 */
#elif defined(__aarch64__)
#define HP_ARGS_IN_REGS 8 /* wrap/own.h: x0..x7 */
#else
#define HP_ARGS_IN_REGS 0 /* no own shim for this architecture */
#endif

/* The type DIE behind typedefs and qualifiers; 0 when there is none (void). */
static int hp_dw_strip(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute at;
	Dwarf_Die cur = *die;

	for (int depth = 0; depth < 32; depth++) {
		int tag = dwarf_tag(&cur);
		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
		    tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type) {
			*out = cur;
			return 1;
		}
		if (!dwarf_attr_integrate(&cur, DW_AT_type, &at) || !dwarf_formref_die(&at, &cur))
			return 0;
	}
	return 0;
}

/* NULL when the type of die (DW_AT_type; absent: void) travels in one
 * integer register, else what it is instead ("a double", "a struct"). */
static const char *hp_dw_register_type(Dwarf_Die *die, int void_ok)
{
	Dwarf_Attribute at;
	Dwarf_Die type, t;
	Dwarf_Word enc = 0;
	int size;

	if (!dwarf_attr_integrate(die, DW_AT_type, &at))
		return void_ok ? NULL : "no type";
	if (!dwarf_formref_die(&at, &type) || !hp_dw_strip(&type, &t))
		return void_ok ? NULL : "an unreadable type";
	switch (dwarf_tag(&t)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
		return NULL;
	case DW_TAG_enumeration_type:
		return NULL;
	case DW_TAG_base_type:
		size = dwarf_bytesize(&t);
		if (dwarf_attr(&t, DW_AT_encoding, &at))
			dwarf_formudata(&at, &enc);
		if (enc == DW_ATE_float || enc == DW_ATE_complex_float || enc == DW_ATE_decimal_float)
			return "a floating-point number";
		return size > 0 && size <= 8 ? NULL : "an integer wider than 64 bits";
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
		return "a struct";
	case DW_TAG_union_type:
		return "a union";
	default:
		return "a value of an unknown kind";
	}
}

/* Why the function die cannot be wrapped into why (len); 0 when it can. */
static int hp_dw_check_fn(Dwarf_Die *fn, char *why, size_t len)
{
	Dwarf_Die child;
	int nargs = 0;
	const char *what;

	if ((what = hp_dw_register_type(fn, 1))) {
		snprintf(why, len, "it returns %s", what);
		return -1;
	}
	if (dwarf_child(fn, &child) == 0)
		do {
			int tag = dwarf_tag(&child);
			if (tag == DW_TAG_unspecified_parameters) {
				snprintf(why, len, "it takes a variable argument list");
				return -1;
			}
			if (tag != DW_TAG_formal_parameter)
				continue;
			nargs++;
			if ((what = hp_dw_register_type(&child, 0))) {
				snprintf(why, len, "its argument %d is %s", nargs, what);
				return -1;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
	if (nargs > HP_ARGS_IN_REGS) {
		snprintf(why, len, "it takes %d arguments, more than the %d a shim passes on", nargs, HP_ARGS_IN_REGS);
		return -1;
	}
	return 0;
}

/* The survey's entries while the DWARF of the inputs is read. */
struct hp_dw_walk {
	struct hp_survey *s;
	unsigned char *seen; /* per entry: its definition was read */
};

/* Every defined, external function of a module's DWARF that is an entry. */
static int hp_dw_module(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr start, void *arg)
{
	struct hp_dw_walk *w = arg;
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
	Dwarf_Off off = 0, next;
	size_t hsize;

	(void)user;
	(void)name;
	(void)start;
	if (!dw)
		return DWARF_CB_OK;
	for (; dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0; off = next) {
		Dwarf_Die cu, die;
		if (!dwarf_offdie(dw, off + hsize, &cu) || dwarf_child(&cu, &die) != 0)
			continue;
		do {
			const char *fname;
			Dwarf_Attribute at;
			bool decl = false;
			if (dwarf_tag(&die) != DW_TAG_subprogram || !(fname = dwarf_diename(&die)))
				continue;
			if (dwarf_attr(&die, DW_AT_declaration, &at))
				dwarf_formflag(&at, &decl);
			if (decl)
				continue;
			for (size_t i = 0; i < w->s->nentries; i++) {
				struct hp_survey_entry *e = &w->s->entries[i];
				if (w->seen[i] || strcmp(e->function, fname))
					continue;
				w->seen[i] = 1;
				e->wrap = hp_dw_check_fn(&die, e->why, sizeof e->why) == 0;
			}
		} while (dwarf_siblingof(&die, &die) == 0);
	}
	return DWARF_CB_OK;
}

int hp_survey_check_entries(struct hp_survey *s, const struct hp_survey_input *in, size_t n, char *err, size_t errlen)
{
	static const Dwfl_Callbacks cb = {
		.find_debuginfo = dwfl_standard_find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	struct hp_dw_walk w = { s, calloc(s->nentries + 1, 1) };
	Dwfl *dwfl;

	if (!w.seen) {
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < s->nentries; i++) {
		s->entries[i].wrap = 0;
		hp_fmt(s->entries[i].why, sizeof s->entries[i].why,
		       HP_ARGS_IN_REGS ? "no debug information says its arguments (built without -g)"
				       : "hashprof has no own-entry shim for this architecture");
	}
	if (!HP_ARGS_IN_REGS || !s->nentries) {
		free(w.seen);
		return 0;
	}
	if (!(dwfl = dwfl_begin(&cb))) {
		free(w.seen);
		hp_fmt(err, errlen, "libdwfl: %s", dwfl_errmsg(-1));
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		dwfl_report_offline(dwfl, in[i].path, in[i].path, -1); /* an archive: each member */
	dwfl_report_end(dwfl, NULL, NULL);
	dwfl_getmodules(dwfl, hp_dw_module, &w, 0);
	dwfl_end(dwfl);
	free(w.seen);
	return 0;
}
