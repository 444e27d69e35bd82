/*
 * check.h - what the files of `hashprof check` share: the
 * state of one check, the options that fill it (options.c) and the
 * comparisons that count its verdicts (compare.c); cmd_check.c runs
 * the three modes with them.  Not named check.h: the tests include the
 * Check framework's <check.h> with drivers/ on the include path.
 */
#ifndef HP_CHECK_CMD_H
#define HP_CHECK_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "page_match.h"
#include "record/published.h"
#include "periter/reproduce.h"
#include "record/result.h"
#include "table.h"

struct hp_check {
	double calls_tol; /* relative, 0..1; 0 = exact */
	double share_tol; /* percentage points, 0..100 */
	double max_hash, max_drng; /* percent; < 0 = no limit */
	double max_calls[HP_FN_COUNT]; /* mean calls per operation; < 0 = no limit */
	int raw; /* compare uncorrected shares */
	int procedure_set; /* -n or -w given */
	const char *tolerance_opt; /* the last tolerance option given; NULL: none */
	const char *published; /* --published PAGE.md */
	const char *map_path; /* --map FILE: page names to instances */
	struct hp_page_map map; /* its lines (none: n 0) */
	struct hp_options run; /* procedure of INSTANCE and --published rows */
	unsigned compared, failed; /* comparisons made, out of tolerance */
	char first_failure[512];
	/* shares of a baseline row (compare.c, "share tests"): how many
	 * times a row too noisy to decide is measured again (--max-reruns),
	 * the re-measurements made, and the comparisons left undecided */
	unsigned max_reruns;
	int max_reruns_set; /* --max-reruns given (a baseline's option only) */
	unsigned reruns, undecided;
	int share_tested; /* a share was decided by the rank test (the table's note says how) */
	char first_undecided[512];
	char missing[4096]; /* --published rows not available here */
	size_t page_rows; /* rows of the --published page */
	size_t page_failed_rows; /* of them, rows the page prints as failed */
	int fractional_differs; /* --published: a fractional calls/op differed */
	int page_corrected; /* --published: a hashprof page of corrected shares */
	uint64_t reproduce_max; /* --published: the N search covers N = 1..this (--reproduce-max) */
	int reproduce_max_set; /* --reproduce-max given */
	char *search_text; /* --published: the lines of the N searches (open_memstream), printed after the tables */
	size_t search_len;
	FILE *search; /* writes search_text; NULL when it could not be opened */
};

/* Exit status of a check whose only verdicts left open are shares too
 * noisy to decide after the re-runs (no regression, no failure). */
#define HP_EXIT_UNDECIDED 4

/* Re-measurements of a row too noisy to decide, by default. */
#define HP_DEFAULT_MAX_RERUNS 2

/* The significance level of the share tests: a difference beyond the
 * tolerance is a regression when the two-sided p-value is below it. */
#define HP_SHARE_ALPHA 0.05

/* ---------- options.c ---------- */

/*
 * The defaults: share tolerance 2 pp, exact calls, no thresholds, the
 * procedure of hp_options_defaults; nothing compared yet.
 */
void hp_check_defaults(struct hp_check *c);

/*
 * Parse the options of argv (getopt_long; optind is left on the first
 * positional argument) into c.  Returns -1 to go on, else an exit status:
 * HP_EXIT_OK after --help, HP_EXIT_USAGE after one line on stderr.
 */
int hp_check_parse(int argc, char **argv, struct hp_check *c);

/* Does the argument name a record file or folder (1) rather than an instance (0)? */
int hp_is_baseline_arg(const char *arg);

/* Is any --max-... threshold set (1) or none (0)? */
int hp_has_thresholds(const struct hp_check *c);

/* ---------- compare.c ---------- */

/*
 * Each compares a measured row r / n, adds one line per quantity to a
 * table and counts the verdicts in c (compared, failed, first_failure).
 * A row that did not measure adds one failing "status" line instead (not
 * counted as a failure when the run was interrupted: hp_child_interrupted).
 * Comparison tables have the 8 columns instance, operation, quantity,
 * baseline|published, now, diff, tolerance, result; threshold tables the
 * 6 columns instance, operation, quantity, now, limit, result.
 */

/* The --max-... thresholds of c (those set; none: nothing added) on row r,
 * into the 6-column thr.  A row that did not measure adds its failing
 * status line unless status_shown (a comparison table has it already:
 * one failure is counted once). */
void hp_check_thresholds(struct hp_check *c, struct hp_table *thr, const struct hp_result *r, int status_shown);

