/*
 * cmd_check.c - `hashprof check`: regression checks.
 *
 *   hashprof check BASELINE.json|DIR...   re-run every baseline row with its
 *       procedure (N, warm-up, seed, message) and compare per-function calls
 *       (exactly, or within --calls-tolerance relative) and shares (within
 *       --share-tolerance percentage points);
 *   hashprof check INSTANCE [OP] --max-drng-share 10% --max-hash-share 95%
 *       --max-calls pseudoXOF=300   thresholds, no baseline;
 *   hashprof check --published PAGE.md   the "Symmetric primitives" table of
 *       a published page: calls per operation at the printed 3 significant
 *       digits, shares within the tolerance, for the instances available.
 * The thresholds apply to the rows of every mode.
 *
 * Rows are measured with the run machinery of `hashprof INSTANCE`
 * (rows.h: hp_run_rows), one child process per row; a baseline row whose
 * share is too noisy to decide is measured again (hp_settle_baseline).
 * Exit status: 0 pass, 1 a comparison is out of tolerance, a row failed
 * or nothing was compared, 2 bad input (one line on stderr naming the
 * file, field or line, and the problem), 4 (HP_EXIT_UNDECIDED) no
 * regression but a share left undecided, 128 + N interrupted by signal N.
 *
 * This file runs the three modes; the options are in check/options.c,
 * the comparisons and their verdicts in check/compare.c (check/check.h).
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check/check.h"
#include "child.h"
#include "measure/clock.h"
#include "cmds.h"
#include "environment.h"
#include "instance.h"
#include "cli/procedure_options.h"
#include "ops/ops.h"
#include "options.h"
#include "check/page_match.h"
#include "record/published.h"
#include "output/record_order.h"
#include "record/record_io.h"
#include "check/reproduce.h"
#include "rows.h"
#include "output/run_output.h"
#include "check/table.h"
#include "replay/part.h"
#include "periter/part.h"
#include "callsites/part.h"

/* ---------- baseline ---------- */

/* The baseline row's procedure as options. */
static void hp_baseline_procedure(const struct hp_check *c, const struct hp_result *b, struct hp_options *o)
{
	*o = c->run;
	o->iterations = b->iterations;
	o->warmup = b->warmup;
	o->warmup_set = 1;
	memcpy(o->seed, b->seed, b->seed_len);
	o->seed_len = b->seed_len;
	memcpy(o->message, b->message, b->message_len);
	o->message_len = b->message_len;
	/* slices: as many again; batches are sized by time, not copied */
	if (!b->batched && b->ntrials >= 1 && b->ntrials <= HP_TRIALS_MAX)
		o->trials = b->ntrials;
	/* like with like: replay shares in the baseline, replay shares now */
	if (hp_replay_c(b)->requested)
		o->replay = 1;
	/* and call sites with call sites, of the same depth */
	if (hp_sites_c(b)->requested) {
		o->call_sites = 1;
		o->call_sites_depth = hp_sites_c(b)->depth;
	}
}

/* Check a baseline row can be re-run here; 0, or exit 2 with one line. */
static int hp_baseline_usable(const struct hp_loaded_row *row, unsigned timeout, struct hp_instance *inst)
{
	const struct hp_result *b = &row->r;
	const struct hp_kind_ops *k;
	const char *sep = row->where[0] ? ": " : "";
	char why[512];

	if (b->status != HP_STATUS_OK)
		return hp_usage_error("%s%s%s: field 'status': the baseline row failed (%s): nothing to compare",
				      row->file, sep, row->where, hp_result_failure(b));
	if (hp_instance_find_recorded(b->instance, b->path, row->file, inst) != 0)
		return hp_usage_error("%s%s%s: field 'instance': '%s' is not available here "
				      "(`hashprof list` shows the instances found)",
				      row->file, sep, row->where, b->instance);
	if (strcmp(inst->kind, b->kind))
		return hp_usage_error("%s%s%s: field 'kind': the baseline's %s is a %s, the instance found "
				      "here is a %s (%s)",
				      row->file, sep, row->where, b->instance, b->kind, inst->kind, inst->path);
	if (!(k = hp_kind_ops_of(inst->kind)))
		return hp_usage_error("%s: unknown API kind '%s' in %s", inst->name, inst->kind, inst->path);
	if (hp_run_check_op(inst, k, timeout, b->operation, why, sizeof why) != 0)
		return hp_usage_error("%s%s%s: field 'operation': %s", row->file, sep, row->where, why);
	if (b->iterations < 1 || b->seed_len < 1)
		return hp_usage_error("%s%s%s: field 'procedure.%s': cannot be re-run with %s", row->file, sep,
				      row->where, b->iterations < 1 ? "iterations" : "seed",
				      b->iterations < 1 ? "0 iterations" : "an empty seed");
	return 0;
}

