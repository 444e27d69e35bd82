/*
 * symbols.c - return addresses to frame names with libdwfl (see
 * symbols.h).
 */

#include "symbols.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct hp_symbolizer {
	Dwfl *dwfl;
};

/* Where libdwfl looks for separate debug files: its default path
 * (the object's folder, .debug beside it, /usr/lib/debug). */
static char *hp_sym_debuginfo_path;

static const Dwfl_Callbacks hp_sym_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &hp_sym_debuginfo_path,
};

struct hp_symbolizer *hp_sym_open(char *err, size_t errlen)
{
	struct hp_symbolizer *s = calloc(1, sizeof *s);

	if (!s) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	s->dwfl = dwfl_begin(&hp_sym_callbacks);
	if (!s->dwfl) {
		snprintf(err, errlen, "libdwfl: %s", dwfl_errmsg(-1));
		free(s);
		return NULL;
	}
	dwfl_report_begin(s->dwfl);
	if (dwfl_linux_proc_report(s->dwfl, getpid()) != 0 || dwfl_report_end(s->dwfl, NULL, NULL) != 0) {
		snprintf(err, errlen, "libdwfl cannot read this process's modules: %s", dwfl_errmsg(-1));
		hp_sym_close(s);
		return NULL;
	}
	return s;
}

void hp_sym_close(struct hp_symbolizer *s)
{
	if (!s)
		return;
	if (s->dwfl)
		dwfl_end(s->dwfl);
	free(s);
}

static const char *hp_base(const char *path)
{
	const char *b = path ? strrchr(path, '/') : NULL;

	return b ? b + 1 : path ? path : "";
}

/* The file of index idx in cu's line table (basename); "" when unknown. */
static const char *hp_cu_file(Dwarf_Die *cu, Dwarf_Word idx)
{
	Dwarf_Files *files;
	size_t n;

	if (dwarf_getsrcfiles(cu, &files, &n) != 0 || idx >= n)
		return "";
	return hp_base(dwarf_filesrc(files, idx, NULL, NULL));
}

/* DW_AT_call_file:DW_AT_call_line of an inlined subroutine, into where. */
static void hp_call_site(Dwarf_Die *cu, Dwarf_Die *inl, char *where, size_t len)
{
	Dwarf_Attribute a;
	Dwarf_Word file, line;

	where[0] = '\0';
	if (dwarf_formudata(dwarf_attr(inl, DW_AT_call_file, &a), &file) == 0 &&
	    dwarf_formudata(dwarf_attr(inl, DW_AT_call_line, &a), &line) == 0)
		snprintf(where, len, "%s:%llu", hp_cu_file(cu, file), (unsigned long long)line);
}

/*
 * The functions inlined at address a of cu (a already without the bias),
 * innermost first, into names[]/wheres[] from index 0: each inlined
 * function and the line its caller calls it on; the line of a itself is
 * the innermost's.  Returns how many inlined frames (0: none).
 */
static unsigned hp_inlined(Dwarf_Die *cu, Dwarf_Addr a, char names[][HP_SYM_NAME_MAX], char calls[][HP_SYM_WHERE_MAX],
			   unsigned max)
{
	Dwarf_Die *scopes = NULL;
	int n = dwarf_getscopes(cu, a, &scopes);
	unsigned k = 0;

	for (int i = 0; i < n && k < max; i++) {
		Dwarf_Attribute at;
		const char *name;

		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram)
			break;
		if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine)
			continue;
		name = dwarf_formstring(dwarf_attr_integrate(&scopes[i], DW_AT_name, &at));
		snprintf(names[k], HP_SYM_NAME_MAX, "%s", name ? name : "?");
		hp_call_site(cu, &scopes[i], calls[k], HP_SYM_WHERE_MAX);
		k++;
	}
	free(scopes);
	return k;
}

/*
 * No symbol for pc: the start of its function from the unwind table
 * (.eh_frame: every function's FDE gives its address range), so that the
 * calls of one function read as one frame, "libx.so+0x23c0", and the
 * offset of the call in it into where ("+0x1c").  Without an FDE, the
 * address itself.  start: the module's load address.
 */
