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

/* The same object under a hidden name (an alias, state.c): the shims'
 * accesses through it are PC-relative, with no GOT load and no register
 * kept for its address across the helper call.  (GCC reaches protected
 * data through the GOT on x86-64, so the exported name alone would cost
 * a load per shim call.) */
extern __attribute__((visibility("hidden"))) struct hp_wrap_state hp_wrap_self;

/* Nesting depth of wrapped calls in this thread (state.c).  initial-exec:
 * a 4-byte slot in the static TLS block, read without __tls_get_addr even
 * in a dlopen()ed instance (glibc keeps surplus static TLS for that). */
extern __attribute__((visibility("hidden"), tls_model("initial-exec"))) _Thread_local unsigned hp_depth;

/*
 * The shape key: one 64-bit word that a slot is matched on with a single
 * compare.  Bit 63 marks a used slot (a free slot's key is 0), bits 59-62
 * hold the helper (enum hp_fn, < 15), bits 27-58 the input length and
 * bits 0-26 the output length, both in bits.  Every real shape fits:
 * inputs under 2^32 bits (512 MiB), outputs under 2^27 bits (16 MiB).
 * A shape that does not fit is "wide" and goes out of line
 * (hp_shape_slot_wide, state.c), so the fast path pays one test for it.
 */
#define HP_KEY_USED (1ull << 63)
#define HP_KEY_FN_SHIFT 59
#define HP_KEY_IN_SHIFT 27
#define HP_KEY_WIDE_FN 15ull /* the fn field of a wide shape's key: no packed key has it */

static inline int hp_shape_fits(uint64_t in_bits, uint64_t out_bits)
{
	return ((in_bits >> (HP_KEY_FN_SHIFT - HP_KEY_IN_SHIFT)) | (out_bits >> HP_KEY_IN_SHIFT)) == 0;
}

static inline uint64_t hp_shape_key(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	return HP_KEY_USED | (uint64_t)fn << HP_KEY_FN_SHIFT | in_bits << HP_KEY_IN_SHIFT | out_bits;
}

/* A key's home slot: Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4: the
 * key times 2^64/phi, top HP_SHAPES_LOG2 bits), one multiply and one
 * shift, and keys that differ in low bits land far apart. */
static inline uint32_t hp_shape_home(uint64_t key)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> (64 - HP_SHAPES_LOG2));
}

/* A wide shape's slot, claimed on first use; NULL as hp_shape_slot's
 * (state.c: out of line, never on a real scheme's path). */
__attribute__((visibility("hidden"))) struct hp_shape *hp_shape_slot_wide(uint32_t fn, uint64_t in_bits,
									  uint64_t out_bits);

/* Claims the free slot s for the packed key: the shape unpacked from the
 * key (state.c: out of line, once per shape). */
__attribute__((visibility("hidden"), cold)) struct hp_shape *hp_shape_claim(struct hp_shape *s, uint64_t key);

/* The slot of a packed key (hp_shape_key), claimed on first use: the
 * shape is unpacked from the key, so nothing else need be kept across
 * the helper call.  NULL when neither it nor a free slot is within
 * HP_PROBES_MAX slots of its home. */
static inline struct hp_shape *hp_shape_slot_key(uint64_t key)
{
	struct hp_shape *tab = hp_wrap_self.shapes;
	uint32_t i = hp_shape_home(key);

	for (uint32_t probes = 0; probes < HP_PROBES_MAX; probes++) {
		struct hp_shape *s = &tab[i];
		if (s->key == key)
			return s;
		if (hp_unlikely(!s->key))
			return hp_shape_claim(s, key);
		i = (i + 1) & (HP_SHAPES_MAX - 1);
	}
	return 0;
}

/* The slot of any shape (NULL as above). */
static inline struct hp_shape *hp_shape_slot(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	if (hp_unlikely(!hp_shape_fits(in_bits, out_bits)))
		return hp_shape_slot_wide(fn, in_bits, out_bits);
	return hp_shape_slot_key(hp_shape_key(fn, in_bits, out_bits));
}

/* An outermost call of a packed shape: counted and timed in its slot, or
 * in its helper's overflow entry. */
static inline void hp_count_key(uint64_t key, uint32_t fn, uint64_t ticks)
{
	struct hp_shape *s = hp_shape_slot_key(key);

	if (hp_unlikely(!s)) {
		hp_wrap_self.overflow[fn].calls++;
		hp_wrap_self.overflow[fn].ticks += ticks;
		return;
	}
	s->calls++;
	s->ticks += ticks;
}