/*
 * Row n against the baseline row b: calls and nested calls per operation
 * of each helper (exactly, or within c->calls_tol relative), the calls
 * per operation of each call site when b has a call-site table (the same
 * way: "site pseudoXOF poly_uniform"; a site missing on either side is 0
 * there) and its calls without a call path, then the hash
 * and DRNG shares (hp_share_test below; uncorrected with c->raw: ok,
 * REGRESSION, or "undecided: too noisy", counted in c->undecided), and
 * the replay ("if free") shares when both rows have them, family by
 * family: within c->share_tol pp widened by the larger of the two rows'
 * spreads (pp) when the family's estimator is the same in both, one line
 * "not compared (another estimator)" naming both (not counted) when it
 * is not, none when neither row ran the family.  A replay that failed in
 * n is a failing "replay" line.
 */
void hp_compare_baseline(struct hp_check *c, struct hp_table *t, const struct hp_result *b, const struct hp_result *n);

/*
 * The share tests.  A window share (which = 0: hash, 1: DRNG) of the
 * re-run n against the baseline b: with batch shares in both rows
 * (r->ntrials >= 1, each trial's share by hp_shares_of_trial), the
 * medians over the batches and the two-sided Mann-Whitney U test
 * (prof/measure/rank_test.h) of the two sets of batch shares; the difference is
 *   ok          when |median now - median baseline| <= c->share_tol,
 *   REGRESSION  when beyond it and p < HP_SHARE_ALPHA,
 *   undecided   when beyond it and not significant (too noisy, or too
 *               few batches to ever reach HP_SHARE_ALPHA).
 * A row without batch shares (a record from before trials) falls back to
 * the row's shares and the tolerance alone (tested 0).
 * When both rows have HP_CHECK_RUNS_MIN runs or more (docs/method-batches.md)
 * the samples are the runs' medians instead of the batches (over_runs),
 * and the compared figures the rows' centres of them (hp_runs_centre):
 * the batches of one process share its offset, so a test over them
 * takes a process's state for a change.
 */
enum hp_share_verdict { HP_SHARE_OK, HP_SHARE_REGRESSION, HP_SHARE_UNDECIDED };
/* Fewest runs each row needs for the rank test over runs (4 + 4 runs
 * reach p = 0.029; 5 + 5 reach 0.008). */
#define HP_CHECK_RUNS_MIN 4u
struct hp_share_test {
	int tested; /* 1: medians and the rank test; 0: the rows' shares and the tolerance alone */
	int over_runs; /* 1: the test is over the runs' medians, nb and nn count runs */
	size_t base_runs; /* runs of b (1: a record of one process, whose batches cannot show between-run spread) */
	size_t nb, nn; /* batches (or runs) of b and n */
	double base_pct, now_pct; /* the compared shares, percent */
	double p; /* two-sided p-value (tested) */
	int exact; /* p from the exact distribution */
	enum hp_share_verdict verdict;
};
void hp_share_test(const struct hp_check *c, const struct hp_result *b, const struct hp_result *n, int which,
		   struct hp_share_test *out);

/*
 * Measure n again while one of its window shares against b is
 * undecided, at most c->max_reruns times: rerun(ctx, again) measures the
 * row once more into *again (hp_result_init'ed by the caller, freed
 * here; returns 0, or -1 when it could not), whose batches are added to
 * n's (up to HP_TRIALS_MAX; its counts and totals stay the first run's,
 * and every batch's share is corrected with the first run's calibrated
 * overhead, hp_shares_of_trial of n).
 * A re-run that fails or leaves no room ends the loop.  Returns the
 * re-measurements made (added to c->reruns).
 */
typedef int (*hp_rerun_fn)(void *ctx, struct hp_result *again);
unsigned hp_settle_baseline(struct hp_check *c, const struct hp_result *b, struct hp_result *n, hp_rerun_fn rerun,
			    void *ctx);

/*
 * Row n against the published row p: calls per operation at the printed
 * 3 significant digits (or within c->calls_tol), uncorrected shares
 * within c->share_tol pp.  rp (NULL: none made) is the N search of the
 * row's fractional counts: a count that differs at n's N but that some
 * N reproduces is no difference ("ok at N = 200, 998–1000": the page was
 * measured with another N), one that no N reproduces differs.
 */
void hp_compare_published(struct hp_check *c, struct hp_table *t, const struct hp_published_row *p,
			  const struct hp_result *n, const struct hp_repro *rp);

#endif
