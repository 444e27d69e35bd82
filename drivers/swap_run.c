/*
 * swap_run.c - the measuring procedure of a --hash row (see swap_run.h).
 */
#include "config.h"
#include "swap_run.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "batch_probe.h"
#include "measure/calibrate.h"
#include "child.h"
#include "measure/clock.h"
#include "replay/drng_state.h"
#include "module.h" /* candidates/module.h: HP_CAND_SYM_ERROR */
#include "ops/ops.h"
#include "procedure.h"
#include "swap.h" /* candidates/swap.h: the swap module's table */
#include "util/build_tree.h"
#include "swap/part.h"

void hp_swap_module_path(const char *file, char *buf, size_t len)
{
	char builddir[PATH_MAX], srcdir[PATH_MAX];

	if (hp_util_build_tree(builddir, srcdir, sizeof builddir))
		snprintf(buf, len, "%s/candidates/.libs/%s", builddir, file);
	else
		snprintf(buf, len, "%s/swap/%s", HP_PKGLIBDIR, file);
}

/* One arm: the placeholder's (cand NULL) or a candidate's. */
struct hp_arm {
	const char *name;
	struct hp_candidate cand; /* loaded in this process; helpers 0 for the placeholder */
	struct hp_result *r;
	struct hp_op_ctx c;
	unsigned char *drng; /* this arm's copy of drng_algorithm (NULL: the instance has none) */
	int prepared; /* c.state to release */
	int out; /* 1: failed, no longer run */
	char cause[256]; /* the first error its candidate returned (hp_swap_failed); "" */
	uint64_t routed[HP_FN_COUNT]; /* calls the swap modules passed on in this arm's measured slices */
};

/* Everything the row's procedure holds. */
struct hp_swap_run {
	struct hp_api api;
	const struct hp_kind_ops *k;
	struct hp_swap *swap, *swap_sm3; /* the modules' tables (swap_sm3 NULL when not loaded) */
	hp_cand_hash_fn *own_pseudohash, *own_sm3hash; /* the instance's own helpers */
	hp_cand_xof_fn *own_pseudoXOF;
	struct hp_drng_state drng; /* addr/size of drng_algorithm; size 0 without one */
	struct hp_arm *arms;
	size_t narms; /* 1 + the candidates */
};

/* A helper the instance does not define is never called through the
 * module (the instance has no reference to bind); this keeps the table
 * free of NULLs all the same. */
static int hp_swap_absent_hash(int bits, const unsigned char *m, unsigned long long mb, unsigned char *d)
{
	(void)bits, (void)m, (void)mb, (void)d;
	return -3;
}

static int hp_swap_absent_xof(unsigned long long bits, const unsigned char *m, unsigned long long mb, unsigned char *d)
{
	(void)bits, (void)m, (void)mb, (void)d;
	return -3;
}

/* Load one swap module RTLD_GLOBAL and find its table; NULL with err. */
static struct hp_swap *hp_swap_open(const char *file, const char *symbol, char *err, size_t errlen)
{
	char path[PATH_MAX];
	void *dl;
	struct hp_swap *t;

	hp_swap_module_path(file, path, sizeof path);
	if (!(dl = dlopen(path, RTLD_NOW | RTLD_GLOBAL))) {
		snprintf(err, errlen, "cannot load the swap module %.200s: %.200s", path, dlerror());
		return NULL;
	}
	if (!(t = dlsym(dl, symbol)) || t->abi_version != HP_SWAP_ABI_VERSION) {
		snprintf(err, errlen, "%.200s: no %s of ABI version %u: reinstall hashprof", path, symbol,
			 HP_SWAP_ABI_VERSION);
		return NULL;
	}
	return t;
}

/* The arm running now, for hp_swap_failed (one row's procedure a process). */
static struct hp_arm *hp_running_arm;

/* The swap modules' report of a call that returned rc != 0 (swap.h): when
 * the running arm's candidate made that call, its first such error is the
 * arm's cause, named with the candidate (and CryptHash's own error, from a
 * module) and told to the parent before the scheme can abort on it, so
 * that the row is measured again without that candidate (rows.c). */
