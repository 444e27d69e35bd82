/*
 * table_layout.c - the shared layout of hashprof's tables (see
 * table_layout.h).
 */
#include "table_layout.h"

#include <stdarg.h>

size_t hp_layout_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

void hp_layout_widen(size_t *w, const char *s)
{
	size_t n = hp_layout_width(s);

	if (n > *w)
		*w = n;
}

void hp_layout_cell(FILE *out, const char *s, size_t w, int right, int last)
{
	size_t n = hp_layout_width(s), pad = w > n ? w - n : 0;

	if (right)
		fprintf(out, "%*s", (int)pad, "");
	fputs(s, out);
	if (!right && !last)
		fprintf(out, "%*s", (int)pad, "");
	fputs(last ? "\n" : "  ", out);
}

void hp_layout_md_cell(FILE *out, int last, const char *fmt, ...)
{
	va_list ap;

	fputs("| ", out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputs(last ? " |\n" : " ", out);
}

void hp_layout_md_rule(FILE *out, size_t ncols)
{
	for (size_t k = 0; k < ncols; k++)
		fputs("|---", out);
	fputs("|\n", out);
}

void hp_layout_csv_field(FILE *out, const char *s, const char *sep)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fprintf(out, "\"%s", sep);
}
