#!/bin/sh
# help2man.sh NAME HASHPROF H2M VERSION - the manual page of NAME (hashprof
# or hashprof-COMMAND) on stdout, made by help2man from the command's own
# --help (its options, which so never disagree with the program) and the
# sections of H2M (NAME, OUTPUT, EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES,
# SEE ALSO).  Our --help texts give further synopsis lines as "       hashprof
# ..."; help2man reads GNU's "  or:  ..." form, so a wrapper rewrites them.
set -eu
name=$1 hashprof=$2 h2m=$3 version=$4
case $hashprof in /*) ;; *) hashprof=$PWD/$hashprof ;; esac
cmd=${name#hashprof}
cmd=${cmd#-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The main --help's usage block is a menu of the commands, with notes
# that help2man cannot lay out: its page gives them in H2M's [SYNOPSIS].
filter='s/^       hashprof /  or:  hashprof /'
[ -n "$cmd" ] || filter='2,/^Measure /{/^Measure /!d;}'
cat >"$tmp/$name" <<WRAP
#!/bin/sh
"$hashprof" $cmd "\$@" | sed '$filter'
WRAP
chmod +x "$tmp/$name"
help2man --locale=C.UTF-8 --no-info --no-discard-stderr --version-string="$version" \
	--include="$h2m" "$tmp/$name"
