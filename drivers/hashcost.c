/*
 * hashcost.c - the per-shape micro-benchmark (see hashcost.h).
 */
#include "hashcost.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "measure/clock.h"

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

/* One shape's pricing in progress: its calls per batch and its samples. */
struct hp_hashcost_run {
	struct hp_cost shape;
	unsigned k;
	double per[HP_HASHCOST_SAMPLES]; /* ticks per call of each timed batch */
};

/* The first call of shape s (a helper that refuses it is an error), then
 * k doubled until a batch takes target ticks, and two batches of warm-up.
 * 0, or -1 with err. */
static int hp_hashcost_prepare(const struct hp_hashcost_fns *f, struct hp_hashcost_run *r, const unsigned char *msg,
			       unsigned char *buf, double target, char *err, size_t errlen)
{
	const struct hp_cost *s = &r->shape;
	int rc;

	if ((rc = hp_hashcost_call(f, s, msg, buf)) != 0) {
		snprintf(err, errlen, "%s: %s (%llu -> %llu bits) returned %d", f->name, hp_fn_name(s->fn),
			 (unsigned long long)s->in_bits, (unsigned long long)s->out_bits, rc);
		return -1;
	}
	r->k = 1;
	while (r->k < HP_HASHCOST_BATCH_MAX && (double)hp_hashcost_batch(f, s, msg, buf, r->k) < target)
		r->k *= 2;
	hp_hashcost_batch(f, s, msg, buf, r->k);
	hp_hashcost_batch(f, s, msg, buf, r->k);
	return 0;
}

/* The median and quartiles of r's samples into *c. */
static void hp_hashcost_summary(struct hp_hashcost_run *r, struct hp_cost *c)
{
	qsort(r->per, HP_HASHCOST_SAMPLES, sizeof r->per[0], hp_double_cmp);
	*c = r->shape;
	c->median_ticks = r->per[HP_HASHCOST_SAMPLES / 2];
	c->q1_ticks = r->per[HP_HASHCOST_SAMPLES / 4];
	c->q3_ticks = r->per[3 * HP_HASHCOST_SAMPLES / 4];
	c->samples = HP_HASHCOST_SAMPLES;
	c->batch_calls = r->k;
}

/*
 * Price the n shapes of runs[] (shape set, k and per filled here): each
 * prepared, then HP_HASHCOST_SAMPLES rounds of one timed batch of every
 * shape in turn, so that the samples of each shape spread over the whole
 * subject's pricing and a slow spell of the machine (another job, a
 * frequency change) lands in one sample of many shapes, which their
 * medians drop, not in every sample of one shape (priced one shape
 * after the other, one of two back-to-back runs of ML-DSA-44 --hash=all
 * on a quiet VM projected SHA3-256 66% above its direct swap, the other
 * 1.5%).  msg holds the longest input,
 * buf the longest output.  0, or -1 with err.
 */
static int hp_hashcost_rounds(const struct hp_hashcost_fns *f, struct hp_hashcost_run *runs, size_t n,
			      const unsigned char *msg, unsigned char *buf, double target, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		hp_child_step("pricing %s: %s (%llu -> %llu bits)", f->name, hp_fn_name(runs[i].shape.fn),
			      (unsigned long long)runs[i].shape.in_bits, (unsigned long long)runs[i].shape.out_bits);
		if (hp_hashcost_prepare(f, &runs[i], msg, buf, target, err, errlen) != 0)
			return -1;
	}
	hp_child_step("pricing %s: %zu shapes, %u rounds", f->name, n, HP_HASHCOST_SAMPLES);
	for (unsigned j = 0; j < HP_HASHCOST_SAMPLES; j++)
		for (size_t i = 0; i < n; i++)
			runs[i].per[j] = (double)hp_hashcost_batch(f, &runs[i].shape, msg, buf, runs[i].k) / runs[i].k;
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

/* Whether f has the helper of shape w; err names it when not. */
static int hp_hashcost_has(const struct hp_hashcost_fns *f, const struct hp_cost *w, char *err, size_t errlen)
{
	int have = w->fn == HP_FN_XOF          ? f->pseudoXOF != NULL
		   : w->fn == HP_FN_PSEUDOHASH ? f->pseudohash != NULL
					       : f->sm3hash != NULL;

	if (!have)
		snprintf(err, errlen, "%s has no %s", f->name, hp_fn_name(w->fn));
	return have;
}

/* The subject's costs of j's shapes, put in s: 0, or -1 with err. */
static int hp_hashcost_price(const struct hp_hashcost_job *j, const struct hp_hashcost_fns *f,
			     struct hp_cost_subject *s, char *err, size_t errlen)
{
	struct hp_hashcost_run *runs = calloc(j->n ? j->n : 1, sizeof *runs);
	uint64_t in_max = 0, out_max = 0;
	unsigned char *msg = NULL, *buf = NULL;
	int rc = -1;

	for (size_t i = 0; i < j->n; i++) {
		if (!hp_hashcost_has(f, &j->want[i], err, errlen))
			goto out;
		in_max = j->want[i].in_bits > in_max ? j->want[i].in_bits : in_max;
		out_max = j->want[i].out_bits > out_max ? j->want[i].out_bits : out_max;
	}
	if (!runs || !(msg = malloc((size_t)(in_max / 8 + 1))) || !(buf = malloc((size_t)(out_max / 8 + 64)))) {
		snprintf(err, errlen, "out of memory for a %llu-bit input", (unsigned long long)in_max);
		goto out;
	}
	for (size_t i = 0; i < in_max / 8 + 1; i++)
		msg[i] = (unsigned char)(i * 131 + 64);
	for (size_t i = 0; i < j->n; i++)
		runs[i].shape = j->want[i];
	if (hp_hashcost_rounds(f, runs, j->n, msg, buf, HP_HASHCOST_BATCH_SECONDS * j->o->tick_hz, err, errlen) != 0)
		goto out;
	for (size_t i = 0; i < j->n; i++) {
		struct hp_cost c;
		hp_hashcost_summary(&runs[i], &c);
		if (hp_cost_put(s, &c) != 0) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
	}
	rc = 0;
out:
	free(runs);
	free(msg);
	free(buf);
	return rc;
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
	if (hp_hashcost_price(j, &f, s, err, sizeof err) != 0) {
		hp_cost_table_free(&t);
		return json_pack("{s:s}", "error", err);
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
