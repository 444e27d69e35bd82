/*
 * table.c - the call-site table of a row (see table.h).
 */
#include "table.h"
#include "part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hp_callsite_helper_side(const struct hp_sym_frame *f)
{
	static const char *const shim_prefixes[] = { "__wrap_", "hp_timed_", "hp_cold_", "hp_sites_", "hp_tape_" };
	/* the ICCS helper files (iccs-helpers.md) and our PQClean adapter
	 * (schemes/pqclean/adapter), which only forward to a helper */
	static const char *const helper_files[] = { "auxfunc.c", "drng.c", "fips202_iccs.c", "randombytes_iccs.c" };

	for (size_t i = 0; i < sizeof shim_prefixes / sizeof shim_prefixes[0]; i++)
		if (!strncmp(f->function, shim_prefixes[i], strlen(shim_prefixes[i])))
			return 1;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (!strcmp(f->function, hp_fn_name(fn)))
			return 1;
	for (size_t i = 0; i < sizeof helper_files / sizeof helper_files[0]; i++)
		if (!strcmp(f->cu, helper_files[i]))
			return 1;
	return !strncmp(f->cu, "wrap_", 5);
}

/* ---------- names, once per return address ---------- */

struct hp_pc_frame {
	char *function, *where;
	int helper_side;
};

struct hp_pc_names {
	uintptr_t pc;
	unsigned n; /* frames, outermost first */
	struct hp_pc_frame f[HP_SYM_INLINE_MAX];
};

struct hp_names {
	struct hp_pc_names *v; /* sorted by pc */
	size_t n;
	char no_symbol[256]; /* modules with frames named by address, ", "-separated */
	char no_debug[256]; /* modules of the instance's frames without line information */
};

static int hp_pc_cmp(const void *a, const void *b)
{
	uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;

	return x < y ? -1 : x > y;
}

static void hp_names_free(struct hp_names *nm)
{
	for (size_t i = 0; nm->v && i < nm->n; i++)
		for (unsigned k = 0; k < nm->v[i].n; k++) {
			free(nm->v[i].f[k].function);
			free(nm->v[i].f[k].where);
		}
	free(nm->v);
}

/* Append module to the ", "-separated list once. */
static void hp_list_add(char *list, size_t len, const char *module)
{
	size_t ml = strlen(module);

	for (const char *p = list; (p = strstr(p, module)) != NULL; p += ml)
		if ((p == list || p[-1] == ' ') && (p[ml] == ',' || !p[ml]))
			return;
	size_t used = strlen(list);
	snprintf(list + used, len - used, "%s%s", used ? ", " : "", module);
}

static int hp_names_fill(struct hp_names *nm, const struct hp_site_raw *table, struct hp_symbolizer *sym)
{
	size_t total = 0, n = 0;
	uintptr_t *pcs;

	for (size_t i = 0; i < HP_SITE_PATHS_MAX; i++)
		if (table[i].used && table[i].fn < HP_FN_COUNT)
			total += table[i].n;
	pcs = malloc((total ? total : 1) * sizeof *pcs);
	if (!pcs)
		return -1;
	for (size_t i = 0; i < HP_SITE_PATHS_MAX; i++)
		if (table[i].used && table[i].fn < HP_FN_COUNT)
			for (uint32_t k = 0; k < table[i].n; k++)
				pcs[n++] = table[i].pc[k];
	if (n)
		qsort(pcs, n, sizeof *pcs, hp_pc_cmp);
	nm->v = calloc(n ? n : 1, sizeof *nm->v);
	if (!nm->v) {
		free(pcs);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct hp_sym s;
		struct hp_pc_names *e;

		if (i && pcs[i] == pcs[i - 1])
			continue;
		/* the cache: one look-up per return address */
		hp_sym_lookup(sym, pcs[i], &s);
		e = &nm->v[nm->n++];
		e->pc = pcs[i];
		if (s.no_symbol)
			hp_list_add(nm->no_symbol, sizeof nm->no_symbol, s.module);
		for (unsigned k = 0; k < s.nframes; k++) {
			e->f[k].function = strdup(s.frame[k].function);
			e->f[k].where = strdup(s.frame[k].where);
			e->f[k].helper_side = hp_callsite_helper_side(&s.frame[k]);
			e->n++;
			if (!e->f[k].function || !e->f[k].where) {
				free(pcs);
				return -1;
			}
		}
		if (s.no_debug && !e->f[0].helper_side)
			hp_list_add(nm->no_debug, sizeof nm->no_debug, s.module);
	}
	free(pcs);
	return 0;
}

