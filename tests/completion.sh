#!/bin/sh
# completion.sh - the bash completion completes what a user types: a
# command, an instance, the operations of the instance named, an option
# of the command and its values.
#
# Environment: in the build tree (make check) HP_TOP_SRCDIR_ABS and
# HP_TOP_BUILDDIR; as installed (make installcheck) HP_COMPLETION (the
# installed completions/hashprof) and HP_HASHPROF.
set -u
command -v bash >/dev/null 2>&1 || { echo "completion.sh: SKIP: no bash"; exit 77; }
completion=${HP_COMPLETION:-${HP_TOP_SRCDIR_ABS:?set by tests/local.mk}/drivers/cmds/completion.bash}
hashprof=${HP_HASHPROF:-${HP_TOP_BUILDDIR:?set by tests/local.mk}/hashprof}
[ -f "$completion" ] || { echo "completion.sh: no completion at $completion"; exit 1; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
# the instances of this run only (the user's own folders are not read)
export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" HASHPROF_PATH="${HP_INSTANCE_PATH:-$tmp/none}"
export HP_COMPLETION_FILE="$completion" HP_BIN="$hashprof"
bash --norc --noprofile <<'BASH'
status=0
source "$HP_COMPLETION_FILE" || exit 1
# expect "WORDS..." "REPLY...": the completions of the last word, sorted
expect() {
	local want=$1
	shift
	COMP_WORDS=("$HP_BIN" "$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_hashprof
	local got
	got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
	got=${got% }
	if [[ $got != "$want" ]]; then
		echo "completion.sh: hashprof $* <TAB>: got '$got', want '$want'"
		status=1
	fi
}
expect "sign" ML-DSA-44 s
expect "keygen" ML-DSA-44 k
expect "decaps" ML-KEM-768 d
expect "pass1 pass2 pass3 pass4 pass5" KEX-ML-KEM-768 pa
expect "ML-KEM-768 ML-KEM-768-NATIVE" ML-KEM-76
expect "campaign" camp
expect "check" help ch
expect "--tier= --timeout=" campaign --ti
expect "--format=" ML-DSA-44 sign --form
expect "json" ML-DSA-44 sign --format = j
expect "cycles tsc" --clock = ""
expect "--long" list --lo
expect "" ML-DSA-44 sign ""
exit $status
BASH
