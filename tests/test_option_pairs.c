/*
 * test_option_pairs.c - every option of a command works beside every
 * other, or the pair is refused: exit status 2 and one line on stderr
 * naming both options.  No pair may drop what one of its options asks for
 * without a word (a --hash row once printed no call sites under
 * --call-sites, exit 0).
 *
 * The main command: each option has a probe (its words and what its
 * output must then hold); every pair of probes runs on SYNTH-SIG sign
 * (-n 4, a run document in --output, so that every field can be read
 * whatever --format says) and is either in the table of refused pairs or
 * must show both probes' effects.  A pair refused that is not in the
 * table, or one the table refuses that runs, fails the test.
 *
 * `report` and `check`: their refused pairs, each asserted the same way
 * (they are refused while parsing, before a record or an instance is
 * read).
 *
 * Instances come from the build tree; HASHPROF_PATH, $XDG_* and the cost
 * cache are the test's own (nothing of the user's is read).  No
 * assertion is on a time.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif

/* The test's folder: the outputs of each run, the XDG folders, the costs;
 * a path in it, or an option with one, fits in HPT_PATH_ARG bytes. */
#define HPT_PATH_ARG (HPT_TMPDIR_MAX + 64)
static char dir[HPT_TMPDIR_MAX];
static char env_data[64 + sizeof dir], env_cache[64 + sizeof dir], env_config[64 + sizeof dir];

static void run_hp(struct run *r, const char *const *args)
{
	const char *const env[] = { "HASHPROF_*", env_data, env_cache, env_config, NULL };

	run_capture(r, HP_HASHPROF, args, env);
}

/* ---------- what a run left ---------- */

struct seen {
	const struct run *r;
	json_t *doc; /* the run document (--output); NULL: none */
	json_t *row; /* its first row */
};

