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

/* getopt_long codes of the long-only ones (above every char). */
enum {
	HP_OPT_TIMEOUT = 0x100,
	HP_OPT_CLOCK,
	HP_OPT_REPLAY,
	HP_OPT_REPLAY_MB,
	HP_OPT_NOISE,
	HP_OPT_NO_CONFINE,
	HP_OPT_MAX_MEMORY,
	HP_OPT_MIN_TIME,
};

/* The struct option entries of the procedure options (-n, -w and the
 * long-only ones above but --noise-threshold), for a longopts table. */
#define HP_PROCEDURE_LONGOPTS                                                                                       \
	{ "iterations", required_argument, NULL, 'n' }, { "warmup", required_argument, NULL, 'w' },                 \
		{ "timeout", required_argument, NULL, HP_OPT_TIMEOUT },                                             \
		{ "clock", required_argument, NULL, HP_OPT_CLOCK }, { "replay", no_argument, NULL, HP_OPT_REPLAY }, \
		{ "replay-max-mb", required_argument, NULL, HP_OPT_REPLAY_MB },                                     \
		{ "no-confine", no_argument, NULL, HP_OPT_NO_CONFINE },                                             \
		{ "min-time", required_argument, NULL, HP_OPT_MIN_TIME },                                           \
	{                                                                                                           \
		"max-memory", required_argument, NULL, HP_OPT_MAX_MEMORY                                            \
	}

#define HP_NOISE_LONGOPT                                                 \
	{                                                                \
		"noise-threshold", required_argument, NULL, HP_OPT_NOISE \
	}

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

/* The --replay-max-mb bound: a whole number of MiB from 1 to this. */
#define HP_REPLAY_MAX_MB_LIMIT 65536u

/*
 * Option c (a getopt_long result) with argument arg into o when it is
 * one of HP_PROCEDURE_LONGOPTS: -n (1..10^8 operations), -w (0..10^8,
 * sets warmup_set), --timeout (0..86400 s, 0: no limit), --clock,
 * --replay, --replay-max-mb (implies --replay), --no-confine, --max-memory
 * (0..HP_MAX_MEMORY_LIMIT MiB, 0: no limit), --min-time (0..HP_MIN_TIME_LIMIT
 * seconds of operations a row measures at least, 0: off).  Returns -2 when c is not
 * one of them, -1 when it was parsed, else HP_EXIT_USAGE after the one
 * usage line.
 */
int hp_procedure_option(int c, const char *arg, struct hp_options *o);

/* --noise-threshold=arg (0..100 percentage points) into *pp.  Returns -1,
 * or HP_EXIT_USAGE after the usage line. */
int hp_parse_noise(const char *arg, double *pp);

/* --replay-max-mb=arg into o (implies --replay).  Returns -1, or
 * HP_EXIT_USAGE after the usage line. */
int hp_parse_replay_max_mb(const char *arg, struct hp_options *o);

/* The --replay and --replay-max-mb lines of a --help, to stdout. */
void hp_replay_help(void);

#endif
