/*
 * survey.c - symmetric code that bypasses the ICCS helpers (see
 * builder.h): which functions of an instance hold or refer to the
 * constants of a standard primitive, or are named like one; what they
 * reach through calls; the instance's verdict; the entry functions that
 * --wrap can measure; and the survey as the text of an instance section.
 *
 * The objects are read by scan.c.  Everything after that is a call
 * graph over all of them: an edge per relocation in code, a global name
 * resolved to the object that defines it.  The ICCS files (auxfunc.c,
 * drng.c) carry SM3 of their own in a real package; their findings are
 * the helpers' own (role "iccs") and never make an instance "mixed", and
 * a call into them is a call of a helper.
 */
#include "config.h"
#include "survey.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The most functions a reason lists per primitive before "+N more". */
#define HP_SURVEY_LIST 3

/* ---------- reading the inputs ---------- */

struct hp_survey_all {
	struct hp_survey_unit *u;
	size_t nu;
};

static int hp_survey_push(struct hp_survey_all *a, Elf *elf, const char *name, const char *fallback, int helper_file,
			  char *err, size_t errlen)
{
	struct hp_survey_unit *grown = realloc(a->u, (a->nu + 1) * sizeof *grown);

	if (!grown) {
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	a->u = grown;
	if (hp_survey_scan(elf, name, fallback, &a->u[a->nu], err, errlen))
		return -1;
	a->u[a->nu].helper_file = helper_file;
	a->nu++;
	return 0;
}

/* One input: an object, or every member of an archive. */
static int hp_survey_read_input(struct hp_survey_all *a, const struct hp_survey_input *in, char *err, size_t errlen)
{
	int fd = open(in->path, O_RDONLY | O_CLOEXEC), rc = 0;
	Elf *top, *m;

	if (fd < 0) {
		hp_fmt(err, errlen, "cannot open %s: %s", in->path, strerror(errno));
		return -1;
	}
	if (!(top = elf_begin(fd, ELF_C_READ, NULL))) {
		hp_fmt(err, errlen, "%s: %s", in->path, elf_errmsg(-1));
		close(fd);
		return -1;
	}
	if (elf_kind(top) != ELF_K_AR) {
		rc = hp_survey_push(a, top, in->name, in->path, in->helper_file, err, errlen);
	} else {
		Elf_Cmd cmd = ELF_C_READ;
		while (rc == 0 && (m = elf_begin(fd, cmd, top))) {
			Elf_Arhdr *h = elf_getarhdr(m);
			const char *mname = h && h->ar_name ? h->ar_name : in->path;
			/* the archive's symbol and name tables are members too */
			if (mname[0] != '/' && elf_kind(m) == ELF_K_ELF)
				rc = hp_survey_push(a, m, NULL, mname, in->helper_file, err, errlen);
			cmd = elf_next(m);
			elf_end(m);
		}
	}
	elf_end(top);
	close(fd);
	return rc;
}

/* auxfunc.c, drng.c, or an object whose global functions are all helpers
 * (builder/objects/inspect.c's rule, for objects the builder did not inspect). */
static int hp_survey_is_helper_file(const struct hp_survey_unit *u)
{
	const char *base = strrchr(u->name, '/');
	int helpers = 0, others = 0;

	base = base ? base + 1 : u->name;
	if (!strcmp(base, "auxfunc.c") || !strcmp(base, "drng.c"))
		return 1;
	for (size_t i = 0; i < u->nfns; i++) {
		if (!u->fns[i].global)
			continue;
		if (hp_fn_of_name(u->fns[i].name) >= 0)
			helpers++;
		else
			others++;
	}
	return helpers && !others;
}

/* ---------- the call graph ---------- */

/* A function of any object: node = base[unit] + index. */
struct hp_survey_graph {
	struct hp_survey_all *a;
	size_t *base, nnodes;
	size_t *adj_start, *adj; /* edges by source node (CSR) */
	long *to_helper; /* per edge: the helper it calls (enum hp_fn), or -1 */
	unsigned char *helper_node; /* the node is ICCS helper code */
	unsigned char *core; /* the node holds or refers to constants (outside the ICCS files) */
	unsigned *name_prim; /* primitives its name names */
	unsigned char *reach_core, *reach_helper;
	unsigned char *reach_route; /* it reaches helper-reaching code or the helpers' adapter */
	unsigned *reach_helpers; /* bits 1 << enum hp_fn of the helpers it reaches */
	size_t ntabs; /* hp_prim_tables() */
	const struct hp_prim_table *tabs;
};

struct hp_survey_named {
	const char *name;
	size_t node;
};

static int hp_survey_named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct hp_survey_named *)a)->name, ((const struct hp_survey_named *)b)->name);
}

/* The node of the global function name, or -1 (defined by no object). */
static long hp_survey_lookup(const struct hp_survey_named *defs, size_t n, const char *name)
{
	struct hp_survey_named key = { name, 0 }, *p = bsearch(&key, defs, n, sizeof *defs, hp_survey_named_cmp);

	return p ? (long)p->node : -1;
}

static size_t hp_survey_node_unit(const struct hp_survey_graph *g, size_t node)
{
	size_t u = 0;

	while (u + 1 < g->a->nu && g->base[u + 1] <= node)
		u++;
	return u;
}

/* The function of a node. */
static struct hp_survey_fn *hp_survey_fn_of(const struct hp_survey_graph *g, size_t node)
{
	size_t u = hp_survey_node_unit(g, node);

	return &g->a->u[u].fns[node - g->base[u]];
}

