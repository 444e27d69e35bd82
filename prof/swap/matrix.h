/*
 * matrix.h - instances x candidates (docs/candidates.md
 * "Matrix"): for --hash rows with more than one candidate, one table
 * whose lines are the (instance, operation) rows and whose columns are
 * the placeholder and each candidate, a cell the time per operation and
 * its ratio to the placeholder's: measured where the row has the
 * candidate's arm, else projected (marked "~"); with a second table of the
 * projection's errors where both exist.  Text, markdown, CSV, a JSON
 * object, and the data of the heat map (drivers/cmds/plot.c).  Reporting
 * only.
 */
#ifndef HP_SWAP_MATRIX_H
#define HP_SWAP_MATRIX_H

#include <jansson.h>
#include <stdio.h>

#include "report/report.h"
#include "record/result.h"

enum hp_cell_state {
	HP_CELL_NONE = 0, /* no arm of this candidate in the row */
	HP_CELL_MEASURED, /* its arm measured (a projection may be beside it) */
	HP_CELL_PROJECTED, /* projected only */
	HP_CELL_FAILED, /* its arm failed (or the row did) */
	HP_CELL_UNPROJECTED, /* a projected-only arm with no projection (its note says why) */
};

struct hp_cell {
	enum hp_cell_state state;
	double ticks; /* per operation: measured, or projected (HP_CELL_PROJECTED) */
	double ratio; /* ticks / the placeholder's */
	int have_projection; /* a measured cell with a projection beside it */
	double projected_ticks, error; /* that projection, and projected / measured - 1 */
	const char *why; /* HP_CELL_FAILED: the failure; HP_CELL_UNPROJECTED: the note */
	int too_little; /* the helpers swapped take under 1% of the row (hp_swap_too_little):
			 * no ratio or error printed, the figures kept in CSV and JSON */
};

struct hp_matrix {
	size_t nrows, ncols; /* ncols candidates, the placeholder aside */
	const char **names; /* ncols candidate names, in first-seen order */
	const struct hp_result **rows; /* nrows rows */
	double *base; /* nrows: the placeholder's ticks per operation (0: failed) */
	struct hp_cell *cells; /* nrows x ncols, row-major */
};

/* The distinct candidates of the rows' arms. */
size_t hp_matrix_candidates(const struct hp_result *rows, size_t nrows);

/* Build m from the rows (times corrected unless raw).  0, or -1 when out
 * of memory.  Free with hp_matrix_free. */
int hp_matrix_build(struct hp_matrix *m, const struct hp_result *rows, size_t nrows, int raw);
void hp_matrix_free(struct hp_matrix *m);

/* The cell of row i, candidate j. */
const struct hp_cell *hp_matrix_cell(const struct hp_matrix *m, size_t i, size_t j);

/* Print the matrix (and its error table, failures and notes below) in
 * text, md or csv. */
void hp_matrix_print(FILE *out, enum hp_format fmt, const struct hp_matrix *m);

/* The matrix as JSON: {"candidates": [...], "rows": [{"instance",
 * "operation", "placeholder_seconds", "cells": {NAME: {...}}}]}; NULL on
 * OOM. */
json_t *hp_matrix_json(const struct hp_matrix *m);

#endif
