/*
 * hook.h - the body every --wrap shim shares (uftrace libmcount style):
 * per-thread depth, a recursion guard, rare branches marked unlikely, no
 * allocation, no locks, no system calls.  Only the outermost helper call
 * is timed; a helper called from inside another (a DRNG built on sm3hash,
 * say) is executed and counted as nested, so its time is never added twice.
 *
 * Accounting is single-threaded by design: the driver makes every measured
 * API call from one thread, and NGCC reference code is single-threaded.
 * The depth counter is thread-local so that a helper running in another
 * thread can never disable timing in this one.
 *
 * One shim per file (wrap_*.c) so that a static archive link pulls only the
 * shims of the helpers an instance defines.
 */
#ifndef HP_HOOK_H
#define HP_HOOK_H

#include <string.h>

#include "hp_wrap.h"
#include "tick.h"

#define hp_unlikely(x) __builtin_expect(!!(x), 0)

/* A shim is hidden: the instance's calls to it (ld --wrap rewrote them to
 * __wrap_F) bind inside the module at link time, a direct call with no
 * PLT hop, and the module exports nothing new. */
#define HP_SHIM __attribute__((visibility("hidden")))

/* Defined in state.c; protected visibility keeps the shims' accesses
 * direct (no GOT indirection) while the runtime can still dlsym() it. */
extern __attribute__((visibility("protected"))) struct hp_wrap_state hashprof_wrap_state;

/* Nesting depth of wrapped calls in this thread (state.c).  initial-exec:
 * a 4-byte slot in the static TLS block, read without __tls_get_addr even
 * in a dlopen()ed instance (glibc keeps surplus static TLS for that). */
extern __attribute__((visibility("hidden"), tls_model("initial-exec"))) _Thread_local unsigned hp_depth;

/* The shape key's slot: each length multiplied by a 64-bit odd constant
 * (the golden-ratio constant and xxHash64's second prime), xor-folded to
 * 32 bits and masked to the table size.  Cheap, and lengths that differ in
 * low bits land far apart. */
static inline uint32_t hp_shape_hash(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	uint64_t h = (in_bits * 0x9e3779b97f4a7c15ull) ^ (out_bits * 0xc2b2ae3d27d4eb4full) ^ fn;
	return (uint32_t)(h ^ (h >> 32)) & (HP_SHAPES_MAX - 1);
}

/* The slot of a shape, claimed on first use; NULL when neither it nor a
 * free slot is within HP_PROBES_MAX slots of its hash. */
static inline struct hp_shape *hp_shape_slot(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	struct hp_shape *tab = hashprof_wrap_state.shapes;
	uint32_t i = hp_shape_hash(fn, in_bits, out_bits);

	for (uint32_t probes = 0; probes < HP_PROBES_MAX; probes++) {
		struct hp_shape *s = &tab[i];
		if (s->used && s->fn == fn && s->in_bits == in_bits && s->out_bits == out_bits)
			return s;
		if (hp_unlikely(!s->used)) {
			s->used = 1;
			s->fn = fn;
			s->in_bits = in_bits;
			s->out_bits = out_bits;
			return s;
		}
		i = (i + 1) & (HP_SHAPES_MAX - 1);
	}
	return 0;
}

static inline void hp_count(uint32_t fn, uint64_t in_bits, uint64_t out_bits, uint64_t ticks, int nested)
{
	struct hp_shape *s = hp_shape_slot(fn, in_bits, out_bits);

	if (hp_unlikely(!s)) {
		struct hp_overflow *o = &hashprof_wrap_state.overflow[fn];
		if (nested) {
			o->nested++;
		} else {
			o->calls++;
			o->ticks += ticks;
		}
		return;
	}
	if (nested) {
		s->nested++;
	} else {
		s->calls++;
		s->ticks += ticks;
	}
}

/*
 * Every shim is two functions (uftrace's libmcount has the same split
 * between the entry hook and the out-of-line work):
 *
 *   __wrap_F   the gate: with accounting off, a tail call of the real
 *              helper (no register saved, no frame: what an unmeasured
 *              call costs is one load and one branch); with accounting
 *              on, a tail call of hp_timed_F.
 *   hp_timed_F HP_HOOK: depth guard, clock, shape table.  Kept out of
 *              line (HP_TIMED) so that its frame and saved registers are
 *              never paid on the unmeasured path.
 *   hp_tape_F  HP_TAPE_HOOK, accounting negative (record, replay, double
 *              replay): out of line for the same reason, and so that
 *              neither of the other two paths carries its code.
 *
 * The gate reads accounting once and tests it once: zero takes the tail
 * call of the helper (the same four instructions and jump as before the
 * tape existed), and the sign of that same test sends the tape modes
 * apart, so the timed path gains one not-taken branch and no load.
 */
#define HP_TIMED __attribute__((noinline))

