/*
 * ops.c - the kind table (see ops.h).
 */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct hp_kind_ops *hp_kind_ops_of(const char *kind)
{
	static const struct hp_kind_ops *const kinds[] = { &hp_sig_ops, &hp_kem_ops, &hp_kex_ops };

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcmp(kinds[i]->kind, kind))
			return kinds[i];
	return NULL;
}

int hp_kind_has_op(const struct hp_kind_ops *k, const char *op)
{
	for (const char *const *o = k->operations; *o; o++)
		if (!strcmp(*o, op))
			return 1;
	return 0;
}

void hp_kind_op_list(const struct hp_kind_ops *k, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const char *const *o = k->operations; *o && used < len; o++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", *o);
}

/* Schemes sometimes write a few bytes past the length they announce; the
 * guard keeps that from corrupting the driver's own memory. */
#define HP_GUARD 64

void *hp_ops_alloc(unsigned long long n, const char *what, char *err, size_t errlen)
{
	void *p = n < (1ull << 32) ? calloc(1, (size_t)n + HP_GUARD) : NULL;

	if (!p)
		snprintf(err, errlen, "cannot allocate %llu bytes for the %s", n, what);
	return p;
}

/* ---------- replaying an operation ---------- */

unsigned long long hp_ops_within(unsigned long long len, unsigned long long cap)
{
	return len < cap ? len : cap;
}

int hp_op_replay_begin(struct hp_op_replay *p, struct hp_op_ctx *c, const struct hp_kind_ops *k, char *err,
		       size_t errlen)
{
	memset(p, 0, sizeof *p);
	p->c = c;
	p->k = k;
	return k->replay_prepare ? k->replay_prepare(c, err, errlen) : 0;
}

int hp_op_replay_op(void *ctx, enum hp_replay_phase phase)
{
	struct hp_op_replay *p = ctx;

	(void)phase; /* every run is the same call; the check tells them apart */
	return p->rc = p->k->replay_op(p->c);
}

/* "the timed run", "the hash replay", ... */
static const char *hp_phase_name(enum hp_replay_phase phase)
{
	switch ((int)phase) {
	case HP_REPLAY_PHASE_RECORD:
		return "the record run";
	case HP_REPLAY_PHASE_TIMED:
		return "the timed run";
	case HP_REPLAY_PHASE_REPLAY + HP_REPLAY_HASH:
		return "the hash replay";
	case HP_REPLAY_PHASE_REPLAY + HP_REPLAY_DRNG:
		return "the DRNG replay";
	}
	return "a run";
}

/* Keep the record run's n outputs (copies: the buffers are written again). */
static int hp_op_replay_keep(struct hp_op_replay *p, const struct hp_op_output *out, size_t n, char *err, size_t errlen)
{
	size_t total = 0, used = 0;

	for (size_t i = 0; i < n; i++)
		total += (size_t)out[i].len;
	if (total > p->saved_cap) {
		unsigned char *b = realloc(p->saved, total);
		if (!b) {
			snprintf(err, errlen, "out of memory keeping the record run's outputs (%zu bytes)", total);
			return -1;
		}
		p->saved = b;
		p->saved_cap = total;
	}
	for (size_t i = 0; i < n; i++) {
		if (out[i].len)
			memcpy(p->saved + used, out[i].bytes, (size_t)out[i].len);
		p->rec[i] = (struct hp_op_output){ out[i].what, p->saved + used, out[i].len };
		used += (size_t)out[i].len;
	}
	p->nrec = n;
	return 0;
}

/* A later run's outputs against the record's; 0, or -1 with the first difference. */
static int hp_op_replay_compare(const struct hp_op_replay *p, enum hp_replay_phase phase,
				const struct hp_op_output *out, size_t n, char *err, size_t errlen)
{
	if (n != p->nrec) { /* the kind's list is fixed per operation: a driver bug */
		snprintf(err, errlen, "%s wrote %zu outputs, the record run %zu", hp_phase_name(phase), n, p->nrec);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct hp_op_output *a = &out[i], *b = &p->rec[i];
		if (a->len != b->len) {
			snprintf(err, errlen, "%s's %s has %llu bytes, the record's %llu", hp_phase_name(phase),
				 a->what, a->len, b->len);
			return -1;
		}
		for (unsigned long long k = 0; k < a->len; k++)
			if (a->bytes[k] != b->bytes[k]) {
				snprintf(err, errlen, "%s's %s differs from the record's at byte %llu of %llu",
					 hp_phase_name(phase), a->what, k, a->len);
				return -1;
			}
	}
	return 0;
}

int hp_op_replay_check(void *ctx, enum hp_replay_phase phase, char *err, size_t errlen)
{
	struct hp_op_replay *p = ctx;
	struct hp_op_output out[HP_OP_OUTPUTS_MAX];
	size_t n = p->k->replay_outputs(p->c, out);
	int status;

	if (p->observe)
		p->observe(p->observe_arg, phase, out, n);
	if (phase != HP_REPLAY_PHASE_RECORD)
		status = hp_op_replay_compare(p, phase, out, n, err, errlen);
	else if (p->rc != 0) {
		/* every run returning the same failure is no measurement */
		snprintf(err, errlen, "the record run returned %d", p->rc);
		status = -1;
	} else {
		status = hp_op_replay_keep(p, out, n, err, errlen);
	}
	if (p->k->replay_reset)
		p->k->replay_reset(p->c);
	return status;
}

void hp_op_replay_end(struct hp_op_replay *p)
{
	free(p->saved);
	p->saved = NULL;
	p->saved_cap = 0;
	p->nrec = 0;
}
