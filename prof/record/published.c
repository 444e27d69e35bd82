/*
 * published.c - the "Symmetric primitives" table parser (see published.h).
 */
#include "published.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/read_file.h"

#define HP_LINE_MAX 4096 /* bytes of one table line */
#define HP_PAGE_COLS 5
#define HP_PAGE_FILE_MAX (16u << 20) /* bytes: larger files are not read */

static const char *const hp_columns[HP_PAGE_COLS] = {
	"instance", "operation", "pseudohash/XOF/sm3", "DRNG", "calls per operation",
};

/* Parser state for error messages. */
struct hp_pp {
	const char *name;
	unsigned line;
	char *err;
	size_t errlen;
};

static int hp_pp_fail(struct hp_pp *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int hp_pp_fail(struct hp_pp *p, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(p->err, p->errlen, "%s:%u: ", p->name, p->line);

	if (n < 0 || (size_t)n >= p->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* A cell quoted safely in a message: at most 40 bytes, non-printing bytes as '?'. */
static const char *hp_quote(const char *s, char buf[48])
{
	size_t n = 0;

	for (; s[n] && n < 40; n++)
		buf[n] = isprint((unsigned char)s[n]) ? s[n] : '?';
	if (s[n])
		buf[n - 3] = buf[n - 2] = buf[n - 1] = '.';
	buf[n] = '\0';
	return buf;
}

char *hp_published_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * Split a table line ("| a | b |") into trimmed cells (pointers into
 * line, which is modified).  Returns the number of cells (up to max; one
 * more than max means "too many").
 */
static int hp_split(char *line, char *cells[], int max)
{
	char *p = hp_published_trim(line);
	int n = 0;

	if (*p != '|')
		return 0;
	p++;
	for (;;) {
		char *bar = strchr(p, '|'), *c;
		if (bar)
			*bar = '\0';
		c = hp_published_trim(p);
		if (!bar && !*c)
			return n; /* the usual closing bar */
		if (n < max)
			cells[n] = c;
		n++;
		if (!bar)
			return n; /* text after the last bar is a cell too */
		p = bar + 1;
	}
}

/* Lower-case s with runs of blanks as one space, for the header. */
static void hp_norm(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	int blank = 0;

	for (; *s && n + 1 < cap; s++) {
		if (*s == ' ' || *s == '\t') {
			blank = 1;
			continue;
		}
		if (blank && n)
			out[n++] = ' ';
		blank = 0;
		if (n + 1 < cap)
			out[n++] = (char)tolower((unsigned char)*s);
	}
	out[n] = '\0';
}

static int hp_is_header(char *cells[], int n)
{
	char a[64], b[64];

	if (n != HP_PAGE_COLS)
		return 0;
	for (int k = 0; k < HP_PAGE_COLS; k++) {
		hp_norm(cells[k], a, sizeof a);
		hp_norm(hp_columns[k], b, sizeof b);
		if (strcmp(a, b))
			return 0;
	}
	return 1;
}

static int hp_is_separator(char *cells[], int n)
{
	if (n != HP_PAGE_COLS)
		return 0;
	for (int k = 0; k < n; k++) {
		const char *c = cells[k];
		size_t len = strlen(c), dashes;
		if (len && c[0] == ':')
			c++, len--;
		if (len && c[len - 1] == ':')
			len--;
		dashes = strspn(c, "-");
		if (dashes == 0 || dashes != len)
			return 0;
	}
	return 1;
}

/* "88%", "0.5%", "12.345%": percent with at most 3 decimals, 0..100. */
static int hp_parse_share(struct hp_pp *p, int col, const char *cell, double *pct, char *text, size_t cap)
{
	char q[48];
	size_t i = 0, dec = 0;
	int ok = isdigit((unsigned char)cell[0]) != 0;

	while (ok && isdigit((unsigned char)cell[i]))
		i++;
	if (ok && cell[i] == '.') {
		for (i++; isdigit((unsigned char)cell[i]); i++)
			dec++;
		ok = dec >= 1 && dec <= 3;
	}
	ok = ok && i <= 8 && cell[i] == '%' && cell[i + 1] == '\0';
	if (ok) {
		*pct = strtod(cell, NULL);
		ok = *pct >= 0 && *pct <= 100;
	}
	if (!ok)
		return hp_pp_fail(p, "column '%s': '%s' is not a share like 88%% or 0.5%% (0..100%%)", hp_columns[col],
				  hp_quote(cell, q));
	snprintf(text, cap, "%s", cell);
	return 0;
}

/* One "LABEL MEAN" item of the calls cell. */
static int hp_parse_call(struct hp_pp *p, char *item, struct hp_published_row *r)
{
	char q[48], *sp, *num, *end;
	int fn = -1;
	double v;

	item = hp_published_trim(item);
	sp = strpbrk(item, " \t");
	if (!sp)
		return hp_pp_fail(p, "column 'calls per operation': '%s' is not 'FUNCTION MEAN' (e.g. pseudoXOF 8.61)",
				  hp_quote(item, q));
	*sp = '\0';
	num = hp_published_trim(sp + 1);
	for (unsigned k = 0; k < HP_FN_COUNT; k++)
		if (!strcmp(item, hp_fn_label(k)))
			fn = (int)k;
	if (fn < 0)
		return hp_pp_fail(p,
				  "column 'calls per operation': unknown function '%s' "
				  "(drng, pseudoXOF, pseudohash or sm3hash)",
				  hp_quote(item, q));
	if (r->calls_text[fn][0])
		return hp_pp_fail(p, "column 'calls per operation': %s given twice", item);
	errno = 0;
	v = isdigit((unsigned char)num[0]) ? strtod(num, &end) : -1;
	if (v < 0 || errno || *end || !isfinite(v) || strlen(num) >= sizeof r->calls_text[fn])
		return hp_pp_fail(p, "column 'calls per operation': '%s' is not a mean number of calls for %s",
				  hp_quote(num, q), item);
	r->calls[fn] = v;
	snprintf(r->calls_text[fn], sizeof r->calls_text[fn], "%s", num);
	return 0;
}

static int hp_parse_calls(struct hp_pp *p, char *cell, struct hp_published_row *r)
{
	char *save = NULL, *item;
	size_t n = strlen(cell), m = strlen(HP_PAGE_OVERFLOWED);

	if (n >= m && !strcmp(cell + n - m, HP_PAGE_OVERFLOWED)) /* hashprof's mark, the calls are exact */
		cell[n - m] = '\0';
	if (!*cell || !strcmp(cell, "-") || !strcmp(cell, "\xe2\x80\x93") || !strcmp(cell, "none seen"))
		return 0;
	if (cell[strlen(cell) - 1] == ',' || cell[0] == ',' || strstr(cell, ",,"))
		return hp_pp_fail(p, "column 'calls per operation': an empty item between commas");
	for (item = strtok_r(cell, ",", &save); item; item = strtok_r(NULL, ",", &save))
		if (hp_parse_call(p, item, r) != 0)
			return -1;
	return 0;
}

/* An operation's name: lower-case letters, digits, '_' ("derive_a"). */
static int hp_operation_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* A name as a page prints it: 1 to HP_PAGE_NAME_MAX bytes, no control
 * byte, no backtick; any other UTF-8 ("CEDRUS\xc9\x91", "a/b (c)+.") is
 * read as it is. */
static int hp_page_name_ok(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > HP_PAGE_NAME_MAX)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f || *s == '`')
			return 0;
	return 1;
}

static int hp_parse_row(struct hp_pp *p, char *cells[], struct hp_published_row *r)
{
	char q[48], *inst = cells[0];
	size_t len = strlen(inst);

	memset(r, 0, sizeof *r);
	r->line = p->line;
	if (len >= 2 && inst[0] == '`' && inst[len - 1] == '`') {
		inst[len - 1] = '\0';
		inst = hp_published_trim(inst + 1);
	}
	if (!hp_page_name_ok(inst))
		return hp_pp_fail(p,
				  "column 'instance': '%s' is not a name (1 to %d bytes of text without control "
				  "characters or backticks)",
				  hp_quote(inst, q), HP_PAGE_NAME_MAX);
	snprintf(r->instance, sizeof r->instance, "%s", inst);
	if (!hp_operation_ok(cells[1]) || strlen(cells[1]) >= sizeof r->operation)
		return hp_pp_fail(p, "column 'operation': '%s' is not an operation name", hp_quote(cells[1], q));
	snprintf(r->operation, sizeof r->operation, "%s", cells[1]);
	if (!strcmp(cells[2], "-") && !strcmp(cells[3], "-")) {
		r->failed = 1; /* hashprof's md for a failed row: nothing to compare */
		return 0;
	}
	if (hp_parse_share(p, 2, cells[2], &r->hash_pct, r->hash_text, sizeof r->hash_text) != 0 ||
	    hp_parse_share(p, 3, cells[3], &r->drng_pct, r->drng_text, sizeof r->drng_text) != 0)
		return -1;
	return hp_parse_calls(p, cells[4], r);
}

static int hp_push(struct hp_published *out, size_t *cap, const struct hp_published_row *r)
{
	if (out->n == *cap) {
		size_t nc = *cap ? 2 * *cap : 32;
		struct hp_published_row *n = realloc(out->rows, nc * sizeof *n);
		if (!n)
			return -1;
		out->rows = n;
		*cap = nc;
	}
	out->rows[out->n++] = *r;
	return 0;
}

/* The bytes [s, s+n) without blanks at either end, as a string into buf. */
static void hp_copy_trimmed(const char *s, size_t n, char *buf, size_t cap)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/*
 * A line outside the tables: the page's first "# " title, and its verdict
 * line, "[Survey](../symmetric-survey.md) verdict: **bypass** \xe2\x80\x94
 * own inline Keccak ..." (the note after an em dash, an en dash or " - ",
 * or none).  Only the first of each is kept.
 */
static void hp_page_prose(const char *s, size_t n, struct hp_published *out)
{
	static const char key[] = "verdict: **";
	const char *v, *end, *rest;
	size_t left;

	if (!out->title[0] && n > 2 && s[0] == '#' && s[1] == ' ')
		hp_copy_trimmed(s + 2, n - 2, out->title, sizeof out->title);
	if (out->verdict[0] || !(v = memmem(s, n, key, sizeof key - 1)))
		return;
	v += sizeof key - 1;
	left = n - (size_t)(v - s);
	if (!(end = memmem(v, left, "**", 2)) || end == v)
		return;
	hp_copy_trimmed(v, (size_t)(end - v), out->verdict, sizeof out->verdict);
	rest = end + 2;
	left = n - (size_t)(rest - s);
	while (left && (*rest == ' ' || *rest == '\t'))
		rest++, left--;
	/* an em dash, an en dash, or a hyphen, then the note */
	if (left >= 3 && (!memcmp(rest, "\xe2\x80\x94", 3) || !memcmp(rest, "\xe2\x80\x93", 3)))
		rest += 3, left -= 3;
	else if (left >= 1 && *rest == '-')
		rest++, left--;
	else
		return;
	hp_copy_trimmed(rest, left, out->verdict_note, sizeof out->verdict_note);
}

enum hp_state { HP_OUTSIDE, HP_AFTER_HEADER, HP_IN_TABLE, HP_OTHER_TABLE };

long hp_published_parse(const char *name, const char *text, size_t len, struct hp_published *out, char *err,
			size_t errlen)
{
	struct hp_pp p = { name, 0, err, errlen };
	enum hp_state st = HP_OUTSIDE;
	size_t pos = 0, cap = 0, tables = 0;
	char line[HP_LINE_MAX + 1], *cells[HP_PAGE_COLS];
	struct hp_published_row row;

	out->n = 0;
	out->rows = NULL;
	out->title[0] = out->verdict[0] = out->verdict_note[0] = '\0';
	/* hashprof's own pages end with "overhead: ... figures corrected for it" */
	out->corrected = memmem(text, len, HP_PAGE_CORRECTED, strlen(HP_PAGE_CORRECTED)) != NULL;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = (nl ? (size_t)(nl - text) : len) - pos;
		const char *start = text + pos;
		int ncells, table_line;

		p.line++;
		pos += n + (nl != NULL);
		while (n && (*start == ' ' || *start == '\t'))
			start++, n--;
		table_line = n && *start == '|';
		if (!table_line)
			hp_page_prose(start, n, out);
		if (!table_line) {
			if (st == HP_AFTER_HEADER)
				goto fail_sep;
			st = HP_OUTSIDE;
			continue;
		}
		if (st == HP_OTHER_TABLE)
			continue;
		if (n > HP_LINE_MAX || memchr(start, '\0', n)) {
			if (st == HP_OUTSIDE) { /* not ours: ours has a plain header */
				st = HP_OTHER_TABLE;
				continue;
			}
			if (n > HP_LINE_MAX)
				hp_pp_fail(&p, "table line longer than %d bytes", HP_LINE_MAX);
			else
				hp_pp_fail(&p, "NUL byte in a table line");
			goto fail;
		}
		memcpy(line, start, n);
		line[n] = '\0';
		ncells = hp_split(line, cells, HP_PAGE_COLS);
		switch (st) {
		case HP_OUTSIDE:
			if (hp_is_header(cells, ncells))
				st = HP_AFTER_HEADER;
			else
				st = HP_OTHER_TABLE; /* skip it until it ends */
			break;
		case HP_AFTER_HEADER:
			if (!hp_is_separator(cells, ncells))
				goto fail_sep;
			st = HP_IN_TABLE;
			tables++;
			break;
		case HP_IN_TABLE:
			if (ncells != HP_PAGE_COLS) {
				hp_pp_fail(&p,
					   "expected %d cells (instance | operation | pseudohash/XOF/sm3 | "
					   "DRNG | calls per operation), found %d",
					   HP_PAGE_COLS, ncells);
				goto fail;
			}
			if (hp_parse_row(&p, cells, &row) != 0)
				goto fail;
			if (hp_push(out, &cap, &row) != 0) {
				hp_pp_fail(&p, "out of memory");
				goto fail;
			}
			break;
		case HP_OTHER_TABLE:
			break;
		}
	}
	if (st == HP_AFTER_HEADER)
		goto fail_sep;
	if (out->n == 0 && !tables) {
		snprintf(err, errlen,
			 "%s: no 'Symmetric primitives' table (a markdown table "
			 "with the header | instance | operation | pseudohash/XOF/sm3 | DRNG | calls per "
			 "operation |)",
			 name);
		goto fail;
	}
	return (long)out->n;
fail_sep:
	hp_pp_fail(&p, "the table header is not followed by a |---|---|---|---|---| line");
fail:
	hp_published_free(out);
	return -1;
}

