/*
 * part.h - the candidates' arms of a --hash row (docs/candidates.md):
 * the arms part of a row, its accessors (part.h) and its record member
 * "candidates".
 */
#ifndef HP_ARMS_PART_H
#define HP_ARMS_PART_H

#include <stddef.h>

#include "ngcc/ngcc.h" /* HP_NAME_MAX */
#include "record/part.h"

struct hp_result;

/*
 * One candidate's arm of a --hash row (docs/candidates.md): the
 * operation measured with the candidate computing the helpers it stands
 * in for, in the same process as the row, interleaved with it.  The row
 * itself is the placeholder's arm.
 */
struct hp_result_arm {
	char name[HP_NAME_MAX + 1]; /* the candidate ("SHAKE256", a module's name) */
	unsigned helpers; /* HP_TAPE_BIT()s of the helpers it stood in for (0: the placeholder, A/A) */
	struct hp_result *r; /* its measurement: own status and failure, totals, call table, trials;
				* owned (freed with the row's part) */
	/* The projection of the candidate's time from the row's call table and
	 * the per-shape costs (prof/swap/projection.h), set by whoever has the
	 * costs (`hashprof --hash`, `hashprof report --hash`); not stored in
	 * records. */
	int projected; /* 1: projected_ticks holds it */
	double projected_ticks; /* per operation, in the row's ticks */
	char projection_note[640]; /* why there is none, when projected is 0 ("" : not asked) */
};

struct hp_arms_part {
	struct hp_part hdr; /* HP_PART_ARMS */
	/* --hash: the candidates' arms beside this, the placeholder's (none without it) */
	size_t narms;
	struct hp_result_arm *arms; /* narms entries, owned */
};

/* r's arms to read: a zeroed part (no arm) when r has none. */
const struct hp_arms_part *hp_arms_c(const struct hp_result *r);

/* r's arms to write, the part made (zeroed) on first use; NULL when out
 * of memory. */
struct hp_arms_part *hp_arms_get(struct hp_result *r);

/* Give to the arms part of from (the same part, not a copy: to is a
 * shallow copy of from's row, or from is one of to's): used where rows
 * are shallow views of rows another owns (`report --hash`). */
void hp_arms_adopt(struct hp_result *to, const struct hp_result *from);

/* The hooks of the arms part (part.h): its record member "candidates". */
extern const struct hp_part_ops hp_arms_part_ops;

/* Append an arm for candidate `name`: with a new row (hp_result_init'ed)
 * into *arm to measure into; arm NULL: an arm to project only (its r
 * NULL).  Returns 0, or -1 when out of memory. */
int hp_result_add_arm(struct hp_result *r, const char *name, unsigned helpers, struct hp_result **arm);

/* Does a candidate's arm of r have status FAILED?  1 or 0. */
int hp_result_arm_failed(const struct hp_result *r);

#endif
