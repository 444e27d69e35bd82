/*
 * part.h - the call sites of a row (--call-sites): the sites part
 * of a row (struct hp_result_sites), its accessors (part.h) and its
 * record member "call_sites" (whose JSON is record.c's).
 */
#ifndef HP_SITES_PART_H
#define HP_SITES_PART_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h" /* HP_FN_COUNT */
#include "record/part.h"

struct hp_result;

/*
 * The call sites of a row (--call-sites, docs/record-schema.md
 * "call_sites"): for each helper, the call paths its outermost calls came
 * along, from the instance's API function down to the last scheme frame
 * (the helper itself, the ICCS helper files, the PQClean adapter and the
 * shims collapsed into the helper's name, which is not a frame here).
 */
struct hp_site_frame {
	char *function; /* owned; "poly_uniform", or "libx.so+0x1a2b" when unnamed */
	char *where; /* owned; "poly.c:412" or "poly.c:412,418" (the calls' lines); "" without debug info */
};

struct hp_result_site {
	uint32_t fn; /* enum hp_fn */
	uint64_t calls; /* outermost calls over the measured operations */
	uint64_t ticks; /* ticks inside them (as timed; the shares correct them like the row's) */
	int cut; /* 1: the path is longer than the depth asked for (or than was unwound): outer frames left out */
	size_t nframes;
	struct hp_site_frame *frames; /* owned; nframes, outermost (the API function) first */
};

struct hp_result_sites {
	struct hp_part hdr; /* HP_PART_SITES: the call sites are the row's sites part */
	int requested; /* 1: --call-sites; the row has a call-site table */
	unsigned depth; /* frames kept per path, innermost ones; 0: the whole path */
	/* outermost calls without a call path, per helper: the unwinder did
	 * not reach the API function, or the path table was full */
	uint64_t lost_calls[HP_FN_COUNT];
	uint64_t lost_ticks[HP_FN_COUNT];
	size_t nsites;
	struct hp_result_site *sites; /* owned; by helper, then ticks, largest first */
	char note[512]; /* what the names could not say (an object without symbols); "" when none */
	/* the recorder's cost per outermost call, measured in the operation
	 * (prof/callsites/insitu.h), which the shares subtract on top of the
	 * calibrated overhead */
	int insitu_valid; /* 1: measured; 0: not (insitu_error says why), the shares are not corrected for it */
	uint32_t insitu_samples; /* samples taken (each the operation twice) */
	double insitu_added_ticks; /* ticks the recorder adds to the operation's total, per call */
	double insitu_inside_ticks; /* the part of them inside the helpers' windows, per call */
	char insitu_error[320]; /* one line when not valid */
	/* 1: measured, but outside the plausible bound (hp_insitu_bound):
	 * insitu_valid is 0, the figures are kept, insitu_error says why */
	int insitu_implausible;
};

/* r's call sites to read: a zeroed part (requested 0) when r has none. */
const struct hp_result_sites *hp_sites_c(const struct hp_result *r);

/* r's call sites to write, the part made (zeroed) on first use; NULL
 * when out of memory. */
struct hp_result_sites *hp_sites_get(struct hp_result *r);

/* The hooks of the sites part (part.h): its record member "call_sites". */
extern const struct hp_part_ops hp_sites_part_ops;

/* Append a call site (fn, calls, ticks, cut of s; its frames are copied
 * from frames[0..n), outermost first); returns it, or NULL when out of
 * memory. */
struct hp_result_site *hp_result_add_site(struct hp_result *r, const struct hp_result_site *s,
					  const struct hp_site_frame *frames, size_t n);

/* Release the call-site table of r (requested and depth stay; the part stays). */
void hp_result_free_sites(struct hp_result *r);

#endif
