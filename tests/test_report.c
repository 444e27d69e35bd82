/*
 * test_report.c - Check suite for prof/report/report.c (the text, markdown, CSV and
 * JSON renderings of rows, and their notes) and prof/record/record.c (rows as
 * JSON, both ways).  Rows are built by hand; output goes to memory
 * (open_memstream) and is compared with exact expected text.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "record/record.h"
#include "report/report.h"
#include "record/result.h"
#include "swap/part.h"
#include "own/part.h"
#include "periter/part.h"
#include "replay/part.h"
#include "callsites/part.h"

#define ALL_WRAPPED "pseudohash,pseudoXOF,sm3hash,get_random_number,init_random_number"

static void add_shape(struct hp_result *r, unsigned fn, uint64_t in, uint64_t out, uint64_t calls, uint64_t nested,
		      uint64_t ticks)
{
	struct hp_result_shape s = { fn, in, out, calls, nested, ticks };

	ck_assert_int_eq(hp_result_add_shape(r, &s), 0);
}

static void set_common(struct hp_result *r, const char *inst, const char *kind, const char *op, const char *wrapped)
{
	hp_result_init(r);
	snprintf(r->instance, sizeof r->instance, "%s", inst);
	snprintf(r->kind, sizeof r->kind, "%s", kind);
	snprintf(r->operation, sizeof r->operation, "%s", op);
	snprintf(r->path, sizeof r->path, "/nonexistent/%s.so", inst);
	snprintf(r->wrapped, sizeof r->wrapped, "%s", wrapped);
	snprintf(r->clock_source, sizeof r->clock_source, "PAPI_get_real_cyc");
	snprintf(r->clock_unit, sizeof r->clock_unit, "TSC ticks");
	r->tick_hz = 2e9;
}

/*
 * The rows of most tests:
 *  0 SYNTH-SIG sign: the published DARTS128 sign shape (88%, 0.0%,
 *    pseudoXOF 210, pseudohash 83) plus drng 1 with 2 nested sm3hash per call
 *  1 SYNTH-NONE keygen: defines no helper (wrapped empty)
 *  2 X-LTO verify: wraps pseudohash but no call was seen
 *  3 SYNTH-SIG verify: killed by SIGSEGV
 */
#define NROWS 4
static struct hp_result rows[NROWS];

static void build_rows(void)
{
	struct hp_result *r = &rows[0];

	set_common(r, "SYNTH-SIG", "sig", "sign", ALL_WRAPPED);
	r->iterations = r->operations = 1000;
	r->warmup = 1;
	r->total_ticks = 1000000;
	add_shape(r, 0 /* drng */, 0, 256, 1000, 0, 400);
	add_shape(r, 1 /* pseudoXOF */, 1024, 512, 210000, 0, 600000);
	add_shape(r, 2 /* pseudohash */, 1792, 1024, 83000, 0, 280000);
	add_shape(r, 3 /* sm3hash */, 264, 256, 0, 2000, 0);

	r = &rows[1];
	set_common(r, "SYNTH-NONE", "sig", "keygen", "");
	r->iterations = r->operations = 3;
	r->total_ticks = 300;

	r = &rows[2];
	set_common(r, "X-LTO", "sig", "verify", "pseudohash");
	r->iterations = r->operations = 10;
	r->total_ticks = 5000;

	r = &rows[3];
	set_common(r, "SYNTH-SIG", "sig", "verify", ALL_WRAPPED);
	r->iterations = 1000;
	hp_result_fail(r, "killed by SIG%s", "SEGV");
}

static void free_rows(void)
{
	for (int i = 0; i < NROWS; i++)
		hp_result_free(&rows[i]);
}

/* Render rows with hp_report_print into a new string (free it). */
static char *render(enum hp_format fmt, const struct hp_result *r, size_t n, json_t *meta)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hp_report_print(f, fmt, r, n, meta), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* The notes, exactly as report.c words them. */
#define NOTE_NESTED_2000                                                           \
	"nested calls per operation: sm3hash 2 (made inside another helper call: " \
	"executed and counted, their time is inside the outer call's)"
#define NOTE_NONE_DEFINED                                                     \
	"the instance defines none of the ICCS helpers, so none is wrapped: " \
	"its 0.0% shares mean \"not measured\", not \"free\""
#define NOTE_NONE_SEEN_PSEUDOHASH                                                             \
	"no helper call was seen (wrapped: pseudohash): the shares are 0.0% because nothing " \
	"was measured"

/* ---------- formats ---------- */

START_TEST(format_parse)
{
	enum hp_format f = HP_FORMAT_JSON;

	ck_assert_int_eq(hp_format_parse("text", &f), 0);
	ck_assert_int_eq(f, HP_FORMAT_TEXT);
	ck_assert_int_eq(hp_format_parse("md", &f), 0);
	ck_assert_int_eq(f, HP_FORMAT_MD);
	ck_assert_int_eq(hp_format_parse("csv", &f), 0);
	ck_assert_int_eq(f, HP_FORMAT_CSV);
	ck_assert_int_eq(hp_format_parse("json", &f), 0);
	ck_assert_int_eq(f, HP_FORMAT_JSON);
	f = HP_FORMAT_CSV;
	ck_assert_int_eq(hp_format_parse("xml", &f), -1);
	ck_assert_int_eq(hp_format_parse("", &f), -1);
	ck_assert_int_eq(hp_format_parse("JSON", &f), -1);
	ck_assert_int_eq(f, HP_FORMAT_CSV);
}
END_TEST

START_TEST(markdown_exact)
{
	char *md;

	build_rows();
	md = render(HP_FORMAT_MD, rows, NROWS, NULL);
	ck_assert_str_eq(
		md, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
		    "|---|---|---|---|---|\n"
		    "| `SYNTH-SIG` | sign | 88% | 0.0% | drng 1, pseudoXOF 210, pseudohash 83 |\n"
		    "| `SYNTH-NONE` | keygen | 0.0% | 0.0% | none seen |\n"
		    "| `X-LTO` | verify | 0.0% | 0.0% | none seen |\n"
		    "| `SYNTH-SIG` | verify | - | - | verify: killed by SIGSEGV |\n"
		    /* the notes follow the table, so no 0.0% stands without its reason */
		    "\n"
		    "note: SYNTH-SIG sign: nested calls per operation: sm3hash 2 (made inside another helper call: "
		    "executed and counted, their time is inside the outer call's)\n"
		    "note: SYNTH-NONE keygen: the instance defines none of the ICCS helpers, so none is wrapped: "
		    "its 0.0% shares mean \"not measured\", not \"free\"\n"
		    "note: X-LTO verify: no helper call was seen (wrapped: pseudohash): the shares are 0.0% because "
		    "nothing was measured\n");
	free(md);
	free_rows();
}
END_TEST

START_TEST(markdown_published_row)
{
	/* method.md's example row, from counts that give exactly its cells. */
	struct hp_result r;
	char *md;

	set_common(&r, "DARTS128", "sig", "sign", ALL_WRAPPED);
	r.operations = 1000;
	r.total_ticks = 100000000;
	add_shape(&r, 1, 1024, 512, 210000, 0, 70000000);
	add_shape(&r, 2, 2048, 512, 83000, 0, 18000000);
	add_shape(&r, 0, 0, 256, 0, 0, 0);
	md = render(HP_FORMAT_MD, &r, 1, NULL);
	ck_assert_str_eq(md, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			     "|---|---|---|---|---|\n"
			     "| `DARTS128` | sign | 88% | 0.0% | pseudoXOF 210, pseudohash 83 |\n");
	free(md);
	hp_result_free(&r);
}
END_TEST