#define HP_GATE(REAL_CALL, TIMED_CALL, TAPE_CALL)        \
	do {                                             \
		int a_ = hashprof_wrap_state.accounting; \
		if (hp_unlikely(!a_))                    \
			return REAL_CALL;                \
		if (hp_unlikely(a_ < 0))                 \
			return TAPE_CALL;                \
		return TIMED_CALL;                       \
	} while (0)

/* The depth an own-primitive entry (own.h) sets when it runs outermost,
 * where a helper sets 1: a call nested inside it sees hp_depth >=
 * HP_DEPTH_OWN, so that a helper called inside own code is counted as
 * such (nested_in_own), and an own call inside a helper as in_helper. */
#define HP_DEPTH_OWN (1u << 16)

/*
 * HP_HOOK(fn-id, in-bits, out-bits, real-call): the body of every
 * hp_timed_F.  The clock is read as late and as early as possible around
 * the real call so that the shim's own bookkeeping stays outside the
 * timed region.
 */
#define HP_HOOK(FN, IN_BITS, OUT_BITS, REAL_CALL)                        \
	do {                                                             \
		if (hp_unlikely(hp_depth)) {                             \
			unsigned d_ = hp_depth++;                        \
			int r_ = REAL_CALL;                              \
			hp_depth--;                                      \
			hp_count(FN, IN_BITS, OUT_BITS, 0, 1);           \
			if (hp_unlikely(d_ >= HP_DEPTH_OWN))             \
				hashprof_wrap_state.nested_in_own[FN]++; \
			return r_;                                       \
		}                                                        \
		hp_depth = 1;                                            \
		uint64_t t0_ = hp_tick(&hashprof_wrap_state);            \
		int r_ = REAL_CALL;                                      \
		uint64_t t1_ = hp_tick(&hashprof_wrap_state);            \
		hp_depth = 0;                                            \
		hp_count(FN, IN_BITS, OUT_BITS, t1_ - t0_, 0);           \
		return r_;                                               \
	} while (0)

/*
 * HP_OWN_HOOK(slot, return-type, real-call): the body of the timed path of
 * an own-primitive entry's shim (own.h), HP_HOOK's shape: a nested call is
 * executed and counted, the outermost one timed, with the depth at
 * HP_DEPTH_OWN while it runs.
 */
#define HP_OWN_HOOK(SLOT, RET_T, REAL_CALL)                                           \
	do {                                                                          \
		if (hp_unlikely(hp_depth)) {                                          \
			unsigned d_ = hp_depth++;                                     \
			RET_T r_ = REAL_CALL;                                         \
			hp_depth--;                                                   \
			hashprof_wrap_state.own[SLOT].nested++;                       \
			hashprof_wrap_state.own[SLOT].in_helper += d_ < HP_DEPTH_OWN; \
			return r_;                                                    \
		}                                                                     \
		hp_depth = HP_DEPTH_OWN;                                              \
		uint64_t t0_ = hp_tick(&hashprof_wrap_state);                         \
		RET_T r_ = REAL_CALL;                                                 \
		uint64_t t1_ = hp_tick(&hashprof_wrap_state);                         \
		hp_depth = 0;                                                         \
		hashprof_wrap_state.own[SLOT].calls++;                                \
		hashprof_wrap_state.own[SLOT].ticks += t1_ - t0_;                     \
		return r_;                                                            \
	} while (0)

/*
 * Test-only costs of the tape path: tests/test_replay builds the shims
 * with HP_WRAP_TEST_CHARGE so that a replayed and a passed-through call
 * of helper fn (enum hp_fn) advance its virtual clock by known amounts
 * (the calibration of those costs, in the loop and in place, is then
 * checked exactly).  Nothing at all in the shims an instance links.
 */
#ifdef HP_WRAP_TEST_CHARGE
void hp_wrap_test_charge_replay(unsigned fn);
void hp_wrap_test_charge_pass(unsigned fn);
#define HP_CHARGE_REPLAY(FN) hp_wrap_test_charge_replay(FN)
#define HP_CHARGE_PASS(FN) hp_wrap_test_charge_pass(FN)
#else
#define HP_CHARGE_REPLAY(FN) ((void)0)
#define HP_CHARGE_PASS(FN) ((void)0)
#endif

/* Record mode, after an outermost call returned (state.c): append its
 * entry, or set HP_TAPE_OVERFLOW.  Out of line: recording is never timed,
 * and the shims stay small. */
__attribute__((visibility("hidden"))) void hp_tape_record(uint32_t fn, uint64_t in_bits, uint64_t out_bits,
							  const void *out, int ret);

/*
 * Replay mode, an outermost call: match it against the entry at t->pos
 * (function and both lengths) and step over that entry.  t is the tape,
 * or the shadow tape (HP_ACCOUNTING_DOUBLE's first time).  Returns 1 when
 * the call is served from t: its output bytes copied to out, the recorded
 * return value in *ret, the helper not called.  Returns 0 when the real helper
 * must run: its family is not in replay_mask, it is init_random_number
 * (never replayed: no output, and the DRNG context it writes has a size
 * the shim does not know), or the call does not match (HP_TAPE_DIVERGED
 * and diverged_at set once; every later call then runs for real, the
 * tape's order being lost).  The size check comes first, so nothing past
 * t->len is ever read.
 */