/* A global data table of another object that a function refers to by
 * name: its tables for that function. */
static void hp_survey_global_tables(struct hp_survey_all *a)
{
	for (size_t u = 0; u < a->nu; u++)
		for (size_t e = 0; e < a->u[u].nedges; e++) {
			const struct hp_survey_edge *ed = &a->u[u].edges[e];
			if (ed->to >= 0 || !ed->to_name)
				continue;
			for (size_t v = 0; v < a->nu; v++)
				for (size_t t = 0; t < a->u[v].ntabs; t++) {
					struct hp_survey_table *tb = &a->u[v].tabs[t];
					struct hp_survey_fn *f = &a->u[u].fns[ed->from];
					if (v == u || !tb->global || !tb->name || strcmp(tb->name, ed->to_name))
						continue;
					f->refs |= tb->tables;
					tb->referenced = 1;
					if (!f->ref_table)
						f->ref_table = strdup(tb->name);
				}
		}
}

static int hp_survey_graph_build(struct hp_survey_all *a, struct hp_survey_graph *g)
{
	struct hp_survey_named *defs = NULL;
	size_t ndefs = 0, nedges = 0;

	memset(g, 0, sizeof *g);
	g->a = a;
	g->tabs = hp_prim_tables(&g->ntabs);
	if (!(g->base = calloc(a->nu + 1, sizeof *g->base)))
		return -1;
	for (size_t u = 0; u < a->nu; u++) {
		g->base[u] = g->nnodes;
		g->nnodes += a->u[u].nfns;
		nedges += a->u[u].nedges;
	}
	g->base[a->nu] = g->nnodes;
	if (!(defs = calloc(g->nnodes + 1, sizeof *defs)) || !(g->adj_start = calloc(g->nnodes + 1, sizeof(size_t))) ||
	    !(g->adj = calloc(nedges + 1, sizeof(size_t))) || !(g->to_helper = calloc(nedges + 1, sizeof(long))) ||
	    !(g->helper_node = calloc(g->nnodes + 1, 1)) || !(g->core = calloc(g->nnodes + 1, 1)) ||
	    !(g->name_prim = calloc(g->nnodes + 1, sizeof(unsigned))) || !(g->reach_core = calloc(g->nnodes + 1, 1)) ||
	    !(g->reach_helper = calloc(g->nnodes + 1, 1)) || !(g->reach_route = calloc(g->nnodes + 1, 1)) ||
	    !(g->reach_helpers = calloc(g->nnodes + 1, sizeof(unsigned)))) {
		free(defs);
		return -1;
	}
	/* global functions, first definition wins (as an archive link's would) */
	for (size_t u = 0; u < a->nu; u++)
		for (size_t i = 0; i < a->u[u].nfns; i++) {
			const struct hp_survey_fn *f = &a->u[u].fns[i];
			size_t node = g->base[u] + i;
			int seen = 0;
			g->helper_node[node] = a->u[u].helper_file || (f->global && hp_fn_of_name(f->name) >= 0);
			g->core[node] = !a->u[u].helper_file && (f->holds | f->refs);
			g->name_prim[node] = a->u[u].helper_file ? 0 : hp_prim_of_name(f->name);
			if (!f->global)
				continue;
			for (size_t d = 0; d < ndefs && !seen; d++)
				seen = !strcmp(defs[d].name, f->name);
			if (!seen)
				defs[ndefs++] = (struct hp_survey_named){ f->name, node };
		}
	if (ndefs)
		qsort(defs, ndefs, sizeof *defs, hp_survey_named_cmp);
	/* edges by source, a global name resolved to its definition */
	for (size_t u = 0; u < a->nu; u++)
		for (size_t e = 0; e < a->u[u].nedges; e++)
			g->adj_start[g->base[u] + a->u[u].edges[e].from + 1]++;
	for (size_t n = 0; n < g->nnodes; n++)
		g->adj_start[n + 1] += g->adj_start[n];
	{
		size_t *fill = calloc(g->nnodes + 1, sizeof *fill);
		if (!fill) {
			free(defs);
			return -1;
		}
		for (size_t u = 0; u < a->nu; u++)
			for (size_t e = 0; e < a->u[u].nedges; e++) {
				const struct hp_survey_edge *ed = &a->u[u].edges[e];
				size_t from = g->base[u] + ed->from, at = g->adj_start[from] + fill[from]++;
				long to = ed->to >= 0 ? (long)(g->base[u] + (size_t)ed->to) : -1;
				/* a global target: the first definition anywhere (interposition
				 * by another object's definition is what the linker does) */
				if (ed->to_name) {
					long d = hp_survey_lookup(defs, ndefs, ed->to_name);
					if (d >= 0)
						to = d;
				}
				g->to_helper[at] = ed->to_name ? hp_fn_of_name(ed->to_name) : -1;
				g->adj[at] = to >= 0 ? (size_t)to : (size_t)-1;
			}
		free(fill);
	}
	free(defs);
	return 0;
}

static void hp_survey_graph_free(struct hp_survey_graph *g)
{
	free(g->base);
	free(g->adj_start);
	free(g->adj);
	free(g->to_helper);
	free(g->helper_node);
	free(g->core);
	free(g->name_prim);
	free(g->reach_core);
	free(g->reach_helper);
	free(g->reach_route);
	free(g->reach_helpers);
	memset(g, 0, sizeof *g);
}

/* Does the object reference one of the four measured helpers? */
static int hp_survey_unit_calls_helpers(const struct hp_survey_unit *u)
{
	for (unsigned h = 0; h < HP_FN_COUNT; h++)
		if (h != HP_FN_DRNG_INIT && hp_strv_find(&u->undefs, hp_fn_name(h)) >= 0)
			return 1;
	return 0;
}