static inline void hp_count(uint32_t fn, uint64_t in_bits, uint64_t out_bits, uint64_t ticks, int nested)
{
	struct hp_shape *s = hp_shape_slot(fn, in_bits, out_bits);

	if (hp_unlikely(!s)) {
		struct hp_overflow *o = &hp_wrap_self.overflow[fn];
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
 * Every shim is a gate and three out-of-line paths (uftrace's libmcount
 * has the same split between the entry hook and the out-of-line work):
 *
 *   __wrap_F   the gate: with accounting off, a tail call of the real
 *              helper (no register saved, no frame: what an unmeasured
 *              call costs is one load and one branch); with accounting
 *              on, a tail call of hp_timed_F, or of hp_cold_F for what
 *              the timed path does not handle.
 *   hp_timed_F HP_HOOK: an outermost call, a shape that packs into one
 *              key word, the inline counter: the path of every call a
 *              real instance makes while measured.  It keeps only the
 *              key, the first reading and the depth slot across the
 *              helper call, so it saves the fewest registers.
 *   hp_cold_F  HP_COLD_HOOK: a nested call, a wide shape, or a clock
 *              read through hp_wrap_state.clock (--clock=cycles, the
 *              tests' virtual clocks): the same counting through the
 *              general lookup.  Kept apart so that its registers are not
 *              saved on the timed path.
 *   hp_tape_F  HP_TAPE_HOOK, accounting negative (record, replay, double
 *              replay): out of line for the same reason, and so that
 *              none of the other paths carries its code.
 *   hp_sites_F HP_SITES_HOOK, accounting HP_ACCOUNTING_SITES
 *              (--call-sites): the cold path's timing, then the runtime's
 *              call-site recorder; told from the tape modes only on the
 *              negative branch, so the timed path gains nothing for it.
 *
 * The gate reads accounting once and tests it once: zero takes the tail
 * call of the helper, and the sign of that same test sends the tape modes
 * apart.  Only with accounting on does it read the depth, the counter
 * flag and the lengths, to choose between hp_timed_F and hp_cold_F.
 * Calibration (state.c: the stand-in's shim) goes through the same gate
 * and the same path as a real helper's call, so what it measures is what
 * is subtracted.
 */
#define HP_TIMED __attribute__((noinline))

#define HP_GATE(REAL_CALL, TIMED_CALL, TAPE_CALL, SITES_CALL, COLD_CALL, IN_BITS, OUT_BITS)                        \
	do {                                                                                                       \
		int a_ = hp_wrap_self.accounting;                                                                  \
		if (hp_unlikely(!a_))                                                                              \
			return REAL_CALL;                                                                          \
		if (hp_unlikely(a_ < 0)) {                                                                         \
			if (hp_unlikely(a_ == HP_ACCOUNTING_SITES))                                                \
				return SITES_CALL;                                                                 \
			return TAPE_CALL;                                                                          \
		}                                                                                                  \
		if (hp_unlikely(hp_depth || !hp_tick_fast_ok(&hp_wrap_self) || !hp_shape_fits(IN_BITS, OUT_BITS))) \
			return COLD_CALL;                                                                          \
		return TIMED_CALL;                                                                                 \
	} while (0)

/* The depth an own-primitive entry (own.h) sets when it runs outermost,
 * where a helper sets 1: a call nested inside it sees hp_depth >=
 * HP_DEPTH_OWN, so that a helper called inside own code is counted as
 * such (nested_in_own), and an own call inside a helper as in_helper. */
#define HP_DEPTH_OWN (1u << 16)

/*
 * HP_HOOK(fn-id, in-bits, out-bits, real-call): the body of every
 * hp_timed_F, the path of an outermost call of a packed shape with the
 * inline counter (the gate sent everything else to hp_cold_F).  The
 * clock is read as late and as early as possible around the real call so
 * that the shim's own bookkeeping stays outside the timed region, and
 * only the shape key and the first reading are kept across the call: the
 * fewer registers it saves, the closer the shim is to the two clock reads
 * it cannot avoid (bench (a): 1.08x the minimal wrapper with the lengths
 * kept and the general lookup, 1.05x so; 1.04x measured on equal terms,
 * the same batches and the harness aligned).  What the rest costs is the
 * shape table and the nesting guard: 1.02x with the table's lookup
 * replaced by one counter, 1.01x with the depth moved into the
 * accounting word as well.  Neither trimmed version was kept: the lookup
 * is what gives per-shape counts, and the depth variant, its rdtsc halves
 * kept apart and the home slot inline measured 1.04x with the table.
 * On an AMD EPYC VM, where two TSC reads cost less, the shim reads
 * 1.13-1.15x; 1.03-1.06x with one counter a helper in place of the
 * lookup, and slower, not faster, with the home slot's probe inline and
 * the rest out of line (1.17-1.24x) or the slot found before the call
 * (1.13-1.15x).  Per-shape counts stay here: without the lookup they
 * would need a second, counting pass of every operation
 * (docs/method.md, "Accuracy").
 */
#define HP_COLD __attribute__((noinline, cold))

#define HP_HOOK(FN, IN_BITS, OUT_BITS, REAL_CALL)                    \
	do {                                                         \
		uint64_t key_ = hp_shape_key(FN, IN_BITS, OUT_BITS); \
		hp_depth = 1;                                        \
		uint64_t t0_ = hp_tick_fast(&hp_wrap_self);          \
		int r_ = REAL_CALL;                                  \
		uint64_t t1_ = hp_tick_fast(&hp_wrap_self);          \
		hp_depth = 0;                                        \
		hp_count_key(key_, FN, t1_ - t0_);                   \
		return r_;                                           \
	} while (0)

/*
 * HP_OWN_HOOK(slot, return-type, real-call): the body of the timed path of
 * an own-primitive entry's shim (own.h), HP_HOOK's shape: a nested call is
 * executed and counted, the outermost one timed, with the depth at
 * HP_DEPTH_OWN while it runs.
 */
#define HP_OWN_HOOK(SLOT, RET_T, REAL_CALL)                                    \
	do {                                                                   \
		if (hp_unlikely(hp_depth)) {                                   \
			unsigned d_ = hp_depth++;                              \
			RET_T r_ = REAL_CALL;                                  \
			hp_depth--;                                            \
			hp_wrap_self.own[SLOT].nested++;                       \
			hp_wrap_self.own[SLOT].in_helper += d_ < HP_DEPTH_OWN; \
			return r_;                                             \
		}                                                              \
		hp_depth = HP_DEPTH_OWN;                                       \
		uint64_t t0_ = hp_tick(&hp_wrap_self);                         \
		RET_T r_ = REAL_CALL;                                          \
		uint64_t t1_ = hp_tick(&hp_wrap_self);                         \
		hp_depth = 0;                                                  \
		hp_wrap_self.own[SLOT].calls++;                                \
		hp_wrap_self.own[SLOT].ticks += t1_ - t0_;                     \
		return r_;                                                     \
	} while (0)

/*
 * HP_COLD_HOOK_THEN(fn-id, in-bits, out-bits, real-call, after): the body
 * of every hp_cold_F (after: nothing) and hp_sites_F (after: the call-site
 * recorder, run only for an outermost call, after the second read).
 * A nested call is executed and counted, never timed (and, inside own
 * code, counted in nested_in_own as well); any
 * other call (a wide shape, or a clock without the inline counter) is
 * timed as HP_HOOK's, through hp_tick, and counted through hp_shape_slot.
 */
#define HP_COLD_HOOK_THEN(FN, IN_BITS, OUT_BITS, REAL_CALL, AFTER) \
	do {                                                       \
		if (hp_depth) {                                    \
			unsigned d_ = hp_depth++;                  \
			int r_ = REAL_CALL;                        \
			hp_depth--;                                \
			hp_count(FN, IN_BITS, OUT_BITS, 0, 1);     \
			if (hp_unlikely(d_ >= HP_DEPTH_OWN))       \
				hp_wrap_self.nested_in_own[FN]++;  \
			return r_;                                 \
		}                                                  \
		hp_depth = 1;                                      \
		uint64_t t0_ = hp_tick(&hp_wrap_self);             \
		int r_ = REAL_CALL;                                \
		uint64_t t1_ = hp_tick(&hp_wrap_self);             \
		hp_depth = 0;                                      \
		hp_count(FN, IN_BITS, OUT_BITS, t1_ - t0_, 0);     \
		AFTER;                                             \
		return r_;                                         \
	} while (0)

#define HP_COLD_HOOK(FN, IN_BITS, OUT_BITS, REAL_CALL) HP_COLD_HOOK_THEN(FN, IN_BITS, OUT_BITS, REAL_CALL, (void)0)

/* The call-site mode's body (hp_sites_F): the cold one, then the
 * outermost call's helper and ticks to the runtime's recorder, which
 * unwinds from there (the same ticks the shape table got, so that the
 * sites' ticks sum to the helper's exactly).  What this path costs beyond
 * the timed one is measured in the operation (prof/callsites/insitu.c). */
#define HP_SITES_HOOK(FN, IN_BITS, OUT_BITS, REAL_CALL) \
	HP_COLD_HOOK_THEN(FN, IN_BITS, OUT_BITS, REAL_CALL, hp_wrap_self.site_record(FN, t1_ - t0_))

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
#define HP_TAPE_PREFETCH_BYTES 1024u /* how far ahead of the entry read the tape path prefetches */

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
	/* the entries a few calls ahead, on their way to the cache while the
	 * scheme works: the tape is read once, in order (a prefetch past the
	 * end faults on nothing) */
	__builtin_prefetch(t->buf + t->pos + HP_TAPE_PREFETCH_BYTES);
	if (fn == HP_FN_DRNG_INIT || !(t->replay_mask & HP_TAPE_BIT(fn)))
		return 0;
	if (bytes)
		memcpy(out, e + 1, bytes);
	*ret = e->ret;
	t->replayed++;
	HP_CHARGE_REPLAY(fn);
	return 1;
}

/* hp_tape_replay, called (state.c): the double mode's second tape work. */
__attribute__((visibility("hidden"), noinline)) int hp_tape_replay_out(struct hp_tape *t, uint32_t fn, uint64_t in_bits,
								       uint64_t out_bits, void *out, int *ret);

/*
 * HP_TAPE_HOOK(fn-id, in-bits, out-bits, output pointer, real-call): the
 * body of every hp_tape_F, the same shape as HP_HOOK.  A nested call (one
 * made by a running helper) is executed, never recorded nor replayed: the
 * tape holds outermost calls only, as the shape table times only them.
 * Every real helper call in a replay mode counts in tape.passed, so the
 * runtime can add back what the tape path costs beyond the gate.
 *
 * HP_ACCOUNTING_DOUBLE does each outermost call's tape work twice: first
 * on the shadow tape, through a call of hp_tape_replay_out (the entry
 * matched and stepped over, a served call's bytes copied to out once
 * more), then as HP_ACCOUNTING_REPLAY does, so that what the call finally
 * gets, and when, is the replay run's; a passed call counts on both
 * tapes, a nested one too (its second time is that count only).  A call
 * of the tape work alone, not a second call through the gate: that one
 * also paid a mode switch, a spill and a frame of its own, cost 1.5 to
 * 1.8 times the first in the calibration's loop and overstated short work
 * by up to 1.6 pp in place; and not the tape work inline, which cost 0.65
 * to 0.9 times a served call there and, lacking the call and return a
 * served call makes, read GROUND-TRUTH's loops row 0.6 to 1.1 pp low
 * (docs/replay.md).  This one costs 1.0 times a served call in the loop.
 */
#define HP_TAPE_HOOK(FN, IN_BITS, OUT_BITS, OUT, REAL_CALL)                                           \
	do {                                                                                          \
		int a_ = hp_wrap_self.accounting, r_ = 0, r2_, again_;                                \
		if (hp_unlikely(hp_depth)) {                                                          \
			hp_depth++;                                                                   \
			r_ = REAL_CALL;                                                               \
			hp_depth--;                                                                   \
			hp_wrap_self.tape.passed++;                                                   \
			HP_CHARGE_PASS(FN);                                                           \
			if (hp_unlikely(a_ == HP_ACCOUNTING_DOUBLE)) {                                \
				hp_wrap_self.shadow.passed++;                                         \
				HP_CHARGE_PASS(FN);                                                   \
			}                                                                             \
			return r_;                                                                    \
		}                                                                                     \
		if (hp_unlikely(a_ == HP_ACCOUNTING_RECORD)) {                                        \
			hp_depth = 1;                                                                 \
			r_ = REAL_CALL;                                                               \
			hp_depth = 0;                                                                 \
			hp_tape_record(FN, IN_BITS, OUT_BITS, OUT, r_);                               \
			return r_;                                                                    \
		}                                                                                     \
		/* the double mode's first time: served (or passed) again */                          \
		again_ = hp_unlikely(a_ == HP_ACCOUNTING_DOUBLE) &&                                   \
			 !hp_tape_replay_out(&hp_wrap_self.shadow, FN, IN_BITS, OUT_BITS, OUT, &r2_); \
		if (hp_tape_replay(&hp_wrap_self.tape, FN, IN_BITS, OUT_BITS, OUT, &r_))              \
			return r_;                                                                    \
		hp_depth = 1;                                                                         \
		r_ = REAL_CALL;                                                                       \
		hp_depth = 0;                                                                         \
		hp_wrap_self.tape.passed++;                                                           \
		HP_CHARGE_PASS(FN);                                                                   \
		if (hp_unlikely(again_)) {                                                            \
			hp_wrap_self.shadow.passed++;                                                 \
			HP_CHARGE_PASS(FN);                                                           \
		}                                                                                     \
		return r_;                                                                            \
	} while (0)

#endif
