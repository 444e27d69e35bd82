/*
 * part.c - the candidates' arms of a --hash row (part.h): the
 * part's accessors, its arms, and its record member "candidates", each
 * arm's measurement a whole record (docs/record-schema.md).
 */
#include "part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "projection.h"
#include "record/record.h"
#include "record/fields.h"
#include "record/result.h"
#include "report.h"

static const struct hp_arms_part hp_arms_none; /* what a row without the part reads */

const struct hp_arms_part *hp_arms_c(const struct hp_result *r)
{
	return (const struct hp_arms_part *)hp_part_c(r, HP_PART_ARMS, &hp_arms_none.hdr);
}

struct hp_arms_part *hp_arms_get(struct hp_result *r)
{
	return (struct hp_arms_part *)hp_part_get(r, HP_PART_ARMS, sizeof(struct hp_arms_part), &hp_arms_part_ops);
}

void hp_arms_adopt(struct hp_result *to, const struct hp_result *from)
{
	to->part[HP_PART_ARMS] = from->part[HP_PART_ARMS];
}

static void hp_arms_free(struct hp_part *part)
{
	struct hp_arms_part *p = (struct hp_arms_part *)part;

	for (size_t i = 0; i < p->narms; i++) {
		if (p->arms[i].r)
			hp_result_free(p->arms[i].r);
		free(p->arms[i].r);
	}
	free(p->arms);
	free(p);
}

int hp_result_add_arm(struct hp_result *r, const char *name, unsigned helpers, struct hp_result **arm)
{
	struct hp_arms_part *p = hp_arms_get(r);
	struct hp_result_arm *grown = p ? realloc(p->arms, (p->narms + 1) * sizeof *grown) : NULL;
	struct hp_result *row = arm && grown ? malloc(sizeof *row) : NULL;

	if (!grown || (arm && !row)) {
		if (grown)
			p->arms = grown;
		free(row);
		return -1;
	}
	p->arms = grown;
	memset(&grown[p->narms], 0, sizeof grown[p->narms]);
	snprintf(grown[p->narms].name, sizeof grown[p->narms].name, "%s", name);
	grown[p->narms].helpers = helpers;
	if (arm) {
		hp_result_init(row);
		grown[p->narms].r = row;
		*arm = row;
	}
	p->narms++;
	return 0;
}

int hp_result_arm_failed(const struct hp_result *r)
{
	const struct hp_arms_part *p = hp_arms_c(r);

	for (size_t i = 0; i < p->narms; i++)
		if (p->arms[i].r && p->arms[i].r->status != HP_STATUS_OK)
			return 1;
	return 0;
}

/* The computed flags of a measured arm of row r into e (never read
 * back): nothing_swapped and too_little_swapped (report.h), and with 2 trials or more
 * ratio_spread (percent, hp_swap_ratio_spread) and ratio_noisy (above
 * the report's noise threshold).  0, or -1 when out of memory. */
static int hp_arm_flags_json(json_t *e, const struct hp_result *r, const struct hp_result_arm *arm)
{
	double spread = 0;

	if (!arm->r || arm->r->status != HP_STATUS_OK)
		return 0;
	if (json_object_set_new(e, "nothing_swapped", json_boolean(hp_swap_nothing_swapped(arm))) != 0 ||
	    json_object_set_new(e, "too_little_swapped",
				json_boolean(hp_swap_too_little(r, arm, hp_report_raw(), NULL))) != 0)
		return -1;
	if (hp_swap_ratio_spread(r, arm, hp_report_raw(), &spread) < 2)
		return 0;
	if (json_object_set_new(e, "ratio_spread", json_real(spread)) != 0)
		return -1;
	return json_object_set_new(e, "ratio_noisy", json_boolean(spread > hp_report_noise_pp())) != 0 ? -1 : 0;
}

/* [{"name", "helpers", "record", projection, flags}, ...]: the
 * candidates' arms (--hash); "record" and the flags (hp_arm_flags_json)
 * only for a measured arm; the projection (computed, never read back)
 * when the arm has one.  NULL when one cannot be written. */
