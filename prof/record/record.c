/*
 * record.c - rows to and from JSON, and the check of records read from
 * files (see record.h, docs/record-schema.md).
 *
 * hashprof-record/1 is described once, by the tables below (the core
 * row's) and by each feature's part (part.h; its own table in its .c,
 * the machinery in fields.c): every field's JSON path, type, C
 * member (or, for figures computed from the row, a member of struct
 * hp_record_view), whether a record may lack it, and its unit.  The
 * parts' members are written where the table's "(parts)" line stands,
 * read after the core's, in the registry's order (parts.c).  hp_record_from_result writes the fields in table order;
 * hp_record_to_result reads them back; hp_record_check validates a record
 * from a file, naming the field that is wrong.  A new field is one more
 * table line (and a line of docs/record-schema.md).
 *
 * What the tables do not say is code beside them: the arrays (calls[] and
 * trials[], whose elements have tables of their own), overflow.helpers
 * (one object per helper) and what no type can say (status is "ok" or
 * "failed"; the record must be one a measurement can produce: hp_record_consistent,
 * e.g. the overhead inside the helper never above the overhead added).
 */
#include "record.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "measure/batches.h"
#include "ngcc/ngcc.h"
#include "part.h"
#include "fields.h"
#include "measure/shares.h"

/* ---------- the description ---------- */

/* What a record holds beyond the members of struct hp_result. */
struct hp_record_view {
	const char *schema, *status;
	uint64_t overflow_calls, overflow_ticks; /* all overflowed calls, and their ticks */
	struct hp_shares raw, corrected;
	double raw_hash_spread, raw_drng_spread, cor_hash_spread, cor_drng_spread;
	struct hp_batch_estimate batches; /* the corrected estimate (batches.h) */
	const char *estimator; /* its method's name (hp_batch_estimator_name) */
	char estimator_buf[160];
	uint64_t counting_operations; /* r->operations */
	uint32_t runs; /* hp_result_nruns */
};

/* What a trial holds beyond struct hp_trial: its shares and flags. */
struct hp_trial_view {
	struct hp_shares raw, corrected;
	int disturbed, timing_only;
};

#define HP_ROW(type, f, m, unit)                                                        \
	{                                                                               \
		f, type, 0, offsetof(struct hp_result, m), 0, 0, unit, NULL, NULL, NULL \
	}
#define HP_ROW_STR(f, m, unit)                                                                                       \
	{                                                                                                            \
		f, HP_F_STRING, 0, offsetof(struct hp_result, m), HP_SIZE(struct hp_result, m), 0, unit, NULL, NULL, \
			NULL                                                                                         \
	}
#define HP_ROW_HEX(f, m, unit)                                                               \
	{                                                                                    \
		f, HP_F_HEX, 0, offsetof(struct hp_result, m), HP_SIZE(struct hp_result, m), \
			offsetof(struct hp_result, m##_len), unit, NULL, NULL, NULL          \
	}
#define HP_VIEW(type, flags, f, m, unit)                                                                        \
	{                                                                                                       \
		f, type, HP_FF_VIEW | (flags), offsetof(struct hp_record_view, m), 0, 0, unit, NULL, NULL, NULL \
	}
#define HP_GROUP(f, flags, unit)                                       \
	{                                                              \
		f, HP_F_OBJECT, flags, 0, 0, 0, unit, NULL, NULL, NULL \
	}

static json_t *hp_shapes_json(const struct hp_result *r);
static int hp_shapes_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static int hp_shapes_check(const json_t *v, char *err, size_t errlen);
static json_t *hp_overflow_helpers_json(const struct hp_result *r);
static int hp_overflow_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static json_t *hp_trials_json(const struct hp_result *r);
static int hp_trials_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static int hp_batches_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static json_t *hp_runs_json(const struct hp_result *r);
static int hp_runs_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static int hp_status_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
static int hp_status_check(const json_t *v, char *err, size_t errlen);
static json_t *hp_survey_json(const struct hp_result *r);
static int hp_survey_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);

#define HP_SHARE_GROUP(g, s, hs, ds)                                                                         \
	HP_GROUP(g, HP_FF_OPTIONAL | HP_FF_VIEW | HP_FF_LENIENT | HP_FF_DROPPABLE, "recomputed by readers"), \
		HP_VIEW(HP_F_NUMBER, 0, g ".hash", s.hash, "0..1"),                                          \
		HP_VIEW(HP_F_NUMBER, 0, g ".drng", s.drng, "0..1"),                                          \
		HP_VIEW(HP_F_NUMBER, 0, g ".drng_init", s.drng_init, "0..1"),                                \
		HP_VIEW(HP_F_NUMBER, 0, g ".own", s.own, "0..1"),                                            \
		HP_VIEW(HP_F_NUMBER, 0, g ".total_ticks", s.total_ticks, "ticks"),                           \
		HP_VIEW(HP_F_NUMBER, 0, g ".hash_spread_pp", hs, "percentage points"),                       \
		HP_VIEW(HP_F_NUMBER, 0, g ".drng_spread_pp", ds, "percentage points")

