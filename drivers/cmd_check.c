/*
 * cmd_check.c - `hashprof check`: regression checks (issue 6).
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
 * (run.h: hp_run_rows), one child process per row.  Exit status: 0 pass,
 * 1 a comparison is out of tolerance or a row failed, 2 bad input (one
 * line on stderr naming the file, field or line, and the problem).
 */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "cmds.h"
#include "format.h"
#include "hex.h"
#include "instance.h"
#include "ops.h"
#include "options.h"
#include "published.h"
#include "record_io.h"
#include "run.h"
#include "shares.h"

#define HP_DEFAULT_SHARE_TOL 2.0   /* percentage points */

struct hp_check {
	double calls_tol;               /* relative, 0..1; 0 = exact */
	double share_tol;               /* percentage points, 0..100 */
	double max_hash, max_drng;      /* percent; < 0 = no limit */
	double max_calls[HP_FN_COUNT];  /* mean calls per operation; < 0 = no limit */
	int raw;                        /* compare uncorrected shares */
	int procedure_set;              /* -n or -w given */
	const char *published;          /* --published PAGE.md */
	struct hp_options run;          /* procedure of INSTANCE and --published rows */
	unsigned compared, failed;      /* comparisons made, out of tolerance */
	char first_failure[512];
	char missing[4096];               /* --published rows not available here */
	size_t page_rows;                 /* rows of the --published page */
};

/* ---------- a plain aligned table ---------- */

#define HP_TCOLS 8
#define HP_TCELL 192

struct hp_tline {
	char c[HP_TCOLS][HP_TCELL];
};

struct hp_table {
	int ncols;
	const char *hdr[HP_TCOLS];
	size_t n, cap;
	struct hp_tline *lines;
};

static void hp_table_init(struct hp_table *t, int ncols, const char *const *hdr)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols;
	for (int k = 0; k < ncols; k++)
		t->hdr[k] = hdr[k];
}

/* Append a line; cells are printf'd from a list of ncols strings. */
static void hp_table_add(struct hp_table *t, ...)
{
	va_list ap;
	struct hp_tline *l;

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 16;
		struct hp_tline *nl = realloc(t->lines, cap * sizeof *nl);
		if (!nl)
			return;
		t->lines = nl;
		t->cap = cap;
	}
	l = &t->lines[t->n++];
	va_start(ap, t);
	for (int k = 0; k < t->ncols; k++)
		snprintf(l->c[k], HP_TCELL, "%s", va_arg(ap, const char *));
	va_end(ap);
}

static void hp_table_print(const struct hp_table *t)
{
	size_t w[HP_TCOLS];

	for (int k = 0; k < t->ncols; k++) {
		w[k] = strlen(t->hdr[k]);
		for (size_t i = 0; i < t->n; i++)
			if (strlen(t->lines[i].c[k]) > w[k])
				w[k] = strlen(t->lines[i].c[k]);
	}
	for (int k = 0; k < t->ncols; k++)
		printf("%-*s%s", k + 1 < t->ncols ? (int)w[k] : 0, t->hdr[k], k + 1 < t->ncols ? "  " : "\n");
	for (size_t i = 0; i < t->n; i++)
		for (int k = 0; k < t->ncols; k++)
			printf("%-*s%s", k + 1 < t->ncols ? (int)w[k] : 0, t->lines[i].c[k],
			       k + 1 < t->ncols ? "  " : "\n");
}

static void hp_table_free(struct hp_table *t)
{
	free(t->lines);
	t->lines = NULL;
	t->n = t->cap = 0;
}

/* ---------- verdicts ---------- */

/* Count a comparison; returns the result cell. */
static const char *hp_verdict(struct hp_check *c, int ok, const char *bad, const struct hp_result *r,
			      const char *quantity, const char *expected, const char *now)
{
	c->compared++;
	if (ok)
		return "ok";
	if (c->failed++ == 0)
		snprintf(c->first_failure, sizeof c->first_failure, "%s %s %.63s: %.100s -> %.100s", r->instance,
			 r->operation, quantity, expected, now);
	return bad;
}

static double hp_mean(uint64_t calls, uint64_t ops)
{
	return ops ? (double)calls / (double)ops : 0.0;
}