START_TEST(share_cells_round_half_up)
{
	/* 14.5% and 0.25% exactly: half-up on the exact ratio (format.h), in
	 * every format that prints the published cells. */
	struct hp_result r;
	char *md;

	set_common(&r, "HALF", "sig", "sign", ALL_WRAPPED);
	r.operations = 1;
	r.total_ticks = 2000;
	add_shape(&r, 1, 8, 8, 1, 0, 290); /* 14.5% */
	add_shape(&r, 0, 0, 8, 1, 0, 5); /* 0.25% */
	md = render(HP_FORMAT_MD, &r, 1, NULL);
	ck_assert_str_eq(md, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			     "|---|---|---|---|---|\n"
			     "| `HALF` | sign | 15% | 0.3% | drng 1, pseudoXOF 1 |\n");
	free(md);
	hp_result_free(&r);
}
END_TEST

/* A row whose shim overhead was calibrated: 10 ticks added per outermost
 * call, 4 of them inside the helper (prof/measure/shares.h). */
static void calibrated_row(struct hp_result *r)
{
	set_common(r, "CAL", "kem", "encaps", ALL_WRAPPED);
	r->iterations = r->operations = 10;
	r->total_ticks = 100000;
	add_shape(r, 1, 2048, 256, 1000, 0, 50000); /* pseudoXOF 100 per operation */
	r->overhead_valid = 1;
	r->overhead_added_ticks = 10;
	r->overhead_inside_ticks = 4;
}

START_TEST(corrected_and_raw_shares)
{
	struct hp_result r;
	char *md;

	calibrated_row(&r);
	/* corrected: (50000 - 4 x 1000) / (100000 - 10 x 1000) = 51.1% */
	hp_report_configure(0, 1.0);
	md = render(HP_FORMAT_MD, &r, 1, NULL);
	ck_assert_str_eq(md, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			     "|---|---|---|---|---|\n"
			     "| `CAL` | encaps | 51% | 0.0% | pseudoXOF 100 |\n"
			     "\n"
			     "overhead: 10 TSC ticks/call added by the wrapper (4 of them inside the helper); "
			     "figures corrected for it (--raw: uncorrected)\n");
	free(md);
	/* raw, as published: 50000 / 100000 */
	hp_report_configure(1, 1.0);
	md = render(HP_FORMAT_MD, &r, 1, NULL);
	ck_assert_str_eq(md, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n"
			     "|---|---|---|---|---|\n"
			     "| `CAL` | encaps | 50% | 0.0% | pseudoXOF 100 |\n"
			     "\n"
			     "overhead: 10 TSC ticks/call added by the wrapper (4 of them inside the helper); "
			     "figures NOT corrected (--raw, as published)\n");
	free(md);
	hp_result_free(&r);
}
END_TEST

/* The overhead line is the median over every calibrated row, however
 * many: 64 rows at 10 (4 inside), then 100 at 50 (20 inside) give 50. */
/* A row on a coarse clock: the generic timer as qemu-user
 * shows it, 62.5 MHz stepping by 62 ticks, with helper calls of a few
 * steps; pseudoXOF's mean is 3.2 ticks. */
static void coarse_row(struct hp_result *r, uint64_t xof_ticks)
{
	set_common(r, "COARSE", "sig", "sign", ALL_WRAPPED);
	snprintf(r->clock_unit, sizeof r->clock_unit, "timer ticks");
	r->tick_hz = 62.5e6;
	r->tick_resolution = 62;
	r->iterations = r->operations = 10;
	r->total_ticks = 100000;
	add_shape(r, 1, 256, 512, 1000, 0, xof_ticks);
	add_shape(r, 2, 512, 256, 100, 0, 62000); /* 620 ticks per call: 10 steps, no note */
	r->overhead_valid = 1;
	r->overhead_added_ticks = 4.4;
	r->overhead_inside_ticks = 1.94;
}

#define NOTE_SHORT_XOF                                                                                    \
	"short helper calls for this clock: pseudoXOF 3.2 timer ticks per call, under 10 steps of its "   \
	"resolution (62 ticks = 992 ns): a single call reads a few ticks or none; summed over all calls " \
	"the share is unbiased while calls start at random against the clock's steps, but spreads more "  \
	"(more iterations, -n, narrow it)"

/* The overhead line gives the clock's resolution, and a cost under 10
 * ticks with two digits (a coarse clock's 4.4 is not 4). */
START_TEST(overhead_line_resolution)
{
	struct hp_result r;
	char *txt;

	coarse_row(&r, 3200);
	hp_report_configure(0, 1.0);
	txt = render(HP_FORMAT_TEXT, &r, 1, NULL);
	ck_assert_msg(strstr(txt, "\noverhead: 4.4 timer ticks/call added by the wrapper (1.9 of them inside the "
				  "helper); figures corrected for it (--raw: uncorrected); clock resolution 62 ticks "
				  "(992 ns)\n") != NULL,
		      "%s", txt);
	free(txt);
	/* a row that does not know its resolution (an older record): no clause */
	r.tick_resolution = 0;
	txt = render(HP_FORMAT_TEXT, &r, 1, NULL);
	ck_assert_ptr_nonnull(strstr(txt, "(--raw: uncorrected)\n"));
	ck_assert_ptr_null(strstr(txt, "resolution"));
	free(txt);
	hp_result_free(&r);
}
END_TEST

/* The short-call note: for the helpers whose mean call is under 10 steps
 * of the resolution, and only for them; not at 10 steps; not without a
 * known resolution; in the text, the CSV notes and the JSON notes. */
START_TEST(short_calls_note)
{
	struct hp_result r;
	char notes[HP_NOTES_MAX][HP_NOTE_MAX], *txt;
	size_t n;
	json_t *j;

	coarse_row(&r, 3200);
	n = hp_report_notes(&r, notes);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(notes[0], NOTE_SHORT_XOF);
	txt = render(HP_FORMAT_TEXT, &r, 1, NULL);
	ck_assert_ptr_nonnull(strstr(txt, "note: COARSE sign: " NOTE_SHORT_XOF "\n"));
	free(txt);
	txt = render(HP_FORMAT_CSV, &r, 1, NULL);
	ck_assert_ptr_nonnull(strstr(txt, NOTE_SHORT_XOF));
	free(txt);
	j = hp_report_notes_json(&r);
	ck_assert_str_eq(json_string_value(json_array_get(j, 0)), NOTE_SHORT_XOF);
	json_decref(j);
	hp_result_free(&r);

	/* pseudoXOF at 620 ticks per call: 10 steps, no note */
	coarse_row(&r, 620000);
	ck_assert_uint_eq(hp_report_notes(&r, notes), 0);
	hp_result_free(&r);
	/* 3.2 ticks per call with a resolution of 1 tick: under 10 ticks */
	coarse_row(&r, 3200);
	r.tick_resolution = 1;
	ck_assert_uint_eq(hp_report_notes(&r, notes), 1);
	ck_assert_ptr_nonnull(strstr(notes[0], "pseudoXOF 3.2 timer ticks per call"));
	ck_assert_ptr_nonnull(strstr(notes[0], "(1 tick = 16 ns)"));
	/* ... and pseudohash at 620 is then far above */
	ck_assert_ptr_null(strstr(notes[0], "pseudohash"));
	r.tick_resolution = 0;
	ck_assert_uint_eq(hp_report_notes(&r, notes), 0);
	hp_result_free(&r);
}
END_TEST

