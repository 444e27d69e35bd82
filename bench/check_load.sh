#!/bin/sh
# check_load.sh - does `hashprof check` raise false alarms on a busy
# machine, and does it still catch a real change?  (docs/check-statistics.md)
#
#   bench/check_load.sh [-r REPS] [-x EXTRA] [aa|b|all]
#
# A/A: a record of ML-KEM-768 encaps and of SYNTH-KEM encaps (about 35 us)
#   made on the quiet machine, then `hashprof check` of it REPS times
#   (default 20) beside two CPU-bound loops (sh -c 'while :; do :; done'):
#   the package did not change, so every REGRESSION is a false alarm.
# B: the fixture tests/fixtures/share-shift (FIX-SHIFT) built as it is and
#   recorded (sign), then rebuilt with -D FIX_SHIFT_EXTRA=EXTRA (default 2:
#   the same helper calls, 2 more SM3 runs of its own work, a hash share
#   about 3 pp lower) and checked against that record REPS times quietly
#   and REPS times beside the loops: every run should say REGRESSION.
#
# Counts exit statuses: 0 pass, 1 regression (REGRESSION), 4 undecided,
# anything else an error.  Instances built here go to a scratch
# XDG_DATA_HOME, never the user's.  The loops are killed on exit (trap).
# Timing experiments: nothing here is part of `make check`.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
HASHPROF=${HASHPROF:-$top/hashprof}
reps=20
extra=2
while getopts r:x: opt; do
	case $opt in
	r) reps=$OPTARG ;;
	x) extra=$OPTARG ;;
	*) echo "usage: $0 [-r REPS] [-x EXTRA] [aa|b|all]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
what=${1:-all}
case $what in aa | b | all) ;; *) echo "$0: '$what' is not aa, b or all" >&2; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/check_load.XXXXXX") || exit 2
XDG_DATA_HOME=$work/xdg
export XDG_DATA_HOME
loops=""

start_loops() {
	for _ in 1 2; do
		sh -c 'while :; do :; done' &
		loops="$loops $!"
	done
}

stop_loops() {
	for p in $loops; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	loops=""
}

trap 'stop_loops; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# check BASELINE REPS LABEL: run the check REPS times, print the counts and
# the hash share's diff cell of each run.
checks() {
	pass=0 reg=0 und=0 err=0 diffs=""
	i=0
	while [ "$i" -lt "$2" ]; do
		"$HASHPROF" check "$1" >"$work/check.out" 2>&1
		rc=$?
		case $rc in
		0) pass=$((pass + 1)) ;;
		1) reg=$((reg + 1)) ;;
		4) und=$((und + 1)) ;;
		*) err=$((err + 1)); sed -n '$p' "$work/check.out" >&2 ;;
		esac
		d=$(awk '$3 == "hash" && $4 == "share" { print $7 }' "$work/check.out" | head -n 1)
		diffs="$diffs ${d:-?}"
		i=$((i + 1))
	done
	printf '  %-40s %3d checks: %2d REGRESSION, %2d undecided, %2d pass, %d errors\n' "$3" "$2" "$reg" "$und" \
		"$pass" "$err"
	printf '  %-40s hash share diff (pp):%s\n' "" "$diffs"
}

record() { # INSTANCE OP DIR
	"$HASHPROF" "$1" "$2" --record-dir "$3" >"$work/record.out" 2>&1 || {
		echo "$0: hashprof $1 $2 --record-dir failed:" >&2
		cat "$work/record.out" >&2
		exit 1
	}
	awk -v op="$2" '$2 == op { print "  record: " $0 }' "$work/record.out"
}

echo "check_load.sh: $reps checks each; load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"

if [ "$what" != b ]; then
	echo "A/A: a quiet record, checked beside two CPU-bound loops (every REGRESSION is a false alarm)"
	for row in "ML-KEM-768 encaps" "SYNTH-KEM encaps"; do
		set -- $row
		dir=$work/aa-$1
		record "$1" "$2" "$dir"
		start_loops
		checks "$dir" "$reps" "$1 $2, loaded"
		stop_loops
	done
fi

if [ "$what" != aa ]; then
	echo "B: FIX-SHIFT sign recorded as built, checked after -D FIX_SHIFT_EXTRA=$extra (every run should be REGRESSION)"
	"$HASHPROF" build "$top/tests/fixtures/share-shift" -f >"$work/build.out" 2>&1 || {
		cat "$work/build.out" >&2
		exit 1
	}
	record FIX-SHIFT sign "$work/b"
	"$HASHPROF" build "$top/tests/fixtures/share-shift" -f -D "FIX_SHIFT_EXTRA=$extra" >"$work/build.out" 2>&1 || {
		cat "$work/build.out" >&2
		exit 1
	}
	checks "$work/b" "$reps" "FIX-SHIFT sign +$extra, quiet"
	start_loops
	checks "$work/b" "$reps" "FIX-SHIFT sign +$extra, loaded"
	stop_loops
fi
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
