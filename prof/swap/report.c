/*
 * report.c - the tables of --hash rows (see report.h).
 */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/batches.h"
#include "format/format.h"
#include "projection.h"
#include "measure/shares.h"
#include "matrix.h"
#include "format/table_layout.h"
#include "part.h"

static int hp_swap_arms_mode; /* 1: one line per arm even with several candidates */

void hp_swap_configure(int arms)
{
	hp_swap_arms_mode = arms;
}

int hp_swap_any(const struct hp_result *rows, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++)
		if (hp_arms_c(&rows[i])->narms)
			return 1;
	return 0;
}

double hp_swap_ticks_per_op(const struct hp_result *r, int raw)
{
	struct hp_batch_estimate e;
	struct hp_shares sh;

	if (!r || r->status != HP_STATUS_OK || !r->operations)
		return 0;
	if (r->batched && hp_batches_estimate(r, raw, &e) == 0 && e.ticks_per_op.q[1] > 0)
		return e.ticks_per_op.q[1];
	hp_shares_of_result(r, raw, &sh);
	return sh.total_ticks / (double)r->operations;
}

/* The ticks of sh inside the helpers of mask. */
static double hp_swap_inside(const struct hp_shares *sh, unsigned mask)
{
	double t = 0;

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (mask & HP_TAPE_BIT(fn))
			t += sh->fn_ticks[fn];
	return t;
}

/* Trial t of r is one the robust figures of a batched row use: undisturbed,
 * or any when r has too few undisturbed ones (hp_swap_clean_enough). */
static int hp_swap_uses(const struct hp_result *r, uint32_t t, int clean)
{
	return r->trials[t].operations && (!clean || !(r->trials[t].flags & HP_TRIAL_DISTURBED));
}

/* Has r (batched) enough undisturbed trials for figures over them alone
 * (batches.h: HP_BATCHES_CLEAN_MIN, and one in HP_BATCHES_CLEAN_SHARE)? */
static int hp_swap_clean_enough(const struct hp_result *r)
{
	uint32_t clean = 0;

	for (uint32_t t = 0; t < r->ntrials; t++)
		clean += hp_swap_uses(r, t, 1);
	return clean >= HP_BATCHES_CLEAN_MIN && clean * HP_BATCHES_CLEAN_SHARE >= r->ntrials;
}

/* Median and half the interquartile range of v[0..n) (sorted in place). */
static double hp_swap_median_spread(double *v, size_t n, double *half_iqr)
{
	struct hp_batch_quartiles q;

	hp_batch_quartiles_of(v, n, &q);
	*half_iqr = (q.q[2] - q.q[0]) / 2;
	return q.q[1];
}

double hp_swap_share(const struct hp_result *r, unsigned mask, int raw, double *spread)
{
	struct hp_shares sh;
	double sum = 0, sq = 0, n = r->ntrials;

	if (r->batched && r->ntrials) { /* the median over the slices used, half their IQR */
		double v[HP_TRIALS_MAX], half, med;
		int clean = hp_swap_clean_enough(r);
		size_t k = 0;
		for (uint32_t t = 0; t < r->ntrials; t++) {
			struct hp_shares ts;
			if (!hp_swap_uses(r, t, clean))
				continue;
			hp_shares_of_trial(r, t, raw, &ts);
			v[k++] = ts.total_ticks > 0 ? hp_swap_inside(&ts, mask) / ts.total_ticks : 0;
		}
		if (k) {
			med = hp_swap_median_spread(v, k, &half);
			if (spread)
				*spread = 100 * half;
			return med;
		}
	}
	hp_shares_of_result(r, raw, &sh);
	if (spread) {
		*spread = 0;
		for (uint32_t t = 0; t < r->ntrials && r->ntrials >= 2; t++) {
			struct hp_shares ts;
			hp_shares_of_trial(r, t, raw, &ts);
			double v = ts.total_ticks > 0 ? 100.0 * hp_swap_inside(&ts, mask) / ts.total_ticks : 0;
			sum += v;
			sq += v * v;
		}
		*spread = hp_sample_sd(sum, sq, n);
	}
	return sh.total_ticks > 0 ? hp_swap_inside(&sh, mask) / sh.total_ticks : 0;
}

