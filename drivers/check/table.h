/*
 * table.h - a plain aligned text table: columns as wide as their widest
 * cell (in terminal columns, prof/format/table_layout.h), two spaces between
 * them, no trailing padding.  The tables of `hashprof check`
 * (compare.c) are built with it.
 */
#ifndef HP_TABLE_H
#define HP_TABLE_H

#include <stddef.h>

#define HP_TCOLS 8 /* columns, at most */
#define HP_TCELL 192 /* bytes of one cell, with its NUL; longer text is cut */

struct hp_tline {
	char c[HP_TCOLS][HP_TCELL];
};

struct hp_table {
	int ncols; /* 1..HP_TCOLS */
	const char *hdr[HP_TCOLS]; /* header cells, not copied */
	size_t n, cap; /* lines added, allocated */
	struct hp_tline *lines;
};

/* An empty table of ncols columns headed by hdr[0..ncols) (kept, not copied). */
void hp_table_init(struct hp_table *t, int ncols, const char *const *hdr);

/*
 * Append a line: exactly t->ncols const char * arguments, one per cell,
 * each cut to HP_TCELL - 1 bytes.  Out of memory, the line is dropped.
 */
void hp_table_add(struct hp_table *t, ...);

/* Print the header and the lines to stdout, aligned. */
void hp_table_print(const struct hp_table *t);

/* Free the lines; the table is empty again (same columns). */
void hp_table_free(struct hp_table *t);

#endif
