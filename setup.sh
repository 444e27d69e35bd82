#!/bin/sh
# setup.sh - everything hashprof needs on a fresh Debian 12 machine:
# the Debian packages (apt-get), then bootstrap, configure and build.
# Extra arguments go to ./configure (e.g. --with-pqclean=TARBALL).
set -e
cd "$(dirname "$0")"

# Build tools and the libraries hashprof uses (configure names the package
# of anything missing).  valgrind serves `make bench` only; clang and
# libclang-rt-14-dev (libFuzzer, sanitizers) serve `make fuzz` only;
# clang-format the style check of make check (tests/format_check.sh);
# parallel (GNU parallel) runs a campaign's job file in make check;
# cmake the flags of packages that only have a CMakeLists.txt (hashprof build);
# gnuplot-nox draws `hashprof report --plot`;
# help2man makes the manual pages from each command's --help, man-db
# checks them in make check; bash-completion says where completions go.
PACKAGES="build-essential autoconf automake libtool pkg-config ca-certificates
  libpapi-dev libunwind-dev check libjansson-dev libssl-dev libelf-dev libdw-dev libseccomp-dev valgrind
  clang libclang-rt-14-dev clang-format parallel cmake gnuplot-nox help2man man-db bash-completion"
# npm fetches PQClean at configure time; Debian's npm only when none is installed.
command -v npm >/dev/null 2>&1 || PACKAGES="$PACKAGES npm"

missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	echo "setup.sh: installing Debian packages:$missing"
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

[ -x configure ] || ./bootstrap
[ -f Makefile ] || ./configure "$@"
make -j"$(nproc)"
