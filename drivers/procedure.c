/*
 * procedure.c - the measuring procedure (see procedure.h).
 */
#include "procedure.h"

#include <string.h>

#include <dlfcn.h>

#include <math.h>
#include <stdlib.h>

#include "api.h"
#include "batch_probe.h"
#include "measure/batches.h"
#include "measure/calibrate.h"
#include "callsites/insitu.h"
#include "callsites/table.h"
#include "child.h"
#include "measure/clock.h"
#include "replay/drng_state.h"
#include "ops/ops.h"
#include "replay/replay.h"
#include "util/monotonic.h"
#include "periter/part.h"
#include "own/part.h"
#include "callsites/part.h"

void hp_procedure_describe(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			   struct hp_result *r)
{
	snprintf(r->instance, sizeof r->instance, "%s", inst->name);
	snprintf(r->kind, sizeof r->kind, "%s", inst->kind);
	snprintf(r->operation, sizeof r->operation, "%s", op);
	snprintf(r->path, sizeof r->path, "%s", inst->path);
	snprintf(r->wrapped, sizeof r->wrapped, "%s", inst->wrapped);
	snprintf(r->build_notes, sizeof r->build_notes, "%s", inst->warnings);
	snprintf(r->survey_verdict, sizeof r->survey_verdict, "%s", inst->survey_verdict);
	snprintf(r->survey_reason, sizeof r->survey_reason, "%s", inst->survey_reason);
	snprintf(r->survey_detail, sizeof r->survey_detail, "%s", inst->survey_detail);
	if (hp_result_own_from_survey(r, inst->survey_detail) != 0)
		hp_result_fail(r, "out of memory for the own entries");
	memcpy(r->seed, o->seed, o->seed_len);
	r->seed_len = o->seed_len;
	if (!strcmp(inst->kind, "sig")) {
		memcpy(r->message, o->message, o->message_len);
		r->message_len = o->message_len;
	}
	r->tick_hz = o->tick_hz;
	r->tick_resolution = o->tick_resolution;
	snprintf(r->emulation, sizeof r->emulation, "%s", o->emulation);
}

/* Forget everything counted so far (after the warm-up). */
static void hp_reset_counters(struct hp_op_ctx *c)
{
	hp_wrap_clear(c->api->wrap);
	hp_callsite_rec_clear();
	c->meter.ticks = 0;
}

/* --call-sites: the recorder's paths named and merged into r->sites (in
 * this process, whose modules libdwfl reads). */
static void hp_collect_sites(struct hp_result *r)
{
	char err[256];
	struct hp_symbolizer *sym = hp_sym_open(err, sizeof err);
	struct hp_site_lost all[HP_FN_SLOTS];

	hp_child_step("naming the call sites");
	for (unsigned fn = 0; fn < HP_FN_SLOTS; fn++)
		all[fn] = *hp_callsite_rec_lost(fn);
	if (hp_callsites_collect(hp_callsite_rec_table(), all, sym, r, err, sizeof err) != 0)
		hp_result_fail(r, "call sites: %s", err);
	else if (!sym && hp_sites_get(r))
		snprintf(hp_sites_get(r)->note, sizeof hp_sites_get(r)->note, "frames named by address: %s", err);
	hp_sym_close(sym);
}

/* The shim's counts of the own entries into the row's own part (made by
 * hp_result_own_from_survey; none without own entries). */
static void hp_collect_own(const struct hp_wrap_state *w, struct hp_result *r)
{
	struct hp_own_part *p = hp_own_c(r)->nown ? hp_own_get(r) : NULL;

	if (!p)
		return;
	for (size_t i = 0; i < p->nown; i++) {
		p->own[i].calls = w->own[i].calls;
		p->own[i].nested = w->own[i].nested;
		p->own[i].in_helper = w->own[i].in_helper;
		p->own[i].ticks = w->own[i].ticks;
	}
	memcpy(p->nested_in_own, w->nested_in_own, sizeof p->nested_in_own);
}

/* Copy the shim's shape table into the row. */
static void hp_collect(const struct hp_op_ctx *c, struct hp_result *r)
{
	const struct hp_wrap_state *w = c->api->wrap;

	r->total_ticks = c->meter.ticks;
	memcpy(r->overflow, w->overflow, sizeof r->overflow); /* HP_FN_CALIB's is not a helper's */
	hp_collect_own(w, r);
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *s = &w->shapes[i];
		struct hp_result_shape rs = { s->fn, s->in_bits, s->out_bits, s->calls, s->nested, s->ticks };
		if (s->used && (s->calls || s->nested) && hp_result_add_shape(r, &rs) != 0) {
			hp_result_fail(r, "out of memory");
			return;
		}
	}
	hp_result_sort_shapes(r);
	if (hp_sites_c(r)->requested)
		hp_collect_sites(r);
}

