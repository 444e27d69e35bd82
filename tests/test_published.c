/*
 * test_published.c - prof/record/published.c on every row the public Round-1
 * evaluation printed: tests/data/published-symmetric-rounds1.tsv (2,400
 * rows of both systems, x86_1 and arm_1, copied as printed) is turned into
 * one page per system and candidate in the shape of the public pages (a
 * title, other tables before ours, the verdict line with and without a
 * note, the "Symmetric primitives" table), every page is parsed, and every
 * parsed row must equal its TSV row cell by cell: none refused, none lost.
 * Then exact values of each notation the pages use: en dash, e-notation
 * ("4e+03", "1.06e+07"), "100%", fractional means, enc/dec, and names
 * with 'ɑ', ':', '/', '(', ')', '+', '.'.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/published.h"

#ifndef HP_TEST_DATA
#error "HP_TEST_DATA (the absolute path of tests/data) must be defined"
#endif

#define TSV HP_TEST_DATA "/published-symmetric-rounds1.tsv"
#define TSV_ROWS 2400
#define EN_DASH "\xe2\x80\x93"
#define EM_DASH "\xe2\x80\x94"

/* One TSV row: its 9 cells (pointers into the line). */
struct tsv_row {
	char *line;
	char *cell[9]; /* system, id, name, verdict, instance, operation, hash, drng, calls */
};

/* Every data row of the TSV (comments and the header skipped). */
static size_t tsv_load(struct tsv_row **out)
{
	FILE *f = fopen(TSV, "r");
	char buf[4096];
	size_t n = 0, cap = 0, header = 0;
	struct tsv_row *v = NULL;

	ck_assert_msg(f != NULL, "cannot open %s", TSV);
	while (fgets(buf, sizeof buf, f)) {
		char *save = NULL, *c;
		int k = 0;
		buf[strcspn(buf, "\n")] = '\0';
		if (buf[0] == '#' || !buf[0])
			continue;
		if (!header++) {
			ck_assert_str_eq(buf,
					 "system\tcandidate_id\tcandidate_name\tverdict_class\tinstance\toperation\t"
					 "hash_share\tdrng_share\tcalls");
			continue;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			ck_assert_ptr_nonnull(v = realloc(v, cap * sizeof *v));
		}
		ck_assert_ptr_nonnull(v[n].line = strdup(buf));
		for (c = strtok_r(v[n].line, "\t", &save); c && k < 9; c = strtok_r(NULL, "\t", &save))
			v[n].cell[k++] = c;
		ck_assert_msg(k == 9 && !c, "TSV row %zu has not 9 cells", n + 1);
		n++;
	}
	fclose(f);
	*out = v;
	return n;
}

static void tsv_free(struct tsv_row *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].line);
	free(v);
}

/* The page of rows [from, to) (one system and candidate), in the public
 * pages' shape, written here; odd pages carry a note after the verdict. */
static char *page_of(const struct tsv_row *v, size_t from, size_t to, int with_note)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	fprintf(f, "<!-- test page -->\n# %s %s " EM_DASH " performance (system %s)\n\n", v[from].cell[1],
		v[from].cell[2], v[from].cell[0]);
	fputs("## 4. Performance\n\n| instance | operation | mean cycles | ops/s |\n|---|---|---|---|\n", f);
	for (size_t i = from; i < to; i++)
		fprintf(f, "| `%s` | %s | 1.0 M | 10 |\n", v[i].cell[4], v[i].cell[5]);
	fprintf(f, "\n## Symmetric primitives\n\n[Survey](../symmetric-survey.md) verdict: **%s**", v[from].cell[3]);
	if (with_note)
		fputs(" " EM_DASH " a note of the test, with `code` and (brackets)", f);
	fputs("\n\nShares of each operation (test text):\n\n"
	      "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
	      "|---|---|---|---|---|\n",
	      f);
	for (size_t i = from; i < to; i++)
		fprintf(f, "| `%s` | %s | %s | %s | %s |\n", v[i].cell[4], v[i].cell[5], v[i].cell[6], v[i].cell[7],
			v[i].cell[8]);
	fputs("\n## 7. Raw evidence index\n\n| instance | item | file |\n|---|---|---|\n| `x` | y | z |\n", f);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

/* The calls cell of a parsed row as the pages print it. */
static void calls_cell(const struct hp_published_row *r, char *buf, size_t len)
{
	static const char *const label[] = { "drng", "pseudoXOF", "pseudohash", "sm3hash" };
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned fn = 0; fn < 4; fn++)
		if (r->calls_text[fn][0])
			used += (size_t)snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "", label[fn],
						 r->calls_text[fn]);
	if (!used)
		snprintf(buf, len, EN_DASH);
}

