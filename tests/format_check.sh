#!/bin/sh
# format_check.sh - every C source and header of ours (not the fixtures,
# which are shaped like submission packages, nor the fetched PQClean) is
# as .clang-format lays it out.  `make format` applies it.
#
# Environment (tests/local.mk): HP_TOP_SRCDIR_ABS, the top source folder.
set -u
src=${HP_TOP_SRCDIR_ABS:?set by tests/local.mk}
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null 2>&1; then
	echo "format_check.sh: $cf not found (setup.sh installs Debian's clang-format)"
	exit 1
fi
cd "$src" || exit 1
# schemes/*-survey.c: written at link time by builder/hp-survey (an in-tree build)
files=$(find wrap candidates prof builder drivers bench tests schemes -name '*.[ch]' ! -path 'tests/fixtures/*' \
	! -path 'schemes/*-survey.c' | sort)
bad=0
for f in $files; do
	if ! "$cf" --dry-run -Werror --style=file "$f" >/dev/null 2>&1; then
		echo "format_check.sh: $f is not formatted ($cf -i $f)"
		bad=$((bad + 1))
	fi
done
n=$(echo "$files" | wc -w)
echo "format_check.sh: $((n - bad)) passed, $bad failed"
[ $bad -eq 0 ]