/* What a candidate stands in for unless its helpers say otherwise
 * (candidates/candidate.h's HP_CAND_HELPERS_DEFAULT, a layer above). */
#define HP_SWAP_HELPERS_DEFAULT (HP_TAPE_BIT(HP_FN_XOF) | HP_TAPE_BIT(HP_FN_PSEUDOHASH))

/* The helpers arm a swaps; the placeholder's A/A arm (helpers 0) runs
 * pseudohash and pseudoXOF as a candidate would. */
static unsigned hp_arm_mask(const struct hp_result_arm *a)
{
	return a->helpers ? a->helpers : HP_SWAP_HELPERS_DEFAULT;
}

int hp_swap_nothing_swapped(const struct hp_result_arm *arm)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	unsigned mask = hp_arm_mask(arm);

	if (!arm->r || arm->r->status != HP_STATUS_OK || !arm->r->operations)
		return 0;
	hp_result_fn_totals(arm->r, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if ((mask & HP_TAPE_BIT(fn)) && (calls[fn] || nested[fn]))
			return 0;
	return 1;
}

int hp_swap_too_little(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *share)
{
	double s;

	if (share)
		*share = 0;
	if (!p || p->status != HP_STATUS_OK || !p->operations || !p->total_ticks)
		return 0;
	s = hp_swap_share(p, hp_arm_mask(arm), raw, NULL);
	if (share)
		*share = s;
	return s < HP_SWAP_MIN_SHARE;
}

/* Trial t's time per operation of r (ticks; corrected unless raw), 0 when
 * it has no operation. */
static double hp_trial_ticks_per_op(const struct hp_result *r, uint32_t t, int raw)
{
	struct hp_shares ts;

	if (!r->trials[t].operations)
		return 0;
	hp_shares_of_trial(r, t, raw, &ts);
	return ts.total_ticks / (double)r->trials[t].operations;
}

/* The paired ratios of arm row a to its placeholder p over their slices
 * (slice t of each is the same stretch of the interleaved run): a's ticks
 * per operation over p's, for the slices undisturbed in both (clean) or
 * for every slice; into v[0..HP_TRIALS_MAX).  Returns how many. */
static size_t hp_swap_pairs(const struct hp_result *p, const struct hp_result *a, int raw, int clean, double *v)
{
	size_t k = 0;

	for (uint32_t t = 0; t < p->ntrials && t < a->ntrials; t++) {
		double base, mine;
		if (!hp_swap_uses(p, t, clean) || !hp_swap_uses(a, t, clean))
			continue;
		base = hp_trial_ticks_per_op(p, t, raw);
		mine = hp_trial_ticks_per_op(a, t, raw);
		if (base > 0 && mine > 0)
			v[k++] = mine / base;
	}
	return k;
}

/* The pairs the ratio is over: the undisturbed ones when each arm has
 * enough (hp_swap_clean_enough) and at least HP_BATCHES_CLEAN_MIN are
 * undisturbed in both at once, else every slice. */
static size_t hp_swap_pair_ratios(const struct hp_result *p, const struct hp_result *a, int raw, double *v)
{
	int clean = hp_swap_clean_enough(p) && hp_swap_clean_enough(a);
	size_t k = hp_swap_pairs(p, a, raw, clean, v);

	return clean && k < HP_BATCHES_CLEAN_MIN ? hp_swap_pairs(p, a, raw, 0, v) : k;
}

