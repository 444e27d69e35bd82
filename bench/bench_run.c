/*
 * bench_run.c - hp-bench-run: run one operation of an instance the way
 * hashprof's measuring child does (method.md, "Running"), with no clock
 * and no profiling of its own, for `valgrind --tool=callgrind`:
 *
 *   hp-bench-run SHARED-OBJECT KIND OPERATION N [WARMUP]
 *
 * dlopen the instance, seed drng_algorithm once with 00 01 .. 2f, do the
 * unmeasured set-up of drivers/ops_*.c, WARMUP (default 1) unmeasured
 * operations, then N operations, each one inside hpb_measured(): run
 * callgrind with --toggle-collect=hpb_measured to collect exactly the N
 * measured operations.  The API calls and the set-up are the driver's own
 * (drivers/api.c, drivers/ops/ops*.c), so the DRNG stream is the same as in
 * `hashprof INSTANCE OPERATION -n N --warmup WARMUP`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "ops/ops.h"

/* A clock for the meter of prof/replay/meter.h: nothing is timed here. */
static uint64_t hpb_no_clock(void)
{
	return 0;
}

/* One measured operation: the function callgrind's collection toggles on. */
__attribute__((noinline)) int hpb_measured(const struct hp_kind_ops *k, struct hp_op_ctx *c, char *err, size_t errlen);
__attribute__((noinline)) int hpb_measured(const struct hp_kind_ops *k, struct hp_op_ctx *c, char *err, size_t errlen)
{
	int rc = k->iterate(c, err, errlen);

	__asm__ volatile("" : : : "memory");
	return rc;
}

int main(int argc, char **argv)
{
	struct hp_instance inst;
	struct hp_api api;
	struct hp_op_ctx c;
	const struct hp_kind_ops *k;
	unsigned char seed[48], message[64];
	char err[256];
	unsigned long n, warmup;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: %s SHARED-OBJECT KIND OPERATION N [WARMUP]\n", argv[0]);
		return 2;
	}
	memset(&inst, 0, sizeof inst);
	snprintf(inst.path, sizeof inst.path, "%s", argv[1]);
	snprintf(inst.kind, sizeof inst.kind, "%s", argv[2]);
	snprintf(inst.name, sizeof inst.name, "%s", argv[1]);
	n = strtoul(argv[4], NULL, 10);
	warmup = argc == 6 ? strtoul(argv[5], NULL, 10) : 1;
	if (!(k = hp_kind_ops_of(inst.kind)) || !hp_kind_has_op(k, argv[3])) {
		fprintf(stderr, "%s: unknown kind or operation: %s %s\n", argv[0], argv[2], argv[3]);
		return 2;
	}
	if (hp_api_load(&inst, &api, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	/* method.md: seed 00 01 .. 2f; message byte i = (i*131 + 64) mod 256 */
	for (unsigned i = 0; i < sizeof seed; i++)
		seed[i] = (unsigned char)i;
	for (unsigned i = 0; i < sizeof message; i++)
		message[i] = (unsigned char)((i * 131 + 64) % 256);
	api.wrap->accounting = 0;
	if (api.init_random_number)
		api.init_random_number(api.drng_algorithm, seed, sizeof seed);
	memset(&c, 0, sizeof c);
	c.api = &api;
	c.op = argv[3];
	c.message = message;
	c.message_len = sizeof message;
	c.meter = (struct hp_meter){ .wrap = api.wrap, .clock = hpb_no_clock };
	if (k->prepare(&c, err, sizeof err) != 0 || k->setup(&c, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", argv[0], err);
		return 1;
	}
	for (unsigned long i = 0; i < warmup; i++)
		if (k->iterate(&c, err, sizeof err) != 0) {
			fprintf(stderr, "%s: warm-up: %s\n", argv[0], err);
			return 1;
		}
	for (unsigned long i = 0; i < n; i++)
		if (hpb_measured(k, &c, err, sizeof err) != 0) {
			fprintf(stderr, "%s: operation %lu: %s\n", argv[0], i + 1, err);
			return 1;
		}
	k->release(&c);
	printf("%lu %s operations done\n", n, c.op);
	return 0;
}