static void hp_by_address(Dwfl_Module *m, Dwarf_Addr pc, Dwarf_Addr start, struct hp_sym *out)
{
	struct hp_sym_frame *fr = &out->frame[0];
	Dwarf_Addr bias = 0, lo = pc, hi = 0;
	Dwarf_CFI *cfi = m ? dwfl_module_eh_cfi(m, &bias) : NULL;
	Dwarf_Frame *frame = NULL;

	if (cfi && dwarf_cfi_addrframe(cfi, pc - bias, &frame) == 0 && dwarf_frame_info(frame, &lo, &hi, NULL) >= 0)
		lo += bias;
	else
		lo = pc;
	free(frame);
	snprintf(fr->function, sizeof fr->function, "%s+0x%llx", out->module, (unsigned long long)(lo - start));
	if (lo != pc)
		snprintf(fr->where, sizeof fr->where, "+0x%llx", (unsigned long long)(pc - lo));
}

void hp_sym_lookup(struct hp_symbolizer *s, uintptr_t ra, struct hp_sym *out)
{
	Dwarf_Addr pc = (Dwarf_Addr)ra - 1, start = 0, bias = 0;
	Dwfl_Module *m = s ? dwfl_addrmodule(s->dwfl, pc) : NULL;
	const char *mname = m ? dwfl_module_info(m, NULL, &start, NULL, NULL, NULL, NULL, NULL) : NULL;
	const char *fname = NULL, *file = NULL, *cuname = "";
	GElf_Off off = 0;
	GElf_Sym sym;
	Dwarf_Die *cu = NULL;
	int line = 0;
	char names[HP_SYM_INLINE_MAX][HP_SYM_NAME_MAX], calls[HP_SYM_INLINE_MAX][HP_SYM_WHERE_MAX];
	unsigned ninl = 0;

	memset(out, 0, sizeof *out);
	snprintf(out->module, sizeof out->module, "%s", mname ? hp_base(mname) : "?");
	if (m) {
		fname = dwfl_module_addrinfo(m, pc, &off, &sym, NULL, NULL, NULL);
		cu = dwfl_module_addrdie(m, pc, &bias);
		/* a CU found for pc must really cover it: the index can map
		 * an address between the parts of a CU split in two (GCC's
		 * .text.unlikely parts, our shims' cold paths) to that CU,
		 * and the scheme's own functions compiled without -g in
		 * between would be taken for shim code */
		if (cu && dwarf_haspc(cu, pc - bias) != 1)
			cu = NULL;
		if (cu) {
			/* the line table is the CU's: none without it */
			Dwfl_Line *l = dwfl_module_getsrc(m, pc);
			if (l)
				file = dwfl_lineinfo(l, NULL, &line, NULL, NULL, NULL);
			cuname = hp_base(dwarf_diename(cu));
			ninl = hp_inlined(cu, pc - bias, names, calls, HP_SYM_INLINE_MAX - 1);
		}
	}
	out->no_symbol = !fname;
	out->no_debug = !file;
	/* outermost first: the function itself, then what is inlined into it
	 * (scopes come innermost first); each frame's line is where it calls
	 * the next one, the innermost's the line of the address */
	out->nframes = ninl + 1;
	for (unsigned f = 0; f < out->nframes; f++) {
		struct hp_sym_frame *fr = &out->frame[f];
		snprintf(fr->cu, sizeof fr->cu, "%s", cuname);
		if (f == 0 && fname)
			/* GCC's clones and split parts (poly_uniform.constprop.0,
			 * sign.part.0, .cold) are the C function they come from */
			snprintf(fr->function, sizeof fr->function, "%.*s", (int)strcspn(fname, "."), fname);
		else if (f == 0)
			hp_by_address(m, pc, start, out);
		else
			snprintf(fr->function, sizeof fr->function, "%s", names[ninl - f]);
		if (f + 1 < out->nframes)
			snprintf(fr->where, sizeof fr->where, "%s", calls[ninl - f - 1]);
		else if (file)
			snprintf(fr->where, sizeof fr->where, "%s:%d", hp_base(file), line);
		else if (f == 0 && fname)
			fr->where[0] = '\0'; /* named by symbol: no offset */
	}
}
