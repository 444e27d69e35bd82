/*
 * scan.c - one object as the survey sees it (survey.h), read with
 * elfutils libelf: its functions and their ranges, its calls and
 * references (relocations in code), and the constants of
 * hp_prim_tables() it carries.
 *
 * Constants are found in two forms:
 *   a table      W consecutive entries of a table (primitives.c: window),
 *                little- or big-endian, at any offset of any allocated
 *                section: a static const array (KeccakF_RoundConstants),
 *                an anonymous constant the compiler put in .rodata.cst16,
 *                a literal pool;
 *   immediates   at least `scatter` distinct entries of a table anywhere in
 *                one function's code (or one data symbol), in the order
 *                the instruction stream holds them (little-endian): the
 *                SHA-256 K of an unrolled compression function, SM3's T_j
 *                as two `mov $0x79cc4519` and `mov $0x7a879d8a`; on
 *                AArch64 also the values its MOVZ/MOVK pairs build
 *                (a64.h: movz w15, #0x4519 ... movk w15, #0x79cc,
 *                lsl #16).  Only entries with three or more non-zero bytes
 *                count, so that small numbers of ordinary code never do.
 * A table in code belongs to the function whose range holds it; a table
 * in data to every function with a relocation into it (the section and
 * offset, or the data symbol; on AArch64 the addresses its code uses
 * from an anchor, a64.h), and, when it is a global symbol, to the
 * functions of other objects that reference that symbol (survey.c).
 */
#include "config.h"
#include "survey.h"
#include "a64.h"

#include <elf.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

/* One symbol of the table, decoded. */
struct hp_survey_sym {
	const char *name;
	GElf_Sym s;
};

/* Where a code section has a relocation. */
struct hp_survey_rel {
	size_t shndx;
	uint64_t off;
};

/* A table found in data, while the object is read. */
struct hp_survey_hit {
	size_t shndx;
	uint64_t lo, hi; /* the data symbol's range, else the matched bytes */
	uint64_t tables;
	size_t tab; /* index in u->tabs */
};

struct hp_survey_ctx {
	Elf *elf;
	GElf_Half machine;
	struct hp_survey_sym *syms;
	size_t nsyms;
	long *sym_fn; /* per symbol: its function's index in u->fns, or -1 */
	size_t *byaddr; /* indices of u->fns sorted by (section, start): hp_survey_fn_at */
	struct hp_survey_hit *hits;
	size_t nhits;
	struct hp_survey_rel *rel; /* where code has relocations */
	size_t nrel;
	struct hp_survey_unit *u;
};

/* ---------- reading words ---------- */

/* The w bytes at p as a little-endian number. */
static uint64_t hp_survey_le(const unsigned char *p, unsigned w)
{
	uint64_t v = 0;

	for (unsigned i = w; i-- > 0;)
		v = (v << 8) | p[i];
	return v;
}

/* Entry i of table t as it is stored in memory with encoding enc, read
 * back as a little-endian number (what hp_survey_le gives for its bytes). */
static uint64_t hp_survey_key(const struct hp_prim_table *t, size_t i, unsigned enc)
{
	uint64_t v = hp_prim_value(t, i), r = 0;

	if (enc == HP_ENC_LE || t->width == 1)
		return v;
	for (unsigned b = 0; b < t->width; b++)
		r = (r << 8) | ((v >> (8 * b)) & 0xff);
	return r;
}

/* Non-zero bytes of the w-byte value v. */
static unsigned hp_survey_nonzero(uint64_t v, unsigned w)
{
	unsigned n = 0;

	for (unsigned b = 0; b < w; b++)
		n += ((v >> (8 * b)) & 0xff) != 0;
	return n;
}

/* ---------- functions ---------- */

/* The sort order of byaddr. */
static const struct hp_survey_unit *hp_survey_sorting;

