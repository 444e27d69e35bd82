/*
 * part.c - the replay part of a row (part.h): its
 * accessors and its record member "replay" (docs/record-schema.md), a
 * field table as record.c's (record/fields.h), paths from the record.
 */
#include "part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/fields.h"
#include "record/result.h"

/* What "replay" holds beyond the part's members: computed, never read back. */
struct hp_replay_view {
	int hash_out, drng_out; /* hp_replay_share_outside != 0 of a valid share */
};

/* the replay's optional fields; its shares, null when it failed */
#define HP_REPLAY(type, f, m, unit)                                                                       \
	{                                                                                                 \
		f, type, HP_FF_OPTIONAL, offsetof(struct hp_replay_part, m), 0, 0, unit, NULL, NULL, NULL \
	}
#define HP_REPLAY_STR(flags, f, m, unit)                                                      \
	{                                                                                     \
		f, HP_F_STRING, HP_FF_OPTIONAL | (flags), offsetof(struct hp_replay_part, m), \
			HP_SIZE(struct hp_replay_part, m), 0, unit, NULL, NULL, NULL          \
	}
#define HP_REPLAY_SHARE(f, m)                                                                                       \
	{                                                                                                           \
		f, HP_F_SHARE_OR_NULL, HP_FF_OPTIONAL, offsetof(struct hp_replay_part, m), 0,                       \
			offsetof(struct hp_replay_part, valid), "fraction, not clamped; null when not valid", NULL, \
			NULL, NULL                                                                                  \
	}
#define HP_REPLAY_VIEW(f, m)                                                                                           \
	{                                                                                                              \
		f, HP_F_BOOL, HP_FF_OPTIONAL | HP_FF_VIEW, offsetof(struct hp_replay_view, m), 0, 0, NULL, NULL, NULL, \
			NULL                                                                                           \
	}
_Static_assert(sizeof(unsigned) == sizeof(uint32_t), "replay.max_mb is read as a uint32_t");

/* "replay" (--replay only, docs/replay.md): a row without it has no "replay". */
static const struct hp_field hp_replay_fields[] = {
	{ "replay", HP_F_OBJECT, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_IF_SET,
	  offsetof(struct hp_replay_part, requested), 0, 0, "the replay estimate", NULL, NULL, NULL },
	{ "replay.valid", HP_F_BOOL, 0, offsetof(struct hp_replay_part, valid), 0, 0, NULL, NULL, NULL, NULL },
	{ "replay.samples", HP_F_COUNT32, 0, offsetof(struct hp_replay_part, samples), 0, 0, "samples", NULL, NULL,
	  NULL },
	HP_REPLAY_SHARE("replay.hash", hash),
	HP_REPLAY_SHARE("replay.drng", drng),
	/* computed, never read back: the share lies outside 0..1 (noise), the
	 * reports print it as ~0% or ~100% */
	HP_REPLAY_VIEW("replay.hash_out_of_range", hash_out),
	HP_REPLAY_VIEW("replay.drng_out_of_range", drng_out),
	HP_REPLAY_STR(HP_FF_IF_SET, "replay.estimator", estimator, "\"in situ\"; absent: the tight loop"),
	HP_REPLAY(HP_F_NUMBER, "replay.insitu_hash_ticks_per_call", insitu_hash_ticks, "ticks"),
	HP_REPLAY(HP_F_NUMBER, "replay.insitu_drng_ticks_per_call", insitu_drng_ticks, "ticks"),
	/* per family (hp_replay_estimate): which estimator its share used,
	 * its calls, the loop's cost of them; absent in older records */
	HP_REPLAY_STR(HP_FF_IF_SET, "replay.hash_estimator", hash_estimator,
		      "\"in situ\", \"tight loop\" (in situ implausible), \"not run\" (no call)"),
	HP_REPLAY_STR(HP_FF_IF_SET, "replay.drng_estimator", drng_estimator, "as hash_estimator"),
	HP_REPLAY(HP_F_NUMBER, "replay.hash_spread", hash_spread, "fraction"),
	HP_REPLAY(HP_F_NUMBER, "replay.drng_spread", drng_spread, "fraction"),
	HP_REPLAY(HP_F_COUNT, "replay.hash_calls_per_operation", hash_calls, "outermost calls"),
	HP_REPLAY(HP_F_COUNT, "replay.drng_calls_per_operation", drng_calls, "outermost calls"),
	HP_REPLAY(HP_F_NUMBER, "replay.loop_hash_ticks_per_call", loop_hash_ticks, "ticks"),
	HP_REPLAY(HP_F_NUMBER, "replay.loop_drng_ticks_per_call", loop_drng_ticks, "ticks"),
	HP_REPLAY(HP_F_BOOL, "replay.cost_valid", cost_valid, NULL),
	HP_REPLAY(HP_F_NUMBER, "replay.replay_ticks_per_call", replay_ticks, "ticks"),
	HP_REPLAY(HP_F_NUMBER, "replay.pass_ticks_per_call", pass_ticks, "ticks"),
	HP_REPLAY(HP_F_NUMBER, "replay.cost_calibration_seconds", cost_seconds, "seconds"),
	HP_REPLAY(HP_F_COUNT, "replay.tape_bytes", tape_bytes, "bytes"),
	HP_REPLAY(HP_F_COUNT, "replay.calls_per_operation", calls, "outermost calls"),
	HP_REPLAY(HP_F_COUNT32, "replay.max_mb", max_mb, "MiB"),
	HP_REPLAY(HP_F_NUMBER, "replay.seconds", seconds, "seconds"),
	HP_REPLAY_STR(0, "replay.error", error, "one line; empty when valid"),
};