int hp_swap_ratio(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *ratio)
{
	const struct hp_result *a = arm->r;
	double v[HP_TRIALS_MAX], half, base;
	size_t n;

	if (!a || a->status != HP_STATUS_OK || !p || p->status != HP_STATUS_OK)
		return -1;
	if (p->batched && a->batched && (n = hp_swap_pair_ratios(p, a, raw, v)) > 0) {
		*ratio = hp_swap_median_spread(v, n, &half);
		return 0;
	}
	base = hp_swap_ticks_per_op(p, raw);
	if (base <= 0 || !a->operations)
		return -1;
	*ratio = hp_swap_ticks_per_op(a, raw) / base;
	return 0;
}

unsigned hp_swap_ratio_spread(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *spread)
{
	const struct hp_result *a = arm->r;
	double sum = 0, sq = 0;
	unsigned n = 0;

	if (!a || a->status != HP_STATUS_OK || p->status != HP_STATUS_OK)
		return 0;
	if (p->batched && a->batched) { /* half the IQR of the paired ratios, relative to their median */
		double v[HP_TRIALS_MAX], half, med;
		size_t k = hp_swap_pair_ratios(p, a, raw, v);
		if (k < 2)
			return (unsigned)k;
		med = hp_swap_median_spread(v, k, &half);
		*spread = med > 0 ? 100 * half / med : 0;
		return (unsigned)k;
	}
	for (uint32_t t = 0; t < p->ntrials && t < a->ntrials; t++) {
		double base = hp_trial_ticks_per_op(p, t, raw), mine = hp_trial_ticks_per_op(a, t, raw);
		if (base <= 0 || mine <= 0)
			continue;
		sum += mine / base;
		sq += (mine / base) * (mine / base);
		n++;
	}
	if (n < 2)
		return n;
	*spread = 100 * hp_sample_sd(sum, sq, n) / (sum / n);
	return n;
}

/* The helpers the row's candidates stand in for (the share's numerator). */
static unsigned hp_swap_mask(const struct hp_result *rows, size_t nrows)
{
	unsigned mask = 0;

	for (size_t i = 0; i < nrows; i++)
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			mask |= hp_arms_c(&rows[i])->arms[k].helpers;
	return mask ? mask : HP_SWAP_HELPERS_DEFAULT;
}

/* ---------- one line per arm ---------- */

enum {
	HP_SW_INSTANCE,
	HP_SW_OP,
	HP_SW_HASH,
	HP_SW_TIME,
	HP_SW_RATIO,
	HP_SW_SHARE,
	HP_SW_CALLS,
	HP_SW_PROJECTED,
	HP_SW_ERROR,
	HP_SW_COLS
};

struct hp_swap_line {
	const char *instance, *op, *hash;
	const struct hp_result *r; /* NULL: projected only */
	const struct hp_result_arm *arm; /* NULL for the placeholder's line */
	const char *failure; /* the arm's or row's failure, or NULL */
	char cell[HP_SW_COLS][512];
	/* for CSV */
	double ticks, seconds, ratio, share, proj_ticks, proj_error, tick_hz;
	int have_ratio, have_proj, have_error;
};

/* The ratio cell: "0.852 (1.17x faster)". */
static void hp_ratio_cell(double ratio, char *buf, size_t len)
{
	if (fabs(ratio - 1) < 0.005)
		snprintf(buf, len, "%.3f (same)", ratio);
	else if (ratio < 1)
		snprintf(buf, len, "%.3f (%.2fx faster)", ratio, 1 / ratio);
	else
		snprintf(buf, len, "%.3f (%.2fx slower)", ratio, ratio);
}

void hp_swap_projection_cell(double ticks, double tick_hz, char *buf, size_t len)
{
	char t[32];

	if (!hp_projection_below_zero(ticks)) {
		hp_format_seconds(ticks / tick_hz, buf, len);
		return;
	}
	if (isfinite(ticks) && ticks < 0)
		snprintf(buf, len, "below 0 (-%s)", hp_format_seconds(-ticks / tick_hz, t, sizeof t));
	else
		snprintf(buf, len, "below 0 (%g)", ticks / tick_hz);
}

