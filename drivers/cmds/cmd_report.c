/*
 * cmd_report.c - `hashprof report FILE...|DIR [--format=FMT]`: re-render
 * the tables of stored records (--output, --record-dir, --format=json)
 * without running anything.
 *
 * Every figure is recomputed from the record's call table, totals,
 * overhead and trials (the renderer never reads stored shares); a record
 * whose stored shares disagree with those (beyond 1e-9 relative) is
 * flagged, naming its file: a "note:" line under the text table, a
 * "hashprof: warning:" line on stderr for the other formats.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "measure/clock.h"
#include "cmds.h"
#include "costs.h"
#include "periter/curve.h"
#include "cli/display_options.h"
#include "output/heatmap.h"
#include "ops/ops.h"
#include "options.h"
#include "output/output_file.h"
#include "report/plot.h"
#include "cli/procedure_options.h"
#include "record/record_io.h"
#include "output/record_order.h"
#include "output/sites_output.h"
#include "report/report.h"
#include "swap/report.h"
#include "periter/part.h"
#include "swap/part.h"
#include "callsites/part.h"

static void hp_report_help(void)
{
	printf("Usage: hashprof report [OPTION]... FILE...|DIR...\n"
	       "Print the table of stored records again, without running anything.  FILE is a\n"
	       "record (--record-dir) or a run document (--output, --format=json); DIR a folder\n"
	       "of them (every *.json, in its sub-folders too; a campaign's OUT: its records).\n"
	       "Shares are recomputed from each record's call table and totals; a record\n"
	       "whose stored shares disagree is flagged by file name.\n"
	       "\n"
	       "  -f, --format=FMT   text (default), md, csv or json\n"
	       "      --raw          uncorrected figures (computed the published way)\n"
	       "      --corrected    figures corrected for the shims' overhead\n"
	       "                     (default: as the records were measured when they all\n"
	       "                     agree, said in a note; else corrected)\n"
	       "      --noise-threshold=PP  flag rows whose share varies more across trials\n"
	       "                     (percentage points, default %.1f), and --hash ratios\n"
	       "                     whose spread across trials exceeds PP %%\n"
	       "      --folded=FILE  also write the records' call sites (--call-sites) as\n"
	       "                     folded stacks to FILE\n"
	       "      --flame-graph=FILE.svg  and as an SVG flame graph\n"
	       "      --curve        print, instead of the table, the prefix-mean curve of each\n"
	       "                     record with per-iteration counts (--per-iteration,\n"
	       "                     --reproduce): each helper's mean over the first N\n"
	       "                     operations (text: N = 1..10, 20, ..., 100, 200, ...;\n"
	       "                     --format=csv: every N)\n"
	       "      --hash=CANDIDATE[,CANDIDATE...]|all\n"
	       "                     project each record's time with each candidate from its\n"
	       "                     call table and per-shape costs (docs/candidates.md), beside\n"
	       "                     the measured time of a --hash record's arm, with the error\n"
	       "                     (without --hash, a --hash record's arms are projected so\n"
	       "                     from what the cost cache holds, measuring nothing)\n"
	       "      --costs=FILE   the per-shape costs to project with (hashprof-costs/1, read\n"
	       "                     only); default this machine's cache, measuring what it lacks\n"
	       "      --arms         one line per arm also with several candidates (default then:\n"
	       "                     instances x candidates)\n"
	       "      --plot=FILE    also draw with gnuplot into FILE (.png or .svg): with --hash,\n"
	       "                     or records of --hash rows, the instances x candidates ratios\n"
	       "                     as a heat map; else the prefix-mean curves: where each mean\n"
	       "                     settles, and the band of means that print as the last one\n"
	       "                     (%%.3g)\n"
	       "  -h, --help         display this help and exit\n"
	       "\n"
	       "Exit status: 0 all rows measured and consistent, 1 a row or a candidate's arm\n"
	       "failed, or a record's stored shares disagree with its calls, 2 bad input\n"
	       "(an unreadable or malformed record: one line naming the file and field, each\n"
	       "such file; the table of the others is printed all the same; a\n"
	       "--folded, --flame-graph or --plot name or folder no file can be made in, or\n"
	       "that is another of them, a record read or a *.json file in a folder read,\n"
	       "checked before anything is read), 3 a --folded, --flame-graph or --plot file\n"
	       "could not be written (--plot: gnuplot missing or failing).\n",
	       HP_DEFAULT_NOISE_PP);
}

/* The run of every row when they all share one, else a description of the report. */
static json_t *hp_report_meta(const struct hp_record_set *s, int argc, char **argv)
{
	json_t *cmd, *files;
	int same = s->n > 0 && s->rows[0].run;

	for (size_t i = 1; same && i < s->n; i++)
		same = s->rows[i].run && json_equal(s->rows[i].run, s->rows[0].run);
	if (same)
		return json_incref(s->rows[0].run);
	cmd = json_array();
	files = json_array();
	for (int i = 0; i < argc; i++)
		json_array_append_new(cmd, json_string(argv[i]));
	for (size_t i = 0; i < s->n; i++)
		json_array_append_new(files, json_string(s->rows[i].file));
	return json_pack("{s:o, s:s, s:o}", "report_command", cmd, "hashprof", PACKAGE_VERSION, "files", files);
}