static const struct hp_replay_part hp_replay_none; /* what a row without the part reads */

const struct hp_replay_part *hp_replay_c(const struct hp_result *r)
{
	return (const struct hp_replay_part *)hp_part_c(r, HP_PART_REPLAY, &hp_replay_none.hdr);
}

struct hp_replay_part *hp_replay_get(struct hp_result *r)
{
	return (struct hp_replay_part *)hp_part_get(r, HP_PART_REPLAY, sizeof(struct hp_replay_part),
						    &hp_replay_part_ops);
}

/* Zero p's figures (its header stays). */
static void hp_replay_zero(struct hp_replay_part *p)
{
	struct hp_part hdr = p->hdr;

	memset(p, 0, sizeof *p);
	p->hdr = hdr;
}

static void hp_replay_free(struct hp_part *p)
{
	free(p);
}

/* "replay" into row when r has the part (requested); the record cannot be
 * written without it when a value cannot be (-1). */
static int hp_replay_write(const struct hp_result *r, json_t *row)
{
	const struct hp_replay_part *p = hp_replay_c(r);
	struct hp_replay_view v;
	json_t *o, *m;
	int rc = 0;

	if (!p->requested)
		return 0;
	v.hash_out = p->valid && hp_replay_share_outside(p->hash) != 0;
	v.drng_out = p->valid && hp_replay_share_outside(p->drng) != 0;
	if (!(o = hp_ft_pack(hp_replay_fields, HP_NFIELDS(hp_replay_fields), p, &v, NULL)))
		return -1;
	m = json_object_get(o, "replay");
	if (m && json_object_set(row, "replay", m) != 0)
		rc = -1;
	json_decref(o);
	return rc;
}

/*
 * "replay" (--replay, docs/replay.md) into r's replay part, requested; nothing
 * without it.  Beyond the types: counts in range, samples when valid, the
 * strings' lengths, the estimator one of the two, the shares numbers when
 * valid (numbers or null when not).
 */