/* Per-helper totals of the shim's table and overflow so far (calls, ticks). */
static void hp_snapshot(const struct hp_op_ctx *c, struct hp_trial *t)
{
	const struct hp_wrap_state *w = c->api->wrap;

	memset(t, 0, sizeof *t);
	t->total_ticks = c->meter.ticks;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		t->calls[fn] = w->overflow[fn].calls;
		t->ticks[fn] = w->overflow[fn].ticks;
	}
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn < HP_FN_COUNT) {
			t->calls[w->shapes[i].fn] += w->shapes[i].calls;
			t->ticks[w->shapes[i].fn] += w->shapes[i].ticks;
		}
	for (unsigned i = 0; i < HP_OWN_MAX; i++) {
		t->own_calls += w->own[i].calls;
		t->own_ticks += w->own[i].ticks;
	}
}

/* Outermost calls of each helper so far, the shim's table and overflow
 * (hp_snapshot's calls alone). */
static void hp_calls_so_far(const struct hp_wrap_state *w, uint64_t calls[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		calls[fn] = w->overflow[fn].calls;
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++)
		if (w->shapes[i].used && w->shapes[i].fn < HP_FN_COUNT)
			calls[w->shapes[i].fn] += w->shapes[i].calls;
}

/*
 * After operation r->operations, outside its metered window: its calls of
 * each helper, the difference of the shim's per-helper totals since the
 * previous operation (last, updated), into the per-iteration counts.  No
 * change to the shims: a walk of the shape table between operations.
 */
static void hp_count_operation(const struct hp_op_ctx *c, uint64_t last[HP_FN_COUNT], struct hp_result *r)
{
	uint64_t now[HP_FN_COUNT], i = r->operations - 1;

	if (!hp_per_op_c(r)->per_op || i >= hp_per_op_c(r)->per_op_cap)
		return;
	hp_calls_so_far(c->api->wrap, now);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		hp_result_per_op(r, fn)[i] = now[fn] - last[fn];
		last[fn] = now[fn];
	}
}

/* Close trial r->ntrials, of `ops` operations: what was measured since
 * the previous snapshot. */
static void hp_close_trial(const struct hp_op_ctx *c, struct hp_trial *prev, uint64_t ops, struct hp_result *r)
{
	struct hp_trial now, *t = &r->trials[r->ntrials++];

	hp_snapshot(c, &now);
	t->operations = ops;
	t->total_ticks = now.total_ticks - prev->total_ticks;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		t->calls[fn] = now.calls[fn] - prev->calls[fn];
		t->ticks[fn] = now.ticks[fn] - prev->ticks[fn];
	}
	t->own_calls = now.own_calls - prev->own_calls;
	t->own_ticks = now.own_ticks - prev->own_ticks;
	*prev = now;
}

/* Calibrate the shims' overhead with the instance's own shim code (the
 * timed path: with --call-sites, the recorder's cost on top of it is
 * measured in the operation, hp_sites_insitu). */
static void hp_overhead(struct hp_api *api, struct hp_result *r)
{
	struct hp_overhead oh;
	hp_calib_loop_fn loop;

	*(void **)&loop = dlsym(api->dl, HP_CALIB_LOOP_SYMBOL);
	hp_calibrate(api->wrap, loop, hp_clock_fn(), &oh);
	r->overhead_valid = oh.valid;
	r->overhead_added_ticks = oh.added_ticks;
	r->overhead_inside_ticks = oh.inside_ticks;
	r->overhead_seconds = oh.seconds;
}

/* The warm-up operations (unmeasured); 0, or -1 with r failed. */
static int hp_warm_up(struct hp_op_ctx *c, const struct hp_kind_ops *k, uint64_t warmup, struct hp_result *r)
{
	char err[256];

	for (uint64_t i = 0; i < warmup; i++) {
		hp_child_step("warm-up operation %llu of %llu", (unsigned long long)i + 1, (unsigned long long)warmup);
		if (k->iterate(c, err, sizeof err) != 0) {
			hp_result_fail(r, "warm-up: %s", err);
			return -1;
		}
	}
	return 0;
}

/* The calibration call: one operation, its wall time into
 * r->calibration_seconds, one trial (not a batch). */