static int hp_survey_addr_cmp(const void *a, const void *b)
{
	const struct hp_survey_fn *x = &hp_survey_sorting->fns[*(const size_t *)a],
				  *y = &hp_survey_sorting->fns[*(const size_t *)b];

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The position in byaddr of the last function that starts at or before
 * (shndx, off), or -1. */
static long hp_survey_fn_before(const struct hp_survey_ctx *c, size_t shndx, uint64_t off)
{
	const struct hp_survey_unit *u = c->u;
	long lo = 0, hi = (long)u->nfns - 1, best = -1;

	while (lo <= hi) {
		long mid = lo + (hi - lo) / 2;
		const struct hp_survey_fn *f = &u->fns[c->byaddr[mid]];
		if (f->shndx < shndx || (f->shndx == shndx && f->lo <= off)) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return best;
}

/* The function of section shndx whose range holds offset off, or -1. */
static long hp_survey_fn_at(const struct hp_survey_ctx *c, size_t shndx, uint64_t off)
{
	long at = hp_survey_fn_before(c, shndx, off);

	for (; at >= 0; at--) {
		const struct hp_survey_fn *f = &c->u->fns[c->byaddr[at]];
		if (f->shndx != shndx)
			break;
		if (off < f->hi)
			return (long)c->byaddr[at];
		if (f->hi <= f->lo + 1 && at > 0)
			continue; /* a size-0 label inside a bigger function */
		break;
	}
	return -1;
}

/* The function that starts exactly at (shndx, off), or -1. */
static long hp_survey_fn_starting(const struct hp_survey_ctx *c, size_t shndx, uint64_t off)
{
	long at = hp_survey_fn_before(c, shndx, off);

	if (at < 0)
		return -1;
	return c->u->fns[c->byaddr[at]].shndx == shndx && c->u->fns[c->byaddr[at]].lo == off ? (long)c->byaddr[at] : -1;
}

/* The functions: one per (section, address), named by its global symbol
 * when it has one (foo rather than foo.localalias). */
static int hp_survey_functions(struct hp_survey_ctx *c)
{
	struct hp_survey_unit *u = c->u;

	if (!(c->sym_fn = malloc((c->nsyms ? c->nsyms : 1) * sizeof *c->sym_fn)) ||
	    !(u->fns = calloc(c->nsyms ? c->nsyms : 1, sizeof *u->fns)))
		return -1;
	for (size_t i = 0; i < c->nsyms; i++) {
		const GElf_Sym *s = &c->syms[i].s;
		int type = GELF_ST_TYPE(s->st_info), bind = GELF_ST_BIND(s->st_info);
		int global = bind == STB_GLOBAL || bind == STB_WEAK;
		long at = -1;

		c->sym_fn[i] = -1;
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s->st_shndx == SHN_UNDEF ||
		    s->st_shndx >= SHN_LORESERVE || !c->syms[i].name[0])
			continue;
		for (size_t k = 0; k < u->nfns && at < 0; k++)
			if (u->fns[k].shndx == s->st_shndx && u->fns[k].lo == s->st_value)
				at = (long)k;
		if (at < 0) {
			struct hp_survey_fn *f = &u->fns[u->nfns];
			if (!(f->name = strdup(c->syms[i].name)))
				return -1;
			f->global = global;
			f->shndx = s->st_shndx;
			f->lo = s->st_value;
			f->hi = s->st_value + (s->st_size ? s->st_size : 1);
			at = (long)u->nfns++;
		} else if (global && !u->fns[at].global) {
			char *n = strdup(c->syms[i].name);
			if (!n)
				return -1;
			free(u->fns[at].name);
			u->fns[at].name = n;
			u->fns[at].global = 1;
		}
		c->sym_fn[i] = at;
	}
	if (!(c->byaddr = malloc((u->nfns ? u->nfns : 1) * sizeof *c->byaddr)))
		return -1;
	for (size_t i = 0; i < u->nfns; i++)
		c->byaddr[i] = i;
	hp_survey_sorting = u;
	if (u->nfns)
		qsort(c->byaddr, u->nfns, sizeof *c->byaddr, hp_survey_addr_cmp);
	return 0;
}

/* ---------- constants ---------- */

/* Record table t at [lo, hi) of section shndx: in code, its function
 * holds it; in data, a hit (merged per data symbol). */
static int hp_survey_found(struct hp_survey_ctx *c, size_t shndx, int exec, uint64_t lo, uint64_t hi, size_t t)
{
	struct hp_survey_unit *u = c->u;
	const struct hp_survey_sym *sym = NULL;
	struct hp_survey_hit *grown;

	if (exec) {
		long f = hp_survey_fn_at(c, shndx, lo);
		if (f >= 0)
			u->fns[f].holds |= 1ull << t;
		return 0;
	}
	for (size_t i = 0; i < c->nsyms && !sym; i++) {
		const GElf_Sym *s = &c->syms[i].s;
		if (GELF_ST_TYPE(s->st_info) == STT_OBJECT && s->st_shndx == shndx && lo >= s->st_value &&
		    lo < s->st_value + (s->st_size ? s->st_size : 1))
			sym = &c->syms[i];
	}
	if (sym) {
		lo = sym->s.st_value;
		hi = sym->s.st_value + (sym->s.st_size ? sym->s.st_size : 1);
	}
	for (size_t i = 0; i < c->nhits; i++)
		if (c->hits[i].shndx == shndx && c->hits[i].lo < hi && lo < c->hits[i].hi) {
			c->hits[i].tables |= 1ull << t;
			u->tabs[c->hits[i].tab].tables |= 1ull << t;
			return 0;
		}
	if (!(grown = realloc(c->hits, (c->nhits + 1) * sizeof *grown)))
		return -1;
	c->hits = grown;
	{
		struct hp_survey_table *tg = realloc(u->tabs, (u->ntabs + 1) * sizeof *tg);
		if (!tg)
			return -1;
		u->tabs = tg;
	}
	u->tabs[u->ntabs] = (struct hp_survey_table){ NULL, 0, 1ull << t, 0 };
	if (sym && sym->name[0]) {
		int bind = GELF_ST_BIND(sym->s.st_info);
		if (!(u->tabs[u->ntabs].name = strdup(sym->name)))
			return -1;
		u->tabs[u->ntabs].global = bind == STB_GLOBAL || bind == STB_WEAK;
	}
	c->hits[c->nhits++] = (struct hp_survey_hit){ shndx, lo, hi, 1ull << t, u->ntabs++ };
	return 0;
}

/* An entry of a sorted key table. */
struct hp_survey_keyed {
	uint64_t key;
	size_t i;
};

static int hp_survey_keyed_cmp(const void *a, const void *b)
{
	const struct hp_survey_keyed *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* Table t stored with encoding enc in the n bytes of d: every run of at
 * least t->window consecutive entries. */
static int hp_survey_windows(struct hp_survey_ctx *c, size_t shndx, int exec, const unsigned char *d, size_t n,
			     size_t t, const struct hp_prim_table *tab, unsigned enc)
{
	unsigned w = tab->width;
	struct hp_survey_keyed *k = malloc(tab->n * sizeof *k);
	uint64_t *keys = malloc(tab->n * sizeof *keys);
	int rc = 0;

	if (!k || !keys) {
		free(k);
		free(keys);
		return -1;
	}
	for (size_t i = 0; i < tab->n; i++) {
		keys[i] = hp_survey_key(tab, i, enc);
		k[i] = (struct hp_survey_keyed){ keys[i], i };
	}
	if (tab->n)
		qsort(k, tab->n, sizeof *k, hp_survey_keyed_cmp);
	for (size_t off = 0; rc == 0 && (size_t)tab->window * w <= n && off <= n - (size_t)tab->window * w; off++) {
		uint64_t v = hp_survey_le(d + off, w);
		struct hp_survey_keyed probe = { v, 0 },
				       *p = bsearch(&probe, k, tab->n, sizeof *k, hp_survey_keyed_cmp);
		size_t best = 0;

		if (!p)
			continue;
		while (p > k && p[-1].key == v)
			p--;
		for (; p < k + tab->n && p->key == v; p++) {
			size_t i = p->i, m = 0;
			if (i < tab->window_from || i + tab->window > tab->n)
				continue;
			while (i + m < tab->n && off + (m + 1) * w <= n &&
			       hp_survey_le(d + off + m * w, w) == keys[i + m])
				m++;
			if (m >= tab->window && m > best)
				best = m;
		}
		if (best) {
			rc = hp_survey_found(c, shndx, exec, off, off + best * w, t);
			off += best * w - 1;
		}
	}
	free(k);
	free(keys);
	return rc;
}

/* Is v one of the n sorted values of vals? */
static int hp_survey_among(const uint64_t *vals, size_t n, uint64_t v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (vals[mid] == v)
			return 1;
		if (vals[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Table t as immediates in the bytes [lo, hi) of section data d, or
 * among the nvals values the code builds (AArch64: hp_a64_wide_values;
 * sorted, NULL when none). */
static int hp_survey_scattered(const unsigned char *d, uint64_t lo, uint64_t hi, const struct hp_prim_table *tab,
			       const uint64_t *vals, size_t nvals)
{
	size_t found = 0, distinct = 0;

	for (size_t i = 0; i < tab->n; i++) {
		uint64_t v = hp_prim_value(tab, i);
		unsigned char le[8];
		int dup = 0;

		if (hp_survey_nonzero(v, tab->width) < 3)
			continue;
		for (size_t j = 0; j < i && !dup; j++)
			dup = hp_prim_value(tab, j) == v;
		if (dup)
			continue;
		distinct++;
		for (unsigned b = 0; b < 8; b++)
			le[b] = (unsigned char)(v >> (8 * b));
		if (memmem(d + lo, hi - lo, le, tab->width) ||
		    (tab->width == 8 && v <= 0xffffffffu && memmem(d + lo, hi - lo, le, 4)) ||
		    hp_survey_among(vals, nvals, v))
			found++;
	}
	return distinct && found >= (tab->scatter < distinct ? tab->scatter : distinct);
}

/* The values built by AArch64 wide moves (hp_a64_wide_values).  */
struct hp_survey_wide {
	uint64_t *v;
	size_t n;
};

/* Per symbol of c, those of the code of each function of section shndx
 * (data d, size bytes) on AArch64: a calloc'ed array of c->nsyms into
 * *out (NULL elsewhere).  0, or -1 out of memory. */
static int hp_survey_wide_of(const struct hp_survey_ctx *c, size_t shndx, const unsigned char *d, size_t size,
			     struct hp_survey_wide **out)
{
	struct hp_survey_wide *w;

	*out = NULL;
	if (c->machine != EM_AARCH64)
		return 0;
	if (!(w = calloc(c->nsyms ? c->nsyms : 1, sizeof *w)))
		return -1;
	for (size_t i = 0; i < c->nsyms; i++) {
		const GElf_Sym *s = &c->syms[i].s;
		if (s->st_shndx != shndx || !s->st_size || s->st_value + s->st_size > size ||
		    GELF_ST_TYPE(s->st_info) != STT_FUNC || s->st_value % 4)
			continue;
		if (hp_a64_wide_values(d + s->st_value, s->st_size / 4, &w[i].v, &w[i].n)) {
			*out = w;
			return -1;
		}
	}
	*out = w;
	return 0;
}

static void hp_survey_wide_free(struct hp_survey_wide *w, size_t n)
{
	for (size_t i = 0; w && i < n; i++)
		free(w[i].v);
	free(w);
}

/* Every table in every allocated section with contents. */
static int hp_survey_constants(struct hp_survey_ctx *c)
{
	size_t ntab;
	const struct hp_prim_table *tabs = hp_prim_tables(&ntab);
	Elf_Scn *scn = NULL;
	struct hp_survey_wide *wide = NULL;
	int rc = 0;

	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t shndx = elf_ndxscn(scn);
		int exec;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC) ||
		    !(data = elf_getdata(scn, NULL)) || !data->d_buf || !data->d_size)
			continue;
		exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
		if (exec && hp_survey_wide_of(c, shndx, data->d_buf, data->d_size, &wide))
			rc = -1;
		for (size_t t = 0; t < ntab && rc == 0; t++) {
			if (tabs[t].window)
				for (unsigned enc = HP_ENC_LE; enc <= HP_ENC_BE && rc == 0; enc <<= 1)
					if ((tabs[t].encodings & enc) && (enc == HP_ENC_LE || tabs[t].width > 1) &&
					    hp_survey_windows(c, shndx, exec, data->d_buf, data->d_size, t, &tabs[t],
							      enc))
						rc = -1;
			if (!tabs[t].scatter)
				continue;
			/* immediates: per function in code, per data symbol elsewhere */
			for (size_t i = 0; i < c->nsyms && rc == 0; i++) {
				const GElf_Sym *s = &c->syms[i].s;
				int type = GELF_ST_TYPE(s->st_info);
				if (s->st_shndx != shndx || !s->st_size || s->st_value + s->st_size > data->d_size ||
				    (exec ? type != STT_FUNC : type != STT_OBJECT))
					continue;
				if (hp_survey_scattered(data->d_buf, s->st_value, s->st_value + s->st_size, &tabs[t],
							wide ? wide[i].v : NULL, wide ? wide[i].n : 0) &&
				    hp_survey_found(c, shndx, exec, s->st_value, s->st_value + s->st_size, t))
					rc = -1;
			}
		}
		hp_survey_wide_free(wide, c->nsyms);
		wide = NULL;
		if (rc)
			return -1;
	}
	return 0;
}

/* ---------- relocations ---------- */

/* Does this relocation type address relative to the end of a 4-byte field
 * (x86-64: the +4 that the addend's -4 takes back)? */
static int hp_survey_pcrel(GElf_Half machine, unsigned type)
{
	return machine == EM_X86_64 && (type == R_X86_64_PC32 || type == R_X86_64_PLT32 || type == R_X86_64_GOTPCREL ||
					type == R_X86_64_GOTPCRELX || type == R_X86_64_REX_GOTPCRELX);
}

/* Does this relocation type give only the 4 KiB page of its target
 * (AArch64 ADRP)?  The instruction that adds the low 12 bits carries a
 * relocation of its own, to the same target or, an ADRP shared, to
 * another on that page: that one says what is reached. */
static int hp_survey_page_only(GElf_Half machine, unsigned type)
{
	return machine == EM_AARCH64 && (type == R_AARCH64_ADR_PREL_PG_HI21 || type == R_AARCH64_ADR_PREL_PG_HI21_NC);
}

/* One edge more (duplicates are removed once all are read: hp_survey_unique_edges). */
static int hp_survey_add_edge(struct hp_survey_unit *u, size_t from, long to, const char *to_name)
{
	struct hp_survey_edge *grown;

	if (!(grown = realloc(u->edges, (u->nedges + 1) * sizeof *grown)))
		return -1;
	u->edges = grown;
	u->edges[u->nedges] = (struct hp_survey_edge){ from, to, NULL };
	if (to_name && !(u->edges[u->nedges].to_name = strdup(to_name)))
		return -1;
	u->nedges++;
	return 0;
}

static int hp_survey_edge_cmp(const void *a, const void *b)
{
	const struct hp_survey_edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	if (!x->to_name || !y->to_name)
		return !!x->to_name - !!y->to_name;
	return strcmp(x->to_name, y->to_name);
}

/* Sort the edges and drop the repeated ones (a function calls another
 * from many places). */
static void hp_survey_unique_edges(struct hp_survey_unit *u)
{
	size_t k = 0;

	if (u->nedges)
		qsort(u->edges, u->nedges, sizeof *u->edges, hp_survey_edge_cmp);
	for (size_t i = 0; i < u->nedges; i++) {
		if (k && !hp_survey_edge_cmp(&u->edges[k - 1], &u->edges[i])) {
			free(u->edges[i].to_name);
			continue;
		}
		u->edges[k++] = u->edges[i];
	}
	u->nedges = k;
}

/* A reference from function f to (shndx, off) in data: the tables found
 * there. */
static int hp_survey_ref_data(struct hp_survey_ctx *c, size_t f, size_t shndx, uint64_t off)
{
	struct hp_survey_unit *u = c->u;

	for (size_t i = 0; i < c->nhits; i++)
		if (c->hits[i].shndx == shndx && off >= c->hits[i].lo && off < c->hits[i].hi) {
			struct hp_survey_table *tb = &u->tabs[c->hits[i].tab];
			u->fns[f].refs |= c->hits[i].tables;
			tb->referenced = 1;
			if (!u->fns[f].ref_table && tb->name && !(u->fns[f].ref_table = strdup(tb->name)))
				return -1;
		}
	return 0;
}

/* A reference from function f to (shndx, off): a call into a function of
 * the object, or a table in data. */
static int hp_survey_ref_at(struct hp_survey_ctx *c, size_t f, size_t shndx, uint64_t off)
{
	struct hp_survey_unit *u = c->u;
	long to = hp_survey_fn_at(c, shndx, off);

	if (to >= 0)
		return hp_survey_add_edge(u, f, to, u->fns[to].global ? u->fns[to].name : NULL);
	return hp_survey_ref_data(c, f, shndx, off);
}

/* What the uses of an AArch64 anchor reach (hp_survey_anchor). */
struct hp_survey_anchor_ref {
	struct hp_survey_ctx *c;
	size_t f, shndx;
	int64_t base;
};

static int hp_survey_anchor_ref(void *arg, int64_t offset)
{
	struct hp_survey_anchor_ref *a = arg;

	return a->base + offset < 0 ? 0 : hp_survey_ref_data(a->c, a->f, a->shndx, (uint64_t)(a->base + offset));
}

/* The data that function f reaches from the address (shndx, base) which
 * the ADD at offset off of its code section (code) completes: each
 * address its code uses from there (a64.h). */
static int hp_survey_anchor(struct hp_survey_ctx *c, const Elf_Data *code, size_t f, uint64_t off, size_t shndx,
			    int64_t base)
{
	const struct hp_survey_fn *fn = &c->u->fns[f];
	struct hp_survey_anchor_ref a = { c, f, shndx, base };
	uint64_t end = fn->hi < code->d_size ? fn->hi : code->d_size;

	if (off % 4 || fn->lo % 4 || off >= end || !code->d_buf)
		return 0;
	return hp_a64_anchor_uses((const unsigned char *)code->d_buf + fn->lo, (off - fn->lo) / 4, (end - fn->lo) / 4,
				  hp_survey_anchor_ref, &a);
}

/* One relocation at offset off of code section code_shndx (its data code). */
static int hp_survey_reloc(struct hp_survey_ctx *c, size_t code_shndx, const Elf_Data *code, uint64_t off, size_t symi,
			   GElf_Sxword addend, unsigned type)
{
	struct hp_survey_unit *u = c->u;
	long f = hp_survey_fn_at(c, code_shndx, off);
	const struct hp_survey_sym *s;
	int stype;
	GElf_Sxword adj = hp_survey_pcrel(c->machine, type) ? 4 : 0, target;

	{
		struct hp_survey_rel *grown = realloc(c->rel, (c->nrel + 1) * sizeof *c->rel);
		if (!grown)
			return -1;
		c->rel = grown;
		c->rel[c->nrel].shndx = code_shndx;
		c->rel[c->nrel++].off = off;
	}
	if (f < 0 || symi >= c->nsyms || hp_survey_page_only(c->machine, type))
		return 0;
	s = &c->syms[symi];
	stype = GELF_ST_TYPE(s->s.st_info);
	if (s->s.st_shndx == SHN_UNDEF)
		return s->name[0] ? hp_survey_add_edge(u, (size_t)f, -1, s->name) : 0;
	if (s->s.st_shndx >= SHN_LORESERVE)
		return 0;
	if (c->sym_fn[symi] >= 0) {
		long to = c->sym_fn[symi];
		return hp_survey_add_edge(u, (size_t)f, to, u->fns[to].global ? u->fns[to].name : NULL);
	}
	if (stype != STT_SECTION && stype != STT_OBJECT && stype != STT_NOTYPE)
		return 0;
	target = (GElf_Sxword)s->s.st_value + addend + adj;
	/* adrp x3, .rodata; add x3, x3, :lo12:.rodata: an address of data the
	 * code goes on from (GCC's section anchors), reached where it is used */
	if (c->machine == EM_AARCH64 && type == R_AARCH64_ADD_ABS_LO12_NC && target >= 0 &&
	    hp_survey_fn_at(c, s->s.st_shndx, (uint64_t)target) < 0)
		return hp_survey_anchor(c, code, (size_t)f, off, s->s.st_shndx, target);
	return hp_survey_ref_at(c, (size_t)f, s->s.st_shndx, (uint64_t)target);
}

/* Every relocation of every code section. */
static int hp_survey_relocs(struct hp_survey_ctx *c)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh, target;
		Elf_Scn *tscn;
		Elf_Data *data, *code;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) || !sh.sh_entsize)
			continue;
		if (!(tscn = elf_getscn(c->elf, sh.sh_info)) || !gelf_getshdr(tscn, &target) ||
		    !(target.sh_flags & SHF_EXECINSTR) || !(data = elf_getdata(scn, NULL)) ||
		    !(code = elf_getdata(tscn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela ra;
			GElf_Rel rl;
			int rc;

			if (sh.sh_type == SHT_RELA) {
				if (!gelf_getrela(data, (int)i, &ra))
					continue;
				rc = hp_survey_reloc(c, sh.sh_info, code, ra.r_offset, GELF_R_SYM(ra.r_info),
						     ra.r_addend, (unsigned)GELF_R_TYPE(ra.r_info));
			} else {
				if (!gelf_getrel(data, (int)i, &rl))
					continue;
				rc = hp_survey_reloc(c, sh.sh_info, code, rl.r_offset, GELF_R_SYM(rl.r_info), 0,
						     (unsigned)GELF_R_TYPE(rl.r_info));
			}
			if (rc)
				return -1;
		}
	}
	return 0;
}

