/*
 * table.c - a plain aligned text table (see table.h).  Cells are copied
 * into fixed-size lines so that callers can pass snprintf buffers that
 * they reuse for the next line; the layout is prof/format/table_layout.h's.
 */
#include "table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/table_layout.h"

void hp_table_init(struct hp_table *t, int ncols, const char *const *hdr)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols;
	for (int k = 0; k < ncols; k++)
		t->hdr[k] = hdr[k];
}

void hp_table_add(struct hp_table *t, ...)
{
	va_list ap;
	struct hp_tline *l;

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		struct hp_tline *nl = realloc(t->lines, cap * sizeof *nl);
		if (!nl)
			return;
		t->lines = nl;
		t->cap = cap;
	}
	l = &t->lines[t->n++];
	va_start(ap, t);
	for (int k = 0; k < t->ncols; k++)
		snprintf(l->c[k], HP_TCELL, "%s", va_arg(ap, const char *));
	va_end(ap);
}

void hp_table_print(const struct hp_table *t)
{
	size_t w[HP_TCOLS];

	for (int k = 0; k < t->ncols; k++) {
		w[k] = hp_layout_width(t->hdr[k]);
		for (size_t i = 0; i < t->n; i++)
			hp_layout_widen(&w[k], t->lines[i].c[k]);
	}
	/* every column left aligned; the last is not padded: no trailing blanks */
	for (int k = 0; k < t->ncols; k++)
		hp_layout_cell(stdout, t->hdr[k], w[k], 0, k + 1 == t->ncols);
	for (size_t i = 0; i < t->n; i++)
		for (int k = 0; k < t->ncols; k++)
			hp_layout_cell(stdout, t->lines[i].c[k], w[k], 0, k + 1 == t->ncols);
}

void hp_table_free(struct hp_table *t)
{
	free(t->lines);
	t->lines = NULL;
	t->n = t->cap = 0;
}