/* Fill line l for arm `arm` (NULL: the placeholder, row p itself) of p. */
static void hp_swap_fill(struct hp_swap_line *l, const struct hp_result *p, const struct hp_result_arm *arm,
			 unsigned mask, int raw)
{
	const struct hp_result *r = arm ? arm->r : p;
	double base = hp_swap_ticks_per_op(p, raw), spread;
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	char share[16];

	memset(l, 0, sizeof *l);
	l->instance = p->instance;
	l->op = p->operation;
	l->hash = arm ? arm->name : "placeholder";
	l->r = r;
	l->arm = arm;
	l->tick_hz = p->tick_hz;
	for (int k = 0; k < HP_SW_COLS; k++)
		snprintf(l->cell[k], sizeof l->cell[k], "-");
	snprintf(l->cell[HP_SW_INSTANCE], sizeof l->cell[0], "%s", l->instance);
	snprintf(l->cell[HP_SW_OP], sizeof l->cell[0], "%s", l->op);
	snprintf(l->cell[HP_SW_HASH], sizeof l->cell[0], "%s", l->hash);
	if (r && r->status != HP_STATUS_OK)
		l->failure = r->failure;
	else if (!r && p->status != HP_STATUS_OK)
		l->failure = p->failure;
	if (r && !l->failure) {
		/* an arm's time: the placeholder's times its paired ratio, so the
		 * table's columns agree (time / placeholder's time = ratio) */
		if (arm && base > 0 && hp_swap_ratio(p, arm, raw, &l->ratio) == 0)
			l->ticks = base * l->ratio;
		else
			l->ticks = hp_swap_ticks_per_op(r, raw);
		l->seconds = r->tick_hz > 0 ? l->ticks / r->tick_hz : 0;
		if (r->tick_hz > 0)
			hp_format_seconds(l->seconds, l->cell[HP_SW_TIME], sizeof l->cell[0]);
		if (base > 0) {
			l->ratio = l->ticks / base;
			l->have_ratio = 1;
			if (arm)
				hp_ratio_cell(l->ratio, l->cell[HP_SW_RATIO], sizeof l->cell[0]);
			else
				snprintf(l->cell[HP_SW_RATIO], sizeof l->cell[0], "1");
		}
		l->share = hp_swap_share(r, mask, raw, &spread);
		hp_format_share(l->share, 1.0, share, sizeof share);
		if (r->ntrials >= 2)
			snprintf(l->cell[HP_SW_SHARE], sizeof l->cell[0], "%s \u00b1%.1f", share, spread);
		else
			snprintf(l->cell[HP_SW_SHARE], sizeof l->cell[0], "%s", share);
		hp_result_fn_totals(r, calls, nested, ticks);
		hp_format_call_list(calls, r->operations, 0, l->cell[HP_SW_CALLS], sizeof l->cell[0]);
		if (!l->cell[HP_SW_CALLS][0])
			snprintf(l->cell[HP_SW_CALLS], sizeof l->cell[0], "none seen");
	}
	if (arm && arm->projected && base > 0 && p->tick_hz > 0) {
		l->proj_ticks = arm->projected_ticks;
		l->have_proj = 1;
		hp_swap_projection_cell(arm->projected_ticks, p->tick_hz, l->cell[HP_SW_PROJECTED], sizeof l->cell[0]);
		/* a projection below 0 has no error or ratio worth a figure (CSV keeps them) */
		if (hp_projection_below_zero(arm->projected_ticks)) {
			snprintf(l->cell[HP_SW_ERROR], sizeof l->cell[0], "-");
			if (!r)
				snprintf(l->cell[HP_SW_RATIO], sizeof l->cell[0], "below 0");
		}
		if (r && !l->failure && l->ticks > 0) {
			l->proj_error = arm->projected_ticks / l->ticks - 1;
			l->have_error = 1;
			if (!hp_projection_below_zero(arm->projected_ticks))
				snprintf(l->cell[HP_SW_ERROR], sizeof l->cell[0], "%+.1f%%", 100 * l->proj_error);
		}
		if (!r) { /* projected only: the ratio is the projection's */
			if (!hp_projection_below_zero(arm->projected_ticks))
				hp_ratio_cell(arm->projected_ticks / base, l->cell[HP_SW_RATIO], sizeof l->cell[0]);
			l->ratio = arm->projected_ticks / base;
			l->have_ratio = 1;
		}
	}
	/* no ratio from nothing: the swapped helpers take under 1% (the
	 * footer's note says so; CSV keeps the figures) */
	if (arm && hp_swap_too_little(p, arm, raw, NULL)) {
		snprintf(l->cell[HP_SW_RATIO], sizeof l->cell[0], "-");
		snprintf(l->cell[HP_SW_ERROR], sizeof l->cell[0], "-");
	}
}

