#!/bin/sh
# example_page.sh - README's `hashprof check --published` example holds:
# docs/examples/published-page.md (a KEM printed with enc/dec, and a
# signature) checks against the built-in instances.  Its calls per
# operation must reproduce exactly (at some N the page's search finds); its
# shares are another machine's, so they are compared with the widest
# tolerance: this checks counts, names and notation, never timing.
#
# Environment (tests/local.mk): HP_TOP_SRCDIR_ABS, HP_TOP_BUILDDIR.
set -u
src=${HP_TOP_SRCDIR_ABS:?set by tests/local.mk}
hashprof=${HP_TOP_BUILDDIR:?set by tests/local.mk}/hashprof
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" HASHPROF_PATH="$tmp/none"
"$hashprof" list 2>/dev/null | grep -q '^ML-KEM-768 ' ||
	{ echo "example_page.sh: SKIP: no PQClean instances (configure --without-pqclean?)"; exit 77; }
"$hashprof" check --published "$src/docs/examples/published-page.md" --share-tolerance 100 >"$tmp/out" 2>&1
rc=$?
status=0
[ $rc -eq 0 ] || { echo "example_page.sh: exit status $rc, want 0"; status=1; }
# 6 rows: 2 shares each, and each helper's count (ML-KEM 4+4+2, ML-DSA 2+2+1)
grep -q '^check: pass: 27 comparisons within tolerance$' "$tmp/out" ||
	{ echo "example_page.sh: not the 27 comparisons of the page"; status=1; }
grep -q 'ML-KEM-768 .*encaps' "$tmp/out" || { echo "example_page.sh: enc not read as encaps"; status=1; }
[ $status -eq 0 ] || cat "$tmp/out"
exit $status