/* The instance build flags the baseline recorded, or NULL. */
static const char *hp_baseline_cflags(const struct hp_loaded_row *row)
{
	json_t *inst = row->run ? json_object_get(row->run, "instance") : NULL;
	json_t *cf = inst ? json_object_get(inst, "cflags") : NULL;

	return json_is_string(cf) ? json_string_value(cf) : NULL;
}

/* What a re-run of an undecided row needs (hp_settle_baseline's ctx). */
struct hp_rerun_ctx {
	const struct hp_check *c;
	const struct hp_result *base, *now; /* the baseline row, the re-run so far */
	struct hp_instance *inst;
	const char *op;
	const struct hp_options *o;
	unsigned done, max;
};

/* Measure the row once more, saying why (a re-run takes as long as the
 * run): the first undecided share, its medians and p. */
static int hp_rerun_row(void *ctx, struct hp_result *again)
{
	struct hp_rerun_ctx *x = ctx;
	const char *op = x->op;
	struct hp_share_test st;
	int which = 0;

	if (hp_child_interrupted())
		return -1;
	hp_share_test(x->c, x->base, x->now, 0, &st);
	if (st.verdict != HP_SHARE_UNDECIDED) {
		which = 1;
		hp_share_test(x->c, x->base, x->now, 1, &st);
	}
	printf("note: %s %s: %s share %.2f%% -> %.2f%% (p = %.3f, %zu + %zu %s): too noisy to decide: "
	       "measured again (%u of at most %u)\n",
	       x->inst->name, x->op, which ? "DRNG" : "hash", st.base_pct, st.now_pct, st.p, st.nb, st.nn,
	       st.over_runs ? "runs" : "batches", ++x->done, x->max);
	fflush(stdout);
	hp_run_rows(x->inst, &op, 1, x->o, again, NULL, NULL);
	return 0;
}

/* BASELINE mode.  Every row is checked usable before any is re-run, so that
 * bad input exits 2 at once rather than after minutes of measuring. */
