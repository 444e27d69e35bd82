/*
 * record_order.c - the order of the rows of a folder of records (see
 * record_order.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ops/ops.h"
#include "record_order.h"

/* Position of op in its kind's table order (keygen, sign, verify, ...);
 * an operation of no known kind after them all. */
static int hp_op_rank(const struct hp_result *r)
{
	const struct hp_kind_ops *k = hp_kind_ops_of(r->kind);
	int i = 0;

	for (const char *const *o = k ? k->operations : NULL; o && *o; o++, i++)
		if (!strcmp(*o, r->operation))
			return i;
	return 1000;
}

/* By instance, then operation in table order, then file name. */
static int hp_row_cmp(const void *a, const void *b)
{
	const struct hp_loaded_row *x = a, *y = b;
	int c = strcmp(x->r.instance, y->r.instance);

	if (c)
		return c;
	if (hp_op_rank(&x->r) != hp_op_rank(&y->r))
		return hp_op_rank(&x->r) < hp_op_rank(&y->r) ? -1 : 1;
	return strcmp(x->file, y->file);
}

void hp_record_rows_order(struct hp_record_set *set, size_t start)
{
	if (set->n > start)
		qsort(set->rows + start, set->n - start, sizeof set->rows[0], hp_row_cmp);
}