static void hp_swap_failed(unsigned fn, int rc, unsigned long long in_bits, unsigned long long out_bits)
{
	struct hp_arm *a = hp_running_arm;
	const char *(*error)(void) = NULL;
	const char *detail = NULL;

	if (!a || !(a->cand.helpers & HP_TAPE_BIT(fn)) || a->cause[0])
		return;
	if (a->cand.dl)
		*(void **)&error = dlsym(a->cand.dl, HP_CAND_SYM_ERROR);
	if (error)
		detail = error();
	snprintf(a->cause, sizeof a->cause, "candidate %s: %s returned %d for a %llu-bit input (%llu bits out)%s%s",
		 a->name, hp_fn_name(fn), rc, in_bits, out_bits, detail && *detail ? ": " : "",
		 detail && *detail ? detail : "");
	hp_child_cause("%s", a->cause);
}

/* Point the modules at arm a's helpers and give the instance a's DRNG state. */
static void hp_arm_enter(struct hp_swap_run *s, struct hp_arm *a)
{
	const struct hp_candidate *c = &a->cand;

	s->swap->pseudohash = c->helpers & HP_TAPE_BIT(HP_FN_PSEUDOHASH) ? c->pseudohash : s->own_pseudohash;
	s->swap->pseudoXOF = c->helpers & HP_TAPE_BIT(HP_FN_XOF) ? c->pseudoXOF : s->own_pseudoXOF;
	if (s->swap_sm3)
		s->swap_sm3->sm3hash = c->helpers & HP_TAPE_BIT(HP_FN_SM3) ? c->sm3hash : s->own_sm3hash;
	if (a->drng)
		memcpy(s->drng.addr, a->drng, s->drng.size);
	hp_child_label("%s", a->name);
	hp_running_arm = a;
}

/* Keep the DRNG state arm a left. */
static void hp_arm_leave(struct hp_swap_run *s, struct hp_arm *a)
{
	if (a->drng)
		memcpy(a->drng, s->drng.addr, s->drng.size);
	hp_child_label("%s", "");
	hp_running_arm = NULL;
}

