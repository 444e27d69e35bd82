/*
 * cmd_run.c - `hashprof [OPTION]... INSTANCE [OPERATION]`: options, the
 * rows measured by drivers/rows.c, the table and the record outputs.
 */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callsites/table.h"
#include "child.h"
#include "cmds.h"
#include "costs.h"
#include "environment.h"
#include "format/hex.h"
#include "instance.h"
#include "ops/ops.h"
#include "options.h"
#include "cli/display_options.h"
#include "output/heatmap.h"
#include "cli/procedure_options.h"
#include "record/record.h"
#include "report/report.h"
#include "check/reproduce.h"
#include "rows.h"
#include "output/run_output.h"
#include "output/sites_output.h"
#include "swap/report.h"
#include "periter/part.h"

/* --output FILE.json and --record-dir DIR (run_output.c), --folded FILE
 * and --flame-graph FILE.svg (sites_output.c); NULL when not given. */
static const char *hp_output, *hp_record_dir, *hp_folded, *hp_flame;

/* --reproduce=VALUE[,FN=VALUE...]: the values, and the argument as given. */
static struct hp_reproduce_spec hp_reproduce;
static const char *hp_reproduce_arg;
/* --costs FILE: the per-shape costs of the projections (drivers/costs.h); NULL: this machine's cache. */
static const char *hp_costs_file;
/* --plot FILE.png|.svg: the heat map of the rows' candidates (plot.h); NULL: none. */
static const char *hp_plot_file;

/* The options whose pairs may exclude each other, as given (hp_run_seen). */
enum hp_seen {
	HP_SEEN_HASH,
	HP_SEEN_CALL_SITES,
	HP_SEEN_FOLDED,
	HP_SEEN_FLAME,
	HP_SEEN_PER_ITERATION,
	HP_SEEN_REPRODUCE,
	HP_SEEN_REPLAY,
	HP_SEEN_REPLAY_MB,
	HP_SEEN_COUNT
};
static const char *const hp_seen_name[HP_SEEN_COUNT] = {
	"--hash",          "--call-sites", "--folded", "--flame-graph",
	"--per-iteration", "--reproduce",  "--replay", "--replay-max-mb",
};
static unsigned hp_seen; /* bit per enum hp_seen */

/* The pairs that exclude each other, and why: a --hash row's arms are
 * measured by another loop (drivers/swap_run.c) that keeps no call
 * sites, per-operation counts or replay tape, so each of these would be
 * dropped without a word (--message with --message-len: the row inputs'
 * own, hp_procedure_option). */
static const struct {
	enum hp_seen a, b;
	const char *why;
} hp_run_excluded[] = {
	{ HP_SEEN_HASH, HP_SEEN_REPLAY, "" },
	{ HP_SEEN_HASH, HP_SEEN_REPLAY_MB, " (it implies --replay)" },
	{ HP_SEEN_HASH, HP_SEEN_CALL_SITES, " (a candidate's arms record no call sites)" },
	{ HP_SEEN_HASH, HP_SEEN_FOLDED, " (a candidate's arms record no call sites)" },
	{ HP_SEEN_HASH, HP_SEEN_FLAME, " (a candidate's arms record no call sites)" },
	{ HP_SEEN_HASH, HP_SEEN_PER_ITERATION, " (a candidate's arms keep no per-operation counts)" },
	{ HP_SEEN_HASH, HP_SEEN_REPRODUCE, " (a candidate's arms keep no per-operation counts)" },
};

/* The first excluded pair given: one line naming both; -1 when none. */
static int hp_run_conflicts(void)
{
	for (size_t i = 0; i < sizeof hp_run_excluded / sizeof hp_run_excluded[0]; i++)
		if ((hp_seen >> hp_run_excluded[i].a & 1) && (hp_seen >> hp_run_excluded[i].b & 1))
			return hp_usage_error("%s and %s exclude each other%s", hp_seen_name[hp_run_excluded[i].a],
					      hp_seen_name[hp_run_excluded[i].b], hp_run_excluded[i].why);
	return -1;
}

/* Where each row goes as soon as it is measured (hp_run_rows' done). */
struct hp_run_sink {
	json_t *meta; /* the run description, each record's "run" */
	unsigned unwritten; /* record files that could not be written */
};

static void hp_run_row_done(const struct hp_result *row, void *arg)
{
	struct hp_run_sink *s = arg;

	if (hp_record_dir && hp_run_record_row(hp_record_dir, row, s->meta) != 0)
		s->unwritten++;
}