static void hp_measure_one(struct hp_op_ctx *c, const struct hp_kind_ops *k, struct hp_result *r)
{
	char err[256];
	struct hp_trial prev;
	uint64_t last[HP_FN_COUNT];

	hp_reset_counters(c);
	hp_snapshot(c, &prev);
	hp_calls_so_far(c->api->wrap, last);
	hp_child_step("the calibration call");
	double t0 = hp_util_monotonic();
	if (k->iterate(c, err, sizeof err) != 0) {
		/* named as a crash or a timeout there names it (child.c) */
		hp_result_fail(r, "%s (the calibration call)", err);
	} else {
		/* N is planned from the wall time of a whole iteration: a key
		 * exchange step alone is metered, but every iteration runs the
		 * whole exchange */
		r->calibration_seconds = hp_util_monotonic() - t0;
		r->operations++;
		hp_count_operation(c, last, r);
		hp_close_trial(c, &prev, 1, r);
	}
	hp_collect(c, r);
}

static void hp_mark_run(struct hp_result *r);

/* The most wall time the floor's timing-only batches may take, in units
 * of --min-time. */
#define HP_MIN_TIME_BUDGET 4

/* Where the batches of a row stand (hp_measure). */
struct hp_batching {
	struct hp_trial prev; /* the shim's totals at the end of the last batch */
	uint64_t last[HP_FN_COUNT]; /* the per-iteration counts' running totals */
	uint64_t n; /* N, the counting operations */
	uint64_t clean_ns, clean_ops; /* wall time and operations of the undisturbed batches so far */
	uint64_t all_ns, all_ops; /* ...and of all batches */
	uint64_t op_ns; /* operation time so far: undisturbed batches' wall time, the others' CPU time */
	uint64_t timing_ns; /* wall time of the timing-only batches so far */
	uint32_t counting; /* batches of the N counting operations */
	uint32_t clean; /* batches not disturbed */
};

/* One batch of `size` operations: counting ones (the first N, in the
 * row's counts) or timing-only ones after them.  0, or -1 with r failed
 * at the first failing call (the batch so far is kept). */
static int hp_batch(struct hp_op_ctx *c, const struct hp_kind_ops *k, struct hp_batching *b, uint64_t size,
		    int counting, struct hp_result *r)
{
	struct hp_batch_probe p0, p1;
	char err[256];
	uint64_t done = 0;
	int status = 0;

	hp_batch_probe_begin(&p0);
	for (; done < size; done++) {
		uint64_t i = counting ? r->operations + 1 : r->timing_operations + 1;
		if (counting)
			hp_child_step("operation %llu of %llu", (unsigned long long)i, (unsigned long long)b->n);
		else
			hp_child_step("timing-only operation %llu", (unsigned long long)i);
		if (k->iterate(c, err, sizeof err) != 0) {
			/* named as a crash or a timeout there names it (child.c) */
			if (counting)
				hp_result_fail(r, "%s (operation %llu of %llu)", err, (unsigned long long)i,
					       (unsigned long long)b->n);
			else
				hp_result_fail(r, "%s (timing-only operation %llu)", err, (unsigned long long)i);
			status = -1;
			break;
		}
		if (counting) {
			r->operations++;
			hp_count_operation(c, b->last, r);
		} else {
			r->timing_operations++;
		}
	}
	hp_batch_probe_end(&p1);
	if (!done)
		return status;
	hp_close_trial(c, &b->prev, done, r);
	struct hp_trial *t = &r->trials[r->ntrials - 1];
	hp_batch_probe_close(&p0, &p1, t);
	if (!counting)
		t->flags |= HP_TRIAL_TIMING_ONLY;
	int clean = !(t->flags & HP_TRIAL_DISTURBED);
	b->clean += clean;
	b->clean_ns += clean ? t->wall_ns : 0;
	b->clean_ops += clean ? done : 0;
	b->all_ns += t->wall_ns;
	b->all_ops += done;
	b->op_ns += clean ? t->wall_ns : t->cpu_ns;
	b->timing_ns += counting ? 0 : t->wall_ns;
	return status;
}

/* The wall time per operation of the undisturbed batches so far (of all
 * when none is: a busy machine's waits make batches shorter, never
 * longer), ns; 0: no batch yet. */
static double hp_ns_per_op(const struct hp_batching *b)
{
	if (b->clean_ops)
		return (double)b->clean_ns / (double)b->clean_ops;
	return b->all_ops ? (double)b->all_ns / (double)b->all_ops : 0;
}

