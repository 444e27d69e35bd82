/*
 * procedure_options.c - the procedure options run, check and report share
 * (see procedure_options.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_probe.h"
#include "measure/clock.h"
#include "cmds/cmds.h"
#include "format/hex.h"
#include "procedure_options.h"
#include "replay/replay.h"
#include "sandbox/confine.h"
#include "util/emulation.h"

const char *hp_longopt_name(const struct option *longopts, int c)
{
	for (const struct option *l = longopts; l->name; l++)
		if (l->val == c && !l->flag)
			return l->name;
	return NULL;
}

/* --seed, --message, --message-len, --trials (HP_INPUTS_LONGOPTS). */
static int hp_inputs_option(int c, const char *arg, struct hp_options *o)
{
	uint64_t v;
	long n;

	switch (c) {
	case HP_OPT_SEED:
		if ((n = hp_hex_decode(arg, o->seed, sizeof o->seed)) < 1)
			return hp_usage_error(
				"--seed: '%.40s%s' is not 1 to %u bytes of hex (an even number of hex digits)", arg,
				strlen(arg) > 40 ? "..." : "", HP_BYTES_MAX);
		o->seed_len = (size_t)n;
		return -1;
	case HP_OPT_MESSAGE:
	case HP_OPT_MESSAGE_LEN:
		/* bytes, or the pattern of a length: the later would win */
		if (o->message_given && o->message_given != (c == HP_OPT_MESSAGE ? 'm' : 'L'))
			return hp_usage_error("--message and --message-len exclude each other");
		if (c == HP_OPT_MESSAGE_LEN) {
			if (hp_parse_u64(arg, 0, HP_BYTES_MAX, &v))
				return hp_usage_error("--message-len: '%s' is not a byte count from 0 to %u", arg,
						      HP_BYTES_MAX);
			hp_options_message_pattern(o, (size_t)v);
			o->message_given = 'L';
			return -1;
		}
		if ((n = hp_hex_decode(arg, o->message, sizeof o->message)) < 0)
			return hp_usage_error("--message: '%.40s%s' is not at most %u bytes of hex (an even number of "
					      "hex digits)",
					      arg, strlen(arg) > 40 ? "..." : "", HP_BYTES_MAX);
		o->message_len = (size_t)n;
		o->message_given = 'm';
		return -1;
	case HP_OPT_TRIALS:
		if (hp_parse_u64(arg, 1, HP_RUN_BATCHES_MAX, &v))
			return hp_usage_error("--trials: '%s' is not a whole number from 1 to %d", arg,
					      HP_RUN_BATCHES_MAX);
		o->trials = (unsigned)v;
		o->trials_set = 1;
		return -1;
	default:
		return -2;
	}
}

int hp_procedure_option(int c, const char *arg, struct hp_options *o)
{
	uint64_t v;

	switch (c) {
	case 'n':
		if (hp_parse_u64(arg, 1, 100000000, &o->iterations))
			return hp_usage_error("--iterations: '%s' is not a whole number from 1 to 100000000", arg);
		return -1;
	case 'w':
		if (hp_parse_u64(arg, 0, 100000000, &o->warmup))
			return hp_usage_error("--warmup: '%s' is not a whole number from 0 to 100000000", arg);
		o->warmup_set = 1;
		return -1;
	case HP_OPT_TIMEOUT:
		if (hp_parse_u64(arg, 0, 86400, &v))
			return hp_usage_error(
				"--timeout: '%s' is not a whole number of seconds from 0 to 86400 (0: no limit)", arg);
		o->timeout = (unsigned)v;
		return -1;
	case HP_OPT_CLOCK:
		if (hp_clock_parse(arg, &o->clock))
			return hp_usage_error("--clock: '%s' is not tsc or cycles", arg);
		return -1;
	case HP_OPT_REPLAY:
		o->replay = 1;
		return -1;
	case HP_OPT_REPLAY_MB:
		return hp_parse_replay_max_mb(arg, o);
	case HP_OPT_NO_CONFINE:
		o->no_confine = 1;
		return -1;
	case HP_OPT_MAX_MEMORY:
		if (hp_parse_u64(arg, 0, HP_MAX_MEMORY_LIMIT, &v))
			return hp_usage_error(
				"--max-memory: '%s' is not a whole number of MiB from 0 to %u (0: no limit)", arg,
				HP_MAX_MEMORY_LIMIT);
		o->max_memory_mb = (unsigned)v;
		o->max_memory_set = 1;
		return -1;
	case HP_OPT_MIN_TIME: {
		char *end;
		double t = strtod(arg, &end);
		if (end == arg || *end || !(t >= 0 && t <= HP_MIN_TIME_LIMIT))
			return hp_usage_error("--min-time: '%s' is not a number of seconds from 0 to %g (0: off)", arg,
					      HP_MIN_TIME_LIMIT);
		o->min_time = t;
		return -1;
	}
	case HP_OPT_RUNS:
		if (hp_parse_u64(arg, 1, HP_RUNS_MAX, &v))
			return hp_usage_error("--runs: '%s' is not a whole number of runs from 1 to %d", arg,
					      HP_RUNS_MAX);
		o->runs = (unsigned)v;
		o->runs_set = 1;
		return -1;
	default:
		return hp_inputs_option(c, arg, o);
	}
}