static json_t *hp_arms_json(const struct hp_result *r)
{
	const struct hp_arms_part *p = hp_arms_c(r);
	json_t *a = json_array();

	for (size_t i = 0; a && i < p->narms; i++) {
		const struct hp_result_arm *arm = &p->arms[i];
		json_t *rec = arm->r ? hp_record_from_result(arm->r) : NULL, *helpers = json_array(), *e;
		for (unsigned fn = 0; helpers && fn < HP_FN_COUNT; fn++)
			if (arm->helpers & HP_TAPE_BIT(fn))
				json_array_append_new(helpers, json_string(hp_fn_name(fn)));
		e = helpers ? json_pack("{s:s, s:o}", "name", arm->name, "helpers", helpers) : NULL;
		if (!e || (arm->r && (!rec || json_object_set_new(e, "record", rec) != 0)) ||
		    (arm->projected &&
		     json_object_set_new(e, "projected_ticks_per_operation", json_real(arm->projected_ticks)) != 0) ||
		    (arm->projected &&
		     json_object_set_new(e, "projection_below_zero",
					 json_boolean(hp_projection_below_zero(arm->projected_ticks))) != 0) ||
		    (arm->projection_note[0] &&
		     json_object_set_new(e, "projection_note", json_string(arm->projection_note)) != 0) ||
		    hp_arm_flags_json(e, r, arm) != 0 || json_array_append_new(a, e) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* "candidates" into row when r has arms; the record cannot be written
 * without it when an arm cannot be (-1). */
static int hp_arms_write(const struct hp_result *r, json_t *row)
{
	json_t *a;

	if (!hp_arms_c(r)->narms)
		return 0;
	if (!(a = hp_arms_json(r)) || json_object_set_new(row, "candidates", a) != 0)
		return -1;
	return 0;
}

/*
 * "candidates" (--hash) into r's arms part: each element's name (an instance
 * name), helpers (names of the helpers a candidate stands in for) and
 * record, itself a record (checked and read as one, without candidates
 * of its own) of the same instance and operation.
 */
static int hp_arms_read(const json_t *a, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	size_t i;
	json_t *e;

	(void)rec;
	if (!a)
		return 0;
	if (!json_is_array(a)) {
		snprintf(err, errlen, "field 'candidates': expected an array");
		return -1;
	}
	json_array_foreach(a, i, e)
	{
		const char *name = json_string_value(json_object_get(e, "name"));
		const json_t *helpers = json_object_get(e, "helpers"), *arec = json_object_get(e, "record"), *h;
		unsigned mask = 0;
		struct hp_result *row;
		char sub[512];
		size_t k;

		if (!json_is_object(e) || !name || !hp_name_valid(name)) {
			snprintf(err, errlen, "field 'candidates[%zu].name': expected a candidate name", i);
			return -1;
		}
		if (!json_is_array(helpers)) {
			snprintf(err, errlen, "field 'candidates[%zu].helpers': expected an array of helper names", i);
			return -1;
		}
		json_array_foreach(helpers, k, h)
		{
			int fn = json_is_string(h) ? hp_ft_fn_from_name(json_string_value(h)) : -1;
			if (fn != HP_FN_XOF && fn != HP_FN_PSEUDOHASH && fn != HP_FN_SM3) {
				snprintf(err, errlen,
					 "field 'candidates[%zu].helpers[%zu]': not pseudohash, pseudoXOF or sm3hash",
					 i, k);
				return -1;
			}
			mask |= HP_TAPE_BIT(fn);
		}
		if (!arec)
			continue; /* projected only: the projection is recomputed, not read */
		if (json_object_get(arec, "candidates")) {
			snprintf(err, errlen, "field 'candidates[%zu].record.candidates': an arm has no arms", i);
			return -1;
		}
		if (hp_result_add_arm(r, name, mask, &row) != 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (hp_record_check(arec, sub, sizeof sub) != 0 ||
		    hp_record_to_result(arec, row, sub, sizeof sub) != 0) {
			snprintf(err, errlen, "field 'candidates[%zu].record': %s", i, sub);
			return -1;
		}
		if (strcmp(row->instance, r->instance) || strcmp(row->operation, r->operation)) {
			snprintf(err, errlen, "field 'candidates[%zu].record': %s %s, not the row's %s %s", i,
				 row->instance, row->operation, r->instance, r->operation);
			return -1;
		}
	}
	return 0;
}

const struct hp_part_ops hp_arms_part_ops = {
	.key = "candidates",
	.free = hp_arms_free,
	.write = hp_arms_write,
	.read = hp_arms_read,
	.consistent = NULL,
};
