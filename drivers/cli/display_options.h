/*
 * display_options.h - the option groups of what `hashprof INSTANCE` and
 * `hashprof report` print and draw, each one getopt_long table defined
 * here once and listed whole by both commands (the groups of the
 * measuring procedure: procedure_options.h):
 *   format           -f, --format=text|md|csv|json
 *   call-site files  --folded=FILE, --flame-graph=FILE.svg
 *   candidates       --hash=CANDIDATE[,...]|all, --costs=FILE, --arms,
 *                    --plot=FILE.png|.svg
 * An option added to a group: one line in its table and its case in
 * hp_display_option.  What a command then requires of them (--costs
 * needs --hash, ...) is the command's.
 */
#ifndef HP_DISPLAY_OPTIONS_H
#define HP_DISPLAY_OPTIONS_H

#include <getopt.h>

#include "options.h"
#include "report/report.h"

/* getopt_long codes of the long-only ones: between procedure_options.h's
 * (from 0x100) and the commands' own (from 0x200). */
enum {
	HP_OPT_FOLDED = 0x180,
	HP_OPT_FLAME,
	HP_OPT_HASH,
	HP_OPT_COSTS,
	HP_OPT_ARMS,
	HP_OPT_PLOT,
};

#define HP_FORMAT_LONGOPTS                             \
	{                                              \
		"format", required_argument, NULL, 'f' \
	}

#define HP_SITE_FILES_LONGOPTS                                       \
	{ "folded", required_argument, NULL, HP_OPT_FOLDED },        \
	{                                                            \
		"flame-graph", required_argument, NULL, HP_OPT_FLAME \
	}

#define HP_CANDIDATES_LONGOPTS                                                                                \
	{ "hash", required_argument, NULL, HP_OPT_HASH }, { "costs", required_argument, NULL, HP_OPT_COSTS }, \
		{ "arms", no_argument, NULL, HP_OPT_ARMS },                                                   \
	{                                                                                                     \
		"plot", required_argument, NULL, HP_OPT_PLOT                                                  \
	}

/* The short option of the format group, for getopt_long's optstring. */
#define HP_FORMAT_SHORTOPTS "f:"

/* What the groups' options asked for (NULL, 0: not given). */
struct hp_display {
	enum hp_format format; /* text unless -f */
	const char *folded, *flame; /* --folded, --flame-graph */
	const char *costs; /* --costs */
	const char *plot; /* --plot */
	int arms; /* --arms given */
};

/* The defaults: text, nothing else. */
void hp_display_defaults(struct hp_display *d);

/*
 * Option c (a getopt_long result) with argument arg into d, --hash's
 * candidates into o->cands (hp_candidate_parse); --arms also sets the
 * swap tables' layout (hp_swap_configure).  Empty file names are
 * refused.  prefix goes before the usage lines that name the command
 * ("report: "; "" for the main command).  Returns -2 when c is not one of
 * the groups', -1 when it was parsed, else HP_EXIT_USAGE after the one
 * usage line.
 */
int hp_display_option(int c, const char *arg, struct hp_display *d, struct hp_options *o, const char *prefix);

#endif