/* What each function reaches: own constants (itself included), ICCS
 * helpers (a call of a helper by name, or into an ICCS file; the ICCS
 * code itself is not walked). */
static int hp_survey_reach(struct hp_survey_graph *g)
{
	size_t *stack = malloc((g->nnodes + 1) * sizeof *stack);
	unsigned char *seen = malloc(g->nnodes + 1);

	if (!stack || !seen) {
		free(stack);
		free(seen);
		return -1;
	}
	for (size_t s = 0; s < g->nnodes; s++) {
		size_t sp = 0;
		if (g->helper_node[s])
			continue;
		memset(seen, 0, g->nnodes);
		stack[sp++] = s;
		seen[s] = 1;
		while (sp) {
			size_t n = stack[--sp];
			g->reach_core[s] |= g->core[n];
			for (size_t e = g->adj_start[n]; e < g->adj_start[n + 1]; e++) {
				size_t to = g->adj[e];
				if (g->to_helper[e] >= 0)
					g->reach_helpers[s] |= 1u << g->to_helper[e];
				if (to == (size_t)-1 || seen[to])
					continue;
				seen[to] = 1;
				if (g->helper_node[to]) {
					int h = hp_fn_of_name(hp_survey_fn_of(g, to)->name);
					g->reach_helpers[s] |= h >= 0 ? 1u << h : 0;
					g->reach_helper[s] = 1;
					continue;
				}
				stack[sp++] = to;
			}
		}
		g->reach_helper[s] |= g->reach_helpers[s] != 0;
	}
	/* routing: what reaches a helper, or code named like a primitive in
	 * an object that references a helper */
	{
		unsigned char *direct = calloc(g->nnodes + 1, 1);
		if (!direct) {
			free(stack);
			free(seen);
			return -1;
		}
		for (size_t n = 0; n < g->nnodes; n++)
			direct[n] = !g->helper_node[n] &&
				    (g->reach_helper[n] ||
				     (g->name_prim[n] &&
				      hp_survey_unit_calls_helpers(&g->a->u[hp_survey_node_unit(g, n)])));
		for (size_t s = 0; s < g->nnodes; s++) {
			size_t sp = 0;
			if (g->helper_node[s])
				continue;
			memset(seen, 0, g->nnodes);
			stack[sp++] = s;
			seen[s] = 1;
			while (sp && !g->reach_route[s]) {
				size_t n = stack[--sp];
				g->reach_route[s] |= direct[n];
				for (size_t e = g->adj_start[n]; e < g->adj_start[n + 1]; e++)
					if (g->adj[e] != (size_t)-1 && !seen[g->adj[e]] && !g->helper_node[g->adj[e]]) {
						seen[g->adj[e]] = 1;
						stack[sp++] = g->adj[e];
					}
			}
		}
		free(direct);
	}
	free(stack);
	free(seen);
	return 0;
}

/* ---------- findings ---------- */

/* The primitives of an object's tables: a table shared by two (the
 * SHA-256 IV is BLAKE2s's) is narrowed by another table of the object
 * that names one of them (K: SHA-256; SIGMA: BLAKE2s). */
static unsigned hp_survey_narrow(const struct hp_survey_graph *g, uint64_t unit_tables, uint64_t fn_tables)
{
	unsigned out = 0;

	for (size_t t = 0; t < g->ntabs; t++) {
		unsigned m = g->tabs[t].prim;
		if (!(fn_tables & (1ull << t)))
			continue;
		for (size_t o = 0; o < g->ntabs; o++)
			if ((unit_tables & (1ull << o)) && (g->tabs[o].prim & m) && (g->tabs[o].prim & m) != m)
				m &= g->tabs[o].prim;
		out |= m;
	}
	return out;
}

static uint64_t hp_survey_unit_tables(const struct hp_survey_unit *u)
{
	uint64_t t = 0;

	for (size_t i = 0; i < u->nfns; i++)
		t |= u->fns[i].holds | u->fns[i].refs;
	for (size_t i = 0; i < u->ntabs; i++)
		t |= u->tabs[i].tables;
	return t;
}

/* "holds SM3 IV (GB/T 32905-2016 4.1), SM3 T_j (...)" */
static void hp_survey_evidence(const struct hp_survey_graph *g, uint64_t holds, uint64_t refs, const char *table,
			       char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int pass = 0; pass < 2; pass++) {
		uint64_t bits = pass ? refs & ~holds : holds;
		const char *last = NULL;
		int first = 1;
		if (!bits)
			continue;
		o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s ", o ? "; " : "",
				    pass ? "refers to" : "holds");
		for (size_t t = 0; t < g->ntabs; t++) {
			if (!(bits & (1ull << t)) || (last && !strcmp(last, g->tabs[t].what)))
				continue;
			last = g->tabs[t].what;
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s (%s)", first ? "" : ", ",
					    g->tabs[t].what, g->tabs[t].cite);
			first = 0;
		}
		if (pass && table)
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, " in %s", table);
	}
}

static int hp_survey_add_finding(struct hp_survey *s, const char *function, const char *object, unsigned prim,
				 const char *evidence, enum hp_survey_role role)
{
	struct hp_survey_finding *grown = realloc(s->f, (s->nf + 1) * sizeof *grown);

	if (!grown)
		return -1;
	s->f = grown;
	s->f[s->nf] = (struct hp_survey_finding){ strdup(function), strdup(object), prim, strdup(evidence), role };
	if (!s->f[s->nf].function || !s->f[s->nf].object || !s->f[s->nf].evidence) {
		free(s->f[s->nf].function);
		free(s->f[s->nf].object);
		free(s->f[s->nf].evidence);
		return -1;
	}
	s->nf++;
	return 0;
}

