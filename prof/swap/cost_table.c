/*
 * cost_table.c - per-shape costs and their file (see cost_table.h).
 *
 * hashprof-costs/1:
 *   { "schema": "hashprof-costs/1",
 *     "machine": { "cpu", "host", "clock", "unit", "rate_hz" },
 *     "subjects": { KEY: { "version": "...",
 *                          "shapes": [ { "fn", "in_bits", "out_bits",
 *                                        "median_ticks", "q1_ticks", "q3_ticks",
 *                                        "samples", "batch_calls" }, ... ] }, ... } }
 */
#include "cost_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp_wrap.h"
#include "ngcc/ngcc.h"
#include "util/grow.h"

void hp_cost_table_free(struct hp_cost_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->subjects[i].costs);
	free(t->subjects);
	memset(t, 0, sizeof *t);
}

struct hp_cost_subject *hp_cost_subject_find(const struct hp_cost_table *t, const char *key)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->subjects[i].key, key))
			return &t->subjects[i];
	return NULL;
}

struct hp_cost_subject *hp_cost_subject_get(struct hp_cost_table *t, const char *key, const char *version)
{
	struct hp_cost_subject *s = hp_cost_subject_find(t, key);

	if (s) {
		if (strcmp(s->version, version)) { /* measured on something else: start again */
			s->n = 0;
			snprintf(s->version, sizeof s->version, "%s", version);
		}
		return s;
	}
	struct hp_cost_subject *grown = hp_grow(t->subjects, &t->cap, t->n, sizeof *grown, 8);
	if (!grown)
		return NULL;
	t->subjects = grown;
	s = &t->subjects[t->n++];
	memset(s, 0, sizeof *s);
	snprintf(s->key, sizeof s->key, "%s", key);
	snprintf(s->version, sizeof s->version, "%s", version);
	return s;
}

const struct hp_cost *hp_cost_find(const struct hp_cost_subject *s, uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	for (size_t i = 0; s && i < s->n; i++)
		if (s->costs[i].fn == fn && s->costs[i].in_bits == in_bits && s->costs[i].out_bits == out_bits)
			return &s->costs[i];
	return NULL;
}

int hp_cost_put(struct hp_cost_subject *s, const struct hp_cost *c)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->costs[i].fn == c->fn && s->costs[i].in_bits == c->in_bits &&
		    s->costs[i].out_bits == c->out_bits) {
			s->costs[i] = *c;
			return 0;
		}
	struct hp_cost *grown = hp_grow(s->costs, &s->cap, s->n, sizeof *grown, 16);
	if (!grown)
		return -1;
	s->costs = grown;
	s->costs[s->n++] = *c;
	return 0;
}

/* ---------- writing ---------- */

json_t *hp_cost_table_json(const struct hp_cost_table *t)
{
	const struct hp_cost_machine *m = &t->machine;
	json_t *subjects = json_object(), *doc;

	for (size_t i = 0; subjects && i < t->n; i++) {
		const struct hp_cost_subject *s = &t->subjects[i];
		json_t *shapes = json_array();
		for (size_t k = 0; shapes && k < s->n; k++) {
			const struct hp_cost *c = &s->costs[k];
			json_array_append_new(shapes, json_pack("{s:s, s:I, s:I, s:f, s:f, s:f, s:I, s:I}", "fn",
								hp_fn_name(c->fn), "in_bits", (json_int_t)c->in_bits,
								"out_bits", (json_int_t)c->out_bits, "median_ticks",
								c->median_ticks, "q1_ticks", c->q1_ticks, "q3_ticks",
								c->q3_ticks, "samples", (json_int_t)c->samples,
								"batch_calls", (json_int_t)c->batch_calls));
		}
		json_object_set_new(subjects, s->key, json_pack("{s:s, s:o}", "version", s->version, "shapes", shapes));
	}
	doc = json_pack("{s:s, s:{s:s, s:s, s:s, s:s, s:f}, s:o}", "schema", HP_COSTS_SCHEMA, "machine", "cpu", m->cpu,
			"host", m->host, "clock", m->clock, "unit", m->unit, "rate_hz", m->rate_hz, "subjects",
			subjects);
	return doc;
}

/* ---------- reading ---------- */

/* A string member of o into dst (cap bytes); -1 with err when it is not one. */
static int hp_cost_str(const json_t *o, const char *key, const char *where, char *dst, size_t cap, char *err,
		       size_t errlen)
{
	const json_t *v = json_object_get(o, key);

	if (!json_is_string(v) || json_string_length(v) >= cap) {
		snprintf(err, errlen, "field '%s%s': expected a string of at most %zu bytes", where, key, cap - 1);
		return -1;
	}
	snprintf(dst, cap, "%s", json_string_value(v));
	return 0;
}

