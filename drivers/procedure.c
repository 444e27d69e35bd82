/*
 * procedure.c - the measuring procedure (see procedure.h).
 */
#include "procedure.h"

#include <string.h>

#include <dlfcn.h>

#include <stdlib.h>

#include "api.h"
#include "calibrate.h"
#include "child.h"
#include "clock.h"
#include "drng_state.h"
#include "ops.h"
#include "replay.h"
#include "util/monotonic.h"

void hp_procedure_describe(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			   struct hp_result *r)
{
	snprintf(r->instance, sizeof r->instance, "%s", inst->name);
	snprintf(r->kind, sizeof r->kind, "%s", inst->kind);
	snprintf(r->operation, sizeof r->operation, "%s", op);
	snprintf(r->path, sizeof r->path, "%s", inst->path);
	snprintf(r->wrapped, sizeof r->wrapped, "%s", inst->wrapped);
	snprintf(r->build_notes, sizeof r->build_notes, "%s", inst->warnings);
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
	c->meter.ticks = 0;
}

/* Copy the shim's shape table into the row. */
static void hp_collect(const struct hp_op_ctx *c, struct hp_result *r)
{
	const struct hp_wrap_state *w = c->api->wrap;

	r->total_ticks = c->meter.ticks;
	memcpy(r->overflow, w->overflow, sizeof r->overflow); /* HP_FN_CALIB's is not a helper's */
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *s = &w->shapes[i];
		struct hp_result_shape rs = { s->fn, s->in_bits, s->out_bits, s->calls, s->nested, s->ticks };
		if (s->used && (s->calls || s->nested) && hp_result_add_shape(r, &rs) != 0) {
			hp_result_fail(r, "out of memory");
			return;
		}
	}
	hp_result_sort_shapes(r);
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
}

/* Close trial r->ntrials: what was measured since the previous snapshot. */
static void hp_close_trial(const struct hp_op_ctx *c, struct hp_trial *prev, uint64_t ops_before, struct hp_result *r)
{
	struct hp_trial now, *t = &r->trials[r->ntrials++];

	hp_snapshot(c, &now);
	t->operations = r->operations - ops_before;
	t->total_ticks = now.total_ticks - prev->total_ticks;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		t->calls[fn] = now.calls[fn] - prev->calls[fn];
		t->ticks[fn] = now.ticks[fn] - prev->ticks[fn];
	}
	*prev = now;
}

/* Calibrate the shims' overhead with the instance's own shim code. */
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

/* The N measured operations, in `trials` consecutive slices (0: this is
 * the calibration call, whose wall time goes to r->calibration_seconds); stops at the first failing call (what was
 * measured before it is kept). */