/* Is the global function name referenced by an object other than u? */
static int hp_survey_used_elsewhere(const struct hp_survey_all *a, size_t u, const char *name)
{
	for (size_t v = 0; v < a->nu; v++)
		if (v != u && hp_strv_find(&a->u[v].undefs, name) >= 0)
			return 1;
	return 0;
}

/* The helpers' names of a bit mask, "pseudoXOF, sm3hash" (the order of the
 * ICCS sources). */
static void hp_survey_helpers(unsigned mask, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	HP_FOR_EACH_HELPER(h)
	if (mask & (1u << h))
		o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s", o ? ", " : "", hp_fn_name(h));
}

static int hp_survey_routes(const struct hp_survey_graph *g, size_t node);

/* Does object u hold or refer to a primitive's constants (outside the
 * ICCS files)?  Then a function of it named like a primitive but reaching
 * no constant (fips202.c's shake128_inc_init) is part of that own code,
 * not own code of its own. */
static int hp_survey_unit_has_core(const struct hp_survey_graph *g, size_t u)
{
	for (size_t n = g->base[u]; n < g->base[u + 1]; n++)
		if (g->core[n])
			return 1;
	return 0;
}

/* The findings of every function, and the unreferenced tables. */
static int hp_survey_findings(struct hp_survey_graph *g, struct hp_survey *s)
{
	struct hp_survey_all *a = g->a;
	char ev[1024], label[128];

	for (size_t u = 0; u < a->nu; u++) {
		const struct hp_survey_unit *un = &a->u[u];
		uint64_t ut = hp_survey_unit_tables(un);
		for (size_t i = 0; i < un->nfns; i++) {
			const struct hp_survey_fn *f = &un->fns[i];
			size_t node = g->base[u] + i;
			if (f->holds | f->refs) {
				hp_survey_evidence(g, f->holds, f->refs, f->ref_table, ev, sizeof ev);
				if (hp_survey_add_finding(s, f->name, un->name,
							  hp_survey_narrow(g, ut, f->holds | f->refs), ev,
							  un->helper_file ? HP_SURVEY_ICCS : HP_SURVEY_OWN))
					return -1;
				continue;
			}
			if (!g->name_prim[node])
				continue;
			hp_prim_label(g->name_prim[node], label, sizeof label);
			if (hp_survey_routes(g, node)) {
				char hl[128];
				hp_survey_helpers(g->reach_helpers[node], hl, sizeof hl);
				hp_fmt(ev, sizeof ev, "named like %s; %s%s", label,
				       hl[0] ? "reaches " : "its object calls the ICCS helpers", hl);
				if (hp_survey_add_finding(s, f->name, un->name, g->name_prim[node], ev,
							  HP_SURVEY_ROUTES))
					return -1;
			} else if (g->reach_core[node] || hp_survey_unit_has_core(g, u)) {
				hp_fmt(ev, sizeof ev, "named like %s; %s", label,
				       g->reach_core[node] ? "reaches own code with a primitive's constants"
							   : "in the object of own code with a primitive's constants");
				if (hp_survey_add_finding(s, f->name, un->name, g->name_prim[node], ev,
							  HP_SURVEY_USES_OWN))
					return -1;
			} else {
				hp_fmt(ev, sizeof ev,
				       "named like %s; no standard constant found and no ICCS helper reached", label);
				if (hp_survey_add_finding(s, f->name, un->name, g->name_prim[node], ev,
							  HP_SURVEY_NAME_OWN))
					return -1;
			}
		}
		for (size_t t = 0; t < un->ntabs; t++) {
			const struct hp_survey_table *tb = &un->tabs[t];
			char fn[256];
			if (tb->referenced)
				continue;
			hp_survey_evidence(g, tb->tables, 0, NULL, ev, sizeof ev);
			hp_fmt(fn, sizeof fn, "(table %s)", tb->name ? tb->name : "without a name");
			if (hp_survey_add_finding(s, fn, un->name, hp_survey_narrow(g, ut, tb->tables), ev,
						  un->helper_file ? HP_SURVEY_ICCS : HP_SURVEY_OWN))
				return -1;
		}
	}
	return 0;
}

/* ---------- entries and notes ---------- */

/* Named like a primitive, but reaching the ICCS helpers: through calls,
 * or through code named like a primitive in an object that calls them
 * (an adapter that buffers a SHAKE absorb and calls pseudoXOF when
 * squeezing). */
static int hp_survey_routes(const struct hp_survey_graph *g, size_t node)
{
	return g->name_prim[node] && g->reach_route[node];
}

/* Is node own code, by constants or by its name alone? */
static int hp_survey_own_node(const struct hp_survey_graph *g, size_t node)
{
	return !g->helper_node[node] &&
	       (g->core[node] || (g->name_prim[node] && !hp_survey_routes(g, node) && !g->reach_core[node] &&
				  !hp_survey_unit_has_core(g, hp_survey_node_unit(g, node))));
}

/* The primitive of an own node (its object's tables, or its name). */
static unsigned hp_survey_node_prim(const struct hp_survey_graph *g, size_t node)
{
	size_t u = hp_survey_node_unit(g, node);
	const struct hp_survey_fn *f = hp_survey_fn_of(g, node);

	if (f->holds | f->refs)
		return hp_survey_narrow(g, hp_survey_unit_tables(&g->a->u[u]), f->holds | f->refs);
	return g->name_prim[node];
}

