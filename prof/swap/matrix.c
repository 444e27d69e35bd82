/*
 * matrix.c - instances x candidates (see matrix.h).
 */
#include "matrix.h"

#include <stdlib.h>
#include <string.h>

#include "format/format.h"
#include "projection.h"
#include "report.h"
#include "format/table_layout.h"
#include "part.h"

/* The index of name in names[0..n), or n. */
static size_t hp_name_index(const char **names, size_t n, const char *name)
{
	size_t i = 0;

	while (i < n && strcmp(names[i], name))
		i++;
	return i;
}

/* The distinct names into names (first-seen order); how many. */
static size_t hp_matrix_names(const struct hp_result *rows, size_t nrows, const char **names)
{
	size_t n = 0;

	for (size_t i = 0; i < nrows; i++)
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			if (hp_name_index(names, n, hp_arms_c(&rows[i])->arms[k].name) == n)
				names[n++] = hp_arms_c(&rows[i])->arms[k].name;
	return n;
}

size_t hp_matrix_candidates(const struct hp_result *rows, size_t nrows)
{
	size_t total = 0, n;
	const char **names;

	for (size_t i = 0; i < nrows; i++)
		total += hp_arms_c(&rows[i])->narms;
	if (!(names = malloc((total ? total : 1) * sizeof *names)))
		return total;
	n = hp_matrix_names(rows, nrows, names);
	free(names);
	return n;
}

const struct hp_cell *hp_matrix_cell(const struct hp_matrix *m, size_t i, size_t j)
{
	return &m->cells[i * m->ncols + j];
}

/* The cell of arm a of row r, whose placeholder takes base ticks. */
static void hp_matrix_fill(struct hp_cell *c, const struct hp_result *r, const struct hp_result_arm *a, double base,
			   int raw)
{
	memset(c, 0, sizeof *c);
	if (r->status != HP_STATUS_OK) {
		c->state = HP_CELL_FAILED;
		c->why = r->failure;
	} else if (a->r && a->r->status != HP_STATUS_OK) {
		c->state = HP_CELL_FAILED;
		c->why = a->r->failure;
	} else if (a->r) {
		c->state = HP_CELL_MEASURED;
		/* the placeholder's time times the paired ratio (report.h) */
		c->ticks = base > 0 && hp_swap_ratio(r, a, raw, &c->ratio) == 0 ? base * c->ratio
										: hp_swap_ticks_per_op(a->r, raw);
		if (a->projected && c->ticks > 0) {
			c->have_projection = 1;
			c->projected_ticks = a->projected_ticks;
			c->error = a->projected_ticks / c->ticks - 1;
		}
	} else if (a->projected) {
		c->state = HP_CELL_PROJECTED;
		c->ticks = a->projected_ticks;
	} else {
		c->state = HP_CELL_UNPROJECTED;
		c->why = a->projection_note[0] ? a->projection_note : "not projected";
	}
	if ((c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED) && base > 0)
		c->ratio = c->ticks / base;
	c->too_little =
		(c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED) && hp_swap_too_little(r, a, raw, NULL);
}

int hp_matrix_build(struct hp_matrix *m, const struct hp_result *rows, size_t nrows, int raw)
{
	size_t total = 0;

	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < nrows; i++)
		total += hp_arms_c(&rows[i])->narms;
	m->names = malloc((total ? total : 1) * sizeof *m->names);
	m->rows = malloc((nrows ? nrows : 1) * sizeof *m->rows);
	m->base = calloc(nrows ? nrows : 1, sizeof *m->base);
	if (!m->names || !m->rows || !m->base)
		goto oom;
	m->ncols = hp_matrix_names(rows, nrows, m->names);
	m->nrows = nrows;
	total = nrows * m->ncols;
	if (!(m->cells = calloc(total > 0 ? total : 1, sizeof *m->cells)))
		goto oom;
	for (size_t i = 0; i < nrows; i++) {
		m->rows[i] = &rows[i];
		m->base[i] = hp_swap_ticks_per_op(&rows[i], raw);
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			hp_matrix_fill(&m->cells[i * m->ncols +
						 hp_name_index(m->names, m->ncols, hp_arms_c(&rows[i])->arms[k].name)],
				       &rows[i], &hp_arms_c(&rows[i])->arms[k], m->base[i], raw);
		for (size_t j = 0; rows[i].status != HP_STATUS_OK && j < m->ncols; j++)
			if (m->cells[i * m->ncols + j].state == HP_CELL_NONE) {
				m->cells[i * m->ncols + j].state = HP_CELL_FAILED;
				m->cells[i * m->ncols + j].why = rows[i].failure;
			}
	}
	return 0;