/* An emulated run: every row's notes end with the emulation note (CSV,
 * JSON), and the text and markdown reports print it once. */
START_TEST(emulation_note_once)
{
	struct hp_result r[2];
	char notes[HP_NOTES_MAX][HP_NOTE_MAX], *txt, *first;
	const char *note = "note: emulated, aarch64 code on an x86_64 kernel: the call counts are exact, but every "
			   "time, share and overhead here is the emulator's, not a CPU's\n";

	for (int i = 0; i < 2; i++) {
		coarse_row(&r[i], 3200);
		snprintf(r[i].emulation, sizeof r[i].emulation, "aarch64 code on an x86_64 kernel");
	}
	snprintf(r[1].operation, sizeof r[1].operation, "verify");
	ck_assert_uint_eq(hp_report_notes(&r[0], notes), 2);
	ck_assert_str_eq(notes[0], NOTE_SHORT_XOF);
	ck_assert_ptr_nonnull(strstr(notes[1], "emulated, aarch64 code on an x86_64 kernel: the call counts"));
	for (int f = 0; f < 2; f++) {
		txt = render(f ? HP_FORMAT_MD : HP_FORMAT_TEXT, r, 2, NULL);
		first = strstr(txt, note);
		ck_assert_msg(first != NULL, "%s", txt);
		ck_assert_ptr_null(strstr(first + 1, note));
		/* after the rows' own notes, before the overhead line */
		ck_assert_ptr_nonnull(strstr(txt, "note: COARSE verify: " NOTE_SHORT_XOF "\n"));
		ck_assert(first > strstr(txt, "note: COARSE verify: "));
		ck_assert(first < strstr(txt, "overhead: "));
		free(txt);
	}
	txt = render(HP_FORMAT_CSV, r, 2, NULL);
	first = strstr(txt, "emulated, aarch64");
	ck_assert_ptr_nonnull(first);
	ck_assert_ptr_nonnull(strstr(first + 1, "emulated, aarch64"));
	free(txt);
	hp_result_free(&r[0]);
	hp_result_free(&r[1]);
}
END_TEST

START_TEST(overhead_median_of_all_rows)
{
	enum { NR = 164 };
	struct hp_result *rs = calloc(NR, sizeof *rs);
	char *txt;

	ck_assert_ptr_nonnull(rs);
	for (int i = 0; i < NR; i++) {
		calibrated_row(&rs[i]);
		rs[i].overhead_added_ticks = i < 64 ? 10 : 50;
		rs[i].overhead_inside_ticks = i < 64 ? 4 : 20;
	}
	hp_report_configure(0, 1.0);
	txt = render(HP_FORMAT_TEXT, rs, NR, NULL);
	ck_assert_msg(strstr(txt,
			     "\noverhead: 50 TSC ticks/call added by the wrapper (20 of them inside the helper; the "
			     "median of 164 rows' calibrations: 10 to 50 added, 4 to 20 inside); ") != NULL,
		      "%s", strstr(txt, "overhead:"));
	free(txt);
	/* rows that differ by less than the line's rounding: one figure
	 * stands for them (trial-replay, item 3: 109.4, 109.46 and 106.4
	 * read "median of 3 rows' calibrations: 106 to 109 added") */
	for (int i = 0; i < NR; i++) {
		rs[i].overhead_added_ticks = 109.4 + (i % 2) * 0.06;
		rs[i].overhead_inside_ticks = 80.2;
	}
	txt = render(HP_FORMAT_TEXT, rs, NR, NULL);
	ck_assert_msg(
		strstr(txt, "\noverhead: 109 TSC ticks/call added by the wrapper (80 of them inside the helper); ") !=
			NULL,
		"%s", strstr(txt, "overhead:"));
	free(txt);
	rs[0].overhead_added_ticks = 106.4;
	rs[1].overhead_inside_ticks = 79.6;
	txt = render(HP_FORMAT_TEXT, rs, 3, NULL);
	ck_assert_msg(strstr(txt,
			     "\noverhead: 109 TSC ticks/call added by the wrapper (80 of them inside the helper; the "
			     "median of 3 rows' calibrations: 106 to 109 added, 80 inside); ") != NULL,
		      "%s", strstr(txt, "overhead:"));
	free(txt);
	for (int i = 0; i < NR; i++)
		hp_result_free(&rs[i]);
	free(rs);
}
END_TEST

START_TEST(uncalibrated_rows_say_so)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];
	size_t n;

	build_rows();
	hp_report_configure(0, 1.0);
	n = hp_report_notes(&rows[0], notes);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(notes[0], NOTE_NESTED_2000);
	ck_assert_str_eq(notes[1], "no overhead calibration (the instance lacks hashprof_calib_loop): "
				   "figures are raw");
	/* Nothing measured, nothing to correct: no such note. */
	ck_assert_uint_eq(hp_report_notes(&rows[1], notes), 1);
	ck_assert_str_eq(notes[0], NOTE_NONE_DEFINED);
	free_rows();
}
END_TEST

START_TEST(notes_exact)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];

	build_rows();
	ck_assert_uint_eq(hp_report_notes(&rows[0], notes), 1);
	ck_assert_str_eq(notes[0], NOTE_NESTED_2000);
	ck_assert_uint_eq(hp_report_notes(&rows[1], notes), 1);
	ck_assert_str_eq(notes[0], NOTE_NONE_DEFINED);
	ck_assert_uint_eq(hp_report_notes(&rows[2], notes), 1);
	ck_assert_str_eq(notes[0], NOTE_NONE_SEEN_PSEUDOHASH);
	/* A failed row carries its failure, no notes. */
	ck_assert_uint_eq(hp_report_notes(&rows[3], notes), 0);

	/* Overflow, and nested calls, together: the overflowed nested calls
	 * are in the nested note too. */
	rows[0].overflow[HP_FN_XOF] = (struct hp_overflow){ 5000, 0, 123 };
	rows[0].overflow[HP_FN_SM3] = (struct hp_overflow){ 0, 1000, 0 };
	ck_assert_uint_eq(hp_report_notes(&rows[0], notes), 2);
	ck_assert_str_eq(notes[0], "nested calls per operation: sm3hash 3 (made inside another helper call: "
				   "executed and counted, their time is inside the outer call's)");
	ck_assert_str_eq(notes[1], "shape table overflowed: calls per operation of shapes that found no "
				   "free slot within 32 of their hash (of the table's 1024): pseudoXOF 5, "
				   "sm3hash 1; they are in their helper's calls, ticks and shares, only their "
				   "split by input and output length (calls[]) is lost");

	/* Only overflowed calls of a record that does not say of which
	 * helper: a call was seen, so no "none seen" note. */
	rows[2].overflow_unattributed_calls = 1;
	ck_assert_uint_eq(hp_report_notes(&rows[2], notes), 1);
	ck_assert_str_eq(notes[0], "1 calls had a shape that did not fit the shape table and the record "
				   "does not say of which helper (written by an older hashprof): their ticks "
				   "are in no share");
	free_rows();
}
END_TEST