/* The primitives of the own code node reaches (itself included), not
 * walking into the ICCS files. */
static unsigned hp_survey_reached_prim(const struct hp_survey_graph *g, size_t start)
{
	size_t *stack = malloc((g->nnodes + 1) * sizeof *stack), sp = 0;
	unsigned char *seen = calloc(g->nnodes + 1, 1);
	unsigned prim = 0;

	if (!stack || !seen) {
		free(stack);
		free(seen);
		return 0;
	}
	stack[sp++] = start;
	seen[start] = 1;
	while (sp) {
		size_t n = stack[--sp];
		if (g->core[n])
			prim |= hp_survey_node_prim(g, n);
		for (size_t e = g->adj_start[n]; e < g->adj_start[n + 1]; e++)
			if (g->adj[e] != (size_t)-1 && !seen[g->adj[e]] && !g->helper_node[g->adj[e]]) {
				seen[g->adj[e]] = 1;
				stack[sp++] = g->adj[e];
			}
	}
	free(stack);
	free(seen);
	return prim;
}

/* The entry functions: global, referenced from another object, and own
 * code (constants, or a name alone), or named like a primitive and
 * reaching own code but no helper (a SHAKE function of the scheme around
 * its own Keccak). */
static int hp_survey_entries(struct hp_survey_graph *g, struct hp_survey *s, unsigned char *entry)
{
	struct hp_survey_all *a = g->a;

	for (size_t u = 0; u < a->nu; u++)
		for (size_t i = 0; i < a->u[u].nfns; i++) {
			size_t node = g->base[u] + i;
			const struct hp_survey_fn *f = &a->u[u].fns[i];
			unsigned prim;
			struct hp_survey_entry *grown;

			if (g->helper_node[node] || !f->global || !hp_survey_used_elsewhere(a, u, f->name))
				continue;
			if (hp_survey_own_node(g, node))
				prim = hp_survey_node_prim(g, node);
			else if (g->name_prim[node] && g->reach_core[node] && !g->reach_helper[node])
				prim = hp_survey_reached_prim(g, node);
			else
				continue;
			if (!(grown = realloc(s->entries, (s->nentries + 1) * sizeof *grown)))
				return -1;
			s->entries = grown;
			s->entries[s->nentries] = (struct hp_survey_entry){ strdup(f->name), strdup(a->u[u].name),
									    prim ? prim : g->name_prim[node], 0, "" };
			if (!s->entries[s->nentries].function || !s->entries[s->nentries].object)
				return -1;
			s->nentries++;
			entry[node] = 1;
		}
	return 0;
}

/* covered[n]: n runs inside a measured call (an entry reaches it). */
static int hp_survey_covered(const struct hp_survey_graph *g, const unsigned char *entry, unsigned char *covered)
{
	size_t *stack = malloc((g->nnodes + 1) * sizeof *stack);

	if (!stack)
		return -1;
	for (size_t n = 0; n < g->nnodes; n++) {
		size_t sp = 0;
		if (!entry[n] || covered[n])
			continue;
		stack[sp++] = n;
		covered[n] = 1;
		while (sp) {
			size_t m = stack[--sp];
			for (size_t e = g->adj_start[m]; e < g->adj_start[m + 1]; e++)
				if (g->adj[e] != (size_t)-1 && !covered[g->adj[e]] && !g->helper_node[g->adj[e]]) {
					covered[g->adj[e]] = 1;
					stack[sp++] = g->adj[e];
				}
		}
	}
	free(stack);
	return 0;
}

/* Own code no entry covers: static, or global but called only inside its
 * object.  One note per object. */
static int hp_survey_unwrappable(struct hp_survey_graph *g, struct hp_survey *s, const unsigned char *covered)
{
	struct hp_survey_all *a = g->a;
	int rc = 0;

	for (size_t u = 0; u < a->nu && rc == 0; u++) {
		struct hp_strv fns = { 0 };
		unsigned prim = 0;
		int any_global = 0, any_static = 0;
		char label[128];
		char *list;

		for (size_t i = 0; i < a->u[u].nfns; i++) {
			size_t node = g->base[u] + i;
			if (covered[node] || !hp_survey_own_node(g, node))
				continue;
			rc |= hp_strv_add(&fns, a->u[u].fns[i].name);
			prim |= hp_survey_node_prim(g, node);
			any_global |= a->u[u].fns[i].global;
			any_static |= !a->u[u].fns[i].global;
		}
		if (!fns.n || rc) {
			hp_strv_free(&fns);
			continue;
		}
		hp_prim_label(prim, label, sizeof label);
		list = hp_strv_join(&fns, ", ");
		rc |= !list || hp_strv_addf(&s->notes,
					    "own %s in %s (%s) cannot be wrapped: %s; --wrap reroutes only calls "
					    "between objects, so its time is not measured",
					    label, list, a->u[u].name,
					    any_static && !any_global ? "static functions"
					    : any_static              ? "static, or called only inside its object"
								      : "called only inside its object");
		free(list);
		hp_strv_free(&fns);
	}
	return rc ? -1 : 0;
}

/* Calls of an entry from inside its own object by code no entry covers
 * (not rerouted, so not measured), and helpers an entry calls (measured
 * as nested calls inside the own code). */