/* Every line: per row, the placeholder's, then each arm's. */
static size_t hp_swap_lines(const struct hp_result *rows, size_t nrows, unsigned mask, int raw,
			    struct hp_swap_line **out)
{
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < nrows; i++)
		cap += 1 + hp_arms_c(&rows[i])->narms;
	*out = calloc(cap ? cap : 1, sizeof **out);
	if (!*out)
		return 0;
	for (size_t i = 0; i < nrows; i++) {
		hp_swap_fill(&(*out)[n++], &rows[i], NULL, mask, raw);
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			hp_swap_fill(&(*out)[n++], &rows[i], &hp_arms_c(&rows[i])->arms[k], mask, raw);
	}
	return n;
}

static int hp_swap_any_projection(const struct hp_result *rows, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++)
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			if (hp_arms_c(&rows[i])->arms[k].projected)
				return 1;
	return 0;
}

static const char *const hp_swap_headers[HP_SW_COLS] = {
	"instance", "operation",           "hash",      "time/op", "vs placeholder",
	"share",    "calls per operation", "projected", "error",
};

/* "pseudohash/XOF share" or "pseudohash/XOF/sm3 share". */
static const char *hp_share_header(unsigned mask)
{
	return mask & HP_TAPE_BIT(HP_FN_SM3) ? "pseudohash/XOF/sm3 share" : "pseudohash/XOF share";
}

/* The one note of row r whose projections of some candidates are below 0,
 * naming them; nothing when none is. */
static void hp_swap_below_zero_note(FILE *out, const struct hp_result *r, const char *prefix)
{
	char names[512] = "";
	size_t used = 0;

	for (size_t k = 0; k < hp_arms_c(r)->narms; k++)
		if (hp_arms_c(r)->arms[k].projected &&
		    hp_projection_below_zero(hp_arms_c(r)->arms[k].projected_ticks) && used < sizeof names)
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
						 hp_arms_c(r)->arms[k].name);
	if (used)
		fprintf(out, "%snote: %s %s %s: %s\n", prefix, r->instance, r->operation, names,
			HP_PROJECTION_BELOW_ZERO_NOTE);
}

/* The one note of row r whose arms (some candidates) made no call of the
 * helpers they stand in for, naming them; nothing when every arm did. */
static void hp_swap_nothing_note(FILE *out, const struct hp_result *r, const char *prefix)
{
	char names[512] = "";
	size_t used = 0;
	unsigned mask = 0;

	for (size_t k = 0; k < hp_arms_c(r)->narms; k++)
		if (hp_swap_nothing_swapped(&hp_arms_c(r)->arms[k]) && used < sizeof names) {
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
						 hp_arms_c(r)->arms[k].name);
			mask |= hp_arm_mask(&hp_arms_c(r)->arms[k]);
		}
	if (used)
		fprintf(out,
			"%snote: %s %s %s: nothing swapped: the operation made no call of %s, so each arm named here "
			"ran the same code as the placeholder's: its ratio is 1 by construction, what it shows is "
			"noise, and so is the projection's error\n",
			prefix, r->instance, r->operation, names,
			mask & HP_TAPE_BIT(HP_FN_SM3) ? "pseudohash, pseudoXOF or sm3hash" : "pseudohash or pseudoXOF");
}