/* --curve: the prefix-mean curve of every row (curve.h), rows without
 * per-iteration counts named in a line (text); bad input (2) when no row
 * has them.  Returns rc, or the status a failure calls for. */
static int hp_report_curves(const struct hp_result *rows, size_t n, enum hp_format fmt, int rc)
{
	size_t with = 0;

	for (size_t i = 0; i < n; i++)
		with += hp_per_op_c(&rows[i])->per_iteration != 0;
	if (!with)
		return hp_usage_error("report --curve: no record has per-iteration counts (measure with "
				      "--per-iteration, or --reproduce)");
	for (size_t i = 0, k = 0; i < n; i++) {
		if (fmt == HP_FORMAT_TEXT && k++)
			putchar('\n');
		if (hp_curve_print(stdout, &rows[i], fmt, i == 0) != 0)
			return hp_usage_error("report --curve: out of memory");
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hashprof: cannot write the report to standard output\n");
		return HP_EXIT_UNWRITTEN;
	}
	return rc;
}

/* --folded, --flame-graph (either NULL: not given): bad input (2), said
 * in one line, when no measured row has call sites, before the table is
 * printed or a file written: an empty file would say nothing of why.
 * Returns -1 to go on, else the exit status. */
static int hp_report_sites_wanted(const struct hp_result *rows, size_t n, const char *folded, const char *flame)
{
	if (!folded && !flame)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (rows[i].status == HP_STATUS_OK && hp_sites_c(&rows[i])->requested)
			return -1;
	return hp_usage_error("report %s: no measured record has call sites (measure with --call-sites)",
			      !flame    ? "--folded"
			      : !folded ? "--flame-graph"
					: "--folded, --flame-graph");
}

/*
 * --hash: project every row (rows[i], a shallow copy of set's) with each
 * candidate of o; the arms it adds go back to set, which owns them.
 * Returns 0, or -1 after the usage line (a --costs file that cannot be
 * read, no clock to measure costs with).
 */
static int hp_report_project(struct hp_options *o, const char *costs_file, int readonly, int raw,
			     struct hp_record_set *set, struct hp_result *rows)
{
	struct hp_costs costs;
	char err[1024];
	size_t unprojected;

	/* costs measured here need the clock and its rate (the cache's machine) */
	if (!costs_file) {
		if (hp_clock_init(o->clock, err, sizeof err) != 0) {
			hp_usage_error("report: %s", err);
			return -1;
		}
		o->tick_hz = hp_clock_measure_rate(20);
	}
	if (readonly)
		hp_costs_open_readonly(&costs, o);
	else if (hp_costs_open(&costs, costs_file, o, err, sizeof err) != 0) {
		hp_usage_error("report: --costs: %s", err);
		return -1;
	}
	/* the instance each record measured, also in a campaign's OUT moved elsewhere */
	for (size_t i = 0; i < set->n; i++) {
		struct hp_instance inst;
		if (hp_instance_find_recorded(rows[i].instance, rows[i].path, set->rows[i].file, &inst) == 0)
			snprintf(rows[i].path, sizeof rows[i].path, "%s", inst.path);
	}
	unprojected = hp_costs_project(&costs, rows, set->n, o->cands, o->ncands, o, !readonly, raw);
	if (readonly && unprojected)
		fprintf(stderr,
			"hashprof: note: %zu candidate arm%s not projected from this machine's cost cache (%s): "
			"report --hash=CANDIDATE measures the costs it lacks\n",
			unprojected, unprojected > 1 ? "s" : "", costs.path);
	for (size_t i = 0; i < set->n; i++) {
		hp_arms_adopt(&set->rows[i].r, &rows[i]);
	}
	if (hp_costs_close(&costs, err, sizeof err) != 0)
		fprintf(stderr, "hashprof: warning: the cost cache is not kept: %s\n", err);
	return 0;
}

