/* fake_own.c - the fake own sponge and six-argument function of test_wrap
 * (fake_own.h). */
#include "fake_helpers.h"
#include "fake_own.h"

unsigned long fake_shake_runs;
int fake_shake_calls_sm3;

void fake_shake(uint64_t *out, size_t blocks)
{
	uint64_t st[25] = { 0 };

	fake_shake_runs++;
	fake_now += FAKE_COST_SHAKE;
	for (size_t i = 0; i < blocks; i++)
		fake_keccak(st);
	if (fake_shake_calls_sm3) {
		unsigned char d[32];
		sm3hash(256, d, 0, d);
	}
	out[0] = st[0];
}

int64_t fake_args6(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, int64_t f)
{
	fake_now += FAKE_COST_ARGS6;
	return a - 2 * b + 3 * c - 4 * d + 5 * e - 6 * f;
}
