#!/bin/sh
# man_pages.sh - the manual pages: every page of docs/man renders with
# `man --warnings` silent and has the sections a page of ours must have;
# `hashprof help CMD` prints exactly what `hashprof CMD --help` prints.
#
# Environment: in the build tree (make check, tests/local.mk)
# HP_TOP_BUILDDIR (the pages are its docs/man/*.1, the program its
# hashprof); as installed (make installcheck) HP_MANDIR (read with man -M)
# and HP_HASHPROF.  HP_MAN_BUILT=no: configure made no pages (no help2man,
# or a cross build): only the help check runs.
set -u
status=0
fail() { echo "man_pages.sh: $*"; status=1; }
hashprof=${HP_HASHPROF:-${HP_TOP_BUILDDIR:?set by tests/local.mk}/hashprof}
pages="hashprof hashprof-list hashprof-build hashprof-campaign hashprof-report hashprof-check"
# the instances of this run only (the user's own folders are not read)
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" HASHPROF_PATH="${HP_INSTANCE_PATH:-$tmp/none}"
export LC_ALL=C.UTF-8 MANWIDTH=80

for cmd in list build campaign report check; do
	"$hashprof" help "$cmd" >"$tmp/help.out" 2>&1 || fail "hashprof help $cmd: exit status $?"
	"$hashprof" "$cmd" --help >"$tmp/opt.out" 2>&1 || fail "hashprof $cmd --help: exit status $?"
	cmp -s "$tmp/help.out" "$tmp/opt.out" || fail "hashprof help $cmd differs from hashprof $cmd --help"
	[ -s "$tmp/help.out" ] || fail "hashprof help $cmd printed nothing"
done
"$hashprof" help no-such-command >/dev/null 2>"$tmp/err" && fail "hashprof help no-such-command: exit status 0"
grep -q "'no-such-command' is not a command" "$tmp/err" || fail "hashprof help no-such-command: $(cat "$tmp/err")"

if [ "${HP_MAN_BUILT:-yes}" = no ]; then
	echo "man_pages.sh: no manual pages were made (configure: no help2man, or a cross build)"
	exit $status
fi
command -v man >/dev/null 2>&1 || { echo "man_pages.sh: SKIP: no man program (Debian package: man-db)"; exit 77; }
for p in $pages; do
	if [ -n "${HP_MANDIR:-}" ]; then
		set -- -M "$HP_MANDIR" "$p"
	else
		set -- -l "$HP_TOP_BUILDDIR/docs/man/$p.1"
	fi
	man --warnings "$@" >"$tmp/page" 2>"$tmp/warnings" || fail "$p: man exit status $?: $(head -3 "$tmp/warnings")"
	[ -s "$tmp/warnings" ] && fail "$p: man --warnings: $(head -3 "$tmp/warnings")"
	for section in NAME SYNOPSIS DESCRIPTION "EXIT STATUS" ENVIRONMENT EXAMPLES "SEE ALSO"; do
		grep -q "^$section\$" "$tmp/page" || fail "$p: no $section section"
	done
	# the options come from the command's own --help
	grep -q -- "--help" "$tmp/page" || fail "$p: no --help option: not made from the program's --help?"
	# --help's UTF-8 (the ± of a spread) survives help2man, never as "??"
	if grep -n '??' "$tmp/page" >"$tmp/qq"; then
		fail "$p: '??' where --help has a non-ASCII character: $(head -1 "$tmp/qq")"
	fi
done
exit $status
