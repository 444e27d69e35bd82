#!/bin/sh
# dist_files.sh - the tarball (make dist) holds every file that .ci/run,
# the setup.sh it runs and README's Quick start run by ./NAME: an unpacked
# tarball must set up, build and test like a clone.  `hashprof`
# is the one such name that the build makes.
#
# Environment (tests/local.mk): HP_TOP_SRCDIR, the top source folder as the
# Makefile names it; HP_DISTFILES, the Makefile's $(DISTFILES) (files and
# folders, some with that folder in front).
set -u
srcdir=${HP_TOP_SRCDIR:?set by tests/local.mk}
list=${HP_DISTFILES:?set by tests/local.mk}

# Is $1 (relative to the top folder) in the tarball, or in a folder that is?
in_dist() {
	for w in $list; do
		w=${w#"$srcdir"/}
		w=${w#./}
		[ "$w" = "$1" ] && return 0
		case $1 in "$w"/*) return 0 ;; esac
	done
	return 1
}

status=0
checked=""
names=$({ cat "$srcdir/.ci/run" "$srcdir/setup.sh"
	  sed -n '/^## Quick start/,/^## [^Q]/p' "$srcdir/README.md"; } |
	grep -o '\./[A-Za-z0-9_.-][A-Za-z0-9_./-]*' | sort -u)
for f in .ci/run $names; do
	f=${f#./}
	[ "$f" = hashprof ] && continue
	checked="$checked $f"
	if ! in_dist "$f"; then
		echo "dist_files.sh: $f is run by .ci/run, setup.sh or README's Quick start but is not in the tarball: add it to EXTRA_DIST" >&2
		status=1
	fi
done
[ $status -eq 0 ] && echo "dist_files.sh: in the tarball:$checked"
exit $status