/* The calls the swap modules have passed on so far, per helper. */
static void hp_swap_routed(const struct hp_swap_run *s, uint64_t out[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		out[fn] = s->swap->calls[fn] + (s->swap_sm3 ? s->swap_sm3->calls[fn] : 0);
}

/* Fail arm a (the row itself when a is the placeholder's). */
static void hp_arm_fail(struct hp_swap_run *s, struct hp_arm *a, const char *why)
{
	a->out = 1;
	if (a == &s->arms[0])
		hp_result_fail(a->r, "%s", why);
	else if (a->cause[0])
		hp_result_fail(a->r, "%s: %s; %s", a->name, why, a->cause);
	else
		hp_result_fail(a->r, "%s: %s", a->name, why);
}

/* ---------- loading ---------- */

/* The modules, the candidates and the instance, in that order (the
 * instance must bind to the modules).  0, or -1 with err. */
static int hp_swap_load(struct hp_swap_run *s, const struct hp_instance *inst, int sm3, char *err, size_t errlen)
{
	if (!(s->swap = hp_swap_open(HP_SWAP_MODULE, HP_SWAP_SYMBOL, err, errlen)))
		return -1;
	if (sm3 && !(s->swap_sm3 = hp_swap_open(HP_SWAP_SM3_MODULE, HP_SWAP_SM3_SYMBOL, err, errlen)))
		return -1;
	s->swap->failed = hp_swap_failed;
	if (s->swap_sm3)
		s->swap_sm3->failed = hp_swap_failed;
	for (size_t i = 1; i < s->narms; i++) {
		hp_child_step("loading candidate %s", s->arms[i].name);
		if (hp_candidate_load(&s->arms[i].cand, err, errlen) != 0)
			return -1;
	}
	hp_child_step("loading the instance");
	if (hp_api_load(inst, &s->api, err, errlen) != 0)
		return -1;
	/* dlsym on the instance's handle searches the instance first: its
	 * own helpers, not the modules' */
	*(void **)&s->own_pseudohash = dlsym(s->api.dl, "pseudohash");
	*(void **)&s->own_pseudoXOF = dlsym(s->api.dl, "pseudoXOF");
	*(void **)&s->own_sm3hash = dlsym(s->api.dl, "sm3hash");
	if (!s->own_pseudohash && !s->own_pseudoXOF) {
		snprintf(err, errlen,
			 "%s defines neither pseudohash nor pseudoXOF: there is nothing a candidate could stand "
			 "in for",
			 inst->name);
		return -1;
	}
	if (!s->own_pseudohash)
		s->own_pseudohash = hp_swap_absent_hash;
	if (!s->own_pseudoXOF)
		s->own_pseudoXOF = hp_swap_absent_xof;
	if (!s->own_sm3hash)
		s->own_sm3hash = hp_swap_absent_hash;
	return 0;
}

/* ---------- the arms' set-up ---------- */

/* A module whose CryptHash writes fewer bits than its DIGEST_BIT_LENGTH
 * (module.h's probe): every digest's tail would be whatever the buffer
 * held, and the round trip would fail for no reason it could name.  1 and
 * the line in why; 0 for a built-in, an older module, or a full digest. */
static int hp_arm_digest_short(const struct hp_arm *a, char *why, size_t len)
{
	unsigned (*written)(void) = NULL;
	unsigned bits;

	if (!a->cand.dl || !a->cand.digest_bits)
		return 0;
	*(void **)&written = dlsym(a->cand.dl, HP_CAND_SYM_DIGEST_WRITTEN);
	if (!written || (bits = written()) == 0 || bits >= a->cand.digest_bits)
		return 0;
	snprintf(why, len,
		 "CryptHash writes %u bits of a digest, but the header's DIGEST_BIT_LENGTH is %u: the rest of "
		 "every digest would be whatever the buffer held; set DIGEST_BIT_LENGTH to %u in "
		 "CryptHash_AlgorithmInstance.h and build it again",
		 bits, a->cand.digest_bits, bits);
	return 1;
}

/* Arm a's round trip (candidates only), buffers and set-up; a fails on
 * its own.  DRNG: the round trip's draws are undone, so that the set-up
 * draws what it would in a run of the arm alone. */
static void hp_arm_setup(struct hp_swap_run *s, struct hp_arm *a)
{
	char err[256], why[340];

	hp_arm_enter(s, a);
	hp_child_step("set-up");
	if (s->k->prepare(&a->c, err, sizeof err) != 0) {
		hp_arm_fail(s, a, err);
		goto out;
	}
	a->prepared = 1;
	if (a != &s->arms[0] && hp_arm_digest_short(a, why, sizeof why)) {
		hp_arm_fail(s, a, why);
		goto out;
	}
	if (a != &s->arms[0]) {
		if (s->k->roundtrip(&a->c, err, sizeof err) != 0) {
			snprintf(why, sizeof why, "the scheme fails under the candidate: round trip: %s", err);
			hp_arm_fail(s, a, why);
			goto out;
		}
		if (a->drng)
			memcpy(s->drng.addr, a->drng, s->drng.size);
	}
	if (s->k->setup(&a->c, err, sizeof err) != 0) {
		if (a != &s->arms[0])
			snprintf(why, sizeof why, "the scheme fails under the candidate: %s", err);
		hp_arm_fail(s, a, a != &s->arms[0] ? why : err);
	}
out:
	hp_arm_leave(s, a);
}

/* W unmeasured operations of every arm still in. */
static void hp_swap_warmup(struct hp_swap_run *s, uint64_t warmup)
{
	char err[256], why[300];

	for (size_t i = 0; i < s->narms; i++) {
		struct hp_arm *a = &s->arms[i];
		if (a->out)
			continue;
		hp_arm_enter(s, a);
		for (uint64_t w = 0; w < warmup && !a->out; w++) {
			hp_child_step("warm-up operation %llu of %llu", (unsigned long long)w + 1,
				      (unsigned long long)warmup);
			if (s->k->iterate(&a->c, err, sizeof err) != 0) {
				snprintf(why, sizeof why, "warm-up: %s", err);
				hp_arm_fail(s, a, why);
			}
		}
		hp_arm_leave(s, a);
	}
}

/* ---------- measuring ---------- */

/* Move what the shims counted in the slice just run (ops operations,
 * `ticks` metered) into arm a's row, as one trial, and clear the shims. */
static int hp_arm_harvest(struct hp_swap_run *s, struct hp_arm *a, uint64_t ops, uint64_t ticks)
{
	struct hp_wrap_state *w = s->api.wrap;
	struct hp_result *r = a->r;
	struct hp_trial *t = r->ntrials < HP_TRIALS_MAX ? &r->trials[r->ntrials++] : NULL;

	if (t) {
		memset(t, 0, sizeof *t);
		t->operations = ops;
		t->total_ticks = ticks;
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		r->overflow[fn].calls += w->overflow[fn].calls;
		r->overflow[fn].nested += w->overflow[fn].nested;
		r->overflow[fn].ticks += w->overflow[fn].ticks;
		if (t) {
			t->calls[fn] += w->overflow[fn].calls;
			t->ticks[fn] += w->overflow[fn].ticks;
		}
	}
	for (unsigned i = 0; i < HP_SHAPES_MAX; i++) {
		const struct hp_shape *sh = &w->shapes[i];
		struct hp_result_shape rs = { sh->fn, sh->in_bits, sh->out_bits, sh->calls, sh->nested, sh->ticks };
		if (!sh->used || sh->fn >= HP_FN_COUNT || !(sh->calls || sh->nested))
			continue;
		if (t) {
			t->calls[sh->fn] += sh->calls;
			t->ticks[sh->fn] += sh->ticks;
		}
		if (hp_result_merge_shape(r, &rs) != 0)
			return -1;
	}
	r->operations += ops;
	r->total_ticks += ticks;
	hp_wrap_clear(w);
	return 0;
}

/* Arm a's operations [from, to) of N, then the harvest; a fails on its
 * own at a failing operation (what it measured before stays). */
static void hp_arm_slice(struct hp_swap_run *s, struct hp_arm *a, uint64_t from, uint64_t to, uint64_t n)
{
	char err[256], why[320];
	uint64_t before[HP_FN_COUNT], after[HP_FN_COUNT], ticks0 = a->c.meter.ticks, done = 0;

	struct hp_batch_probe p0, p1;
	uint32_t slice = a->r->ntrials;

	hp_arm_enter(s, a);
	hp_swap_routed(s, before);
	hp_batch_probe_begin(&p0);
	for (uint64_t i = from; i < to; i++) {
		hp_child_step("operation %llu of %llu", (unsigned long long)i + 1, (unsigned long long)n);
		if (s->k->iterate(&a->c, err, sizeof err) != 0) {
			snprintf(why, sizeof why, "%s (operation %llu of %llu)", err, (unsigned long long)i + 1,
				 (unsigned long long)n);
			hp_arm_fail(s, a, why);
			break;
		}
		done++;
	}
	hp_batch_probe_end(&p1);
	hp_swap_routed(s, after);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		a->routed[fn] += after[fn] - before[fn];
	if (hp_arm_harvest(s, a, done, a->c.meter.ticks - ticks0) != 0)
		hp_arm_fail(s, a, "out of memory");
	else if (a->r->ntrials > slice) /* the slice's trial: the thread's view of it */
		hp_batch_probe_close(&p0, &p1, &a->r->trials[slice]);
	hp_arm_leave(s, a);
}

/* Did the swap happen?  The modules must have passed on at least every
 * call of a swapped helper the shims counted in the arm (they also see
 * the calls --wrap cannot); fewer: the instance reaches its own helper
 * without its dynamic symbol, and the candidate never ran. */
static void hp_arm_check_routed(struct hp_swap_run *s, struct hp_arm *a)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	static const unsigned fns[] = { HP_FN_XOF, HP_FN_PSEUDOHASH, HP_FN_SM3 };
	char why[320];

	if (a->out)
		return;
	hp_result_fn_totals(a->r, calls, nested, ticks);
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		unsigned fn = fns[i];
		if (fn == HP_FN_SM3 && !s->swap_sm3)
			continue;
		if (a->routed[fn] < calls[fn] + nested[fn]) {
			snprintf(why, sizeof why,
				 "%llu of the %llu %s calls did not go through the swap module: the instance binds its "
				 "own %s (linked -Bsymbolic, or the helper is hidden), so no candidate can stand in",
				 (unsigned long long)(calls[fn] + nested[fn] - a->routed[fn]),
				 (unsigned long long)(calls[fn] + nested[fn]), hp_fn_name(fn), hp_fn_name(fn));
			hp_arm_fail(s, a, why);
			return;
		}
	}
}