static int hp_survey_entry_notes(struct hp_survey_graph *g, struct hp_survey *s, const unsigned char *entry,
				 const unsigned char *covered)
{
	struct hp_survey_all *a = g->a;
	int rc = 0;

	for (size_t u = 0; u < a->nu && rc == 0; u++) {
		const struct hp_survey_unit *un = &a->u[u];
		for (size_t i = 0; i < un->nfns && rc == 0; i++) {
			size_t node = g->base[u] + i;
			struct hp_strv callers = { 0 };
			char *cl, hl[128];
			if (!entry[node])
				continue;
			for (size_t e = 0; e < un->nedges; e++) {
				const struct hp_survey_edge *ed = &un->edges[e];
				if (ed->to == (long)i && ed->from != i && !covered[g->base[u] + ed->from] &&
				    hp_strv_find(&callers, un->fns[ed->from].name) < 0)
					rc |= hp_strv_add(&callers, un->fns[ed->from].name);
			}
			if (callers.n) {
				cl = hp_strv_join(&callers, ", ");
				rc |= !cl || hp_strv_addf(&s->notes,
							  "%s is also called inside %s (by %s): those calls are not "
							  "rerouted by --wrap, not measured",
							  un->fns[i].name, un->name, cl);
				free(cl);
			}
			hp_strv_free(&callers);
			hp_survey_helpers(g->reach_helpers[node] & ~(1u << HP_FN_DRNG_INIT), hl, sizeof hl);
			if (hl[0])
				rc |= hp_strv_addf(
					&s->notes,
					"own %s calls %s: those helper calls run nested inside it, their time "
					"is in the own column, not in the helper's",
					un->fns[i].name, hl);
		}
	}
	return rc ? -1 : 0;
}

/* ---------- the verdict ---------- */

/* Append "own PRIM in f1, f2 (obj), f3 (obj2)" for the own findings of
 * one primitive label to buf. */
static void hp_survey_own_list(const struct hp_survey *s, char *buf, size_t len)
{
	size_t o = strlen(buf);
	unsigned done = 0;

	for (size_t i = 0; i < s->nf; i++) {
		unsigned prim = s->f[i].prim;
		char label[128];
		size_t shown = 0, total = 0;
		const char *obj = NULL;

		if ((s->f[i].role != HP_SURVEY_OWN && s->f[i].role != HP_SURVEY_NAME_OWN) || (done & prim) == prim)
			continue;
		done |= prim;
		hp_prim_label(prim, label, sizeof label);
		o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%sown %s in ", o ? "; " : "", label);
		for (size_t k = i; k < s->nf; k++) {
			if ((s->f[k].role != HP_SURVEY_OWN && s->f[k].role != HP_SURVEY_NAME_OWN) ||
			    s->f[k].prim != prim)
				continue;
			total++;
			if (shown == HP_SURVEY_LIST)
				continue;
			if (obj && strcmp(obj, s->f[k].object))
				o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, " (%s)", obj);
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s", shown ? ", " : "",
					    s->f[k].function);
			obj = s->f[k].object;
			shown++;
		}
		if (obj)
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, " (%s)", obj);
		if (total > shown)
			o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, " +%zu more", total - shown);
	}
}

/* Is name one of the NGCC API functions (any kind)? */
static int hp_survey_api(const char *name)
{
	static const char *const kinds[] = { "sig", "kem", "kex" };

	for (size_t k = 0; k < 3; k++) {
		for (const char *const *p = hp_ngcc_api_symbols(kinds[k]); *p; p++)
			if (!strcmp(*p, name))
				return 1;
		/* a key exchange's passes 4 and 5 are operations too: what they
		 * call, the scheme calls */
		for (const char *const *p = hp_ngcc_api_optional_symbols(kinds[k]); *p; p++)
			if (!strcmp(*p, name))
				return 1;
	}
	return 0;
}

/* The helpers the scheme calls (bits 1 << enum hp_fn): those its API
 * functions reach; without API functions among the objects, those the
 * scheme's objects (not the ICCS files) reference.  *xof_by: the object
 * of the scheme that references init_random_number, or NULL. */
static unsigned hp_survey_called(const struct hp_survey_graph *g, const char **xof_by)
{
	const struct hp_survey_all *a = g->a;
	unsigned called = 0;
	int roots = 0;

	*xof_by = NULL;
	for (size_t n = 0; n < g->nnodes; n++)
		if (!g->helper_node[n] && hp_survey_fn_of(g, n)->global && hp_survey_api(hp_survey_fn_of(g, n)->name)) {
			called |= g->reach_helpers[n];
			roots = 1;
		}
	for (size_t u = 0; u < a->nu; u++) {
		if (a->u[u].helper_file)
			continue;
		for (unsigned h = 0; h < HP_FN_COUNT; h++) {
			int ref = hp_strv_find(&a->u[u].undefs, hp_fn_name(h)) >= 0;
			if (!ref)
				continue;
			if (!roots)
				called |= 1u << h;
			if (h == HP_FN_DRNG_INIT && (called & (1u << h)) && !*xof_by)
				*xof_by = a->u[u].name;
		}
	}
	return called;
}

