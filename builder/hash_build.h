/*
 * hash_build.h - `hashprof build --hash DIR`: an NGCC hash submission
 * into a candidate module (hash_build.c; candidates/module.h).  Speaks
 * through b->out as the instance builder does (pipeline.h) and prints
 * nothing itself.
 */
#ifndef HP_HASH_BUILD_H
#define HP_HASH_BUILD_H

#include <limits.h>
#include <stddef.h>

#include "pipeline.h"

struct hp_hash_build {
	struct hp_build *b; /* options, detection, flags, work folder: the instance builder's */
	int sm3; /* --sm3hash: the module stands in for sm3hash too */
	char header[PATH_MAX]; /* the API header (CryptHash_AlgorithmInstance.h), absolute */
	unsigned digest_bits; /* DIGEST_BIT_LENGTH as the preprocessor expands it */
	char pieces[PATH_MAX]; /* the folder of hashprof's module pieces */
	struct hp_object *objs; /* b->det.nsrc objects of the last attempt */
	size_t *linked, nlinked; /* the objects linked, in link order */
	char *cflags_shown; /* the flags used, for display (malloc'd) */
	enum hp_flagset used; /* the flag set that built it */
	char so_tmp[PATH_MAX]; /* WORK/NAME.so before the install */
};

/*
 * Detect, compile (the reference flag set, then the permissive one; one
 * with --flags), plan from CryptHash, link and install b->so =
 * OUTDIR/NAME.so (b->opt.outdir set by the caller).  Returns
 * HP_BUILD_DONE, or HP_BUILD_STOPPED after b->out->error's one line (not
 * a hash package, no CryptHash defined, no DIGEST_BIT_LENGTH, a compile
 * or link failure).
 */
int hp_hash_build_run(struct hp_hash_build *h);

/* Release what a run holds (not b). */
void hp_hash_build_free(struct hp_hash_build *h);

#endif
