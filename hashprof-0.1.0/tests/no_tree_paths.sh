#!/bin/sh
# no_tree_paths.sh - the hashprof binary and the instance modules `make
# install` installs name no folder of the tree they were built in (issue
# 19): the build tree is found by the marker beside the binary
# (prof/util/build_tree.h), the installed pieces through the configured
# folders.  The strings a program can use are in .rodata and .data (debug
# information, which does name the build folder, is not looked at).
#
# Environment (tests/local.mk): HP_TOP_BUILDDIR, HP_TOP_SRCDIR, absolute.
set -u
build=${HP_TOP_BUILDDIR:?set by tests/local.mk}
src=${HP_TOP_SRCDIR_ABS:?set by tests/local.mk}
status=0
for f in "$build/hashprof" "$build"/schemes/.libs/*.so; do
	[ -f "$f" ] || continue
	for sec in .rodata .data .hashprof; do
		hits=$(readelf -p "$sec" "$f" 2>/dev/null | grep -F -e "$build" -e "$src" || true)
		if [ -n "$hits" ]; then
			echo "no_tree_paths.sh: $f: section $sec names a folder of the tree:"
			echo "$hits"
			status=1
		fi
	done
done
[ -f "$build/hashprof" ] || { echo "no_tree_paths.sh: $build/hashprof missing"; exit 1; }
[ $status -eq 0 ] && echo "no_tree_paths.sh: 1 passed, 0 failed" || echo "no_tree_paths.sh: 0 passed, 1 failed"
exit $status