/* hashprof-record/1, in the order of the fields in a record. */
static const struct hp_field hp_record_fields[] = {
	HP_VIEW(HP_F_STRING, 0, "schema", schema, HP_RECORD_SCHEMA),
	HP_ROW_STR("instance", instance, "instance name"),
	HP_ROW_STR("kind", kind, "sig, kem or kex"),
	HP_ROW_STR("operation", operation, "operation name"),
	HP_ROW_STR("path", path, "shared object"),
	HP_ROW_STR("wrapped", wrapped, "helpers, comma-separated"),
	{ "status", HP_F_STRING, HP_FF_VIEW, offsetof(struct hp_record_view, status), 0, 0, "ok or failed", NULL,
	  hp_status_read, hp_status_check },
	HP_ROW_STR("failure", failure, "one line"),
	HP_GROUP("procedure", 0, NULL),
	HP_ROW(HP_F_COUNT, "procedure.iterations", iterations, "operations"),
	HP_ROW(HP_F_COUNT, "procedure.warmup", warmup, "operations"),
	HP_ROW(HP_F_BOOL, "procedure.planned", planned, NULL),
	HP_ROW(HP_F_NUMBER, "procedure.calibration_seconds", calibration_seconds, "seconds"),
	HP_ROW_HEX("procedure.seed", seed, "bytes, hex"),
	HP_ROW_HEX("procedure.message", message, "bytes, hex"),
	HP_GROUP("clock", 0, NULL),
	HP_ROW_STR("clock.source", clock_source, "PAPI_get_real_cyc or PAPI_TOT_CYC"),
	HP_ROW_STR("clock.unit", clock_unit, "TSC ticks, timer ticks (AArch64) or cycles"),
	HP_ROW(HP_F_NUMBER, "clock.rate_hz", tick_hz, "ticks per second"),
	{ "clock.resolution_ticks", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_result, tick_resolution), 0, 0,
	  "ticks: the smallest step of the reading; absent in older records", NULL, NULL, NULL },
	{ "clock.emulation", HP_F_STRING, HP_FF_OPTIONAL | HP_FF_IF_SET, offsetof(struct hp_result, emulation),
	  HP_SIZE(struct hp_result, emulation), 0, "why the times are an emulator's; absent natively", NULL, NULL,
	  NULL },
	HP_GROUP("totals", 0, NULL),
	HP_ROW(HP_F_COUNT, "totals.operations", operations, "operations"),
	HP_ROW(HP_F_COUNT, "totals.ticks", total_ticks, "ticks"),
	HP_GROUP("overflow", 0, NULL),
	/* read by overflow.helpers, never stored as they are */
	{ "overflow.calls", HP_F_COUNT, HP_FF_VIEW, offsetof(struct hp_record_view, overflow_calls), 0, 0, "calls",
	  NULL, NULL, NULL },
	{ "overflow.ticks", HP_F_COUNT, HP_FF_VIEW, offsetof(struct hp_record_view, overflow_ticks), 0, 0, "ticks",
	  NULL, NULL, NULL },
	{ "overflow.helpers", HP_F_OBJECT, HP_FF_OPTIONAL | HP_FF_LENIENT, 0, 0, 0,
	  "per helper: the overflow table's fields", hp_overflow_helpers_json, hp_overflow_read, NULL },
	{ "calls", HP_F_ARRAY, 0, 0, 0, 0, "the call table's fields", hp_shapes_json, hp_shapes_read, hp_shapes_check },
	HP_VIEW(HP_F_OBJECT, HP_FF_OPTIONAL, "shares", raw, "recomputed by readers"),
	HP_VIEW(HP_F_NUMBER, HP_FF_OPTIONAL, "shares.hash", raw.hash, "0..1"),
	HP_VIEW(HP_F_NUMBER, HP_FF_OPTIONAL, "shares.drng", raw.drng, "0..1"),
	HP_GROUP("overhead", HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_DROPPABLE, "absent: nothing is corrected"),
	HP_ROW(HP_F_BOOL, "overhead.valid", overhead_valid, NULL),
	HP_ROW(HP_F_NONNEG, "overhead.added_ticks_per_call", overhead_added_ticks, "ticks"),
	HP_ROW(HP_F_NONNEG, "overhead.inside_ticks_per_call", overhead_inside_ticks, "ticks"),
	{ "overhead.calibration_seconds", HP_F_NONNEG, HP_FF_OPTIONAL, offsetof(struct hp_result, overhead_seconds), 0,
	  0, "seconds", NULL, NULL, NULL },
	{ "trials", HP_F_ARRAY, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_DROPPABLE, 0, 0, 0, "the trial table's fields",
	  hp_trials_json, hp_trials_read, NULL },
	/* a batched row only (docs/method-batches.md): the batches' summary,
	 * the corrected estimate's quartiles (recomputed by readers) */
	{ "batches", HP_F_OBJECT, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_IF_SET, offsetof(struct hp_result, batched), 0,
	  0, "the batches' summary", NULL, hp_batches_read, NULL },
	HP_VIEW(HP_F_COUNT32, 0, "batches.measured", batches.measured, "batches"),
	HP_VIEW(HP_F_COUNT32, 0, "batches.disturbed", batches.disturbed, "batches discarded as disturbed"),
	HP_VIEW(HP_F_COUNT32, 0, "batches.used", batches.used, "batches the shares are the medians of"),
	HP_VIEW(HP_F_STRING, 0, "batches.estimator", estimator, "which batches, which statistic"),
	HP_VIEW(HP_F_COUNT, 0, "batches.counting_operations", counting_operations,
		"operations: N, whose calls are the counts"),
	HP_ROW(HP_F_COUNT, "batches.timing_operations", timing_operations,
	       "operations after N, in the batches' timing only"),
	HP_VIEW(HP_F_COUNT32, HP_FF_OPTIONAL, "batches.runs", runs, "measuring processes the batches came from"),
	{ "batches.per_run", HP_F_ARRAY, HP_FF_OPTIONAL | HP_FF_LENIENT, 0, 0, 0,
	  "each run: its calibration, batches used and medians", hp_runs_json, hp_runs_read, NULL },
	HP_VIEW(HP_F_NUMBER, 0, "batches.hash_q1", batches.hash.q[0], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.hash_median", batches.hash.q[1], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.hash_q3", batches.hash.q[2], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.drng_q1", batches.drng.q[0], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.drng_median", batches.drng.q[1], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.drng_q3", batches.drng.q[2], "0..1"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.ticks_per_operation_q1", batches.ticks_per_op.q[0], "ticks"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.ticks_per_operation_median", batches.ticks_per_op.q[1], "ticks"),
	HP_VIEW(HP_F_NUMBER, 0, "batches.ticks_per_operation_q3", batches.ticks_per_op.q[2], "ticks"),
	HP_SHARE_GROUP("shares_raw", raw, raw_hash_spread, raw_drng_spread),
	HP_SHARE_GROUP("shares_corrected", corrected, cor_hash_spread, cor_drng_spread),
	{ "printed_bytes", HP_F_COUNT, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_IF_SET,
	  offsetof(struct hp_result, printed_bytes), 0, 0,
	  "bytes the package printed on stdout and stderr; absent when none", NULL, NULL, NULL },
	{ "build_notes", HP_F_STRING, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_IF_SET | HP_FF_DROPPABLE,
	  offsetof(struct hp_result, build_notes), HP_SIZE(struct hp_result, build_notes), 0,
	  "`hashprof build` warnings", NULL, NULL, NULL },
	/* the instance's survey: absent for an instance without one
	 * (hp_survey_json gives nothing to write, and the field is dropped) */
	{ "survey", HP_F_OBJECT, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_DROPPABLE, 0, 0, 0,
	  "verdict, reason, findings, entries, notes", hp_survey_json, hp_survey_read, NULL },
	/* the features' parts (part.h), in the registry's order (parts.c) */
	{ "(parts)", HP_F_ANY, HP_FF_PARTS | HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_VIEW, 0, 0, 0,
	  "each part's member(s)", NULL, NULL, NULL },
	/* added by report.c (--format=json) and record_io.c (record files) */
	{ "notes", HP_F_ANY, HP_FF_OPTIONAL | HP_FF_LENIENT | HP_FF_OUTER, 0, 0, 0, "ignored when read", NULL, NULL,
	  NULL },
	{ "run", HP_F_OBJECT, HP_FF_OPTIONAL | HP_FF_OUTER, 0, 0, 0, "the run description", NULL, NULL, NULL },
};