/* ---------- calls the assembler resolved ---------- */

static int hp_survey_rel_cmp(const void *a, const void *b)
{
	const struct hp_survey_rel *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Is there a relocation in code section shndx at [off, off + 4)?  (rel
 * sorted by hp_survey_rel_cmp) */
static int hp_survey_relocated(const struct hp_survey_ctx *c, size_t shndx, uint64_t off)
{
	size_t lo = 0, hi = c->nrel;

	while (lo < hi) { /* the first relocation at or after (shndx, off) */
		size_t mid = lo + (hi - lo) / 2;
		const struct hp_survey_rel *r = &c->rel[mid];
		if (r->shndx < shndx || (r->shndx == shndx && r->off < off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nrel && c->rel[lo].shndx == shndx && c->rel[lo].off < off + 4;
}

/* A direct call or jump from offset at to offset target of section
 * shndx, which the assembler resolved itself (a static function in the
 * same section: no relocation): an edge when target starts a function. */
static int hp_survey_direct(struct hp_survey_ctx *c, size_t shndx, uint64_t at, int64_t target)
{
	struct hp_survey_unit *u = c->u;
	long from, to;

	if (target < 0 || (to = hp_survey_fn_starting(c, shndx, (uint64_t)target)) < 0 ||
	    (from = hp_survey_fn_at(c, shndx, at)) < 0 || from == to)
		return 0;
	return hp_survey_add_edge(u, (size_t)from, to, u->fns[to].global ? u->fns[to].name : NULL);
}

/*
 * The calls and tail jumps that carry no relocation because caller and
 * callee share a section: x86-64 call/jmp rel32 (E8, E9), jmp rel8 (EB)
 * and jcc rel32 (0F 80..8F); AArch64 BL and B.  The bytes are not
 * decoded as instructions, so a match must land exactly on the start of
 * a function of the section (and not where a relocation is) to count.
 */
static int hp_survey_direct_calls(struct hp_survey_ctx *c)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		const unsigned char *d;
		size_t shndx = elf_ndxscn(scn), n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR) ||
		    !(data = elf_getdata(scn, NULL)) || !data->d_buf)
			continue;
		d = data->d_buf;
		n = data->d_size;
		for (size_t i = 0; i < n; i++) {
			int64_t target = -1;
			if (c->machine == EM_X86_64) {
				if ((d[i] == 0xe8 || d[i] == 0xe9) && i + 5 <= n &&
				    !hp_survey_relocated(c, shndx, i + 1))
					target = (int64_t)(i + 5) + (int32_t)hp_survey_le(d + i + 1, 4);
				else if (d[i] == 0xeb && i + 2 <= n)
					target = (int64_t)(i + 2) + (int8_t)d[i + 1];
				else if (d[i] == 0x0f && i + 6 <= n && (d[i + 1] & 0xf0) == 0x80 &&
					 !hp_survey_relocated(c, shndx, i + 2))
					target = (int64_t)(i + 6) + (int32_t)hp_survey_le(d + i + 2, 4);
			} else if (c->machine == EM_AARCH64 && i % 4 == 0 && i + 4 <= n) {
				uint32_t w = (uint32_t)hp_survey_le(d + i, 4);
				if (((w & 0xfc000000u) == 0x94000000u || (w & 0xfc000000u) == 0x14000000u) &&
				    !hp_survey_relocated(c, shndx, i)) {
					int32_t imm = (int32_t)(w << 6) >> 6;
					target = (int64_t)i + 4 * (int64_t)imm;
				}
			}
			if (target >= 0 && hp_survey_direct(c, shndx, i, target))
				return -1;
		}
	}
	return 0;
}