/*
 * Another timing-only batch after the N counting operations?  While the
 * row has measured less than min_time seconds of operations (the wall
 * time of its undisturbed batches, the CPU time of the others: a busy
 * machine's waits are no operation time) within HP_MIN_TIME_BUDGET x
 * min_time of wall time (an operation that sleeps has next to no CPU
 * time), and while
 * fewer batches than half the counting ones are undisturbed (those
 * disturbed are measured again, until the median has as many batches as
 * half of N's: more would make a loaded run much longer for little) as
 * long as an eighth of them are (else the
 * estimate is over all batches, descheduled time removed, and more would
 * not help: an operation longer than a scheduler slice on a busy
 * machine), at most as many again as the counting batches; never past
 * room batches in all (the process's share of the row's HP_TRIALS_MAX),
 * never with min_time 0 (exactly the N operations run).
 */
static int hp_below_floor(const struct hp_batching *b, double min_time)
{
	return (double)b->op_ns < min_time * 1e9 && (double)b->timing_ns < HP_MIN_TIME_BUDGET * min_time * 1e9;
}

static int hp_more_batches(const struct hp_batching *b, double min_time, uint32_t room, const struct hp_result *r)
{
	if (r->ntrials >= room || min_time <= 0)
		return 0;
	if (hp_below_floor(b, min_time))
		return 1;
	return 2 * b->clean < b->counting && HP_BATCHES_CLEAN_SHARE * b->clean >= r->ntrials &&
	       r->ntrials < 2 * b->counting;
}

/* Operations in the next timing-only batch: a batch's worth, more when
 * the floor would need more batches than are left. */
static uint64_t hp_timing_size(const struct hp_batching *b, double min_time, uint32_t room, const struct hp_result *r)
{
	double ns = hp_ns_per_op(b), left = min_time * 1e9 - (double)b->op_ns;
	uint64_t slots = room > r->ntrials ? room - r->ntrials : 0, least = 1;

	if (ns > 0 && left > 0 && slots)
		least = (uint64_t)ceil(left / ns / (double)slots);
	return hp_batch_size(ns, least, 0);
}

/*
 * The N measured operations, in batches of about HP_BATCH_SECONDS (the
 * first of one operation, which sizes the rest; at least min_batches of
 * them, at most HP_BATCHES_COUNTING_MAX), their counts collected at N;
 * then timing-only batches (hp_more_batches), in the batch table and the
 * timing but in no count.  Stops at the first failing call (what was
 * measured before it is kept).
 */
static void hp_measure(struct hp_op_ctx *c, const struct hp_kind_ops *k, uint64_t iterations, uint64_t warmup,
		       unsigned min_batches, double min_time, uint32_t room, struct hp_result *r)
{
	struct hp_batching b = { .n = iterations };
	uint64_t most = iterations / (min_batches ? min_batches : 1),
		 least = (iterations + HP_BATCHES_COUNTING_MAX - 1) / HP_BATCHES_COUNTING_MAX;

	if (hp_warm_up(c, k, warmup, r) != 0)
		return;
	/* the shims' overhead, measured now that set-up and warm-up have
	 * brought the CPU to the speed the measured operations will see (a
	 * calibration right after start-up read up to 1.8x too many ticks) */
	hp_child_step("overhead calibration");
	hp_overhead(c->api, r);
	hp_reset_counters(c);
	hp_snapshot(c, &b.prev);
	hp_calls_so_far(c->api->wrap, b.last);
	r->batched = 1;
	while (r->operations < iterations && r->status == HP_STATUS_OK) {
		uint64_t size = b.all_ops ? hp_batch_size(hp_ns_per_op(&b), least, most > least ? most : least) : 1;
		if (size > iterations - r->operations || r->ntrials + 1 >= HP_BATCHES_COUNTING_MAX)
			size = iterations - r->operations;
		if (hp_batch(c, k, &b, size, 1, r) != 0)
			break;
	}
	b.counting = r->ntrials;
	/* the counts are those of the N operations: the shim's tables go on
	 * counting the timing-only ones, which only the batches keep */
	hp_collect(c, r);
	while (r->status == HP_STATUS_OK && hp_more_batches(&b, min_time, room, r))
		if (hp_batch(c, k, &b, hp_timing_size(&b, min_time, room, r), 0, r) != 0)
			break;
	hp_mark_run(r);
}

/* The batches of this process are run 1 of the row, corrected with its
 * own calibration (the parent renumbers the runs it adds, result.h). */
static void hp_mark_run(struct hp_result *r)
{
	for (uint32_t t = 0; t < r->ntrials; t++)
		r->trials[t].run = 1;
	r->nruns = 1;
	r->runs[0] = (struct hp_result_run){ r->overhead_valid, r->overhead_added_ticks, r->overhead_inside_ticks };
}

