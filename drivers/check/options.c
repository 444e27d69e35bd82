/*
 * options.c - the command line of `hashprof check` (see
 * check.h): its help, its defaults, and the parsing of tolerances,
 * thresholds and the procedure into struct hp_check.  Tolerances and
 * shares accept the forms people write ("1%", "0.01", "2pp") so that a
 * CI line reads like the report it guards.
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "measure/clock.h"
#include "cmds/cmds.h"
#include "options.h"
#include "cli/procedure_options.h"
#include "periter/part.h"

#define HP_DEFAULT_SHARE_TOL 2.0 /* percentage points */
/* --max-reruns' bound: each re-run is a whole measurement of the row, and
 * the pooled batches must fit HP_TRIALS_MAX */
#define HP_MAX_RERUNS_LIMIT 10

void hp_check_defaults(struct hp_check *c)
{
	memset(c, 0, sizeof *c);
	c->share_tol = HP_DEFAULT_SHARE_TOL;
	c->max_hash = c->max_drng = -1;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		c->max_calls[fn] = -1;
	hp_options_defaults(&c->run);
	c->reproduce_max = HP_REPRODUCE_MAX_N;
	c->max_reruns = HP_DEFAULT_MAX_RERUNS;
}

static void hp_check_help(void)
{
	printf("Usage: hashprof check [OPTION]... BASELINE.json|DIR...\n"
	       "       hashprof check [OPTION]... INSTANCE [OPERATION] --max-...\n"
	       "       hashprof check [OPTION]... --published PAGE.md\n"
	       "Regression checks.  BASELINE (records of --output or --record-dir): re-run\n"
	       "each row with its procedure (N, warm-up, seed, message) and compare calls per\n"
	       "operation and shares.  INSTANCE: measure and apply the --max thresholds.\n"
	       "--published: compare with the \"Symmetric primitives\" table of a published\n"
	       "page, at its printed precision, for the instances available here: shares\n"
	       "uncorrected, as published, or corrected when the page is hashprof's own\n"
	       "corrected output (its overhead line says so).\n"
	       "\n"
	       "      --calls-tolerance=REL  calls may differ by this fraction (e.g. 0.01 or 1%%;\n"
	       "                         default 0: exactly)\n"
	       "      --share-tolerance=PP   shares may differ by this many percentage points\n"
	       "                         (default %g); against a baseline, a difference beyond\n"
	       "                         it is a regression only when significant: Mann-Whitney U\n"
	       "                         over the two rows' batch shares, p < %g\n"
	       "      --max-reruns=K         measure a row too noisy to decide again, up to K\n"
	       "                         times, pooling its batches (default %d)\n"
	       "      --max-drng-share=PCT   fail when the DRNG share is above PCT (with its %%: 10%%)\n"
	       "      --max-hash-share=PCT   fail when the pseudohash/XOF/sm3 share is above PCT\n"
	       "      --max-calls=FN=N       fail when FN (drng, pseudoXOF, pseudohash, sm3hash)\n"
	       "                         makes more than N calls per operation; repeatable\n"
	       "      --published=PAGE.md    compare with a published page; a fractional count\n"
	       "                         (rejection sampling) is also searched for among the\n"
	       "                         means of N = 1..1000 of one run, the row's own when it\n"
	       "                         measured 1000 operations (the N that reproduce it)\n"
	       "      --reproduce-max=N      search N = 1..N instead (the page's cap on N)\n"
	       "      --map=FILE             one 'PAGE NAME<TAB>INSTANCE' a line: the instance here\n"
	       "                         of a page's name; other names are matched ignoring\n"
	       "                         case, '-', '_' and blanks, a build suffix (_REF), by\n"
	       "                         the package folder or the parameter set (-DNAME=VALUE);\n"
	       "                         each match is printed\n"
	       "      --raw                  compare uncorrected shares (not with --published)\n"
	       "  -n, --iterations=N, -w, --warmup=W   procedure of INSTANCE and --published rows\n"
	       "                         (default: planned as by `hashprof INSTANCE`)\n"
	       "      --timeout=SECONDS, --clock=tsc|cycles   as for `hashprof INSTANCE`\n",
	       HP_DEFAULT_SHARE_TOL, HP_SHARE_ALPHA, HP_DEFAULT_MAX_RERUNS);
	hp_min_time_help();
	hp_runs_help();
	hp_replay_help();
	printf("                         A baseline row with replay shares is re-run with\n"
	       "                         --replay; \"if free\" shares are compared (within\n"
	       "                         --share-tolerance) only when both have them, and window\n"
	       "                         shares with window shares; --published compares window\n"
	       "                         shares only.\n");
	hp_confine_help();
	printf("\n"
	       "  -h, --help             display this help and exit\n"
	       "\n"
	       "Exit status: 0 pass, 1 regression (a comparison out of tolerance, a threshold\n"
	       "exceeded, a row that failed or whose replay failed, nothing compared),\n"
	       "2 bad input, 4 undecided (no regression, but a share still too noisy to\n"
	       "decide after the re-runs), 128+N interrupted by signal N (^C: 130; what was\n"
	       "compared before it is shown, no verdict).\n");
}

