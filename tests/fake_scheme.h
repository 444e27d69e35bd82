/*
 * fake_scheme.h - the fake "scheme" of the virtual-clock suites
 * (tests/test_correction, tests/test_replay): work and helper calls whose
 * every tick is known, timed with a clock whose reads have a known cost.
 *
 * The scheme's own work is added to fake_now directly, the fake helpers
 * (fake_helpers.h) add theirs, and a clock read costs read_before ticks
 * before it samples and read_after after.  The truth a share is checked
 * against is the published definition with no shim on the path: (plain
 * operation - the same operation with a family's helpers skipped) /
 * plain operation, where "plain" calls the helpers directly (__real_F),
 * as a module linked without --wrap would.
 */
#ifndef HP_FAKE_SCHEME_H
#define HP_FAKE_SCHEME_H

#include <stdint.h>

/* Ticks one clock read costs before and after the value it returns. */
extern uint64_t read_before, read_after;

/* The clock the shims and the runtime are given: fake_now, plus the
 * cost of the read. */
uint64_t virtual_clock(void);

/* How the fake scheme calls its helpers. */
enum call_mode {
	WRAPPED, /* through the shims, as the instrumented instance */
	PLAIN, /* directly (__real_F), as the uninstrumented twin */
	SKIP_HASH, /* PLAIN without its pseudoXOF, pseudohash and sm3hash calls */
	SKIP_DRNG, /* PLAIN without its get_random_number calls */
};

struct scheme {
	unsigned iterations; /* rounds of work and helper calls per operation */
	uint64_t work[3]; /* ticks of the scheme's own work before each group of calls */
	int no_drng; /* 1: no get_random_number call (as TOYSIG verify): 3 outermost calls per iteration */
};

/*
 * One operation: per iteration, work, pseudoXOF (512 out, 256 in), work,
 * pseudohash (256 out, 512 in; it calls sm3hash inside: nested), work,
 * get_random_number (256 bits; two sm3hash calls inside), sm3hash (256
 * out) on one of three message lengths (three shapes).  4 outermost
 * helper calls per iteration: 3 hash, 1 DRNG; and 3 nested sm3hash.
 */
void operation(const struct scheme *s, enum call_mode m);

/* One operation timed as the driver times one (prof/replay/meter.h):
 * accounting on (timed) around it when m is WRAPPED.  Ticks. */
uint64_t timed(const struct scheme *s, enum call_mode m);

/* The same with the shims in accounting mode `accounting` when m is
 * WRAPPED (HP_ACCOUNTING_TIMED, or HP_ACCOUNTING_SITES with the call-site
 * recorder installed), through prof/replay/meter.h: the window less what the
 * recorder excluded.  Ticks. */
uint64_t timed_in(const struct scheme *s, enum call_mode m, int accounting);

/* The truth of a scheme: the plain operation's ticks, and the fractions
 * of them the hash and DRNG families take (what skipping them saves). */
struct truth {
	double plain, hash, drng;
};
void fake_truth(const struct scheme *s, struct truth *t);

/* The cases both suites run: from sparse (the scheme's own work
 * dominates) to dense (nothing but helper calls, where the shims are most
 * of what is added), with clock reads cheap and dear, before and after
 * their sample. */
struct correction_case {
	uint64_t read_before, read_after; /* ticks */
	struct scheme scheme;
};
#define FAKE_NCASES 5
extern const struct correction_case cases[FAKE_NCASES];

#endif