/*
 * A timing-only run (docs/method-batches.md, "Runs"): the warm-up, the
 * overhead calibration, then timing-only batches (the first of one
 * operation, which sizes the rest) until min_time seconds of operations
 * are measured; then, as after N, the disturbed ones measured again
 * (hp_more_batches, with the floor's batches in the place of N's).  No
 * count is kept: r->operations stays 0.  Stops at the first failing call.
 */
static void hp_measure_timing(struct hp_op_ctx *c, const struct hp_kind_ops *k, uint64_t warmup, double min_time,
			      uint32_t room, struct hp_result *r)
{
	struct hp_batching b = { .n = 0 };

	if (hp_warm_up(c, k, warmup, r) != 0)
		return;
	hp_child_step("overhead calibration");
	hp_overhead(c->api, r);
	hp_reset_counters(c);
	hp_snapshot(c, &b.prev);
	r->batched = 1;
	while (r->status == HP_STATUS_OK) {
		if (!b.counting && r->ntrials && !hp_below_floor(&b, min_time))
			b.counting = r->ntrials;
		if (r->ntrials && !hp_more_batches(&b, min_time, room, r))
			break;
		if (hp_batch(c, k, &b, r->ntrials ? hp_timing_size(&b, min_time, room, r) : 1, 0, r) != 0)
			break;
	}
	hp_mark_run(r);
}

/* ---------- call sites: the recorder's cost in the operation ---------- */

struct hp_insitu_ctx {
	struct hp_op_ctx *c;
	const struct hp_kind_ops *k;
};

static int hp_insitu_op(void *ctx)
{
	struct hp_insitu_ctx *x = ctx;

	return x->k->replay_op(x->c);
}

static void hp_insitu_reset(void *ctx)
{
	struct hp_insitu_ctx *x = ctx;

	if (x->k->replay_reset)
		x->k->replay_reset(x->c);
}

static uint32_t hp_replay_samples(const struct hp_result *r);

/* The in-situ samples of a row: N / 4 within 5..25 (a median of each
 * order), and as many as replay takes for an operation under 1 ms
 * (HP_REPLAY_SAMPLES_SHORT, where a sample is cheap and noisy).  Each is
 * two operations: a quarter of N keeps the cost to half of the measured
 * part from N = 20 on, and an operation with many calls, where the
 * recorder's cost matters, gets a precise difference from every sample. */
static uint32_t hp_insitu_samples(const struct hp_result *r)
{
	uint64_t m = r->operations / 4;

	if (hp_replay_samples(r) == HP_REPLAY_SAMPLES_SHORT)
		return HP_REPLAY_SAMPLES_SHORT;
	if (m < HP_REPLAY_SAMPLES_MIN)
		m = HP_REPLAY_SAMPLES_MIN;
	if (m > HP_REPLAY_SAMPLES_MAX)
		m = HP_REPLAY_SAMPLES_MAX;
	return (uint32_t)m;
}

/*
 * --call-sites, after the measured operations (their sites and calls are
 * in r already): M samples of the operation run with and without the
 * recorder from one DRNG state (prof/callsites/insitu.h), the recorder's
 * cost per call into r's call sites (insitu_*).  A failure, or a cost outside the
 * plausible bound (hp_insitu_bound), leaves the row measured, says why in
 * insitu_error, and its shares uncorrected for the recorder (a note says
 * so).
 */
static void hp_sites_insitu(struct hp_op_ctx *c, const struct hp_kind_ops *k, struct hp_result *r)
{
	struct hp_result_sites *t = hp_sites_get(r); /* made by hp_sites_start */
	struct hp_drng_state drng = { 0 };
	struct hp_insitu_ctx x = { c, k };
	struct hp_insitu_run run = { c->api->wrap, NULL, hp_clock_fn(), hp_insitu_op, hp_insitu_reset, &x };
	struct hp_insitu_sample *s;
	uint32_t m = hp_insitu_samples(r), taken = 0;
	char err[256] = "";

	if (!t)
		return;
	if (!(s = calloc(m, sizeof *s))) {
		snprintf(t->insitu_error, sizeof t->insitu_error, "out of memory for %u samples", m);
		return;
	}
	if (c->api->drng_algorithm && hp_drng_state_open(c->api->dl, &drng, err, sizeof err) != 0)
		goto done;
	run.drng = c->api->drng_algorithm ? &drng : NULL;
	hp_child_step("call sites: the inputs of the in-situ samples");
	if (k->replay_prepare && k->replay_prepare(c, err, sizeof err) != 0)
		goto done;
	for (; taken < m; taken++) {
		hp_child_step("call sites: in-situ sample %u of %u", taken + 1, m);
		if (hp_insitu_sample(&run, taken & 1, &s[taken], err, sizeof err) != 0)
			goto done;
	}
	if (hp_insitu_cost(s, taken, &t->insitu_added_ticks, &t->insitu_inside_ticks) != 0)
		snprintf(err, sizeof err, "no helper call in the samples");
	else
		t->insitu_valid = 1;
done:
	t->insitu_samples = taken;
	if (!t->insitu_valid)
		snprintf(t->insitu_error, sizeof t->insitu_error, "%s: the recorder's cost in the operation: %.180s",
			 r->operation, err[0] ? err : "not measured");
	else /* a busy machine reads nonsense: not applied (callsites/insitu.h) */
		hp_insitu_bound(t, r->overhead_valid, r->overhead_added_ticks, r->clock_unit);
	hp_drng_state_close(&drng);
	free(s);
}

