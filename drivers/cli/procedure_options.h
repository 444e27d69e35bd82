/*
 * procedure_options.h - the options of the measuring procedure that
 * `hashprof INSTANCE`, `hashprof check` (which re-runs rows) and `hashprof
 * report` share, parsed once: -n/--iterations, -w/--warmup, --timeout,
 * --clock, --replay, --replay-max-mb, --no-confine, --max-memory, and
 * --noise-threshold.
 */
#ifndef HP_PROCEDURE_OPTIONS_H
#define HP_PROCEDURE_OPTIONS_H

#include <getopt.h>

#include "options.h"

/* getopt_long codes of the long-only ones (above every char, below the
 * commands' own codes from 0x200). */
enum {
	HP_OPT_TIMEOUT = 0x100,
	HP_OPT_CLOCK,
	HP_OPT_REPLAY,
	HP_OPT_REPLAY_MB,
	HP_OPT_NOISE,
	HP_OPT_NO_CONFINE,
	HP_OPT_MAX_MEMORY,
	HP_OPT_SEED,
	HP_OPT_MESSAGE,
	HP_OPT_MESSAGE_LEN,
	HP_OPT_TRIALS,
	HP_OPT_MIN_TIME,
	HP_OPT_RUNS,
};

/*
 * The groups of options, each one getopt_long table defined here once and
 * listed whole in the longopts of every command that takes the group
 * (an option added to a group: one line here and its case in
 * hp_procedure_option):
 *   procedure    -n, -w, --timeout, --clock, --replay, --replay-max-mb:
 *                the main command, check, campaign
 *   row inputs   --seed, --message, --message-len, --trials: the main
 *                command, campaign (check re-runs a baseline's own)
 *   confinement  --no-confine, --max-memory: the main command, check,
 *                campaign
 *   noise        --noise-threshold: the main command, report
 */
#define HP_PROCEDURE_LONGOPTS                                                                                       \
	{ "iterations", required_argument, NULL, 'n' }, { "warmup", required_argument, NULL, 'w' },                 \
		{ "timeout", required_argument, NULL, HP_OPT_TIMEOUT },                                             \
		{ "clock", required_argument, NULL, HP_OPT_CLOCK }, { "replay", no_argument, NULL, HP_OPT_REPLAY }, \
		{ "min-time", required_argument, NULL, HP_OPT_MIN_TIME },                                           \
		{ "runs", required_argument, NULL, HP_OPT_RUNS },                                                   \
	{                                                                                                           \
		"replay-max-mb", required_argument, NULL, HP_OPT_REPLAY_MB                                          \
	}

#define HP_INPUTS_LONGOPTS                                                                                        \
	{ "seed", required_argument, NULL, HP_OPT_SEED }, { "message", required_argument, NULL, HP_OPT_MESSAGE }, \
		{ "message-len", required_argument, NULL, HP_OPT_MESSAGE_LEN },                                   \
	{                                                                                                         \
		"trials", required_argument, NULL, HP_OPT_TRIALS                                                  \
	}

#define HP_CONFINE_LONGOPTS                                              \
	{ "no-confine", no_argument, NULL, HP_OPT_NO_CONFINE },          \
	{                                                                \
		"max-memory", required_argument, NULL, HP_OPT_MAX_MEMORY \
	}

/* The short options of the procedure group, for getopt_long's optstring. */
#define HP_PROCEDURE_SHORTOPTS "n:w:"

#define HP_NOISE_LONGOPT                                                 \
	{                                                                \
		"noise-threshold", required_argument, NULL, HP_OPT_NOISE \
	}

/* The long name of getopt_long code c in longopts (zero-terminated; a
 * short option's long name too: -n is "iterations"); NULL when none. */
const char *hp_longopt_name(const struct option *longopts, int c);

/* The --max-memory bound, MiB (1 TiB). */
#define HP_MAX_MEMORY_LIMIT 1048576u

/* The --no-confine and --max-memory lines of a --help, to stdout. */
void hp_confine_help(void);

/* On stderr: when emulated, the emulation note (prof/util/emulation.h),
 * which says what a user-mode emulator leaves of the confinement when it
 * is on (confine_on); and the one warning line when this kernel lacks a
 * confinement mechanism and confinement is on; else nothing. */
void hp_confine_warn(int confine_on);

/* The --min-time bound, seconds. */
#define HP_MIN_TIME_LIMIT 600.0

/* The --min-time line of a --help, to stdout. */
void hp_min_time_help(void);

/* The --runs lines of a --help, to stdout. */
void hp_runs_help(void);

/* The --replay-max-mb bound: a whole number of MiB from 1 to this. */
#define HP_REPLAY_MAX_MB_LIMIT 65536u

/*
 * Option c (a getopt_long result) with argument arg into o when it is
 * one of the groups' (HP_PROCEDURE_LONGOPTS, HP_INPUTS_LONGOPTS,
 * HP_CONFINE_LONGOPTS): -n (1..10^8 operations), -w (0..10^8, sets
 * warmup_set), --timeout (0..86400 s, 0: no limit), --clock, --replay,
 * --replay-max-mb (implies --replay); --seed (1..HP_BYTES_MAX bytes of
 * hex), --message (0..HP_BYTES_MAX bytes of hex), --message-len
 * (0..HP_BYTES_MAX bytes of the method.md pattern; the two exclude each
 * other, in either order), --trials (1..HP_TRIALS_MAX, sets trials_set);
 * --no-confine, --max-memory (0..HP_MAX_MEMORY_LIMIT MiB, 0: no limit);
 * --min-time (0..HP_MIN_TIME_LIMIT seconds of operations a row measures at
 * least, 0: off); --runs (1..HP_RUNS_MAX measuring processes a row,
 * sets runs_set).  Returns -2 when c is not one of them, -1 when it was
 * parsed, else HP_EXIT_USAGE after the one usage line.
 */
int hp_procedure_option(int c, const char *arg, struct hp_options *o);

/* After the options: the pairs of the groups' options that exclude each
 * other (--max-memory with --no-confine, --trials above -n, --runs above 1 with
 * --min-time=0).  Returns -1, or HP_EXIT_USAGE
 * after one line naming both. */
int hp_procedure_conflicts(const struct hp_options *o);

/* --noise-threshold=arg (0..100 percentage points) into *pp.  Returns -1,
 * or HP_EXIT_USAGE after the usage line. */
int hp_parse_noise(const char *arg, double *pp);

/* --replay-max-mb=arg into o (implies --replay).  Returns -1, or
 * HP_EXIT_USAGE after the usage line. */
int hp_parse_replay_max_mb(const char *arg, struct hp_options *o);

/* The --replay and --replay-max-mb lines of a --help, to stdout. */
void hp_replay_help(void);

#endif
