/*
 * minwrap.c - the minimal wrapper of the published evaluation, for
 * `make bench` (a): read the tick counter, call the real function, read it
 * again, add the difference to one counter.  No accounting switch, no
 * depth guard, no shape table, no indirect clock.
 *
 * It wraps the same stand-in helper as hashprof's own calibration
 * (wrap/calib_nop.c, linked into this module), and bench_minwrap_loop
 * has the shape of hashprof_calib_loop (wrap/state.c), so that the two
 * wrappers are timed on identical code paths except the wrapper itself.
 */
#include <stdint.h>

int __real_hashprof_calib_nop(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
			      unsigned char *digest);
/* Hidden, so that the loop calls it directly, as an instance calls its
 * --wrap shim (HP_SHIM, wrap/hook.h); exported, it was reached through the
 * PLT, one indirect jump a call that hashprof's shim does not pay. */
__attribute__((visibility("hidden"))) int bench_minwrap_nop(int digest_len_bits, const unsigned char *msg,
							    unsigned long long msg_len_bits, unsigned char *digest);
void bench_minwrap_loop(unsigned n, int wrapped);
uint64_t bench_minwrap_ticks(void);

static uint64_t minwrap_counter;

/* The tick counter as the published wrapper reads it. */
static inline uint64_t minwrap_tick(void)
{
#if defined(__x86_64__) || defined(__i386__)
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
#error "minwrap.c: no tick counter for this architecture (rdtsc / cntvct_el0)"
#endif
}

/* noinline like a --wrap shim: called, never folded in; aligned as the
 * loops and the stand-in are (hashprof_calib_loop, wrap/state.c). */
__attribute__((noinline, aligned(64))) int bench_minwrap_nop(int digest_len_bits, const unsigned char *msg,
							     unsigned long long msg_len_bits, unsigned char *digest)
{
	uint64_t t0 = minwrap_tick();
	int r = __real_hashprof_calib_nop(digest_len_bits, msg, msg_len_bits, digest);
	uint64_t t1 = minwrap_tick();

	minwrap_counter += t1 - t0;
	return r;
}

/* The shape of the stand-in calls, read at run time as in wrap/state.c. */
static volatile unsigned long long minwrap_msg_bits = 512;
static volatile int minwrap_digest_bits = 256;

__attribute__((aligned(64))) void bench_minwrap_loop(unsigned n, int wrapped)
{
	unsigned char msg[64] = { 1 }, digest[32];
	unsigned long long bits = minwrap_msg_bits;
	int dbits = minwrap_digest_bits;

	if (wrapped)
		for (unsigned i = 0; i < n; i++) {
			msg[1] = (unsigned char)i;
			bench_minwrap_nop(dbits, msg, bits, digest);
		}
	else
		for (unsigned i = 0; i < n; i++) {
			msg[1] = (unsigned char)i;
			__real_hashprof_calib_nop(dbits, msg, bits, digest);
		}
}

uint64_t bench_minwrap_ticks(void)
{
	return minwrap_counter;
}