static int hp_check_baselines(struct hp_check *c, int nfiles, char **files, struct hp_table *diff, struct hp_table *thr)
{
	struct hp_record_set set;
	struct hp_instance *insts;
	char err[HP_RECORD_ERR_MAX];
	const char *empty = NULL;
	int rc = 0;
	long got;

	hp_record_set_init(&set);
	for (int i = 0; i < nfiles; i++) {
		size_t start = set.n;
		struct stat st;
		if ((got = hp_record_load(files[i], &set, err, sizeof err)) < 0) {
			hp_record_set_free(&set);
			return hp_usage_error("%s", err);
		}
		if (got == 0)
			empty = files[i];
		/* a folder's rows as a run lists them, not by file name */
		if (stat(files[i], &st) == 0 && S_ISDIR(st.st_mode))
			hp_record_rows_order(&set, start);
	}
	/* a baseline whose every row failed when it was made is no typo on
	 * the command line: the check ran and compared nothing, which must not
	 * pass (as a published page of which nothing is here) */
	if (set.n == 0) {
		printf("check: FAIL: nothing compared: %s holds no measured baseline row, only failed ones "
		       "(%s)\n",
		       nfiles > 1 ? "the baseline" : empty, set.skipped);
		hp_record_set_free(&set);
		return HP_EXIT_FAILED;
	}
	if (set.nskipped) /* the baseline is the last measured record of each row */
		fprintf(stderr,
			"hashprof: note: not read: %s (failed rows, beside the last measured ones; "
			"name a file to read it)\n",
			set.skipped);
	hp_record_set_note_repeats(&set, stderr, "each is re-run and compared");
	if (!(insts = calloc(set.n, sizeof *insts))) {
		hp_record_set_free(&set);
		return hp_usage_error("check: out of memory");
	}
	for (size_t i = 0; i < set.n && !rc; i++)
		rc = hp_baseline_usable(&set.rows[i], c->run.timeout, &insts[i]);
	for (size_t i = 0; i < set.n && !rc; i++) {
		const struct hp_loaded_row *row = &set.rows[i];
		const char *cf = hp_baseline_cflags(row);
		struct hp_options o;
		struct hp_result now;
		const char *op = row->r.operation;

		hp_baseline_procedure(c, &row->r, &o);
		hp_run_rows(&insts[i], &op, 1, &o, &now, NULL, NULL);
		struct hp_rerun_ctx x = { c, &row->r, &now, &insts[i], op, &o, 0, c->max_reruns };
		if (!hp_child_interrupted())
			hp_settle_baseline(c, &row->r, &now, hp_rerun_row, &x);
		hp_compare_baseline(c, diff, &row->r, &now);
		hp_check_thresholds(c, thr, &now, 1);
		if (cf && strcmp(cf, insts[i].cflags))
			printf("note: %s: built with other flags than the baseline (%s: '%s', now: '%s')\n",
			       insts[i].name, row->file, cf, insts[i].cflags);
		hp_result_free(&now);
		if (hp_child_interrupted())
			break;
	}
	free(insts);
	hp_record_set_free(&set);
	return rc;
}

/* ---------- published page ---------- */

/* The fractional counts of the published row p measured as now: the
 * helpers whose published mean is not a whole number, or whose calls
 * vary between now's operations (a whole published mean is then a
 * rounded one: "298"), into rp's targets.  Returns how many. */
static size_t hp_published_targets(const struct hp_published_row *p, const struct hp_result *now, struct hp_repro *rp)
{
	memset(rp, 0, sizeof *rp);
	for (unsigned fn = 0; fn < HP_FN_DRNG_INIT; fn++)
		if (p->calls_text[fn][0] && (p->calls[fn] != floor(p->calls[fn]) || hp_reproduce_varies(now, fn)))
			hp_reproduce_add(rp, fn, p->calls[fn], p->calls_text[fn]);
	return rp->nfn;
}

/* Say once per page name how it was matched, when not by its own name. */
static void hp_say_match(const struct hp_published *page, size_t i, enum hp_page_how how, const char *inst,
			 const char *why)
{
	const char *name = page->rows[i].instance;

	if (how == HP_PAGE_EXACT)
		return;
	for (size_t k = 0; k < i; k++)
		if (!strcmp(page->rows[k].instance, name))
			return;
	printf("match: '%s' of the page is %s here (%s)\n", name, inst, why);
}

/* --published mode.  A page covers more candidates than one machine has
 * built: rows whose instance is not here are listed, not failed (but a
 * check that compared nothing fails: hp_cmd_check).  A page's names are
 * matched to the instances here (page_match.h); a name that could be
 * several instances, or a row naming an instance that is here with an
 * operation it does not have, is bad input. */