static void hp_measure(struct hp_op_ctx *c, const struct hp_kind_ops *k, uint64_t iterations, uint64_t warmup,
		       unsigned trials, struct hp_result *r)
{
	char err[256];
	struct hp_trial prev;
	uint64_t ops_before = 0;
	int calibrating = !trials;

	for (uint64_t i = 0; i < warmup; i++) {
		hp_child_step("warm-up operation %llu of %llu", (unsigned long long)i + 1, (unsigned long long)warmup);
		if (k->iterate(c, err, sizeof err) != 0) {
			hp_result_fail(r, "warm-up: %s", err);
			return;
		}
	}
	/* the shims' overhead, measured now that set-up and warm-up have
	 * brought the CPU to the speed the measured operations will see (a
	 * calibration right after start-up read up to 1.8x too many ticks) */
	if (!calibrating) {
		hp_child_step("overhead calibration");
		hp_overhead(c->api, r);
	}
	hp_reset_counters(c);
	hp_snapshot(c, &prev);
	if (calibrating) /* one slice */
		trials = 1;
	if (trials > iterations)
		trials = (unsigned)iterations;
	if (trials > HP_TRIALS_MAX)
		trials = HP_TRIALS_MAX;
	for (uint64_t i = 0; i < iterations; i++) {
		if (!calibrating)
			hp_child_step("operation %llu of %llu", (unsigned long long)i + 1,
				      (unsigned long long)iterations);
		else
			hp_child_step("the calibration call");
		double t0 = hp_util_monotonic();
		if (k->iterate(c, err, sizeof err) != 0) {
			/* named as a crash or a timeout there names it (child.c) */
			if (calibrating)
				hp_result_fail(r, "%s (the calibration call)", err);
			else
				hp_result_fail(r, "%s (operation %llu of %llu)", err, (unsigned long long)i + 1,
					       (unsigned long long)iterations);
			break;
		}
		/* N is planned from the wall time of a whole iteration: a key
		 * exchange step alone is metered, but every iteration runs the
		 * whole exchange */
		if (calibrating)
			r->calibration_seconds = hp_util_monotonic() - t0;
		r->operations++;
		/* trial t ends after operation floor((t+1) * N / trials) */
		if (r->operations == (r->ntrials + 1) * iterations / trials) {
			hp_close_trial(c, &prev, ops_before, r);
			ops_before = r->operations;
		}
	}
	if (r->operations > ops_before && r->ntrials < HP_TRIALS_MAX)
		hp_close_trial(c, &prev, ops_before, r);
	hp_collect(c, r);
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

/* The samples of a row into p, the tape already allocated; 0, or -1 with
 * the reason in p->error. */
static int hp_replay_take(struct hp_op_ctx *c, const struct hp_kind_ops *k, struct hp_drng_state *drng,
			  const struct hp_options *o, struct hp_result *r)
{
	struct hp_result_replay *p = &r->replay;
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
	 * runs (the tight loop's stays in the record, for reference) */
	if (status == 0 &&
	    (hp_replay_share_median_insitu(samples, m, HP_REPLAY_HASH, &p->hash, &p->insitu_hash_ticks) != 0 ||
	     hp_replay_share_median_insitu(samples, m, HP_REPLAY_DRNG, &p->drng, &p->insitu_drng_ticks) != 0)) {
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
 * r->replay.  A failure
 * leaves the window figures as they are and says why in r->replay.error,
 * naming the operation: never a number.
 */
static void hp_replay_part(struct hp_op_ctx *c, const struct hp_kind_ops *k, const struct hp_options *o,
			   struct hp_result *r)
{
	struct hp_result_replay *p = &r->replay;
	struct hp_api *api = c->api;
	struct hp_replay_cost cost;
	struct hp_drng_state drng = { 0 };
	hp_calib_loop_fn loop;
	char err[256];
	double start = hp_util_monotonic();
	int have_drng = 0;

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
	p->valid = hp_replay_take(c, k, have_drng ? &drng : NULL, o, r) == 0;
done:
	if (p->valid)
		p->error[0] = '\0';
	hp_replay_tape_free(api->wrap);
	hp_drng_state_close(&drng);
	p->seconds = hp_util_monotonic() - start;
}

void hp_procedure_run(const struct hp_instance *inst, const char *op, const struct hp_options *o, enum hp_run_mode mode,
		      uint64_t iterations, uint64_t warmup, struct hp_result *r)
{
	struct hp_api api;
	struct hp_op_ctx c = { .api = &api, .op = op, .message = o->message, .message_len = o->message_len };
	const struct hp_kind_ops *k = hp_kind_ops_of(inst->kind);
	char err[256];

	hp_procedure_describe(inst, op, o, r);
	r->iterations = mode == HP_RUN_CALIBRATE ? 1 : iterations;
	r->warmup = mode == HP_RUN_CALIBRATE ? 0 : warmup;
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
	/* each step is limited by --timeout on its own (child.h) */
	hp_child_step("loading the instance");
	if (hp_api_load(inst, &api, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		return;
	}
	hp_clock_install(api.wrap);
	api.wrap->accounting = 0;
	c.meter = (struct hp_meter){ .wrap = api.wrap, .clock = hp_clock_fn() };
	/* method.md: "seeded once, before anything else" */
	if (api.init_random_number)
		api.init_random_number(api.drng_algorithm, o->seed, o->seed_len);
	hp_child_step("set-up");
	if (k->prepare(&c, err, sizeof err) != 0 || k->setup(&c, err, sizeof err) != 0)
		hp_result_fail(r, "%s", err);
	else
		hp_measure(&c, k, r->iterations, r->warmup, mode == HP_RUN_MEASURE ? o->trials : 0, r);
	if (mode == HP_RUN_MEASURE && o->replay)
		hp_replay_part(&c, k, o, r);
	k->release(&c);
}
