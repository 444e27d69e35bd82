#!/bin/sh
# fetch-pqclean.sh - put PQClean 0.8.1's C sources into the build tree.
#
# configure runs this (m4/hp_pqclean.m4); nothing of PQClean is ever
# committed.  The sources come from the npm package pqclean@0.8.1, whose
# tarball carries PQClean under package/deps/PQClean/.
#
# Usage: fetch-pqclean.sh [--source DIR|TARBALL] DEST
#   DEST       folder to create, in the build tree; it receives PQClean's
#              common/ and the scheme folders hashprof builds
#              (crypto_kem/ml-kem-*, crypto_sign/ml-dsa-*,
#              crypto_sign/sphincs-shake-128f-simple, crypto_sign/falcon-512)
#   --source   take PQClean from DIR (the unpacked npm package `package/',
#              the folder holding it, its deps/PQClean, or any PQClean tree)
#              or from TARBALL (pqclean-0.8.1.tgz; its sha512 must match)
#              instead of the cache or npm
# Without --source: the cached tarball
#   ${XDG_CACHE_HOME:-$HOME/.cache}/hashprof/pqclean-0.8.1.tgz
# when its sha512 matches, else `npm pack pqclean@0.8.1' from the npm
# registry npm is configured with; a verified download is stored in the
# cache for the next build and for offline builds.
#
# Exit status 0 when DEST holds the sources (progress on stdout); 1 with
# the reason as the LAST line on stderr otherwise (configure quotes it).
# Environment: NPM (npm command, default npm), HP_FETCH_TIMEOUT (seconds
# allowed for npm, default 180).
set -u

version=0.8.1
# The npm "integrity" of pqclean-0.8.1.tgz: base64 of its SHA-512 ...
integrity='sha512-+5FtknAJdiNtVBiyLiKW3OnanhcqSWy44KCaZz1tELhalp5HfuIcxNsX9uS0t7ne2tEWc7NBd4GpiQBTGTIJBA=='
# ... and the same digest in hex, for sha512sum.
sha512_hex=fb916d92700976236d5418b22e2296dce9da9e172a496cb8e0a09a673d6d10b85a969e477ee21cc4db17f6e4b4b7b9dedad11673b3417781a989005319320904
tarball_name=pqclean-$version.tgz
# What hashprof compiles: folders relative to PQClean's root.
members='common
crypto_kem/ml-kem-512
crypto_kem/ml-kem-768
crypto_kem/ml-kem-1024
crypto_sign/ml-dsa-44
crypto_sign/ml-dsa-65
crypto_sign/ml-dsa-87
crypto_sign/sphincs-shake-128f-simple
crypto_sign/falcon-512'
# Files that must be present afterwards (one per member is enough).
probes='common/compat.h
crypto_kem/ml-kem-512/clean/kem.c
crypto_kem/ml-kem-768/clean/kem.c
crypto_kem/ml-kem-1024/clean/kem.c
crypto_sign/ml-dsa-44/clean/sign.c
crypto_sign/ml-dsa-65/clean/sign.c
crypto_sign/ml-dsa-87/clean/sign.c
crypto_sign/sphincs-shake-128f-simple/clean/sign.c
crypto_sign/falcon-512/clean/pqclean.c'
stamp_name=.hashprof-pqclean

die() {
	echo "fetch-pqclean.sh: $*" >&2
	exit 1
}

source=
while [ $# -gt 0 ]; do
	case $1 in
	--source) [ $# -ge 2 ] || die "--source needs an argument"; source=$2; shift 2 ;;
	--source=*) source=${1#--source=}; shift ;;
	--) shift; break ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || die "usage: fetch-pqclean.sh [--source DIR|TARBALL] DEST"