/* Operations in the next slice of N (from `from` on): about
 * HP_BATCH_SECONDS of the placeholder's operations (its wall time per
 * operation in the slices so far; 1 operation before any), at most N /
 * trials (so N is cut into `trials` slices at least), and enough that
 * the slices left fit the trials' room (HP_BATCHES_COUNTING_MAX). */
static uint64_t hp_swap_slice_size(const struct hp_result *p, uint64_t from, uint64_t n, unsigned trials, unsigned made)
{
	uint64_t wall = 0, ops = 0, left = n - from, room = HP_BATCHES_COUNTING_MAX - made;

	for (uint32_t t = 0; t < p->ntrials; t++) {
		wall += p->trials[t].wall_ns;
		ops += p->trials[t].operations;
	}
	return hp_batch_size(ops && wall ? (double)wall / ops : 0, room > 1 ? (left + room - 1) / room : left,
			     (n + trials - 1) / trials);
}

/* The N operations of every arm in slices of about 2 ms (at least
 * `trials` of them), one slice of every arm in turn, the order reversed
 * every other slice: slice t of every arm is the same stretch of time,
 * and the arms' ratio is the median of their per-slice ratios over the
 * slices no preemption touched (docs/method-batches.md). */
static void hp_swap_measure(struct hp_swap_run *s, uint64_t n, unsigned trials)
{
	unsigned t = 0;

	if (trials > n)
		trials = (unsigned)n;
	if (trials > HP_BATCHES_COUNTING_MAX)
		trials = HP_BATCHES_COUNTING_MAX;
	if (trials == 0)
		trials = 1;
	for (size_t i = 0; i < s->narms; i++) {
		s->arms[i].r->ntrials = 0;
		s->arms[i].r->batched = 1;
	}
	for (uint64_t from = 0, to; from < n && !s->arms[0].out; from = to, t++) {
		to = from + hp_swap_slice_size(s->arms[0].r, from, n, trials, t);
		if (to > n)
			to = n;
		for (size_t k = 0; k < s->narms; k++) {
			struct hp_arm *a = &s->arms[t % 2 ? s->narms - 1 - k : k];
			if (!a->out)
				hp_arm_slice(s, a, from, to, n);
		}
	}
	for (size_t i = 0; i < s->narms; i++) {
		hp_arm_check_routed(s, &s->arms[i]);
		hp_result_sort_shapes(s->arms[i].r);
	}
}

