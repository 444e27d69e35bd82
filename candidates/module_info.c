/*
 * module_info.c - the .hashprof section of a candidate module (module.h),
 * read with libelf by drivers/candidates.c so that listing and finding a
 * module never runs it.  Compiled by `hashprof build --hash` into every
 * module, with a generated header (-include) defining the fields as
 * string literals: HP_CAND_NAME, HP_CAND_DIGEST_TEXT (the digest bits in
 * decimal), HP_CAND_HELPERS, HP_CAND_ORIGIN, HP_CAND_CONSTRUCTION,
 * HP_CAND_CFLAGS.
 */
#include "module.h"

__attribute__((used, section(".hashprof"))) static const char hp_candidate_info[] =
	HP_CAND_MODULE_MAGIC "name=" HP_CAND_NAME "\n"
			     "digest_bits=" HP_CAND_DIGEST_TEXT "\n"
			     "helpers=" HP_CAND_HELPERS "\n"
			     "origin=" HP_CAND_ORIGIN "\n"
			     "construction=" HP_CAND_CONSTRUCTION "\n"
			     "cflags=" HP_CAND_CFLAGS "\n";
