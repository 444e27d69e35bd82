/*
 * fake_scheme.c - the virtual-clock suites' fake scheme (see fake_scheme.h).
 */
#include "fake_scheme.h"

#include "fake_helpers.h"
#include "hp_wrap.h"
#include "replay/meter.h"

/* wrap/state.c */
extern __attribute__((visibility("protected"))) struct hp_wrap_state hashprof_wrap_state;

uint64_t read_before, read_after;

uint64_t virtual_clock(void)
{
	fake_now += read_before;
	uint64_t v = fake_now;
	fake_now += read_after;
	return v;
}

int __real_pseudoXOF(unsigned long long, const unsigned char *, unsigned long long, unsigned char *);
int __real_pseudohash(int, const unsigned char *, unsigned long long, unsigned char *);
int __real_sm3hash(int, const unsigned char *, unsigned long long, unsigned char *);
int __real_get_random_number(void *, unsigned char *, unsigned long long);

void operation(const struct scheme *s, enum call_mode m)
{
	unsigned char msg[64] = { 0 }, out[64];
	int drng_ctx;

	for (unsigned i = 0; i < s->iterations; i++) {
		unsigned long long bits = 8ull * 16 * (1 + i % 3);
		fake_now += s->work[0];
		if (m == WRAPPED)
			pseudoXOF(512, msg, 256, out);
		else if (m != SKIP_HASH)
			__real_pseudoXOF(512, msg, 256, out);
		fake_now += s->work[1];
		if (m == WRAPPED)
			pseudohash(256, msg, 512, out);
		else if (m != SKIP_HASH)
			__real_pseudohash(256, msg, 512, out);
		fake_now += s->work[2];
		if (s->no_drng)
			;
		else if (m == WRAPPED)
			get_random_number(&drng_ctx, out, 256);
		else if (m != SKIP_DRNG)
			__real_get_random_number(&drng_ctx, out, 256);
		if (m == WRAPPED)
			sm3hash(256, msg, bits, out);
		else if (m != SKIP_HASH)
			__real_sm3hash(256, msg, bits, out);
	}
}

uint64_t timed_in(const struct scheme *s, enum call_mode m, int accounting)
{
	/* the driver's meter: accounting on (or left off for the plain
	 * modes), the window less the call-site recorder's own ticks */
	struct hp_meter meter = { .wrap = &hashprof_wrap_state, .clock = virtual_clock, .mode = accounting };

	if (m != WRAPPED)
		meter.mode = HP_ACCOUNTING_OFF;
	hp_meter_begin(&meter);
	if (m != WRAPPED)
		hashprof_wrap_state.accounting = HP_ACCOUNTING_OFF;
	operation(s, m);
	hp_meter_end(&meter);
	return meter.ticks;
}

uint64_t timed(const struct scheme *s, enum call_mode m)
{
	return timed_in(s, m, HP_ACCOUNTING_TIMED);
}

void fake_truth(const struct scheme *s, struct truth *t)
{
	t->plain = (double)timed(s, PLAIN);
	t->hash = (t->plain - (double)timed(s, SKIP_HASH)) / t->plain;
	t->drng = (t->plain - (double)timed(s, SKIP_DRNG)) / t->plain;
}

const struct correction_case cases[FAKE_NCASES] = {
	{ 20, 5, { 1, { 100, 100, 100 }, 0 } },        { 3, 40, { 100, { 0, 0, 0 }, 0 } },
	{ 25, 25, { 1000, { 5000, 2000, 1000 }, 0 } }, { 4, 6, { 10000, { 0, 10, 0 }, 0 } },
	{ 60, 0, { 7, { 300, 0, 3000 }, 0 } },
};
