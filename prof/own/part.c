/*
 * part.c - the own-primitive entries of a row (part.h): the
 * part's accessors, its totals, its entries from the survey, and its
 * record members "own" and "own_helpers_nested".
 */
#include "part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/fields.h"
#include "record/result.h"

static const struct hp_own_part hp_own_none; /* what a row without the part reads */

const struct hp_own_part *hp_own_c(const struct hp_result *r)
{
	return (const struct hp_own_part *)hp_part_c(r, HP_PART_OWN, &hp_own_none.hdr);
}

struct hp_own_part *hp_own_get(struct hp_result *r)
{
	return (struct hp_own_part *)hp_part_get(r, HP_PART_OWN, sizeof(struct hp_own_part), &hp_own_part_ops);
}

static void hp_own_free(struct hp_part *p)
{
	free(p);
}

void hp_result_own_totals(const struct hp_result *r, uint64_t *calls, uint64_t *ticks)
{
	const struct hp_own_part *p = hp_own_c(r);

	*calls = *ticks = 0;
	for (size_t i = 0; i < p->nown; i++) {
		*calls += p->own[i].calls;
		*ticks += p->own[i].ticks;
	}
}

int hp_result_own_from_survey(struct hp_result *r, const char *detail)
{
	struct hp_own_part *part = hp_own_c(r)->nown ? hp_own_get(r) : NULL;

	if (part)
		part->nown = 0;
	for (const char *p = detail; *p && (!part || part->nown < HP_OWN_MAX);) {
		const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
		const char *t1, *t2, *t3;
		/* entry=FUNCTION<TAB>PRIMITIVE<TAB>OBJECT<TAB>wrapped */
		if (!strncmp(p, "entry=", 6) && (t1 = memchr(p, '\t', (size_t)(end - p))) &&
		    (t2 = memchr(t1 + 1, '\t', (size_t)(end - t1 - 1))) &&
		    (t3 = memchr(t2 + 1, '\t', (size_t)(end - t2 - 1))) && end - t3 - 1 == 7 &&
		    !memcmp(t3 + 1, "wrapped", 7)) {
			struct hp_result_own *o;
			if (!part && !(part = hp_own_get(r)))
				return -1;
			o = &part->own[part->nown++];
			memset(o, 0, sizeof *o);
			snprintf(o->function, sizeof o->function, "%.*s", (int)(t1 - p - 6), p + 6);
			snprintf(o->primitive, sizeof o->primitive, "%.*s", (int)(t2 - t1 - 1), t1 + 1);
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

#define HP_OWN_COUNT(f, m, unit)                                                                  \
	{                                                                                         \
		f, HP_F_COUNT, 0, offsetof(struct hp_result_own, m), 0, 0, unit, NULL, NULL, NULL \
	}

/* One element of own[] (struct hp_result_own). */
static const struct hp_field hp_own_fields[] = {
	{ "function", HP_F_STRING, 0, offsetof(struct hp_result_own, function), HP_SIZE(struct hp_result_own, function),
	  0, "the own entry function", NULL, NULL, NULL },
	{ "primitive", HP_F_STRING, 0, offsetof(struct hp_result_own, primitive),
	  HP_SIZE(struct hp_result_own, primitive), 0, "its primitive", NULL, NULL, NULL },
	HP_OWN_COUNT("calls", calls, "outermost calls"),
	HP_OWN_COUNT("nested", nested, "calls"),
	HP_OWN_COUNT("in_helper", in_helper, "calls"),
	HP_OWN_COUNT("ticks", ticks, "ticks"),
};

/* own[]: NULL (left out) for a row without own entries. */
static json_t *hp_own_json(const struct hp_own_part *p)
{
	json_t *a;

	if (!p->nown)
		return NULL;
	a = json_array();
	for (size_t i = 0; a && i < p->nown; i++)
		json_array_append_new(a, hp_ft_pack(hp_own_fields, HP_NFIELDS(hp_own_fields), &p->own[i], NULL, NULL));
	return a;
}

/* own_helpers_nested: NULL (left out) for a row without own entries. */
static json_t *hp_own_nested_json(const struct hp_own_part *p)
{
	return p->nown ? hp_ft_per_helper_json(p->nested_in_own) : NULL;
}

/* "own" and "own_helpers_nested" into row for a row with own entries;
 * each left out (the rest of the record written) when it cannot be. */
static int hp_own_write(const struct hp_result *r, json_t *row)
{
	const struct hp_own_part *p = hp_own_c(r);
	json_t *v;

	if ((v = hp_own_json(p)))
		json_object_set_new(row, "own", v);
	if ((v = hp_own_nested_json(p)))
		json_object_set_new(row, "own_helpers_nested", v);
	return 0;
}

/* own[] (records without it have no own entries), and
 * own_helpers_nested (ignored unless an object of counts). */
static int hp_own_read(const json_t *a, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	const json_t *nested = json_object_get(rec, "own_helpers_nested");
	struct hp_own_part *p;
	size_t i;
	json_t *e;
	json_error_t je;

	if (!a && !nested)
		return 0;
	if (!(p = hp_own_get(r))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	p->nown = 0;
	if (nested && hp_ft_type_ok(nested, HP_F_PER_HELPER))
		hp_ft_per_helper_from_json(nested, p->nested_in_own); /* as far as it goes, as any optional field */
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > HP_OWN_MAX) {
		snprintf(err, errlen, "field 'own': not an array of at most %u own entries", HP_OWN_MAX);
		return -1;
	}
	json_array_foreach(a, i, e)
	{
		if (hp_ft_unpack_element(e, hp_own_fields, HP_NFIELDS(hp_own_fields), &p->own[i], &je) != 0) {
			snprintf(err, errlen, "field 'own[%zu]': malformed", i);
			return -1;
		}
	}
	p->nown = json_array_size(a);
	return 0;
}

const struct hp_part_ops hp_own_part_ops = {
	.key = "own",
	.free = hp_own_free,
	.write = hp_own_write,
	.read = hp_own_read,
	.consistent = NULL,
};
