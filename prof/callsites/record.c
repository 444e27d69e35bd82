/*
 * record.c - "call_sites" of a record (see record.h).
 */
#include "record.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "table.h"
#include "part.h"

static json_t *hp_frame_json(const struct hp_site_frame *f)
{
	return json_pack("{s:s, s:s}", "function", f->function, "where", f->where);
}

static json_t *hp_site_json(const struct hp_result_site *s)
{
	json_t *path = json_array(), *o;

	for (size_t k = 0; path && k < s->nframes; k++)
		if (json_array_append_new(path, hp_frame_json(&s->frames[k])) != 0) {
			json_decref(path);
			return NULL;
		}
	if (!path)
		return NULL;
	o = json_pack("{s:s, s:I, s:I, s:b, s:o}", "fn", hp_fn_name(s->fn), "calls", (json_int_t)s->calls, "ticks",
		      (json_int_t)s->ticks, "cut", s->cut, "path", path);
	return o;
}

json_t *hp_callsites_json(const struct hp_result *r)
{
	const struct hp_result_sites *t = hp_sites_c(r);
	json_t *o = json_object(), *lost = json_object(), *sites = json_array();

	if (!o || !lost || !sites)
		goto fail;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (json_object_set_new(lost, hp_fn_name(fn),
					json_pack("{s:I, s:I}", "calls", (json_int_t)t->lost_calls[fn], "ticks",
						  (json_int_t)t->lost_ticks[fn])) != 0)
			goto fail;
	for (size_t i = 0; i < t->nsites; i++)
		if (json_array_append_new(sites, hp_site_json(&t->sites[i])) != 0)
			goto fail;
	if (json_object_set_new(o, "depth", json_integer(t->depth)) != 0 ||
	    json_object_set_new(o, "note", json_string(t->note)) != 0 ||
	    json_object_set_new(o, "insitu",
				json_pack("{s:b, s:I, s:f, s:f, s:s}", "valid", t->insitu_valid, "samples",
					  (json_int_t)t->insitu_samples, "added_ticks_per_call", t->insitu_added_ticks,
					  "inside_ticks_per_call", t->insitu_inside_ticks, "error", t->insitu_error)) !=
		    0 ||
	    json_object_set_new(o, "without_path", lost) != 0) {
		lost = NULL;
		goto fail;
	}
	if (json_object_set_new(o, "sites", sites) != 0) {
		sites = NULL;
		goto fail;
	}
	return o;
fail:
	json_decref(o);
	json_decref(lost);
	json_decref(sites);
	return NULL;
}

/* A whole number >= 0 at key of o into *v; -1 when missing or not one. */
static int hp_count_of(const json_t *o, const char *key, uint64_t *v)
{
	const json_t *x = json_object_get(o, key);

	if (!json_is_integer(x) || json_integer_value(x) < 0)
		return -1;
	*v = (uint64_t)json_integer_value(x);
	return 0;
}

static int hp_helper_of(const char *name)
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (name && !strcmp(name, hp_fn_name(fn)))
			return (int)fn;
	return -1;
}

/* "insitu" (the recorder's cost in the operation; NULL: not measured) into t. */
static int hp_insitu_read(const json_t *v, struct hp_result_sites *t, char *err, size_t errlen)
{
	const json_t *e;
	uint64_t n;

	if (!v)
		return 0;
	if (!json_is_object(v) || !json_is_boolean(json_object_get(v, "valid")) || hp_count_of(v, "samples", &n) ||
	    n > UINT32_MAX || !json_is_number(json_object_get(v, "added_ticks_per_call")) ||
	    !json_is_number(json_object_get(v, "inside_ticks_per_call"))) {
		snprintf(err, errlen,
			 "field 'call_sites.insitu': expected {\"valid\": boolean, \"samples\": count, "
			 "\"added_ticks_per_call\": number, \"inside_ticks_per_call\": number}");
		return -1;
	}
	t->insitu_valid = json_is_true(json_object_get(v, "valid"));
	t->insitu_samples = (uint32_t)n;
	t->insitu_added_ticks = json_number_value(json_object_get(v, "added_ticks_per_call"));
	t->insitu_inside_ticks = json_number_value(json_object_get(v, "inside_ticks_per_call"));
	if (!isfinite(t->insitu_added_ticks) || !isfinite(t->insitu_inside_ticks)) {
		snprintf(err, errlen, "field 'call_sites.insitu': the costs must be finite numbers");
		return -1;
	}
	e = json_object_get(v, "error");
	snprintf(t->insitu_error, sizeof t->insitu_error, "%s", json_is_string(e) ? json_string_value(e) : "");
	return 0;
}