#define HP_SHAPE_COUNT(f, m, unit)                                                                  \
	{                                                                                           \
		f, HP_F_COUNT, 0, offsetof(struct hp_result_shape, m), 0, 0, unit, NULL, NULL, NULL \
	}

/* One element of calls[] (struct hp_result_shape). */
static const struct hp_field hp_shape_fields[] = {
	{ "fn", HP_F_HELPER, 0, offsetof(struct hp_result_shape, fn), 0, 0, "helper name", NULL, NULL, NULL },
	HP_SHAPE_COUNT("in_bits", in_bits, "bits"),
	HP_SHAPE_COUNT("out_bits", out_bits, "bits"),
	HP_SHAPE_COUNT("calls", calls, "outermost calls"),
	HP_SHAPE_COUNT("nested", nested, "calls"),
	HP_SHAPE_COUNT("ticks", ticks, "ticks"),
};

/* overflow.helpers.F for each helper F (struct hp_overflow). */
static const struct hp_field hp_overflow_fields[] = {
	{ "calls", HP_F_COUNT, 0, offsetof(struct hp_overflow, calls), 0, 0, "outermost calls", NULL, NULL, NULL },
	{ "nested", HP_F_COUNT, 0, offsetof(struct hp_overflow, nested), 0, 0, "calls", NULL, NULL, NULL },
	{ "ticks", HP_F_COUNT, 0, offsetof(struct hp_overflow, ticks), 0, 0, "ticks", NULL, NULL, NULL },
};

#define HP_TRIAL(type, f, m, unit)                                                     \
	{                                                                              \
		f, type, 0, offsetof(struct hp_trial, m), 0, 0, unit, NULL, NULL, NULL \
	}
#define HP_TRIAL_VIEW(type, f, m)                                                                      \
	{                                                                                              \
		f, type, HP_FF_VIEW, offsetof(struct hp_trial_view, m), 0, 0, "0..1", NULL, NULL, NULL \
	}

/* One element of trials[] (struct hp_trial, its shares in struct hp_trial_view). */
static const struct hp_field hp_trial_fields[] = {
	HP_TRIAL(HP_F_COUNT, "operations", operations, "operations"),
	HP_TRIAL(HP_F_COUNT, "total_ticks", total_ticks, "ticks"),
	HP_TRIAL(HP_F_PER_HELPER, "calls", calls, "outermost calls per helper"),
	HP_TRIAL(HP_F_PER_HELPER, "ticks", ticks, "ticks per helper"),
	{ "own_calls", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_trial, own_calls), 0, 0,
	  "outermost calls of the own entries", NULL, NULL, NULL },
	{ "own_ticks", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_trial, own_ticks), 0, 0, "ticks inside them",
	  NULL, NULL, NULL },
	/* a batch's (absent in a slice and in older records) */
	{ "disturbed", HP_F_BOOL, HP_FF_VIEW | HP_FF_OPTIONAL, offsetof(struct hp_trial_view, disturbed), 0, 0,
	  "descheduled in it: not in the estimate", NULL, NULL, NULL },
	{ "timing_only", HP_F_BOOL, HP_FF_VIEW | HP_FF_OPTIONAL, offsetof(struct hp_trial_view, timing_only), 0, 0,
	  "after the N counting operations: in no count", NULL, NULL, NULL },
	{ "wall_ns", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_trial, wall_ns), 0, 0, "ns, CLOCK_MONOTONIC", NULL,
	  NULL, NULL },
	{ "cpu_ns", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_trial, cpu_ns), 0, 0, "ns, the thread's CPU time",
	  NULL, NULL, NULL },
	{ "switches", HP_F_COUNT, HP_FF_OPTIONAL, offsetof(struct hp_trial, switches), 0, 0, "context switches", NULL,
	  NULL, NULL },
	{ "run", HP_F_COUNT32, HP_FF_OPTIONAL, offsetof(struct hp_trial, run), 0, 0,
	  "the run (measuring process) it came from, 1..; 0: a slice", NULL, NULL, NULL },
	HP_TRIAL_VIEW(HP_F_OBJECT, "shares_raw", raw),
	HP_TRIAL_VIEW(HP_F_NUMBER, "shares_raw.hash", raw.hash),
	HP_TRIAL_VIEW(HP_F_NUMBER, "shares_raw.drng", raw.drng),
	HP_TRIAL_VIEW(HP_F_OBJECT, "shares_corrected", corrected),
	HP_TRIAL_VIEW(HP_F_NUMBER, "shares_corrected.hash", corrected.hash),
	HP_TRIAL_VIEW(HP_F_NUMBER, "shares_corrected.drng", corrected.drng),
};