/* A row that did not measure: one failing line. */
static int hp_status_line(struct hp_check *c, struct hp_table *t, const struct hp_result *now,
			  const char *bad)
{
	char cell[HP_TCELL];

	if (now->status == HP_STATUS_OK)
		return 0;
	snprintf(cell, sizeof cell, "failed: %.180s", now->failure);
	if (t->ncols == 8)
		hp_table_add(t, now->instance, now->operation, "status", "ok", cell, "-", "-",
			     hp_verdict(c, 0, bad, now, "status", "ok", cell));
	else
		hp_table_add(t, now->instance, now->operation, "status", cell, "ok",
			     hp_verdict(c, 0, bad, now, "status", "ok", cell));
	return 1;
}

/* ---------- thresholds ---------- */

static int hp_has_thresholds(const struct hp_check *c)
{
	int any = c->max_hash >= 0 || c->max_drng >= 0;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		any |= c->max_calls[fn] >= 0;
	return any;
}

static void hp_check_thresholds(struct hp_check *c, struct hp_table *t, const struct hp_result *r)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_shares sh;
	char now[64], lim[64];

	if (hp_status_line(c, t, r, "FAILED"))
		return;
	hp_shares_of_result(r, c->raw, &sh);
	hp_result_fn_totals(r, calls, nested, ticks);
	for (int k = 0; k < 2; k++) {
		double max = k ? c->max_drng : c->max_hash, v = 100.0 * (k ? sh.drng : sh.hash);
		const char *q = k ? "DRNG share" : "hash share";
		if (max < 0)
			continue;
		snprintf(now, sizeof now, "%.2f%%", v);
		snprintf(lim, sizeof lim, "<= %g%%", max);
		hp_table_add(t, r->instance, r->operation, q, now, lim,
			     hp_verdict(c, v <= max, "EXCEEDED", r, q, lim, now));
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		char q[64];
		double v = hp_mean(calls[fn], r->operations);
		if (c->max_calls[fn] < 0)
			continue;
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		snprintf(now, sizeof now, "%.6g", v);
		snprintf(lim, sizeof lim, "<= %g", c->max_calls[fn]);
		hp_table_add(t, r->instance, r->operation, q, now, lim,
			     hp_verdict(c, v <= c->max_calls[fn], "EXCEEDED", r, q, lim, now));
	}
}

/* ---------- baseline ---------- */

/* Compare one count per operation (calls or nested) of base and now. */
static void hp_compare_calls(struct hp_check *c, struct hp_table *t, const struct hp_result *base,
			     const struct hp_result *now, const char *q, uint64_t cb, uint64_t cn)
{
	double mb = hp_mean(cb, base->operations), mn = hp_mean(cn, now->operations);
	char eb[64], en[64], diff[64], tol[32];
	int ok;

	if (cb == 0 && cn == 0)
		return;
	if (c->calls_tol > 0)
		ok = fabs(mn - mb) <= c->calls_tol * mb;
	else if (base->operations == now->operations)
		ok = cb == cn;
	else
		ok = mb == mn;
	snprintf(eb, sizeof eb, "%.6g", mb);
	snprintf(en, sizeof en, "%.6g", mn);
	if (ok && c->calls_tol == 0)
		snprintf(diff, sizeof diff, "0");
	else
		snprintf(diff, sizeof diff, "%+.6g", mn - mb);
	if (c->calls_tol > 0)
		snprintf(tol, sizeof tol, "%g%%", 100.0 * c->calls_tol);
	else
		snprintf(tol, sizeof tol, "exact");
	hp_table_add(t, now->instance, now->operation, q, eb, en, diff, tol,
		     hp_verdict(c, ok, "REGRESSION", now, q, eb, en));
}

/* Compare a share (fractions), with the share tolerance. */
static void hp_compare_share(struct hp_check *c, struct hp_table *t, const struct hp_result *now,
			     const char *q, double expected_pct, const char *expected_text, double now_pct,
			     const char *bad)
{
	char en[64], diff[64], tol[32];

	snprintf(en, sizeof en, "%.2f%%", now_pct);
	snprintf(diff, sizeof diff, "%+.2f pp", now_pct - expected_pct);
	snprintf(tol, sizeof tol, "%g pp", c->share_tol);
	hp_table_add(t, now->instance, now->operation, q, expected_text, en, diff, tol,
		     hp_verdict(c, fabs(now_pct - expected_pct) <= c->share_tol + 1e-9, bad, now, q,
				expected_text, en));
}