/* sites[i] into r; 0, or -1 with err. */
static int hp_site_read(const json_t *e, size_t i, struct hp_result *r, char *err, size_t errlen)
{
	struct hp_result_site s = { 0 };
	struct hp_site_frame frames[HP_SITE_FRAMES_MAX * 8];
	const json_t *path = json_object_get(e, "path"), *f;
	int fn = hp_helper_of(json_string_value(json_object_get(e, "fn")));
	size_t k;

	if (!json_is_object(e)) {
		snprintf(err, errlen, "field 'call_sites.sites[%zu]': expected an object", i);
		return -1;
	}
	if (fn < 0) {
		snprintf(err, errlen, "field 'call_sites.sites[%zu].fn': not a helper's name", i);
		return -1;
	}
	s.fn = (uint32_t)fn;
	if (hp_count_of(e, "calls", &s.calls) || hp_count_of(e, "ticks", &s.ticks)) {
		snprintf(err, errlen, "field 'call_sites.sites[%zu]': calls and ticks must be whole numbers >= 0", i);
		return -1;
	}
	if (!json_is_boolean(json_object_get(e, "cut"))) {
		snprintf(err, errlen, "field 'call_sites.sites[%zu].cut': expected true or false", i);
		return -1;
	}
	s.cut = json_is_true(json_object_get(e, "cut"));
	if (!json_is_array(path) || json_array_size(path) > sizeof frames / sizeof frames[0]) {
		snprintf(err, errlen, "field 'call_sites.sites[%zu].path': expected an array of at most %zu frames", i,
			 sizeof frames / sizeof frames[0]);
		return -1;
	}
	json_array_foreach(path, k, f)
	{
		frames[k].function = (char *)json_string_value(json_object_get(f, "function"));
		frames[k].where = (char *)json_string_value(json_object_get(f, "where"));
		if (!frames[k].function || !frames[k].where) {
			snprintf(err, errlen,
				 "field 'call_sites.sites[%zu].path[%zu]': expected {\"function\": string, "
				 "\"where\": string}",
				 i, k);
			return -1;
		}
	}
	if (!hp_result_add_site(r, &s, frames, json_array_size(path))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* The sites and the calls without a path add up to the row, helper by helper. */
static int hp_sites_sum_check(const struct hp_result *r, char *err, size_t errlen)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], sc[HP_FN_COUNT], st[HP_FN_COUNT];

	hp_result_fn_totals(r, calls, nested, ticks);
	hp_callsites_sums(r, sc, st);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (sc[fn] != calls[fn] || st[fn] != ticks[fn]) {
			snprintf(err, errlen,
				 "field 'call_sites': the %s sites and the calls without a call path add up to %llu "
				 "calls and %llu ticks, the row's call table to %llu and %llu",
				 hp_fn_name(fn), (unsigned long long)sc[fn], (unsigned long long)st[fn],
				 (unsigned long long)calls[fn], (unsigned long long)ticks[fn]);
			return -1;
		}
	return 0;
}

int hp_callsites_read(const json_t *v, struct hp_result *r, char *err, size_t errlen)
{
	const json_t *lost, *sites, *e, *note;
	struct hp_result_sites *t;
	uint64_t depth;
	size_t i;

	if (!v)
		return 0;
	if (!json_is_object(v)) {
		snprintf(err, errlen, "field 'call_sites': expected an object");
		return -1;
	}
	if (hp_count_of(v, "depth", &depth) || depth > HP_SITE_DEPTH_MAX) {
		snprintf(err, errlen, "field 'call_sites.depth': not a whole number from 0 to %u", HP_SITE_DEPTH_MAX);
		return -1;
	}
	if (!(t = hp_sites_get(r))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	t->requested = 1;
	t->depth = (unsigned)depth;
	note = json_object_get(v, "note");
	if (note && !json_is_string(note)) {
		snprintf(err, errlen, "field 'call_sites.note': expected a string");
		return -1;
	}
	snprintf(t->note, sizeof t->note, "%s", note ? json_string_value(note) : "");
	if (hp_insitu_read(json_object_get(v, "insitu"), t, err, errlen) != 0)
		return -1;
	lost = json_object_get(v, "without_path");
	if (!json_is_object(lost)) {
		snprintf(err, errlen, "field 'call_sites.without_path': expected an object");
		return -1;
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		const json_t *h = json_object_get(lost, hp_fn_name(fn));
		if (!h)
			continue;
		if (hp_count_of(h, "calls", &t->lost_calls[fn]) || hp_count_of(h, "ticks", &t->lost_ticks[fn])) {
			snprintf(err, errlen,
				 "field 'call_sites.without_path.%s': calls and ticks must be whole numbers >= 0",
				 hp_fn_name(fn));
			return -1;
		}
	}
	sites = json_object_get(v, "sites");
	if (!json_is_array(sites)) {
		snprintf(err, errlen, "field 'call_sites.sites': expected an array");
		return -1;
	}
	json_array_foreach(sites, i, e) if (hp_site_read(e, i, r, err, errlen) != 0) return -1;
	return r->status == HP_STATUS_OK ? hp_sites_sum_check(r, err, errlen) : 0;
}
