/*
 * replay.c - record, timed and replay runs of one operation, the tape's
 * memory, and the replay share (see replay.h, docs/replay.md).
 */
#include "replay.h"

#include "measure/insitu_bound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HP_TAPE_MIN_BYTES 4096u
#define HP_TAPE_HUGE_PAGE (2ull << 20) /* bytes: x86-64's and AArch64's (4 KiB granule) huge page */
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

/*
 * A tape buffer of at least `bytes`, in whole 2 MiB pages and asked to be
 * backed by huge pages (madvise MADV_HUGEPAGE; the kernel may decline, and
 * the buffer then works the same on small pages).  The first `keep` bytes
 * of old are copied, and old is freed.  NULL when out of memory.
 *
 * Why: a replay run reads its tape once, in order, one entry a call, and
 * a tape of 10^5 calls spans 1400 small pages.  On our KVM guests a run
 * that came after a run not touching the tape paid up to 3.10^7 ticks for
 * them (300 a call, 20000 a page; the pages were resident: no fault, and
 * prefetching the entries did not help, touching one byte a page
 * beforehand did), more than the tape path costs and differently in the
 * replay and the double run, which read one and two tapes: GROUND-TRUTH
 * at 10^5 calls read its replay share +3 to +9 pp off.  On huge pages the
 * same runs cost within 3 % of one another and the error is within 1 pp.
 */
static void *hp_tape_buf(void *old, uint64_t keep, uint64_t bytes)
{
	const uint64_t huge = HP_TAPE_HUGE_PAGE;
	uint64_t size = bytes > UINT64_MAX - huge ? UINT64_MAX : (bytes + huge - 1) & ~(huge - 1);
	void *p = NULL;

	if (size > SIZE_MAX || posix_memalign(&p, (size_t)huge, (size_t)size) != 0)
		return NULL;
	(void)madvise(p, (size_t)size, MADV_HUGEPAGE); /* advice: failing it changes nothing else */
	if (keep)
		memcpy(p, old, (size_t)keep);
	free(old);
	return p;
}

/* (Re)allocate w's tape to cap bytes, keeping its contents. */
static int hp_tape_resize(struct hp_wrap_state *w, uint64_t cap)
{
	void *p;

	if (cap > SIZE_MAX)
		return -1;
	p = hp_tape_buf(w->tape.buf, w->tape.len < cap ? w->tape.len : cap, cap);
	if (!p)
		return -1;
	w->tape.buf = p;
	w->tape.cap = cap;
	return 0;
}

int hp_replay_tape_alloc(struct hp_wrap_state *w, const char *name, uint64_t bytes, unsigned max_mib, char *err,
			 size_t errlen)
{
	uint64_t bound = hp_replay_bound_bytes(max_mib);

	if (bytes > bound) {
		snprintf(err, errlen,
			 "%s: the replay tape needs %.1f MiB per operation, over the bound of "
			 "%u MiB (--replay-max-mb)",
			 name, (double)bytes / HP_MIB, max_mib);
		return -1;
	}
	if (bytes < HP_TAPE_MIN_BYTES)
		bytes = HP_TAPE_MIN_BYTES;
	bytes = (bytes + 7) & ~(uint64_t)7;
	hp_replay_tape_free(w);
	if (hp_tape_resize(w, bytes) != 0) {
		snprintf(err, errlen, "%s: out of memory for a replay tape of %.1f MiB", name, (double)bytes / HP_MIB);
		return -1;
	}
	return 0;
}

