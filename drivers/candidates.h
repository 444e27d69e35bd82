/*
 * candidates.h - finding, naming and loading hash candidates:
 * the built-ins of candidates/evp.c and the modules `hashprof build
 * --hash` makes (candidates/module.h), the way drivers/instance.h finds
 * instances.  Listing and lookup read a module's .hashprof section with
 * libelf and run none of its code; hp_candidate_load, which does, runs in
 * the measuring child only.
 *
 * Module search path, first match of a name wins:
 *   1. each folder of $HASHPROF_HASH_PATH (colon-separated);
 *   2. the user candidate folder of `hashprof build --hash`
 *      ($XDG_DATA_HOME or ~/.local/share, /hashprof/candidates);
 *   3. the installed $(pkglibdir)/candidates.
 */
#ifndef HP_CANDIDATES_H
#define HP_CANDIDATES_H

#include <limits.h>
#include <stddef.h>

#include "candidate.h"
#include "ngcc/ngcc.h"

/* Candidates of one --hash list, at most (the matrix: 5 built-ins
 * and the modules beside them). */
#define HP_CANDIDATES_MAX 16

struct hp_candidate {
	char name[HP_NAME_MAX + 1]; /* "SHAKE256", "placeholder", a module's ALGORITHM_INSTANCE */
	char construction[512]; /* one line: how pseudoXOF and pseudohash are computed */
	char origin[PATH_MAX]; /* "OpenSSL EVP (built in)", or the package folder of a module */
	char path[PATH_MAX]; /* the module; "" for a built-in */
	unsigned digest_bits; /* the digest (bits); 0 for an XOF and the placeholder */
	unsigned helpers; /* HP_TAPE_BIT()s of the helpers it stands in for; 0: the placeholder */
	/* hp_candidate_load's, in the process that calls them (NULL until then,
	 * and for the placeholder, which is the instance's own) */
	hp_cand_hash_fn *pseudohash, *sm3hash;
	hp_cand_xof_fn *pseudoXOF;
	void *dl; /* the module's dlopen() handle */
};

/* Is c the placeholder (the instance's own helpers)? */
int hp_candidate_is_placeholder(const struct hp_candidate *c);

/*
 * Every candidate: the built-ins (placeholder first), then the modules
 * along the search path, the first of each name (a module named like a
 * built-in is shadowed by it).  *out is malloc'ed (free it); returns the
 * count, or -1 when out of memory.
 */
long hp_candidate_scan(struct hp_candidate **out);

/*
 * The candidates of a --hash argument into out[0..*n): "all" (every
 * candidate but the placeholder, which is the baseline every row has), or
 * a comma-separated list of names (case-insensitive; a name twice counts
 * once).  Returns 0, or -1 with a one-line reason in err: an unknown name
 * with the known ones ("unknown candidate 'SHAKE512'; known candidates:
 * placeholder, SHAKE128, ..."), an empty name, more than
 * HP_CANDIDATES_MAX, or a module that cannot stand in (hp_candidate_check).
 */
int hp_candidate_parse(const char *arg, struct hp_candidate out[HP_CANDIDATES_MAX], size_t *n, char *err,
		       size_t errlen);

/*
 * Without running it: does the module of c export the functions its
 * helpers need (candidates/module.h)?  0, or -1 with "MODULE: missing
 * hashprof_candidate_pseudoXOF (...)" in err.  Built-ins: always 0.
 */
int hp_candidate_check(const struct hp_candidate *c, char *err, size_t errlen);

/*
 * Make c's functions callable in this process: a built-in's from
 * candidates/evp.c, a module's with dlopen() (RTLD_LOCAL: nothing of it
 * may interpose on the instance) and dlsym().  Returns 0, or -1 with a
 * one-line reason.  The placeholder has nothing to load (0).
 */
int hp_candidate_load(struct hp_candidate *c, char *err, size_t errlen);

/* The names of c's helpers, "pseudohash, pseudoXOF" ("none" for the
 * placeholder), into buf.  Returns buf. */
char *hp_candidate_helper_list(unsigned helpers, char *buf, size_t len);

/* The user candidate folder that `hashprof build --hash` writes to. */
void hp_candidate_user_dir(char *buf, size_t len);

/* The folders searched for modules, colon-separated. */
void hp_candidate_path_string(char *buf, size_t len);

#endif
