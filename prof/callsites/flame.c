/*
 * flame.c - folded stacks to an SVG flame graph (see flame.h).
 */
#include "flame.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp_wrap.h"

struct hp_fnode {
	char *name;
	unsigned long long value; /* the counts of every stack through this frame */
	struct hp_fnode **kids;
	size_t nkids;
};

struct hp_out {
	char *s;
	size_t len, cap;
	int oom;
};

static void hp_out_printf(struct hp_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hp_out_printf(struct hp_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->s + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n >= o->cap - o->len) {
		size_t cap = 2 * o->cap + (size_t)n + 1;
		char *s = realloc(o->s, cap);
		if (!s) {
			o->oom = 1;
			return;
		}
		o->s = s;
		o->cap = cap;
		va_start(ap, fmt);
		n = vsnprintf(o->s + o->len, o->cap - o->len, fmt, ap);
		va_end(ap);
	}
	if (n < 0)
		o->oom = 1;
	else
		o->len += (size_t)n;
}

/* s with XML's special characters escaped, at most max characters of it
 * (then ".."). */
static void hp_out_xml(struct hp_out *o, const char *s, size_t max)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < n && i < max; i++) {
		char c = s[i];
		if (c == '&')
			hp_out_printf(o, "&amp;");
		else if (c == '<')
			hp_out_printf(o, "&lt;");
		else if (c == '>')
			hp_out_printf(o, "&gt;");
		else if (c == '"')
			hp_out_printf(o, "&quot;");
		else
			hp_out_printf(o, "%c", c);
	}
	if (n > max)
		hp_out_printf(o, "..");
}

static void hp_fnode_free(struct hp_fnode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->nkids; i++)
		hp_fnode_free(n->kids[i]);
	free(n->kids);
	free(n->name);
	free(n);
}

static struct hp_fnode *hp_fnode_new(const char *name, size_t len)
{
	struct hp_fnode *n = calloc(1, sizeof *n);

	if (n && !(n->name = strndup(name, len))) {
		free(n);
		n = NULL;
	}
	return n;
}

/* The child of p named name[0..len), made (in name order) when missing. */
static struct hp_fnode *hp_fnode_kid(struct hp_fnode *p, const char *name, size_t len)
{
	size_t i;
	struct hp_fnode **kids, *n;

	for (i = 0; i < p->nkids; i++) {
		int c = strncmp(p->kids[i]->name, name, len);
		if (c == 0 && !p->kids[i]->name[len])
			return p->kids[i];
		if (c > 0 || (c == 0 && p->kids[i]->name[len]))
			break;
	}
	if (!(kids = realloc(p->kids, (p->nkids + 1) * sizeof *kids)) || !(n = hp_fnode_new(name, len))) {
		if (kids)
			p->kids = kids;
		return NULL;
	}
	memmove(kids + i + 1, kids + i, (p->nkids - i) * sizeof *kids);
	kids[i] = n;
	p->kids = kids;
	p->nkids++;
	return n;
}

/* One "STACK COUNT" line [line, end) into the tree; 0, or -1 when out of memory. */
static int hp_fold_line(struct hp_fnode *root, const char *line, const char *end)
{
	const char *sp = end;
	char *stop;
	unsigned long long count;
	struct hp_fnode *n = root;

	while (sp > line && sp[-1] != ' ')
		sp--;
	if (sp == line || sp == end)
		return 0;
	count = strtoull(sp, &stop, 10);
	if (stop != end || !count)
		return 0;
	root->value += count;
	for (const char *f = line; f < sp - 1;) {
		const char *e = memchr(f, ';', (size_t)(sp - 1 - f));
		if (!e)
			e = sp - 1;
		if (!(n = hp_fnode_kid(n, f, (size_t)(e - f))))
			return -1;
		n->value += count;
		f = e + 1;
	}
	return 0;
}

static unsigned hp_fdepth(const struct hp_fnode *n)
{
	unsigned d = 0;

	for (size_t i = 0; i < n->nkids; i++) {
		unsigned k = hp_fdepth(n->kids[i]);
		if (k > d)
			d = k;
	}
	return d + 1;
}

/* A stable colour per frame: the helpers blue (hash) or green (DRNG),
 * frames without a call path grey, the scheme's warm (red to yellow,
 * from a hash of the name, so that a function keeps its colour). */
