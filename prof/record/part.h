/*
 * part.h - a feature's part of a row (struct hp_result): what the core
 * row holds of it, and the hooks through which the core frees, writes and
 * reads it without knowing what is inside.
 *
 * A part struct (struct hp_replay_part, ...) is defined in its feature's
 * files and starts with a struct hp_part.  The row holds part[id]: NULL
 * when the feature was not asked for.  Every part has the same shape of
 * accessors (replay/part.h is the model):
 *   hp_X_c(r)   the part to read: a static zeroed one when r has none
 *               (reads never crash, and a zero part reads "not asked");
 *   hp_X_get(r) the part to write: made (zeroed) on first use; NULL when
 *               out of memory (the caller fails the row).
 * The registry (parts.c, the only file that names every feature) gives
 * the record the parts' JSON members in their order.
 */
#ifndef HP_PART_H
#define HP_PART_H

#include <stddef.h>

#include <jansson.h>

struct hp_result;
struct hp_part;

/* The part ids: their order is the order of their members in a record
 * (docs/record-schema.md), after "survey". */
enum hp_part_id {
	HP_PART_OWN,
	HP_PART_ARMS,
	HP_PART_REPLAY,
	HP_PART_PER_OP,
	HP_PART_SITES,
	HP_PART_COUNT,
};

struct hp_part_ops {
	const char *key; /* the record's member the part writes and reads ("replay") */
	/* release what part p owns, then p itself */
	void (*free)(struct hp_part *p);
	/* r's member(s) into the record row (nothing when r has no part, or
	 * a droppable part cannot be written): 0, or -1 when the record
	 * cannot be written (out of memory, a string that is not UTF-8) */
	int (*write)(const struct hp_result *r, json_t *row);
	/* the member v (NULL when absent) of record rec into r: 0, or -1
	 * with a one-line "field 'KEY...': ..." in err */
	int (*read)(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
	/* after the whole record is read: what the part must agree with in
	 * the rest of the row; NULL: nothing.  0, or -1 with err */
	int (*consistent)(const struct hp_result *r, char *err, size_t errlen);
};

/* The header every part struct starts with. */
struct hp_part {
	enum hp_part_id id;
	const struct hp_part_ops *ops;
};

/* r's part id, made (size bytes, zeroed, its header set) on first use;
 * NULL when out of memory.  For the part's own hp_X_get. */
struct hp_part *hp_part_get(struct hp_result *r, enum hp_part_id id, size_t size, const struct hp_part_ops *ops);

/* r's part id, or zero (a zeroed part of that type) when r has none.
 * For the part's own hp_X_c. */
const struct hp_part *hp_part_c(const struct hp_result *r, enum hp_part_id id, const struct hp_part *zero);

/* Release every part of r (through its ops) and set the slots NULL. */
void hp_parts_free(struct hp_result *r);

/* The registry (parts.c).  Every feature's members into the record row,
 * in the registry's order: 0, or -1 when one cannot be written. */
int hp_parts_write(const struct hp_result *r, json_t *row);

/* Every feature's member of record rec into r: 0, or -1 with err. */
int hp_parts_read(const json_t *rec, struct hp_result *r, char *err, size_t errlen);

/* Every part's check against the rest of the row (read): 0, or -1 with err. */
int hp_parts_consistent(const struct hp_result *r, char *err, size_t errlen);

#endif
