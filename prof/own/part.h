/*
 * part.h - the own-primitive entries of a row: the wrapped functions
 * of a scheme's own symmetric code (docs/record-schema.md "own"), the
 * part's accessors (part.h) and its record members "own" and
 * "own_helpers_nested".
 */
#ifndef HP_OWN_PART_H
#define HP_OWN_PART_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h" /* HP_OWN_MAX, HP_FN_COUNT */
#include "record/part.h"

struct hp_result;

/* One own-primitive entry of the row: a wrapped function of
 * the scheme's own symmetric code (hp_wrap.h's struct hp_own_count). */
struct hp_result_own {
	char function[128];
	char primitive[64]; /* "Keccak-f[1600]", ... (builder/survey/primitives.c) */
	uint64_t calls; /* outermost calls, timed */
	uint64_t nested; /* calls inside another wrapped call (helper or own), not timed */
	uint64_t in_helper; /* ...of which inside an ICCS helper */
	uint64_t ticks; /* ticks inside the outermost calls */
};

struct hp_own_part {
	struct hp_part hdr; /* HP_PART_OWN */
	/* Its wrapped own entries, in slot order (the survey's wrapped entry=
	 * lines), and the helper calls made while one of them ran outermost
	 * (their time is the own entry's, not the helper's). */
	size_t nown;
	struct hp_result_own own[HP_OWN_MAX];
	uint64_t nested_in_own[HP_FN_COUNT];
};

/* r's own entries to read: a zeroed part (no entry) when r has none. */
const struct hp_own_part *hp_own_c(const struct hp_result *r);

/* r's own entries to write, the part made (zeroed) on first use; NULL
 * when out of memory. */
struct hp_own_part *hp_own_get(struct hp_result *r);

/* The hooks of the own part (part.h): its record members "own" and
 * "own_helpers_nested". */
extern const struct hp_part_ops hp_own_part_ops;

/* The own entries' totals: outermost calls and ticks inside them. */
void hp_result_own_totals(const struct hp_result *r, uint64_t *calls, uint64_t *ticks);

/* The wrapped own entries of an instance's survey lines (its entry= lines
 * marked "wrapped", in order) into the names of r's own part (made when
 * there is one).  0, or -1 when out of memory. */
int hp_result_own_from_survey(struct hp_result *r, const char *survey_detail);

#endif