START_TEST(text_table_and_notes)
{
	char *txt, *line, *save = NULL;
	const char *want[] = {
		"instance    operation  pseudohash/XOF/sm3  DRNG  DRNG init  calls per operation"
		"                   ticks/op  time/op",
		"SYNTH-SIG   sign       88%                 0.0%  0.0%       drng 1, pseudoXOF 210, pseudohash 83"
		"     1e+03   500 ns",
		"SYNTH-NONE  keygen     0.0%                0.0%  0.0%       none seen                           "
		"       100    50 ns",
		"X-LTO       verify     0.0%                0.0%  0.0%       none seen                           "
		"       500   250 ns",
		"SYNTH-SIG   verify     verify: killed by SIGSEGV",
		"note: SYNTH-SIG sign: " NOTE_NESTED_2000,
		"note: SYNTH-NONE keygen: " NOTE_NONE_DEFINED,
		"note: X-LTO verify: " NOTE_NONE_SEEN_PSEUDOHASH,
	};
	size_t n = 0;

	build_rows();
	txt = render(HP_FORMAT_TEXT, rows, NROWS, NULL);
	for (line = strtok_r(txt, "\n", &save); line; line = strtok_r(NULL, "\n", &save), n++) {
		ck_assert_msg(n < sizeof want / sizeof want[0], "extra line: %s", line);
		ck_assert_str_eq(line, want[n]);
	}
	ck_assert_uint_eq(n, sizeof want / sizeof want[0]);
	free(txt);
	free_rows();
}
END_TEST

/* "If free" shares outside 0..100% (a difference of two timed runs: a
 * family that costs next to nothing reads a little below 0): printed as
 * ~0% / ~100% with the figure, never as a bare negative share; the JSON
 * keeps the numbers and flags them. */
START_TEST(replay_share_outside_flagged)
{
	char *txt;
	json_t *j, *rp;
	struct hp_replay_part *part;

	build_rows();
	part = hp_replay_get(&rows[0]);
	ck_assert_ptr_nonnull(part);
	part->requested = part->valid = 1;
	part->samples = 25;
	part->hash = 0.873;
	part->drng = -0.0052;
	part->drng_spread = 0.002;
	txt = render(HP_FORMAT_TEXT, rows, 1, NULL);
	ck_assert_msg(strstr(txt, "~0% (below 0 by noise: -0.52%)"), "%s", txt);
	ck_assert_msg(strstr(txt, "87.3%"), "%s", txt);
	free(txt);
	txt = render(HP_FORMAT_MD, rows, 1, NULL);
	ck_assert_msg(strstr(txt, "~0% (below 0 by noise: -0.52%)"), "%s", txt);
	free(txt);
	j = hp_record_from_result(&rows[0]);
	rp = json_object_get(j, "replay");
	ck_assert(json_real_value(json_object_get(rp, "drng")) == -0.0052);
	ck_assert(json_is_true(json_object_get(rp, "drng_out_of_range")));
	ck_assert(json_is_false(json_object_get(rp, "hash_out_of_range")));
	json_decref(j);
	/* above 100% likewise */
	part->hash = 1.004;
	txt = render(HP_FORMAT_TEXT, rows, 1, NULL);
	ck_assert_msg(strstr(txt, "~100% (above by noise: 100.40%)"), "%s", txt);
	free(txt);
	j = hp_record_from_result(&rows[0]);
	ck_assert(json_is_true(json_object_get(json_object_get(j, "replay"), "hash_out_of_range")));
	json_decref(j);
	/* 0 itself is a share within range (a family not run) */
	ck_assert_int_eq(hp_replay_share_outside(0), 0);
	ck_assert_int_eq(hp_replay_share_outside(1), 0);
	ck_assert_int_eq(hp_replay_share_outside(-1e-9), -1);
	free_rows();
}
END_TEST

/* A row with every feature's part (part.h): each part's member is written
 * where the record has it, in the registry's order, and read back into a
 * part of its own; the row read back writes the same record, byte for
 * byte.  A record without the features gives a row without parts, whose
 * accessors read zeroed parts. */