/* ---------- walking a table ---------- */

/* ---------- writing ---------- */

static json_t *hp_shapes_json(const struct hp_result *r)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < r->nshapes; i++)
		json_array_append_new(
			a, hp_ft_pack(hp_shape_fields, HP_NFIELDS(hp_shape_fields), &r->shapes[i], NULL, NULL));
	return a;
}

/* {F: {"calls", "nested", "ticks"}, ...}: the overflow of each helper */
static json_t *hp_overflow_helpers_json(const struct hp_result *r)
{
	json_t *h = json_object();

	for (unsigned fn = 0; h && fn < HP_FN_COUNT; fn++)
		json_object_set_new(
			h, hp_fn_name(fn),
			hp_ft_pack(hp_overflow_fields, HP_NFIELDS(hp_overflow_fields), &r->overflow[fn], NULL, NULL));
	return h;
}

static json_t *hp_trials_json(const struct hp_result *r)
{
	json_t *a = json_array();

	for (uint32_t t = 0; t < r->ntrials; t++) {
		struct hp_trial_view v;
		v.disturbed = (r->trials[t].flags & HP_TRIAL_DISTURBED) != 0;
		v.timing_only = (r->trials[t].flags & HP_TRIAL_TIMING_ONLY) != 0;
		hp_shares_of_trial(r, t, 1, &v.raw);
		hp_shares_of_trial(r, t, 0, &v.corrected);
		json_array_append_new(
			a, hp_ft_pack(hp_trial_fields, HP_NFIELDS(hp_trial_fields), &r->trials[t], &v, NULL));
	}
	return a;
}

/* The keys of survey.findings[] and survey.entries[], in the order of
 * the tab-separated fields of the section's finding= and entry= lines
 * (builder/survey/survey.c's hp_survey_text). */
static const char *const hp_finding_keys[] = { "role", "primitive", "function", "object", "evidence" };
static const char *const hp_entry_keys[] = { "function", "primitive", "object", "wrap" };

/* One tab-separated line [p, end) as an object of keys (n of them); NULL
 * when it has another number of fields. */
static json_t *hp_survey_line(const char *p, const char *end, const char *const *keys, size_t n)
{
	json_t *o = json_object();

	for (size_t k = 0; o && k < n; k++) {
		const char *tab = k + 1 < n ? memchr(p, '\t', (size_t)(end - p)) : end;
		if (!tab || json_object_set_new(o, keys[k], json_stringn(p, (size_t)(tab - p))) != 0) {
			json_decref(o);
			return NULL;
		}
		p = tab + 1;
	}
	return o;
}

/* "survey": the instance's survey lines as JSON; NULL when the row has
 * none (the droppable field is then left out). */
static json_t *hp_survey_json(const struct hp_result *r)
{
	json_t *o, *findings, *entries, *notes;

	if (!r->survey_verdict[0])
		return NULL;
	o = json_pack("{s:s, s:s, s:[], s:[], s:[]}", "verdict", r->survey_verdict, "reason", r->survey_reason,
		      "findings", "entries", "notes");
	if (!o)
		return NULL;
	findings = json_object_get(o, "findings");
	entries = json_object_get(o, "entries");
	notes = json_object_get(o, "notes");
	for (const char *p = r->survey_detail; *p;) {
		const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
		json_t *v = NULL, *into = NULL;
		if (!strncmp(p, "finding=", 8)) {
			v = hp_survey_line(p + 8, end, hp_finding_keys, 5);
			into = findings;
		} else if (!strncmp(p, "entry=", 6)) {
			v = hp_survey_line(p + 6, end, hp_entry_keys, 4);
			into = entries;
		} else if (!strncmp(p, "note=", 5)) {
			v = json_stringn(p + 5, (size_t)(end - p - 5));
			into = notes;
		}
		if (into && (!v || json_array_append_new(into, v) != 0)) {
			json_decref(o);
			return NULL;
		}
		p = nl ? nl + 1 : end;
	}
	return o;
}

/* Append one line "prefix" + the strings of keys in o, tab-separated, to
 * the detail (cut at a line that does not fit).  -1 when a key is not a
 * string. */
static int hp_survey_unline(struct hp_result *r, size_t *used, const char *prefix, const json_t *o,
			    const char *const *keys, size_t n)
{
	char line[2048];
	size_t len = (size_t)snprintf(line, sizeof line, "%s", prefix);

	for (size_t k = 0; k < n; k++) {
		const json_t *v = json_is_string(o) && n == 1 ? o : json_object_get(o, keys[k]);
		if (!json_is_string(v))
			return -1;
		len += (size_t)snprintf(line + len, len < sizeof line ? sizeof line - len : 0, "%s%s", k ? "\t" : "",
					json_string_value(v));
	}
	if (len < sizeof line && *used + len + 2 <= sizeof r->survey_detail) {
		memcpy(r->survey_detail + *used, line, len);
		*used += len;
		r->survey_detail[(*used)++] = '\n';
		r->survey_detail[*used] = '\0';
	}
	return 0;
}