dest=$1
case $dest in
/*) ;;
*) dest=$(pwd)/$dest ;;
esac

# sha512 of a file in hex (sha512sum from coreutils, else openssl).
sha512_of() {
	if command -v sha512sum >/dev/null 2>&1; then
		sha512sum <"$1" | cut -d' ' -f1
	elif command -v openssl >/dev/null 2>&1; then
		openssl dgst -sha512 -r <"$1" | cut -d' ' -f1
	else
		echo none
	fi
}

# verify FILE: 0 when FILE is the expected tarball.
verify() {
	[ -f "$1" ] && [ "$(sha512_of "$1")" = "$sha512_hex" ]
}

tmp=''
dl=''
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	[ -n "$tmp" ] && rm -rf "$tmp"
	[ -n "$dl" ] && rm -rf "$dl"
	return 0
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

# The stamp records where DEST came from; an identical stamp means DEST is
# already right and is left alone (so a re-run of configure does not make
# every PQClean object out of date).
stamp_of_tarball="pqclean $version $integrity"
up_to_date() {
	[ -f "$dest/$stamp_name" ] && [ "$(cat "$dest/$stamp_name")" = "$1" ] || return 1
	for p in $probes; do
		[ -f "$dest/$p" ] || return 1
	done
	return 0
}

# Replace DEST by the PQClean root ROOT (a folder we own, inside $tmp).
install_root() {
	root=$1 stamp=$2
	for p in $probes; do
		[ -f "$root/$p" ] || die "$p is missing from the PQClean sources"
	done
	if [ -e "$dest" ]; then
		# Only ever remove what an earlier run made, or the empty
		# dependency stubs (.deps/*.Plo) that config.status creates there
		# when PQClean was not configured.
		if [ ! -f "$dest/$stamp_name" ] &&
			[ -n "$(find "$dest" -type f ! -path '*/.deps/*' | head -n 1)" ]; then
			die "$dest exists and was not made by fetch-pqclean.sh; remove it"
		fi
		rm -rf "$dest" || die "cannot remove the old $dest"
	fi
	mkdir -p "$(dirname "$dest")" || die "cannot create $(dirname "$dest")"
	printf '%s\n' "$stamp" >"$root/$stamp_name" || die "cannot write the stamp"
	mv "$root" "$dest" || die "cannot move the sources to $dest"
	echo "PQClean $version sources in $dest"
}

# Unpack the wanted members of a verified tarball into DEST.
unpack() {
	if up_to_date "$stamp_of_tarball"; then
		echo "PQClean $version sources already in $dest"
		return 0
	fi
	tmp=$(mktemp -d "${dest}.tmp.XXXXXX") || die "cannot create a temporary folder next to $dest"
	list=
	for m in $members; do
		list="$list package/deps/PQClean/$m"
	done
	# shellcheck disable=SC2086 # $list is a word list on purpose
	gzip -dc "$1" | (cd "$tmp" && tar -xf - $list) ||
		die "cannot unpack $1 (gzip and tar needed)"
	install_root "$tmp/package/deps/PQClean" "$stamp_of_tarball"
}

# Copy the wanted members of a PQClean tree found under DIR into DEST.
copy_dir() {
	dir=$(cd "$1" && pwd) || die "cannot enter $1"
	root=
	for cand in "$dir/deps/PQClean" "$dir/package/deps/PQClean" "$dir"; do
		if [ -d "$cand/common" ] && [ -d "$cand/crypto_kem" ] && [ -d "$cand/crypto_sign" ]; then
			root=$cand
			break
		fi
	done
	[ -n "$root" ] || die "no PQClean tree (common/, crypto_kem/, crypto_sign/) in $dir, $dir/deps/PQClean or $dir/package/deps/PQClean"
	stamp="pqclean dir $root"
	if up_to_date "$stamp"; then
		echo "PQClean sources from $root already in $dest"
		return 0
	fi
	tmp=$(mktemp -d "${dest}.tmp.XXXXXX") || die "cannot create a temporary folder next to $dest"
	for m in $members; do
		[ -d "$root/$m" ] || die "$root/$m is missing"
		if ! mkdir -p "$tmp/PQClean/$(dirname "$m")" ||
			! cp -R "$root/$m" "$tmp/PQClean/$m"; then
			die "cannot copy $root/$m"
		fi
	done
	install_root "$tmp/PQClean" "$stamp"
}

# ---- an explicit source --------------------------------------------------
if [ -n "$source" ]; then
	if [ -d "$source" ]; then
		copy_dir "$source"
		exit 0
	fi
	[ -f "$source" ] || die "--source $source: no such file or folder"
	verify "$source" ||
		die "$source is not $tarball_name: its sha512 differs from the expected $integrity"
	unpack "$source"
	exit 0
fi

# ---- the cache -----------------------------------------------------------
cache_dir=
if [ -n "${XDG_CACHE_HOME:-}" ]; then
	cache_dir=$XDG_CACHE_HOME/hashprof
elif [ -n "${HOME:-}" ]; then
	cache_dir=$HOME/.cache/hashprof
fi
cached=${cache_dir:+$cache_dir/$tarball_name}
if [ -n "$cached" ] && [ -f "$cached" ]; then
	if verify "$cached"; then
		echo "using the cached $cached"
		unpack "$cached"
		exit 0
	fi
	echo "the cached $cached has a wrong sha512; fetching it again" >&2
fi

# ---- npm -----------------------------------------------------------------
npm=${NPM:-npm}
command -v "$npm" >/dev/null 2>&1 ||
	die "no cached $tarball_name${cached:+ in $cache_dir} and no npm to fetch it (Debian package: npm)"
dl=$(mktemp -d "${dest}.dl.XXXXXX") || die "cannot create a temporary folder next to $dest"
tmo=
if command -v timeout >/dev/null 2>&1; then
	tmo="timeout ${HP_FETCH_TIMEOUT:-180}"
fi
echo "fetching pqclean@$version with npm pack"
# shellcheck disable=SC2086 # $tmo is empty or a command prefix
if ! (cd "$dl" && $tmo "$npm" pack "pqclean@$version" --prefer-offline \
	--fetch-retries=1 --fetch-timeout=60000 >npm.out 2>npm.err); then
	sed 's/^/npm: /' "$dl/npm.err" >&2
	die "npm pack pqclean@$version failed (no network or no registry access?)${cached:+; put $tarball_name in $cache_dir} or configure --with-pqclean=DIR|TARBALL"
fi
if ! verify "$dl/$tarball_name"; then
	got=$( [ -f "$dl/$tarball_name" ] && sha512_of "$dl/$tarball_name" )
	die "the tarball npm returned is not the expected pqclean $version (sha512 ${got:-missing}, expected $sha512_hex)"
fi
use=$dl/$tarball_name
if [ -n "$cached" ] && mkdir -p "$cache_dir" 2>/dev/null &&
	cp "$use" "$cached.tmp.$$" 2>/dev/null && mv "$cached.tmp.$$" "$cached"; then
	echo "cached the verified tarball as $cached"
	use=$cached
else
	rm -f "$cached.tmp.$$" 2>/dev/null
	echo "cannot write the cache${cache_dir:+ $cache_dir}; the tarball is used once" >&2
fi
unpack "$use"
exit 0