/* The shims' overhead, once for every arm (one instance, one layout). */
static void hp_swap_overhead(struct hp_swap_run *s)
{
	struct hp_overhead oh;
	hp_calib_loop_fn loop;

	hp_child_step("overhead calibration");
	*(void **)&loop = dlsym(s->api.dl, HP_CALIB_LOOP_SYMBOL);
	hp_calibrate(s->api.wrap, loop, hp_clock_fn(), &oh);
	for (size_t i = 0; i < s->narms; i++) {
		struct hp_result *r = s->arms[i].r;
		r->overhead_valid = oh.valid;
		r->overhead_added_ticks = oh.added_ticks;
		r->overhead_inside_ticks = oh.inside_ticks;
		r->overhead_seconds = oh.seconds;
	}
}

/* ---------- the row ---------- */

/* The arms: the placeholder's (r itself) and one per candidate; 0 or -1. */
static int hp_swap_arms(struct hp_swap_run *s, const struct hp_instance *inst, const char *op,
			const struct hp_options *o, struct hp_result *r)
{
	if (!(s->arms = calloc(o->ncands + 1, sizeof *s->arms)))
		return -1;
	s->narms = o->ncands + 1;
	s->arms[0].name = HP_CAND_PLACEHOLDER;
	s->arms[0].r = r;
	for (size_t i = 0; i < o->ncands; i++) {
		struct hp_arm *a = &s->arms[i + 1];
		a->cand = o->cands[i];
		a->name = a->cand.name;
		if (hp_result_add_arm(r, a->cand.name, a->cand.helpers, &a->r) != 0)
			return -1;
	}
	for (size_t i = 0; i < s->narms; i++) {
		struct hp_arm *a = &s->arms[i];
		if (a != &s->arms[0]) {
			hp_procedure_describe(inst, op, o, a->r);
			a->r->iterations = r->iterations;
			a->r->warmup = r->warmup;
		}
		a->c = (struct hp_op_ctx){
			.api = &s->api, .op = op, .message = o->message, .message_len = o->message_len
		};
	}
	return 0;
}

