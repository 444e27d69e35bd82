/*
 * report.c - table rendering (see report.h).
 */
#include "report.h"

#include <string.h>

#include "format.h"
#include "record.h"

int hp_format_parse(const char *name, enum hp_format *fmt)
{
	static const char *const names[] = { "text", "md", "csv", "json" };

	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i])) {
			*fmt = (enum hp_format)i;
			return 0;
		}
	return -1;
}

/* The cells of one row, as the published tables print them. */
struct hp_cells {
	char hash[16], drng[16], calls[512], ticks[32], time[32];
};

static void hp_row_cells(const struct hp_result *r, struct hp_cells *c)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	double per_op = r->operations ? (double)r->total_ticks / (double)r->operations : 0;

	hp_result_fn_totals(r, calls, nested, ticks);
	hp_format_share((double)hp_result_hash_ticks(r), (double)r->total_ticks, c->hash, sizeof c->hash);
	hp_format_share((double)hp_result_drng_ticks(r), (double)r->total_ticks, c->drng, sizeof c->drng);
	hp_format_call_list(calls, r->operations, 0, c->calls, sizeof c->calls);
	if (!c->calls[0])
		snprintf(c->calls, sizeof c->calls, "none seen");
	snprintf(c->ticks, sizeof c->ticks, "%.3g", per_op);
	if (r->tick_hz > 0)
		hp_format_seconds(per_op / r->tick_hz, c->time, sizeof c->time);
	else
		snprintf(c->time, sizeof c->time, "-");
}

size_t hp_report_notes(const struct hp_result *r, char notes[HP_NOTES_MAX][HP_NOTE_MAX])
{
	size_t n = 0;
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], all_nested = 0;

	if (r->status != HP_STATUS_OK)
		return 0;
	hp_result_fn_totals(r, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		all_nested += nested[fn];
	if (!r->wrapped[0])
		snprintf(notes[n++], HP_NOTE_MAX,
			 "the instance defines none of the ICCS helpers, so none is wrapped: "
			 "its 0.0%% shares mean \"not measured\", not \"free\"");
	else if (hp_result_all_calls(r) == 0)
		snprintf(notes[n++], HP_NOTE_MAX,
			 "no helper call was seen (wrapped: %s): the shares are 0.0%% because nothing "
			 "was measured; calls made inside the helper's own object file are invisible to --wrap",
			 r->wrapped);
	if (all_nested) {
		char list[256];
		hp_format_call_list(nested, r->operations, 1, list, sizeof list);
		snprintf(notes[n++], HP_NOTE_MAX,
			 "nested calls per operation: %s (made inside another helper call: "
			 "executed and counted, their time is inside the outer call's)", list);
	}
	if (r->overflow_calls)
		snprintf(notes[n++], HP_NOTE_MAX,
			 "%llu calls had a shape that did not fit the shape table; their ticks are in no share",
			 (unsigned long long)r->overflow_calls);
	return n;
}

/* Column widths of the text table. */
enum { HP_COLS = 7 };
static const char *const hp_headers[HP_COLS] = {
	"instance", "operation", "pseudohash/XOF/sm3", "DRNG", "calls per operation", "ticks/op", "time/op",
};

static void hp_cells_array(const struct hp_result *r, const struct hp_cells *c, const char *cell[HP_COLS])
{
	cell[0] = r->instance;
	cell[1] = r->operation;
	cell[2] = c->hash;
	cell[3] = c->drng;
	cell[4] = c->calls;
	cell[5] = c->ticks;
	cell[6] = c->time;
}

static void hp_print_notes(FILE *out, const struct hp_result *rows, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++) {
		char notes[HP_NOTES_MAX][HP_NOTE_MAX];
		size_t n = hp_report_notes(&rows[i], notes);
		for (size_t k = 0; k < n; k++)
			fprintf(out, "note: %s %s: %s\n", rows[i].instance, rows[i].operation, notes[k]);
	}
}