/* The one note of row r whose arms (some candidates) swapped helpers
 * that take under HP_SWAP_MIN_SHARE of its time, naming them; those with
 * nothing swapped have their own note. */
static void hp_swap_too_little_note(FILE *out, const struct hp_result *r, const char *prefix)
{
	char names[512] = "";
	size_t used = 0;
	double share = 0, most = 0;

	for (size_t k = 0; k < hp_arms_c(r)->narms; k++)
		if (hp_swap_too_little(r, &hp_arms_c(r)->arms[k], hp_report_raw(), &share) &&
		    !hp_swap_nothing_swapped(&hp_arms_c(r)->arms[k]) && used < sizeof names) {
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
						 hp_arms_c(r)->arms[k].name);
			most = share > most ? share : most;
		}
	if (used)
		fprintf(out,
			"%snote: %s %s %s: too little swapped: the helpers swapped take %.2f%% of the operation, under "
			"%g%%: a ratio (or a projection's error) from them would be noise, so none is printed "
			"(the JSON keeps the figures)\n",
			prefix, r->instance, r->operation, names, 100 * most, 100 * HP_SWAP_MIN_SHARE);
}

/* A note per arm of row r whose ratio is noisy (its spread across trials
 * above the noise threshold), but for those with nothing or too little
 * swapped, whose ratio is noise anyway. */
static void hp_swap_noisy_notes(FILE *out, const struct hp_result *r, const char *prefix)
{
	for (size_t k = 0; k < hp_arms_c(r)->narms; k++) {
		double spread = 0;
		unsigned n = hp_swap_ratio_spread(r, &hp_arms_c(r)->arms[k], hp_report_raw(), &spread);

		if (n >= 2 && spread > hp_report_noise_pp() && !hp_swap_nothing_swapped(&hp_arms_c(r)->arms[k]) &&
		    !hp_swap_too_little(r, &hp_arms_c(r)->arms[k], hp_report_raw(), NULL))
			fprintf(out,
				"%snote: %s %s %s: noisy: the ratio varies by \u00b1%.1f%% across %u trials, above "
				"%.1f%%: the machine was busy, or the operation's own time varies with its inputs "
				"(rejection sampling); more iterations (-n) narrow it\n",
				prefix, r->instance, r->operation, hp_arms_c(r)->arms[k].name, spread, n,
				hp_report_noise_pp());
	}
}

/* The lines under every swap table: the placeholders' notes, the
 * overhead, what the swap is, the projection's method, and each line
 * that has no projection and why. */