oom:
	hp_matrix_free(m);
	return -1;
}

void hp_matrix_free(struct hp_matrix *m)
{
	free(m->names);
	free(m->rows);
	free(m->base);
	free(m->cells);
	memset(m, 0, sizeof *m);
}

/* ---------- text and markdown ---------- */

/* Seconds of ticks on row i's clock into buf ("-" without a rate). */
static void hp_matrix_seconds(const struct hp_matrix *m, size_t i, double ticks, char *buf, size_t len)
{
	if (m->rows[i]->tick_hz > 0 && ticks > 0)
		hp_format_seconds(ticks / m->rows[i]->tick_hz, buf, len);
	else
		snprintf(buf, len, "-");
}

/* The text of cell (i, j): "44.1 us 0.620", "~44.1 us 0.615", "failed", "-". */
static void hp_matrix_cell_text(const struct hp_matrix *m, size_t i, size_t j, char *buf, size_t len)
{
	const struct hp_cell *c = hp_matrix_cell(m, i, j);
	char t[32];

	switch (c->state) {
	case HP_CELL_PROJECTED:
		if (hp_projection_below_zero(c->ticks)) { /* no time, no ratio: flagged */
			snprintf(buf, len, "~below 0");
			break;
		}
		/* fall through */
	case HP_CELL_MEASURED:
		hp_matrix_seconds(m, i, c->ticks, t, sizeof t);
		if (c->ratio > 0 && !c->too_little) /* no ratio from nothing (the footer's note) */
			snprintf(buf, len, "%s%s %.3f", c->state == HP_CELL_PROJECTED ? "~" : "", t, c->ratio);
		else
			snprintf(buf, len, "%s%s", c->state == HP_CELL_PROJECTED ? "~" : "", t);
		break;
	case HP_CELL_FAILED:
		snprintf(buf, len, "failed");
		break;
	case HP_CELL_UNPROJECTED:
		snprintf(buf, len, "?");
		break;
	default:
		snprintf(buf, len, "-");
	}
}

/* The placeholder's cell of row i. */
static void hp_matrix_base_text(const struct hp_matrix *m, size_t i, char *buf, size_t len)
{
	if (m->rows[i]->status != HP_STATUS_OK)
		snprintf(buf, len, "failed");
	else
		hp_matrix_seconds(m, i, m->base[i], buf, len);
}

/* One table of the matrix: cell(i, j) for j < ncols, the placeholder's
 * column first when with_base; text (aligned) or markdown. */
static void hp_matrix_table(FILE *out, const struct hp_matrix *m, int md, int with_base,
			    void (*cell)(const struct hp_matrix *, size_t, size_t, char *, size_t))
{
	size_t ncol = 2 + (with_base != 0) + m->ncols, *w = calloc(ncol, sizeof *w);
	char buf[128];

	if (!w)
		return;
	w[0] = hp_layout_width("instance");
	w[1] = hp_layout_width("operation");
	if (with_base)
		w[2] = hp_layout_width("placeholder");
	for (size_t j = 0; j < m->ncols; j++)
		w[ncol - m->ncols + j] = hp_layout_width(m->names[j]);
	for (size_t i = 0; i < m->nrows; i++) {
		hp_layout_widen(&w[0], m->rows[i]->instance);
		hp_layout_widen(&w[1], m->rows[i]->operation);
		if (with_base) {
			hp_matrix_base_text(m, i, buf, sizeof buf);
			hp_layout_widen(&w[2], buf);
		}
		for (size_t j = 0; j < m->ncols; j++) {
			cell(m, i, j, buf, sizeof buf);
			hp_layout_widen(&w[ncol - m->ncols + j], buf);
		}
	}
	/* the header */
	for (size_t k = 0; k < ncol; k++) {
		const char *h = k == 0                ? "instance"
				: k == 1              ? "operation"
				: with_base && k == 2 ? "placeholder"
						      : m->names[k - (ncol - m->ncols)];
		if (md)
			hp_layout_md_cell(out, k + 1 == ncol, "%s", h);
		else
			hp_layout_cell(out, h, w[k], 0, k + 1 == ncol);
	}
	if (md)
		hp_layout_md_rule(out, ncol);
	for (size_t i = 0; i < m->nrows; i++)
		for (size_t k = 0; k < ncol; k++) {
			if (k == 0)
				snprintf(buf, sizeof buf, md ? "`%s`" : "%s", m->rows[i]->instance);
			else if (k == 1)
				snprintf(buf, sizeof buf, "%s", m->rows[i]->operation);
			else if (with_base && k == 2)
				hp_matrix_base_text(m, i, buf, sizeof buf);
			else
				cell(m, i, k - (ncol - m->ncols), buf, sizeof buf);
			if (md)
				hp_layout_md_cell(out, k + 1 == ncol, "%s", buf);
			else /* names left, figures right */
				hp_layout_cell(out, buf, w[k], k >= 2, k + 1 == ncol);
		}
	free(w);
}