/* "survey" back into the row's three survey members. */
static int hp_survey_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	static const char *const verdicts[] = { "ICCS-only", "mixed", "bypass", "none" };
	static const char *const note_key[] = { "note" };
	const json_t *verdict, *reason;
	size_t used = 0, i;
	json_t *e;
	int known = 0;

	(void)rec;
	if (!v)
		return 0;
	verdict = json_object_get(v, "verdict");
	reason = json_object_get(v, "reason");
	for (size_t k = 0; json_is_string(verdict) && k < 4; k++)
		known |= !strcmp(json_string_value(verdict), verdicts[k]);
	if (!json_is_object(v) || !known || !json_is_string(reason)) {
		snprintf(err, errlen,
			 "field 'survey': expected an object with a verdict (ICCS-only, mixed, bypass or "
			 "none) and a reason");
		return -1;
	}
	snprintf(r->survey_verdict, sizeof r->survey_verdict, "%s", json_string_value(verdict));
	snprintf(r->survey_reason, sizeof r->survey_reason, "%s", json_string_value(reason));
	r->survey_detail[0] = '\0';
	json_array_foreach(json_object_get(v, "findings"), i, e)
	{
		if (hp_survey_unline(r, &used, "finding=", e, hp_finding_keys, 5)) {
			snprintf(err, errlen, "field 'survey.findings[%zu]': expected an object of strings", i);
			return -1;
		}
	}
	json_array_foreach(json_object_get(v, "entries"), i, e)
	{
		if (hp_survey_unline(r, &used, "entry=", e, hp_entry_keys, 4)) {
			snprintf(err, errlen, "field 'survey.entries[%zu]': expected an object of strings", i);
			return -1;
		}
	}
	json_array_foreach(json_object_get(v, "notes"), i, e)
	{
		if (hp_survey_unline(r, &used, "note=", e, note_key, 1)) {
			snprintf(err, errlen, "field 'survey.notes[%zu]': expected a string", i);
			return -1;
		}
	}
	return 0;
}

/* hp_ft_pack's writer of the parts' members (part.h) */
static int hp_parts_pack(const void *row, json_t *obj)
{
	return hp_parts_write(row, obj);
}

json_t *hp_record_from_result(const struct hp_result *r)
{
	struct hp_record_view v;

	v.schema = HP_RECORD_SCHEMA;
	v.status = r->status == HP_STATUS_OK ? "ok" : "failed";
	/* the totals include calls of unknown helpers read from an older record */
	v.overflow_calls = hp_result_overflowed(r);
	v.overflow_ticks = r->overflow_unattributed_ticks;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		v.overflow_ticks += r->overflow[fn].ticks;
	hp_shares_of_result(r, 1, &v.raw); /* `shares` is the published, uncorrected pair */
	hp_shares_of_result(r, 0, &v.corrected);
	v.raw_hash_spread = hp_shares_spread(r, 1, 0);
	v.raw_drng_spread = hp_shares_spread(r, 1, 1);
	v.cor_hash_spread = hp_shares_spread(r, 0, 0);
	v.cor_drng_spread = hp_shares_spread(r, 0, 1);
	hp_batches_estimate(r, 0, &v.batches);
	hp_batch_estimator_name(&v.batches, v.estimator_buf, sizeof v.estimator_buf);
	v.estimator = v.estimator_buf;
	v.counting_operations = r->operations;
	v.runs = hp_result_nruns(r);
	return hp_ft_pack(hp_record_fields, HP_NFIELDS(hp_record_fields), r, &v, hp_parts_pack);
}

/* ---------- reading ---------- */

static int hp_status_read(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	(void)rec;
	(void)err;
	(void)errlen;
	r->status = strcmp(json_string_value(v), "ok") ? HP_STATUS_FAILED : HP_STATUS_OK;
	return 0;
}