static void hp_run_help(void)
{
	printf("Usage: hashprof [OPTION]... INSTANCE [OPERATION]\n"
	       "       hashprof list [--long] [--path] [--hashes]   (instances found, --long with\n"
	       "                           their survey; --path: the folders searched;\n"
	       "                           --hashes: the hash candidates)\n"
	       "       hashprof build DIR      (a submission folder -> a profiled instance)\n"
	       "       hashprof campaign ROOT [-o OUT]   (every instance folder below ROOT: pages, index)\n"
	       "       hashprof build --hash DIR   (a hash submission -> a candidate of --hash)\n"
	       "       hashprof report FILE...|DIR      (tables of stored records)\n"
	       "       hashprof check BASELINE|INSTANCE|--published PAGE.md   (regression checks)\n"
	       "       hashprof help [COMMAND]   (this text, or COMMAND --help: each command has its own)\n"
	       "Measure the share of time an NGCC instance spends in the ICCS hash helpers\n"
	       "(pseudohash, pseudoXOF, sm3hash) and in the DRNG (get_random_number), and the\n"
	       "helper calls per operation.  Without OPERATION, every operation of the instance.\n"
	       "\n"
	       "Operations: sig: keygen sign verify; kem: keygen encaps decaps;\n"
	       "  kex: exchange init_a init_b pass1 .. pass5 derive_a derive_b (as many passes\n"
	       "  as the protocol has).\n"
	       "\n"
	       "Procedure (defaults follow the published method):\n"
	       "  -n, --iterations=N     measure N operations (default: planned from one\n"
	       "                         calibration call: min(1000, max(3, ceil(1 s / t1))))\n"
	       "  -w, --warmup=W         unmeasured operations first (default 1; 0 when t1 >= 5 s)\n"
	       "      --seed=HEX         DRNG seed, 1..%u bytes (default 000102...2f, 48 bytes)\n"
	       "      --message=HEX      message to sign (default: byte i = (i*131+64) mod 256)\n"
	       "      --message-len=BYTES  length of that default message (default 64)\n"
	       "      --timeout=SECONDS  fail an operation that runs longer (default %u; 0 = none);\n"
	       "                         set-up calls and warm-up operations get as long each\n"
	       "      --clock=tsc|cycles  tsc: PAPI_get_real_cyc (default, works without a PMU);\n"
	       "                         cycles: PAPI_TOT_CYC (needs hardware counters)\n"
	       "\n"
	       "Accuracy:\n"
	       "      --raw              report uncorrected figures, computed the published way\n"
	       "                         (default: corrected for the calibrated shim overhead)\n"
	       "      --trials=T         measure the N operations in at least T batches (default\n"
	       "                         %u; they come in batches of about 2 ms); the shares are\n"
	       "                         the batches' medians, \u00b1 half their interquartile range;\n"
	       "                         a --hash row's arms share their slices, and a ratio is\n"
	       "                         the median of the paired per-slice ratios\n"
	       "      --noise-threshold=PP  flag rows whose spread exceeds PP points (default %.1f),\n"
	       "                         and --hash ratios whose spread exceeds PP %%\n",
	       HP_BYTES_MAX, HP_DEFAULT_TIMEOUT, HP_DEFAULT_TRIALS, HP_DEFAULT_NOISE_PP);
	hp_min_time_help();
	hp_runs_help();
	hp_replay_help();
	hp_confine_help();
	printf("\n"
	       "Call sites:\n"
	       "      --call-sites[=DEPTH]  under each row, the scheme functions that make each\n"
	       "                         helper's calls, with calls, ticks and share per site and\n"
	       "                         the call path from the API function (DEPTH 1..%u: only\n"
	       "                         its innermost DEPTH frames; default: the whole path)\n"
	       "      --folded=FILE      also write the call sites as folded stacks to FILE\n"
	       "                         (\"f1;f2;helper TICKS\" lines: flamegraph.pl, inferno,\n"
	       "                         speedscope); implies --call-sites\n"
	       "      --flame-graph=FILE.svg  also draw them as an SVG flame graph; implies\n"
	       "                         --call-sites\n",
	       HP_SITE_DEPTH_MAX);
	printf("\n"
	       "Hash candidates (docs/candidates.md):\n"
	       "      --hash=CANDIDATE[,CANDIDATE...]|all\n"
	       "                         also measure each operation with CANDIDATE computing\n"
	       "                         pseudohash and pseudoXOF (sm3hash stays SM3 unless the\n"
	       "                         candidate says otherwise), in the same process,\n"
	       "                         interleaved with the placeholder: time, ratio, share and\n"
	       "                         calls of each, and its time projected from the\n"
	       "                         placeholder's calls and per-shape costs, with the\n"
	       "                         projection's error; `hashprof list --hashes` lists them\n"
	       "      --costs=FILE       project with the per-shape costs of FILE (hashprof-costs/1,\n"
	       "                         read only) instead of this machine's cache, measuring none\n"
	       "      --arms             one line per arm (time, ratio, share, calls) also with\n"
	       "                         several candidates (default then: instances x candidates)\n"
	       "      --plot=FILE        also draw the instances x candidates ratios as a heat map\n"
	       "                         into FILE.png or FILE.svg (gnuplot)\n");
	printf("\n"
	       "Output:\n"
	       "  -f, --format=FMT       text (default), md, csv or json\n"
	       "  -o, --output=FILE      also write the run document (--format=json) to FILE at\n"
	       "                         the end of the run (a run with a failed or interrupted\n"
	       "                         row: FILE.failed.json, merged with the rows an earlier\n"
	       "                         one there measured and this one did not); a missing\n"
	       "                         folder of FILE is created, as --record-dir's\n"
	       "      --record-dir=DIR   also write one record per measured row, as soon as it is\n"
	       "                         measured: DIR/INSTANCE__OP.json (a failed row:\n"
	       "                         INSTANCE__OP.failed.json; an interrupted one: none);\n"
	       "                         see `hashprof report`\n"
	       "      --per-iteration    also keep each operation's helper calls in the JSON\n"
	       "                         record (per_iteration; at most %u operations)\n"
	       "\n"
	       "Which N reproduces a published mean (one OPERATION):\n"
	       "      --reproduce=VALUE[,FN=VALUE...]  measure N = 1000 operations (-n: another\n"
	       "                         N; warm-up 1 unless -w) and say which N <= that print\n"
	       "                         each helper's mean as VALUE (%%.3g), from the means of\n"
	       "                         the first N operations; FN: drng, pseudoXOF, pseudohash,\n"
	       "                         sm3hash; a VALUE alone: the helper whose calls vary.\n"
	       "                         Exit status 1 when no N reproduces a VALUE.\n"
	       "  -h, --help             display this help and exit\n"
	       "  -V, --version          output version information and exit\n"
	       "\n"
	       "Instances are found along the build tree, $HASHPROF_PATH, the user instance\n"
	       "folder and %s; `hashprof list` shows them.\n"
	       "Exit status: 0 all rows measured, 1 a row failed (or its replay), 2 bad input,\n"
	       "3 an output could not be written (each file named on stderr; the others are),\n"
	       "128+N interrupted by signal N (^C: 130).\n",
	       HP_PER_OP_MAX, HP_PKGLIBDIR);
}

