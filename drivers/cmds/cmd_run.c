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

#include "child.h"
#include "cmds.h"
#include "environment.h"
#include "hex.h"
#include "instance.h"
#include "ops.h"
#include "options.h"
#include "procedure_options.h"
#include "record.h"
#include "report.h"
#include "rows.h"
#include "run_output.h"

/* --output FILE.json and --record-dir DIR (run_output.c); NULL when not given. */
static const char *hp_output, *hp_record_dir;

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
	       "       hashprof list\n"
	       "       hashprof build DIR      (a submission folder -> a profiled instance)\n"
	       "       hashprof report FILE...|DIR      (tables of stored records)\n"
	       "       hashprof check BASELINE|INSTANCE|--published PAGE.md   (regression checks)\n"
	       "Measure the share of time an NGCC instance spends in the ICCS hash helpers\n"
	       "(pseudohash, pseudoXOF, sm3hash) and in the DRNG (get_random_number), and the\n"
	       "helper calls per operation.  Without OPERATION, every operation of the instance.\n"
	       "\n"
	       "Operations: sig: keygen sign verify; kem: keygen encaps decaps;\n"
	       "  kex: exchange init_a init_b pass1 pass2 pass3 derive_a derive_b.\n"
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
	       "      --trials=T         split the N operations into T trials for the spread\n"
	       "                         shown as 88%% \u00b10.4 (default %u)\n"
	       "      --noise-threshold=PP  flag rows whose spread exceeds PP points (default %.1f)\n",
	       HP_BYTES_MAX, HP_DEFAULT_TIMEOUT, HP_DEFAULT_TRIALS, HP_DEFAULT_NOISE_PP);
	hp_replay_help();
	printf("\n"
	       "Output:\n"
	       "  -f, --format=FMT       text (default), md, csv or json\n"
	       "      --output=FILE      also write the run document (--format=json) to FILE at\n"
	       "                         the end of the run (a run with a failed or interrupted\n"
	       "                         row: FILE.failed.json, merged with the rows an earlier\n"
	       "                         one there measured and this one did not)\n"
	       "      --record-dir=DIR   also write one record per measured row, as soon as it is\n"
	       "                         measured: DIR/INSTANCE__OP.json (a failed row:\n"
	       "                         INSTANCE__OP.failed.json; an interrupted one: none);\n"
	       "                         see `hashprof report`\n"
	       "  -h, --help             display this help and exit\n"
	       "  -V, --version          output version information and exit\n"
	       "\n"
	       "Instances are found along the build tree, $HASHPROF_PATH, the user instance\n"
	       "folder and %s; `hashprof list` shows them.\n"
	       "Exit status: 0 all rows measured, 1 a row failed (or its replay), 2 bad input,\n"
	       "3 an output could not be written (each file named on stderr; the others are),\n"
	       "128+N interrupted by signal N (^C: 130).\n",
	       HP_PKGLIBDIR);
}

/* Parse the options; returns -1 to go on, else an exit status. */
static int hp_run_parse(int argc, char **argv, struct hp_options *o)
{
	static const struct option longopts[] = {
		HP_PROCEDURE_LONGOPTS,
		HP_NOISE_LONGOPT,
		{ "seed", required_argument, NULL, 's' },
		{ "message", required_argument, NULL, 'm' },
		{ "message-len", required_argument, NULL, 'L' },
		{ "format", required_argument, NULL, 'f' },
		{ "trials", required_argument, NULL, 'T' },
		{ "raw", no_argument, NULL, 'R' },
		{ "output", required_argument, NULL, 'O' },
		{ "record-dir", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c, message_set = 0;
	uint64_t v;
	long n;

	while ((c = getopt_long(argc, argv, "n:w:f:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if ((n = hp_hex_decode(optarg, o->seed, sizeof o->seed)) < 1)
				return hp_usage_error(
					"--seed: '%.40s%s' is not 1 to %u bytes of hex (an even number of hex digits)",
					optarg, strlen(optarg) > 40 ? "..." : "", HP_BYTES_MAX);
			o->seed_len = (size_t)n;
			break;
		case 'm':
			if ((n = hp_hex_decode(optarg, o->message, sizeof o->message)) < 0)
				return hp_usage_error("--message: '%.40s%s' is not at most %u bytes of hex (an even "
						      "number of hex digits)",
						      optarg, strlen(optarg) > 40 ? "..." : "", HP_BYTES_MAX);
			o->message_len = (size_t)n;
			message_set = 1;
			o->message_given = 'm';
			break;
		case 'L':
			if (hp_parse_u64(optarg, 0, HP_BYTES_MAX, &v))
				return hp_usage_error("--message-len: '%s' is not a byte count from 0 to %u", optarg,
						      HP_BYTES_MAX);
			if (message_set)
				return hp_usage_error("--message-len and --message exclude each other");
			hp_options_message_pattern(o, (size_t)v);
			o->message_given = 'L';
			break;
		case 'f':
			if (hp_format_parse(optarg, &o->format))
				return hp_usage_error("--format: '%s' is not text, md, csv or json", optarg);
			break;
		case 'T':
			if (hp_parse_u64(optarg, 1, HP_TRIALS_MAX, &v))
				return hp_usage_error("--trials: '%s' is not a whole number from 1 to %d", optarg,
						      HP_TRIALS_MAX);
			o->trials = (unsigned)v;
			break;
		case 'R':
			o->raw = 1;
			break;
		case HP_OPT_NOISE:
			if ((c = hp_parse_noise(optarg, &o->noise_pp)) >= 0)
				return c;
			break;
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
		case 'h':
			hp_run_help();
			return HP_EXIT_OK;
		case 'V':
			return hp_print_version();
		default:
			if ((c = hp_procedure_option(c, optarg, o)) == -2)
				return hp_bad_option(NULL, argv);
			if (c >= 0)
				return c;
		}
	}
	if (o->iterations && !o->warmup_set)
		o->warmup = 1;
	return -1;
}

int hp_cmd_run(int argc, char **argv)
{
	struct hp_options o;
	struct hp_instance inst;
	const struct hp_kind_ops *k;
	const char *ops[HP_OPS_MAX];
	struct hp_result rows[HP_OPS_MAX];
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
	if (hp_instance_find(argv[optind], &inst) != 0)
		return hp_unknown_instance(argv[optind]);
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

	if (hp_run_outputs_prepare(hp_output, hp_record_dir, err, sizeof err) != 0)
		return hp_usage_error("%s", err);

	struct hp_run_sink sink = { hp_run_meta(argc, argv, &o, &inst), 0 };
	rc = hp_run_rows(&inst, ops, nops, &o, rows, hp_run_row_done, &sink) ? HP_EXIT_FAILED : HP_EXIT_OK;
	/* everything that can be written is, and each file that cannot is
	 * named in a line of its own: a full disk is not bad input */
	if (hp_report_print(stdout, o.format, rows, nops, sink.meta) != 0) {
		fprintf(stderr, "hashprof: cannot write the report to standard output\n");
		sink.unwritten++;
	}
	if (hp_run_outputs_finish(hp_output, hp_record_dir, rows, nops, sink.meta, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: --output: %s\n", err);
		sink.unwritten++;
	}
	if (sink.unwritten)
		rc = HP_EXIT_UNWRITTEN;
	json_decref(sink.meta);
	for (size_t i = 0; i < nops; i++)
		hp_result_free(&rows[i]);
	/* interrupted: what was measured is printed and recorded above; the
	 * exit status says how the run ended, as a shell would */
	return hp_child_interrupted() ? 128 + hp_child_interrupted() : rc;
}