static void hp_survey_verdict(const struct hp_survey_graph *g, struct hp_survey *s)
{
	const unsigned hash = (1u << HP_FN_XOF) | (1u << HP_FN_PSEUDOHASH) | (1u << HP_FN_SM3);
	const char *xof_by;
	unsigned called = hp_survey_called(g, &xof_by), routes = 0;
	size_t nroutes = 0, o = 0;
	const char *route_eg = NULL;
	int own = 0;
	char hl[128], *r = s->reason;
	size_t len = sizeof s->reason;

	s->called = called;
	for (size_t i = 0; i < s->nf; i++) {
		own |= s->f[i].role == HP_SURVEY_OWN || s->f[i].role == HP_SURVEY_NAME_OWN;
		if (s->f[i].role == HP_SURVEY_ROUTES) {
			routes |= s->f[i].prim;
			route_eg = route_eg ? route_eg : s->f[i].function;
			nroutes++;
		}
	}
	hp_survey_helpers(called & ~(1u << HP_FN_DRNG_INIT), hl, sizeof hl);
	r[0] = '\0';
	if (!own && !s->library[0]) {
		if (!(called & (hash | (1u << HP_FN_DRNG)))) {
			hp_fmt(s->verdict, sizeof s->verdict, "none");
			hp_fmt(r, len,
			       "no ICCS helper is called and no own primitive was recognised: "
			       "its hashing and randomness, if any, are not measured");
			return;
		}
		hp_fmt(s->verdict, sizeof s->verdict, "ICCS-only");
		o += (size_t)hp_fmt(r + o, len - o, "calls %s; no own primitive", hl);
		if (xof_by)
			o += (size_t)hp_fmt(r + o, o < len ? len - o : 0,
					    "; uses the ICCS SM3 DRBG as its XOF (init_random_number in %s)", xof_by);
		if (nroutes) {
			char label[128];
			hp_prim_label(routes, label, sizeof label);
			hp_fmt(r + o, o < len ? len - o : 0,
			       "; %zu function%s named like %s (%s%s) route%s to the helpers", nroutes,
			       nroutes == 1 ? "" : "s", label, route_eg, nroutes > 1 ? ", ..." : "",
			       nroutes == 1 ? "s" : "");
		}
		return;
	}
	hp_survey_own_list(s, r, len);
	o = strlen(r);
	/* hashing inside a library: not the scheme's own code, not a helper */
	if (s->library[0])
		o += (size_t)hp_fmt(r + o, o < len ? len - o : 0, "%slibrary hashing: %s", o ? "; " : "", s->library);
	if (called & hash || xof_by) {
		hp_fmt(s->verdict, sizeof s->verdict, "mixed");
		hp_fmt(r + o, o < len ? len - o : 0, "; beside %s%s", hl,
		       xof_by && !(called & hash) ? " (the ICCS DRBG as its XOF)" : "");
	} else {
		hp_fmt(s->verdict, sizeof s->verdict, "bypass");
		hp_fmt(r + o, o < len ? len - o : 0, "; no hash helper called%s",
		       called & (1u << HP_FN_DRNG) ? " (get_random_number for randomness only)" : ", no DRNG either");
	}
}

/* ---------- which entries are wrapped ---------- */

size_t hp_survey_nwrapped(const struct hp_survey *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nentries; i++)
		n += s->entries[i].wrap != 0;
	return n;
}

void hp_survey_unwrap(struct hp_survey *s, const char *why)
{
	for (size_t i = 0; i < s->nentries; i++)
		if (s->entries[i].wrap) {
			s->entries[i].wrap = 0;
			hp_fmt(s->entries[i].why, sizeof s->entries[i].why, "%s", why);
		}
}

/* At most HP_OWN_MAX wrapped, and a note for each entry that is not. */
static int hp_survey_wrap_limit(struct hp_survey *s)
{
	size_t n = 0;
	int rc = 0;

	for (size_t i = 0; i < s->nentries; i++) {
		struct hp_survey_entry *e = &s->entries[i];
		if (e->wrap && ++n > HP_OWN_MAX) {
			e->wrap = 0;
			hp_fmt(e->why, sizeof e->why, "more than %u own entries", HP_OWN_MAX);
		}
		if (!e->wrap)
			rc |= hp_strv_addf(&s->notes, "own entry %s (%s) is not wrapped: %s; its time is not measured",
					   e->function, e->object, e->why);
	}
	return rc ? -1 : 0;
}

/* ---------- running it ---------- */

