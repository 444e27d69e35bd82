/*
 * hashcost.c - the per-shape micro-benchmark (see hashcost.h).
 */
#include "hashcost.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "clock.h"

/* What a child prices. */
struct hp_hashcost_job {
	const struct hp_candidate *c; /* NULL: the placeholder of inst */
	const struct hp_instance *inst;
	const struct hp_cost *want;
	size_t n;
	const struct hp_options *o;
};

/* The subject's functions, loaded in this process. */
struct hp_hashcost_fns {
	const char *name;
	hp_cand_hash_fn *pseudohash, *sm3hash;
	hp_cand_xof_fn *pseudoXOF;
};

/* One call of shape s (buffers large enough); the helper's return code. */
static int hp_hashcost_call(const struct hp_hashcost_fns *f, const struct hp_cost *s, const unsigned char *msg,
			    unsigned char *out)
{
	switch (s->fn) {
	case HP_FN_XOF:
		return f->pseudoXOF(s->out_bits, msg, s->in_bits, out);
	case HP_FN_PSEUDOHASH:
		return f->pseudohash((int)s->out_bits, msg, s->in_bits, out);
	default:
		return f->sm3hash((int)s->out_bits, msg, s->in_bits, out);
	}
}

/* Ticks of k calls of shape s. */
static uint64_t hp_hashcost_batch(const struct hp_hashcost_fns *f, const struct hp_cost *s, const unsigned char *msg,
				  unsigned char *out, unsigned k)
{
	uint64_t t0 = hp_clock_read();

	for (unsigned i = 0; i < k; i++)
		hp_hashcost_call(f, s, msg, out);
	return hp_clock_read() - t0;
}

static int hp_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Price shape s into *c; 0, or -1 with err (the helper refused it). */
static int hp_hashcost_shape(const struct hp_hashcost_fns *f, const struct hp_cost *s, double tick_hz,
			     struct hp_cost *c, char *err, size_t errlen)
{
	size_t in = (size_t)(s->in_bits / 8 + 1), out = (size_t)(s->out_bits / 8 + 64);
	unsigned char *msg = malloc(in), *buf = malloc(out);
	double per[HP_HASHCOST_SAMPLES], target = HP_HASHCOST_BATCH_SECONDS * tick_hz;
	unsigned k = 1;
	int rc;

	if (!msg || !buf) {
		free(msg);
		free(buf);
		snprintf(err, errlen, "out of memory for a %llu-bit input", (unsigned long long)s->in_bits);
		return -1;
	}
	for (size_t i = 0; i < in; i++)
		msg[i] = (unsigned char)(i * 131 + 64);
	if ((rc = hp_hashcost_call(f, s, msg, buf)) != 0) {
		snprintf(err, errlen, "%s: %s (%llu -> %llu bits) returned %d", f->name, hp_fn_name(s->fn),
			 (unsigned long long)s->in_bits, (unsigned long long)s->out_bits, rc);
		free(msg);
		free(buf);
		return -1;
	}
	while (k < HP_HASHCOST_BATCH_MAX && (double)hp_hashcost_batch(f, s, msg, buf, k) < target)
		k *= 2;
	hp_hashcost_batch(f, s, msg, buf, k);
	hp_hashcost_batch(f, s, msg, buf, k);
	for (unsigned i = 0; i < HP_HASHCOST_SAMPLES; i++)
		per[i] = (double)hp_hashcost_batch(f, s, msg, buf, k) / k;
	qsort(per, HP_HASHCOST_SAMPLES, sizeof per[0], hp_double_cmp);
	*c = *s;
	c->median_ticks = per[HP_HASHCOST_SAMPLES / 2];
	c->q1_ticks = per[HP_HASHCOST_SAMPLES / 4];
	c->q3_ticks = per[3 * HP_HASHCOST_SAMPLES / 4];
	c->samples = HP_HASHCOST_SAMPLES;
	c->batch_calls = k;
	free(msg);
	free(buf);
	return 0;
}

