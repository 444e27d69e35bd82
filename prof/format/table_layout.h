/*
 * table_layout.h - the layout every table hashprof prints shares, in one
 * place: the rows' table (report.c), the --hash tables (swap/report.c,
 * swap/matrix.c) and `hashprof check`'s (drivers/check/table.c).
 *   text: each column as wide as its widest cell in terminal columns
 *         (UTF-8: "±" is one), two spaces between columns, names left
 *         aligned and figures right aligned, no blanks at a line's end;
 *   markdown: "| a | b |" lines under "|---|---|";
 *   CSV: RFC 4180 fields.
 * Reporting only.
 */
#ifndef HP_TABLE_LAYOUT_H
#define HP_TABLE_LAYOUT_H

#include <stddef.h>
#include <stdio.h>

/* The terminal columns s takes: its bytes but UTF-8 continuation bytes. */
size_t hp_layout_width(const char *s);

/* Widen *w (terminal columns) to s's width when s is wider. */
void hp_layout_widen(size_t *w, const char *s);

/*
 * One text cell: s in a column w terminal columns wide, right aligned
 * (right != 0) or left aligned, then two spaces, or "\n" when last (a
 * left-aligned last cell is not padded).
 */
void hp_layout_cell(FILE *out, const char *s, size_t w, int right, int last);

/* One markdown cell: "| TEXT " (TEXT printf-formatted), then "|\n" when
 * it is the last of its line. */
void hp_layout_md_cell(FILE *out, int last, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The markdown line under a header of ncols cells: "|---|---|\n". */
void hp_layout_md_rule(FILE *out, size_t ncols);

/* s as a CSV field ("..." with '"' doubled, RFC 4180), then sep. */
void hp_layout_csv_field(FILE *out, const char *s, const char *sep);

#endif