void hp_replay_tape_free(struct hp_wrap_state *w)
{
	free(w->tape.buf);
	free(w->shadow.buf);
	memset(&w->tape, 0, sizeof w->tape);
	memset(&w->shadow, 0, sizeof w->shadow);
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

/* The record's outermost calls of each family, from its entries. */
static void hp_family_calls(const struct hp_tape *t, uint64_t calls[HP_REPLAY_FAMILIES])
{
	uint64_t at = 0;

	memset(calls, 0, HP_REPLAY_FAMILIES * sizeof calls[0]);
	while (at <= t->len && t->len - at >= sizeof(struct hp_tape_entry)) {
		const struct hp_tape_entry *e = (const struct hp_tape_entry *)(t->buf + at);
		for (unsigned f = 0; f < HP_REPLAY_FAMILIES; f++)
			if (e->fn < 32 && (hp_replay_family_mask(f) & HP_TAPE_BIT(e->fn)))
				calls[f]++;
		at += hp_tape_entry_bytes(hp_tape_out_bytes(e->fn, e->out_bits));
	}
}

/* The shadow tape, for the double runs: a copy of the record in a buffer
 * of its own (grown, never shrunk, like the tape).  Returns 0, or -1 with
 * err set. */
static int hp_shadow_copy(const struct hp_replay_run *run, char *err, size_t errlen)
{
	struct hp_tape *t = &run->wrap->tape, *sh = &run->wrap->shadow;

	if (sh->cap < t->len) {
		void *p = hp_tape_buf(sh->buf, 0, t->len);
		if (!p) {
			snprintf(err, errlen, "%s: out of memory for a shadow tape of %.1f MiB", run->name,
				 (double)t->len / HP_MIB);
			return -1;
		}
		sh->buf = p;
		sh->cap = t->len;
	}
	if (t->len)
		memcpy(sh->buf, t->buf, (size_t)t->len);
	sh->len = t->len;
	return 0;
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

/* After a replay run (`what`: "hash replay", "DRNG double replay"): what
 * went wrong with the tape, if anything.  Returns 0, or -1 with err set. */
static int hp_replay_check(const struct hp_replay_run *run, const char *what, uint64_t entries, char *err,
			   size_t errlen)
{
	const struct hp_tape *t = &run->wrap->tape;
	char got[96], want[112];

	if (t->flags & HP_TAPE_DIVERGED) {
		hp_call_text(got, sizeof got, t->diverged.fn, t->diverged.in_bits, t->diverged.out_bits);
		if (t->len - t->pos >= sizeof(struct hp_tape_entry)) {
			const struct hp_tape_entry *e = (const struct hp_tape_entry *)(t->buf + t->pos);
			hp_call_text(want, sizeof want, e->fn, e->in_bits, e->out_bits);
		} else {
			snprintf(want, sizeof want, "the end of its %llu calls", (unsigned long long)entries);
		}
		snprintf(err, errlen,
			 "%s: the %s diverged at helper call %llu: %s where the "
			 "record has %s",
			 run->name, what, (unsigned long long)t->diverged_at, got, want);
		return -1;
	}
	if (t->pos != t->len) {
		snprintf(err, errlen, "%s: the %s made %llu helper calls, the record %llu", run->name, what,
			 (unsigned long long)t->calls, (unsigned long long)entries);
		return -1;
	}
	return 0;
}

/* After a double run: every call through the tape path did its tape work
 * a second time, on the shadow (which ends where the tape does, with the
 * same counts).  Returns 0, or -1 with err set. */
static int hp_double_check(const struct hp_replay_run *run, const char *what, char *err, size_t errlen)
{
	const struct hp_tape *t = &run->wrap->tape, *sh = &run->wrap->shadow;

	if (sh->flags != t->flags || sh->pos != t->pos || sh->calls != t->calls || sh->replayed != t->replayed ||
	    sh->passed != t->passed) {
		snprintf(err, errlen, "%s: the %s repeated %llu of its %llu calls through the tape path", run->name,
			 what, (unsigned long long)(sh->replayed + sh->passed),
			 (unsigned long long)(t->replayed + t->passed));
		return -1;
	}
	return 0;
}

/* One replay run of family (`twice`: its double run) into *out, and its
 * checks.  Returns 0, or -1 with err set. */
static int hp_replay_run_one(const struct hp_replay_run *run, unsigned family, int twice, int rc0,
			     struct hp_replay_sample *out, uint64_t counts[2], char *err, size_t errlen)
{
	struct hp_wrap_state *w = run->wrap;
	uint32_t mask = hp_replay_family_mask(family);
	enum hp_replay_phase phase =
		(enum hp_replay_phase)((twice ? HP_REPLAY_PHASE_DOUBLE : HP_REPLAY_PHASE_REPLAY) + family);
	char what[32];
	uint64_t ticks;
	int rc;

	snprintf(what, sizeof what, "%s %sreplay", hp_replay_family_name(family), twice ? "double " : "");
	hp_drng_back(run, HP_DRNG_BEFORE);
	hp_tape_rewind(&w->tape, 0, mask);
	hp_tape_rewind(&w->shadow, 0, mask);
	ticks = hp_timed_run(run, twice ? HP_ACCOUNTING_DOUBLE : HP_ACCOUNTING_REPLAY, phase, &rc);
	*(twice ? &out->double_ticks[family] : &out->replay_ticks[family]) = ticks;
	counts[0] = w->tape.replayed;
	counts[1] = w->tape.passed;
	if (hp_replay_check(run, what, out->calls, err, errlen) != 0 ||
	    (twice && hp_double_check(run, what, err, errlen) != 0))
		return -1;
	if (rc != rc0) {
		snprintf(err, errlen, "%s: the %s returned %d, the record %d", run->name, what, rc, rc0);
		return -1;
	}
	return hp_run_check(run, phase, err, errlen);
}

/* Family's replay and double runs, back to back (the double first with
 * HP_REPLAY_ORDER_DOUBLE_FIRST): the same calls served and passed in
 * both.  Returns 0, or -1 with err set. */
static int hp_replay_pair(const struct hp_replay_run *run, unsigned family, unsigned order, int rc0,
			  struct hp_replay_sample *out, char *err, size_t errlen)
{
	uint64_t counts[2][2];

	for (int k = 0; k < 2; k++) {
		int twice = k ^ !!(order & HP_REPLAY_ORDER_DOUBLE_FIRST);
		if (hp_replay_run_one(run, family, twice, rc0, out, counts[twice], err, errlen) != 0)
			return -1;
	}
	out->replayed[family] = counts[0][0];
	out->passed[family] = counts[0][1];
	if (counts[1][0] != counts[0][0] || counts[1][1] != counts[0][1]) {
		snprintf(err, errlen,
			 "%s: the %s double replay served %llu calls and passed %llu, its replay "
			 "%llu and %llu",
			 run->name, hp_replay_family_name(family), (unsigned long long)counts[1][0],
			 (unsigned long long)counts[1][1], (unsigned long long)counts[0][0],
			 (unsigned long long)counts[0][1]);
		return -1;
	}
	return 0;
}

int hp_replay_sample(const struct hp_replay_run *run, unsigned order, struct hp_replay_sample *out, char *err,
		     size_t errlen)
{
	struct hp_wrap_state *w = run->wrap;
	int rc0, rc, status = 0;

	memset(out, 0, sizeof *out);
	out->order = order;
	if (run->drng)
		hp_drng_state_save(run->drng, HP_DRNG_BEFORE);
	if (hp_record(run, &rc0, err, errlen) != 0) {
		status = -1;
		goto done;
	}
	if (run->drng)
		hp_drng_state_save(run->drng, HP_DRNG_AFTER);
	if (hp_run_check(run, HP_REPLAY_PHASE_RECORD, err, errlen) != 0 || hp_shadow_copy(run, err, errlen) != 0) {
		status = -1;
		goto done;
	}
	out->calls = w->tape.calls;
	out->tape_bytes = w->tape.len;
	/* a family the operation never calls has nothing to free: its runs
	 * would only measure the tape path of the other family's calls */
	hp_family_calls(&w->tape, out->family_calls);
	for (unsigned f = 0; f < HP_REPLAY_FAMILIES; f++)
		if (!out->family_calls[f])
			out->skipped |= 1u << f;

	/* slot 0: the timed run; slots 1, 2: the replay pairs, hash then
	 * DRNG, each swapped by its order bit */
	for (unsigned k = 0; k < 1 + HP_REPLAY_FAMILIES && status == 0; k++) {
		unsigned which = k;
		if (order & HP_REPLAY_ORDER_REPLAYS_FIRST)
			which = (k + 1) % (1 + HP_REPLAY_FAMILIES);
		if (which == 0) {
			hp_drng_back(run, HP_DRNG_BEFORE);
			out->timed_ticks = hp_timed_run(run, HP_ACCOUNTING_OFF, HP_REPLAY_PHASE_TIMED, &rc);
			if (rc != rc0) {
				snprintf(err, errlen, "%s: the timed run returned %d, the record %d", run->name, rc,
					 rc0);
				status = -1;
			} else {
				status = hp_run_check(run, HP_REPLAY_PHASE_TIMED, err, errlen);
			}
			continue;
		}
		unsigned family = which - 1;
		if (order & HP_REPLAY_ORDER_DRNG_FIRST)
			family = HP_REPLAY_FAMILIES - 1 - family;
		if (!(out->skipped & (1u << family)))
			status = hp_replay_pair(run, family, order, rc0, out, err, errlen);
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

int hp_replay_share_of_sample(const struct hp_replay_sample *s, unsigned family, const struct hp_replay_cost *cost,
			      double *share)
{
	if (family >= HP_REPLAY_FAMILIES || !(s->timed_ticks > 0))
		return -1;
	if (s->skipped & (1u << family)) {
		*share = 0;
		return 0;
	}
	return hp_replay_share((double)s->timed_ticks, (double)s->replay_ticks[family], (double)s->replayed[family],
			       (double)s->passed[family], cost, share);
}

static int hp_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

#define HP_REPLAY_MEDIAN_MAX 65536u

/* The n samples' shares of family with cost, sorted once: their upper
 * median into *median, and, when spread is not NULL, half their
 * interquartile range into *spread (nearest-rank quartiles, v[(n - 1) / 4]
 * and v[3 (n - 1) / 4]; 0 below 4 samples).  0, or -1 as
 * hp_replay_share_median. */
static int hp_replay_share_stats(const struct hp_replay_sample *s, size_t n, unsigned family,
				 const struct hp_replay_cost *cost, double *median, double *spread)
{
	double *v;
	int status = 0;

	if (n == 0 || n > HP_REPLAY_MEDIAN_MAX || !(v = malloc(n * sizeof *v)))
		return -1;
	for (size_t i = 0; i < n && status == 0; i++)
		status = hp_replay_share_of_sample(&s[i], family, cost, &v[i]);
	if (status == 0) {
		qsort(v, n, sizeof *v, hp_cmp_double);
		*median = v[n / 2];
		if (spread)
			*spread = n >= 4 ? (v[3 * (n - 1) / 4] - v[(n - 1) / 4]) / 2 : 0;
	}
	free(v);
	return status;
}

int hp_replay_share_median(const struct hp_replay_sample *s, size_t n, unsigned family,
			   const struct hp_replay_cost *cost, double *share)
{
	return hp_replay_share_stats(s, n, family, cost, share, NULL);
}

/* The median of v[0..n), n > 0, the mean of the middle two for an even n
 * (v is reordered). */
static double hp_median_mid(double *v, size_t n)
{
	qsort(v, n, sizeof *v, hp_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int hp_replay_insitu_ticks(const struct hp_replay_sample *s, size_t n, unsigned family, double *ticks)
{
	double *v, med[2];
	size_t m[2] = { 0, 0 };

	if (n == 0 || n > HP_REPLAY_MEDIAN_MAX || family >= HP_REPLAY_FAMILIES || !(v = malloc(n * sizeof *v)))
		return -1;
	/* v[0..m[0]): the double run second; from the end down, m[1] first */
	for (size_t i = 0; i < n; i++) {
		uint64_t calls = s[i].replayed[family] + s[i].passed[family];
		int first = !!(s[i].order & HP_REPLAY_ORDER_DOUBLE_FIRST);
		if (calls)
			v[first ? n - 1 - m[1]++ : m[0]++] =
				((double)s[i].double_ticks[family] - (double)s[i].replay_ticks[family]) / (double)calls;
	}
	for (int k = 0; k < 2; k++)
		med[k] = m[k] ? hp_median_mid(k ? v + n - m[1] : v, m[k]) : 0;
	*ticks = m[0] && m[1] ? (med[0] + med[1]) / 2 : m[0] ? med[0] : med[1];
	free(v);
	return 0;
}

int hp_replay_estimate(const struct hp_replay_sample *s, size_t n, unsigned family, const struct hp_replay_cost *cost,
		       struct hp_replay_estimate *out)
{
	double served = 0, passed = 0;

	memset(out, 0, sizeof *out);
	if (n == 0 || n > HP_REPLAY_MEDIAN_MAX || family >= HP_REPLAY_FAMILIES)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i].family_calls[family] > out->calls)
			out->calls = s[i].family_calls[family];
		served += (double)s[i].replayed[family];
		passed += (double)s[i].passed[family];
	}
	out->estimator = HP_REPLAY_ESTIMATOR_NONE;
	if (!out->calls) { /* no run was taken: nothing to free */
		for (size_t i = 0; i < n; i++)
			if (!(s[i].timed_ticks > 0))
				return -1;
		return 0;
	}
	if (cost && cost->valid && served + passed > 0)
		out->loop_ticks = (cost->replay_ticks * served + cost->pass_ticks * passed) / (served + passed);
	if (hp_replay_insitu_ticks(s, n, family, &out->insitu_ticks) != 0)
		return -1;
	/* in situ: the same cost per call through the tape path, served or
	 * passed; the loop's where that is implausible */
	struct hp_replay_cost used = { .valid = 1, .replay_ticks = out->insitu_ticks, .pass_ticks = out->insitu_ticks };
	out->estimator = HP_REPLAY_ESTIMATOR_INSITU;
	if (cost && cost->valid && hp_insitu_plausible(out->insitu_ticks, out->loop_ticks, NULL, NULL) == 0) {
		used = *cost;
		out->estimator = HP_REPLAY_ESTIMATOR_LOOP;
	}
	return hp_replay_share_stats(s, n, family, &used, &out->share, &out->spread);
}