/* A number >= 0 (a count when whole != 0) of o; -1 with err otherwise. */
static int hp_cost_num(const json_t *o, const char *key, const char *where, int whole, double *out, char *err,
		       size_t errlen)
{
	const json_t *v = json_object_get(o, key);

	if (!json_is_number(v) || (whole && !json_is_integer(v)) || !isfinite(json_number_value(v)) ||
	    json_number_value(v) < 0) {
		snprintf(err, errlen, "field '%s%s': expected %s", where, key,
			 whole ? "a whole number >= 0" : "a number >= 0");
		return -1;
	}
	*out = json_number_value(v);
	return 0;
}

/* One element of a subject's shapes into c. */
static int hp_cost_read_shape(const json_t *e, const char *where, struct hp_cost *c, char *err, size_t errlen)
{
	char fn[32];
	double in, out, samples, batch;
	int f;

	memset(c, 0, sizeof *c);
	if (!json_is_object(e)) {
		snprintf(err, errlen, "field '%.200s': expected an object", where);
		return -1;
	}
	if (hp_cost_str(e, "fn", where, fn, sizeof fn, err, errlen) != 0)
		return -1;
	if ((f = hp_fn_of_name(fn)) != HP_FN_XOF && f != HP_FN_PSEUDOHASH && f != HP_FN_SM3) {
		snprintf(err, errlen, "field '%sfn': '%s' is not pseudohash, pseudoXOF or sm3hash", where, fn);
		return -1;
	}
	if (hp_cost_num(e, "in_bits", where, 1, &in, err, errlen) ||
	    hp_cost_num(e, "out_bits", where, 1, &out, err, errlen) ||
	    hp_cost_num(e, "median_ticks", where, 0, &c->median_ticks, err, errlen) ||
	    hp_cost_num(e, "q1_ticks", where, 0, &c->q1_ticks, err, errlen) ||
	    hp_cost_num(e, "q3_ticks", where, 0, &c->q3_ticks, err, errlen) ||
	    hp_cost_num(e, "samples", where, 1, &samples, err, errlen) ||
	    hp_cost_num(e, "batch_calls", where, 1, &batch, err, errlen))
		return -1;
	c->fn = (uint32_t)f;
	c->in_bits = (uint64_t)in;
	c->out_bits = (uint64_t)out;
	c->samples = (uint32_t)samples;
	c->batch_calls = (uint32_t)batch;
	return 0;
}

int hp_cost_table_from_json(const json_t *j, struct hp_cost_table *t, char *err, size_t errlen)
{
	const json_t *m = json_object_get(j, "machine"), *subjects = json_object_get(j, "subjects"), *v;
	const char *key;

	memset(t, 0, sizeof *t);
	if (!json_is_object(j) || !json_is_string(json_object_get(j, "schema")) ||
	    strcmp(json_string_value(json_object_get(j, "schema")), HP_COSTS_SCHEMA)) {
		snprintf(err, errlen, "field 'schema': not %s", HP_COSTS_SCHEMA);
		return -1;
	}
	if (!json_is_object(m)) {
		snprintf(err, errlen, "field 'machine': expected an object");
		return -1;
	}
	if (hp_cost_str(m, "cpu", "machine.", t->machine.cpu, sizeof t->machine.cpu, err, errlen) ||
	    hp_cost_str(m, "host", "machine.", t->machine.host, sizeof t->machine.host, err, errlen) ||
	    hp_cost_str(m, "clock", "machine.", t->machine.clock, sizeof t->machine.clock, err, errlen) ||
	    hp_cost_str(m, "unit", "machine.", t->machine.unit, sizeof t->machine.unit, err, errlen) ||
	    hp_cost_num(m, "rate_hz", "machine.", 0, &t->machine.rate_hz, err, errlen))
		goto bad;
	if (!json_is_object(subjects)) {
		snprintf(err, errlen, "field 'subjects': expected an object");
		goto bad;
	}
	json_object_foreach((json_t *)subjects, key, v)
	{
		char where[256], version[32];
		const json_t *shapes = json_object_get(v, "shapes"), *e;
		struct hp_cost_subject *s;
		size_t i;

		snprintf(where, sizeof where, "subjects.%.100s.", key);
		if (strlen(key) >= sizeof s->key) {
			snprintf(err, errlen, "field '%s': the key is longer than %zu bytes", where, sizeof s->key - 1);
			goto bad;
		}
		if (!json_is_object(v) || hp_cost_str(v, "version", where, version, sizeof version, err, errlen))
			goto bad_obj;
		if (!json_is_array(shapes)) {
			snprintf(err, errlen, "field '%sshapes': expected an array", where);
			goto bad;
		}
		if (!(s = hp_cost_subject_get(t, key, version)))
			goto oom;
		json_array_foreach(shapes, i, e)
		{
			char at[300];
			struct hp_cost c;
			snprintf(at, sizeof at, "%sshapes[%zu].", where, i);
			if (hp_cost_read_shape(e, at, &c, err, errlen) != 0)
				goto bad;
			if (hp_cost_put(s, &c) != 0)
				goto oom;
		}
		continue;
	bad_obj:
		if (!json_is_object(v))
			snprintf(err, errlen, "field 'subjects.%.100s': expected an object", key);
		goto bad;
	}
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
bad:
	hp_cost_table_free(t);
	return -1;
}