/* Every row of the TSV, as pages: all read, each equal to its TSV row. */
START_TEST(test_every_published_row_reads)
{
	struct tsv_row *v;
	size_t n = tsv_load(&v), parsed = 0, refused = 0, pages = 0, noted = 0;

	ck_assert_uint_eq(n, TSV_ROWS);
	for (size_t i = 0, j; i < n; i = j) {
		struct hp_published p;
		char err[512], name[64], calls[256];
		char *text;
		long got;
		for (j = i + 1; j < n && !strcmp(v[j].cell[0], v[i].cell[0]) && !strcmp(v[j].cell[1], v[i].cell[1]);
		     j++)
			;
		text = page_of(v, i, j, pages % 2);
		snprintf(name, sizeof name, "%s/%s.md", v[i].cell[0], v[i].cell[1]);
		got = hp_published_parse(name, text, strlen(text), &p, err, sizeof err);
		if (got < 0) {
			fprintf(stderr, "refused: %s\n", err);
			refused += j - i;
			free(text);
			pages++;
			continue;
		}
		ck_assert_msg((size_t)got == j - i, "%s: %ld rows of %zu", name, got, j - i);
		/* the title and the verdict line, with and without a note */
		ck_assert_ptr_nonnull(strstr(p.title, v[i].cell[2]));
		ck_assert_str_eq(p.verdict, v[i].cell[3]);
		if (pages % 2) {
			ck_assert_str_eq(p.verdict_note, "a note of the test, with `code` and (brackets)");
			noted++;
		} else {
			ck_assert_str_eq(p.verdict_note, "");
		}
		for (size_t k = 0; k < p.n; k++) {
			const struct hp_published_row *r = &p.rows[k];
			const struct tsv_row *t = &v[i + k];
			ck_assert_str_eq(r->instance, t->cell[4]);
			ck_assert_str_eq(r->operation, t->cell[5]);
			ck_assert_str_eq(r->hash_text, t->cell[6]);
			ck_assert_str_eq(r->drng_text, t->cell[7]);
			ck_assert(r->hash_pct == strtod(t->cell[6], NULL) && r->drng_pct == strtod(t->cell[7], NULL));
			ck_assert(!r->failed);
			calls_cell(r, calls, sizeof calls);
			ck_assert_str_eq(calls, t->cell[8]);
			for (unsigned fn = 0; fn < 4; fn++)
				ck_assert(r->calls[fn] == (r->calls_text[fn][0] ? strtod(r->calls_text[fn], NULL) : 0));
			parsed++;
		}
		hp_published_free(&p);
		free(text);
		pages++;
	}
	ck_assert_uint_eq(refused, 0);
	ck_assert_uint_eq(parsed, TSV_ROWS);
	/* 84 candidates on x86_1, 80 on arm_1 (4 failed builds print no row) */
	ck_assert_uint_eq(pages, 164);
	ck_assert_uint_eq(noted, 82);
	tsv_free(v, n);
}
END_TEST

/* The row of instance and operation on the page of system and candidate id. */
static struct hp_published_row find(const char *system, const char *id, const char *inst, const char *op,
				    struct hp_published *page_out)
{
	struct tsv_row *v;
	size_t n = tsv_load(&v), from = n, to = n;
	struct hp_published_row found;
	char err[512], *text;
	int seen = 0;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].cell[0], system) && !strcmp(v[i].cell[1], id)) {
			if (from == n)
				from = i;
			to = i + 1;
		}
	ck_assert_msg(from < n, "no page %s %s", system, id);
	text = page_of(v, from, to, 0);
	ck_assert_msg(hp_published_parse("page.md", text, strlen(text), page_out, err, sizeof err) > 0, "%s", err);
	for (size_t k = 0; k < page_out->n && !seen; k++)
		if (!strcmp(page_out->rows[k].instance, inst) && !strcmp(page_out->rows[k].operation, op)) {
			found = page_out->rows[k];
			seen = 1;
		}
	ck_assert_msg(seen, "no row %s %s on %s %s", inst, op, system, id);
	free(text);
	tsv_free(v, n);
	return found;
}

