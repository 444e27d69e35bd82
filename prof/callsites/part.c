/*
 * part.c - the call sites of a row (part.h): the part's
 * accessors, its table, and its record member "call_sites"
 * (record.c writes and reads the object).
 */
#include "part.h"

#include <stdlib.h>
#include <string.h>

#include "insitu.h"
#include "record.h"
#include "record/result.h"

static const struct hp_result_sites hp_sites_none; /* what a row without the part reads */

const struct hp_result_sites *hp_sites_c(const struct hp_result *r)
{
	return (const struct hp_result_sites *)hp_part_c(r, HP_PART_SITES, &hp_sites_none.hdr);
}

struct hp_result_sites *hp_sites_get(struct hp_result *r)
{
	return (struct hp_result_sites *)hp_part_get(r, HP_PART_SITES, sizeof(struct hp_result_sites),
						     &hp_sites_part_ops);
}

/* Release t's sites and their frames (the rest of t stays). */
static void hp_sites_free_table(struct hp_result_sites *t)
{
	for (size_t i = 0; i < t->nsites; i++) {
		struct hp_result_site *s = &t->sites[i];
		for (size_t k = 0; k < s->nframes; k++) {
			free(s->frames[k].function);
			free(s->frames[k].where);
		}
		free(s->frames);
	}
	free(t->sites);
	t->sites = NULL;
	t->nsites = 0;
}

void hp_result_free_sites(struct hp_result *r)
{
	struct hp_result_sites *t = r->part[HP_PART_SITES] ? hp_sites_get(r) : NULL;

	if (!t)
		return;
	hp_sites_free_table(t);
}

struct hp_result_site *hp_result_add_site(struct hp_result *r, const struct hp_result_site *s,
					  const struct hp_site_frame *frames, size_t n)
{
	struct hp_result_sites *t = hp_sites_get(r);
	struct hp_result_site *all = t ? realloc(t->sites, (t->nsites + 1) * sizeof *all) : NULL, *d;

	if (!all)
		return NULL;
	t->sites = all;
	d = &all[t->nsites];
	*d = *s;
	d->nframes = 0;
	d->frames = calloc(n ? n : 1, sizeof *d->frames);
	if (!d->frames)
		return NULL;
	t->nsites++;
	for (size_t k = 0; k < n; k++) {
		d->frames[k].function = strdup(frames[k].function ? frames[k].function : "");
		d->frames[k].where = strdup(frames[k].where ? frames[k].where : "");
		d->nframes++;
		if (!d->frames[k].function || !d->frames[k].where)
			return NULL;
	}
	return d;
}

static void hp_sites_free(struct hp_part *p)
{
	hp_sites_free_table((struct hp_result_sites *)p);
	free(p);
}

/* "call_sites" into row when the row has the table (--call-sites); the
 * record cannot be written without it (-1) when it cannot be. */
static int hp_sites_write(const struct hp_result *r, json_t *row)
{
	json_t *o;

	if (!hp_sites_c(r)->requested)
		return 0;
	if (!(o = hp_callsites_json(r)) || json_object_set_new(row, "call_sites", o) != 0)
		return -1;
	return 0;
}

/* "call_sites" into r; an in-situ cost outside the plausible bound is
 * not applied, whoever wrote it (the row's overhead is read by now). */
static int hp_sites_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	(void)rec;
	if (hp_callsites_read(v, r, err, errlen) != 0)
		return -1;
	if (hp_sites_c(r)->requested)
		hp_insitu_bound(hp_sites_get(r), r->overhead_valid, r->overhead_added_ticks, r->clock_unit);
	return 0;
}

const struct hp_part_ops hp_sites_part_ops = {
	.key = "call_sites",
	.free = hp_sites_free,
	.write = hp_sites_write,
	.read = hp_sites_read,
	.consistent = NULL,
};
