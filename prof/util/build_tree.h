/*
 * build_tree.h - is this process the hashprof of a build tree?  Then it
 * finds the build tree's instances (drivers/instance.c) and the build
 * tree's run-time pieces for `hashprof build` (builder/objects/link.c), so that
 * the tests need no installation.
 *
 * The binary carries no path of the tree it was built in (an
 * installed hashprof names no build or source folder): a build tree is
 * recognised by the marker file HP_BUILD_TREE_MARKER beside the running
 * binary, which `make` writes into the top build folder (Makefile.am) and
 * `make install` never installs.  Its one line "srcdir=PATH" names the
 * source tree (VPATH builds and make distcheck keep the two apart).
 */
#ifndef HP_UTIL_BUILD_TREE_H
#define HP_UTIL_BUILD_TREE_H

#include <stddef.h>

#define HP_BUILD_TREE_MARKER "hashprof.build-tree"

/*
 * 1 when the running binary (/proc/self/exe, resolved) has the marker
 * beside it: then builddir gets the folder of the binary and srcdir the
 * marker's source folder (each len bytes; the build folder when the
 * marker names none).  0 otherwise (an installed hashprof), or when a
 * path does not fit.
 */
int hp_util_build_tree(char *builddir, char *srcdir, size_t len);

/* hp_util_build_tree without the paths: 1 or 0. */
int hp_util_in_build_tree(void);

#endif