static char *path_in(const char *name)
{
	static char buf[4][HPT_PATH_ARG];
	static int k;
	char *p = buf[k++ % 4];

	snprintf(p, HPT_PATH_ARG, "%s/%s", dir, name);
	return p;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s = calloc(1, (size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	fclose(f);
	return s;
}

static int file_holds(const char *name, const char *what)
{
	char *s = slurp(path_in(name));
	int ok = s && strstr(s, what) != NULL;

	free(s);
	return ok;
}

static json_t *field(json_t *obj, const char *a, const char *b)
{
	json_t *v = json_object_get(obj, a);

	return b ? json_object_get(v, b) : v;
}

/* ---------- the main command's probes ---------- */

struct probe {
	const char *name; /* the option as the refusal line names it */
	const char *args[3]; /* its words (the --hash ones carry their --hash) */
	int (*holds)(const struct seen *s); /* its effect is in the output */
};

#define CANDS "--hash=SHAKE256,SHA3-256"

static int p_n(const struct seen *s)
{
	return json_integer_value(field(s->row, "procedure", "iterations")) == 5;
}
static int p_w(const struct seen *s)
{
	return json_integer_value(field(s->row, "procedure", "warmup")) == 2;
}
static int p_seed(const struct seen *s)
{
	const char *v = json_string_value(field(s->row, "procedure", "seed"));
	return v && !strcmp(v, "0a0b");
}
static int p_message(const struct seen *s)
{
	const char *v = json_string_value(field(s->row, "procedure", "message"));
	return v && !strcmp(v, "abcd");
}
static int p_message_len(const struct seen *s)
{
	const char *v = json_string_value(field(s->row, "procedure", "message"));
	return v && strlen(v) == 10;
}
/* the limits change nothing of a run that keeps within them: the run
 * accepted them and measured (their effect: test_cli, test_confine) */
static int p_ran(const struct seen *s)
{
	return s->row && !strcmp(json_string_value(field(s->row, "status", NULL)), "ok");
}
static int p_clock(const struct seen *s)
{
	const char *v = json_string_value(field(s->doc, "run", "clock"));
	return v && !strcmp(v, "tsc");
}
static int p_raw(const struct seen *s)
{
	const char *v = json_string_value(field(s->doc, "run", "figures"));
	return v && !strcmp(v, "raw");
}
/* --trials=2: the N counting operations cut into at least 2 batches (a
 * batched row's trials: the batches of N first, then timing-only ones),
 * which together hold exactly N operations */
static int p_trials(const struct seen *s)
{
	json_t *trials = field(s->row, "trials", NULL), *t;
	json_int_t ops = 0, n = json_integer_value(field(s->row, "procedure", "iterations"));
	size_t i, counting = 0;

	json_array_foreach(trials, i, t) if (!json_is_true(json_object_get(t, "timing_only")))
	{
		counting++;
		ops += json_integer_value(json_object_get(t, "operations"));
	}
	return counting >= 2 && n > 0 && ops == n;
}
/* a threshold of 0 pp: any spread is noisy (the note names the threshold) */
static int p_noise(const struct seen *s)
{
	return strstr(s->r->out, "above 0.0") || file_holds("run.json", "above 0.0");
}
static int p_replay(const struct seen *s)
{
	return json_is_true(field(field(s->row, "replay", NULL), "valid", NULL));
}
static int p_call_sites(const struct seen *s)
{
	return json_array_size(field(field(s->row, "call_sites", NULL), "sites", NULL)) > 0;
}
static int p_folded(const struct seen *s)
{
	(void)s;
	return file_holds("f.folded", "pseudoXOF ");
}
static int p_flame(const struct seen *s)
{
	(void)s;
	return file_holds("f.svg", "pseudoXOF");
}
static int p_hash(const struct seen *s)
{
	return json_array_size(field(s->row, "candidates", NULL)) == 2;
}
/* the projections, from the costs file alone: its figures, or a note
 * naming it for a shape it lacks (another --message's shapes) */
static int p_costs(const struct seen *s)
{
	return p_hash(s) && (strstr(s->r->out, "projected") || strstr(s->r->out, "costs.json"));
}
static int p_arms(const struct seen *s)
{
	return p_hash(s) && (strstr(s->r->out, "vs placeholder") || strstr(s->r->out, "instance,operation,hash,"));
}
static int p_plot(const struct seen *s)
{
	return p_hash(s) && file_holds("p.svg", "<svg");
}
static int p_csv(const struct seen *s)
{
	return !strncmp(s->r->out, "instance,operation,", 19);
}
static int p_output(const struct seen *s)
{
	return s->row != NULL;
}
static int p_record_dir(const struct seen *s)
{
	(void)s;
	return file_holds("rec/SYNTH-SIG__sign.json", "\"operation\": \"sign\"");
}
static int p_per_iteration(const struct seen *s)
{
	return field(s->row, "per_iteration", NULL) != NULL;
}
static int p_reproduce(const struct seen *s)
{
	return strstr(s->r->out, "pseudoXOF 8 reproduced") || strstr(s->r->err, "pseudoXOF 8 reproduced");
}

static char costs_arg[HPT_PATH_ARG], folded_arg[HPT_PATH_ARG], flame_arg[HPT_PATH_ARG], plot_arg[HPT_PATH_ARG],
	record_arg[HPT_PATH_ARG];

static const struct probe probes[] = {
	{ "-n", { "-n", "5" }, p_n },
	{ "--warmup", { "--warmup=2" }, p_w },
	{ "--seed", { "--seed=0a0b" }, p_seed },
	{ "--message", { "--message=abcd" }, p_message },
	{ "--message-len", { "--message-len=5" }, p_message_len },
	{ "--timeout", { "--timeout=600" }, p_ran },
	{ "--clock", { "--clock=tsc" }, p_clock },
	{ "--raw", { "--raw" }, p_raw },
	{ "--trials", { "--trials=2" }, p_trials },
	{ "--noise-threshold", { "--noise-threshold=0" }, p_noise },
	{ "--replay", { "--replay" }, p_replay },
	{ "--replay-max-mb", { "--replay-max-mb=64" }, p_replay },
	{ "--no-confine", { "--no-confine" }, p_ran },
	{ "--max-memory", { "--max-memory=4096" }, p_ran },
	{ "--call-sites", { "--call-sites" }, p_call_sites },
	{ "--folded", { folded_arg }, p_folded },
	{ "--flame-graph", { flame_arg }, p_flame },
	{ "--hash", { CANDS }, p_hash },
	{ "--hash", { CANDS, costs_arg }, p_costs }, /* --costs needs --hash */
	{ "--hash", { CANDS, "--arms" }, p_arms }, /* --arms needs --hash */
	{ "--hash", { CANDS, plot_arg }, p_plot }, /* --plot needs --hash */
	{ "--format", { "--format=csv" }, p_csv },
	{ "--output", { "--output=RUN" }, p_output }, /* RUN: the run document's path */
	{ "--record-dir", { record_arg }, p_record_dir },
	{ "--per-iteration", { "--per-iteration" }, p_per_iteration },
	{ "--reproduce", { "--reproduce=pseudoXOF=8" }, p_reproduce },
};
#define NPROBES (sizeof probes / sizeof probes[0])

/* The pairs refused, by name: a --hash row's arms keep no call sites,
 * per-operation counts or replay; a message is bytes or a length; the
 * memory limit is the confinement's. */
static const char *const refused[][2] = {
	{ "--hash", "--replay" },    { "--hash", "--replay-max-mb" },  { "--hash", "--call-sites" },
	{ "--hash", "--folded" },    { "--hash", "--flame-graph" },    { "--hash", "--per-iteration" },
	{ "--hash", "--reproduce" }, { "--message", "--message-len" }, { "--no-confine", "--max-memory" },
};

static int is_refused(const char *a, const char *b)
{
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if ((!strcmp(refused[i][0], a) && !strcmp(refused[i][1], b)) ||
		    (!strcmp(refused[i][0], b) && !strcmp(refused[i][1], a)))
			return 1;
	return 0;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* A refused pair: exit 2, one line naming both options, nothing measured. */
static void expect_refused(const struct run *r, const char *a, const char *b, const char *what)
{
	if (r->status != 2 || count_lines(r->err) != 1 || !strstr(r->err, a) || !strstr(r->err, b) || r->out_len) {
		run_show(r);
		ck_abort_msg("%s: want exit 2 and one line naming %s and %s", what, a, b);
	}
}

static void clean_outputs(void)
{
	const char *const rm[] = { "-rf",
				   path_in("rec"),
				   path_in("run.json"),
				   path_in("f.folded"),
				   path_in("f.svg"),
				   path_in("p.svg"),
				   path_in("run.failed.json"),
				   NULL };
	struct run r;

	run_capture(&r, "/bin/rm", rm, NULL);
	run_free(&r);
}

/* The words of probe p, RUN replaced by the run document's path. */
static size_t add_words(const char **argv, size_t n, const struct probe *p, char *out_arg)
{
	for (size_t k = 0; k < 3 && p->args[k]; k++)
		argv[n++] = !strcmp(p->args[k], "--output=RUN") ? out_arg : p->args[k];
	return n;
}

static void run_pair(const struct probe *a, const struct probe *b)
{
	const char *argv[16];
	char out_arg[HPT_PATH_ARG], what[256];
	size_t n = 0;
	struct run r;
	struct seen s = { &r, NULL, NULL };

	snprintf(out_arg, sizeof out_arg, "--output=%s", path_in("run.json"));
	clean_outputs();
	argv[n++] = "SYNTH-SIG";
	argv[n++] = "sign";
	if (strcmp(a->name, "-n") && strcmp(b->name, "-n")) {
		argv[n++] = "-n";
		argv[n++] = "4";
	}
	if (strcmp(a->name, "--output") && strcmp(b->name, "--output"))
		argv[n++] = out_arg;
	n = add_words(argv, n, a, out_arg);
	n = add_words(argv, n, b, out_arg);
	argv[n] = NULL;
	snprintf(what, sizeof what, "%s %s / %s %s", a->args[0], a->args[1] ? a->args[1] : "", b->args[0],
		 b->args[1] ? b->args[1] : "");
	run_hp(&r, argv);
	if (is_refused(a->name, b->name)) {
		expect_refused(&r, a->name, b->name, what);
		run_free(&r);
		return;
	}
	if (r.status != 0) {
		run_show(&r);
		ck_abort_msg("%s: want both to work (exit 0), got %d", what, r.status);
	}
	char *doc = slurp(path_in("run.json"));
	s.doc = doc ? json_loads(doc, 0, NULL) : NULL;
	free(doc);
	s.row = json_array_get(field(s.doc, "rows", NULL), 0);
	if (!a->holds(&s) || !b->holds(&s)) {
		run_show(&r);
		ck_abort_msg("%s: exit 0 but the output lacks what %s asks for", what,
			     !a->holds(&s) ? a->args[a->args[1] && !strncmp(a->args[0], "--hash", 6) ? 1 : 0]
					   : b->args[b->args[1] && !strncmp(b->args[0], "--hash", 6) ? 1 : 0]);
	}
	json_decref(s.doc);
	run_free(&r);
}

/* Each probe alone shows its effect: a probe that holds nowhere would
 * pass no pair, and one that holds everywhere would prove nothing. */
START_TEST(each_option_alone_shows_its_effect)
{
	for (size_t i = 0; i < NPROBES; i++)
		run_pair(&probes[i], &probes[i]);
}
END_TEST

/* Every pair of the main command's options: refused as the table says,
 * or both effects in the output. */
START_TEST(every_pair_works_or_is_refused)
{
	for (size_t i = 0; i < NPROBES; i++)
		for (size_t j = i + 1; j < NPROBES; j++)
			run_pair(&probes[i], &probes[j]);
}
END_TEST

/* An option whose output no output of the run carries is refused. */
START_TEST(option_with_no_output_is_refused)
{
	static const char *const cases[][6] = {
		{ "--per-iteration", "--format", "--per-iteration", NULL },
		{ "--call-sites", "--format", "--call-sites", "--format=csv", NULL },
		{ "--call-sites", "--format", "--call-sites", "--format=md", NULL },
		{ "--trials", "-n", "--trials=9", "-n", "3", NULL },
		{ "--arms", "--hash", "--arms", NULL },
	};
	struct run r;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *argv[8] = { "SYNTH-SIG", "sign" };
		size_t n = 2;
		for (size_t k = 2; cases[i][k]; k++)
			argv[n++] = cases[i][k];
		argv[n] = NULL;
		run_hp(&r, argv);
		expect_refused(&r, cases[i][0], cases[i][1], cases[i][2]);
		run_free(&r);
	}
	/* carried by a file: not refused */
	run_hp(&r, (const char *const[]){ "SYNTH-SIG", "sign", "-n", "3", "--per-iteration", "--record-dir",
					  path_in("rec"), NULL });
	run_expect_status(&r, 0);
	run_free(&r);
}
END_TEST

/* --raw beside --format=csv: the candidates' table names its share as
 * uncorrected too (the main table's: test_cli csv_output). */
START_TEST(raw_csv_says_uncorrected)
{
	struct run r;

	run_hp(&r, (const char *const[]){ "SYNTH-KEM", "keygen", "-n", "3", "--raw", "--format=csv", "--hash=SHAKE256",
					  NULL });
	run_expect_status(&r, 0);
	ck_assert_msg(strstr(r.out, ",ratio,share_raw,calls_per_operation,") != NULL, "%s", r.out);
	run_free(&r);
}
END_TEST

/* -o is the main command's output as it is campaign's and build's, and an
 * output's missing folder is made as --record-dir's is (one level). */
START_TEST(outputs_alike)
{
	struct run r;
	char doc[HPT_PATH_ARG], folded[HPT_PATH_ARG];

	snprintf(doc, sizeof doc, "%s/new-o/run.json", dir);
	snprintf(folded, sizeof folded, "--folded=%s/new-f/f.folded", dir);
	run_hp(&r, (const char *const[]){ "SYNTH-SIG", "sign", "-n", "3", "-o", doc, folded, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	ck_assert_msg(file_holds("new-o/run.json", "\"operation\": \"sign\""), "-o wrote no run document");
	ck_assert_msg(file_holds("new-f/f.folded", "pseudoXOF "), "--folded's folder was not made");
	/* two levels missing: refused as --record-dir's, nothing made */
	snprintf(doc, sizeof doc, "%s/a/b/run.json", dir);
	run_hp(&r, (const char *const[]){ "SYNTH-SIG", "sign", "-n", "3", "--output", doc, NULL });
	ck_assert_int_eq(r.status, 2);
	ck_assert_msg(strstr(r.err, "--output: cannot create files in the folder ") != NULL, "%s", r.err);
	run_free(&r);
	ck_assert_int_ne(access(path_in("a"), F_OK), 0);
}
END_TEST

/* report and check: their pairs refused while parsing. */
START_TEST(report_and_check_pairs_refused)
{
	static const char *const cases[][8] = {
		/* name a, name b, words... */
		{ "--curve", "--raw", "report", "--curve", "--raw", "x.json", NULL },
		{ "--curve", "--corrected", "report", "--curve", "--corrected", "x.json", NULL },
		{ "--curve", "--noise-threshold", "report", "--curve", "--noise-threshold=3", "x.json", NULL },
		{ "--curve", "--hash", "report", "--curve", "--hash=SHAKE256", "x.json", NULL },
		{ "--curve", "--arms", "report", "--curve", "--arms", "x.json", NULL },
		{ "--max-memory", "--no-confine", "check", "--max-memory=100", "--no-confine", "SYNTH-SIG", NULL },
		{ "--share-tolerance", "--max-", "check", "SYNTH-SIG", "--max-calls=drng=9", "--share-tolerance=1",
		  NULL },
		{ "--calls-tolerance", "--max-", "check", "SYNTH-SIG", "--max-calls=drng=9", "--calls-tolerance=0.1",
		  NULL },
	};
	struct run r;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		run_hp(&r, cases[i] + 2);
		expect_refused(&r, cases[i][0], cases[i][1], cases[i][3]);
		run_free(&r);
	}
}
END_TEST

/* The costs file of --costs: this machine's cache after one --hash run. */
static void make_costs(void)
{
	struct run r;
	char cmd[2 * HPT_PATH_ARG];

	snprintf(cmd, sizeof cmd, "%s/cache", dir);
	ck_assert_int_eq(mkdir(cmd, 0700), 0);
	run_hp(&r, (const char *const[]){ "SYNTH-SIG", "sign", "-n", "3", CANDS, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	snprintf(cmd, sizeof cmd, "cp %s/cache/hashprof/hashcost-*.json %s/costs.json", dir, dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void setup(void)
{
	hpt_tmpdir_in(dir, sizeof dir, "optpairs");
	snprintf(env_data, sizeof env_data, "XDG_DATA_HOME=%s/data", dir);
	snprintf(env_cache, sizeof env_cache, "XDG_CACHE_HOME=%s/cache", dir);
	snprintf(env_config, sizeof env_config, "XDG_CONFIG_HOME=%s/config", dir);
	snprintf(folded_arg, sizeof folded_arg, "--folded=%s/f.folded", dir);
	snprintf(flame_arg, sizeof flame_arg, "--flame-graph=%s/f.svg", dir);
	snprintf(plot_arg, sizeof plot_arg, "--plot=%s/p.svg", dir);
	snprintf(record_arg, sizeof record_arg, "--record-dir=%s/rec", dir);
	make_costs();
	snprintf(costs_arg, sizeof costs_arg, "--costs=%s/costs.json", dir);
}

static Suite *pairs_suite(void)
{
	Suite *s = suite_create("option_pairs");
	TCase *tc = tcase_create("main");

	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, each_option_alone_shows_its_effect);
	tcase_add_test(tc, every_pair_works_or_is_refused);
	tcase_add_test(tc, option_with_no_output_is_refused);
	tcase_add_test(tc, report_and_check_pairs_refused);
	tcase_add_test(tc, raw_csv_says_uncorrected);
	tcase_add_test(tc, outputs_alike);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr;
	int failed;

	if (access(HP_HASHPROF, X_OK) != 0) {
		fprintf(stderr, "test_option_pairs: %s is not an executable: %s\n", HP_HASHPROF, strerror(errno));
		return EXIT_FAILURE;
	}
	sr = srunner_create(pairs_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	hpt_rmtree(dir);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
