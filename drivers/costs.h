/*
 * costs.h - the per-shape costs a projection uses, and the projection of
 * rows (docs/candidates.md "Projection").
 *
 * Where the costs come from:
 *   - --costs=FILE: that hashprof-costs/1 table as it is, read only, from
 *     any machine: nothing is measured, a shape it lacks leaves its row
 *     unprojected (with the reason).  A placeholder's costs are looked up
 *     as "placeholder@INSTANCE", then "placeholder";
 *   - else this machine's cache, $HASHPROF_COST_CACHE or
 *     ${XDG_CACHE_HOME:-~/.cache}/hashprof/hashcost-KEY.json, KEY a hash
 *     of the CPU model, the host name and the clock: a cache of another
 *     machine or clock is not used.  Shapes it lacks are measured
 *     (drivers/hashcost.c, a child each subject) and the cache rewritten.
 *     A subject's costs are kept per version: a candidate module's or an
 *     instance's file (size and modification time), "built in" for the
 *     built-ins; another version measures again.
 */
#ifndef HP_COSTS_H
#define HP_COSTS_H

#include <limits.h>
#include <stddef.h>

#include "candidates.h"
#include "swap/cost_table.h"
#include "options.h"
#include "record/result.h"

struct hp_costs {
	struct hp_cost_table t;
	char path[PATH_MAX]; /* the table's file */
	int fixed; /* 1: --costs: read only, nothing measured */
	int readonly; /* 1: this machine's cache used as it is: nothing measured, nothing written */
	int dirty; /* measured since it was read: to be written back */
};

/*
 * Open the costs: fixed_path (--costs), or this machine's cache (o's
 * clock and tick rate describe the machine).  Returns 0, or -1 with a
 * one-line reason naming the file (and field) for a --costs file that
 * cannot be read; a cache that cannot be read is started afresh.
 */
int hp_costs_open(struct hp_costs *c, const char *fixed_path, const struct hp_options *o, char *err, size_t errlen);

/*
 * Open this machine's cache (as hp_costs_open without fixed_path) to
 * project with what it holds only: a shape it lacks is not measured and
 * leaves its arm unprojected (the reason in its projection_note), and the
 * cache is not rewritten (`hashprof report` of --hash records, which runs
 * nothing unless asked).  No cache, or another machine's: an empty table.
 */
void hp_costs_open_readonly(struct hp_costs *c, const struct hp_options *o);

/*
 * Project every measured row for every candidate of cands: the arm of
 * that candidate in the row gets its projection (arm->projected,
 * projected_ticks) or the reason there is none (projection_note); with
 * add_arms, a row without such an arm gets one to hold the projection
 * (a projected-only arm, r NULL).  Missing costs are measured unless the
 * table is fixed.  raw: project the uncorrected time.  Returns the number
 * of arms that could not be projected.
 */
size_t hp_costs_project(struct hp_costs *c, struct hp_result *rows, size_t nrows, const struct hp_candidate *cands,
			size_t ncands, const struct hp_options *o, int add_arms, int raw);

/* Write the cache back when something was measured; release c.  Returns 0,
 * or -1 with the reason (the cache cannot be written: the projections
 * stand, only the next run measures again). */
int hp_costs_close(struct hp_costs *c, char *err, size_t errlen);

#endif
