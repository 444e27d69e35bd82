/*
 * record.c - rows to and from JSON (see record.h, docs/record-schema.md).
 */
#include "record.h"

#include <stdio.h>
#include <string.h>

#include "hex.h"
#include "record_replay.h"
#include "shares.h"

static const char *hp_status_name(enum hp_status s)
{
	return s == HP_STATUS_OK ? "ok" : "failed";
}

static json_t *hp_shapes_to_json(const struct hp_result *r)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < r->nshapes; i++) {
		const struct hp_result_shape *s = &r->shapes[i];
		json_array_append_new(a, json_pack("{s:s, s:I, s:I, s:I, s:I, s:I}",
			"fn", hp_fn_name(s->fn), "in_bits", (json_int_t)s->in_bits,
			"out_bits", (json_int_t)s->out_bits, "calls", (json_int_t)s->calls,
			"nested", (json_int_t)s->nested, "ticks", (json_int_t)s->ticks));
	}
	return a;
}

/* {"calls": all overflowed calls, "ticks": their ticks, "helpers": {F:
 * {"calls", "nested", "ticks"}, ...}} (the totals include calls of
 * unknown helpers read from an older record). */
static json_t *hp_overflow_json(const struct hp_result *r)
{
	json_t *h = json_object();
	uint64_t ticks = r->overflow_unattributed_ticks;

	for (unsigned fn = 0; h && fn < HP_FN_COUNT; fn++) {
		const struct hp_overflow *o = &r->overflow[fn];
		ticks += o->ticks;
		json_object_set_new(h, hp_fn_name(fn), json_pack("{s:I, s:I, s:I}", "calls", (json_int_t)o->calls,
				    "nested", (json_int_t)o->nested, "ticks", (json_int_t)o->ticks));
	}
	return json_pack("{s:I, s:I, s:o}", "calls", (json_int_t)hp_result_overflowed(r),
			 "ticks", (json_int_t)ticks, "helpers", h);
}

static json_t *hp_record_base(const struct hp_result *r)
{
	char seed[2 * HP_BYTES_MAX + 1], msg[2 * HP_BYTES_MAX + 1];
	struct hp_shares raw;   /* `shares` is the published, uncorrected pair */

	hp_shares_of_result(r, 1, &raw);
	hp_hex_encode(r->seed, r->seed_len, seed);
	hp_hex_encode(r->message, r->message_len, msg);
	return json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s,"
		" s:{s:I, s:I, s:b, s:f, s:s, s:s},"
		" s:{s:s, s:s, s:f},"
		" s:{s:I, s:I}, s:o, s:o, s:{s:f, s:f}}",
		"schema", HP_RECORD_SCHEMA,
		"instance", r->instance, "kind", r->kind, "operation", r->operation,
		"path", r->path, "wrapped", r->wrapped,
		"status", hp_status_name(r->status), "failure", r->failure,
		"procedure",
		"iterations", (json_int_t)r->iterations, "warmup", (json_int_t)r->warmup,
		"planned", r->planned, "calibration_seconds", r->calibration_seconds,
		"seed", seed, "message", msg,
		"clock", "source", r->clock_source, "unit", r->clock_unit, "rate_hz", r->tick_hz,
		"totals", "operations", (json_int_t)r->operations, "ticks", (json_int_t)r->total_ticks,
		"overflow", hp_overflow_json(r),
		"calls", hp_shapes_to_json(r),
		"shares",
		"hash", raw.hash, "drng", raw.drng);
}

/* shares of r as {"hash", "drng", "drng_init", "total_ticks"} */
static json_t *hp_shares_json(const struct hp_result *r, int raw)
{
	struct hp_shares s;

	hp_shares_of_result(r, raw, &s);
	return json_pack("{s:f, s:f, s:f, s:f, s:f, s:f}", "hash", s.hash, "drng", s.drng,
			 "drng_init", s.drng_init, "total_ticks", s.total_ticks,
			 "hash_spread_pp", hp_shares_spread(r, raw, 0), "drng_spread_pp", hp_shares_spread(r, raw, 1));
}

static json_t *hp_fn_array_json(const uint64_t v[HP_FN_COUNT])
{
	json_t *o = json_object();

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		json_object_set_new(o, hp_fn_name(fn), json_integer((json_int_t)v[fn]));
	return o;
}