static void hp_print_text(FILE *out, const struct hp_result *rows, size_t nrows)
{
	size_t w[HP_COLS];
	struct hp_cells c;
	const char *cell[HP_COLS];

	for (int k = 0; k < HP_COLS; k++)
		w[k] = strlen(hp_headers[k]);
	for (size_t i = 0; i < nrows; i++) {
		hp_row_cells(&rows[i], &c);
		hp_cells_array(&rows[i], &c, cell);
		for (int k = 0; k < (rows[i].status == HP_STATUS_OK ? HP_COLS : 2); k++)
			if (strlen(cell[k]) > w[k])
				w[k] = strlen(cell[k]);
	}
	for (int k = 0; k < HP_COLS; k++)
		fprintf(out, "%-*s%s", (int)w[k], hp_headers[k], k + 1 < HP_COLS ? "  " : "\n");
	for (size_t i = 0; i < nrows; i++) {
		hp_row_cells(&rows[i], &c);
		hp_cells_array(&rows[i], &c, cell);
		if (rows[i].status != HP_STATUS_OK) {
			fprintf(out, "%-*s  %-*s  %s: %s\n", (int)w[0], cell[0], (int)w[1], cell[1],
				rows[i].operation, rows[i].failure);
			continue;
		}
		for (int k = 0; k < HP_COLS; k++)
			fprintf(out, k >= 5 ? "%*s%s" : "%-*s%s", (int)w[k], cell[k], k + 1 < HP_COLS ? "  " : "\n");
	}
	hp_print_notes(out, rows, nrows);
}

/* The published markdown table (method.md). */
static void hp_print_md(FILE *out, const struct hp_result *rows, size_t nrows)
{
	struct hp_cells c;

	fprintf(out, "| instance | operation | pseudohash/XOF/sm3 | DRNG | calls per operation |\n");
	fprintf(out, "|---|---|---|---|---|\n");
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		hp_row_cells(r, &c);
		if (r->status != HP_STATUS_OK)
			fprintf(out, "| `%s` | %s | - | - | %s: %s |\n", r->instance, r->operation,
				r->operation, r->failure);
		else
			fprintf(out, "| `%s` | %s | %s | %s | %s |\n", r->instance, r->operation,
				c.hash, c.drng, c.calls);
	}
}

/* CSV: one line per row; shares as fractions for machines, RFC 4180 quoting. */
static void hp_csv_field(FILE *out, const char *s, const char *sep)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fprintf(out, "\"%s", sep);
}

static void hp_print_csv(FILE *out, const struct hp_result *rows, size_t nrows)
{
	struct hp_cells c;

	fprintf(out, "instance,operation,status,hash_share,drng_share,calls_per_operation,"
		     "ticks_per_operation,seconds_per_operation,operations,failure\n");
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		double t = (double)r->total_ticks;
		double per_op = r->operations ? t / (double)r->operations : 0;
		hp_row_cells(r, &c);
		hp_csv_field(out, r->instance, ",");
		fprintf(out, "%s,%s,%.6f,%.6f,", r->operation, r->status == HP_STATUS_OK ? "ok" : "failed",
			t > 0 ? (double)hp_result_hash_ticks(r) / t : 0.0,
			t > 0 ? (double)hp_result_drng_ticks(r) / t : 0.0);
		hp_csv_field(out, r->status == HP_STATUS_OK ? c.calls : "", ",");
		fprintf(out, "%.6g,%.6g,%llu,", per_op, r->tick_hz > 0 ? per_op / r->tick_hz : 0.0,
			(unsigned long long)r->operations);
		hp_csv_field(out, r->failure, "\n");
	}
}

static json_t *hp_notes_json(const struct hp_result *r)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];
	size_t n = hp_report_notes(r, notes);
	json_t *a = json_array();

	for (size_t k = 0; k < n; k++)
		json_array_append_new(a, json_string(notes[k]));
	return a;
}

static int hp_print_json(FILE *out, const struct hp_result *rows, size_t nrows, json_t *meta)
{
	json_t *doc = json_object(), *arr = json_array();
	int rc;

	if (meta)
		json_object_set(doc, "run", meta);
	for (size_t i = 0; i < nrows; i++) {
		json_t *rec = hp_record_from_result(&rows[i]);
		json_object_set_new(rec, "notes", hp_notes_json(&rows[i]));
		json_array_append_new(arr, rec);
	}
	json_object_set_new(doc, "rows", arr);
	rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(doc);
	return rc;
}

int hp_report_print(FILE *out, enum hp_format fmt, const struct hp_result *rows,
		    size_t nrows, json_t *meta)
{
	switch (fmt) {
	case HP_FORMAT_TEXT: hp_print_text(out, rows, nrows); break;
	case HP_FORMAT_MD: hp_print_md(out, rows, nrows); break;
	case HP_FORMAT_CSV: hp_print_csv(out, rows, nrows); break;
	case HP_FORMAT_JSON:
		if (hp_print_json(out, rows, nrows, meta) != 0)
			return -1;
		break;
	}
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