static void hp_compare_baseline(struct hp_check *c, struct hp_table *t, const struct hp_result *b,
				const struct hp_result *n)
{
	uint64_t cb[HP_FN_COUNT], nb[HP_FN_COUNT], tb[HP_FN_COUNT];
	uint64_t cn[HP_FN_COUNT], nn[HP_FN_COUNT], tn[HP_FN_COUNT];
	struct hp_shares sb, sn;
	char q[64], eb[32];

	if (hp_status_line(c, t, n, "REGRESSION"))
		return;
	hp_result_fn_totals(b, cb, nb, tb);
	hp_result_fn_totals(n, cn, nn, tn);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		hp_compare_calls(c, t, b, n, q, cb[fn], cn[fn]);
		snprintf(q, sizeof q, "%s nested/op", hp_fn_label(fn));
		hp_compare_calls(c, t, b, n, q, nb[fn], nn[fn]);
	}
	hp_shares_of_result(b, c->raw, &sb);
	hp_shares_of_result(n, c->raw, &sn);
	snprintf(eb, sizeof eb, "%.2f%%", 100.0 * sb.hash);
	hp_compare_share(c, t, n, "hash share", 100.0 * sb.hash, eb, 100.0 * sn.hash, "REGRESSION");
	snprintf(eb, sizeof eb, "%.2f%%", 100.0 * sb.drng);
	hp_compare_share(c, t, n, "DRNG share", 100.0 * sb.drng, eb, 100.0 * sn.drng, "REGRESSION");
}

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
	if (b->ntrials >= 1 && b->ntrials <= HP_TRIALS_MAX)
		o->trials = b->ntrials;
}