/* ---------- replay (docs/replay.md, "Integration") ---------- */

/* How many replay samples a row takes (options.h): N within [MIN, MAX],
 * and more for an operation under HP_REPLAY_SHORT_SECONDS (from the
 * window-measured ticks per operation), whose samples are cheap. */
static uint32_t hp_replay_samples(const struct hp_result *r)
{
	uint64_t m = r->operations;
	double seconds =
		r->operations && r->tick_hz > 0 ? (double)r->total_ticks / (double)r->operations / r->tick_hz : 0;

	if (m < HP_REPLAY_SAMPLES_MIN)
		m = HP_REPLAY_SAMPLES_MIN;
	if (m > HP_REPLAY_SAMPLES_MAX)
		m = HP_REPLAY_SAMPLES_MAX;
	if (seconds > 0 && seconds < HP_REPLAY_SHORT_SECONDS)
		m = HP_REPLAY_SAMPLES_SHORT;
	return (uint32_t)m;
}

/* Each family's share of the row from its m samples (hp_replay_estimate)
 * into p: the share, the estimator used, the calls, both costs.  0, or
 * -1 when a sample has no share. */
static int hp_replay_estimates(const struct hp_replay_sample *samples, uint32_t m, const struct hp_replay_cost *cost,
			       struct hp_replay_part *p)
{
	struct hp_replay_estimate e[HP_REPLAY_FAMILIES];

	for (unsigned f = 0; f < HP_REPLAY_FAMILIES; f++)
		if (hp_replay_estimate(samples, m, f, cost, &e[f]) != 0)
			return -1;
	p->hash = e[HP_REPLAY_HASH].share;
	p->drng = e[HP_REPLAY_DRNG].share;
	p->insitu_hash_ticks = e[HP_REPLAY_HASH].insitu_ticks;
	p->insitu_drng_ticks = e[HP_REPLAY_DRNG].insitu_ticks;
	p->loop_hash_ticks = e[HP_REPLAY_HASH].loop_ticks;
	p->loop_drng_ticks = e[HP_REPLAY_DRNG].loop_ticks;
	p->hash_calls = e[HP_REPLAY_HASH].calls;
	p->drng_calls = e[HP_REPLAY_DRNG].calls;
	p->hash_spread = e[HP_REPLAY_HASH].spread;
	p->drng_spread = e[HP_REPLAY_DRNG].spread;
	snprintf(p->hash_estimator, sizeof p->hash_estimator, "%s", e[HP_REPLAY_HASH].estimator);
	snprintf(p->drng_estimator, sizeof p->drng_estimator, "%s", e[HP_REPLAY_DRNG].estimator);
	return 0;
}

/* The samples of a row into p, the tape already allocated; 0, or -1 with
 * the reason in p->error. */