/* ---------- the object ---------- */

/* The symbol table; the FILE name into *file. */
static int hp_survey_symbols(struct hp_survey_ctx *c, const char **file)
{
	Elf_Scn *scn = NULL;

	*file = NULL;
	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
			continue;
		if (!(data = elf_getdata(scn, NULL)))
			return -1;
		c->nsyms = sh.sh_size / sh.sh_entsize;
		if (!(c->syms = calloc(c->nsyms ? c->nsyms : 1, sizeof *c->syms)))
			return -1;
		for (size_t i = 0; i < c->nsyms; i++) {
			struct hp_survey_sym *e = &c->syms[i];
			const char *name;
			int bind;

			if (!gelf_getsym(data, (int)i, &e->s)) {
				e->name = "";
				continue;
			}
			name = elf_strptr(c->elf, sh.sh_link, e->s.st_name);
			e->name = name ? name : "";
			if (GELF_ST_TYPE(e->s.st_info) == STT_FILE && !*file && e->name[0])
				*file = e->name;
			bind = GELF_ST_BIND(e->s.st_info);
			if (!e->name[0] || (bind != STB_GLOBAL && bind != STB_WEAK))
				continue;
			if (e->s.st_shndx == SHN_UNDEF) {
				if (hp_strv_find(&c->u->undefs, e->name) < 0 && hp_strv_add(&c->u->undefs, e->name))
					return -1;
			} else if (hp_strv_find(&c->u->defs, e->name) < 0 && hp_strv_add(&c->u->defs, e->name)) {
				return -1;
			}
		}
		return 0;
	}
	return 0;
}