static json_t *hp_trials_json(const struct hp_result *r)
{
	json_t *a = json_array();

	for (uint32_t t = 0; t < r->ntrials; t++) {
		const struct hp_trial *tr = &r->trials[t];
		struct hp_shares raw, cor;
		hp_shares_of_trial(r, t, 1, &raw);
		hp_shares_of_trial(r, t, 0, &cor);
		json_array_append_new(a, json_pack("{s:I, s:I, s:o, s:o, s:{s:f, s:f}, s:{s:f, s:f}}",
			"operations", (json_int_t)tr->operations, "total_ticks", (json_int_t)tr->total_ticks,
			"calls", hp_fn_array_json(tr->calls), "ticks", hp_fn_array_json(tr->ticks),
			"shares_raw", "hash", raw.hash, "drng", raw.drng,
			"shares_corrected", "hash", cor.hash, "drng", cor.drng));
	}
	return a;
}

/* Issue 5's fields: overhead, trials, raw and corrected shares. */
static void hp_add_accuracy(json_t *rec, const struct hp_result *r)
{
	json_object_set_new(rec, "overhead", json_pack("{s:b, s:f, s:f, s:f}",
		"valid", r->overhead_valid, "added_ticks_per_call", r->overhead_added_ticks,
		"inside_ticks_per_call", r->overhead_inside_ticks, "calibration_seconds", r->overhead_seconds));
	json_object_set_new(rec, "trials", hp_trials_json(r));
	json_object_set_new(rec, "shares_raw", hp_shares_json(r, 1));
	json_object_set_new(rec, "shares_corrected", hp_shares_json(r, 0));
}

json_t *hp_record_from_result(const struct hp_result *r)
{
	json_t *rec = hp_record_base(r);

	if (rec)
		hp_add_accuracy(rec, r);
	if (rec && r->build_notes[0])   /* optional: only instances made by `hashprof build` */
		json_object_set_new(rec, "build_notes", json_string(r->build_notes));
	if (rec && hp_record_replay_add(rec, r) != 0) {   /* optional: only with --replay */
		json_decref(rec);
		return NULL;
	}
	return rec;
}

static int hp_fn_from_name(const char *name)
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (!strcmp(name, hp_fn_name(fn)))
			return (int)fn;
	return -1;
}

static int hp_copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	if (n >= cap)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

