/*
 * build_tree.h - is this process the hashprof of the build tree?  Then it
 * finds the build tree's instances (drivers/instance.c) and the build
 * tree's run-time pieces for `hashprof build` (builder/link.c), so that
 * the tests need no installation.
 */
#ifndef HP_UTIL_BUILD_TREE_H
#define HP_UTIL_BUILD_TREE_H

/* 1 when /proc/self/exe is the build tree's hashprof (both paths
 * resolved), else 0. */
int hp_util_in_build_tree(void);

#endif