int hp_procedure_conflicts(const struct hp_options *o)
{
	/* the limit is applied by the confinement (prof/sandbox/confine.c):
	 * without it the value would be dropped */
	if (o->no_confine && o->max_memory_set)
		return hp_usage_error("--max-memory and --no-confine exclude each other (the address-space limit is "
				      "part of the confinement)");
	if (o->runs_env_bad)
		return hp_usage_error("HASHPROF_RUNS: '%s' is not a whole number of runs from 1 to %d", o->runs_env_bad,
				      HP_RUNS_MAX);
	/* runs after the first are timing-only operations, which
	 * --min-time=0 turns off (exactly the N operations run) */
	if (o->runs_set && o->runs > 1 && o->min_time <= 0)
		return hp_usage_error("--runs=%u and --min-time=0 exclude each other (runs after the first only time "
				      "operations, and --min-time=0 runs exactly the N counting ones)",
				      o->runs);
	/* N operations make at most N trials: more would be cut silently (the
	 * default's 5 are cut to N without a word: it was not asked for) */
	if (o->trials_set && o->iterations && o->trials > o->iterations)
		return hp_usage_error("--trials=%u and -n %llu exclude each other (a trial is at least one operation)",
				      o->trials, (unsigned long long)o->iterations);
	return -1;
}

void hp_runs_help(void)
{
	printf("      --runs=R            measure each row in R processes, the first counting, the\n"
	       "                          others timing only; the shares are over the runs (default\n"
	       "                          %d or HASHPROF_RUNS; 1 when emulated, with --min-time=0\n"
	       "                          or --hash; 1..%d)\n",
	       HP_RUNS_DEFAULT, HP_RUNS_MAX);
}

void hp_min_time_help(void)
{
	printf("      --min-time=SECONDS  time at least this much of operations per row (default\n"
	       "                         %g): when the N operations took less, or batches of them\n"
	       "                         were disturbed, timing-only operations follow them, in\n"
	       "                         the shares but in no count (0: none, exactly N run;\n"
	       "                         docs/method-batches.md)\n",
	       HP_MIN_TIME_DEFAULT);
}

int hp_parse_noise(const char *arg, double *pp)
{
	char *end;

	*pp = strtod(arg, &end);
	if (end == arg || *end || !(*pp >= 0 && *pp <= 100))
		return hp_usage_error("--noise-threshold: '%s' is not a number of percentage points from 0 to 100",
				      arg);
	return -1;
}

void hp_replay_help(void)
{
	printf("      --replay           also measure what each operation would save if the\n"
	       "                         helpers were free (the \"if free\" columns): after the N\n"
	       "                         operations, M samples of %u runs (record, timed, and per\n"
	       "                         family replay and double), M = N within %u..%u (%u for\n"
	       "                         operations under 1 ms): about %u x M more operations\n"
	       "                         per row (docs/replay.md)\n"
	       "      --replay-max-mb=MB  the replay tape's bound per operation, MiB (default %u;\n"
	       "                         implies --replay); a row that needs more keeps its\n"
	       "                         window shares and its replay fails (exit status 1)\n",
	       (unsigned)HP_REPLAY_PHASES, HP_REPLAY_SAMPLES_MIN, HP_REPLAY_SAMPLES_MAX, HP_REPLAY_SAMPLES_SHORT,
	       (unsigned)HP_REPLAY_PHASES, HP_REPLAY_MAX_MB_DEFAULT);
}

void hp_confine_help(void)
{
	printf("\n"
	       "Safety (docs/safety.md):\n"
	       "      --no-confine       run the instance's code with your full rights (default:\n"
	       "                         confined: read-only files, $HOME hidden, no network,\n"
	       "                         no programs or processes, limits)\n"
	       "      --max-memory=MB    address space a measuring process may add once\n"
	       "                         confined, MiB (default %u; 0: no limit)\n",
	       HP_CONFINE_MEMORY_MB);
}

void hp_confine_warn(int confine_on)
{
	const char *w = confine_on ? hp_confine_warning() : NULL;

	/* emulated: the one note, with what a user-mode emulator leaves of the
	 * confinement (then there is no warning: hp_confine_warning) */
	hp_util_emulation_note(stderr, confine_on ? hp_confine_emulated() : NULL);
	if (w)
		fprintf(stderr, "hashprof: warning: %s\n", w);
}

int hp_parse_replay_max_mb(const char *arg, struct hp_options *o)
{
	uint64_t v;

	if (hp_parse_u64(arg, 1, HP_REPLAY_MAX_MB_LIMIT, &v))
		return hp_usage_error("--replay-max-mb: '%s' is not a whole number of MiB from 1 to %u", arg,
				      HP_REPLAY_MAX_MB_LIMIT);
	o->replay_max_mb = (unsigned)v;
	o->replay = 1;
	return -1;
}