static int hp_check_published(struct hp_check *c, struct hp_table *diff, struct hp_table *thr)
{
	struct hp_published page;
	struct hp_instance *all = NULL;
	char err[HP_RECORD_ERR_MAX], why[1024];
	size_t used = 0;
	long nall;
	int rc = 0;

	if (hp_published_load(c->published, &page, err, sizeof err) < 0)
		return hp_usage_error("%s", err);
	if ((nall = hp_instance_scan(&all)) < 0) {
		hp_published_free(&page);
		return hp_usage_error("check: out of memory");
	}
	c->page_corrected = page.corrected;
	for (size_t i = 0; i < page.n && !rc; i++) {
		const struct hp_published_row *p = &page.rows[i];
		const struct hp_kind_ops *k = NULL;
		struct hp_instance inst;
		struct hp_result now;
		const char *op;
		long other = hp_published_conflict(&page, i);
		size_t idx = 0;
		enum hp_page_how how;

		/* two systems' tables, or a slip: say so, compare both */
		if (other >= 0) {
			const struct hp_published_row *o = &page.rows[other];
			char what[96];
			if (p->failed != o->failed || p->hash_pct != o->hash_pct || p->drng_pct != o->drng_pct)
				snprintf(what, sizeof what, "shares %s / %s against %s / %s",
					 p->failed ? "-" : p->hash_text, p->failed ? "-" : p->drng_text,
					 o->failed ? "-" : o->hash_text, o->failed ? "-" : o->drng_text);
			else
				snprintf(what, sizeof what, "other calls per operation");
			fprintf(stderr,
				"hashprof: warning: %s:%u: %s %s is on line %u too, with %s: both rows are compared\n",
				c->published, p->line, p->instance, p->operation, o->line, what);
		}

		how = hp_page_match(p->instance, all, (size_t)nall, c->map.n ? &c->map : NULL, &idx, why, sizeof why);
		if (how == HP_PAGE_AMBIGUOUS) {
			rc = hp_usage_error("%s:%u: '%s' could be any of %s here: name one with --map", c->published,
					    p->line, p->instance, why);
			break;
		}
		if (how != HP_PAGE_NONE) {
			inst = all[idx];
			k = hp_kind_ops_of(inst.kind);
			hp_say_match(&page, i, how, inst.name, why);
		}
		op = k ? hp_published_operation(inst.kind, p->operation) : p->operation;
		if (k && hp_run_check_op(&inst, k, c->run.timeout, op, err, sizeof err) != 0) {
			/* the instance is here: a wrong operation is a typo, not a gap */
			rc = hp_usage_error("%s:%u: %s", c->published, p->line, err);
			break;
		}
		if (p->failed || !k) {
			if (used < sizeof c->missing)
				used += (size_t)snprintf(c->missing + used, sizeof c->missing - used, "%s%s %s",
							 used ? ", " : "", p->instance, p->operation);
			if (used < sizeof c->missing && (p->failed || why[0]))
				used += (size_t)snprintf(c->missing + used, sizeof c->missing - used, " (%s)",
							 p->failed ? "failed on the page" : why);
			continue;
		}
		/* the per-iteration counts: a fractional count's N search reads
		 * this run's when it has N = reproduce_max operations */
		struct hp_options o = c->run;
		struct hp_repro rp;
		int searched = 0;
		o.per_iteration = o.iterations <= HP_PER_OP_MAX;
		hp_run_rows(&inst, &op, 1, &o, &now, NULL, NULL);
		if (now.status == HP_STATUS_OK && !hp_child_interrupted() && hp_published_targets(p, &now, &rp) &&
		    c->search)
			searched = hp_reproduce_search_row(&inst, op, &c->run, &now, c->reproduce_max, &rp,
							   c->search) == 0;
		hp_compare_published(c, diff, p, &now, searched ? &rp : NULL);
		if (searched)
			hp_reproduce_free(&rp);
		hp_check_thresholds(c, thr, &now, 1);
		hp_result_free(&now);
		if (hp_child_interrupted())
			break;
	}
	c->page_rows = page.n;
	for (size_t i = 0; i < page.n; i++)
		c->page_failed_rows += page.rows[i].failed;
	hp_published_free(&page);
	free(all);
	return rc;
}

/* ---------- INSTANCE [OP] ---------- */