static const struct hp_pc_names *hp_names_of(const struct hp_names *nm, uintptr_t pc)
{
	return bsearch(&pc, nm->v, nm->n, sizeof *nm->v, hp_pc_cmp);
}

/* ---------- paths ---------- */

/* Frames of one path, outermost first, before the merge (the strings
 * are the names' own). */
struct hp_path {
	size_t n;
	struct hp_site_frame f[HP_SITE_FRAMES_MAX * HP_SYM_INLINE_MAX];
	int helper_side[HP_SITE_FRAMES_MAX * HP_SYM_INLINE_MAX];
};

/* The named frames of raw path p (outermost first), the run of
 * helper-side frames at the inner end collapsed away (the helper names
 * them all), cut to the depth innermost frames (0: all); *cut set when
 * outer frames are left out (here or by the recorder). */
static void hp_path_of(const struct hp_names *nm, const struct hp_site_raw *p, unsigned depth, struct hp_path *out,
		       int *cut)
{
	size_t keep;

	out->n = 0;
	for (uint32_t k = p->n; k-- > 0;) {
		const struct hp_pc_names *e = hp_names_of(nm, p->pc[k]);
		for (unsigned i = 0; e && i < e->n; i++) {
			out->f[out->n].function = e->f[i].function;
			out->f[out->n].where = e->f[i].where;
			out->helper_side[out->n] = e->f[i].helper_side;
			out->n++;
		}
	}
	while (out->n && out->helper_side[out->n - 1])
		out->n--;
	*cut = p->truncated != 0;
	keep = depth && out->n > depth ? depth : out->n;
	if (keep < out->n) {
		memmove(out->f, out->f + (out->n - keep), keep * sizeof out->f[0]);
		out->n = keep;
		*cut = 1;
	}
}

/* Add the line of `more` to `where` ("poly.c:412" + "poly.c:418" ->
 * "poly.c:412,418"; another file after "; "; offsets "+0x1c,+0x4b"), unless it is there; a
 * list that would pass 255 bytes stays as it is.  Returns the new string
 * (where freed), or NULL when out of memory. */
static char *hp_where_merge(char *where, const char *more)
{
	const char *colon = strrchr(more, ':');
	size_t flen = colon ? (size_t)(colon - more) : 0;
	char buf[256];

	if (!*more || strstr(where, more))
		return where;
	if (!*where) {
		free(where);
		return strdup(more);
	}
	if (more[0] == '+' && where[0] == '+') {
		/* offsets in a function without a symbol: "+0x1c,+0x4b" */
		snprintf(buf, sizeof buf, "%s,%s", where, more);
	} else if (colon && !strncmp(where, more, flen) && where[flen] == ':') {
		/* the same file: is that line already listed? */
		char line[32];
		snprintf(line, sizeof line, "%s", colon + 1);
		for (const char *p = where + flen + 1; *p;) {
			size_t l = strcspn(p, ",;");
			if (l == strlen(line) && !strncmp(p, line, l))
				return where;
			p += l;
			if (*p == ';')
				break;
			if (*p)
				p++;
		}
		snprintf(buf, sizeof buf, "%s,%s", where, line);
	} else {
		snprintf(buf, sizeof buf, "%s; %s", where, more);
	}
	if (strlen(buf) >= sizeof buf - 1)
		return where; /* long enough */
	free(where);
	return strdup(buf);
}

/* The site of r with fn and the functions of path p; NULL when none. */
static struct hp_result_site *hp_site_find(struct hp_result *r, uint32_t fn, const struct hp_path *p, int cut)
{
	for (size_t i = 0; i < hp_sites_c(r)->nsites; i++) {
		struct hp_result_site *s = &hp_sites_c(r)->sites[i];
		size_t k;
		if (s->fn != fn || s->nframes != p->n || s->cut != cut)
			continue;
		for (k = 0; k < p->n && !strcmp(s->frames[k].function, p->f[k].function); k++)
			;
		if (k == p->n)
			return s;
	}
	return NULL;
}

