/*
 * rows.c - measuring rows (see rows.h): for each operation a calibration
 * child times one operation and plans N (unless --iterations), then a
 * measuring child runs the procedure; the parent only collects rows, so
 * a scheme that crashes or hangs fails its own row and the others still
 * run.  Shared by `hashprof INSTANCE` and `hashprof check`.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "child.h"
#include "confinement.h"
#include "measure/plan.h"
#include "procedure.h"
#include "record/record.h"
#include "rows.h"
#include "swap_run.h"
#include "replay/part.h"
#include "swap/part.h"

/* --no-confine and --max-memory for the children of hp_default_ops and
 * hp_run_check_op (hp_rows_confinement); confined by default. */
static int hp_rows_confine_on = 1;
static unsigned hp_rows_max_memory_mb = HP_CONFINE_MEMORY_MB;

void hp_rows_confinement(const struct hp_options *o)
{
	hp_rows_confine_on = !o->no_confine;
	hp_rows_max_memory_mb = o->max_memory_mb;
}

/* What a measuring child is asked to do. */
struct hp_job {
	const struct hp_instance *inst;
	const char *op;
	const struct hp_options *opt;
	enum hp_run_mode mode;
	uint64_t iterations, warmup;
};

static json_t *hp_job_main(void *arg)
{
	const struct hp_job *j = arg;
	struct hp_result r;
	json_t *out;

	hp_result_init(&r);
	/* --hash: the row's measuring child runs every arm (swap_run.h); its
	 * N is planned from the placeholder alone, as a row without --hash */
	if (j->mode == HP_RUN_MEASURE && j->opt->ncands)
		hp_swap_run(j->inst, j->op, j->opt, j->iterations, j->warmup, &r);
	else
		hp_procedure_run(j->inst, j->op, j->opt, j->mode, j->iterations, j->warmup, &r);
	out = hp_record_from_result(&r);
	hp_result_free(&r);
	return out;
}

static void hp_run_job(const struct hp_job *j, struct hp_result *r);

/* A --hash row whose measuring process died right after a candidate's
 * helper returned an error (hp_child_cause, in that candidate's arm): the
 * index of that candidate in o->cands, its cause into cause; -1 when the
 * death has no such evidence (or the placeholder's arm was running). */
static int hp_guilty_candidate(const struct hp_options *o, char *cause, size_t len)
{
	const char *label, *why = hp_child_failed_cause(&label);

	if (!why[0] || !label[0])
		return -1;
	for (size_t i = 0; i < o->ncands; i++)
		if (!strcmp(o->cands[i].name, label) && !hp_candidate_is_placeholder(&o->cands[i])) {
			snprintf(cause, len, "%s", why);
			return (int)i;
		}
	return -1;
}

/* The row of job j measured again without candidate g, whose error ended
 * the row's process (died: that failure), into r; g's arm is added
 * failed with its cause, so that it fails alone. */
static void hp_run_without(const struct hp_job *j, size_t g, const char *cause, const char *died, struct hp_result *r)
{
	struct hp_options *o = malloc(sizeof *o);
	struct hp_job again = *j;
	struct hp_result *arm;
	char name[sizeof o->cands[0].name];
	unsigned helpers;

	if (!o) {
		hp_result_fail(r, "%s; %s", died, cause);
		return;
	}
	*o = *j->opt;
	snprintf(name, sizeof name, "%s", o->cands[g].name);
	helpers = o->cands[g].helpers;
	memmove(&o->cands[g], &o->cands[g + 1], (o->ncands - g - 1) * sizeof o->cands[0]);
	o->ncands--;
	again.opt = o;
	hp_run_job(&again, r);
	if (hp_result_add_arm(r, name, helpers, &arm) == 0) {
		hp_procedure_describe(j->inst, j->op, j->opt, arm);
		hp_result_fail(arm, "%s; the row's process then died (%s): measured again without it", cause, died);
	}
	free(o);
}

