#!/bin/sh
# include_check.sh - every `#include "..."` of ours points down the layers
# (docs/architecture.md): a file includes its own folder, its own layer
# and the layers below it, never one above.  The core record
# (prof/record/) includes no feature folder but through its one registry
# file.  Fails naming file:line for each include that points up.
#
# Environment (tests/local.mk): HP_TOP_SRCDIR_ABS, the top source folder.
set -u
src=${HP_TOP_SRCDIR_ABS:?set by tests/local.mk}
cd "$src" || exit 1

# The layers, lowest first: "rank folder" (a folder holds its subfolders
# unless they have a line of their own).  The one place the order is written.
LAYERS='
0 wrap
1 candidates
1 prof/util
1 prof/sandbox
2 prof/ngcc
2 prof/format
3 prof/record
4 prof/measure
5 prof/replay
5 prof/callsites
5 prof/swap
5 prof/own
5 prof/periter
6 prof/report
7 builder
8 drivers
8 drivers/ops
9 drivers/cmds
9 drivers/cli
9 drivers/check
9 drivers/output
9 drivers/campaign
'
# The record's registry of parts: the one core file that names the features.
REGISTRY='prof/record/parts.c'
# Upward includes that are known and wait for their move, "file folder"
# (the record's JSON of call sites, batches and the swap matrix, still in
# the core; enum hp_format, still in prof/report/report.h; the corrected
# shares reading the call sites' and own primitives' parts directly).
KNOWN='
prof/measure/shares.c prof/own
prof/measure/shares.c prof/callsites
prof/record/record.c prof/measure
prof/record/record.c prof/callsites
prof/record/record.c prof/swap
prof/record/record_io.c prof/measure
prof/record/record_io.c prof/report
prof/periter/curve.h prof/report
prof/swap/report.h prof/report
prof/swap/matrix.h prof/report
'
# The -I roots of the targets, in their order (Makefile.am, */local.mk).
ROOTS='wrap prof drivers candidates drivers/cmds builder drivers/campaign'

# rank_of PATH: prints "rank folder" of the longest folder that holds PATH.
rank_of() {
	echo "$LAYERS" | awk -v p="$1" 'NF == 2 && index(p, $2 "/") == 1 && length($2) > best {
		best = length($2); r = $1 " " $2 } END { if (best) print r }'
}

# check FILE "RANK FOLDER": prints one line per include of FILE that points up.
check() {
	f=$1 from=$2
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
		sed 's/^\([0-9]*\):.*"\([^"]*\)".*/\1 \2/' |
		while read -r line inc; do
			t=
			if [ -f "$(dirname "$f")/$inc" ]; then
				t=$(dirname "$f")/$inc
			else
				for r in $ROOTS; do
					if [ -f "$r/$inc" ]; then
						t=$r/$inc
						break
					fi
				done
			fi
			[ -n "$t" ] || continue
			to=$(rank_of "$t")
			[ -n "$to" ] || continue
			fr=${from%% *} ff=${from#* } tr=${to%% *} tf=${to#* }
			[ "$ff" != "$tf" ] && [ "$tr" -gt "$fr" ] || continue
			[ "$f" = "$REGISTRY" ] && [ "$tr" -le 5 ] && continue
			echo "$KNOWN" | grep -qx "$f $tf" && continue
			echo "include_check.sh: $f:$line: includes $t, layer $tr ($tf) above layer $fr ($ff)"
		done
}

out=
n=0
for f in $(find wrap candidates prof builder drivers -name '*.[ch]' | sort); do
	n=$((n + 1))
	from=$(rank_of "$f")
	if [ -z "$from" ]; then
		out="$out
include_check.sh: $f: its folder has no layer (add a line to LAYERS)"
		continue
	fi
	out="$out$(check "$f" "$from" | sed 's/^/\n/')"
done
bad=$(echo "$out" | grep -c '^include_check.sh:')
[ "$bad" -eq 0 ] || echo "$out" | grep '^include_check.sh:'
echo "include_check.sh: $n files read, $bad problems"
[ "$bad" -eq 0 ]