int hp_survey_scan(void *elfp, const char *name, const char *fallback, struct hp_survey_unit *u, char *err,
		   size_t errlen)
{
	struct hp_survey_ctx c = { 0 };
	GElf_Ehdr eh;
	const char *file;
	int rc = -1;

	memset(u, 0, sizeof *u);
	c.elf = elfp;
	c.u = u;
	if (elf_kind(c.elf) != ELF_K_ELF || !gelf_getehdr(c.elf, &eh) || eh.e_type != ET_REL) {
		hp_fmt(err, errlen, "%s: not an ELF relocatable object", name ? name : fallback);
		return -1;
	}
	c.machine = eh.e_machine;
	if (hp_survey_symbols(&c, &file) || hp_survey_functions(&c)) {
		hp_fmt(err, errlen, "%s: cannot read its symbols: %s", name ? name : fallback, elf_errmsg(-1));
		goto out;
	}
	if (!(u->name = strdup(name ? name : file ? file : fallback)))
		goto oom;
	if (hp_survey_constants(&c) || hp_survey_relocs(&c))
		goto oom;
	if (c.nrel)
		qsort(c.rel, c.nrel, sizeof *c.rel, hp_survey_rel_cmp);
	if (hp_survey_direct_calls(&c))
		goto oom;
	hp_survey_unique_edges(u);
	rc = 0;
	goto out;
oom:
	hp_fmt(err, errlen, "out of memory");
out:
	free(c.syms);
	free(c.sym_fn);
	free(c.hits);
	free(c.rel);
	free(c.byaddr);
	if (rc)
		hp_survey_unit_free(u);
	return rc;
}

void hp_survey_unit_free(struct hp_survey_unit *u)
{
	for (size_t i = 0; i < u->nfns; i++) {
		free(u->fns[i].name);
		free(u->fns[i].ref_table);
	}
	for (size_t i = 0; i < u->nedges; i++)
		free(u->edges[i].to_name);
	for (size_t i = 0; i < u->ntabs; i++)
		free(u->tabs[i].name);
	free(u->fns);
	free(u->edges);
	free(u->tabs);
	free(u->name);
	hp_strv_free(&u->undefs);
	hp_strv_free(&u->defs);
	memset(u, 0, sizeof *u);
}
