/*
 * state.c - what every instance carries besides the shims: their counters,
 * the nesting depth, the tape's recorder, and the calibration loop (see
 * hp_wrap.h).
 *
 * The shims reference hashprof_wrap_state, so an archive link pulls this
 * object with the first shim; an instance that wraps nothing links it
 * explicitly (-Wl,--undefined=hashprof_wrap_state) so that the runtime can
 * tell "no helper call seen" from "cannot load".
 */
#include "hook.h"

/* Exported: the runtime finds it with dlsym(HP_WRAP_STATE_SYMBOL). */
__attribute__((visibility("protected"))) struct hp_wrap_state hashprof_wrap_state = { .abi_version =
											      HP_WRAP_ABI_VERSION };

extern struct hp_wrap_state hp_wrap_self __attribute__((alias("hashprof_wrap_state"), visibility("hidden")));

__attribute__((visibility("hidden"), tls_model("initial-exec"))) _Thread_local unsigned hp_depth;

struct hp_shape *hp_shape_claim(struct hp_shape *s, uint64_t key)
{
	s->key = key;
	s->used = 1;
	s->fn = (uint32_t)(key >> HP_KEY_FN_SHIFT) & 15u;
	s->in_bits = (key >> HP_KEY_IN_SHIFT) & 0xffffffffu;
	s->out_bits = key & ((1ull << HP_KEY_IN_SHIFT) - 1);
	return s;
}

/* A wide shape (hook.h: an input of 2^32 bits or more, or an output of
 * 2^27 bits or more): its key holds only the helper, under HP_KEY_WIDE_FN,
 * so the lengths are compared in full.  Its home is the packed key's of
 * the lengths' low bits. */
struct hp_shape *hp_shape_slot_wide(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
	struct hp_shape *tab = hashprof_wrap_state.shapes;
	uint64_t key = HP_KEY_USED | HP_KEY_WIDE_FN << HP_KEY_FN_SHIFT | fn;
	uint32_t i = hp_shape_home(hp_shape_key(fn, in_bits & 0xffffffffu, out_bits & ((1u << HP_KEY_IN_SHIFT) - 1)));

	for (uint32_t probes = 0; probes < HP_PROBES_MAX; probes++) {
		struct hp_shape *s = &tab[i];
		if (s->key == key && s->in_bits == in_bits && s->out_bits == out_bits)
			return s;
		if (!s->key) {
			s->key = key;
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

int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest);
HP_SHIM
int __wrap_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest);
__attribute__((visibility("default"))) void hashprof_calib_loop(unsigned n, int wrapped);

/* The calibration shim: the same gate and hook, with the same arguments,
 * as wrap_sm3hash.c, around the stand-in helper. */
/* A nested call, or a wide shape (hook.h). */
static HP_COLD int hp_cold_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg,
					      unsigned long long msg_len_bits, unsigned char *digest)
{
	HP_COLD_HOOK(HP_FN_CALIB, msg_len_bits, (uint64_t)digest_len_bits,
		     __real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest));
}

/* --call-sites: the cold path's timing, then the call-site recorder (hook.h). */
static HP_TIMED int hp_sites_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg,
						unsigned long long msg_len_bits, unsigned char *digest)
{
	HP_SITES_HOOK(HP_FN_CALIB, msg_len_bits, (uint64_t)digest_len_bits,
		      __real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest));
}

static HP_TIMED int hp_timed_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg,
						unsigned long long msg_len_bits, unsigned char *digest)
{
	HP_HOOK(HP_FN_CALIB, msg_len_bits, (uint64_t)digest_len_bits,
		__real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest));
}

/* ...and its tape path, for the replay-cost calibration (prof/measure/calibrate.c):
 * the same code as wrap_sm3hash.c's. */
static HP_TIMED int hp_tape_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg,
					       unsigned long long msg_len_bits, unsigned char *digest)
{
	HP_TAPE_HOOK(HP_FN_CALIB, msg_len_bits, (uint64_t)digest_len_bits, digest,
		     __real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest));
}

int __wrap_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest)
{
	HP_GATE(__real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest),
		hp_timed_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest),
		hp_tape_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest),
		hp_sites_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest),
		hp_cold_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest), msg_len_bits,
		(uint64_t)digest_len_bits);
}

