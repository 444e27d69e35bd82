/*
 * record_replay.c - the "replay" object of a record (see record_replay.h).
 */
#include "record_replay.h"

#include <stdio.h>
#include <string.h>

/* A share, or null when the replay failed (a number would read as measured). */
static json_t *hp_share_or_null(int valid, double v)
{
	return valid ? json_real(v) : json_null();
}

int hp_record_replay_add(json_t *rec, const struct hp_result *r)
{
	const struct hp_result_replay *p = &r->replay;
	json_t *o;

	if (!p->requested)
		return 0;
	o = json_pack("{s:b, s:I, s:o, s:o, s:b, s:f, s:f, s:f, s:I, s:I, s:I, s:f, s:s}",
		      "valid", p->valid, "samples", (json_int_t)p->samples,
		      "hash", hp_share_or_null(p->valid, p->hash), "drng", hp_share_or_null(p->valid, p->drng),
		      "cost_valid", p->cost_valid, "replay_ticks_per_call", p->replay_ticks,
		      "pass_ticks_per_call", p->pass_ticks, "cost_calibration_seconds", p->cost_seconds,
		      "tape_bytes", (json_int_t)p->tape_bytes, "calls_per_operation", (json_int_t)p->calls,
		      "max_mb", (json_int_t)p->max_mb, "seconds", p->seconds, "error", p->error);
	return o && json_object_set_new(rec, "replay", o) == 0 ? 0 : -1;
}

/* A share field: a number when the replay is valid, null (or absent) when not. */
static int hp_share_field(const json_t *o, const char *key, int valid, double *out, char *err, size_t errlen)
{
	json_t *v = json_object_get(o, key);

	if (valid && json_is_number(v)) {
		*out = json_number_value(v);
		return 0;
	}
	if (!valid && (!v || json_is_null(v) || json_is_number(v))) {
		*out = 0;
		return 0;
	}
	snprintf(err, errlen, "field 'replay.%s': expected a number%s", key,
		 valid ? " (replay.valid is true)" : ", or null when the replay failed");
	return -1;
}

int hp_record_replay_read(const json_t *j, struct hp_result *r, char *err, size_t errlen)
{
	json_t *o = json_object_get(j, "replay");
	struct hp_result_replay *p = &r->replay;
	json_int_t samples = 0, tape = 0, calls = 0, max_mb = 0;
	const char *error = "";
	json_error_t je;

	memset(p, 0, sizeof *p);
	if (!o)
		return 0;
	if (json_unpack_ex(o, &je, 0, "{s:b, s:I, s?b, s?F, s?F, s?F, s?I, s?I, s?I, s?F, s?s}",
			   "valid", &p->valid, "samples", &samples, "cost_valid", &p->cost_valid,
			   "replay_ticks_per_call", &p->replay_ticks, "pass_ticks_per_call", &p->pass_ticks,
			   "cost_calibration_seconds", &p->cost_seconds, "tape_bytes", &tape,
			   "calls_per_operation", &calls, "max_mb", &max_mb, "seconds", &p->seconds,
			   "error", &error) != 0) {
		snprintf(err, errlen, "field 'replay': %s", je.text);
		return -1;
	}
	if (samples < 0 || samples > UINT32_MAX || tape < 0 || calls < 0 || max_mb < 0 || max_mb > UINT32_MAX) {
		snprintf(err, errlen, "field 'replay': a count is negative or too large");
		return -1;
	}
	if (p->valid && samples == 0) {
		snprintf(err, errlen, "field 'replay.samples': 0, yet replay.valid is true");
		return -1;
	}
	if (strlen(error) >= sizeof p->error) {
		snprintf(err, errlen, "field 'replay.error': longer than %zu bytes", sizeof p->error - 1);
		return -1;
	}
	if (hp_share_field(o, "hash", p->valid, &p->hash, err, errlen) != 0 ||
	    hp_share_field(o, "drng", p->valid, &p->drng, err, errlen) != 0)
		return -1;
	p->requested = 1;
	p->samples = (uint32_t)samples;
	p->tape_bytes = (uint64_t)tape;
	p->calls = (uint64_t)calls;
	p->max_mb = (unsigned)max_mb;
	memcpy(p->error, error, strlen(error) + 1);
	return 0;
}