/* Run a job in a child; fill r from its record or mark it failed. */
static void hp_run_job(const struct hp_job *j, struct hp_result *r)
{
	char failure[256], err[256], cause[256];
	json_t *rec = hp_child_run(hp_job_main, (void *)j, j->opt->timeout, failure, sizeof failure);
	int g;

	if (!rec && j->mode == HP_RUN_MEASURE && j->opt->ncands && !hp_child_interrupted() && !hp_child_blocked() &&
	    (g = hp_guilty_candidate(j->opt, cause, sizeof cause)) >= 0) {
		hp_run_without(j, (size_t)g, cause, failure, r);
		return;
	}

	hp_result_free(r);
	hp_result_init(r);
	if (rec && hp_record_to_result(rec, r, err, sizeof err) == 0) {
		json_decref(rec);
		r->printed_bytes = hp_child_printed();
		/* an API call that failed where the address-space limit was
		 * reached: that is why (child.h) */
		if (r->status != HP_STATUS_OK && hp_child_blocked_memory()[0]) {
			char was[sizeof r->failure];
			snprintf(was, sizeof was, "%s", r->failure);
			hp_result_fail(r, "%s; %s", hp_child_blocked_memory(), was);
			r->blocked = 1;
		}
		return;
	}
	hp_result_free(r);
	hp_result_init(r);
	hp_procedure_describe(j->inst, j->op, j->opt, r);
	if (rec)
		hp_result_fail(r, "unreadable result from the measuring process: %s", err);
	else
		hp_result_fail(r, "%s", failure);
	r->blocked = !rec && hp_child_blocked();
	r->printed_bytes = hp_child_printed();
	json_decref(rec);
}

/* Calibrate (unless --iterations), then measure one operation. */
static void hp_run_operation(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			     struct hp_result *r)
{
	struct hp_job j = { inst, op, o, HP_RUN_MEASURE, o->iterations, o->warmup };
	double t1 = 0;
	uint64_t printed = 0; /* by the calibration call's process */

	if (!o->iterations) {
		struct hp_job cal = { inst, op, o, HP_RUN_CALIBRATE, 1, 0 };
		hp_run_job(&cal, r);
		if (r->status != HP_STATUS_OK)
			return;
		printed = r->printed_bytes;
		/* the wall time of one whole iteration (procedure.h) */
		t1 = r->calibration_seconds;
		hp_plan_iterations(t1, &j.iterations, &j.warmup);
		if (o->warmup_set)
			j.warmup = o->warmup;
	}
	hp_run_job(&j, r);
	r->printed_bytes += printed;
	r->planned = !o->iterations;
	r->calibration_seconds = t1;
}

/* Runs 2..R of the measured row r (hp_options_runs), one after the
 * other, each a timing-only measuring process whose batches are added
 * to r (hp_result_append_runs).  A run that fails, or finds no room,
 * adds nothing; an interrupt ends them (the runs so far are kept).  One
 * row's runs follow each other, not the rows' round-robin: a row is
 * final (printed, its record written) before the next is measured, so
 * that a run killed later has lost nothing measured before. */
static void hp_more_runs(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			 struct hp_result *r)
{
	unsigned runs = hp_options_runs(o);
	struct hp_options *t;
	struct hp_result *again;

	if (runs < 2 || r->status != HP_STATUS_OK || !r->batched || !(t = malloc(sizeof *t)))
		return;
	if (!(again = malloc(sizeof *again))) {
		free(t);
		return;
	}
	*t = *o;
	for (unsigned k = 2; k <= runs && !hp_child_interrupted() && r->ntrials < HP_TRIALS_MAX; k++) {
		struct hp_job j = { inst, op, t, HP_RUN_TIMING, 0, r->warmup };
		/* the later runs share what the earlier ones left */
		t->batch_room = (HP_TRIALS_MAX - r->ntrials) / (runs - k + 1);
		if (t->batch_room > HP_RUN_BATCHES_MAX)
			t->batch_room = HP_RUN_BATCHES_MAX;
		if (!t->batch_room)
			break;
		hp_result_init(again);
		hp_run_job(&j, again);
		if (again->status == HP_STATUS_OK)
			hp_result_append_runs(r, again);
		r->printed_bytes += again->printed_bytes;
		hp_result_free(again);
	}
	free(again);
	free(t);
}

int hp_run_rows(const struct hp_instance *inst, const char *const *ops, size_t nops, const struct hp_options *o,
		struct hp_result *rows, hp_row_done_fn *done, void *arg)
{
	struct hp_measure_confine policy;
	const char *blocked = NULL; /* the operation whose confinement blocked the package */
	int failed = 0;