static int hp_site_order(const void *a, const void *b)
{
	const struct hp_result_site *x = a, *y = b;

	if (x->fn != y->fn)
		return x->fn < y->fn ? -1 : 1;
	if (x->ticks != y->ticks)
		return x->ticks > y->ticks ? -1 : 1;
	if (x->calls != y->calls)
		return x->calls > y->calls ? -1 : 1;
	return strcmp(hp_callsite_name(x), hp_callsite_name(y));
}

int hp_callsites_collect(const struct hp_site_raw *table, const struct hp_site_lost lost[HP_FN_SLOTS],
			 struct hp_symbolizer *sym, struct hp_result *r, char *err, size_t errlen)
{
	struct hp_result_sites *t = hp_sites_get(r);
	struct hp_names nm = { 0 };
	struct hp_path *path = malloc(sizeof *path);
	int rc = -1;

	if (!t)
		goto done;
	hp_result_free_sites(r);
	memset(t->lost_calls, 0, sizeof t->lost_calls);
	memset(t->lost_ticks, 0, sizeof t->lost_ticks);
	t->note[0] = '\0';
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		t->lost_calls[fn] = lost[fn].unwind_failed + lost[fn].table_full;
		t->lost_ticks[fn] = lost[fn].ticks;
	}
	if (!path || !table || hp_names_fill(&nm, table, sym) != 0)
		goto done;
	for (size_t i = 0; i < HP_SITE_PATHS_MAX; i++) {
		const struct hp_site_raw *p = &table[i];
		struct hp_result_site *s, add = { 0 };
		int cut;

		if (!p->used || p->fn >= HP_FN_COUNT || !p->calls)
			continue;
		hp_path_of(&nm, p, t->depth, path, &cut);
		s = hp_site_find(r, p->fn, path, cut);
		if (!s) {
			add.fn = p->fn;
			add.cut = cut;
			if (!(s = hp_result_add_site(r, &add, path->f, path->n)))
				goto done;
		} else {
			for (size_t k = 0; k < path->n; k++)
				if (!(s->frames[k].where = hp_where_merge(s->frames[k].where, path->f[k].where)))
					goto done;
		}
		s->calls += p->calls;
		s->ticks += p->ticks;
	}
	if (t->nsites)
		qsort(t->sites, t->nsites, sizeof t->sites[0], hp_site_order);
	if (nm.no_symbol[0])
		snprintf(t->note, sizeof t->note,
			 "%s ha%s no symbol table (stripped): frames named by address, object+offset", nm.no_symbol,
			 strchr(nm.no_symbol, ',') ? "ve" : "s");
	else if (nm.no_debug[0])
		snprintf(t->note, sizeof t->note,
			 "no debug information in %s: frames named from the symbol table, without file:line",
			 nm.no_debug);
	rc = 0;
done:
	if (rc != 0)
		snprintf(err, errlen, "out of memory naming the call sites");
	hp_names_free(&nm);
	free(path);
	return rc;
}

void hp_callsites_sums(const struct hp_result *r, uint64_t calls[HP_FN_COUNT], uint64_t ticks[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		calls[fn] = hp_sites_c(r)->lost_calls[fn];
		ticks[fn] = hp_sites_c(r)->lost_ticks[fn];
	}
	for (size_t i = 0; i < hp_sites_c(r)->nsites; i++)
		if (hp_sites_c(r)->sites[i].fn < HP_FN_COUNT) {
			calls[hp_sites_c(r)->sites[i].fn] += hp_sites_c(r)->sites[i].calls;
			ticks[hp_sites_c(r)->sites[i].fn] += hp_sites_c(r)->sites[i].ticks;
		}
}

const char *hp_callsite_name(const struct hp_result_site *s)
{
	return s->nframes ? s->frames[s->nframes - 1].function : "";
}

int hp_callsite_same(const struct hp_result_site *a, const struct hp_result_site *b)
{
	if (a->fn != b->fn || a->nframes != b->nframes)
		return 0;
	for (size_t k = 0; k < a->nframes; k++)
		if (strcmp(a->frames[k].function, b->frames[k].function))
			return 0;
	return 1;
}