static int hp_shapes_read(const json_t *a, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	size_t i;
	json_t *e;
	json_error_t je;

	(void)rec;
	if (!json_is_array(a)) {
		snprintf(err, errlen, "field 'calls': not an array");
		return -1;
	}
	json_array_foreach(a, i, e)
	{
		struct hp_result_shape s;
		int rc = hp_ft_unpack_element(e, hp_shape_fields, HP_NFIELDS(hp_shape_fields), &s, &je);

		if (rc < 0) {
			snprintf(err, errlen, "field 'calls[%zu]': %s", i, je.text);
			return -1;
		}
		if (rc > 0) {
			snprintf(err, errlen, "field 'calls[%zu]': unknown function or negative count", i);
			return -1;
		}
		if (hp_result_add_shape(r, &s) != 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

/*
 * overflow.helpers (per helper {"calls", "nested", "ticks"}) into
 * r->overflow; what overflow.calls/ticks hold beyond them is unattributed
 * (all of it in a record without overflow.helpers).
 */
static int hp_overflow_read(const json_t *h, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	const json_t *o = json_object_get(rec, "overflow");
	uint64_t ocalls = (uint64_t)json_integer_value(json_object_get(o, "calls"));
	uint64_t oticks = (uint64_t)json_integer_value(json_object_get(o, "ticks"));
	uint64_t calls = 0, ticks = 0;
	json_error_t je;

	if (h && !json_is_object(h)) {
		snprintf(err, errlen, "field 'overflow.helpers': expected an object");
		return -1;
	}
	for (unsigned fn = 0; h && fn < HP_FN_COUNT; fn++) {
		json_t *e = json_object_get(h, hp_fn_name(fn));
		struct hp_overflow *of = &r->overflow[fn];

		if (!e || hp_ft_unpack_element(e, hp_overflow_fields, HP_NFIELDS(hp_overflow_fields), of, &je) != 0) {
			char keys[64] = "";
			for (size_t k = 0; k < HP_NFIELDS(hp_overflow_fields); k++)
				snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s\"%s\"", k ? ", " : "",
					 hp_overflow_fields[k].path);
			if (!e)
				snprintf(err, errlen, "field 'overflow.helpers.%s': missing", hp_fn_name(fn));
			else
				snprintf(err, errlen, "field 'overflow.helpers.%s': expected {%s}, whole numbers >= 0",
					 hp_fn_name(fn), keys);
			return -1;
		}
		if (hp_ft_add(calls, of->calls, &calls) || hp_ft_add(calls, of->nested, &calls) ||
		    hp_ft_add(ticks, of->ticks, &ticks)) {
			snprintf(err, errlen, "field 'overflow.helpers': the counts sum past 2^64");
			return -1;
		}
	}
	if (calls > ocalls || ticks > oticks) {
		snprintf(err, errlen, "field 'overflow.%s': %llu, fewer than the sum over overflow.helpers (%llu)",
			 calls > ocalls ? "calls" : "ticks", (unsigned long long)(calls > ocalls ? ocalls : oticks),
			 (unsigned long long)(calls > ocalls ? calls : ticks));
		return -1;
	}
	r->overflow_unattributed_calls = ocalls - calls;
	r->overflow_unattributed_ticks = oticks - ticks;
	return 0;
}

/* The optional trials (records without them have no spread). */
static int hp_trials_read(const json_t *a, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	size_t i;
	json_t *e;
	json_error_t je;

	(void)rec;
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > HP_TRIALS_MAX) {
		snprintf(err, errlen, "field 'trials': not an array of at most %d trials", HP_TRIALS_MAX);
		return -1;
	}
	json_array_foreach(a, i, e)
	{
		if (hp_ft_unpack_element(e, hp_trial_fields, HP_NFIELDS(hp_trial_fields), &r->trials[i], &je) != 0) {
			snprintf(err, errlen, "field 'trials[%zu]': malformed", i);
			return -1;
		}
		r->trials[i].flags = (json_is_true(json_object_get(e, "disturbed")) ? HP_TRIAL_DISTURBED : 0) |
				     (json_is_true(json_object_get(e, "timing_only")) ? HP_TRIAL_TIMING_ONLY : 0);
	}
	r->ntrials = (uint32_t)json_array_size(a);
	return 0;
}

/* batches.per_run: one object per run of a batched row, its own
 * calibration (read back: its batches are corrected with it) and what
 * the estimate saw of it (recomputed by readers). */
static json_t *hp_runs_json(const struct hp_result *r)
{
	struct hp_batch_estimate e;
	json_t *a = json_array();

	hp_batches_estimate(r, 0, &e);
	for (uint32_t k = 1; a && k <= hp_result_nruns(r); k++) {
		struct hp_result_run oh = r->nruns ? r->runs[k - 1]
						   : (struct hp_result_run){ r->overhead_valid, r->overhead_added_ticks,
									     r->overhead_inside_ticks };
		const struct hp_batch_run *m = NULL;
		for (uint32_t i = 0; i < e.runs; i++)
			if (e.run[i].run == k)
				m = &e.run[i];
		json_array_append_new(
			a, json_pack("{s:I, s:b, s:f, s:f, s:I, s:f, s:f, s:f}", "run", (json_int_t)k, "overhead_valid",
				     oh.overhead_valid, "overhead_added_ticks_per_call", oh.overhead_added_ticks,
				     "overhead_inside_ticks_per_call", oh.overhead_inside_ticks, "batches_used",
				     (json_int_t)(m ? m->used : 0), "hash_median", m ? m->hash : 0.0, "drng_median",
				     m ? m->drng : 0.0, "ticks_per_operation_median", m ? m->ticks_per_op : 0.0));
	}
	return a;
}

static int hp_runs_read(const json_t *a, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	size_t i;
	json_t *e;

	(void)rec;
	r->nruns = 0;
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > HP_RUNS_MAX) {
		snprintf(err, errlen, "field 'batches.per_run': not an array of at most %d runs", HP_RUNS_MAX);
		return -1;
	}
	json_array_foreach(a, i, e)
	{
		struct hp_result_run *o = &r->runs[i];
		json_t *valid = json_object_get(e, "overhead_valid"),
		       *add = json_object_get(e, "overhead_added_ticks_per_call"),
		       *in = json_object_get(e, "overhead_inside_ticks_per_call");
		if (!json_is_boolean(valid) || !json_is_number(add) || !json_is_number(in) ||
		    json_number_value(add) < 0 || json_number_value(in) < 0) {
			snprintf(err, errlen, "field 'batches.per_run[%zu]': malformed (its overhead)", i);
			return -1;
		}
		o->overhead_valid = json_is_true(valid);
		o->overhead_added_ticks = json_number_value(add);
		o->overhead_inside_ticks = json_number_value(in);
	}
	r->nruns = (uint32_t)json_array_size(a);
	return 0;
}

/* "batches" (a batched row): r->batched, and its timing-only operations
 * (the rest is recomputed from trials[]). */
static int hp_batches_read(const json_t *o, const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	const json_t *n = json_object_get(o, "timing_operations");

	(void)rec;
	r->batched = o != NULL;
	r->timing_operations = 0;
	if (!o)
		return 0;
	if (!json_is_object(o) || (n && (!json_is_integer(n) || json_integer_value(n) < 0))) {
		snprintf(err, errlen, "field 'batches': not an object whose timing_operations is a count");
		return -1;
	}
	r->timing_operations = n ? (uint64_t)json_integer_value(n) : 0;
	return 0;
}

/* An optional group of fields Jansson checks (overhead) into r. */
static int hp_group_read(const json_t *j, size_t g, struct hp_result *r, char *err, size_t errlen)
{
	if (hp_ft_group_unpack(j, hp_record_fields, HP_NFIELDS(hp_record_fields), g, err, errlen) != 0)
		return -1;
	hp_ft_group_store(j, hp_record_fields, HP_NFIELDS(hp_record_fields), g, r);
	return 0;
}

/* What a measurement cannot produce: helper time beyond the operation's
 * time (in the row or in a trial), counts that sum past 2^64, calls
 * without operations, more operations than were planned, an overhead
 * inside the helper above the overhead the call adds (the calibration
 * caps it there). */