/* The projection cell of (i, j): "45.1 us +1.2%" (the projected time and
 * its error), or "-" without both figures. */
static void hp_matrix_error_text(const struct hp_matrix *m, size_t i, size_t j, char *buf, size_t len)
{
	const struct hp_cell *c = hp_matrix_cell(m, i, j);
	char t[32];

	if (c->have_projection && hp_projection_below_zero(c->projected_ticks) && m->rows[i]->tick_hz > 0) {
		hp_swap_projection_cell(c->projected_ticks, m->rows[i]->tick_hz, buf, len);
	} else if (c->have_projection) {
		hp_matrix_seconds(m, i, c->projected_ticks, t, sizeof t);
		if (c->too_little)
			snprintf(buf, len, "%s -", t);
		else
			snprintf(buf, len, "%s %+.1f%%", t, 100 * c->error);
	} else {
		snprintf(buf, len, "-");
	}
}

static int hp_matrix_any(const struct hp_matrix *m, int (*has)(const struct hp_cell *))
{
	for (size_t k = 0; k < m->nrows * m->ncols; k++)
		if (has(&m->cells[k]))
			return 1;
	return 0;
}

static int hp_has_error(const struct hp_cell *c)
{
	return c->have_projection;
}

static int hp_has_projected(const struct hp_cell *c)
{
	return c->state == HP_CELL_PROJECTED;
}

/* ---------- CSV ---------- */

static const char *const hp_state_names[] = {
	[HP_CELL_NONE] = "none",     [HP_CELL_MEASURED] = "measured",       [HP_CELL_PROJECTED] = "projected",
	[HP_CELL_FAILED] = "failed", [HP_CELL_UNPROJECTED] = "unprojected",
};

/* One line per row; per candidate: state, seconds, ratio, projected
 * seconds, projection error (empty when there is none). */
static void hp_matrix_csv(FILE *out, const struct hp_matrix *m)
{
	fputs("instance,operation,placeholder_seconds_per_operation", out);
	for (size_t j = 0; j < m->ncols; j++) {
		fputs(",", out);
		for (int f = 0; f < 5; f++) {
			static const char *const fields[] = { "state", "seconds_per_operation", "ratio",
							      "projected_seconds_per_operation", "projection_error" };
			char col[128];
			snprintf(col, sizeof col, "%s %s", m->names[j], fields[f]);
			hp_layout_csv_field(out, col, f < 4 ? "," : "");
		}
	}
	fputs("\n", out);
	for (size_t i = 0; i < m->nrows; i++) {
		double hz = m->rows[i]->tick_hz;
		hp_layout_csv_field(out, m->rows[i]->instance, ",");
		fprintf(out, "%s,", m->rows[i]->operation);
		if (m->base[i] > 0 && hz > 0)
			fprintf(out, "%.6g", m->base[i] / hz);
		for (size_t j = 0; j < m->ncols; j++) {
			const struct hp_cell *c = hp_matrix_cell(m, i, j);
			int has = (c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED) && hz > 0;
			fprintf(out, ",%s,", hp_state_names[c->state]);
			if (has)
				fprintf(out, "%.6g", c->ticks / hz);
			fputs(",", out);
			if (has && c->ratio > 0)
				fprintf(out, "%.6f", c->ratio);
			fputs(",", out);
			if (c->have_projection && hz > 0)
				fprintf(out, "%.6g", c->projected_ticks / hz);
			else if (c->state == HP_CELL_PROJECTED && hz > 0)
				fprintf(out, "%.6g", c->ticks / hz);
			fputs(",", out);
			if (c->have_projection)
				fprintf(out, "%.6f", c->error);
		}
		fputs("\n", out);
	}
}