long hp_published_conflict(const struct hp_published *p, size_t i)
{
	const struct hp_published_row *r = &p->rows[i];

	for (size_t k = 0; k < i; k++) {
		const struct hp_published_row *o = &p->rows[k];
		int same = o->failed == r->failed &&
			   (r->failed || (o->hash_pct == r->hash_pct && o->drng_pct == r->drng_pct));
		if (strcmp(o->instance, r->instance) || strcmp(o->operation, r->operation))
			continue;
		for (unsigned fn = 0; same && !r->failed && fn < HP_FN_COUNT; fn++)
			same = o->calls[fn] == r->calls[fn];
		if (!same)
			return (long)k;
	}
	return -1;
}

long hp_published_load(const char *path, struct hp_published *out, char *err, size_t errlen)
{
	size_t n;
	char *buf = hp_util_read_file(path, HP_PAGE_FILE_MAX, &n);
	long rc;

	out->n = 0;
	out->rows = NULL;
	if (!buf) {
		if (errno == EFBIG || errno == ENOMEM)
			snprintf(err, errlen, "%s: too large or out of memory", path);
		else
			snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	rc = hp_published_parse(path, buf, n, out, err, errlen);
	free(buf);
	return rc;
}

void hp_published_free(struct hp_published *p)
{
	free(p->rows);
	p->rows = NULL;
	p->n = 0;
}

double hp_published_3g(double mean)
{
	char buf[64];

	snprintf(buf, sizeof buf, "%.3g", mean);
	return strtod(buf, NULL);
}

const char *hp_published_operation(const char *kind, const char *op)
{
	/* the pages' names of a KEM's operations (the harness's records are
	 * named HQC-128__enc.json); hashprof's are the API's */
	if (kind && !strcmp(kind, "kem")) {
		if (!strcmp(op, "enc"))
			return "encaps";
		if (!strcmp(op, "dec"))
			return "decaps";
	}
	return op;
}