static int hp_replay_take(struct hp_op_ctx *c, const struct hp_kind_ops *k, struct hp_drng_state *drng,
			  const struct hp_options *o, const struct hp_replay_cost *cost, struct hp_result *r)
{
	struct hp_replay_part *p = hp_replay_get(r); /* made by hp_replay_part */
	struct hp_op_replay rp;
	struct hp_replay_sample *samples;
	char err[256];
	uint32_t m = hp_replay_samples(r);
	int status = 0;

	if (!(samples = calloc(m, sizeof *samples))) {
		snprintf(p->error, sizeof p->error, "%s: out of memory for %u replay samples", r->operation, m);
		return -1;
	}
	hp_child_step("replay: the inputs");
	if (hp_op_replay_begin(&rp, c, k, err, sizeof err) != 0) {
		snprintf(p->error, sizeof p->error, "%s: the replay's inputs: %s", r->operation, err);
		status = -1;
	}
	const struct hp_replay_run run = {
		.name = r->operation,
		.wrap = c->api->wrap,
		.drng = drng,
		.clock = hp_clock_fn(),
		.max_bytes = hp_replay_bound_bytes(o->replay_max_mb),
		.op = hp_op_replay_op,
		.check = hp_op_replay_check,
		.ctx = &rp,
	};
	for (uint32_t i = 0; i < m && status == 0; i++) {
		hp_child_step("replay sample %u of %u", i + 1, m);
		/* which run comes first alternates (replay.h's order bits) */
		if (hp_replay_sample(&run, i % HP_REPLAY_ORDERS, &samples[i], p->error, sizeof p->error) != 0)
			status = -1;
		else if (samples[i].tape_bytes > p->tape_bytes)
			p->tape_bytes = samples[i].tape_bytes;
		p->calls = samples[i].calls;
	}
	/* the tape path's cost as measured in the operation by its double
	 * runs (the tight loop's stays in the record, for reference, and
	 * stands in for an implausible one); a family with no call: 0 */
	if (status == 0 && hp_replay_estimates(samples, m, cost, p) != 0) {
		snprintf(p->error, sizeof p->error, "%s: no replay share: a timed run took 0 ticks", r->operation);
		status = -1;
	}
	if (status == 0)
		p->samples = m;
	hp_op_replay_end(&rp);
	free(samples);
	return status;
}

/*
 * After the N window-measured operations, in the measuring child: the
 * tight-loop replay cost, the DRNG state, the tape sized from the row's
 * shapes, M samples and the in-situ median share per family, into
 * r's replay part.  A failure
 * leaves the window figures as they are and says why in its error,
 * naming the operation: never a number.
 */
static void hp_replay_part(struct hp_op_ctx *c, const struct hp_kind_ops *k, const struct hp_options *o,
			   struct hp_result *r)
{
	struct hp_replay_part *p = hp_replay_get(r);
	struct hp_api *api = c->api;
	struct hp_replay_cost cost;
	struct hp_drng_state drng = { 0 };
	hp_calib_loop_fn loop;
	char err[256];
	double start = hp_util_monotonic();
	int have_drng = 0;

	if (!p) {
		hp_result_fail(r, "%s: out of memory for the replay part", r->operation);
		return;
	}
	p->requested = 1;
	p->max_mb = o->replay_max_mb;
	snprintf(p->estimator, sizeof p->estimator, "%s", HP_REPLAY_ESTIMATOR_INSITU);
	if (r->status != HP_STATUS_OK) {
		snprintf(p->error, sizeof p->error, "%s: not taken: the row failed", r->operation);
		return;
	}
	/* the tape path's cost in a tight loop: the shares add back the one
	 * the samples' double runs measure in the operation, this one stays
	 * in the record for reference (and checks the instance's tape path);
	 * here rather than next to hp_calibrate: the N operations have
	 * brought the CPU to the speed the samples will see */
	hp_child_step("replay: calibrating the tape path");
	*(void **)&loop = dlsym(api->dl, HP_CALIB_LOOP_SYMBOL);
	hp_calibrate_replay(api->wrap, loop, hp_clock_fn(), &cost);
	p->cost_valid = cost.valid;
	p->replay_ticks = cost.replay_ticks;
	p->pass_ticks = cost.pass_ticks;
	p->cost_seconds = cost.seconds;
	if (!cost.valid) {
		snprintf(p->error, sizeof p->error, "%s: the replay cost cannot be calibrated (%s)", r->operation,
			 loop ? "the instance's tape path misbehaved" : "the instance lacks " HP_CALIB_LOOP_SYMBOL);
		goto done;
	}
	/* an instance with no DRNG has nothing to restore */
	if (api->drng_algorithm) {
		if (hp_drng_state_open(api->dl, &drng, err, sizeof err) != 0) {
			snprintf(p->error, sizeof p->error, "%s: %s", r->operation, err);
			goto done;
		}
		have_drng = 1;
	}
	if (hp_replay_tape_alloc(api->wrap, r->operation, hp_replay_tape_need(r->shapes, r->nshapes, r->operations),
				 o->replay_max_mb, p->error, sizeof p->error) != 0)
		goto done;
	p->valid = hp_replay_take(c, k, have_drng ? &drng : NULL, o, &cost, r) == 0;
done:
	if (p->valid)
		p->error[0] = '\0';
	hp_replay_tape_free(api->wrap);
	hp_drng_state_close(&drng);
	p->seconds = hp_util_monotonic() - start;
}

/* --call-sites: the recorder on the instance's object (its address
 * range: every frame inside it is the scheme's, the first one outside
 * the driver's, past the API function).  0, or -1 with r failed. */
