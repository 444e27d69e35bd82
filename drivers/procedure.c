/*
 * procedure.c - the measuring procedure (see procedure.h).
 */
#include "procedure.h"

#include <string.h>

#include <dlfcn.h>

#include "api.h"
#include "calibrate.h"
#include "child.h"
#include "clock.h"
#include "ops.h"

void hp_procedure_describe(const struct hp_instance *inst, const char *op,
			   const struct hp_options *o, struct hp_result *r)
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
	memcpy(r->overflow, w->overflow, sizeof r->overflow);   /* HP_FN_CALIB's is not a helper's */
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
static void hp_close_trial(const struct hp_op_ctx *c, struct hp_trial *prev, uint64_t ops_before,
			   struct hp_result *r)
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
static void hp_measure(struct hp_op_ctx *c, const struct hp_kind_ops *k, uint64_t iterations,
		       uint64_t warmup, unsigned trials, struct hp_result *r)
{
	char err[256];
	struct hp_trial prev;
	uint64_t ops_before = 0;
	int calibrating = !trials;

	for (uint64_t i = 0; i < warmup; i++) {
		hp_child_step("warm-up operation %llu of %llu", (unsigned long long)i + 1,
			      (unsigned long long)warmup);
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
	if (calibrating)        /* one slice */
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
		double t0 = hp_clock_monotonic();
		if (k->iterate(c, err, sizeof err) != 0) {
			hp_result_fail(r, "%s (operation %llu of %llu)", err,
				       (unsigned long long)i + 1, (unsigned long long)iterations);
			break;
		}
		/* N is planned from the wall time of a whole iteration: a key
		 * exchange step alone is metered, but every iteration runs the
		 * whole exchange */
		if (calibrating)
			r->calibration_seconds = hp_clock_monotonic() - t0;
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


void hp_procedure_run(const struct hp_instance *inst, const char *op, const struct hp_options *o,
		      enum hp_run_mode mode, uint64_t iterations, uint64_t warmup,
		      struct hp_result *r)
{
	struct hp_api api;
	struct hp_op_ctx c = { .api = &api, .op = op, .message = o->message, .message_len = o->message_len };
	const struct hp_kind_ops *k = hp_kind_ops(inst->kind);
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
	k->release(&c);
}