static inline int hp_tape_replay(struct hp_tape *t, uint32_t fn, uint64_t in_bits, uint64_t out_bits, void *out,
				 int *ret)
{
	uint64_t i = t->calls++;
	uint64_t bytes = hp_tape_out_bytes(fn, out_bits), size = hp_tape_entry_bytes(bytes);
	const struct hp_tape_entry *e;

	if (hp_unlikely(t->flags & HP_TAPE_DIVERGED))
		return 0;
	if (hp_unlikely(t->len - t->pos < size || (e = (const struct hp_tape_entry *)(t->buf + t->pos))->fn != fn ||
			e->in_bits != in_bits || e->out_bits != out_bits)) {
		t->flags |= HP_TAPE_DIVERGED;
		t->diverged_at = i;
		t->diverged.fn = fn;
		t->diverged.in_bits = in_bits;
		t->diverged.out_bits = out_bits;
		return 0;
	}
	t->pos += size;
	if (fn == HP_FN_DRNG_INIT || !(t->replay_mask & HP_TAPE_BIT(fn)))
		return 0;
	if (bytes)
		memcpy(out, e + 1, bytes);
	*ret = e->ret;
	t->replayed++;
	HP_CHARGE_REPLAY(fn);
	return 1;
}

/*
 * HP_TAPE_HOOK(fn-id, in-bits, out-bits, output pointer, real-call): the
 * body of every hp_tape_F, the same shape as HP_HOOK.  A nested call (one
 * made by a running helper) is executed, never recorded nor replayed: the
 * tape holds outermost calls only, as the shape table times only them.
 * Every real helper call in a replay mode counts in tape.passed, so the
 * runtime can add back what the tape path costs beyond the gate.
 *
 * HP_ACCOUNTING_DOUBLE does each outermost call's tape work twice, inline:
 * first on the shadow tape (hp_tape_replay again: the entry matched and
 * stepped over, a served call's bytes copied to out once more), then as
 * HP_ACCOUNTING_REPLAY does, so that what the call finally gets, and
 * when, is the replay run's; a passed call counts on both tapes, a nested
 * one too (its second time is that count only).  Inline rather than a
 * second call through the gate: that one also paid a mode switch, a spill
 * and a frame of its own, cost 1.5 to 1.8 times the first in the
 * calibration's loop and overstated short work by up to 1.6 pp in place
 * (docs/replay.md); this one costs 0.65 to 0.9 times a served call there.
 */
#define HP_TAPE_HOOK(FN, IN_BITS, OUT_BITS, OUT, REAL_CALL)                                              \
	do {                                                                                             \
		int a_ = hashprof_wrap_state.accounting, r_ = 0, r2_, again_;                            \
		if (hp_unlikely(hp_depth)) {                                                             \
			hp_depth++;                                                                      \
			r_ = REAL_CALL;                                                                  \
			hp_depth--;                                                                      \
			hashprof_wrap_state.tape.passed++;                                               \
			HP_CHARGE_PASS(FN);                                                              \
			if (hp_unlikely(a_ == HP_ACCOUNTING_DOUBLE)) {                                   \
				hashprof_wrap_state.shadow.passed++;                                     \
				HP_CHARGE_PASS(FN);                                                      \
			}                                                                                \
			return r_;                                                                       \
		}                                                                                        \
		if (hp_unlikely(a_ == HP_ACCOUNTING_RECORD)) {                                           \
			hp_depth = 1;                                                                    \
			r_ = REAL_CALL;                                                                  \
			hp_depth = 0;                                                                    \
			hp_tape_record(FN, IN_BITS, OUT_BITS, OUT, r_);                                  \
			return r_;                                                                       \
		}                                                                                        \
		/* the double mode's first time: served (or passed) again */                             \
		again_ = hp_unlikely(a_ == HP_ACCOUNTING_DOUBLE) &&                                      \
			 !hp_tape_replay(&hashprof_wrap_state.shadow, FN, IN_BITS, OUT_BITS, OUT, &r2_); \
		if (hp_tape_replay(&hashprof_wrap_state.tape, FN, IN_BITS, OUT_BITS, OUT, &r_))          \
			return r_;                                                                       \
		hp_depth = 1;                                                                            \
		r_ = REAL_CALL;                                                                          \
		hp_depth = 0;                                                                            \
		hashprof_wrap_state.tape.passed++;                                                       \
		HP_CHARGE_PASS(FN);                                                                      \
		if (hp_unlikely(again_)) {                                                               \
			hashprof_wrap_state.shadow.passed++;                                             \
			HP_CHARGE_PASS(FN);                                                              \
		}                                                                                        \
		return r_;                                                                               \
	} while (0)

#endif
