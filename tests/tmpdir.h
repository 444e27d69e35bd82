/*
 * tmpdir.h - the one temporary-folder helper of the suites: a fresh
 * folder of the running test under $TMPDIR, the environment that puts a
 * program's home in it, and its removal with everything in it.
 *
 * The folder is $TMPDIR/hashprof-TAG-XXXXXX (/tmp when TMPDIR is unset
 * or empty), made by mkdtemp (mode 0700, a name no other run has).  A
 * test removes it when it is done (hpt_rmtree); a failing test may leave
 * it behind for a look.  Failures to make one are Check assertions,
 * except for hpt_tmpdir_try, which runs before Check (capture.c).
 */
#ifndef HP_TEST_TMPDIR_H
#define HP_TEST_TMPDIR_H

#include <stddef.h>

/* Bytes of a path buffer for hpt_tmpdir_in, the NUL included. */
#define HPT_TMPDIR_MAX 4096

/* Make the folder, its path into dir (size bytes).  Returns 0, or -1
 * (errno set: ENAMETOOLONG when the path does not fit, or mkdtemp's). */
int hpt_tmpdir_try(char *dir, size_t size, const char *tag);

/* The same, failure a Check assertion; returns dir. */
char *hpt_tmpdir_in(char *dir, size_t size, const char *tag);

/* The same, the path malloc'ed (release it with free). */
char *hpt_tmpdir(const char *tag);

/* Remove dir and everything in it, depth first, symbolic links removed
 * and never followed.  What cannot be removed stays; NULL or "" does
 * nothing. */
void hpt_rmtree(const char *dir);

/* The environment changes (capture.h's "NAME=value" entries) that give
 * a program its home in home: HOME=home and XDG_DATA_HOME=home/.local/share,
 * where a user's instances and candidates live (the XDG folders are
 * named, not made). */
struct hpt_home {
	char home[HPT_TMPDIR_MAX + 64]; /* "HOME=..." */
	char data[HPT_TMPDIR_MAX + 96]; /* "XDG_DATA_HOME=.../.local/share" */
};

/* Fill h for home (at most HPT_TMPDIR_MAX + 32 bytes, NUL included). */
void hpt_home_env(struct hpt_home *h, const char *home);

#endif
