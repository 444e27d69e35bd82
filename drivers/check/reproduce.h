/*
 * reproduce.h - the search for the N that reproduces a published
 * mean (prof/periter/reproduce.h) as the commands make it: `hashprof
 * check --published` for every fractional count of a page, `hashprof
 * INSTANCE OP --reproduce=VALUE[,FN=VALUE...]` for one row.  A campaign
 * calls the same: hp_reproduce_search_row on a row measured with
 * per_iteration set.
 */
#ifndef HP_REPRODUCE_CMD_H
#define HP_REPRODUCE_CMD_H

#include <stdint.h>
#include <stdio.h>

#include "instance.h"
#include "options.h"
#include "periter/reproduce.h"
#include "record/result.h"

/* --reproduce=VALUE[,FN=VALUE...]: up to one target per helper. */
struct hp_reproduce_spec {
	size_t n;
	struct {
		int fn; /* enum hp_fn; -1: the bare VALUE (the helper whose counts vary) */
		double value; /* calls per operation, >= 0 */
		char text[24]; /* as given */
	} item[HP_FN_COUNT];
};

/*
 * Parse arg into spec: comma-separated items, each FN=VALUE (FN drng,
 * pseudoXOF, pseudohash, sm3hash or their C names) or, once, a bare
 * VALUE; VALUE a decimal mean >= 0 ("44.2", "1.79e+05").  Returns -1
 * when parsed, else HP_EXIT_USAGE after one line on stderr ("--reproduce:
 * unknown function 'foo' ...", "--reproduce: 'x' is not a mean number of
 * calls ...").
 */
int hp_reproduce_spec_parse(const char *arg, struct hp_reproduce_spec *spec);

/* Do helper fn's per-iteration counts differ between the operations of
 * r (1) or not (0)?  Without per-iteration counts: is its mean a
 * fraction (calls not a multiple of the operations)? */
int hp_reproduce_varies(const struct hp_result *r, unsigned fn);

/*
 * Search rp's targets (set with hp_reproduce_add) for the row op of
 * inst, measured as now, among N = 1..max_n: in now itself when it kept
 * per-iteration counts of at least max_n operations, else in one more
 * run of max_n operations with o's procedure (seed, message, clock,
 * timeout) and now's warm-up, so that its DRNG stream is now's.  That
 * run's first operations must make exactly now's calls (a note says when
 * they do not: the counts then follow more than the DRNG stream).
 * Writes a line saying which run was searched ("SYNTH-REJECT keygen: N =
 * 1..1000 searched in the row's own run (warm-up 1)", "... in one more
 * run of 1000 operations (the row's seed, warm-up 1)"), the lines of
 * hp_reproduce_lines, and that note, to out.
 * Returns 0 when searched (free rp with hp_reproduce_free), -1 when the
 * search could not be made: the one line saying why written to out.
 */
int hp_reproduce_search_row(const struct hp_instance *inst, const char *op, const struct hp_options *o,
			    const struct hp_result *now, uint64_t max_n, struct hp_repro *rp, FILE *out);

#endif
