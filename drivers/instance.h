/*
 * instance.h - finding instances: shared objects carrying a .hashprof
 * section (schemes/common/instance_info.c), read with libelf so that
 * listing and lookup never run a scheme's code.
 *
 * Search path, first match of a name wins:
 *   1. the build tree's instance folder, when this hashprof binary is the
 *      one in the build tree;
 *   2. each folder of $HASHPROF_PATH (colon-separated);
 *   3. the user instance folder of `hashprof build` ($XDG_DATA_HOME or
 *      ~/.local/share, /hashprof/instances);
 *   4. the installed pkglibdir.
 */
#ifndef HP_INSTANCE_H
#define HP_INSTANCE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "record/result.h" /* HP_SURVEY_DETAIL */

struct hp_instance {
	char name[HP_NAME_MAX + 1];
	char kind[4]; /* "sig", "kem", "kex" */
	char wrapped[256]; /* comma-separated helper names; "" when none */
	char origin[256];
	char cflags[1024];
	/* written by `hashprof build` only ("" otherwise): */
	char flags[16]; /* the flag set used: "reference" or "permissive" */
	char kat[16]; /* "pass", "fail" or "not checked" */
	char warnings[512]; /* build warnings, "; "-separated; "" when none */
	char path[PATH_MAX];
	/* its survey (the .hashprof_survey section, builder/survey/survey.c; issue
	 * 12); all "" for an instance made before surveys existed */
	char survey_verdict[16]; /* "ICCS-only", "mixed", "bypass" or "none" */
	char survey_reason[512]; /* one line */
	char survey_detail[HP_SURVEY_DETAIL]; /* its finding=, entry=, note= lines, each ending in
					       * '\n'; the "routes" findings last, lines that do not
					       * fit left out */
};

/* Read the .hashprof section of the ELF file at path.  Returns 0, 1 when
 * the file is not an instance (no section), -1 when it cannot be read, 2
 * when it is an instance built for another architecture than this
 * hashprof's (hp_instance_foreign; *out filled all the same, for the
 * note): such an instance is never loaded, as dlopen() would refuse it. */
int hp_instance_read(const char *path, struct hp_instance *out);

/* Is the ELF file at path built for another machine than this hashprof's
 * own code (its ELF header's e_machine)?  1 yes, 0 no or unreadable. */
int hp_instance_foreign(const char *path);

/* Say on stderr, one line each, where an instance of that name built for
 * another architecture was skipped along the search path (for the "unknown
 * instance" error: the user built it, for the wrong machine). */
void hp_instance_note_foreign(const char *name);

/*
 * All instances along the search path, sorted by name, the first of each
 * name only.  *out is malloc'ed (free it); returns the count, or -1 on
 * out-of-memory.
 */
long hp_instance_scan(struct hp_instance **out);

/* Say on `out` (NULL: silence, the default) why a .so along the path is
 * skipped by the scans: unreadable, not an instance, built for another
 * architecture, or shadowed by an instance of the same name earlier on the
 * path. */
void hp_instance_warn_to(FILE *out);

/* Find an instance by exact name.  Returns 0, or -1 when not found. */
int hp_instance_find(const char *name, struct hp_instance *out);

/*
 * The instance a record measured: the shared object the record names
 * (so_path, its "path"; NULL or "" for none) when it still holds the
 * instance name; else, for a record of a campaign (record_file
 * OUT/records/<candidate>/X.json; NULL for none), the campaign's own
 * OUT/units/<unit>/instance/NAME.so; else name along the search path
 * (hp_instance_find).  So a campaign's OUT is used without HASHPROF_PATH,
 * also after it was moved.  Returns 0, or -1 when not found.
 */
int hp_instance_find_recorded(const char *name, const char *so_path, const char *record_file, struct hp_instance *out);

/*
 * Up to 3 known names close to `name` (edit distance, case-insensitive,
 * or a substring), comma-separated into buf; "" when none is close.
 */
void hp_instance_suggest(const char *name, const struct hp_instance *all, size_t n, char *buf, size_t len);

/* The folders searched, in order, as one colon-separated string. */
void hp_instance_path_string(char *buf, size_t len);

/* The user instance folder that `hashprof build` writes to. */
void hp_instance_user_dir(char *buf, size_t len);

#endif