START_TEST(record_parts_round_trip)
{
	static const char *const order[] = { "own",    "own_helpers_nested", "candidates",
					     "replay", "per_iteration",      "call_sites" };
	struct hp_result r, back, plain;
	struct hp_result_site site = { 0 };
	struct hp_site_frame frame = { "poly_uniform", "poly.c:412" };
	struct hp_result *arm;
	struct hp_own_part *own;
	struct hp_replay_part *rp;
	struct hp_result_sites *sites;
	char err[256] = "", *a, *b;
	const char *key;
	json_t *j, *j2, *v;
	size_t k = 0;

	set_common(&r, "SYNTH-SIG", "sig", "sign", ALL_WRAPPED);
	r.iterations = r.operations = 2;
	r.total_ticks = 1000;
	add_shape(&r, 1 /* pseudoXOF */, 1024, 512, 4, 0, 100);
	ck_assert_int_eq(hp_result_per_op_alloc(&r, 2), 0);
	hp_result_per_op(&r, 1)[0] = 1;
	hp_result_per_op(&r, 1)[1] = 3;
	ck_assert_ptr_nonnull(own = hp_own_get(&r));
	own->nown = 1;
	snprintf(own->own[0].function, sizeof own->own[0].function, "keccak_f1600");
	snprintf(own->own[0].primitive, sizeof own->own[0].primitive, "Keccak-f[1600]");
	own->own[0].calls = 2;
	own->own[0].ticks = 50;
	own->nested_in_own[3] = 1;
	ck_assert_int_eq(hp_result_add_arm(&r, "SHAKE256", HP_TAPE_BIT(1), &arm), 0);
	set_common(arm, "SYNTH-SIG", "sig", "sign", ALL_WRAPPED);
	arm->iterations = arm->operations = 2;
	arm->total_ticks = 900;
	ck_assert_ptr_nonnull(rp = hp_replay_get(&r));
	rp->requested = rp->valid = 1;
	rp->samples = 5;
	rp->hash = 0.25;
	snprintf(rp->estimator, sizeof rp->estimator, "%s", HP_REPLAY_ESTIMATOR_INSITU);
	ck_assert_ptr_nonnull(sites = hp_sites_get(&r));
	sites->requested = 1;
	site.fn = 1;
	site.calls = 4;
	site.ticks = 100;
	ck_assert_ptr_nonnull(hp_result_add_site(&r, &site, &frame, 1));

	ck_assert_ptr_nonnull(j = hp_record_from_result(&r));
	json_object_foreach(j, key, v)
	{
		for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
			if (!strcmp(key, order[i])) {
				ck_assert_msg(i == k, "record member %s at place %zu of the parts', expected %zu", key,
					      k, i);
				k++;
			}
	}
	ck_assert_uint_eq(k, sizeof order / sizeof order[0]);
	hp_result_init(&back);
	ck_assert_msg(hp_record_to_result(j, &back, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(hp_own_c(&back)->nown, 1);
	ck_assert_str_eq(hp_own_c(&back)->own[0].primitive, "Keccak-f[1600]");
	ck_assert_uint_eq(hp_own_c(&back)->own[0].calls, 2);
	ck_assert_uint_eq(hp_own_c(&back)->nested_in_own[3], 1);
	ck_assert_uint_eq(hp_arms_c(&back)->narms, 1);
	ck_assert_str_eq(hp_arms_c(&back)->arms[0].name, "SHAKE256");
	ck_assert_uint_eq(hp_arms_c(&back)->arms[0].r->total_ticks, 900);
	ck_assert(hp_replay_c(&back)->requested && hp_replay_c(&back)->valid);
	ck_assert_uint_eq(hp_replay_c(&back)->samples, 5);
	ck_assert(hp_replay_c(&back)->hash == 0.25);
	ck_assert_uint_eq(hp_result_per_op(&back, 1)[1], 3);
	ck_assert_uint_eq(hp_sites_c(&back)->nsites, 1);
	ck_assert_str_eq(hp_sites_c(&back)->sites[0].frames[0].function, "poly_uniform");
	ck_assert_ptr_nonnull(j2 = hp_record_from_result(&back));
	a = json_dumps(j, JSON_PRESERVE_ORDER);
	b = json_dumps(j2, JSON_PRESERVE_ORDER);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	json_decref(j2);
	json_decref(j);

	/* none of the features: no part made, the accessors read zeroes */
	build_rows();
	ck_assert_ptr_nonnull(j = hp_record_from_result(&rows[0]));
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		ck_assert_msg(!json_object_get(j, order[i]), "%s written for a row without it", order[i]);
	hp_result_init(&plain);
	ck_assert_msg(hp_record_to_result(j, &plain, err, sizeof err) == 0, "%s", err);
	for (unsigned id = 0; id < HP_PART_COUNT; id++)
		ck_assert_msg(!plain.part[id], "part %u made from a record without it", id);
	ck_assert(!hp_replay_c(&plain)->requested && !hp_sites_c(&plain)->requested);
	ck_assert(!hp_own_c(&plain)->nown && !hp_arms_c(&plain)->narms && !hp_result_per_op(&plain, 1));
	json_decref(j);
	hp_result_free(&plain);
	free_rows();
	hp_result_free(&back);
	hp_result_free(&r);
}
END_TEST

START_TEST(csv_exact)
{
	char *csv;

	build_rows();
	snprintf(rows[3].failure, sizeof rows[3].failure, "sig_verify returned \"-1\", twice");
	csv = render(HP_FORMAT_CSV, rows, NROWS, NULL);
	ck_assert_str_eq(
		csv, "instance,operation,status,hash_share_raw,drng_share_raw,drng_init_share_raw,calls_per_operation,"
		     "calls_drng,calls_pseudoXOF,calls_pseudohash,calls_sm3hash,calls_drng_init,"
		     "ticks_per_operation,seconds_per_operation,operations,shape_overflow_calls_per_operation,failure,"
		     "notes\n"
		     "\"SYNTH-SIG\",sign,ok,0.880000,0.000400,0.000000,\"drng 1, pseudoXOF 210, pseudohash 83\","
		     "1,210,83,0,0,1000,5e-07,1000,0,\"\",\"nested calls per operation: sm3hash 2 (made inside another "
		     "helper "
		     "call: executed and counted, their time is inside the outer call's)\"\n"
		     "\"SYNTH-NONE\",keygen,ok,0.000000,0.000000,0.000000,\"none seen\",0,0,0,0,0,100,5e-08,3,0,\"\","
		     "\"the instance defines none of the ICCS helpers, so none is wrapped: its 0.0% shares mean "
		     "\"\"not measured\"\", not \"\"free\"\"\"\n"
		     "\"X-LTO\",verify,ok,0.000000,0.000000,0.000000,\"none seen\",0,0,0,0,0,500,2.5e-07,10,0,\"\","
		     "\"no helper call was seen (wrapped: pseudohash): the shares are 0.0% because nothing was "
		     "measured\"\n"
		     "\"SYNTH-SIG\",verify,failed,,,,\"\",,,,,,,,0,,"
		     "\"sig_verify returned \"\"-1\"\", twice\",\"\"\n");
	free(csv);
	free_rows();
}
END_TEST

/* The "no helper call was seen" note names a cause only with its
 * evidence: the build's warning of calls inside the helpers' own object,
 * or a survey that finds the scheme bypasses the helpers; a step that
 * does nothing gets neither. */
START_TEST(no_calls_note_names_evidence_only)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];
	struct hp_result r;
	size_t n;

	set_common(&r, "KEX-X", "kex", "init_b", "pseudohash");
	r.iterations = r.operations = 10;
	r.total_ticks = 5000;
	n = hp_report_notes(&r, notes);
	ck_assert_uint_ge(n, 1);
	ck_assert_str_eq(notes[0], NOTE_NONE_SEEN_PSEUDOHASH);
	snprintf(r.survey_verdict, sizeof r.survey_verdict, "bypass");
	snprintf(r.survey_reason, sizeof r.survey_reason, "own Keccak, no hash helper called");
	n = hp_report_notes(&r, notes);
	ck_assert_str_eq(notes[0], NOTE_NONE_SEEN_PSEUDOHASH
			 "; the survey finds the scheme does its hashing without the helpers (below)");
	r.survey_verdict[0] = '\0';
	snprintf(r.build_notes, sizeof r.build_notes,
		 "sign.c: 2 call sites of helpers defined in the same object, invisible to --wrap: pseudohash");
	n = hp_report_notes(&r, notes);
	ck_assert_str_eq(notes[0], NOTE_NONE_SEEN_PSEUDOHASH "; the build found helper calls made inside the "
							     "helpers' own object, which --wrap cannot see (its "
							     "warning below)");
	hp_result_free(&r);
}
END_TEST

/* A corrected share the correction swallowed is flagged with both
 * figures: pseudoXOF 30% of the raw ticks, but the overhead subtracted
 * (29.5 ticks inside and 40 added per call, 1000 calls) leaves 500 of
 * 60000 ticks, 0.8%. */
START_TEST(swallowed_share_flagged)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];
	struct hp_result r;
	size_t n, k;

	set_common(&r, "FALCON-X", "sig", "verify", ALL_WRAPPED);
	r.iterations = r.operations = 100;
	r.total_ticks = 100000;
	add_shape(&r, 1 /* pseudoXOF */, 1024, 512, 1000, 0, 30000);
	r.overhead_valid = 1;
	r.overhead_inside_ticks = 29.5;
	r.overhead_added_ticks = 40;
	hp_report_configure(0, 1.0);
	n = hp_report_notes(&r, notes);
	for (k = 0; k < n && strncmp(notes[k], "the correction swallowed", 24); k++)
		;
	ck_assert_msg(k < n, "no note of the swallowed share");
	ck_assert_str_eq(notes[k], "the correction swallowed most of a share: hash 30.0% raw -> 0.8% (the shims' "
				   "calibrated overhead it subtracts is most of what was measured there: the corrected "
				   "figure rests on that estimate; --raw prints the uncorrected shares)");
	/* a correction of a few percent: no note */
	r.overhead_inside_ticks = 1;
	r.overhead_added_ticks = 2;
	n = hp_report_notes(&r, notes);
	for (k = 0; k < n; k++)
		ck_assert_msg(strncmp(notes[k], "the correction swallowed", 24), "%s", notes[k]);
	hp_result_free(&r);
}
END_TEST

