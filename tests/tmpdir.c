/*
 * tmpdir.c - the suites' temporary folders (see tmpdir.h).
 */
#include "tmpdir.h"

#include <check.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hpt_tmpdir_try(char *dir, size_t size, const char *tag)
{
	const char *base = getenv("TMPDIR");
	int n = snprintf(dir, size, "%s/hashprof-%s-XXXXXX", base && *base ? base : "/tmp", tag);

	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkdtemp(dir) ? 0 : -1;
}

char *hpt_tmpdir_in(char *dir, size_t size, const char *tag)
{
	ck_assert_msg(hpt_tmpdir_try(dir, size, tag) == 0, "no temporary folder %s: %s", dir, strerror(errno));
	return dir;
}

char *hpt_tmpdir(const char *tag)
{
	char *dir = malloc(HPT_TMPDIR_MAX);

	ck_assert_ptr_nonnull(dir);
	return hpt_tmpdir_in(dir, HPT_TMPDIR_MAX, tag);
}

/* nftw: remove one entry (its contents are gone already: FTW_DEPTH). */
static int hpt_remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void hpt_rmtree(const char *dir)
{
	if (dir && *dir)
		nftw(dir, hpt_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

void hpt_home_env(struct hpt_home *h, const char *home)
{
	snprintf(h->home, sizeof h->home, "HOME=%s", home);
	snprintf(h->data, sizeof h->data, "XDG_DATA_HOME=%s/.local/share", home);
}
