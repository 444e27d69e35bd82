/*
 * replay.c - record, timed and replay runs of one operation, the tape's
 * memory, and the replay share (see replay.h, docs/replay.md).
 */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HP_TAPE_MIN_BYTES 4096u
#define HP_MIB (1024.0 * 1024.0)

uint32_t hp_replay_family_mask(unsigned family)
{
	static const uint32_t masks[HP_REPLAY_FAMILIES] = { HP_TAPE_FAMILY_HASH, HP_TAPE_FAMILY_DRNG };

	return family < HP_REPLAY_FAMILIES ? masks[family] : 0;
}

const char *hp_replay_family_name(unsigned family)
{
	static const char *const names[HP_REPLAY_FAMILIES] = { "hash", "DRNG" };

	return family < HP_REPLAY_FAMILIES ? names[family] : NULL;
}

/* ---------- memory ---------- */

static uint64_t hp_sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t hp_sat_mul(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

uint64_t hp_replay_tape_need(const struct hp_result_shape *shapes, size_t nshapes, uint64_t operations)
{
	uint64_t bytes = 0;

	if (!operations)
		return 0;
	for (size_t i = 0; i < nshapes; i++) {
		const struct hp_result_shape *s = &shapes[i];
		uint64_t per_op = s->calls / operations + (s->calls % operations != 0);
		uint64_t entry = hp_tape_entry_bytes(hp_tape_out_bytes(s->fn, s->out_bits));
		bytes = hp_sat_add(bytes, hp_sat_mul(per_op, entry));
	}
	return bytes;
}

uint64_t hp_replay_bound_bytes(unsigned max_mib)
{
	return hp_sat_mul(max_mib, 1024u * 1024u);
}

/* (Re)allocate w's tape to cap bytes, keeping its contents. */
static int hp_tape_resize(struct hp_wrap_state *w, uint64_t cap)
{
	void *p;

	if (cap > SIZE_MAX)
		return -1;
	p = realloc(w->tape.buf, (size_t)cap);
	if (!p)
		return -1;
	w->tape.buf = p;
	w->tape.cap = cap;
	return 0;
}

int hp_replay_tape_alloc(struct hp_wrap_state *w, const char *name, uint64_t bytes, unsigned max_mib,
			 char *err, size_t errlen)
{
	uint64_t bound = hp_replay_bound_bytes(max_mib);

	if (bytes > bound) {
		snprintf(err, errlen, "%s: the replay tape needs %.1f MiB per operation, over the bound of "
			 "%u MiB (--replay-max-mb)", name, (double)bytes / HP_MIB, max_mib);
		return -1;
	}
	if (bytes < HP_TAPE_MIN_BYTES)
		bytes = HP_TAPE_MIN_BYTES;
	bytes = (bytes + 7) & ~(uint64_t)7;
	hp_replay_tape_free(w);
	if (hp_tape_resize(w, bytes) != 0) {
		snprintf(err, errlen, "%s: out of memory for a replay tape of %.1f MiB", name,
			 (double)bytes / HP_MIB);
		return -1;
	}
	return 0;
}

void hp_replay_tape_free(struct hp_wrap_state *w)
{
	free(w->tape.buf);
	memset(&w->tape, 0, sizeof w->tape);
}

/* ---------- one sample ---------- */

/* Ready the tape for a run: read (or write) from the start, no flag, no
 * count; the recorded length is kept unless `record`. */
static void hp_tape_rewind(struct hp_tape *t, int record, uint32_t mask)
{
	if (record)
		t->len = 0;
	t->pos = 0;
	t->flags = 0;
	t->calls = t->replayed = t->passed = t->diverged_at = 0;
	memset(&t->diverged, 0, sizeof t->diverged);
	t->replay_mask = mask;
}

static void hp_drng_back(const struct hp_replay_run *run, enum hp_drng_slot slot)
{
	if (run->drng)
		hp_drng_state_restore(run->drng, slot);
}

/* One run of the operation between two clock reads, accounting set to
 * mode around them as the driver's meter does; its ticks. */
static uint64_t hp_timed_run(const struct hp_replay_run *run, int mode, enum hp_replay_phase phase, int *rc)
{
	uint64_t t0, t1;

	run->wrap->accounting = mode;
	t0 = run->clock();
	*rc = run->op(run->ctx, phase);
	t1 = run->clock();
	run->wrap->accounting = HP_ACCOUNTING_OFF;
	return t1 - t0;
}

/* The record run, again on a grown tape while it overflows.  Returns 0,
 * or -1 with err set. */
static int hp_record(const struct hp_replay_run *run, int *rc, char *err, size_t errlen)
{
	struct hp_wrap_state *w = run->wrap;

	for (;;) {
		hp_tape_rewind(&w->tape, 1, 0);
		w->accounting = HP_ACCOUNTING_RECORD;
		*rc = run->op(run->ctx, HP_REPLAY_PHASE_RECORD);
		w->accounting = HP_ACCOUNTING_OFF;
		if (!(w->tape.flags & HP_TAPE_OVERFLOW))
			return 0;
		uint64_t cap = w->tape.cap < HP_TAPE_MIN_BYTES ? HP_TAPE_MIN_BYTES : hp_sat_mul(w->tape.cap, 2);
		if (cap > run->max_bytes)
			cap = run->max_bytes & ~(uint64_t)7;
		if (cap <= w->tape.cap) {
			snprintf(err, errlen, "%s: the replay tape needs more than %.1f MiB (--replay-max-mb)",
				 run->name, (double)run->max_bytes / HP_MIB);
			return -1;
		}
		if (hp_tape_resize(w, cap) != 0) {
			snprintf(err, errlen, "%s: out of memory for a replay tape of %.1f MiB", run->name,
				 (double)cap / HP_MIB);
			return -1;
		}
		hp_drng_back(run, HP_DRNG_BEFORE);
	}
}

/* run->check after the run of phase, if there is one.  Returns 0, or -1
 * with "name: why" in err. */
static int hp_run_check(const struct hp_replay_run *run, enum hp_replay_phase phase, char *err, size_t errlen)
{
	char why[256];

	if (!run->check || run->check(run->ctx, phase, why, sizeof why) == 0)
		return 0;
	snprintf(err, errlen, "%s: %s", run->name, why);
	return -1;
}

/* "pseudoXOF (in 256, out 1024 bits)" */
static void hp_call_text(char *buf, size_t n, unsigned fn, uint64_t in_bits, uint64_t out_bits)
{
	const char *name = hp_fn_name(fn);

	snprintf(buf, n, "%s (in %llu, out %llu bits)", name ? name : "?", (unsigned long long)in_bits,
		 (unsigned long long)out_bits);
}

/* After the replay run of family: what went wrong with the tape, if
 * anything.  Returns 0, or -1 with err set. */
static int hp_replay_check(const struct hp_replay_run *run, unsigned family, uint64_t entries,
			   char *err, size_t errlen)
{
	const struct hp_tape *t = &run->wrap->tape;
	const char *fam = hp_replay_family_name(family);
	char got[96], want[112];

	if (t->flags & HP_TAPE_DIVERGED) {
		hp_call_text(got, sizeof got, t->diverged.fn, t->diverged.in_bits, t->diverged.out_bits);
		if (t->len - t->pos >= sizeof(struct hp_tape_entry)) {
			const struct hp_tape_entry *e = (const struct hp_tape_entry *)(t->buf + t->pos);
			hp_call_text(want, sizeof want, e->fn, e->in_bits, e->out_bits);
		} else {
			snprintf(want, sizeof want, "the end of its %llu calls", (unsigned long long)entries);
		}
		snprintf(err, errlen, "%s: the %s replay diverged at helper call %llu: %s where the "
			 "record has %s", run->name, fam, (unsigned long long)t->diverged_at, got, want);
		return -1;
	}
	if (t->pos != t->len) {
		snprintf(err, errlen, "%s: the %s replay made %llu helper calls, the record %llu",
			 run->name, fam, (unsigned long long)t->calls, (unsigned long long)entries);
		return -1;
	}
	return 0;
}

int hp_replay_sample(const struct hp_replay_run *run, unsigned order, struct hp_replay_sample *out,
		     char *err, size_t errlen)
{
	struct hp_wrap_state *w = run->wrap;
	int rc0, rc, status = 0;

	memset(out, 0, sizeof *out);
	if (run->drng)
		hp_drng_state_save(run->drng, HP_DRNG_BEFORE);
	if (hp_record(run, &rc0, err, errlen) != 0) {
		status = -1;
		goto done;
	}
	if (run->drng)
		hp_drng_state_save(run->drng, HP_DRNG_AFTER);
	if (hp_run_check(run, HP_REPLAY_PHASE_RECORD, err, errlen) != 0) {
		status = -1;
		goto done;
	}
	out->calls = w->tape.calls;
	out->tape_bytes = w->tape.len;

	/* run 0: the timed run; runs 1, 2: the replays, hash then DRNG,
	 * each swapped by its order bit */
	for (unsigned k = 0; k < 1 + HP_REPLAY_FAMILIES && status == 0; k++) {
		unsigned which = k;
		if (order & HP_REPLAY_ORDER_REPLAYS_FIRST)
			which = (k + 1) % (1 + HP_REPLAY_FAMILIES);
		hp_drng_back(run, HP_DRNG_BEFORE);
		if (which == 0) {
			out->timed_ticks = hp_timed_run(run, HP_ACCOUNTING_OFF, HP_REPLAY_PHASE_TIMED, &rc);
			if (rc != rc0) {
				snprintf(err, errlen, "%s: the timed run returned %d, the record %d", run->name, rc, rc0);
				status = -1;
			} else {
				status = hp_run_check(run, HP_REPLAY_PHASE_TIMED, err, errlen);
			}
			continue;
		}
		unsigned family = which - 1;
		if (order & HP_REPLAY_ORDER_DRNG_FIRST)
			family = HP_REPLAY_FAMILIES - 1 - family;
		hp_tape_rewind(&w->tape, 0, hp_replay_family_mask(family));
		out->replay_ticks[family] = hp_timed_run(run, HP_ACCOUNTING_REPLAY,
							 (enum hp_replay_phase)(HP_REPLAY_PHASE_REPLAY + family), &rc);
		out->replayed[family] = w->tape.replayed;
		out->passed[family] = w->tape.passed;
		status = hp_replay_check(run, family, out->calls, err, errlen);
		if (status == 0 && rc != rc0) {
			snprintf(err, errlen, "%s: the %s replay returned %d, the record %d", run->name,
				 hp_replay_family_name(family), rc, rc0);
			status = -1;
		}
		if (status == 0)
			status = hp_run_check(run, (enum hp_replay_phase)(HP_REPLAY_PHASE_REPLAY + family), err, errlen);
	}
done:
	w->accounting = HP_ACCOUNTING_OFF;
	hp_drng_back(run, status == 0 ? HP_DRNG_AFTER : HP_DRNG_BEFORE);
	return status;
}

/* ---------- the arithmetic ---------- */

int hp_replay_share(double timed_ticks, double replay_ticks, double replayed, double passed,
		    const struct hp_replay_cost *cost, double *share)
{
	double back = 0;

	if (!(timed_ticks > 0))
		return -1;
	if (cost && cost->valid)
		back = cost->replay_ticks * replayed + cost->pass_ticks * passed;
	*share = (timed_ticks - replay_ticks + back) / timed_ticks;
	return 0;
}

int hp_replay_share_of_sample(const struct hp_replay_sample *s, unsigned family,
			      const struct hp_replay_cost *cost, double *share)
{
	if (family >= HP_REPLAY_FAMILIES)
		return -1;
	return hp_replay_share((double)s->timed_ticks, (double)s->replay_ticks[family],
			       (double)s->replayed[family], (double)s->passed[family], cost, share);
}

static int hp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#define HP_REPLAY_MEDIAN_MAX 65536u

int hp_replay_share_median(const struct hp_replay_sample *s, size_t n, unsigned family,
			   const struct hp_replay_cost *cost, double *share)
{
	double *v;
	int status = 0;

	if (n == 0 || n > HP_REPLAY_MEDIAN_MAX || !(v = malloc(n * sizeof *v)))
		return -1;
	for (size_t i = 0; i < n && status == 0; i++)
		status = hp_replay_share_of_sample(&s[i], family, cost, &v[i]);
	if (status == 0) {
		qsort(v, n, sizeof *v, hp_cmp_double);
		*share = v[n / 2];
	}
	free(v);
	return status;
}