static void hp_swap_footer(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix)
{
	char names[1024] = "", only[1024] = "", helpers[64] = "";
	size_t used = 0, uo = 0;
	unsigned mask = hp_swap_mask(rows, nrows);

	hp_report_footer(out, rows, nrows, prefix);
	/* the candidates measured, and those only projected */
	for (size_t i = 0; i < nrows; i++)
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++) {
			const struct hp_result_arm *a = &hp_arms_c(&rows[i])->arms[k];
			char *list = a->r ? names : only;
			size_t *u = a->r ? &used : &uo;
			if (!strstr(list, a->name) && *u < sizeof names)
				*u += (size_t)snprintf(list + *u, sizeof names - *u, "%s%s", *u ? ", " : "", a->name);
		}
	snprintf(helpers, sizeof helpers, "%s",
		 mask & HP_TAPE_BIT(HP_FN_SM3) ? "pseudohash, pseudoXOF and sm3hash" : "pseudohash and pseudoXOF");
	if (names[0])
		fprintf(out,
			"%sswap: %s computed %s in place of each instance's own helpers%s; measured in one process "
			"with the placeholder, interleaved; the ratio (\"vs placeholder\") = time with the candidate "
			"/ time with the placeholder, the instance's own helpers: for hashprof's built-in instances "
			"hashprof's placeholder (OpenSSL SM3), for a `hashprof build` instance its package's ICCS "
			"helpers; constructions: hashprof list --hashes\n",
			prefix, names, helpers, mask & HP_TAPE_BIT(HP_FN_SM3) ? "" : " (sm3hash stays SM3)");
	if (only[0])
		fprintf(out,
			"%sprojected only (nothing measured with %s): the ratio (\"vs placeholder\") = projected "
			"time / the placeholder's measured time (the instance's own helpers, as above); "
			"constructions: hashprof list --hashes\n",
			prefix, only);
	if (hp_swap_any_projection(rows, nrows))
		fprintf(out,
			"%sprojected: time - calls x t_placeholder(shape) + calls x t_candidate(shape) over the row's "
			"call table, per-shape costs from a micro-benchmark; error = projected / measured - 1\n",
			prefix);
	for (size_t i = 0; i < nrows; i++)
		for (size_t k = 0; k < hp_arms_c(&rows[i])->narms; k++)
			if (!hp_arms_c(&rows[i])->arms[k].projected && hp_arms_c(&rows[i])->arms[k].projection_note[0])
				fprintf(out, "%snote: %s %s %s: no projection: %s\n", prefix, rows[i].instance,
					rows[i].operation, hp_arms_c(&rows[i])->arms[k].name,
					hp_arms_c(&rows[i])->arms[k].projection_note);
	for (size_t i = 0; i < nrows; i++) {
		hp_swap_below_zero_note(out, &rows[i], prefix);
		hp_swap_nothing_note(out, &rows[i], prefix);
		hp_swap_too_little_note(out, &rows[i], prefix);
		hp_swap_noisy_notes(out, &rows[i], prefix);
	}
}

static void hp_swap_text(FILE *out, const struct hp_swap_line *l, size_t n, int proj, unsigned mask,
			 const struct hp_result *rows, size_t nrows)
{
	size_t w[HP_SW_COLS];
	int last = proj ? HP_SW_ERROR : HP_SW_CALLS;
	const char *head[HP_SW_COLS];

	memcpy(head, hp_swap_headers, sizeof head);
	head[HP_SW_SHARE] = hp_share_header(mask);
	for (int k = 0; k < HP_SW_COLS; k++)
		w[k] = hp_layout_width(head[k]);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k <= (l[i].failure ? HP_SW_HASH : last); k++)
			hp_layout_widen(&w[k], l[i].cell[k]);
	for (int k = 0; k <= last; k++)
		hp_layout_cell(out, head[k], w[k], 0, k == last);
	for (size_t i = 0; i < n; i++) {
		if (l[i].failure) {
			for (int k = 0; k <= HP_SW_HASH; k++)
				hp_layout_cell(out, l[i].cell[k], w[k], 0, 0);
			fprintf(out, "failed: %s\n", l[i].failure);
			continue;
		}
		for (int k = 0; k <= last; k++)
			hp_layout_cell(out, l[i].cell[k], w[k],
				       k == HP_SW_TIME || k == HP_SW_PROJECTED || k == HP_SW_ERROR, k == last);
	}
	hp_swap_footer(out, rows, nrows, "");
}

static void hp_swap_md(FILE *out, const struct hp_swap_line *l, size_t n, int proj, unsigned mask,
		       const struct hp_result *rows, size_t nrows)
{
	int last = proj ? HP_SW_ERROR : HP_SW_CALLS;

	for (int k = 0; k <= last; k++)
		hp_layout_md_cell(out, k == last, "%s", k == HP_SW_SHARE ? hp_share_header(mask) : hp_swap_headers[k]);
	hp_layout_md_rule(out, (size_t)last + 1);
	for (size_t i = 0; i < n; i++) {
		hp_layout_md_cell(out, 0, "`%s`", l[i].cell[HP_SW_INSTANCE]);
		hp_layout_md_cell(out, 0, "%s", l[i].cell[HP_SW_OP]);
		hp_layout_md_cell(out, 0, "%s", l[i].cell[HP_SW_HASH]);
		if (l[i].failure) {
			hp_layout_md_cell(out, 0, "failed: %s", l[i].failure);
			for (int k = HP_SW_RATIO; k <= last; k++)
				hp_layout_md_cell(out, k == last, "-");
		} else {
			for (int k = HP_SW_TIME; k <= last; k++)
				hp_layout_md_cell(out, k == last, "%s", l[i].cell[k]);
		}
	}
	hp_swap_footer(out, rows, nrows, "\n");
}