/*
 * Record mode (hook.h): one entry per outermost call, written whole or not
 * at all.  The first entry that does not fit sets HP_TAPE_OVERFLOW and
 * stops the recording, so the tape stays an exact prefix of the calls
 * (a later, smaller entry that would fit is not written either).  The
 * padding is zeroed so that a tape's bytes depend on the calls only.
 */
void hp_tape_record(uint32_t fn, uint64_t in_bits, uint64_t out_bits, const void *out, int ret)
{
	struct hp_tape *t = &hashprof_wrap_state.tape;
	uint64_t bytes = hp_tape_out_bytes(fn, out_bits), size = hp_tape_entry_bytes(bytes);
	struct hp_tape_entry *e;
	unsigned char *data;

	t->calls++;
	if (hp_unlikely(t->flags & HP_TAPE_OVERFLOW))
		return;
	if (hp_unlikely(t->len > t->cap || t->cap - t->len < size)) {
		t->flags |= HP_TAPE_OVERFLOW;
		return;
	}
	e = (struct hp_tape_entry *)(t->buf + t->len);
	e->fn = fn;
	e->ret = ret;
	e->in_bits = in_bits;
	e->out_bits = out_bits;
	data = (unsigned char *)(e + 1);
	if (bytes)
		memcpy(data, out, bytes);
	memset(data + bytes, 0, size - sizeof *e - bytes);
	t->len += size;
}

/* The shape of the stand-in calls: a 512-bit message, a 256-bit digest,
 * read at run time so that the shim hashes its shape key like a real one. */
static volatile unsigned long long hp_calib_msg_bits = 512;
static volatile int hp_calib_digest_bits = 256;

/*
 * wrapped != 0: n calls through the shim (accounting check, depth guard,
 * two clock reads, shape-table update); wrapped == 0: n direct calls of
 * the same stand-in helper.  The difference, per call, is what a shim adds
 * to an operation's total (prof/measure/calibrate.c).  With accounting negative
 * the shim takes its tape path instead (replayed or passed through, once
 * or, in the double mode, twice); and
 * wrapped == HP_CALIB_LOOP_EMPTY makes no call at all, the baseline of
 * what a replayed call costs.
 *
 * Aligned to 64 bytes, as the stand-in (calib_nop.c) and bench/minwrap.c's
 * loop and wrapper are, so that the loop's code sits at the same offset in
 * its cache lines in every module.  At the default 16 the offset moved
 * with any change to the code linked before it, and with it what a
 * wrapped call seemed to cost: the same shim measured 0.98x and 1.06x the
 * minimal wrapper in two builds that differed only elsewhere (bench (a)).
 */
__attribute__((aligned(64))) void hashprof_calib_loop(unsigned n, int wrapped)
{
	unsigned char msg[64] = { 1 }, digest[32];
	unsigned long long bits = hp_calib_msg_bits;
	int dbits = hp_calib_digest_bits;

	if (wrapped == HP_CALIB_LOOP_EMPTY)
		for (unsigned i = 0; i < n; i++) {
			msg[1] = (unsigned char)i;
			/* the loop's own work stays: the store is kept, as
			 * the call would keep it */
			__asm__ volatile("" : : "r"(msg), "r"(digest), "r"(bits), "r"(dbits) : "memory");
		}
	else if (wrapped)
		for (unsigned i = 0; i < n; i++) {
			msg[1] = (unsigned char)i;
			__wrap_hashprof_calib_nop(dbits, msg, bits, digest);
		}
	else
		for (unsigned i = 0; i < n; i++) {
			msg[1] = (unsigned char)i;
			__real_hashprof_calib_nop(dbits, msg, bits, digest);
		}
}

/* Out of line on purpose (hook.h, HP_TAPE_HOOK): the double mode's second
 * tape work is a call, as a served call is. */
int hp_tape_replay_out(struct hp_tape *t, uint32_t fn, uint64_t in_bits, uint64_t out_bits, void *out, int *ret)
{
	return hp_tape_replay(t, fn, in_bits, out_bits, out, ret);
}