/* INSTANCE [OP] mode: the rows `hashprof INSTANCE [OP]` would measure, thresholds only. */
static int hp_check_instance(struct hp_check *c, const char *name, const char *op, struct hp_table *thr)
{
	struct hp_instance inst;
	const struct hp_kind_ops *k;
	const char *ops[HP_OPS_MAX];
	struct hp_result *rows; /* HP_OPS_MAX of them: too large for the stack */
	size_t nops = 0;
	char why[512];

	if (hp_instance_find(name, &inst) != 0)
		return hp_unknown_instance(name);
	if (!(k = hp_kind_ops_of(inst.kind)))
		return hp_usage_error("%s: unknown API kind '%s' in %s", inst.name, inst.kind, inst.path);
	if (op) {
		if (hp_run_check_op(&inst, k, c->run.timeout, op, why, sizeof why) != 0)
			return hp_usage_error("%s", why);
		ops[nops++] = op;
	} else {
		nops = hp_default_ops(&inst, k, c->run.timeout, ops);
	}
	if (!(rows = calloc(HP_OPS_MAX, sizeof *rows)))
		return hp_usage_error("check: out of memory for %zu rows", nops);
	hp_run_rows(&inst, ops, nops, &c->run, rows, NULL, NULL);
	for (size_t i = 0; i < nops; i++) {
		hp_check_thresholds(c, thr, &rows[i], 0);
		hp_result_free(&rows[i]);
	}
	free(rows);
	return 0;
}

/* ---------- the command ---------- */

/* The verdict of a check that compared nothing, with its reason. */
static void hp_say_nothing_compared(const struct hp_check *c)
{
	if (!c->published)
		printf("check: FAIL: nothing compared (no row measured)\n");
	else if (c->page_rows == 0)
		printf("check: FAIL: nothing compared: the table of %s has no rows\n", c->published);
	else if (c->page_failed_rows == c->page_rows)
		printf("check: FAIL: nothing compared: every row of %s failed on the page\n", c->published);
	else
		printf("check: FAIL: nothing compared: none of the %zu rows of %s is available here (a name "
		       "the page prints otherwise: --map)\n",
		       c->page_rows, c->published);
}

