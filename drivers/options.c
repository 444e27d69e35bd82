/*
 * options.c - defaults and number parsing (see options.h).
 */
#include "options.h"
#include "batch_probe.h"
#include "sandbox/confine.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void hp_options_message_pattern(struct hp_options *o, size_t len)
{
	for (size_t i = 0; i < len; i++)
		o->message[i] = (unsigned char)((i * 131 + 64) % 256);
	o->message_len = len;
}

void hp_options_defaults(struct hp_options *o)
{
	memset(o, 0, sizeof *o);
	for (size_t i = 0; i < 48; i++)
		o->seed[i] = (unsigned char)i;
	o->seed_len = 48;
	hp_options_message_pattern(o, HP_DEFAULT_MESSAGE_LEN);
	o->timeout = HP_DEFAULT_TIMEOUT;
	o->max_memory_mb = HP_CONFINE_MEMORY_MB;
	o->clock = HP_CLOCK_TSC;
	o->format = HP_FORMAT_TEXT;
	o->trials = HP_DEFAULT_TRIALS;
	o->min_time = HP_MIN_TIME_DEFAULT;
	o->runs = HP_RUNS_DEFAULT;
	hp_options_runs_env(o);
	o->batch_room = HP_RUN_BATCHES_MAX;
	o->noise_pp = HP_DEFAULT_NOISE_PP;
	o->replay_max_mb = HP_REPLAY_MAX_MB_DEFAULT;
}

int hp_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

void hp_options_runs_env(struct hp_options *o)
{
	const char *env = getenv("HASHPROF_RUNS");
	uint64_t v;

	o->runs_env_bad = NULL;
	if (!env || !env[0])
		return;
	if (hp_parse_u64(env, 1, HP_RUNS_MAX, &v) != 0)
		o->runs_env_bad = env;
	else
		o->runs = (unsigned)v;
}

unsigned hp_options_runs(const struct hp_options *o)
{
	if (o->runs_set)
		return o->runs;
	return o->emulation[0] || o->min_time <= 0 || o->ncands ? 1 : o->runs;
}