/* Was row measured with --raw?  Its run's "figures" ("raw", "corrected"),
 * else (older records) a "--raw" argument in its run's command; 0 when
 * neither says (no run: the default, corrected). */
static int hp_row_measured_raw(const struct hp_loaded_row *row)
{
	json_t *fig = row->run ? json_object_get(row->run, "figures") : NULL, *cmd, *arg;
	size_t i;

	if (json_is_string(fig))
		return !strcmp(json_string_value(fig), "raw");
	cmd = row->run ? json_object_get(row->run, "command") : NULL;
	json_array_foreach(cmd, i, arg) if (json_is_string(arg) && !strcmp(json_string_value(arg), "--raw")) return 1;
	return 0;
}

/* Neither --raw nor --corrected: the records' own figures when they all
 * agree (raw said in a note on stderr, so that the table reads as the
 * run's), else corrected, said in a note too.  Returns raw (0 or 1). */
static int hp_report_records_raw(const struct hp_record_set *s)
{
	size_t nraw = 0;

	for (size_t i = 0; i < s->n; i++)
		nraw += hp_row_measured_raw(&s->rows[i]) != 0;
	if (nraw && nraw == s->n)
		fprintf(stderr,
			"hashprof: note: figures not corrected, as the record%s %s measured (--raw); "
			"--corrected for corrected ones\n",
			s->n > 1 ? "s" : "", s->n > 1 ? "were" : "was");
	else if (nraw)
		fprintf(stderr,
			"hashprof: note: %zu of the %zu records were measured with --raw, the others without: "
			"figures corrected (--raw: uncorrected)\n",
			nraw, s->n);
	return nraw && nraw == s->n;
}

/* The candidates of the rows' arms (records of --hash rows) into o, in
 * the order first seen; a name that is no candidate here is said in a
 * note and left out.  Returns how many. */
static size_t hp_report_arm_candidates(const struct hp_record_set *s, struct hp_options *o)
{
	static struct hp_candidate one[HP_CANDIDATES_MAX]; /* large: static */
	char err[2560];
	size_t got;

	for (size_t i = 0; i < s->n; i++)
		for (size_t k = 0; k < hp_arms_c(&s->rows[i].r)->narms; k++) {
			const char *name = hp_arms_c(&s->rows[i].r)->arms[k].name;
			int known = 0;
			for (size_t j = 0; j < o->ncands && !known; j++)
				known = !strcasecmp(o->cands[j].name, name);
			if (known || o->ncands == HP_CANDIDATES_MAX)
				continue;
			if (hp_candidate_parse(name, one, &got, err, sizeof err) == 0 && got == 1)
				o->cands[o->ncands++] = one[0];
			else
				fprintf(stderr, "hashprof: note: %s's arm is not projected: %s\n", name, err);
		}
	return o->ncands;
}

/*
 * Before anything is read: the outputs (--folded, --flame-graph, --plot;
 * NULL: not given) are different files, and none is one of the ninputs
 * records or folders the report reads, nor the --costs table (NULL:
 * none), which they would overwrite (output_file.h).  Returns 0, or -1
 * with one line in err.
 */
static int hp_report_outputs_apart(const char *folded, const char *flame, const char *plot, int ninputs, char **inputs,
				   const char *costs, char *err, size_t errlen)
{
	const struct hp_output outs[] = { { "--folded", folded }, { "--flame-graph", flame }, { "--plot", plot } };

	if (hp_outputs_apart(outs, 3, err, errlen) != 0)
		return -1;
	for (int i = 0; i < ninputs; i++)
		if (hp_outputs_not_input(outs, 3, inputs[i], "record", "this report reads", err, errlen) != 0)
			return -1;
	return costs ? hp_outputs_not_input(outs, 3, costs, "--costs", "this report reads", err, errlen) : 0;
}

