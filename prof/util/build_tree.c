/*
 * build_tree.c - is this process the build tree's hashprof (see
 * build_tree.h)?  HP_ABS_BUILDDIR comes from prof/util/local.mk.
 */
#include "build_tree.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#ifndef HP_ABS_BUILDDIR
#error "HP_ABS_BUILDDIR must be defined"
#endif

int hp_util_in_build_tree(void)
{
	char self[PATH_MAX], built[PATH_MAX];

	return realpath("/proc/self/exe", self) && realpath(HP_ABS_BUILDDIR "/hashprof", built) &&
	       !strcmp(self, built);
}
