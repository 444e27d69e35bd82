/*
 * page_match.h - which built instance a published page's name means.
 * The pages print a parameter set as the evaluators named it ("Sigurd-128",
 * "TOY-128"), the package's Makefile names its instance otherwise
 * ("Sigurd128_REF"); `check --published` and `campaign --published` match
 * the two, in this order, the first rule that gives one instance winning:
 *
 *   map          a line "PAGE NAME<TAB>INSTANCE" of --map FILE
 *   exact        the same name
 *   normalised   the same name when case, '-', '_' and blanks are ignored
 *                and the Greek alpha (U+0251, U+03B1) reads "alpha"
 *                ("TOY-128" is "toy_128")
 *   build suffix the instance's name without a trailing "_REF", "-ref",
 *                " reference" (any case, after '-', '_' or a blank),
 *                normalised ("TOY128_REF" is "TOY-128")
 *   folder       the name of the folder it was built from (its origin),
 *                normalised, with the same suffix dropped
 *   parameter set the instance's name without the suffix and trailing
 *                digits, followed by the value of a -DNAME=VALUE of its
 *                build flags ("Sigurd_REF" built with -DSIGURD_MODE=128 is
 *                "Sigurd-128")
 *
 * A rule that gives two instances or more is ambiguous: the caller
 * refuses it and asks for a --map line.
 */
#ifndef HP_PAGE_MATCH_H
#define HP_PAGE_MATCH_H

#include <stddef.h>

#include "instance.h"
#include "record/published.h"

/* How a name was matched. */
enum hp_page_how {
	HP_PAGE_NONE = 0, /* no instance here */
	HP_PAGE_MAP,
	HP_PAGE_EXACT,
	HP_PAGE_NORMALISED,
	HP_PAGE_SUFFIX,
	HP_PAGE_FOLDER,
	HP_PAGE_PARAMSET,
	HP_PAGE_AMBIGUOUS, /* a rule gave several instances */
};

/* The lines of a --map file. */
struct hp_page_map {
	size_t n;
	struct hp_page_map_line {
		char page[HP_PAGE_NAME_MAX + 1];
		char instance[HP_NAME_MAX + 1];
		unsigned line; /* 1-based, for messages */
	} * v;
};

/*
 * Read a --map file: one "PAGE NAME<TAB>INSTANCE" a line (blanks around
 * either side ignored; blank lines and lines starting with '#' skipped).
 * Returns 0, or -1 with one line in err naming the file and line: no tab,
 * a page name as published.h refuses it, an instance name that breaks the
 * name rule, a page name given twice.
 */
int hp_page_map_load(const char *path, struct hp_page_map *m, char *err, size_t errlen);

void hp_page_map_free(struct hp_page_map *m);

/*
 * The instance of all[0..n) that the page's name means (rules above;
 * map may be NULL).  Returns how, and on a match its index in *idx; why
 * gets one phrase for the messages: the rule and what matched
 * ("its name without the build suffix '_REF'", "--map line 3"), or, when
 * ambiguous, the instances it could be ("TOY128_REF, TOY128_OPT").  A map
 * line naming an instance that is not in all gives HP_PAGE_NONE with why
 * "--map line 3 names INSTANCE, which is not here".
 */
enum hp_page_how hp_page_match(const char *page_name, const struct hp_instance *all, size_t n,
			       const struct hp_page_map *map, size_t *idx, char *why, size_t whylen);

/* The normalised form of a name (rules above) into buf; returns buf. */
char *hp_page_normalise(const char *name, char *buf, size_t len);

#endif
