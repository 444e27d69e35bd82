/*
 * display_options.c - the option groups of what the main command and
 * report print and draw (see display_options.h).
 */
#include "config.h"

#include <string.h>

#include "candidates.h"
#include "cmds/cmds.h"
#include "display_options.h"
#include "swap/report.h"

void hp_display_defaults(struct hp_display *d)
{
	memset(d, 0, sizeof *d);
	d->format = HP_FORMAT_TEXT;
}

int hp_display_option(int c, const char *arg, struct hp_display *d, struct hp_options *o, const char *prefix)
{
	char err[2560];

	switch (c) {
	case 'f':
		if (hp_format_parse(arg, &d->format))
			return hp_usage_error("--format: '%s' is not text, md, csv or json", arg);
		return -1;
	case HP_OPT_FOLDED:
	case HP_OPT_FLAME:
		if (!*arg)
			return hp_usage_error("--%s: empty file name", c == HP_OPT_FOLDED ? "folded" : "flame-graph");
		*(c == HP_OPT_FOLDED ? &d->folded : &d->flame) = arg;
		return -1;
	case HP_OPT_HASH:
		if (hp_candidate_parse(arg, o->cands, &o->ncands, err, sizeof err) != 0)
			return hp_usage_error("%s%s", prefix, err);
		return -1;
	case HP_OPT_COSTS:
		if (!*arg)
			return hp_usage_error("%s--costs: empty file name", prefix);
		d->costs = arg;
		return -1;
	case HP_OPT_ARMS:
		hp_swap_configure(1);
		d->arms = 1;
		return -1;
	case HP_OPT_PLOT:
		if (!*arg)
			return hp_usage_error("--plot: empty file name");
		d->plot = arg;
		return -1;
	default:
		return -2;
	}
}