START_TEST(json_document)
{
	json_t *meta = json_pack("{s:s}", "hashprof", "test"), *doc, *rs, *r0, *a;
	json_error_t je;
	char *txt;

	build_rows();
	txt = render(HP_FORMAT_JSON, rows, NROWS, meta);
	doc = json_loads(txt, 0, &je);
	ck_assert_msg(doc != NULL, "not JSON: %s", je.text);
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(doc, "run"), "hashprof")), "test");
	rs = json_object_get(doc, "rows");
	ck_assert_uint_eq(json_array_size(rs), NROWS);

	r0 = json_array_get(rs, 0);
	ck_assert_str_eq(json_string_value(json_object_get(r0, "schema")), HP_RECORD_SCHEMA);
	ck_assert_str_eq(json_string_value(json_object_get(r0, "status")), "ok");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r0, "totals"), "operations")), 1000);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r0, "totals"), "ticks")), 1000000);
	ck_assert_double_eq_tol(json_real_value(json_object_get(json_object_get(r0, "shares"), "hash")), 0.88, 1e-12);
	ck_assert_double_eq_tol(json_real_value(json_object_get(json_object_get(r0, "shares"), "drng")), 0.0004, 1e-12);
	a = json_object_get(r0, "calls");
	ck_assert_uint_eq(json_array_size(a), 4);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(a, 3), "fn")), "sm3hash");
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(a, 3), "nested")), 2000);
	a = json_object_get(r0, "notes");
	ck_assert_uint_eq(json_array_size(a), 1);
	ck_assert_str_eq(json_string_value(json_array_get(a, 0)), NOTE_NESTED_2000);

	a = json_object_get(json_array_get(rs, 1), "notes");
	ck_assert_uint_eq(json_array_size(a), 1);
	ck_assert_str_eq(json_string_value(json_array_get(a, 0)), NOTE_NONE_DEFINED);
	a = json_object_get(json_array_get(rs, 2), "notes");
	ck_assert_uint_eq(json_array_size(a), 1);
	ck_assert_str_eq(json_string_value(json_array_get(a, 0)), NOTE_NONE_SEEN_PSEUDOHASH);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(rs, 3), "status")), "failed");
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(rs, 3), "failure")), "killed by SIGSEGV");
	ck_assert_uint_eq(json_array_size(json_object_get(json_array_get(rs, 3), "notes")), 0);

	/* A printed row reads back (the extra "notes" field is ignored). */
	{
		struct hp_result back;
		char err[256] = "";
		hp_result_init(&back);
		ck_assert_msg(hp_record_to_result(r0, &back, err, sizeof err) == 0, "%s", err);
		ck_assert_str_eq(back.instance, "SYNTH-SIG");
		ck_assert_uint_eq(back.nshapes, 4);
		ck_assert_uint_eq(back.shapes[1].calls, 210000);
		hp_result_free(&back);
	}
	json_decref(doc);
	json_decref(meta);
	free(txt);
	free_rows();
}
END_TEST

START_TEST(json_without_meta)
{
	json_t *doc;
	json_error_t je;
	char *txt;

	build_rows();
	txt = render(HP_FORMAT_JSON, rows, 1, NULL);
	doc = json_loads(txt, 0, &je);
	ck_assert_ptr_nonnull(doc);
	ck_assert_ptr_null(json_object_get(doc, "run"));
	ck_assert_uint_eq(json_array_size(json_object_get(doc, "rows")), 1);
	json_decref(doc);
	free(txt);
	free_rows();
}
END_TEST

/* ---------- records ---------- */

/* A row with every field set to something that is not a default. */
static void full_row(struct hp_result *r)
{
	set_common(r, "SYNTH-KEX", "kex", "exchange", ALL_WRAPPED);
	snprintf(r->path, sizeof r->path, "/opt/hashprof/lib/synth-kex.so");
	r->status = HP_STATUS_FAILED;
	snprintf(r->failure, sizeof r->failure, "derive_a returned -3 (operation 4 of 7)");
	r->iterations = 7;
	r->warmup = 2;
	r->planned = 1;
	r->calibration_seconds = 0.0123456789012345;
	for (size_t i = 0; i < 48; i++)
		r->seed[i] = (unsigned char)i;
	r->seed_len = 48;
	for (size_t i = 0; i < 64; i++)
		r->message[i] = (unsigned char)((i * 131 + 64) % 256);
	r->message_len = 64;
	snprintf(r->clock_source, sizeof r->clock_source, "PAPI_TOT_CYC");
	snprintf(r->clock_unit, sizeof r->clock_unit, "cycles");
	r->tick_hz = 1996235103.5758281;
	r->tick_resolution = 62;
	snprintf(r->emulation, sizeof r->emulation, "aarch64 code on an x86_64 kernel");
	r->operations = 3;
	r->total_ticks = 123456789012345ull;
	r->overflow[HP_FN_SM3] = (struct hp_overflow){ 12, 5, 4000 };
	r->overflow[HP_FN_DRNG_INIT] = (struct hp_overflow){ 0, 0, 42 };
	r->overflow_unattributed_calls = 3;
	r->overflow_unattributed_ticks = 200;
	add_shape(r, 0, 0, 128, 7, 0, 1111);
	add_shape(r, 0, 0, 256, 14, 0, 2222);
	add_shape(r, 1, 256, 1024, 14, 3, 3333);
	add_shape(r, 2, 1024, 512, 5000000000ull, 0, 9000000000000ull);
	add_shape(r, 3, 264, 256, 0, 42, 0);
	add_shape(r, 4, 384, 0, 1, 0, 99);
	/* the calibrated shim overhead and the trials */
	r->overhead_valid = 1;
	r->overhead_added_ticks = 51.4;
	r->overhead_inside_ticks = 22.46;
	r->overhead_seconds = 0.00044224899988876132;
	r->ntrials = 2;
	for (uint32_t t = 0; t < r->ntrials; t++) {
		r->trials[t].operations = 1 + t;
		r->trials[t].total_ticks = 1000000 + t;
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
			r->trials[t].calls[fn] = 10 * fn + t;
			r->trials[t].ticks[fn] = 1000 * fn + 7 * t;
		}
	}
}