/* Check a baseline row can be re-run here; 0, or exit 2 with one line. */
static int hp_baseline_usable(const struct hp_loaded_row *row, struct hp_instance *inst)
{
	const struct hp_result *b = &row->r;
	const struct hp_kind_ops *k;
	const char *sep = row->where[0] ? ": " : "";

	if (b->status != HP_STATUS_OK)
		return hp_usage_error("%s%s%s: field 'status': the baseline row failed (%s): nothing to compare",
				      row->file, sep, row->where, b->failure);
	if (hp_instance_find(b->instance, inst) != 0)
		return hp_usage_error("%s%s%s: field 'instance': '%s' is not available here "
				      "(`hashprof list` shows the instances found)", row->file, sep, row->where,
				      b->instance);
	if (strcmp(inst->kind, b->kind))
		return hp_usage_error("%s%s%s: field 'kind': the baseline's %s is a %s, the instance found "
				      "here is a %s (%s)", row->file, sep, row->where, b->instance, b->kind,
				      inst->kind, inst->path);
	if (!(k = hp_kind_ops(inst->kind)) || !hp_kind_has_op(k, b->operation))
		return hp_usage_error("%s%s%s: field 'operation': '%s' is not an operation of %s",
				      row->file, sep, row->where, b->operation, b->instance);
	if (b->iterations < 1 || b->seed_len < 1)
		return hp_usage_error("%s%s%s: field 'procedure.%s': cannot be re-run with %s",
				      row->file, sep, row->where, b->iterations < 1 ? "iterations" : "seed",
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

static int hp_check_baselines(struct hp_check *c, int nfiles, char **files, struct hp_table *diff,
			      struct hp_table *thr)
{
	struct hp_record_set set;
	struct hp_instance *insts;
	char err[HP_RECORD_ERR_MAX];
	int rc = 0;

	hp_record_set_init(&set);
	for (int i = 0; i < nfiles; i++)
		if (hp_record_load(files[i], &set, err, sizeof err) < 0) {
			hp_record_set_free(&set);
			return hp_usage_error("%s", err);
		}
	if (!(insts = calloc(set.n, sizeof *insts))) {
		hp_record_set_free(&set);
		return hp_usage_error("check: out of memory");
	}
	for (size_t i = 0; i < set.n && !rc; i++)
		rc = hp_baseline_usable(&set.rows[i], &insts[i]);
	for (size_t i = 0; i < set.n && !rc; i++) {
		const struct hp_loaded_row *row = &set.rows[i];
		const char *cf = hp_baseline_cflags(row);
		struct hp_options o;
		struct hp_result now;
		const char *op = row->r.operation;

		hp_baseline_procedure(c, &row->r, &o);
		hp_run_rows(&insts[i], &op, 1, &o, &now);
		hp_compare_baseline(c, diff, &row->r, &now);
		hp_check_thresholds(c, thr, &now);
		if (cf && strcmp(cf, insts[i].cflags))
			printf("note: %s: built with other flags than the baseline (%s: '%s', now: '%s')\n",
			       insts[i].name, row->file, cf, insts[i].cflags);
		hp_result_free(&now);
	}
	free(insts);
	hp_record_set_free(&set);
	return rc;
}

/* ---------- published page ---------- */

static void hp_compare_published(struct hp_check *c, struct hp_table *t, const struct hp_published_row *p,
				 const struct hp_result *n)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_shares sh;
	char q[64], en[64], diff[64], tol[32];

	if (hp_status_line(c, t, n, "DIFFERS"))
		return;
	hp_result_fn_totals(n, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		double mn = hp_mean(calls[fn], n->operations);
		const char *pub = p->calls_text[fn][0] ? p->calls_text[fn] : "0";
		int ok;
		if (!p->calls_text[fn][0] && (calls[fn] == 0 || fn == HP_FN_DRNG_INIT))
			continue;   /* not printed, none seen (published tables never show init) */
		ok = hp_published_3g(mn) == hp_published_3g(p->calls[fn]) ||
		     (c->calls_tol > 0 && fabs(mn - p->calls[fn]) <= c->calls_tol * p->calls[fn]);
		snprintf(q, sizeof q, "%s calls/op", hp_fn_label(fn));
		snprintf(en, sizeof en, "%.3g", mn);
		snprintf(diff, sizeof diff, "%+.3g", mn - p->calls[fn]);
		if (c->calls_tol > 0)
			snprintf(tol, sizeof tol, "3 digits or %g%%", 100.0 * c->calls_tol);
		else
			snprintf(tol, sizeof tol, "3 digits");
		hp_table_add(t, n->instance, n->operation, q, pub, en, ok ? "0" : diff, tol,
			     hp_verdict(c, ok, "DIFFERS", n, q, pub, en));
	}
	/* The published shares are uncorrected (method.md): compare raw ones. */
	hp_shares_of_result(n, 1, &sh);
	hp_compare_share(c, t, n, "hash share", p->hash_pct, p->hash_text, 100.0 * sh.hash, "DIFFERS");
	hp_compare_share(c, t, n, "DRNG share", p->drng_pct, p->drng_text, 100.0 * sh.drng, "DIFFERS");
}

static int hp_check_published(struct hp_check *c, struct hp_table *diff, struct hp_table *thr)
{
	struct hp_published page;
	char err[HP_RECORD_ERR_MAX];
	size_t used = 0;

	if (hp_published_load(c->published, &page, err, sizeof err) < 0)
		return hp_usage_error("%s", err);
	for (size_t i = 0; i < page.n; i++) {
		const struct hp_published_row *p = &page.rows[i];
		const struct hp_kind_ops *k;
		struct hp_instance inst;
		struct hp_result now;
		const char *op = p->operation;

		if (hp_instance_find(p->instance, &inst) != 0 || !(k = hp_kind_ops(inst.kind)) ||
		    !hp_kind_has_op(k, p->operation)) {
			if (used < sizeof c->missing)
				used += (size_t)snprintf(c->missing + used, sizeof c->missing - used, "%s%s %s",
							 used ? ", " : "", p->instance, p->operation);
			continue;
		}
		hp_run_rows(&inst, &op, 1, &c->run, &now);
		hp_compare_published(c, diff, p, &now);
		hp_check_thresholds(c, thr, &now);
		hp_result_free(&now);
	}
	c->page_rows = page.n;
	hp_published_free(&page);
	return 0;
}

/* ---------- INSTANCE [OP] ---------- */

static int hp_check_instance(struct hp_check *c, const char *name, const char *op, struct hp_table *thr)
{
	struct hp_instance inst;
	const struct hp_kind_ops *k;
	const char *ops[HP_OPS_MAX];
	struct hp_result rows[HP_OPS_MAX];
	size_t nops = 0;
	char list[256];

	if (hp_instance_find(name, &inst) != 0)
		return hp_unknown_instance(name);
	if (!(k = hp_kind_ops(inst.kind)))
		return hp_usage_error("%s: unknown API kind '%s' in %s", inst.name, inst.kind, inst.path);
	if (op) {
		if (!hp_kind_has_op(k, op)) {
			hp_kind_op_list(k, list, sizeof list);
			return hp_usage_error("'%s' is not an operation of %s (%s: %s)", op, inst.name, inst.kind, list);
		}
		ops[nops++] = op;
	} else {
		nops = hp_default_ops(&inst, k, c->run.timeout, ops);
	}
	hp_run_rows(&inst, ops, nops, &c->run, rows);
	for (size_t i = 0; i < nops; i++) {
		hp_check_thresholds(c, thr, &rows[i]);
		hp_result_free(&rows[i]);
	}
	return 0;
}

/* ---------- options ---------- */

static void hp_check_help(void)
{
	printf("Usage: hashprof check [OPTION]... BASELINE.json|DIR...\n"
	       "       hashprof check [OPTION]... INSTANCE [OPERATION] --max-...\n"
	       "       hashprof check [OPTION]... --published PAGE.md\n"
	       "Regression checks.  BASELINE (records of --output or --record-dir): re-run\n"
	       "each row with its procedure (N, warm-up, seed, message) and compare calls per\n"
	       "operation and shares.  INSTANCE: measure and apply the --max thresholds.\n"
	       "--published: compare with the \"Symmetric primitives\" table of a published\n"
	       "page, at its printed precision, for the instances available here.\n"
	       "\n"
	       "      --calls-tolerance=REL  calls may differ by this fraction (e.g. 0.01 or 1%%;\n"
	       "                         default 0: exactly)\n"
	       "      --share-tolerance=PP   shares may differ by this many percentage points\n"
	       "                         (default %g)\n"
	       "      --max-drng-share=PCT   fail when the DRNG share is above PCT (e.g. 10%%)\n"
	       "      --max-hash-share=PCT   fail when the pseudohash/XOF/sm3 share is above PCT\n"
	       "      --max-calls=FN=N       fail when FN (drng, pseudoXOF, pseudohash, sm3hash)\n"
	       "                         makes more than N calls per operation; repeatable\n"
	       "      --published=PAGE.md    compare with a published page\n"
	       "      --raw                  compare uncorrected shares (--published always does)\n"
	       "  -n, --iterations=N, -w, --warmup=W   procedure of INSTANCE and --published rows\n"
	       "                         (default: planned as by `hashprof INSTANCE`)\n"
	       "      --timeout=SECONDS, --clock=tsc|cycles   as for `hashprof INSTANCE`\n"
	       "  -h, --help             display this help and exit\n"
	       "\n"
	       "Exit status: 0 pass, 1 regression (a comparison out of tolerance, a threshold\n"
	       "exceeded or a row that failed), 2 bad input.\n", HP_DEFAULT_SHARE_TOL);
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
	if (*pct && hi < 100)   /* a fraction given as a percentage */
		v /= 100.0;
	if (!(v >= lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

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

/* Parse the options; -1 to go on, else an exit status. */
static int hp_check_parse(int argc, char **argv, struct hp_check *c)
{
	enum { O_CALLS = 256, O_SHARE, O_MAXD, O_MAXH, O_MAXC, O_PUB, O_RAW, O_TIMEOUT, O_CLOCK };
	static const struct option longopts[] = {
		{ "calls-tolerance", required_argument, NULL, O_CALLS },
		{ "share-tolerance", required_argument, NULL, O_SHARE },
		{ "max-drng-share", required_argument, NULL, O_MAXD },
		{ "max-hash-share", required_argument, NULL, O_MAXH },
		{ "max-calls", required_argument, NULL, O_MAXC },
		{ "published", required_argument, NULL, O_PUB },
		{ "raw", no_argument, NULL, O_RAW },
		{ "iterations", required_argument, NULL, 'n' }, { "warmup", required_argument, NULL, 'w' },
		{ "timeout", required_argument, NULL, O_TIMEOUT }, { "clock", required_argument, NULL, O_CLOCK },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	static const char *const pct_sfx[] = { "%", NULL }, *const pp_sfx[] = { "pp", "%", NULL };
	int ch, pct;
	uint64_t v;
	double d;

	while ((ch = getopt_long(argc, argv, "n:w:h", longopts, NULL)) != -1) {
		switch (ch) {
		case O_CALLS:
			if (hp_parse_num(optarg, pct_sfx, 0, 1, &c->calls_tol, &pct))
				return hp_usage_error("--calls-tolerance: '%s' is not a relative tolerance from 0 to 1 "
						      "(e.g. 0.01, or 1%%)", optarg);
			break;
		case O_SHARE:
			if (hp_parse_num(optarg, pp_sfx, 0, 100, &c->share_tol, &pct))
				return hp_usage_error("--share-tolerance: '%s' is not a number of percentage points "
						      "from 0 to 100", optarg);
			break;
		case O_MAXD:
		case O_MAXH:
			if (hp_parse_num(optarg, pct_sfx, 0, 100, &d, &pct))
				return hp_usage_error("--max-%s-share: '%s' is not a share from 0%% to 100%% (e.g. 10%%)",
						      ch == O_MAXD ? "drng" : "hash", optarg);
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
		case 'n':
			if (hp_parse_u64(optarg, 1, 100000000, &c->run.iterations))
				return hp_usage_error("--iterations: '%s' is not a whole number from 1 to 100000000", optarg);
			c->procedure_set = 1;
			break;
		case 'w':
			if (hp_parse_u64(optarg, 0, 100000000, &c->run.warmup))
				return hp_usage_error("--warmup: '%s' is not a whole number from 0 to 100000000", optarg);
			c->run.warmup_set = 1;
			c->procedure_set = 1;
			break;
		case O_TIMEOUT:
			if (hp_parse_u64(optarg, 0, 86400, &v))
				return hp_usage_error("--timeout: '%s' is not a number of seconds from 0 to 86400", optarg);
			c->run.timeout = (unsigned)v;
			break;
		case O_CLOCK:
			if (hp_clock_parse(optarg, &c->run.clock))
				return hp_usage_error("--clock: '%s' is not tsc or cycles", optarg);
			break;
		case 'h':
			hp_check_help();
			return HP_EXIT_OK;
		default:
			return hp_bad_option("check", argv);
		}
	}
	if (c->run.iterations && !c->run.warmup_set)
		c->run.warmup = 1;
	return -1;
}

/* Does the argument name a record file or folder (rather than an instance)? */
static int hp_is_baseline_arg(const char *arg)
{
	struct stat st;
	size_t n = strlen(arg);

	return stat(arg, &st) == 0 || strchr(arg, '/') || (n > 5 && !strcmp(arg + n - 5, ".json"));
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

	memset(&c, 0, sizeof c);
	c.share_tol = HP_DEFAULT_SHARE_TOL;
	c.max_hash = c.max_drng = -1;
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		c.max_calls[fn] = -1;
	hp_options_defaults(&c.run);
	if ((rc = hp_check_parse(argc, argv, &c)) >= 0)
		return rc;
	npos = argc - optind;
	baseline = npos > 0 && hp_is_baseline_arg(argv[optind]);
	if (c.published && npos > 0)
		return hp_usage_error("check: --published takes no other argument ('%s')", argv[optind]);
	if (!c.published && npos == 0)
		return hp_usage_error("check: missing BASELINE.json|DIR, INSTANCE or --published PAGE.md; "
				      "try 'hashprof check --help'");
	if (baseline && c.procedure_set)
		return hp_usage_error("check: --iterations/--warmup do not apply to a baseline "
				      "(its own procedure is re-run)");
	if (!baseline && !c.published) {
		if (npos > 2)
			return hp_usage_error("check: too many arguments: '%s'", argv[optind + 2]);
		if (!hp_has_thresholds(&c))
			return hp_usage_error("check %s: give a limit (--max-drng-share, --max-hash-share, "
					      "--max-calls) or a baseline file", argv[optind]);
	}
	if (hp_clock_init(c.run.clock, err, sizeof err) != 0)
		return hp_usage_error("%s", err);
	c.run.tick_hz = hp_clock_measure_rate(20);

	hp_table_init(&diff, 8, c.published ? pub_hdr : diff_hdr);
	hp_table_init(&thr, 6, thr_hdr);
	if (c.published)
		rc = hp_check_published(&c, &diff, &thr);
	else if (baseline)
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
		if (c.missing[0])
			printf("not available: %s\n", c.missing);
		if (c.failed)
			printf("check: FAIL: %u of %u comparisons out of tolerance (first: %s)\n", c.failed,
			       c.compared, c.first_failure);
		else if (c.compared)
			printf("check: pass: %u comparison%s within tolerance\n", c.compared, c.compared == 1 ? "" : "s");
		else if (c.published)
			printf("check: none of the %zu rows of %s is available here; nothing compared\n",
			       c.page_rows, c.published);
		rc = c.failed ? HP_EXIT_FAILED : HP_EXIT_OK;
	}
	hp_table_free(&diff);
	hp_table_free(&thr);
	fflush(stdout);
	return rc;
}