static int hp_sites_start(struct hp_api *api, const struct hp_options *o, struct hp_result *r)
{
	struct hp_result_sites *t = hp_sites_get(r);
	uintptr_t lo, hi;
	char err[256];

	if (!t) {
		hp_result_fail(r, "call sites: out of memory");
		return -1;
	}
	t->requested = 1;
	t->depth = o->call_sites_depth;
	if (hp_callsite_module_range(api->wrap, &lo, &hi) != 0) {
		hp_result_fail(r, "call sites: the instance's object is not among the loaded ones");
		return -1;
	}
	if (hp_callsite_rec_start(api->wrap, lo, hi, err, sizeof err) != 0) {
		hp_result_fail(r, "call sites: %s", err);
		return -1;
	}
	return 0;
}

/* The batches this process may measure: o->batch_room, within a run's bound. */
static uint32_t hp_room(const struct hp_options *o)
{
	return o->batch_room >= 1 && o->batch_room <= HP_RUN_BATCHES_MAX ? o->batch_room : HP_RUN_BATCHES_MAX;
}

void hp_procedure_run(const struct hp_instance *inst, const char *op, const struct hp_options *o, enum hp_run_mode mode,
		      uint64_t iterations, uint64_t warmup, struct hp_result *r)
{
	struct hp_api api;
	struct hp_op_ctx c = { .api = &api, .op = op, .message = o->message, .message_len = o->message_len };
	const struct hp_kind_ops *k = hp_kind_ops_of(inst->kind);
	char err[256];

	hp_procedure_describe(inst, op, o, r);
	r->iterations = mode == HP_RUN_CALIBRATE ? 1 : mode == HP_RUN_TIMING ? 0 : iterations;
	r->warmup = mode == HP_RUN_CALIBRATE ? 0 : warmup;
	/* before anything runs: a row that cannot keep what it was asked to
	 * keep is not measured */
	if (mode == HP_RUN_MEASURE && o->per_iteration && hp_result_per_op_alloc(r, r->iterations) != 0) {
		hp_result_fail(r,
			       "cannot keep the per-iteration counts of %llu operations (at most %u; out of memory?)",
			       (unsigned long long)r->iterations, HP_PER_OP_MAX);
		return;
	}
	if (hp_clock_init(o->clock, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		return;
	}
	snprintf(r->clock_source, sizeof r->clock_source, "%s", hp_clock_source());
	snprintf(r->clock_unit, sizeof r->clock_unit, "%s", hp_clock_unit());
	if (!k) {
		hp_result_fail(r, "unknown API kind '%s'", inst->kind);
		return;
	}
	/* each step is limited by --timeout on its own (child.h); in the
	 * process of the calibration call, every step is that call's, so that
	 * a crash in its set-up is not read as the measured run's */
	if (mode == HP_RUN_CALIBRATE)
		hp_child_label("the calibration call");
	hp_child_step("loading the instance");
	if (hp_api_load(inst, &api, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		return;
	}
	hp_clock_install(api.wrap);
	api.wrap->accounting = 0;
	c.meter = (struct hp_meter){ .wrap = api.wrap, .clock = hp_clock_fn(), .mode = HP_ACCOUNTING_TIMED };
	/* --call-sites: the measured operations only; the calibration call
	 * that plans N runs as without, so that N, the DRNG stream and the
	 * calls stay what they are without it */
	if (mode != HP_RUN_CALIBRATE && o->call_sites && hp_sites_start(&api, o, r) == 0)
		c.meter.mode = HP_ACCOUNTING_SITES;
	if (r->status != HP_STATUS_OK)
		return;
	/* method.md: "seeded once, before anything else" */
	if (api.init_random_number)
		api.init_random_number(api.drng_algorithm, o->seed, o->seed_len);
	hp_child_step("set-up");
	if (k->prepare(&c, err, sizeof err) != 0 || k->setup(&c, err, sizeof err) != 0)
		hp_result_fail(r, mode == HP_RUN_CALIBRATE ? "%s (the calibration call)" : "%s", err);
	else if (mode == HP_RUN_CALIBRATE)
		hp_measure_one(&c, k, r);
	else if (mode == HP_RUN_TIMING)
		hp_measure_timing(&c, k, r->warmup, o->min_time, hp_room(o), r);
	else
		hp_measure(&c, k, r->iterations, r->warmup, o->trials, o->min_time, hp_room(o), r);
	if (mode == HP_RUN_MEASURE && hp_sites_c(r)->requested && r->status == HP_STATUS_OK)
		hp_sites_insitu(&c, k, r);
	if (mode == HP_RUN_MEASURE && o->replay)
		hp_replay_part(&c, k, o, r);
	k->release(&c);
	hp_callsite_rec_stop();
}