static int hp_replay_read(const json_t *o, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	const struct hp_field *t = hp_replay_fields;
	size_t n = HP_NFIELDS(hp_replay_fields), g = 0, end = hp_ft_group_end(t, n, g);
	int valid = json_is_true(json_object_get(o, "valid"));
	struct hp_replay_part *p;

	if (!o)
		return 0;
	if (!(p = hp_replay_get(r))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	hp_replay_zero(p);
	if (hp_ft_group_unpack(rec, t, n, g, err, errlen) != 0)
		return -1;
	for (size_t i = g + 1; i < end; i++) {
		const json_t *v = json_object_get(o, hp_ft_key(t[i].path));
		if (v && (t[i].type == HP_F_COUNT || t[i].type == HP_F_COUNT32) && !hp_ft_type_ok(v, t[i].type)) {
			snprintf(err, errlen, "field 'replay': a count is negative or too large");
			return -1;
		}
	}
	if (valid && json_integer_value(json_object_get(o, "samples")) == 0) {
		snprintf(err, errlen, "field 'replay.samples': 0, yet replay.valid is true");
		return -1;
	}
	for (size_t i = g + 1; i < end; i++) {
		const json_t *v = json_object_get(o, hp_ft_key(t[i].path));
		if (t[i].type == HP_F_STRING && v && strlen(json_string_value(v)) >= t[i].size) {
			snprintf(err, errlen, "field '%s': longer than %zu bytes", t[i].path, t[i].size - 1);
			return -1;
		}
	}
	{
		const char *est = json_string_value(json_object_get(o, "estimator"));
		if (est && strcmp(est, HP_REPLAY_ESTIMATOR_INSITU) && strcmp(est, HP_REPLAY_ESTIMATOR_LOOP)) {
			snprintf(err, errlen, "field 'replay.estimator': \"%.40s\", expected \"%s\" or \"%s\"", est,
				 HP_REPLAY_ESTIMATOR_INSITU, HP_REPLAY_ESTIMATOR_LOOP);
			return -1;
		}
		for (const char *const *k = (const char *const[]){ "hash_estimator", "drng_estimator", NULL }; *k;
		     k++) {
			est = json_string_value(json_object_get(o, *k));
			if (est && strcmp(est, HP_REPLAY_ESTIMATOR_INSITU) && strcmp(est, HP_REPLAY_ESTIMATOR_LOOP) &&
			    strcmp(est, HP_REPLAY_ESTIMATOR_NONE)) {
				snprintf(err, errlen, "field 'replay.%s': \"%.40s\", expected \"%s\", \"%s\" or \"%s\"",
					 *k, est, HP_REPLAY_ESTIMATOR_INSITU, HP_REPLAY_ESTIMATOR_LOOP,
					 HP_REPLAY_ESTIMATOR_NONE);
				return -1;
			}
		}
	}
	for (size_t i = g + 1; i < end; i++) {
		const json_t *v = json_object_get(o, hp_ft_key(t[i].path));
		if (t[i].type == HP_F_SHARE_OR_NULL &&
		    (valid ? !json_is_number(v) : v && !hp_ft_type_ok(v, t[i].type))) {
			snprintf(err, errlen, "field '%s': expected a number%s", t[i].path,
				 valid ? " (replay.valid is true)" : ", or null when the replay failed");
			return -1;
		}
	}
	hp_ft_group_store(rec, t, n, g, p);
	p->requested = 1;
	return 0;
}

const struct hp_part_ops hp_replay_part_ops = {
	.key = "replay",
	.free = hp_replay_free,
	.write = hp_replay_write,
	.read = hp_replay_read,
	.consistent = NULL,
};

const char *hp_result_replay_estimator(const struct hp_result *r)
{
	const struct hp_replay_part *p = hp_replay_c(r);

	return p->estimator[0] ? p->estimator : HP_REPLAY_ESTIMATOR_LOOP;
}

int hp_replay_share_outside(double share)
{
	return share < 0 ? -1 : share > 1 ? 1 : 0;
}

const char *hp_result_replay_family_estimator(const struct hp_result *r, unsigned family)
{
	const struct hp_replay_part *p = hp_replay_c(r);
	const char *own = family == 0 ? p->hash_estimator : family == 1 ? p->drng_estimator : NULL;

	if (!own)
		return NULL;
	return own[0] ? own : hp_result_replay_estimator(r);
}