int hp_cmd_check(int argc, char **argv)
{
	static const char *const diff_hdr[] = {
		"instance", "operation", "quantity", "baseline", "now", "diff", "tolerance", "result",
	};
	static const char *const pub_hdr[] = {
		"instance", "operation", "quantity", "published", "now", "diff", "tolerance", "result",
	};
	static const char *const thr_hdr[] = { "instance", "operation", "quantity", "now", "limit", "result" };
	struct hp_check c;
	struct hp_table diff, thr;
	char err[256];
	int rc, npos, baseline;

	hp_check_defaults(&c);
	if ((rc = hp_check_parse(argc, argv, &c)) >= 0)
		return rc;
	hp_rows_confinement(&c.run);
	npos = argc - optind;
	baseline = npos > 0 && hp_is_baseline_arg(argv[optind]);
	if (c.published && npos > 0)
		return hp_usage_error("check: --published takes no other argument ('%s')", argv[optind]);
	/* the page decides (check/compare.c): --raw would be ignored, not obeyed */
	if (c.published && c.raw)
		return hp_usage_error("check: --raw does not apply to --published (a page's shares are compared "
				      "as it printed them: uncorrected, or corrected when its overhead line says so)");
	if (c.map_path && !c.published)
		return hp_usage_error("check: --map applies to --published only");
	if (c.map_path && hp_page_map_load(c.map_path, &c.map, err, sizeof err) != 0)
		return hp_usage_error("--map: %s", err);
	if (c.reproduce_max_set && !c.published)
		return hp_usage_error("check: --reproduce-max applies to --published only");
	if (!c.published && npos == 0)
		return hp_usage_error("check: missing BASELINE.json|DIR, INSTANCE or --published PAGE.md; "
				      "try 'hashprof check --help'");
	if (c.max_reruns_set && !baseline)
		return hp_usage_error("check: --max-reruns applies to a baseline only (its rows are re-run)");
	if (baseline && c.procedure_set)
		return hp_usage_error("check: --iterations/--warmup do not apply to a baseline "
				      "(its own procedure is re-run)");
	if (!baseline && !c.published) {
		if (npos > 2)
			return hp_usage_error("check: too many arguments: '%s'", argv[optind + 2]);
		if (!hp_has_thresholds(&c))
			return hp_usage_error("check %s: give a limit (--max-drng-share, --max-hash-share, "
					      "--max-calls) or a baseline file",
					      argv[optind]);
		/* INSTANCE applies limits and compares nothing */
		if (c.tolerance_opt)
			return hp_usage_error("check %s: %s applies to a comparison (a baseline or --published), "
					      "not to the --max-... limits",
					      argv[optind], c.tolerance_opt);
	}
	hp_confine_warn(!c.run.no_confine);
	if (hp_clock_init(c.run.clock, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	hp_environment_probe(&c.run);

	hp_table_init(&diff, 8, c.published ? pub_hdr : diff_hdr);
	hp_table_init(&thr, 6, thr_hdr);
	if (c.published) {
		c.search = open_memstream(&c.search_text, &c.search_len);
		rc = hp_check_published(&c, &diff, &thr);
	} else if (baseline)
		rc = hp_check_baselines(&c, npos, argv + optind, &diff, &thr);
	else
		rc = hp_check_instance(&c, argv[optind], npos > 1 ? argv[optind + 1] : NULL, &thr);
	if (rc == 0) {
		if (diff.n)
			hp_table_print(&diff);
		if (diff.n && thr.n)
			printf("\n");
		if (thr.n)
			hp_table_print(&thr);
		if (c.search && fflush(c.search) == 0 && c.search_len)
			printf("\n%s", c.search_text);
		if (c.missing[0])
			printf("not available: %s\n", c.missing);
		if (c.fractional_differs)
			printf("note: a fractional calls/op (rejection sampling) depends on the number of operations "
			       "N: give the page's N with -n, or allow --calls-tolerance\n");
		if (c.share_tested)
			printf("shares: over the runs (each the median of its batches) when both rows have %u runs "
			       "or more, else medians over the batches; a difference beyond the tolerance is a "
			       "regression when the two-sided Mann-Whitney U test over those gives p < %g (the "
			       "tolerance column)\n",
			       HP_CHECK_RUNS_MIN, HP_SHARE_ALPHA);
		if (hp_child_interrupted())
			printf("check: interrupted by SIG%s: no verdict (%u comparison%s made before it, %u out of "
			       "tolerance)\n",
			       sigabbrev_np(hp_child_interrupted()), c.compared, c.compared == 1 ? "" : "s", c.failed);
		else if (c.failed)
			printf("check: FAIL: %u of %u comparisons out of tolerance (first: %s)%s\n", c.failed,
			       c.compared, c.first_failure, c.undecided ? "; some too noisy to decide" : "");
		else if (c.undecided)
			printf("check: UNDECIDED: %u of %u comparisons too noisy to decide after %u re-run%s "
			       "(first: %s); no regression found\n",
			       c.undecided, c.compared, c.reruns, c.reruns == 1 ? "" : "s", c.first_undecided);
		else if (c.compared)
			printf("check: pass: %u comparison%s within tolerance\n", c.compared,
			       c.compared == 1 ? "" : "s");
		else
			hp_say_nothing_compared(&c);
		/* a check that compared nothing must not pass, whatever the reason */
		rc = c.failed || !c.compared ? HP_EXIT_FAILED : c.undecided ? HP_EXIT_UNDECIDED : HP_EXIT_OK;
		if (hp_child_interrupted()) /* as `hashprof INSTANCE`: 128 + the signal */
			rc = 128 + hp_child_interrupted();
	}
	hp_table_free(&diff);
	hp_table_free(&thr);
	hp_page_map_free(&c.map);
	if (c.search)
		fclose(c.search);
	free(c.search_text);
	fflush(stdout);
	return rc;
}