/* The subject's functions: the candidate's, or the instance's own. */
static int hp_hashcost_load(const struct hp_hashcost_job *j, struct hp_hashcost_fns *f, struct hp_candidate *c,
			    char *err, size_t errlen)
{
	void *dl;

	memset(f, 0, sizeof *f);
	if (j->c) {
		*c = *j->c;
		f->name = c->name;
		if (hp_candidate_load(c, err, errlen) != 0)
			return -1;
		f->pseudohash = c->pseudohash;
		f->pseudoXOF = c->pseudoXOF;
		f->sm3hash = c->sm3hash;
		return 0;
	}
	f->name = "the placeholder";
	if (!(dl = dlopen(j->inst->path, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(err, errlen, "cannot load %.200s: %.200s", j->inst->path, dlerror());
		return -1;
	}
	*(void **)&f->pseudohash = dlsym(dl, "pseudohash");
	*(void **)&f->pseudoXOF = dlsym(dl, "pseudoXOF");
	*(void **)&f->sm3hash = dlsym(dl, "sm3hash");
	return 0;
}

/* The child: {"costs": [...]} or {"error": "..."}. */
static json_t *hp_hashcost_main(void *arg)
{
	const struct hp_hashcost_job *j = arg;
	struct hp_hashcost_fns f;
	struct hp_candidate cand;
	struct hp_cost_table t = { 0 };
	struct hp_cost_subject *s;
	char err[512];
	json_t *doc;

	if (hp_clock_init(j->o->clock, err, sizeof err) != 0 || hp_hashcost_load(j, &f, &cand, err, sizeof err) != 0)
		return json_pack("{s:s}", "error", err);
	if (!(s = hp_cost_subject_get(&t, "x", "")))
		return json_pack("{s:s}", "error", "out of memory");
	for (size_t i = 0; i < j->n; i++) {
		const struct hp_cost *w = &j->want[i];
		struct hp_cost c;
		int have = w->fn == HP_FN_XOF          ? f.pseudoXOF != NULL
			   : w->fn == HP_FN_PSEUDOHASH ? f.pseudohash != NULL
						       : f.sm3hash != NULL;
		hp_child_step("pricing %s: %s (%llu -> %llu bits)", f.name, hp_fn_name(w->fn),
			      (unsigned long long)w->in_bits, (unsigned long long)w->out_bits);
		if (!have) {
			snprintf(err, sizeof err, "%s has no %s", f.name, hp_fn_name(w->fn));
			hp_cost_table_free(&t);
			return json_pack("{s:s}", "error", err);
		}
		if (hp_hashcost_shape(&f, w, j->o->tick_hz, &c, err, sizeof err) != 0 || hp_cost_put(s, &c) != 0) {
			hp_cost_table_free(&t);
			return json_pack("{s:s}", "error", err);
		}
	}
	doc = hp_cost_table_json(&t);
	hp_cost_table_free(&t);
	return doc;
}

int hp_hashcost_measure(const struct hp_candidate *c, const struct hp_instance *inst, const struct hp_cost *want,
			size_t n, const struct hp_options *o, struct hp_cost_subject *out, char *err, size_t errlen)
{
	struct hp_hashcost_job j = { c, inst, want, n, o };
	char failure[512], why[512];
	json_t *doc = hp_child_run(hp_hashcost_main, &j, o->timeout, failure, sizeof failure);
	struct hp_cost_table t;
	const struct hp_cost_subject *s;
	int rc = -1;

	if (!doc) {
		snprintf(err, errlen, "the cost micro-benchmark of %s %s", c ? c->name : "the placeholder", failure);
		return -1;
	}
	if (json_is_string(json_object_get(doc, "error")))
		snprintf(err, errlen, "%s", json_string_value(json_object_get(doc, "error")));
	else if (hp_cost_table_from_json(doc, &t, why, sizeof why) != 0)
		snprintf(err, errlen, "the cost micro-benchmark sent an unreadable table: %s", why);
	else {
		rc = 0;
		s = hp_cost_subject_find(&t, "x");
		for (size_t i = 0; s && rc == 0 && i < s->n; i++)
			if (hp_cost_put(out, &s->costs[i]) != 0) {
				snprintf(err, errlen, "out of memory");
				rc = -1;
			}
		hp_cost_table_free(&t);
	}
	json_decref(doc);
	return rc;
}
