/*
 * published.h - read the "Symmetric primitives" table of a published
 * candidate page (markdown), as evaluators print it (method.md):
 *
 *   | instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |
 *   |---|---|---|---|---|
 *   | `DARTS128` | keygen | 46% | 0.5% | drng 1, pseudoXOF 8.61, pseudohash 8.61 |
 *
 * Every table of the page whose header has exactly these five columns
 * (case and spacing aside) is read, wherever it is; other tables and text
 * are ignored.  `hashprof --format=md` prints the same table, so its output
 * reads too.  Cells:
 *   instance   the name as the page prints it, with or without backticks:
 *              1 to HP_PAGE_NAME_MAX bytes of UTF-8 text without control
 *              bytes or backticks ("CEDRUS\xc9\x91-128", "BIT: x/y (z)+.");
 *              matching it to a built instance is page_match.c's job;
 *   shares     a percentage with at most 3 decimals ("88%", "0.5%"), 0..100;
 *   operation  lower-case letters, digits, '_': the pages print a KEM's
 *              operations as enc and dec (hp_published_operation);
 *   calls      "LABEL MEAN" pairs separated by commas, LABEL one of drng,
 *              pseudoXOF, pseudohash, sm3hash (drng_init is also read),
 *              each at most once, MEAN a non-negative decimal as %.3g prints
 *              it ("8.61", "210", "1.79e+05", "4e+03"); empty, "-", an en
 *              dash ("\xe2\x80\x93", the pages' "no helper call") or
 *              "none seen" for no calls; HP_PAGE_OVERFLOWED after the last
 *              item.
 * The page's verdict line, "[Survey](...) verdict: **CLASS**" with or
 * without " \xe2\x80\x94 NOTE" after it, and its first "# " title are read
 * too (struct hp_published); a page without them reads as well.
 */
#ifndef HP_PUBLISHED_H
#define HP_PUBLISHED_H

#include <stddef.h>

#include "result.h"

/* Bytes of a name as a page prints it (the instance cell), without its NUL. */
#define HP_PAGE_NAME_MAX 127

/* One row of the table. */
struct hp_published_row {
	char instance[HP_PAGE_NAME_MAX + 1]; /* as printed, backticks removed */
	char operation[16];
	double hash_pct; /* the pseudohash/XOF/sm3 share, percent (88 for "88%") */
	double drng_pct; /* the DRNG share, percent */
	char hash_text[16]; /* the cells as printed: "88%" */
	char drng_text[16];
	double calls[HP_FN_COUNT]; /* mean calls per operation, by enum hp_fn; 0 when omitted */
	char calls_text[HP_FN_COUNT][24]; /* the numbers as printed; "" when omitted */
	unsigned line; /* 1-based line of the page */
	int failed; /* "-" in both share cells: a row hashprof could not measure */
};

/* What hashprof's overhead line says under corrected shares (report.c
 * prints it; the parser looks for it). */
#define HP_PAGE_CORRECTED "figures corrected for it"

/* What ends the calls cell of a row whose calls did not all fit the shape
 * table (report.c); read back as part of the cell. */
#define HP_PAGE_OVERFLOWED " [shape table overflowed]"

struct hp_published {
	size_t n;
	struct hp_published_row *rows; /* n entries, page order; free with hp_published_free */
	int corrected; /* a hashprof page whose overhead line says its shares are
					 * corrected for the wrapper (report.c); published pages are not */
	char title[256]; /* the first "# " heading, without the "# "; "" when none */
	char verdict[32]; /* the bold class of the verdict line ("ICCS-only", "bypass"); "" when none */
	char verdict_note[512]; /* what follows the class after a dash; "" when nothing */
};

/*
 * Parse len bytes of markdown.  name is used in error messages only.
 * Returns the number of rows, or -1 with a one-line reason in err
 * naming name, the 1-based line and the column when the table is
 * malformed ("page.md:12: column 'DRNG': 'x' is not a share like 88% or
 * 0.5%"), or when the page has no such table.  0 is a page whose tables
 * have a header and no row (a candidate whose build failed on that
 * system is published so).  On error *out is empty.
 */
long hp_published_parse(const char *name, const char *text, size_t len, struct hp_published *out, char *err,
			size_t errlen);

/* Read and parse a file; as hp_published_parse, plus "cannot read" errors. */
long hp_published_load(const char *path, struct hp_published *out, char *err, size_t errlen);

/*
 * The row of p before row i that has row i's instance and operation but
 * other figures (a share, a call count or failed; compared as read, not as
 * printed, so 46% and 46.0% agree): its index, or -1 when there is none.
 * A page may list one instance twice (two systems, two tables); `check
 * --published` warns then, and compares both rows.
 */
long hp_published_conflict(const struct hp_published *p, size_t i);

/*
 * The operation of an instance of kind ("sig", "kem", "kex") that a page's
 * operation names: the pages print a KEM's encaps and decaps as "enc"
 * and "dec"; every other name is its own.  Returns a static string or op.
 */
const char *hp_published_operation(const char *kind, const char *op);

/* Release the rows. */
void hp_published_free(struct hp_published *p);

/*
 * A mean (calls per operation) rounded to 3 significant digits the way
 * the published tables print it (%.3g), as a number: 8.6139 -> 8.61,
 * 179312 -> 179000.  Comparing two values at the printed precision is
 * comparing hp_published_3g(a) == hp_published_3g(b).
 */
double hp_published_3g(double mean);

/* s with its leading blanks and tabs skipped and its trailing blanks,
 * tabs and CR cut off in place (a page's cells, a --map line's fields). */
char *hp_published_trim(char *s);

#endif