static int hp_record_consistent(const struct hp_result *r, char *err, size_t errlen)
{
	uint64_t inside = r->overflow_unattributed_ticks, calls = hp_result_overflowed(r);

	if (r->overhead_inside_ticks > r->overhead_added_ticks) {
		snprintf(err, errlen,
			 "field 'overhead.inside_ticks_per_call': %g ticks, more than "
			 "overhead.added_ticks_per_call %g (the part inside the helper is part of what a call adds)",
			 r->overhead_inside_ticks, r->overhead_added_ticks);
		return -1;
	}

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (hp_ft_add(inside, r->overflow[fn].ticks, &inside)) {
			snprintf(err, errlen, "field 'overflow.ticks': the ticks inside the helpers sum past 2^64");
			return -1;
		}
	for (size_t i = 0; i < r->nshapes; i++) {
		if (hp_ft_add(inside, r->shapes[i].ticks, &inside)) {
			snprintf(err, errlen, "field 'calls[%zu].ticks': the ticks inside the helpers sum past 2^64",
				 i);
			return -1;
		}
		if (hp_ft_add(calls, r->shapes[i].calls, &calls) || hp_ft_add(calls, r->shapes[i].nested, &calls)) {
			snprintf(err, errlen, "field 'calls[%zu]': the calls sum past 2^64", i);
			return -1;
		}
	}
	if (inside > r->total_ticks) {
		snprintf(err, errlen, "field 'calls': %llu ticks inside the helpers exceed totals.ticks %llu",
			 (unsigned long long)inside, (unsigned long long)r->total_ticks);
		return -1;
	}
	for (uint32_t t = 0; t < r->ntrials; t++) {
		const struct hp_trial *tr = &r->trials[t];
		uint64_t tin = 0;
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			if (hp_ft_add(tin, tr->ticks[fn], &tin)) {
				snprintf(err, errlen,
					 "field 'trials[%u].ticks': the ticks inside the helpers sum past 2^64", t);
				return -1;
			}
		if (tin > tr->total_ticks) {
			snprintf(err, errlen,
				 "field 'trials[%u].ticks': %llu ticks inside the helpers exceed "
				 "trials[%u].total_ticks %llu",
				 t, (unsigned long long)tin, t, (unsigned long long)tr->total_ticks);
			return -1;
		}
	}
	if (calls && !r->operations) {
		snprintf(err, errlen, "field 'totals.operations': 0, yet the call table has %llu calls",
			 (unsigned long long)calls);
		return -1;
	}
	if (r->operations > r->iterations) {
		snprintf(err, errlen, "field 'totals.operations': %llu, more than procedure.iterations %llu",
			 (unsigned long long)r->operations, (unsigned long long)r->iterations);
		return -1;
	}
	return hp_parts_consistent(r, err, errlen);
}

