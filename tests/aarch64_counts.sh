#!/bin/sh
# tests/aarch64_counts.sh - the call counts of two hashprof builds, row by
# row (the AArch64 build under qemu-aarch64 against the native
# x86-64 one).
#
#   tests/aarch64_counts.sh [-n N] NATIVE_HASHPROF OTHER_HASHPROF [INSTANCE...]
#
# Every instance NATIVE_HASHPROF lists (or those named), every operation:
# NATIVE_HASHPROF runs it with the default procedure (N planned from its
# calibration call, the warm-up, the default seed and message; with -n N,
# N operations and one warm-up) and writes its records; OTHER_HASHPROF
# runs the same row with that record's N and warm-up (and the same
# default seed and message), so that the DRNG stream is the same.  Then,
# per row, with nothing measured by time in it:
#   - the CSV's exact calls per operation of each helper (calls_drng,
#     calls_pseudoXOF, calls_pseudohash, calls_sm3hash, calls_drng_init),
#     shape_overflow_calls_per_operation, operations and status;
#   - the whole call table of the records: every shape's helper, input
#     and output bits, outermost and nested calls (not its ticks).
# Prints a markdown table, one line per row, and exits 0 when every row
# is identical, 1 when one differs or failed, 2 on bad usage.
set -u

n=
case ${1:-} in
-n) [ $# -ge 2 ] || { echo "usage: $0 [-n N] NATIVE_HASHPROF OTHER_HASHPROF [INSTANCE...]" >&2; exit 2; }
	n=$2; shift 2 ;;
esac
if [ $# -lt 2 ]; then
	echo "usage: $0 [-n N] NATIVE_HASHPROF OTHER_HASHPROF [INSTANCE...]" >&2
	exit 2
fi
native=$1 other=$2
shift 2
for p in "$native" "$other"; do
	[ -x "$p" ] || { echo "aarch64_counts.sh: $p is not an executable" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/hp-counts-XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP
# Both hashprofs see only their own build tree's instances: a HOME and XDG
# folders in $work, no HASHPROF_PATH of the caller's (an instance the user
# built into ~/.local/share/hashprof/instances would join the list, and
# one of the other architecture could not be loaded by the other build).
HOME=$work/home XDG_DATA_HOME=$work/home/.local/share XDG_CACHE_HOME=$work/home/.cache
XDG_CONFIG_HOME=$work/home/.config
export HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_CONFIG_HOME
unset HASHPROF_PATH HASHPROF_HASH_PATH HASHPROF_COST_CACHE
mkdir -p "$HOME"

if [ $# -gt 0 ]; then
	instances="$*"
else
	instances=$("$native" list | awk 'NR > 1 { print $1 }')
fi
[ -n "$instances" ] || { echo "aarch64_counts.sh: $native lists no instance" >&2; exit 2; }

# The CSV columns compared, by name (the header says where they are).
columns="status operations calls_drng calls_pseudoXOF calls_pseudohash calls_sm3hash calls_drng_init"
columns="$columns shape_overflow_calls_per_operation"

# columns_of FILE: the compared columns of every data line of a hashprof CSV,
# as "instance operation col=value ..." (columns found by the header's
# names; a quoted field may hold commas and doubled quotes)
columns_of() {
	awk -v want="$columns" '
	function split_csv(line, out,    n, i, c, q, f) {
		n = 0; f = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (c == "\"") { q = !q; continue }
			if (c == "," && !q) { out[++n] = f; f = ""; continue }
			f = f c
		}
		out[++n] = f
		return n
	}
	NR == 1 { nh = split_csv($0, head); for (i = 1; i <= nh; i++) col[head[i]] = i; next }
	{
		split_csv($0, v)
		line = v[col["instance"]] " " v[col["operation"]]
		nw = split(want, w, " ")
		for (i = 1; i <= nw; i++) if (w[i] != "") line = line " " w[i] "=" v[col[w[i]]]
		print line
	}' "$1"
}

# shapes RECORD: the call table of a record without its ticks, one line
# per shape ("fn in out calls nested").
shapes() {
	awk '
	/^  "calls": \[/ { on = 1; next }
	on && /^  \]/ { on = 0 }
	on && /"fn":/ { gsub(/[",]/, ""); fn = $2 }
	on && /"in_bits":/ { gsub(/,/, ""); inb = $2 }
	on && /"out_bits":/ { gsub(/,/, ""); outb = $2 }
	on && /"calls":/ { gsub(/,/, ""); calls = $2 }
	on && /"nested":/ { gsub(/,/, ""); print fn, inb, outb, calls, $2 }' "$1"
}

# show "col=value ...": the non-zero calls per operation, "pseudoXOF 44.2,
# drng 1" ("none" when all are zero), then any status but ok, and any
# overflow
show() {
	echo "$1" | awk '{
		out = ""; extra = ""
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] ~ /^calls_/ && kv[2] + 0 != 0)
				out = out (out == "" ? "" : ", ") substr(kv[1], 7) " " kv[2]
			else if (kv[1] == "status" && kv[2] != "ok")
				extra = extra " status " kv[2]
			else if (kv[1] == "shape_overflow_calls_per_operation" && kv[2] + 0 != 0)
				extra = extra " overflow " kv[2]
		}
		print (out == "" ? "none" : out) extra
	}'
}

# field RECORD NAME: a number of the record's procedure
field() {
	sed -n "s/^    \"$2\": \\([0-9]*\\),*\$/\\1/p" "$1" | head -n 1
}

status=0
rows=0 same=0
mkdir -p "$work/native" "$work/other"
printf '| instance | operation | N | warm-up | calls per operation, x86-64 | AArch64 | call table (shapes) |\n'
printf '|---|---|---|---|---|---|---|\n'
for inst in $instances; do
	# shellcheck disable=SC2086 # $n is empty or one number
	"$native" "$inst" --format=csv --record-dir "$work/native" ${n:+-n "$n" --warmup 1} \
		>"$work/native-$inst.csv" 2>"$work/native-$inst.err"
	: >"$work/other-$inst.csv"
	columns_of "$work/native-$inst.csv" >"$work/native-$inst.sel"
	while read -r ri rop rest; do
		rec="$work/native/${ri}__${rop}.json"
		iters=$(field "$rec" iterations 2>/dev/null)
		warm=$(field "$rec" warmup 2>/dev/null)
		rows=$((rows + 1))
		if [ -z "$iters" ] || [ -z "$warm" ]; then
			printf '| %s | %s | - | - | %s | not run: no native record | - |\n' "$ri" "$rop" "$rest"
			status=1
			continue
		fi
		"$other" "$ri" "$rop" -n "$iters" --warmup "$warm" --format=csv --record-dir "$work/other" \
			>"$work/one.csv" 2>"$work/one.err"
		theirs=$(columns_of "$work/one.csv" | sed -n '1s/^[^ ]* [^ ]* //p')
		verdict=identical
		[ "$rest" = "$theirs" ] || verdict=DIFFERENT
		case $rest in *status=ok*) ;; *) verdict="FAILED ($verdict)" ;; esac
		if [ -f "$work/other/${ri}__${rop}.json" ] &&
			[ "$(shapes "$rec")" = "$(shapes "$work/other/${ri}__${rop}.json")" ] &&
			[ -n "$(shapes "$rec")" ]; then
			table="identical ($(shapes "$rec" | wc -l | tr -d ' '))"
		elif [ -z "$(shapes "$rec")" ] && [ -f "$work/other/${ri}__${rop}.json" ] &&
			[ -z "$(shapes "$work/other/${ri}__${rop}.json")" ]; then
			table="identical (none)"
		else
			table=DIFFERENT
			verdict=DIFFERENT
		fi
		mine=$(show "$rest")
		if [ "$verdict" = identical ]; then
			same=$((same + 1))
			printf '| %s | %s | %s | %s | %s | identical | %s |\n' "$ri" "$rop" "$iters" "$warm" "$mine" "$table"
		else
			status=1
			printf '| %s | %s | %s | %s | %s | %s: %s | %s |\n' "$ri" "$rop" "$iters" "$warm" "$mine" "$verdict" \
				"$(show "$theirs")" "$table"
			sed 's/^/    /' "$work/one.err" >&2
		fi
	done <"$work/native-$inst.sel"
done
echo
echo "counts: $same of $rows rows identical"
[ "$rows" -gt 0 ] || status=1
exit $status
