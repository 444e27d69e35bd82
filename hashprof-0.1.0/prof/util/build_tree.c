/*
 * build_tree.c - is this process a build tree's hashprof (see
 * build_tree.h)?
 */
#include "build_tree.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hp_util_build_tree(char *builddir, char *srcdir, size_t len)
{
	char self[PATH_MAX], marker[PATH_MAX + sizeof HP_BUILD_TREE_MARKER + 1], line[PATH_MAX + 16];
	char *slash;
	FILE *f;
	size_t n;

	if (!realpath("/proc/self/exe", self) || !(slash = strrchr(self, '/')))
		return 0;
	*slash = '\0';
	snprintf(marker, sizeof marker, "%s/%s", self, HP_BUILD_TREE_MARKER);
	if (!(f = fopen(marker, "r")))
		return 0;
	if (!fgets(line, sizeof line, f))
		line[0] = '\0';
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	if (strlen(self) >= len)
		return 0;
	snprintf(builddir, len, "%s", self);
	n = strncmp(line, "srcdir=", 7) || !line[7] ? 0 : strlen(line + 7);
	if (n >= len)
		return 0;
	snprintf(srcdir, len, "%s", n ? line + 7 : self);
	return 1;
}

int hp_util_in_build_tree(void)
{
	char b[PATH_MAX], s[PATH_MAX];

	return hp_util_build_tree(b, s, sizeof b);
}
