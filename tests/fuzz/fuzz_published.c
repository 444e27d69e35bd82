/*
 * fuzz_published.c - libFuzzer harness of the published-page parser
 * (prof/record/published.c): any bytes as a markdown page.  Built by `make fuzz`.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "record/published.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hp_published p;
	char err[1024];
	volatile double sink = 0;

	if (hp_published_parse("fuzz.md", (const char *)data, size, &p, err, sizeof err) > 0) {
		for (size_t i = 0; i < p.n; i++)
			for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
				sink += hp_published_3g(p.rows[i].calls[fn]) + p.rows[i].hash_pct;
		hp_published_free(&p);
	} else if (strlen(err) >= sizeof err) {
		__builtin_trap();
	}
	(void)sink;
	return 0;
}