/* Exact values of each notation the pages print. */
START_TEST(test_published_notations)
{
	struct hp_published p;
	struct hp_published_row r;

	/* "100%" and "4e+03" */
	r = find("x86_1", "sign-18", "Origami-512", "keygen", &p);
	ck_assert(r.hash_pct == 100 && r.drng_pct == 0);
	ck_assert_str_eq(r.hash_text, "100%");
	ck_assert(r.calls[HP_FN_XOF] == 4000 && r.calls[HP_FN_DRNG] == 1);
	ck_assert_str_eq(r.calls_text[HP_FN_XOF], "4e+03");
	hp_published_free(&p);
	/* "1.06e+07", on arm_1 too */
	r = find("arm_1", "sign-04", "CEDRUSALPHA-512s", "sign", &p);
	ck_assert(r.calls[HP_FN_XOF] == 1.06e7 && r.hash_pct == 99);
	ck_assert_str_eq(p.title, "sign-04 CEDRUS\xc9\x91 " EM_DASH " performance (system arm_1)");
	hp_published_free(&p);
	/* the en dash: no helper call at all */
	r = find("x86_1", "sign-13", "GreatWall128f", "verify", &p);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		ck_assert(r.calls[fn] == 0 && r.calls_text[fn][0] == '\0');
	ck_assert_str_eq(p.verdict, "bypass");
	hp_published_free(&p);
	/* fractional means (rejection sampling) */
	r = find("x86_1", "sign-18", "Origami-128", "sign", &p);
	ck_assert(r.calls[HP_FN_DRNG] == 1.03 && r.calls[HP_FN_PSEUDOHASH] == 1.03 && r.calls[HP_FN_XOF] == 2290);
	hp_published_free(&p);
	/* a KEM page: enc and dec, the API's encaps and decaps */
	r = find("x86_1", "kem-26", "HQC-128", "enc", &p);
	ck_assert_str_eq(r.drng_text, "0.0%");
	ck_assert(r.calls[HP_FN_DRNG] == 2);
	ck_assert_str_eq(hp_published_operation("kem", r.operation), "encaps");
	ck_assert_str_eq(hp_published_operation("kem", "dec"), "decaps");
	ck_assert_str_eq(hp_published_operation("kem", "keygen"), "keygen");
	ck_assert_str_eq(hp_published_operation("sig", "enc"), "enc"); /* only a KEM's */
	hp_published_free(&p);
	/* a key exchange's one row */
	r = find("arm_1", "kex-05", "LoomKEX-128", "exchange", &p);
	ck_assert_str_eq(r.operation, "exchange");
	hp_published_free(&p);
}
END_TEST

/* Names as pages print them: Greek letters, ':', '/', '(', ')', '+', '.'
 * and blanks are read as they are; control bytes and backticks are not. */
START_TEST(test_published_names)
{
	static const char md[] = "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				 "|---|---|---|---|---|\n"
				 "| `CEDRUS\xc9\x91-128f` | sign | 99% | 0.0% | drng 1, pseudoXOF 1.06e+07 |\n"
				 "| `BIT: Bimodal/x (y)+.z` | keygen | 7.4% | 64% | " EN_DASH " |\n"
				 "| SQIsign2D-push1/2 lvl1 | verify | 1.0% | 0.0% | sm3hash 2.05e+05 |\n";
	struct hp_published p;
	char err[512], bad[256];

	ck_assert_msg(hp_published_parse("names.md", md, sizeof md - 1, &p, err, sizeof err) == 3, "%s", err);
	ck_assert_str_eq(p.rows[0].instance, "CEDRUS\xc9\x91-128f");
	ck_assert_str_eq(p.rows[1].instance, "BIT: Bimodal/x (y)+.z");
	ck_assert_str_eq(p.rows[2].instance, "SQIsign2D-push1/2 lvl1");
	ck_assert(p.rows[2].calls[HP_FN_SM3] == 205000);
	ck_assert_str_eq(p.verdict, "");
	hp_published_free(&p);
	snprintf(bad, sizeof bad, "%.*s| `A\x01` | sign | 1%% | 1%% | drng 1 |\n", (int)(strstr(md, "| `CEDRUS") - md),
		 md);
	ck_assert_int_eq(hp_published_parse("bad.md", bad, strlen(bad), &p, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "bad.md:3: column 'instance': 'A?' is not a name") != NULL, "%s", err);
}
END_TEST

/* A page whose table has a header and no row (a build that failed on that
 * system) reads as 0 rows; a page without the table is refused. */
START_TEST(test_published_empty_table)
{
	static const char md[] = "# kem-01 x\n\n[Survey](../symmetric-survey.md) verdict: **ICCS-only**\n\n"
				 "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
				 "|---|---|---|---|---|\n\nBUILDFAIL\n";
	struct hp_published p;
	char err[512];

	ck_assert_int_eq(hp_published_parse("empty.md", md, sizeof md - 1, &p, err, sizeof err), 0);
	ck_assert_str_eq(p.verdict, "ICCS-only");
	ck_assert_str_eq(p.verdict_note, "");
	hp_published_free(&p);
	ck_assert_int_eq(hp_published_parse("none.md", "# x\n", 4, &p, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "none.md: no 'Symmetric primitives' table") != NULL, "%s", err);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("published");
	TCase *tc = tcase_create("pages");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_every_published_row_reads);
	tcase_add_test(tc, test_published_notations);
	tcase_add_test(tc, test_published_names);
	tcase_add_test(tc, test_published_empty_table);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
