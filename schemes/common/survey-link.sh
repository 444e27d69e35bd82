#!/bin/sh
# survey-link.sh - link a built-in instance module with its survey:
# the symmetric code of its objects, as `hashprof build` does
# it for a package (builder/survey/survey.c).  Automake runs it as the module's
# LINK command (schemes/*/local.mk: schemes_X_la_LINK), so it sees the
# whole libtool link command line:
#
#   survey-link.sh --survey TOOL --compile 'CMD' [--skip LIB.la]...
#                  [--no-entries] -- LIBTOOL-LINK... -o DIR/NAME.la OBJECTS... LIBS...
#
# It runs TOOL (builder/hp-survey) on the objects and convenience
# archives of the link (the .lo and .la words; hashprof's own shims,
# --skip, left out), which writes DIR/NAME-survey.c (the .hashprof_survey
# section, and the shims of the own-primitive entry functions it wraps)
# and DIR/NAME-survey.wrap (their -Wl,--wrap=F words); compiles the .c
# with CMD into DIR/NAME-survey.lo; then runs the link with that object
# and those words added.
# --no-entries: an uninstrumented twin (nothing of its own code wrapped).
set -eu

survey='' compile='' skip='' entries=''
while [ $# -gt 0 ]; do
	case $1 in
	--survey) survey=$2; shift 2 ;;
	--compile) compile=$2; shift 2 ;;
	--skip) skip="$skip $2"; shift 2 ;;
	--no-entries) entries=--no-entries; shift ;;
	--) shift; break ;;
	*) echo "survey-link.sh: unknown option $1" >&2; exit 2 ;;
	esac
done
[ -n "$survey" ] && [ -n "$compile" ] || { echo "survey-link.sh: --survey and --compile are required" >&2; exit 2; }

out='' prev='' inputs=''
for w in "$@"; do
	[ "$prev" = -o ] && out=$w
	prev=$w
done
case $out in
*.la) ;;
*) echo "survey-link.sh: no -o NAME.la in the link command" >&2; exit 2 ;;
esac
for w in "$@"; do
	[ "$w" = "$out" ] && continue
	case " $skip " in *" $w "*) continue ;; esac
	case $w in
	*/*) d=${w%/*} ;;
	*) d=. ;;
	esac
	b=${w##*/}
	case $w in
	*.lo)
		if [ -f "$d/.libs/${b%.lo}.o" ]; then
			inputs="$inputs $d/.libs/${b%.lo}.o"
		else
			inputs="$inputs $d/${b%.lo}.o"
		fi
		;;
	*.la)
		[ -f "$d/.libs/${b%.la}.a" ] && inputs="$inputs $d/.libs/${b%.la}.a"
		;;
	esac
done

base=${out%.la}-survey
# shellcheck disable=SC2086 # $inputs is a list of words on purpose
"$survey" $entries --c "$base.c" --wraps "$base.wrap" $inputs
# shellcheck disable=SC2086 # $compile is a command line on purpose
eval "$compile -o \"\$base.lo\" \"\$base.c\""
# shellcheck disable=SC2046 # one word per line of the .wrap file
exec "$@" "$base.lo" $(cat "$base.wrap")