static void assert_same_row(const struct hp_result *a, const struct hp_result *b)
{
	ck_assert_str_eq(a->instance, b->instance);
	ck_assert_str_eq(a->kind, b->kind);
	ck_assert_str_eq(a->operation, b->operation);
	ck_assert_str_eq(a->path, b->path);
	ck_assert_str_eq(a->wrapped, b->wrapped);
	ck_assert_int_eq(a->status, b->status);
	ck_assert_str_eq(a->failure, b->failure);
	ck_assert_uint_eq(a->iterations, b->iterations);
	ck_assert_uint_eq(a->warmup, b->warmup);
	ck_assert_int_eq(a->planned, b->planned);
	ck_assert_msg(a->calibration_seconds == b->calibration_seconds, "calibration_seconds %.17g != %.17g",
		      a->calibration_seconds, b->calibration_seconds);
	ck_assert_uint_eq(a->seed_len, b->seed_len);
	ck_assert_mem_eq(a->seed, b->seed, a->seed_len);
	ck_assert_uint_eq(a->message_len, b->message_len);
	ck_assert_mem_eq(a->message, b->message, a->message_len);
	ck_assert_str_eq(a->clock_source, b->clock_source);
	ck_assert_str_eq(a->clock_unit, b->clock_unit);
	ck_assert_msg(a->tick_hz == b->tick_hz, "tick_hz %.17g != %.17g", a->tick_hz, b->tick_hz);
	ck_assert_uint_eq(a->tick_resolution, b->tick_resolution);
	ck_assert_str_eq(a->emulation, b->emulation);
	ck_assert_uint_eq(a->operations, b->operations);
	ck_assert_uint_eq(a->total_ticks, b->total_ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		ck_assert_uint_eq(a->overflow[fn].calls, b->overflow[fn].calls);
		ck_assert_uint_eq(a->overflow[fn].nested, b->overflow[fn].nested);
		ck_assert_uint_eq(a->overflow[fn].ticks, b->overflow[fn].ticks);
	}
	ck_assert_uint_eq(a->overflow_unattributed_calls, b->overflow_unattributed_calls);
	ck_assert_uint_eq(a->overflow_unattributed_ticks, b->overflow_unattributed_ticks);
	ck_assert_int_eq(a->overhead_valid, b->overhead_valid);
	ck_assert_msg(a->overhead_added_ticks == b->overhead_added_ticks, "overhead_added_ticks");
	ck_assert_msg(a->overhead_inside_ticks == b->overhead_inside_ticks, "overhead_inside_ticks");
	ck_assert_msg(a->overhead_seconds == b->overhead_seconds, "overhead_seconds");
	ck_assert_uint_eq(a->ntrials, b->ntrials);
	for (uint32_t t = 0; t < a->ntrials; t++) {
		ck_assert_uint_eq(a->trials[t].operations, b->trials[t].operations);
		ck_assert_uint_eq(a->trials[t].total_ticks, b->trials[t].total_ticks);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
			ck_assert_uint_eq(a->trials[t].calls[fn], b->trials[t].calls[fn]);
			ck_assert_uint_eq(a->trials[t].ticks[fn], b->trials[t].ticks[fn]);
		}
	}
	ck_assert_uint_eq(a->nshapes, b->nshapes);
	for (size_t i = 0; i < a->nshapes; i++) {
		const struct hp_result_shape *x = &a->shapes[i], *y = &b->shapes[i];
		ck_assert_uint_eq(x->fn, y->fn);
		ck_assert_uint_eq(x->in_bits, y->in_bits);
		ck_assert_uint_eq(x->out_bits, y->out_bits);
		ck_assert_uint_eq(x->calls, y->calls);
		ck_assert_uint_eq(x->nested, y->nested);
		ck_assert_uint_eq(x->ticks, y->ticks);
	}
}

START_TEST(record_round_trip)
{
	struct hp_result a, b;
	char err[256] = "";
	json_t *j;

	full_row(&a);
	j = hp_record_from_result(&a);
	ck_assert_ptr_nonnull(j);
	hp_result_init(&b);
	ck_assert_msg(hp_record_to_result(j, &b, err, sizeof err) == 0, "%s", err);
	assert_same_row(&a, &b);
	json_decref(j);
	hp_result_free(&b);

	/* The other status, and empty seed/message/wrapped. */
	a.status = HP_STATUS_OK;
	a.failure[0] = '\0';
	a.seed_len = a.message_len = 0;
	a.wrapped[0] = '\0';
	a.planned = 0;
	a.calibration_seconds = 0;
	a.overhead_valid = 0;
	a.overhead_added_ticks = a.overhead_inside_ticks = a.overhead_seconds = 0;
	a.ntrials = 0;
	a.emulation[0] = '\0';
	j = hp_record_from_result(&a);
	/* natively, no clock.emulation at all; and a record from before the
	 * resolution was measured reads as 0 (not known) */
	ck_assert_ptr_null(json_object_get(json_object_get(j, "clock"), "emulation"));
	ck_assert_int_eq(json_object_del(json_object_get(j, "clock"), "resolution_ticks"), 0);
	a.tick_resolution = 0;
	hp_result_init(&b);
	ck_assert_msg(hp_record_to_result(j, &b, err, sizeof err) == 0, "%s", err);
	assert_same_row(&a, &b);
	json_decref(j);
	hp_result_free(&b);
	hp_result_free(&a);
}
END_TEST

/* overflow.helpers: per helper in the totals; a record without it (an
 * older hashprof) keeps its overflowed calls apart; sums are checked. */