static void hp_swap_csv(FILE *out, const struct hp_swap_line *l, size_t n)
{
	/* uncorrected figures (--raw) say so in their names */
	fprintf(out,
		"instance,operation,hash,status,ticks_per_operation,seconds_per_operation,ratio,share%s,"
		"calls_per_operation,",
		hp_report_raw() ? "_raw" : "");
	hp_report_csv_calls_header(out);
	fputs("operations,projected_ticks_per_operation,projected_seconds_per_operation,projection_error,failure\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct hp_result *r = l[i].r;
		int ok = r && !l[i].failure;

		hp_layout_csv_field(out, l[i].instance, ",");
		fprintf(out, "%s,", l[i].op);
		hp_layout_csv_field(out, l[i].hash, ",");
		fprintf(out, "%s,", l[i].failure ? "failed" : r ? "ok" : "projected");
		if (ok)
			fprintf(out, "%.6g,%.6g,", l[i].ticks, l[i].seconds);
		else
			fputs(",,", out);
		if (l[i].have_ratio)
			fprintf(out, "%.6f,", l[i].ratio);
		else
			fputs(",", out);
		if (ok)
			fprintf(out, "%.6f,", l[i].share);
		else
			fputs(",", out);
		hp_layout_csv_field(out, ok ? l[i].cell[HP_SW_CALLS] : "", ",");
		hp_report_csv_calls(out, ok ? r : NULL);
		fprintf(out, "%llu,", r ? (unsigned long long)r->operations : 0ull);
		if (l[i].have_proj)
			fprintf(out, "%.6g,%.6g,", l[i].proj_ticks,
				l[i].tick_hz > 0 ? l[i].proj_ticks / l[i].tick_hz : 0.0);
		else
			fputs(",,", out);
		if (l[i].have_error)
			fprintf(out, "%.6f,", l[i].proj_error);
		else
			fputs(",", out);
		hp_layout_csv_field(out, l[i].failure ? l[i].failure : "", "\n");
	}
}

void hp_swap_print(FILE *out, enum hp_format fmt, const struct hp_result *rows, size_t nrows)
{
	unsigned mask = hp_swap_mask(rows, nrows);
	int raw = hp_report_raw(), proj = hp_swap_any_projection(rows, nrows);
	struct hp_swap_line *l = NULL;
	size_t n = hp_swap_lines(rows, nrows, mask, raw, &l);

	if (!l) {
		fprintf(out, "hashprof: out of memory printing the table\n");
		return;
	}
	/* several candidates: instances x candidates */
	if (!hp_swap_arms_mode && hp_matrix_candidates(rows, nrows) > 1) {
		struct hp_matrix m;
		free(l);
		if (hp_matrix_build(&m, rows, nrows, raw) != 0) {
			fprintf(out, "hashprof: out of memory printing the table\n");
			return;
		}
		hp_matrix_print(out, fmt, &m);
		hp_matrix_free(&m);
		if (fmt != HP_FORMAT_CSV)
			hp_swap_footer(out, rows, nrows, fmt == HP_FORMAT_MD ? "\n" : "");
		return;
	}
	if (fmt == HP_FORMAT_MD)
		hp_swap_md(out, l, n, proj, mask, rows, nrows);
	else if (fmt == HP_FORMAT_CSV)
		hp_swap_csv(out, l, n);
	else
		hp_swap_text(out, l, n, proj, mask, rows, nrows);
	free(l);
}