void hp_matrix_print(FILE *out, enum hp_format fmt, const struct hp_matrix *m)
{
	int md = fmt == HP_FORMAT_MD;
	const char *p = md ? "\n" : "";

	if (fmt == HP_FORMAT_CSV) {
		hp_matrix_csv(out, m);
		return;
	}
	hp_matrix_table(out, m, md, 1, hp_matrix_cell_text);
	fprintf(out, "%scells: time per operation and its ratio to the placeholder's (below 1: faster)%s\n", p,
		hp_matrix_any(m, hp_has_projected) ? "; ~: projected from the placeholder's calls (not measured)" : "");
	if (hp_matrix_any(m, hp_has_error)) {
		fprintf(out, "%sprojected from the placeholder's calls, and the error (projected / measured - 1):\n%s",
			p, p);
		hp_matrix_table(out, m, md, 0, hp_matrix_error_text);
	}
	/* the failures, each once: a candidate's, then a whole row's */
	for (size_t i = 0; i < m->nrows; i++)
		for (size_t j = 0; j < m->ncols; j++) {
			const struct hp_cell *c = hp_matrix_cell(m, i, j);
			if (c->state != HP_CELL_FAILED || m->rows[i]->status != HP_STATUS_OK)
				continue;
			fprintf(out, "%sfailed: %s %s %s: %s\n", p, m->rows[i]->instance, m->rows[i]->operation,
				m->names[j], c->why);
			p = "";
		}
	for (size_t i = 0; i < m->nrows; i++)
		if (m->rows[i]->status != HP_STATUS_OK) {
			fprintf(out, "%sfailed: %s %s: %s\n", p, m->rows[i]->instance, m->rows[i]->operation,
				m->rows[i]->failure);
			p = "";
		}
}

/* ---------- JSON ---------- */

json_t *hp_matrix_json(const struct hp_matrix *m)
{
	json_t *names = json_array(), *rows = json_array();

	for (size_t j = 0; names && j < m->ncols; j++)
		json_array_append_new(names, json_string(m->names[j]));
	for (size_t i = 0; rows && i < m->nrows; i++) {
		double hz = m->rows[i]->tick_hz;
		json_t *cells = json_object(), *row;
		for (size_t j = 0; cells && j < m->ncols; j++) {
			const struct hp_cell *c = hp_matrix_cell(m, i, j);
			json_t *o = json_pack("{s:s}", "state", hp_state_names[c->state]);
			if ((c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED) && hz > 0) {
				json_object_set_new(o, "seconds_per_operation", json_real(c->ticks / hz));
				if (c->ratio > 0)
					json_object_set_new(o, "ratio", json_real(c->ratio));
			}
			if (c->have_projection && hz > 0) {
				json_object_set_new(o, "projected_seconds_per_operation",
						    json_real(c->projected_ticks / hz));
				json_object_set_new(o, "projection_error", json_real(c->error));
			}
			if (c->have_projection || c->state == HP_CELL_PROJECTED)
				json_object_set_new(o, "projection_below_zero",
						    json_boolean(hp_projection_below_zero(
							    c->have_projection ? c->projected_ticks : c->ticks)));
			if (c->state == HP_CELL_MEASURED || c->state == HP_CELL_PROJECTED)
				json_object_set_new(o, "too_little_swapped", json_boolean(c->too_little));
			if (c->why)
				json_object_set_new(o, "why", json_string(c->why));
			json_object_set_new(cells, m->names[j], o);
		}
		row = json_pack("{s:s, s:s, s:o}", "instance", m->rows[i]->instance, "operation", m->rows[i]->operation,
				"cells", cells);
		if (m->base[i] > 0 && hz > 0)
			json_object_set_new(row, "placeholder_seconds_per_operation", json_real(m->base[i] / hz));
		json_array_append_new(rows, row);
	}
	return json_pack("{s:o, s:o}", "candidates", names, "rows", rows);
}