START_TEST(record_overflow_per_helper)
{
	struct hp_result a, b;
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	char err[256] = "";
	json_t *j, *h;

	full_row(&a);
	j = hp_record_from_result(&a);
	/* 12 + 5 + 3 calls, 4000 + 42 + 200 ticks */
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "overflow"), "calls")), 20);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(j, "overflow"), "ticks")), 4242);
	hp_result_init(&b);
	ck_assert_msg(hp_record_to_result(j, &b, err, sizeof err) == 0, "%s", err);
	hp_result_fn_totals(&b, calls, nested, ticks);
	ck_assert_uint_eq(calls[HP_FN_SM3], 12); /* no shape table entry: overflow only */
	ck_assert_uint_eq(nested[HP_FN_SM3], 42 + 5);
	ck_assert_uint_eq(ticks[HP_FN_SM3], 4000);
	ck_assert_uint_eq(ticks[HP_FN_DRNG_INIT], 99 + 42);
	ck_assert_uint_eq(hp_result_overflowed(&b), 20);
	hp_result_free(&b);

	/* written before the split: all 20 calls of unknown helpers */
	h = json_object_get(j, "overflow");
	json_object_del(h, "helpers");
	hp_result_init(&b);
	ck_assert_msg(hp_record_to_result(j, &b, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(b.overflow_unattributed_calls, 20);
	ck_assert_uint_eq(b.overflow_unattributed_ticks, 4242);
	ck_assert_uint_eq(b.overflow[HP_FN_SM3].calls, 0);
	hp_result_free(&b);
	json_decref(j);

	/* helpers that sum to more than overflow.calls: malformed */
	j = hp_record_from_result(&a);
	h = json_object_get(json_object_get(json_object_get(j, "overflow"), "helpers"), "pseudoXOF");
	json_object_set_new(h, "calls", json_integer(100));
	hp_result_init(&b);
	ck_assert_int_eq(hp_record_to_result(j, &b, err, sizeof err), -1);
	ck_assert_str_eq(err, "field 'overflow.calls': 20, fewer than the sum over overflow.helpers (117)");
	hp_result_free(&b);
	json_object_set_new(h, "calls", json_string("7"));
	hp_result_init(&b);
	ck_assert_int_eq(hp_record_to_result(j, &b, err, sizeof err), -1);
	ck_assert_msg(!strncmp(err, "field 'overflow.helpers.pseudoXOF': expected", 44), "%s", err);
	hp_result_free(&b);
	json_decref(j);
	hp_result_free(&a);
}
END_TEST

START_TEST(record_round_trip_through_text)
{
	/* As between the measuring child and the parent: dumped, then parsed. */
	struct hp_result a, b;
	char err[256] = "", *txt;
	json_t *j, *back;
	json_error_t je;

	full_row(&a);
	j = hp_record_from_result(&a);
	txt = json_dumps(j, JSON_COMPACT);
	ck_assert_ptr_nonnull(txt);
	back = json_loads(txt, 0, &je);
	ck_assert_msg(back != NULL, "%s", je.text);
	hp_result_init(&b);
	ck_assert_msg(hp_record_to_result(back, &b, err, sizeof err) == 0, "%s", err);
	assert_same_row(&a, &b);
	free(txt);
	json_decref(j);
	json_decref(back);
	hp_result_free(&a);
	hp_result_free(&b);
}
END_TEST

/* hp_record_to_result of a broken copy of full_row's record: must fail
 * with a message containing `field`. */
static void expect_rejected(void (*breakit)(json_t *), const char *field)
{
	struct hp_result a, b;
	char err[256] = "";
	json_t *j;

	full_row(&a);
	j = hp_record_from_result(&a);
	breakit(j);
	hp_result_init(&b);
	ck_assert_int_eq(hp_record_to_result(j, &b, err, sizeof err), -1);
	ck_assert_msg(strstr(err, field) != NULL, "message '%s' does not name '%s'", err, field);
	ck_assert_msg(strchr(err, '\n') == NULL, "message is not one line: '%s'", err);
	json_decref(j);
	hp_result_free(&a);
	hp_result_free(&b);
}

static void wrong_schema(json_t *j)
{
	json_object_set_new(j, "schema", json_string("hashprof-record/2"));
}
static void no_totals(json_t *j)
{
	json_object_del(j, "totals");
}
static void no_instance(json_t *j)
{
	json_object_del(j, "instance");
}
static void no_seed(json_t *j)
{
	json_object_del(json_object_get(j, "procedure"), "seed");
}
static void no_rate(json_t *j)
{
	json_object_del(json_object_get(j, "clock"), "rate_hz");
}
static void no_calls(json_t *j)
{
	json_object_del(j, "calls");
}
static void shape_without_nested(json_t *j)
{
	json_object_del(json_array_get(json_object_get(j, "calls"), 2), "nested");
}
static void shape_unknown_fn(json_t *j)
{
	json_object_set_new(json_array_get(json_object_get(j, "calls"), 1), "fn", json_string("md5"));
}
static void seed_not_hex(json_t *j)
{
	json_object_set_new(json_object_get(j, "procedure"), "seed", json_string("zz"));
}
static void negative_total(json_t *j)
{
	json_object_set_new(json_object_get(j, "totals"), "ticks", json_integer(-1));
}

/* helper ticks beyond the operation's ticks: no measurement gives that */
static void helper_beyond_total(json_t *j)
{
	json_object_set_new(json_object_get(j, "totals"), "ticks", json_integer(1));
}
static void calls_without_operations(json_t *j)
{
	json_object_set_new(json_object_get(j, "totals"), "operations", json_integer(0));
}
static void more_operations_than_planned(json_t *j)
{
	json_object_set_new(json_object_get(j, "procedure"), "iterations", json_integer(1));
}

/* the calibrated overhead: a cost per call is never negative, and the part
 * inside the helper is part of what the call adds */
static void negative_overhead(json_t *j)
{
	json_object_set_new(json_object_get(j, "overhead"), "added_ticks_per_call", json_real(-1e9));
}
static void negative_inside(json_t *j)
{
	json_object_set_new(json_object_get(j, "overhead"), "inside_ticks_per_call", json_real(-0.5));
}
static void inside_above_added(json_t *j)
{
	json_object_set_new(json_object_get(j, "overhead"), "inside_ticks_per_call", json_real(51.5));
}
static void negative_calibration_time(json_t *j)
{
	json_object_set_new(json_object_get(j, "overhead"), "calibration_seconds", json_integer(-1));
}

START_TEST(record_rejects_impossible_rows)
{
	expect_rejected(helper_beyond_total, "exceed totals.ticks");
	expect_rejected(calls_without_operations, "totals.operations");
	expect_rejected(more_operations_than_planned, "procedure.iterations");
	expect_rejected(negative_overhead,
			"field 'overhead.added_ticks_per_call': -1e+09 ticks, expected a number >= 0");
	expect_rejected(negative_inside, "field 'overhead.inside_ticks_per_call': -0.5 ticks");
	expect_rejected(inside_above_added, "field 'overhead.inside_ticks_per_call': 51.5 ticks, more than "
					    "overhead.added_ticks_per_call 51.4");
	expect_rejected(negative_calibration_time, "field 'overhead.calibration_seconds'");
}
END_TEST

START_TEST(record_rejects_wrong_schema)
{
	expect_rejected(wrong_schema, "schema");
	expect_rejected(wrong_schema, "hashprof-record/2");
}
END_TEST

START_TEST(record_rejects_missing_fields)
{
	expect_rejected(no_totals, "totals");
	expect_rejected(no_instance, "instance");
	expect_rejected(no_seed, "seed");
	expect_rejected(no_rate, "rate_hz");
	expect_rejected(no_calls, "calls");
	expect_rejected(shape_without_nested, "calls[2]");
	expect_rejected(shape_without_nested, "nested");
}
END_TEST

START_TEST(record_rejects_bad_values)
{
	expect_rejected(shape_unknown_fn, "calls[1]");
	expect_rejected(seed_not_hex, "procedure.seed");
	expect_rejected(negative_total, "totals");
}
END_TEST

/* Most tests render the published way: raw shares (no overhead correction). */
static void raw_mode(void)
{
	hp_report_configure(1, 1.0);
}

static Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("render");

	tcase_add_checked_fixture(tc, raw_mode, NULL);
	tcase_add_test(tc, format_parse);
	tcase_add_test(tc, markdown_exact);
	tcase_add_test(tc, markdown_published_row);
	tcase_add_test(tc, share_cells_round_half_up);
	tcase_add_test(tc, corrected_and_raw_shares);
	tcase_add_test(tc, uncalibrated_rows_say_so);
	tcase_add_test(tc, overhead_median_of_all_rows);
	tcase_add_test(tc, overhead_line_resolution);
	tcase_add_test(tc, short_calls_note);
	tcase_add_test(tc, emulation_note_once);
	tcase_add_test(tc, notes_exact);
	tcase_add_test(tc, text_table_and_notes);
	tcase_add_test(tc, csv_exact);
	tcase_add_test(tc, json_document);
	tcase_add_test(tc, no_calls_note_names_evidence_only);
	tcase_add_test(tc, swallowed_share_flagged);
	tcase_add_test(tc, json_without_meta);
	suite_add_tcase(s, tc);

	tc = tcase_create("record");
	tcase_add_checked_fixture(tc, raw_mode, NULL);
	tcase_add_test(tc, record_round_trip);
	tcase_add_test(tc, record_round_trip_through_text);
	tcase_add_test(tc, record_overflow_per_helper);
	tcase_add_test(tc, record_rejects_wrong_schema);
	tcase_add_test(tc, record_rejects_missing_fields);
	tcase_add_test(tc, record_rejects_bad_values);
	tcase_add_test(tc, record_rejects_impossible_rows);
	tcase_add_test(tc, replay_share_outside_flagged);
	tcase_add_test(tc, record_parts_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(report_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