/* Parse the options; returns -1 to go on, else an exit status. */
static int hp_run_parse(int argc, char **argv, struct hp_options *o)
{
	static const struct option longopts[] = {
		HP_PROCEDURE_LONGOPTS,
		HP_INPUTS_LONGOPTS,
		HP_CONFINE_LONGOPTS,
		HP_NOISE_LONGOPT,
		HP_FORMAT_LONGOPTS,
		HP_SITE_FILES_LONGOPTS,
		HP_CANDIDATES_LONGOPTS,
		{ "raw", no_argument, NULL, 'R' },
		{ "output", required_argument, NULL, 'O' },
		{ "record-dir", required_argument, NULL, 'D' },
		{ "per-iteration", no_argument, NULL, 'P' },
		{ "reproduce", required_argument, NULL, 'r' },
		{ "call-sites", optional_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	uint64_t v;
	char err[2560];

	static const struct {
		int c;
		enum hp_seen seen;
	} marks[] = { { HP_OPT_HASH, HP_SEEN_HASH },     { 'C', HP_SEEN_CALL_SITES },
		      { HP_OPT_FOLDED, HP_SEEN_FOLDED }, { HP_OPT_FLAME, HP_SEEN_FLAME },
		      { 'P', HP_SEEN_PER_ITERATION },    { 'r', HP_SEEN_REPRODUCE },
		      { HP_OPT_REPLAY, HP_SEEN_REPLAY }, { HP_OPT_REPLAY_MB, HP_SEEN_REPLAY_MB } };
	struct hp_display d;

	hp_display_defaults(&d);
	hp_seen = 0;
	/* -o: the output file, as -o is campaign's output folder and build's */
	while ((c = getopt_long(argc, argv, HP_PROCEDURE_SHORTOPTS HP_FORMAT_SHORTOPTS "o:hV", longopts, NULL)) != -1) {
		for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
			if (marks[i].c == c)
				hp_seen |= 1u << marks[i].seen;
		switch (c) {
		case 'R':
			o->raw = 1;
			break;
		case HP_OPT_NOISE:
			if ((c = hp_parse_noise(optarg, &o->noise_pp)) >= 0)
				return c;
			break;
		case 'o':
		case 'O':
			if (!*optarg)
				return hp_usage_error("--output: empty file name");
			hp_output = optarg;
			break;
		case 'D':
			if (!*optarg)
				return hp_usage_error("--record-dir: empty folder name");
			hp_record_dir = optarg;
			break;
		case 'P':
			o->per_iteration = 1;
			break;
		case 'r':
			if ((c = hp_reproduce_spec_parse(optarg, &hp_reproduce)) >= 0)
				return c;
			hp_reproduce_arg = optarg;
			break;
		case 'C':
			o->call_sites = 1;
			if (optarg && hp_parse_u64(optarg, 1, HP_SITE_DEPTH_MAX, &v))
				return hp_usage_error(
					"--call-sites: '%s' is not a depth from 1 to %u frames (without =DEPTH: the "
					"whole path)",
					optarg, HP_SITE_DEPTH_MAX);
			o->call_sites_depth = optarg ? (unsigned)v : 0;
			break;
		case 'h':
			hp_run_help();
			return HP_EXIT_OK;
		case 'V':
			return hp_print_version();
		default: {
			int rc = hp_display_option(c, optarg, &d, o, "");
			if (rc == -2 && (rc = hp_procedure_option(c, optarg, o)) == -2)
				return hp_bad_option(NULL, argv);
			if (rc >= 0)
				return rc;
		}
		}
	}
	o->format = d.format;
	hp_folded = d.folded;
	hp_flame = d.flame;
	hp_costs_file = d.costs;
	hp_plot_file = d.plot;
	/* the call-site files are drawn from the call sites */
	if (hp_folded || hp_flame)
		o->call_sites = 1;
	if (hp_plot_file && hp_heatmap_check(hp_plot_file, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	/* the search reads the prefix means of one run of N = 1000 (or -n) */
	if (hp_reproduce_arg) {
		o->per_iteration = 1;
		if (!o->iterations)
			o->iterations = HP_REPRODUCE_MAX_N;
	}
	if (o->iterations && !o->warmup_set)
		o->warmup = 1;
	if ((c = hp_run_conflicts()) >= 0 || (c = hp_procedure_conflicts(o)) >= 0)
		return c;
	if (o->per_iteration && o->iterations > HP_PER_OP_MAX)
		return hp_usage_error("%s keeps the counts of at most %u operations, not %llu (-n)",
				      hp_reproduce_arg ? "--reproduce" : "--per-iteration", HP_PER_OP_MAX,
				      (unsigned long long)o->iterations);
	/* an option whose output no output of this run carries is refused,
	 * not dropped: the counts and the call sites are JSON fields, the
	 * call sites also lines under the text table */
	if ((hp_seen >> HP_SEEN_PER_ITERATION & 1) && o->format != HP_FORMAT_JSON && !hp_output && !hp_record_dir)
		return hp_usage_error("--per-iteration keeps its counts in the JSON only: add --format=json, "
				      "--output=FILE or --record-dir=DIR");
	if ((hp_seen >> HP_SEEN_CALL_SITES & 1) && (o->format == HP_FORMAT_CSV || o->format == HP_FORMAT_MD) &&
	    !hp_output && !hp_record_dir && !hp_folded && !hp_flame)
		return hp_usage_error(
			"--format=%s and --call-sites exclude each other (its table has no call "
			"sites: use text or json, or add --folded=FILE, --output=FILE or --record-dir=DIR)",
			o->format == HP_FORMAT_CSV ? "csv" : "md");
	if (d.arms && !o->ncands)
		return hp_usage_error("--arms needs --hash (the candidates whose arms it lays out)");
	if (hp_costs_file && !o->ncands)
		return hp_usage_error("--costs needs --hash (the candidates to project)");
	if (hp_plot_file && !o->ncands)
		return hp_usage_error("--plot needs --hash (the candidates to plot)");
	/* a --hash row's arms are slices of one process, not batches of runs */
	if (o->ncands && o->runs_set && o->runs > 1)
		return hp_usage_error("--runs=%u and --hash exclude each other (a --hash row's arms are measured in "
				      "one process, interleaved)",
				      o->runs);
	return -1;
}

/*
 * --reproduce's targets for the measured row r into rp: FN=VALUE as
 * given; a bare VALUE for the one helper whose calls vary between the
 * operations (or, when none varies, the one helper with calls).  Returns
 * 0, or HP_EXIT_USAGE after one line when the bare VALUE names none or
 * several.
 */
static int hp_reproduce_targets(const struct hp_result *r, struct hp_repro *rp)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];

	memset(rp, 0, sizeof *rp);
	hp_result_fn_totals(r, calls, nested, ticks);
	for (size_t i = 0; i < hp_reproduce.n; i++) {
		int fn = hp_reproduce.item[i].fn;
		for (int pass = 0; fn < 0 && pass < 2; pass++) {
			char names[128] = "";
			int found = -1, many = 0;
			for (unsigned k = 0; k < HP_FN_DRNG_INIT; k++) {
				int given = 0;
				for (size_t j = 0; j < hp_reproduce.n; j++)
					given |= hp_reproduce.item[j].fn == (int)k;
				if (given || !(pass ? calls[k] != 0 : hp_reproduce_varies(r, k)))
					continue;
				snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
					 found >= 0 ? ", " : "", hp_fn_label(k));
				many |= found >= 0;
				found = (int)k;
			}
			if (many)
				return hp_usage_error("--reproduce=%s: the calls of %s %s: write FN=VALUE",
						      hp_reproduce_arg, names,
						      pass ? "are all constant" : "all vary between operations");
			fn = found;
		}
		if (fn < 0)
			return hp_usage_error(
				"--reproduce=%s: %s %s makes no helper call that a VALUE alone could name",
				hp_reproduce_arg, r->instance, r->operation);
		if (hp_reproduce_add(rp, (unsigned)fn, hp_reproduce.item[i].value, hp_reproduce.item[i].text) != 0)
			return hp_usage_error("--reproduce=%s: %s given twice", hp_reproduce_arg, hp_fn_label(fn));
	}
	return 0;
}

/* After the row is printed: the search of --reproduce in its per-iteration
 * counts, its lines below the table (on stderr under csv and json, which
 * stay machine-readable).  Returns the exit status it calls for: 0, 1 when
 * a value is not reproduced, 2 for a bare VALUE that names no helper. */
static int hp_run_reproduce(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			    const struct hp_result *r)
{
	struct hp_repro rp;
	FILE *out = o->format == HP_FORMAT_CSV || o->format == HP_FORMAT_JSON ? stderr : stdout;
	int rc;

	if (r->status != HP_STATUS_OK)
		return HP_EXIT_OK; /* the row's failure is the exit status already */
	if ((rc = hp_reproduce_targets(r, &rp)) != 0)
		return rc;
	if (out == stdout)
		fputc('\n', out);
	if (hp_reproduce_search_row(inst, op, o, r, o->iterations, &rp, out) != 0)
		return HP_EXIT_FAILED;
	rc = hp_reproduce_all_found(&rp) ? HP_EXIT_OK : HP_EXIT_FAILED;
	hp_reproduce_free(&rp);
	return rc;
}

int hp_cmd_run(int argc, char **argv)
{
	struct hp_options o;
	struct hp_instance inst;
	const struct hp_kind_ops *k;
	const char *ops[HP_OPS_MAX];
	struct hp_result *rows; /* HP_OPS_MAX of them: too large for the stack */
	size_t nops = 0;
	char err[1024];
	int rc = HP_EXIT_OK;

	hp_options_defaults(&o);
	if ((rc = hp_run_parse(argc, argv, &o)) >= 0)
		return rc;
	if (optind >= argc)
		return hp_usage_error("missing INSTANCE; try 'hashprof --help' or 'hashprof list'");
	if (argc - optind > 2)
		return hp_usage_error("too many arguments: '%s'", argv[optind + 2]);
	if (hp_reproduce_arg && argc - optind < 2)
		return hp_usage_error("--reproduce searches one row: give INSTANCE OPERATION ('%s' alone runs every "
				      "operation)",
				      argv[optind]);
	if (hp_instance_find(argv[optind], &inst) != 0)
		return hp_unknown_instance(argv[optind]);
	hp_rows_confinement(&o);
	hp_confine_warn(!o.no_confine);
	if (!(k = hp_kind_ops_of(inst.kind)))
		return hp_usage_error("%s: unknown API kind '%s' in %s", inst.name, inst.kind, inst.path);
	if (optind + 1 < argc) {
		if (hp_run_check_op(&inst, k, o.timeout, argv[optind + 1], err, sizeof err) != 0)
			return hp_usage_error("%s", err);
		ops[nops++] = argv[optind + 1];
	} else {
		nops = hp_default_ops(&inst, k, o.timeout, ops);
	}
	if (o.message_given && strcmp(inst.kind, "sig"))
		fprintf(stderr, "hashprof: warning: %s is ignored: %s is a %s instance and signs no message\n",
			o.message_given == 'm' ? "--message" : "--message-len", inst.name, inst.kind);
	hp_report_configure(o.raw, o.noise_pp);
	if (hp_clock_init(o.clock, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	hp_environment_probe(&o);

	/* every file the run writes: none may overwrite another, a record of
	 * --record-dir or the --costs table (--plot is checked when parsed) */
	const struct hp_output others[] = { { "--folded", hp_folded },
					    { "--flame-graph", hp_flame },
					    { "--plot", hp_plot_file } };
	const struct hp_output all[] = { { "--output", hp_output }, others[0], others[1], others[2] };
	if (hp_costs_file && hp_outputs_not_input(all, 4, hp_costs_file, "--costs", "this run reads", err, sizeof err))
		return hp_usage_error("%s", err);
	/* the record folder first (its clashes checked before it is made):
	 * --folded and --flame-graph may be files in the folder it makes */
	if (hp_run_outputs_prepare(hp_output, hp_record_dir, others, 3, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	if (hp_sites_outputs_prepare(hp_folded, hp_flame, err, sizeof err) != 0 ||
	    hp_output_make_folder("--plot", hp_plot_file, err, sizeof err) != 0)
		return hp_usage_error("%s", err);

	struct hp_costs costs;
	if (o.ncands && hp_costs_open(&costs, hp_costs_file, &o, err, sizeof err) != 0)
		return hp_usage_error("--costs: %s", err);

	if (!(rows = calloc(HP_OPS_MAX, sizeof *rows))) {
		if (o.ncands)
			hp_costs_close(&costs, err, sizeof err);
		return hp_usage_error("out of memory for %zu rows", nops);
	}
	struct hp_run_sink sink = { hp_run_meta(argc, argv, &o, &inst), 0 };
	rc = hp_run_rows(&inst, ops, nops, &o, rows, hp_run_row_done, &sink) ? HP_EXIT_FAILED : HP_EXIT_OK;
	/* --hash: each arm's time projected from the placeholder's calls, beside its measured one */
	if (o.ncands && !hp_child_interrupted()) {
		hp_costs_project(&costs, rows, nops, o.cands, o.ncands, &o, 0, o.raw);
		if (hp_costs_close(&costs, err, sizeof err) != 0)
			fprintf(stderr, "hashprof: warning: the cost cache is not kept: %s\n", err);
	} else if (o.ncands) {
		hp_costs_close(&costs, err, sizeof err);
	}
	/* everything that can be written is, and each file that cannot is
	 * named in a line of its own: a full disk is not bad input */
	if (hp_report_print(stdout, o.format, rows, nops, sink.meta) != 0) {
		fprintf(stderr, "hashprof: cannot write the report to standard output\n");
		sink.unwritten++;
	}
	if (hp_plot_file && hp_heatmap_write(hp_plot_file, rows, nops, o.raw, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: --plot: %s\n", err);
		sink.unwritten++;
	}
	sink.unwritten += hp_run_outputs_finish(hp_output, hp_record_dir, rows, nops, sink.meta);
	sink.unwritten += hp_sites_outputs_write(hp_folded, hp_flame, rows, nops);
	if (hp_reproduce_arg && !hp_child_interrupted()) {
		int rr = hp_run_reproduce(&inst, ops[0], &o, &rows[0]);
		if (rr > rc)
			rc = rr;
	}
	if (sink.unwritten)
		rc = HP_EXIT_UNWRITTEN;
	json_decref(sink.meta);
	for (size_t i = 0; i < nops; i++)
		hp_result_free(&rows[i]);
	free(rows);
	/* interrupted: what was measured is printed and recorded above; the
	 * exit status says how the run ended, as a shell would */
	return hp_child_interrupted() ? 128 + hp_child_interrupted() : rc;
}