/* A record file not read (record_io.h's line naming it): one line on
 * stderr; the others are still printed. */
static void hp_report_bad(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "hashprof: %s\n", line);
}

int hp_cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		HP_FORMAT_LONGOPTS,
		HP_SITE_FILES_LONGOPTS,
		HP_CANDIDATES_LONGOPTS,
		HP_NOISE_LONGOPT,
		{ "raw", no_argument, NULL, 'R' },
		{ "corrected", no_argument, NULL, 'c' },
		{ "curve", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *folded = NULL, *flame = NULL;
	enum hp_format fmt = HP_FORMAT_TEXT;
	struct hp_record_set set;
	struct hp_result *rows;
	char err[HP_RECORD_ERR_MAX], msg[512];
	int c, raw = -1, curve = 0, rc = HP_EXIT_OK; /* raw -1: as the records were measured */
	const char *shares_opt = NULL, *arms = NULL; /* as given, for the pairs refused */
	size_t bad = 0; /* files not read: named on stderr */
	int readonly = 0; /* project with the cost cache as it is (no --hash) */
	const char *plot = NULL;
	double noise = HP_DEFAULT_NOISE_PP;
	json_t *meta;
	static struct hp_options o; /* --hash's candidates (large: static) */
	const char *costs_file = NULL, *plot_file = NULL;
	struct hp_display d;
	char cerr[2560];

	hp_options_defaults(&o);

	hp_display_defaults(&d);
	while ((c = getopt_long(argc, argv, HP_FORMAT_SHORTOPTS "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'R':
		case 'c':
			/* the later one wins: an alias's --raw is overridden on the command line */
			raw = c == 'R';
			shares_opt = c == 'R' ? "--raw" : "--corrected";
			break;
		case 'C':
			curve = 1;
			break;
		case HP_OPT_NOISE:
			if ((c = hp_parse_noise(optarg, &noise)) >= 0)
				return c;
			shares_opt = "--noise-threshold";
			break;
		case 'h':
			hp_report_help();
			return HP_EXIT_OK;
		default:
			if ((c = hp_display_option(c, optarg, &d, &o, "report: ")) == -2)
				return hp_bad_option("report", argv);
			if (c >= 0)
				return c;
		}
	}
	fmt = d.format;
	folded = d.folded;
	flame = d.flame;
	costs_file = d.costs;
	plot = d.plot;
	if (d.arms)
		arms = "--arms";
	if (hp_sites_outputs_prepare(folded, flame, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	/* the picture's name and folder before any record is read (gnuplot's
	 * presence is checked once the kind of picture is known) */
	if (plot && hp_plot_output_check(plot, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	if (optind >= argc)
		return hp_usage_error("report: missing FILE or DIR (records written by --record-dir or --output)");
	if (hp_report_outputs_apart(folded, flame, plot, argc - optind, argv + optind, costs_file, err, sizeof err) ||
	    hp_output_make_folder("--plot", plot, err, sizeof err))
		return hp_usage_error("%s", err);
	if (curve && fmt != HP_FORMAT_TEXT && fmt != HP_FORMAT_CSV)
		return hp_usage_error("report: --curve prints text or csv, not --format=%s",
				      fmt == HP_FORMAT_MD ? "md" : "json");
	if (costs_file && !o.ncands)
		return hp_usage_error("report: --costs needs --hash (the candidates to project)");
	/* the curves are calls per operation: no share, no arm to project or lay out */
	if (curve && (o.ncands || arms || shares_opt))
		return hp_usage_error("report: --curve and %s exclude each other (the curves are the helpers' "
				      "calls per operation)",
				      o.ncands ? "--hash"
				      : arms   ? arms
					       : shares_opt);
	hp_record_set_init(&set);
	set.bad = hp_report_bad;
	for (int i = optind; i < argc; i++) {
		size_t start = set.n;
		struct stat st;

		/* a bad file, or a folder of failed rows only (name a file): said,
		 * and the other records printed all the same */
		if (hp_record_load(argv[i], &set, err, sizeof err) <= 0) {
			hp_report_bad(NULL, err);
			bad++;
			continue;
		}
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			hp_record_rows_order(&set, start);
	}
	bad += set.nbad;
	if (!set.n) { /* each reason is said above */
		hp_record_set_free(&set);
		return HP_EXIT_USAGE;
	}
	if (set.nskipped)
		fprintf(stderr,
			"hashprof: note: not read: %s (failed rows, beside the last measured ones; "
			"name a file to read it)\n",
			set.skipped);
	hp_record_set_note_repeats(&set, stderr, "each is printed, in this order");
	if (!(rows = calloc(set.n, sizeof *rows))) {
		hp_record_set_free(&set);
		return hp_usage_error("report: out of memory");
	}
	for (size_t i = 0; i < set.n; i++) {
		rows[i] = set.rows[i].r; /* shallow: the set keeps owning the shapes */
		/* a candidate's failed arm (--hash) failed the run that measured it */
		if (rows[i].status != HP_STATUS_OK || hp_result_arm_failed(&rows[i]))
			rc = HP_EXIT_FAILED;
	}
	if ((c = hp_report_sites_wanted(rows, set.n, folded, flame)) >= 0) {
		free(rows);
		hp_record_set_free(&set);
		return c;
	}
	if (raw < 0)
		raw = hp_report_records_raw(&set);
	hp_report_configure(raw, noise);
	/* records of a --hash run: their arms projected as the run did, from
	 * what this machine's cost cache holds (nothing measured) */
	if (!o.ncands && !curve && hp_report_arm_candidates(&set, &o) != 0)
		readonly = 1;
	if (o.ncands && hp_report_project(&o, costs_file, readonly, raw, &set, rows) != 0) {
		free(rows);
		hp_record_set_free(&set);
		return HP_EXIT_USAGE;
	}
	meta = hp_report_meta(&set, argc, argv);
	if (curve)
		rc = hp_report_curves(rows, set.n, fmt, rc);
	else if (hp_report_print(stdout, fmt, rows, set.n, meta) != 0) {
		fprintf(stderr, "hashprof: cannot write the report to standard output\n");
		rc = HP_EXIT_UNWRITTEN;
	}
	/* --plot: the candidates' heat map when there are candidates (--hash,
	 * or records of --hash rows), else the prefix-mean curves */
	for (size_t i = 0; plot && i < set.n && !plot_file; i++)
		if (o.ncands || hp_arms_c(&rows[i])->narms)
			plot_file = plot;
	if (plot_file && hp_heatmap_check(plot_file, cerr, sizeof cerr) != 0) {
		fprintf(stderr, "hashprof: report: %s\n", cerr);
		rc = HP_EXIT_USAGE;
		plot_file = NULL;
	}
	if (plot && !plot_file && rc != HP_EXIT_USAGE) {
		int prc = hp_plot_curves(plot, rows, set.n, err, sizeof err);
		if (prc) {
			fprintf(stderr, "hashprof: %s\n", err);
			rc = prc;
		}
	}
	for (size_t i = 0; i < set.n; i++) {
		const struct hp_loaded_row *row = &set.rows[i];
		if (!hp_record_shares_check(row, msg, sizeof msg))
			continue;
		if (fmt == HP_FORMAT_TEXT)
			printf("note: %s%s%s: %s %s: %s; the table shows the recomputed figures\n", row->file,
			       row->where[0] ? " " : "", row->where, row->r.instance, row->r.operation, msg);
		else
			fprintf(stderr, "hashprof: warning: %s%s%s: %s %s: %s\n", row->file, row->where[0] ? " " : "",
				row->where, row->r.instance, row->r.operation, msg);
		if (rc == HP_EXIT_OK)
			rc = HP_EXIT_FAILED;
	}
	if (hp_sites_outputs_write(folded, flame, rows, set.n) != 0)
		rc = HP_EXIT_UNWRITTEN;
	if (plot_file && hp_heatmap_write(plot_file, rows, set.n, raw, cerr, sizeof cerr) != 0) {
		fprintf(stderr, "hashprof: report: --plot: %s\n", cerr);
		rc = HP_EXIT_UNWRITTEN;
	}
	json_decref(meta);
	free(rows);
	hp_record_set_free(&set);
	/* a record not read is bad input, above a failed row (a file not
	 * written stays 3) */
	return bad && rc < HP_EXIT_USAGE ? HP_EXIT_USAGE : rc;
}
