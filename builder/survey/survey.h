/*
 * survey.h - what the survey's scan (scan.c) reads out of one
 * relocatable object for the analysis (survey.c, libs.c).
 * Internal to those files; builder.h has the survey's interface.
 *
 * Offsets are bytes from the start of a section; a function is a FUNC
 * symbol with its [lo, hi) range in its section.
 */
#ifndef HP_SURVEY_H
#define HP_SURVEY_H

#include <stddef.h>
#include <stdint.h>

#include "builder.h"

/* One function of an object. */
struct hp_survey_fn {
	char *name;
	int global; /* STB_GLOBAL or STB_WEAK: visible to other objects */
	size_t shndx;
	uint64_t lo, hi;
	uint64_t holds; /* bit t: the constants of table t lie in its code */
	uint64_t refs; /* bit t: it refers to a table t holds in data */
	char *ref_table; /* the name of the first such table (a data symbol), or NULL */
};

/* A call or reference from one function of the object. */
struct hp_survey_edge {
	size_t from; /* index in fns */
	long to; /* index in fns when the target is in this object, else -1 */
	char *to_name; /* the target's symbol name when global or undefined, else NULL */
};

/* Constants found in data that no function of the object refers to by
 * section and offset: a global table other objects may use, or a table
 * nobody uses. */
struct hp_survey_table {
	char *name; /* the data symbol, or NULL (anonymous) */
	int global;
	uint64_t tables; /* bits of hp_prim_tables() */
	int referenced; /* some function refers to it */
};

/* One object. */
struct hp_survey_unit {
	char *name; /* as shown: package-relative source, or the object's FILE name */
	int helper_file; /* the ICCS files (auxfunc.c, drng.c): their SM3 is the helpers' own */
	struct hp_survey_fn *fns;
	size_t nfns;
	struct hp_survey_edge *edges;
	size_t nedges;
	struct hp_survey_table *tabs;
	size_t ntabs;
	struct hp_strv undefs; /* global symbols referenced, not defined */
	struct hp_strv defs; /* global symbols defined (functions and data) */
};

/*
 * Read one relocatable object (an Elf handle of a file or of an archive
 * member) into u; name is the name to show (NULL: the object's FILE
 * symbol, else fallback).  Returns 0, or -1 with a reason in err.
 */
int hp_survey_scan(void *elf, const char *name, const char *fallback, struct hp_survey_unit *u, char *err,
		   size_t errlen);

/* Release what hp_survey_scan filled in u. */
void hp_survey_unit_free(struct hp_survey_unit *u);

/*
 * libs.c: the hash functions of a library (libcrypto's EVP_shake256,
 * EVP_DigestUpdate, SHA256; libgcrypt, libsodium, XKCP) that the scheme's
 * objects among the nu units u reference and none of them defines (the
 * ICCS files' own use aside), as one line into out: "EVP_shake256,
 * EVP_DigestUpdate (libcrypto) in sign.c; SHA256 (libcrypto) in hash.c"
 * ("" when none; cut at len - 1 bytes).  Returns how many functions.
 */
size_t hp_survey_library_hashing(const struct hp_survey_unit *u, size_t nu, char *out, size_t len);

#endif