	hp_child_trap_interrupts();
	/* the replay's tape and its shadow copy come on top of --max-memory */
	hp_measure_confine_init(&policy, inst, !o->no_confine,
				o->max_memory_mb && o->replay ? o->max_memory_mb + 2 * o->replay_max_mb
							      : o->max_memory_mb);
	hp_child_confine(&policy.c);
	for (size_t i = 0; i < nops; i++) {
		hp_result_init(&rows[i]);
		if (hp_child_interrupted()) {
			hp_procedure_describe(inst, ops[i], o, &rows[i]);
			hp_result_fail(&rows[i], "not run: interrupted by SIG%s", sigabbrev_np(hp_child_interrupted()));
		} else if (blocked) {
			/* nothing further of a package its confinement blocked */
			hp_procedure_describe(inst, ops[i], o, &rows[i]);
			hp_result_fail(&rows[i], "not run: %s was blocked (its row says why)", blocked);
		} else {
			hp_run_operation(inst, ops[i], o, &rows[i]);
			if (!rows[i].blocked)
				hp_more_runs(inst, ops[i], o, &rows[i]);
		}
		rows[i].interrupted = rows[i].status != HP_STATUS_OK && hp_child_interrupted();
		if (rows[i].blocked && !blocked)
			blocked = ops[i];
		/* a failed replay keeps the row's window figures, but the run
		 * did not measure what it was asked to */
		failed += rows[i].status != HP_STATUS_OK ||
			  (hp_replay_c(&rows[i])->requested && !hp_replay_c(&rows[i])->valid) ||
			  hp_result_arm_failed(&rows[i]);
		if (done)
			done(&rows[i], arg);
	}
	hp_child_confine(NULL);
	return failed;
}

/* How many passes a key exchange has, asked in a child (it loads code). */
static json_t *hp_passes_main(void *arg)
{
	const struct hp_instance *inst = arg;
	struct hp_api api;
	char err[256];

	if (hp_api_load(inst, &api, err, sizeof err) != 0)
		return json_pack("{s:s}", "error", err);
	return json_pack("{s:I}", "passes", (json_int_t)api.kex.passes());
}

/* The operations `hashprof INSTANCE` runs: all of the kind's (a key
 * exchange's passes only up to its number of passes). */
size_t hp_default_ops(const struct hp_instance *inst, const struct hp_kind_ops *k, unsigned timeout,
		      const char *ops[HP_OPS_MAX])
{
	size_t n = 0;
	json_int_t passes = 3;

	if (!strcmp(inst->kind, "kex")) {
		struct hp_measure_confine policy;
		char failure[256];
		json_t *j;
		hp_measure_confine_init(&policy, inst, hp_rows_confine_on, hp_rows_max_memory_mb);
		hp_child_confine(&policy.c);
		j = hp_child_run(hp_passes_main, (void *)inst, timeout, failure, sizeof failure);
		hp_child_confine(NULL);
		json_t *p = j ? json_object_get(j, "passes") : NULL;
		if (p && json_is_integer(p))
			passes = json_integer_value(p);
		json_decref(j);
	}
	for (const char *const *o = k->operations; *o && n < HP_OPS_MAX; o++)
		if (strncmp(*o, "pass", 4) || (*o)[4] - '0' <= passes)
			ops[n++] = *o;
	return n;
}

int hp_run_check_op(const struct hp_instance *inst, const struct hp_kind_ops *k, unsigned timeout, const char *op,
		    char *why, size_t len)
{
	const char *ops[HP_OPS_MAX];
	char list[256];
	size_t n;

	if (!hp_kind_has_op(k, op)) {
		/* the list names what this instance has: a key exchange's
		 * passes only up to its number of passes */
		size_t used = 0;
		if (strcmp(inst->kind, "kex")) {
			hp_kind_op_list(k, list, sizeof list);
		} else {
			list[0] = '\0';
			n = hp_default_ops(inst, k, timeout, ops);
			for (size_t i = 0; i < n && used < sizeof list; i++)
				used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
							 ops[i]);
		}
		snprintf(why, len, "'%s' is not an operation of %s (%s: %s)", op, inst->name, inst->kind, list);
		return -1;
	}
	/* a key exchange's passN exists only up to its number of passes */
	if (strcmp(inst->kind, "kex") || strncmp(op, "pass", 4))
		return 0;
	n = hp_default_ops(inst, k, timeout, ops);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ops[i], op))
			return 0;
	snprintf(why, len, "'%s' is not an operation of %s: its protocol has fewer passes", op, inst->name);
	return -1;
}