static void hp_fcolour(const char *name, char *buf, size_t len)
{
	uint32_t h = 2166136261u;

	if (!strcmp(name, hp_fn_name(HP_FN_DRNG)) || !strcmp(name, hp_fn_name(HP_FN_DRNG_INIT))) {
		snprintf(buf, len, "rgb(90,180,90)");
		return;
	}
	for (unsigned fn = HP_FN_XOF; fn <= HP_FN_SM3; fn++)
		if (!strcmp(name, hp_fn_name(fn))) {
			snprintf(buf, len, "rgb(80,130,%d)", 200 + 15 * (int)fn);
			return;
		}
	if (name[0] == '(') {
		snprintf(buf, len, "rgb(170,170,170)");
		return;
	}
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	snprintf(buf, len, "rgb(%u,%u,%u)", 205 + h % 50, 80 + (h >> 8) % 150, 40 + (h >> 16) % 50);
}

static void hp_fdraw(struct hp_out *o, const struct hp_fnode *n, unsigned depth, double x, double scale,
		     unsigned long long total, const char *unit, double bottom)
{
	double w = (double)n->value * scale, y = bottom - (double)(depth + 1) * HP_FLAME_ROW, kx = x;
	char colour[32];

	if (w < 0.1)
		return;
	hp_fcolour(n->name, colour, sizeof colour);
	hp_out_printf(o, "<g><title>");
	hp_out_xml(o, n->name, (size_t)-1);
	hp_out_printf(o, " (%llu %s, %.2f%%)</title>", n->value, unit, 100.0 * (double)n->value / (double)total);
	hp_out_printf(o, "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" rx=\"2\"/>", x, y, w,
		      HP_FLAME_ROW - 1, colour);
	if (w > 21) {
		hp_out_printf(o, "<text x=\"%.2f\" y=\"%.0f\">", x + 3, y + HP_FLAME_ROW - 4);
		hp_out_xml(o, n->name, (size_t)((w - 6) / 7) > 2 ? (size_t)((w - 6) / 7) - 2 : 1);
		hp_out_printf(o, "</text>");
	}
	hp_out_printf(o, "</g>\n");
	for (size_t i = 0; i < n->nkids; i++) {
		hp_fdraw(o, n->kids[i], depth + 1, kx, scale, total, unit, bottom);
		kx += (double)n->kids[i]->value * scale;
	}
}

char *hp_flame_svg(const char *folded, const char *title, const char *count_unit)
{
	struct hp_fnode *all = hp_fnode_new("all", 3), *root;
	struct hp_out o = { malloc(8192), 0, 8192, 0 };
	unsigned depth;
	double height;

	if (!all || !o.s) {
		hp_fnode_free(all);
		free(o.s);
		return NULL;
	}
	for (const char *p = folded; *p;) {
		const char *e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		if (hp_fold_line(all, p, e) != 0)
			o.oom = 1;
		p = *e ? e + 1 : e;
	}
	/* one first frame (one row): it is the root */
	root = all->nkids == 1 ? all->kids[0] : all;
	depth = root->value ? hp_fdepth(root) : 1;
	height = 40.0 + (double)depth * HP_FLAME_ROW + 10;
	hp_out_printf(&o,
		      "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		      "<svg version=\"1.1\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
		      "xmlns=\"http://www.w3.org/2000/svg\">\n"
		      "<style>text { font-family: monospace; font-size: 11px; fill: #000; }"
		      " rect:hover { stroke: #000; stroke-width: 0.5; }</style>\n"
		      "<rect width=\"100%%\" height=\"100%%\" fill=\"#f8f8f4\"/>\n"
		      "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" style=\"font-size: 15px\">",
		      HP_FLAME_WIDTH + 20, height, HP_FLAME_WIDTH + 20, height, (HP_FLAME_WIDTH + 20) / 2);
	hp_out_xml(&o, title, (size_t)-1);
	hp_out_printf(&o, "</text>\n");
	if (root->value)
		hp_fdraw(&o, root, 0, 10, (double)HP_FLAME_WIDTH / (double)root->value, root->value, count_unit,
			 height - 10);
	hp_out_printf(&o, "</svg>\n");
	hp_fnode_free(all);
	if (o.oom) {
		free(o.s);
		return NULL;
	}
	return o.s;
}