static int hp_shapes_from_json(const json_t *a, struct hp_result *r, char *err, size_t errlen)
{
	size_t i;
	json_t *e;
	json_error_t je;

	if (!json_is_array(a)) {
		snprintf(err, errlen, "field 'calls': not an array");
		return -1;
	}
	json_array_foreach(a, i, e) {
		const char *fn;
		json_int_t in, out, calls, nested, ticks;
		struct hp_result_shape s;

		if (json_unpack_ex((json_t *)e, &je, 0, "{s:s, s:I, s:I, s:I, s:I, s:I}",
				   "fn", &fn, "in_bits", &in, "out_bits", &out, "calls", &calls,
				   "nested", &nested, "ticks", &ticks) != 0) {
			snprintf(err, errlen, "field 'calls[%zu]': %s", i, je.text);
			return -1;
		}
		if (hp_fn_from_name(fn) < 0 || in < 0 || out < 0 || calls < 0 || nested < 0 || ticks < 0) {
			snprintf(err, errlen, "field 'calls[%zu]': unknown function or negative count", i);
			return -1;
		}
		s = (struct hp_result_shape){ (uint32_t)hp_fn_from_name(fn), (uint64_t)in,
			(uint64_t)out, (uint64_t)calls, (uint64_t)nested, (uint64_t)ticks };
		if (hp_result_add_shape(r, &s) != 0) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

/* a + b into *sum; -1 when it does not fit 64 bits */
static int hp_add(uint64_t a, uint64_t b, uint64_t *sum)
{
	return __builtin_add_overflow(a, b, sum) ? -1 : 0;
}

/*
 * overflow.helpers (per helper {"calls", "nested", "ticks"}) into
 * r->overflow; what overflow.calls/ticks (ocalls, oticks) hold beyond
 * them is unattributed (all of it in a record without overflow.helpers).
 */
static int hp_overflow_from_json(const json_t *j, uint64_t ocalls, uint64_t oticks, struct hp_result *r,
				 char *err, size_t errlen)
{
	json_t *h = json_object_get(json_object_get(j, "overflow"), "helpers");
	uint64_t calls = 0, ticks = 0;
	json_error_t je;

	if (h && !json_is_object(h)) {
		snprintf(err, errlen, "field 'overflow.helpers': expected an object");
		return -1;
	}
	for (unsigned fn = 0; h && fn < HP_FN_COUNT; fn++) {
		json_t *e = json_object_get(h, hp_fn_name(fn));
		json_int_t c, n, t;
		if (!e || json_unpack_ex(e, &je, 0, "{s:I, s:I, s:I}", "calls", &c, "nested", &n, "ticks", &t) != 0 ||
		    c < 0 || n < 0 || t < 0) {
			snprintf(err, errlen, "field 'overflow.helpers.%s': %s", hp_fn_name(fn),
				 !e ? "missing" : "expected {\"calls\", \"nested\", \"ticks\"}, whole numbers >= 0");
			return -1;
		}
		r->overflow[fn] = (struct hp_overflow){ (uint64_t)c, (uint64_t)n, (uint64_t)t };
		if (hp_add(calls, (uint64_t)c, &calls) || hp_add(calls, (uint64_t)n, &calls) ||
		    hp_add(ticks, (uint64_t)t, &ticks)) {
			snprintf(err, errlen, "field 'overflow.helpers': the counts sum past 2^64");
			return -1;
		}
	}
	if (calls > ocalls || ticks > oticks) {
		snprintf(err, errlen, "field 'overflow.%s': %llu, fewer than the sum over overflow.helpers (%llu)",
			 calls > ocalls ? "calls" : "ticks",
			 (unsigned long long)(calls > ocalls ? ocalls : oticks),
			 (unsigned long long)(calls > ocalls ? calls : ticks));
		return -1;
	}
	r->overflow_unattributed_calls = ocalls - calls;
	r->overflow_unattributed_ticks = oticks - ticks;
	return 0;
}

/* Per-helper counts {"get_random_number": n, ...} into v. */
static int hp_fn_array_from_json(const json_t *o, uint64_t v[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		json_t *e = json_object_get(o, hp_fn_name(fn));
		if (!json_is_integer(e) || json_integer_value(e) < 0)
			return -1;
		v[fn] = (uint64_t)json_integer_value(e);
	}
	return 0;
}

/* The optional issue-5 fields (records without them have no correction). */
static int hp_accuracy_from_json(const json_t *j, struct hp_result *r, char *err, size_t errlen)
{
	json_t *oh = json_object_get(j, "overhead"), *trials = json_object_get(j, "trials"), *e;
	json_error_t je;
	size_t i;

	if (oh && json_unpack_ex(oh, &je, 0, "{s:b, s:F, s:F, s?F}", "valid", &r->overhead_valid,
				 "added_ticks_per_call", &r->overhead_added_ticks,
				 "inside_ticks_per_call", &r->overhead_inside_ticks,
				 "calibration_seconds", &r->overhead_seconds) != 0) {
		snprintf(err, errlen, "field 'overhead': %s", je.text);
		return -1;
	}
	if (!trials)
		return 0;
	if (!json_is_array(trials) || json_array_size(trials) > HP_TRIALS_MAX) {
		snprintf(err, errlen, "field 'trials': not an array of at most %d trials", HP_TRIALS_MAX);
		return -1;
	}
	json_array_foreach(trials, i, e) {
		struct hp_trial *t = &r->trials[i];
		json_int_t ops, ticks;
		json_t *calls, *tk;
		if (json_unpack_ex(e, &je, 0, "{s:I, s:I, s:o, s:o}", "operations", &ops, "total_ticks", &ticks,
				   "calls", &calls, "ticks", &tk) != 0 || ops < 0 || ticks < 0 ||
		    hp_fn_array_from_json(calls, t->calls) || hp_fn_array_from_json(tk, t->ticks)) {
			snprintf(err, errlen, "field 'trials[%zu]': malformed", i);
			return -1;
		}
		t->operations = (uint64_t)ops;
		t->total_ticks = (uint64_t)ticks;
	}
	r->ntrials = (uint32_t)json_array_size(trials);
	return 0;
}

/* What a measurement cannot produce: helper time beyond the operation's
 * time (in the row or in a trial), counts that sum past 2^64, calls
 * without operations, more operations than were planned. */
static int hp_record_consistent(const struct hp_result *r, char *err, size_t errlen)
{
	uint64_t inside = r->overflow_unattributed_ticks, calls = hp_result_overflowed(r);

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (hp_add(inside, r->overflow[fn].ticks, &inside)) {
			snprintf(err, errlen, "field 'overflow.ticks': the ticks inside the helpers sum past 2^64");
			return -1;
		}
	for (size_t i = 0; i < r->nshapes; i++) {
		if (hp_add(inside, r->shapes[i].ticks, &inside)) {
			snprintf(err, errlen, "field 'calls[%zu].ticks': the ticks inside the helpers sum past 2^64", i);
			return -1;
		}
		if (hp_add(calls, r->shapes[i].calls, &calls) || hp_add(calls, r->shapes[i].nested, &calls)) {
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
			if (hp_add(tin, tr->ticks[fn], &tin)) {
				snprintf(err, errlen, "field 'trials[%u].ticks': the ticks inside the helpers sum past 2^64", t);
				return -1;
			}
		if (tin > tr->total_ticks) {
			snprintf(err, errlen, "field 'trials[%u].ticks': %llu ticks inside the helpers exceed "
				 "trials[%u].total_ticks %llu", t, (unsigned long long)tin, t,
				 (unsigned long long)tr->total_ticks);
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
	return 0;
}

int hp_record_to_result(const json_t *j, struct hp_result *r, char *err, size_t errlen)
{
	const char *schema, *inst, *kind, *op, *path, *wrapped, *status, *failure;
	const char *seed, *msg, *src, *unit;
	json_int_t it, wu, ops, ticks, ocalls, oticks;
	int planned;
	double cal, rate;
	json_t *calls;
	json_error_t je;
	long n;

	if (json_unpack_ex((json_t *)j, &je, 0,
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s,"
		" s:{s:I, s:I, s:b, s:F, s:s, s:s},"
		" s:{s:s, s:s, s:F},"
		" s:{s:I, s:I}, s:{s:I, s:I}, s:o}",
		"schema", &schema, "instance", &inst, "kind", &kind, "operation", &op,
		"path", &path, "wrapped", &wrapped, "status", &status, "failure", &failure,
		"procedure", "iterations", &it, "warmup", &wu, "planned", &planned,
		"calibration_seconds", &cal, "seed", &seed, "message", &msg,
		"clock", "source", &src, "unit", &unit, "rate_hz", &rate,
		"totals", "operations", &ops, "ticks", &ticks,
		"overflow", "calls", &ocalls, "ticks", &oticks,
		"calls", &calls) != 0) {
		snprintf(err, errlen, "%s%s%s", je.text,
			 je.source[0] && strcmp(je.source, "<validation>") ? " in " : "",
			 strcmp(je.source, "<validation>") ? je.source : "");
		return -1;
	}
	if (strcmp(schema, HP_RECORD_SCHEMA)) {
		snprintf(err, errlen, "field 'schema': '%s' is not %s", schema, HP_RECORD_SCHEMA);
		return -1;
	}
	if (hp_copy_str(r->instance, sizeof r->instance, inst) || hp_copy_str(r->kind, sizeof r->kind, kind) ||
	    hp_copy_str(r->operation, sizeof r->operation, op) || hp_copy_str(r->path, sizeof r->path, path) ||
	    hp_copy_str(r->wrapped, sizeof r->wrapped, wrapped) ||
	    hp_copy_str(r->failure, sizeof r->failure, failure) ||
	    hp_copy_str(r->clock_source, sizeof r->clock_source, src) ||
	    hp_copy_str(r->clock_unit, sizeof r->clock_unit, unit)) {
		snprintf(err, errlen, "a string field is too long");
		return -1;
	}
	if (it < 0 || wu < 0 || ops < 0 || ticks < 0 || ocalls < 0 || oticks < 0) {
		snprintf(err, errlen, "a count in 'procedure', 'totals' or 'overflow' is negative");
		return -1;
	}
	r->status = strcmp(status, "ok") ? HP_STATUS_FAILED : HP_STATUS_OK;
	r->iterations = (uint64_t)it;
	r->warmup = (uint64_t)wu;
	r->planned = planned;
	r->calibration_seconds = cal;
	r->tick_hz = rate;
	r->operations = (uint64_t)ops;
	r->total_ticks = (uint64_t)ticks;
	if ((n = hp_hex_decode(seed, r->seed, sizeof r->seed)) < 0) {
		snprintf(err, errlen, "field 'procedure.seed': not hex");
		return -1;
	}
	r->seed_len = (size_t)n;
	if ((n = hp_hex_decode(msg, r->message, sizeof r->message)) < 0) {
		snprintf(err, errlen, "field 'procedure.message': not hex");
		return -1;
	}
	r->message_len = (size_t)n;
	if (hp_shapes_from_json(calls, r, err, errlen) != 0 ||
	    hp_overflow_from_json(j, (uint64_t)ocalls, (uint64_t)oticks, r, err, errlen) != 0)
		return -1;
	if (json_is_string(json_object_get(j, "build_notes")))
		snprintf(r->build_notes, sizeof r->build_notes, "%s",
			 json_string_value(json_object_get(j, "build_notes")));
	if (hp_accuracy_from_json(j, r, err, errlen) != 0 || hp_record_replay_read(j, r, err, errlen) != 0)
		return -1;
	return hp_record_consistent(r, err, errlen);
}