/* Every arm's copy of the seeded DRNG state; 0, or -1 with err.  An
 * instance without drng_algorithm draws nothing to keep apart. */
static int hp_swap_drng(struct hp_swap_run *s, char *err, size_t errlen)
{
	if (!s->api.drng_algorithm)
		return 0;
	if (hp_drng_state_open(s->api.dl, &s->drng, err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < s->narms; i++) {
		if (!(s->arms[i].drng = malloc(s->drng.size))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		memcpy(s->arms[i].drng, s->drng.addr, s->drng.size);
	}
	return 0;
}

static void hp_swap_release(struct hp_swap_run *s)
{
	for (size_t i = 0; i < s->narms; i++) {
		if (s->arms[i].prepared)
			s->k->release(&s->arms[i].c);
		free(s->arms[i].drng);
	}
	free(s->arms);
	hp_drng_state_close(&s->drng);
}

void hp_swap_run(const struct hp_instance *inst, const char *op, const struct hp_options *o, uint64_t iterations,
		 uint64_t warmup, struct hp_result *r)
{
	struct hp_swap_run s = { .k = hp_kind_ops_of(inst->kind) };
	char err[512];
	int sm3 = 0;

	hp_procedure_describe(inst, op, o, r);
	r->iterations = iterations;
	r->warmup = warmup;
	for (size_t i = 0; i < o->ncands; i++)
		sm3 |= (o->cands[i].helpers & HP_TAPE_BIT(HP_FN_SM3)) != 0;
	if (hp_swap_arms(&s, inst, op, o, r) != 0) {
		hp_result_fail(r, "out of memory");
		goto out;
	}
	if (hp_clock_init(o->clock, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		goto out;
	}
	for (size_t i = 0; i < s.narms; i++) {
		snprintf(s.arms[i].r->clock_source, sizeof s.arms[i].r->clock_source, "%s", hp_clock_source());
		snprintf(s.arms[i].r->clock_unit, sizeof s.arms[i].r->clock_unit, "%s", hp_clock_unit());
	}
	if (!s.k) {
		hp_result_fail(r, "unknown API kind '%s'", inst->kind);
		goto out;
	}
	if (hp_swap_load(&s, inst, sm3, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		goto out;
	}
	hp_clock_install(s.api.wrap);
	s.api.wrap->accounting = 0;
	for (size_t i = 0; i < s.narms; i++)
		s.arms[i].c.meter = (struct hp_meter){ .wrap = s.api.wrap, .clock = hp_clock_fn() };
	/* method.md: "seeded once, before anything else"; every arm from there */
	hp_arm_enter(&s, &s.arms[0]);
	if (s.api.init_random_number)
		s.api.init_random_number(s.api.drng_algorithm, o->seed, o->seed_len);
	hp_arm_leave(&s, &s.arms[0]);
	if (hp_swap_drng(&s, err, sizeof err) != 0) {
		hp_result_fail(r, "%s", err);
		goto out;
	}
	for (size_t i = 0; i < s.narms && !s.arms[0].out; i++)
		hp_arm_setup(&s, &s.arms[i]);
	if (!s.arms[0].out)
		hp_swap_warmup(&s, warmup);
	if (!s.arms[0].out) {
		hp_swap_overhead(&s);
		hp_swap_measure(&s, iterations, o->trials);
	}
out:
	/* the placeholder failed: so did every arm measured beside it */
	for (size_t i = 0; i < hp_arms_c(r)->narms && r->status != HP_STATUS_OK; i++)
		if (hp_arms_c(r)->arms[i].r && hp_arms_c(r)->arms[i].r->status == HP_STATUS_OK)
			hp_result_fail(hp_arms_c(r)->arms[i].r, "not measured: the placeholder's arm failed");
	hp_swap_release(&s);
}