/* A number with an optional suffix; 0, or -1 when malformed or out of [lo, hi]. */
static int hp_parse_num(const char *s, const char *const *suffixes, double lo, double hi, double *out, int *pct)
{
	char *end;
	double v;

	*pct = 0;
	if (!s || !*s)
		return -1;
	v = strtod(s, &end);
	if (end == s || !isfinite(v))
		return -1;
	if (*end) {
		int found = 0;
		for (const char *const *x = suffixes; x && *x && !found; x++)
			if (!strcmp(end, *x)) {
				found = 1;
				*pct = !strcmp(*x, "%");
			}
		if (!found)
			return -1;
	}
	if (*pct && hi < 100) /* a fraction given as a percentage */
		v /= 100.0;
	if (!(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

/* --max-calls FN=N, FN as the tables print it (drng) or as the C names it
 * (get_random_number), so either spelling a user copies works; 0 or -1. */
static int hp_parse_max_calls(const char *arg, struct hp_check *c)
{
	static const char *const none[] = { NULL };
	const char *eq = strchr(arg, '=');
	int pct;
	double v;

	if (!eq)
		return -1;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		size_t n = (size_t)(eq - arg);
		if ((strlen(hp_fn_label(fn)) == n && !strncmp(arg, hp_fn_label(fn), n)) ||
		    (strlen(hp_fn_name(fn)) == n && !strncmp(arg, hp_fn_name(fn), n))) {
			if (hp_parse_num(eq + 1, none, 0, 1e18, &v, &pct) != 0)
				return -1;
			c->max_calls[fn] = v;
			return 0;
		}
	}
	return -1;
}

int hp_check_parse(int argc, char **argv, struct hp_check *c)
{
	/* above procedure_options.h's codes */
	enum { O_CALLS = 0x200, O_SHARE, O_MAXD, O_MAXH, O_MAXC, O_PUB, O_RAW, O_RMAX, O_RERUNS, O_MAP };
	static const struct option longopts[] = {
		{ "calls-tolerance", required_argument, NULL, O_CALLS },
		{ "share-tolerance", required_argument, NULL, O_SHARE },
		{ "max-drng-share", required_argument, NULL, O_MAXD },
		{ "max-hash-share", required_argument, NULL, O_MAXH },
		{ "max-calls", required_argument, NULL, O_MAXC },
		{ "published", required_argument, NULL, O_PUB },
		{ "raw", no_argument, NULL, O_RAW },
		{ "reproduce-max", required_argument, NULL, O_RMAX },
		{ "max-reruns", required_argument, NULL, O_RERUNS },
		{ "map", required_argument, NULL, O_MAP },
		HP_PROCEDURE_LONGOPTS,
		HP_CONFINE_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const pct_sfx[] = { "%", NULL }, *const pp_sfx[] = { "pp", "%", NULL };
	int ch, pct;
	double d;

	while ((ch = getopt_long(argc, argv, HP_PROCEDURE_SHORTOPTS "h", longopts, NULL)) != -1) {
		switch (ch) {
		case O_CALLS:
			c->tolerance_opt = "--calls-tolerance";
			if (hp_parse_num(optarg, pct_sfx, 0, 1, &c->calls_tol, &pct))
				return hp_usage_error("--calls-tolerance: '%s' is not a relative tolerance from 0 to 1 "
						      "(e.g. 0.01, or 1%%)",
						      optarg);
			break;
		case O_SHARE:
			c->tolerance_opt = "--share-tolerance";
			if (hp_parse_num(optarg, pp_sfx, 0, 100, &c->share_tol, &pct))
				return hp_usage_error("--share-tolerance: '%s' is not a number of percentage points "
						      "from 0 to 100",
						      optarg);
			break;
		case O_MAXD:
		case O_MAXH:
			if (hp_parse_num(optarg, pct_sfx, 0, 100, &d, &pct))
				return hp_usage_error(
					"--max-%s-share: '%s' is not a share from 0%% to 100%% (e.g. 10%%)",
					ch == O_MAXD ? "drng" : "hash", optarg);
			/* a bare 0.1 could mean 0.1% or a tenth: below 1 the unit is
			 * required (above 1 a number can only be percent) */
			if (!pct && d <= 1)
				return hp_usage_error("--max-%s-share: '%s' has no unit: write it in percent, "
						      "e.g. %s%% (or 10%% for a tenth)",
						      ch == O_MAXD ? "drng" : "hash", optarg, optarg);
			*(ch == O_MAXD ? &c->max_drng : &c->max_hash) = d;
			break;
		case O_MAXC:
			if (hp_parse_max_calls(optarg, c))
				return hp_usage_error("--max-calls: '%s' is not FN=N with FN one of drng, pseudoXOF, "
						      "pseudohash, sm3hash and N a number of calls per operation >= 0",
						      optarg);
			break;
		case O_PUB:
			c->published = optarg;
			break;
		case O_RAW:
			c->raw = 1;
			break;
		case O_MAP:
			c->map_path = optarg;
			break;
		case O_RMAX:
			if (hp_parse_u64(optarg, 1, HP_PER_OP_MAX, &c->reproduce_max))
				return hp_usage_error(
					"--reproduce-max: '%s' is not a whole number of operations from 1 "
					"to %u",
					optarg, HP_PER_OP_MAX);
			c->reproduce_max_set = 1;
			break;
		case O_RERUNS: {
			uint64_t k;
			if (hp_parse_u64(optarg, 0, HP_MAX_RERUNS_LIMIT, &k))
				return hp_usage_error(
					"--max-reruns: '%s' is not a whole number of re-runs from 0 to %d", optarg,
					HP_MAX_RERUNS_LIMIT);
			c->max_reruns = (unsigned)k;
			c->max_reruns_set = 1;
			break;
		}
		case 'h':
			hp_check_help();
			return HP_EXIT_OK;
		default:
			/* -n and -w: the re-runs' procedure is the command line's, not the baseline's */
			if (ch == 'n' || ch == 'w')
				c->procedure_set = 1;
			if ((ch = hp_procedure_option(ch, optarg, &c->run)) == -2)
				return hp_bad_option("check", argv);
			if (ch >= 0)
				return ch;
		}
	}
	if ((ch = hp_procedure_conflicts(&c->run)) >= 0)
		return ch;
	if (c->run.iterations && !c->run.warmup_set)
		c->run.warmup = 1;
	return -1;
}

int hp_is_baseline_arg(const char *arg)
{
	/* an instance name has no '/' and no .json; anything that exists is a path */
	struct stat st;
	size_t n = strlen(arg);

	return stat(arg, &st) == 0 || strchr(arg, '/') || (n > 5 && !strcmp(arg + n - 5, ".json"));
}

int hp_has_thresholds(const struct hp_check *c)
{
	int any = c->max_hash >= 0 || c->max_drng >= 0;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		any |= c->max_calls[fn] >= 0;
	return any;
}
