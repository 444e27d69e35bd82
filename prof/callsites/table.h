/*
 * table.h - a row's call-site table from the recorder's call paths
 * (recorder.h): each return address named once (symbols.h), the
 * frames on the helper's side collapsed into the helper, the path cut to
 * the depth asked for, and the paths that then read the same merged.
 */
#ifndef HP_CALLSITES_H
#define HP_CALLSITES_H

#include <stddef.h>

#include "recorder.h"
#include "symbols.h"
#include "record/result.h"
#include "part.h"

/* --call-sites=DEPTH: 1..HP_SITE_DEPTH_MAX frames; 0 is the whole path. */
#define HP_SITE_DEPTH_MAX 64u

/*
 * Is frame f on the helper's side of a call: one of hashprof's shims
 * (__wrap_F, hp_timed_F, hp_sites_F, hp_tape_F), a helper itself, or code
 * of an ICCS helper file (auxfunc.c, drng.c) or of the PQClean adapter
 * (fips202_iccs.c, randombytes_iccs.c) by its compilation unit (known
 * only where the object has debug information)?  1 or 0.
 */
int hp_callsite_helper_side(const struct hp_sym_frame *f);

/*
 * Fill r->sites (requested and depth already set; the table emptied
 * first) from the HP_SITE_PATHS_MAX slots of table and the lost calls
 * lost[HP_FN_SLOTS], naming every address with sym (NULL: every frame is
 * named by address).  Paths of HP_FN_CALIB are ignored.  The sites' calls
 * plus the lost calls are the recorder's calls, helper by helper, and so
 * are their ticks.  Returns 0, or -1 with a one-line reason in err (out
 * of memory).
 */
int hp_callsites_collect(const struct hp_site_raw *table, const struct hp_site_lost lost[HP_FN_SLOTS],
			 struct hp_symbolizer *sym, struct hp_result *r, char *err, size_t errlen);

/* Calls and ticks of r's sites plus its lost calls, per helper (arrays of
 * HP_FN_COUNT): what must equal the row's outermost calls and ticks. */
void hp_callsites_sums(const struct hp_result *r, uint64_t calls[HP_FN_COUNT], uint64_t ticks[HP_FN_COUNT]);

/* The site's innermost frame's function: the scheme function that calls
 * the helper ("" when the path is empty: the API function is the helper's
 * side itself). */
const char *hp_callsite_name(const struct hp_result_site *s);

/* Do a and b name the same site (helper and every frame's function)? */
int hp_callsite_same(const struct hp_result_site *a, const struct hp_result_site *b);

#endif