int hp_record_to_result(const json_t *j, struct hp_result *r, char *err, size_t errlen)
{
	const struct hp_field *t = hp_record_fields;
	size_t n = HP_NFIELDS(hp_record_fields);
	json_error_t je;

	/* every field a record must have is there, of its type (Jansson's message) */
	for (size_t i = 0; i < n; i++)
		if (hp_ft_required(t, n, &t[i]) &&
		    hp_ft_unpack_key(i ? hp_ft_json_parent(j, &t[i]) : j, &t[i], &je) != 0) {
			snprintf(err, errlen, "%s%s%s", je.text,
				 je.source[0] && strcmp(je.source, "<validation>") ? " in " : "",
				 strcmp(je.source, "<validation>") ? je.source : "");
			return -1;
		}
	if (strcmp(json_string_value(json_object_get(j, "schema")), HP_RECORD_SCHEMA)) {
		snprintf(err, errlen, "field 'schema': '%s' is not %s", json_string_value(json_object_get(j, "schema")),
			 HP_RECORD_SCHEMA);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (hp_ft_required(t, n, &t[i]) && t[i].type == HP_F_STRING && t[i].size &&
		    strlen(json_string_value(hp_ft_json_path(j, t[i].path))) >= t[i].size) {
			snprintf(err, errlen, "a string field is too long");
			return -1;
		}
	for (size_t i = 0; i < n; i++)
		if (hp_ft_required(t, n, &t[i]) && t[i].type == HP_F_COUNT &&
		    json_integer_value(hp_ft_json_path(j, t[i].path)) < 0) {
			snprintf(err, errlen, "a count in 'procedure', 'totals' or 'overflow' is negative");
			return -1;
		}
	/* the values, in table order: those every record has, then the optional ones */
	for (size_t k = 0; k < 2 * n; k++) {
		size_t i = k % n;
		const struct hp_field *f = &t[i];
		const json_t *v = hp_ft_json_path(j, f->path);

		if ((k < n) != hp_ft_required(t, n, f))
			continue;
		if (f->read) {
			if (f->read(v, j, r, err, errlen) != 0)
				return -1;
		} else if ((f->flags & (HP_FF_VIEW | HP_FF_OUTER)) || f->type == HP_F_ANY) {
			continue; /* computed (readers recompute it), or not ours */
		} else if (hp_ft_top(t, n, f) != f && (hp_ft_top(t, n, f)->flags & HP_FF_OPTIONAL)) {
			continue; /* read with its optional group */
		} else if (f->type == HP_F_OBJECT) {
			if (v && (f->flags & HP_FF_OPTIONAL) && hp_group_read(j, i, r, err, errlen) != 0)
				return -1;
		} else if (!v) {
			continue; /* an optional field that is not there */
		} else if (f->type == HP_F_HEX) {
			if (hp_ft_hex_into(f, v, r) != 0) {
				snprintf(err, errlen, "field '%s': not hex", f->path);
				return -1;
			}
		} else if (!(f->flags & HP_FF_OPTIONAL)) {
			hp_ft_store(f, v, r); /* of its type, strings not too long (above) */
		} else if (f->type == HP_F_STRING && json_is_string(v)) {
			snprintf((char *)r + f->off, f->size, "%s", json_string_value(v)); /* cut to fit */
		} else if (hp_ft_type_ok(v, f->type)) {
			hp_ft_store(f, v, r); /* an optional field of another type is ignored */
		}
	}
	if (hp_parts_read(j, r, err, errlen) != 0)
		return -1;
	return hp_record_consistent(r, err, errlen);
}

/* ---------- validation: name the field that is wrong ---------- */

/* The longest string f takes, bytes; 0: any. */
static size_t hp_max_len(const struct hp_field *f)
{
	if (f->type == HP_F_HEX)
		return 2 * f->size;
	return f->type == HP_F_STRING && f->size ? f->size - 1 : 0;
}

/* Check the value v of f, named name in messages: 0, or -1 with
 * "field 'NAME': problem" in err. */
static int hp_check_field(const json_t *v, const char *name, const struct hp_field *f, char *err, size_t errlen)
{
	size_t max = hp_max_len(f);

	if (!v) {
		snprintf(err, errlen, "field '%s': missing", name);
		return -1;
	}
	if (!hp_ft_type_ok(v, f->type)) {
		snprintf(err, errlen, "field '%s': expected %s", name, hp_ft_type_names[f->type]);
		return -1;
	}
	if (max && json_string_length(v) > max) {
		snprintf(err, errlen, "field '%s': longer than %zu bytes", name, max);
		return -1;
	}
	if (f->type == HP_F_HELPER && hp_ft_fn_from_name(json_string_value(v)) < 0) {
		snprintf(err, errlen, "field '%s': '%.64s' is not a wrapped helper", name, json_string_value(v));
		return -1;
	}
	return 0;
}

static int hp_status_check(const json_t *v, char *err, size_t errlen)
{
	if (strcmp(json_string_value(v), "ok") && strcmp(json_string_value(v), "failed")) {
		snprintf(err, errlen, "field 'status': '%.32s' is neither ok nor failed", json_string_value(v));
		return -1;
	}
	return 0;
}

/* Every element of calls[] is a shape with its fields. */
static int hp_shapes_check(const json_t *calls, char *err, size_t errlen)
{
	size_t i;
	json_t *e;

	json_array_foreach(calls, i, e)
	{
		char name[64];

		if (!json_is_object(e)) {
			snprintf(err, errlen, "field 'calls[%zu]': expected an object", i);
			return -1;
		}
		for (size_t k = 0; k < HP_NFIELDS(hp_shape_fields); k++) {
			const struct hp_field *f = &hp_shape_fields[k];
			snprintf(name, sizeof name, "calls[%zu].%s", i, f->path);
			if (hp_check_field(json_object_get(e, f->path), name, f, err, errlen) != 0)
				return -1;
		}
	}
	return 0;
}

/* The names of a record (its fields are there, strings): the instance by
 * the rule of instance names (ngcc.h: a record's instance names its file
 * too), the kind one of the API's, the operation one of that kind's
 * (ngcc.h), as `hashprof check` requires of a baseline.  0, or -1 with
 * "field 'NAME': ..." in err. */
static int hp_check_names(const json_t *rec, char *err, size_t errlen)
{
	const char *inst = json_string_value(json_object_get(rec, "instance"));
	const char *kind = json_string_value(json_object_get(rec, "kind"));
	const char *op = json_string_value(json_object_get(rec, "operation"));
	const char *const *ops = hp_ngcc_operations(kind);
	char list[128] = "";
	size_t used = 0;

	if (!hp_name_valid(inst)) {
		snprintf(err, errlen, "field 'instance': '%.64s' is not an instance name (" HP_NAME_RULE ")", inst);
		return -1;
	}
	if (!ops) {
		snprintf(err, errlen, "field 'kind': '%.16s' is not an API kind (sig, kem or kex)", kind);
		return -1;
	}
	for (const char *const *o = ops; *o; o++) {
		if (!strcmp(*o, op))
			return 0;
		if (used < sizeof list)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", *o);
	}
	snprintf(err, errlen, "field 'operation': '%.32s' is not an operation of a %s (%s)", op, kind, list);
	return -1;
}

int hp_record_check(const json_t *rec, char *err, size_t errlen)
{
	const struct hp_field *t = hp_record_fields;
	size_t n = HP_NFIELDS(hp_record_fields);
	const json_t *schema = json_object_get(rec, "schema");

	if (!json_is_object(rec)) {
		snprintf(err, errlen, "expected a record (a JSON object)");
		return -1;
	}
	if (!schema) {
		snprintf(err, errlen, "field 'schema': missing (not a hashprof record)");
		return -1;
	}
	if (!json_is_string(schema)) {
		snprintf(err, errlen, "field 'schema': expected a string");
		return -1;
	}
	if (strcmp(json_string_value(schema), HP_RECORD_SCHEMA)) {
		snprintf(err, errlen, "field 'schema': '%.64s' is not supported (this hashprof reads %s)",
			 json_string_value(schema), HP_RECORD_SCHEMA);
		return -1;
	}
	/* the fields every record has, of their types */
	for (size_t i = 1; i < n; i++)
		if (hp_ft_required(t, n, &t[i]) &&
		    hp_check_field(hp_ft_json_path(rec, t[i].path), t[i].path, &t[i], err, errlen))
			return -1;
	/* then their values, and the optional fields that are there */
	for (size_t i = 1; i < n; i++) {
		const json_t *v = hp_ft_json_path(rec, t[i].path);

		if (hp_ft_required(t, n, &t[i])) {
			if (t[i].check && t[i].check(v, err, errlen) != 0)
				return -1;
		} else if (v && !hp_ft_lenient(t, n, &t[i]) && hp_check_field(v, t[i].path, &t[i], err, errlen) != 0) {
			return -1;
		}
	}
	return hp_check_names(rec, err, errlen);
}