int hp_survey_run(const struct hp_survey_input *in, size_t n, struct hp_survey *s, char *err, size_t errlen)
{
	struct hp_survey_all a = { 0 };
	struct hp_survey_graph g = { 0 };
	unsigned char *entry = NULL, *covered = NULL;
	int rc = -1;

	memset(s, 0, sizeof *s);
	if (errlen)
		err[0] = '\0';
	if (elf_version(EV_CURRENT) == EV_NONE) {
		hp_fmt(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (hp_survey_read_input(&a, &in[i], err, errlen))
			goto out;
	for (size_t u = 0; u < a.nu; u++)
		if (a.u[u].helper_file < 0)
			a.u[u].helper_file = hp_survey_is_helper_file(&a.u[u]);
	hp_survey_global_tables(&a);
	if (hp_survey_graph_build(&a, &g) || hp_survey_reach(&g) || !(entry = calloc(g.nnodes + 1, 1)) ||
	    !(covered = calloc(g.nnodes + 1, 1)) || hp_survey_findings(&g, s) || hp_survey_entries(&g, s, entry) ||
	    hp_survey_covered(&g, entry, covered) || hp_survey_unwrappable(&g, s, covered) ||
	    hp_survey_entry_notes(&g, s, entry, covered)) {
		hp_fmt(err, errlen, "out of memory");
		goto out;
	}
	if (hp_survey_library_hashing(a.u, a.nu, s->library, sizeof s->library) &&
	    hp_strv_addf(&s->notes, "hashes outside the helpers: %s \u2014 not counted in the hash share",
			 s->library)) {
		hp_fmt(err, errlen, "out of memory");
		goto out;
	}
	hp_survey_verdict(&g, s);
	if (hp_survey_check_entries(s, in, n, err, errlen) || hp_survey_wrap_limit(s)) {
		if (!err[0])
			hp_fmt(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	free(entry);
	free(covered);
	hp_survey_graph_free(&g);
	for (size_t u = 0; u < a.nu; u++)
		hp_survey_unit_free(&a.u[u]);
	free(a.u);
	if (rc)
		hp_survey_free(s);
	return rc;
}

void hp_survey_free(struct hp_survey *s)
{
	for (size_t i = 0; i < s->nf; i++) {
		free(s->f[i].function);
		free(s->f[i].object);
		free(s->f[i].evidence);
	}
	for (size_t i = 0; i < s->nentries; i++) {
		free(s->entries[i].function);
		free(s->entries[i].object);
	}
	free(s->f);
	free(s->entries);
	hp_strv_free(&s->notes);
	memset(s, 0, sizeof *s);
}

/* ---------- the text ---------- */

const char *hp_survey_role_name(enum hp_survey_role r)
{
	static const char *const names[HP_SURVEY_ROLES] = { "own", "iccs", "routes", "uses-own", "name-own" };

	return (unsigned)r < HP_SURVEY_ROLES ? names[r] : "?";
}

/* s with tabs and newlines made blanks (a field of one line). */
static int hp_survey_field(struct hp_strv *out, const char *fmt, const char *s)
{
	char *c = strdup(s);
	int rc;

	if (!c)
		return -1;
	for (char *p = c; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	rc = hp_strv_addf(out, fmt, c);
	free(c);
	return rc;
}

char *hp_survey_text(const struct hp_survey *s)
{
	struct hp_strv l = { 0 };
	char label[128], *text = NULL;
	int rc = 0;

	rc |= hp_strv_add(&l, "hashprof-survey 1");
	rc |= hp_strv_addf(&l, "verdict=%s", s->verdict);
	rc |= hp_survey_field(&l, "reason=%s", s->reason);
	for (size_t i = 0; i < s->nf && !rc; i++) {
		char *line;
		struct hp_strv parts = { 0 };
		hp_prim_label(s->f[i].prim, label, sizeof label);
		rc |= hp_survey_field(&parts, "%s", hp_survey_role_name(s->f[i].role));
		rc |= hp_survey_field(&parts, "%s", label);
		rc |= hp_survey_field(&parts, "%s", s->f[i].function);
		rc |= hp_survey_field(&parts, "%s", s->f[i].object);
		rc |= hp_survey_field(&parts, "%s", s->f[i].evidence);
		line = rc ? NULL : hp_strv_join(&parts, "\t");
		rc |= !line || hp_strv_addf(&l, "finding=%s", line);
		free(line);
		hp_strv_free(&parts);
	}
	for (size_t i = 0; i < s->nentries && !rc; i++) {
		const struct hp_survey_entry *e = &s->entries[i];
		hp_prim_label(e->prim, label, sizeof label);
		rc |= hp_strv_addf(&l, "entry=%s\t%s\t%s\t%s%s", e->function, label, e->object,
				   e->wrap ? "wrapped" : "not wrapped: ", e->wrap ? "" : e->why);
	}
	for (size_t i = 0; i < s->notes.n && !rc; i++)
		rc |= hp_survey_field(&l, "note=%s", s->notes.v[i]);
	rc |= hp_strv_add(&l, "");
	if (!rc)
		text = hp_strv_join(&l, "\n");
	hp_strv_free(&l);
	return text;
}

int hp_survey_write_c(const struct hp_survey *s, const char *path)
{
	char *text = hp_survey_text(s);
	FILE *f;
	int rc;

	if (!text) {
		errno = ENOMEM;
		return -1;
	}
	if (!(f = fopen(path, "w"))) {
		free(text);
		return -1;
	}
	fprintf(f, "/* Generated by hashprof's survey (builder/survey/survey.c): the instance's\n"
		   " * .hashprof_survey section, not loaded (the flags \"\"), so that no address\n"
		   " * of the instance moves. */\n"
		   "__asm__(\".pushsection .hashprof_survey,\\\"\\\"\\n\"\n");
	/* one .ascii per line of the text, C-escaped twice: for the C string
	 * of the asm statement, and for the assembler's own string */
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
		fputs("\t\".ascii \\\"", f);
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)p[i];
			if (c == '\n')
				fputs("\\\\n", f);
			else if (c == '\t')
				fputs("\\\\t", f);
			else if (c == '"')
				fputs("\\\\\\\"", f);
			else if (c == '\\')
				fputs("\\\\\\\\", f);
			else if (c < 0x20 || c >= 0x7f)
				fprintf(f, "\\\\%03o", c);
			else
				fputc(c, f);
		}
		fputs("\\\"\\n\"\n", f);
		p += n;
	}
	fputs("\t\".byte 0\\n.popsection\");\n", f);
	/* the shims of the wrapped entries, slot = rank among them */
	if (hp_survey_nwrapped(s)) {
		size_t slot = 0;
		fputs("\n/* The own-primitive entries wrapped with -Wl,--wrap=F (wrap/own.h). */\n#include \"own.h\"\n",
		      f);
		for (size_t i = 0; i < s->nentries; i++)
			if (s->entries[i].wrap)
				fprintf(f, "HP_OWN_SHIM(%zu, %s);\n", slot++, s->entries[i].function);
	}
	free(text);
	rc = ferror(f) ? -1 : 0;
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}
