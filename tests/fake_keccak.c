/* fake_keccak.c - the fake own permutation of test_wrap (fake_own.h), in
 * an object of its own so that fake_shake's calls to it cross objects. */
#include "fake_helpers.h"
#include "fake_own.h"

unsigned long fake_keccak_runs;

void fake_keccak(uint64_t *st)
{
	fake_keccak_runs++;
	fake_now += FAKE_COST_KECCAK;
	st[0]++;
}
