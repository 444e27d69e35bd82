#!/bin/sh
# tests/aarch64.sh - build hashprof for AArch64 on this x86-64 machine and
# run its test suites under qemu-aarch64; `make check-aarch64`.
#
#   tests/aarch64.sh [--subset] [--no-install] [--no-counts] [--builddir DIR]
#                    [-- CONFIGURE-ARGS...]
#
# 1. Installs what it needs with apt-get (as root, or through sudo): the
#    cross compiler gcc-aarch64-linux-gnu, qemu-user and qemu-user-binfmt,
#    and the arm64 builds of the libraries configure checks (dpkg
#    --add-architecture arm64; libpapi-dev, libunwind-dev, check,
#    libjansson-dev, libssl-dev, libelf-dev, libdw-dev, libseccomp-dev and
#    pkgconf, all :arm64).  Other
#    apt-get runs may hold dpkg's lock: every apt-get waits for it
#    (DPkg::Lock::Timeout=300) and `apt-get update` is retried.
# 2. Registers qemu-aarch64 with the kernel's binfmt_misc when it is not
#    (the suites start the AArch64 hashprof from AArch64 programs, and
#    qemu-user 7.2 runs a program's execve() of another AArch64 binary
#    only through binfmt_misc); the AArch64 libraries are Debian's
#    multiarch ones, found by the AArch64 loader /lib/ld-linux-aarch64.so.1
#    with no QEMU_LD_PREFIX.
# 3. Cross-builds in a separate build folder (default: build-aarch64 in the
#    top build folder): a VPATH build, `../src/configure
#    --host=aarch64-linux-gnu`, from a `make distdir` copy of the sources
#    when the source tree is configured in place (autoconf refuses a VPATH
#    build of such a tree), else from the source tree itself.  PQClean
#    comes from the verified tarball cache that the native configure filled
#    (${XDG_CACHE_HOME:-$HOME/.cache}/hashprof), or npm.
# 4. Runs `make check` there under qemu-aarch64, with HP_EXPECT_EMULATED=1
#    (hashprof prints its one emulation note on stderr there, which the
#    harness tests/capture.c takes out and tests/test_cli checks) and
#    CK_TIMEOUT_MULTIPLIER=10 (qemu is about 12 times slower; the time
#    limits bound hangs, no test is timed).  Every suite passes but two,
#    which skip with their reason (exit 77, shown): tests/test_groundtruth
#    (its subject is timing accuracy: the times are the emulator's) and
#    tests/test_confine (the kernel's confinement cannot be observed
#    through qemu-user: no seccomp filter of the package's own calls, no
#    RLIMIT_AS, no Landlock in qemu 7.2; it checks what hashprof says
#    there, then skips).
#    --subset: only the suites of AARCH64_SUBSET below (CI): those about
#    the machine (the ELF checks, the survey of AArch64 code and the
#    fixture packages built for AArch64, the configured toolchain, the
#    clock and its unit, emulation, the shims, the instances and ICCS
#    vectors), not the driver's arch-independent ones (test_records,
#    test_check, test_replay_driver, test_campaign...) nor the
#    repository's (format, distribution).
# 5. Compares the call counts of every built-in instance and operation
#    with the native build's (tests/aarch64_counts.sh; --no-counts skips
#    it; with --subset, 5 iterations a row instead of the native default
#    procedure's N), and prints the table.
#
# Prints how long each step took.  Exit status: 0 when the build, the
# suites and the comparison pass; 1 otherwise; 2 for bad usage or a
# machine where this cannot run.
set -eu

AARCH64_SUBSET="tests/test_inspect tests/test_build tests/test_coarse_clock tests/test_groundtruth tests/test_cli \
tests/test_pqclean tests/test_iccs tests/test_wrap tests/test_correction tests/test_accuracy tests/test_replay tests/test_format \
tests/test_report tests/test_survey_a64 tests/test_survey tests/test_confine tests/test_callsites tests/test_matrix \
tests/test_hash_build"

subset=0 install=1 counts=1 builddir=
while [ $# -gt 0 ]; do
	case $1 in
	--subset) subset=1 ;;
	--no-install) install=0 ;;
	--no-counts) counts=0 ;;
	--builddir) [ $# -ge 2 ] || { echo "aarch64.sh: --builddir needs a folder" >&2; exit 2; }
		builddir=$2; shift ;;
	--builddir=*) builddir=${1#--builddir=} ;;
	--) shift; break ;;
	-h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "aarch64.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
	esac
	shift
done

srcdir=$(cd "$(dirname "$0")/.." && pwd)
# the native build: where `make check-aarch64` runs, else the source tree
native=${HP_NATIVE_BUILDDIR:-$srcdir}
[ -n "$builddir" ] || builddir=$native/build-aarch64
mkdir -p "$builddir"
builddir=$(cd "$builddir" && pwd)

die() {
	echo "aarch64.sh: $*" >&2
	exit 1
}
now() { date +%s; }
step() {
	echo "=== aarch64.sh: $*"
}
took() { # took START WHAT
	echo "=== aarch64.sh: $2: $(( $(now) - $1 )) s"
}

case $(uname -m) in
x86_64) ;;
aarch64) echo "aarch64.sh: this machine is AArch64: build and test natively (./setup.sh && make check)" >&2; exit 2 ;;
*) echo "aarch64.sh: cross-building for AArch64 is set up for x86-64 hosts, not $(uname -m)" >&2; exit 2 ;;
esac

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -o Acquire::Retries=3"

# ---- 1. packages -------------------------------------------------------
HOST_PACKAGES="gcc-aarch64-linux-gnu qemu-user qemu-user-binfmt"
ARM64_PACKAGES="libpapi-dev libunwind-dev check libjansson-dev libssl-dev libelf-dev libdw-dev libseccomp-dev pkgconf"

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"
}

apt_update() {
	# the lists lock has no timeout of its own: retry while another
	# apt-get holds it
	tries=0
	until $APT update -qq; do
		tries=$((tries + 1))
		[ $tries -lt 10 ] || return 1
		echo "aarch64.sh: apt-get update failed (another apt-get running?); retrying in 30 s" >&2
		sleep 30
	done
}

if [ $install = 1 ]; then
	t0=$(now)
	step "packages"
	updated=0
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		$SUDO dpkg --add-architecture arm64
		apt_update || die "apt-get update failed"
		updated=1
	fi
	missing=
	for p in $HOST_PACKAGES; do installed "$p" || missing="$missing $p"; done
	for p in $ARM64_PACKAGES; do installed "$p:arm64" || missing="$missing $p:arm64"; done
	if [ -n "$missing" ]; then
		echo "aarch64.sh: installing Debian packages:$missing"
		[ $updated = 1 ] || apt_update || die "apt-get update failed"
		# shellcheck disable=SC2086 # a word list on purpose
		$APT install -y -qq $missing || die "apt-get install$missing failed"
	fi
	took "$t0" "packages"
fi
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 ||
	die "no aarch64-linux-gnu-gcc (Debian package gcc-aarch64-linux-gnu); run without --no-install"
command -v qemu-aarch64 >/dev/null 2>&1 || die "no qemu-aarch64 (Debian package qemu-user)"

# ---- 2. binfmt_misc ----------------------------------------------------
binfmt=/proc/sys/fs/binfmt_misc
if ! grep -qx enabled "$binfmt/qemu-aarch64" 2>/dev/null; then
	step "registering qemu-aarch64 with binfmt_misc"
	[ -f "$binfmt/register" ] || $SUDO mount -t binfmt_misc binfmt_misc "$binfmt" ||
		die "cannot mount binfmt_misc at $binfmt (the AArch64 programs need it to start each other)"
	conf=/usr/lib/binfmt.d/qemu-aarch64.conf
	[ -f "$conf" ] || die "$conf is missing (Debian package qemu-user-binfmt)"
	if [ ! -e "$binfmt/qemu-aarch64" ]; then
		# the one line of the conf file is the register format itself
		grep -v '^#' "$conf" | $SUDO tee "$binfmt/register" >/dev/null ||
			die "cannot register $conf with binfmt_misc"
	fi
	echo 1 | $SUDO tee "$binfmt/qemu-aarch64" >/dev/null || die "cannot enable qemu-aarch64 in binfmt_misc"
fi
probe=$builddir/hp-probe
printf 'int main(void) { return 42; }\n' >"$probe.c"
aarch64-linux-gnu-gcc -o "$probe" "$probe.c" || die "aarch64-linux-gnu-gcc cannot link a program"
set +e
"$probe"
rc=$?
set -e
rm -f "$probe" "$probe.c"
[ $rc = 42 ] || die "an AArch64 program does not run here (exit $rc): is qemu-aarch64 registered with binfmt_misc?"

# ---- 3. the cross build ------------------------------------------------
t0=$(now)
if [ -f "$srcdir/config.status" ]; then
	[ -f "$native/Makefile" ] || die "$srcdir is configured in place, but $native has no Makefile"
	step "copying the sources (make distdir: the source tree is configured in place)"
	(cd "$native" && make distdir distdir="$builddir/src" >"$builddir/distdir.log" 2>&1) ||
		die "make distdir failed (log: $builddir/distdir.log)"
	top=$builddir/src
	obj=$builddir/obj
else
	top=$srcdir
	obj=$builddir
fi
mkdir -p "$obj"
step "configure --host=aarch64-linux-gnu $* (in $obj)"
stamp="$top --host=aarch64-linux-gnu $*"
if [ ! -f "$obj/config.status" ] || [ "$(cat "$obj/.hp-configured" 2>/dev/null)" != "$stamp" ]; then
	(cd "$obj" && "$top/configure" --host=aarch64-linux-gnu "$@" >configure.out 2>&1) ||
		{ tail -n 20 "$obj/configure.out" >&2; die "configure failed (log: $obj/config.log)"; }
	echo "$stamp" >"$obj/.hp-configured"
fi
[ -f "$obj/pqclean/.hashprof-pqclean" ] ||
	echo "aarch64.sh: warning: PQClean is not configured in the AArch64 build (see $obj/configure.out)" >&2
took "$t0" "configure"
t0=$(now)
step "make (cross build)"
(cd "$obj" && make -j2 >make.out 2>&1) || { tail -n 30 "$obj/make.out" >&2; die "the cross build failed (log: $obj/make.out)"; }
took "$t0" "cross build"
# e_machine, two bytes at offset 18 of the ELF header: EM_AARCH64 is 183 (b7 00)
[ "$(od -An -t x1 -j 18 -N 2 "$obj/hashprof" | tr -d ' \n')" = b700 ] ||
	die "$obj/hashprof is not an AArch64 program"

# ---- 4. the suites under qemu-aarch64 ----------------------------------
status=0
t0=$(now)
export HP_EXPECT_EMULATED=1
# qemu runs the suites about 12 times slower than the machine itself
# (tests/test_correction: 4.7 s against 0.4 s): Check's time limits, and
# the harness's (tests/capture.h), which bound hangs, scale with it
export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-10}
if [ $subset = 1 ]; then
	step "make check under qemu-aarch64: the subset $AARCH64_SUBSET"
	(cd "$obj" && make -j2 check TESTS="$AARCH64_SUBSET") >"$obj/check.out" 2>&1 || status=1
else
	step "make check under qemu-aarch64: every suite"
	(cd "$obj" && make -j2 check) >"$obj/check.out" 2>&1 || status=1
fi
unset HP_EXPECT_EMULATED CK_TIMEOUT_MULTIPLIER
grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR): ' "$obj/check.out" || true
# why each suite that skipped did (its log's SKIP line)
for trs in "$obj"/tests/*.trs; do
	[ -f "$trs" ] || continue
	if grep -q '^:test-result: SKIP' "$trs"; then
		echo "  ${trs%.trs}: $(grep -h '^SKIP' "${trs%.trs}.log" | head -n 1)"
	fi
done
for trs in $(grep -l '^:test-result: \(FAIL\|ERROR\)' "$obj"/tests/*.trs 2>/dev/null); do
	echo "=== ${trs%.trs}.log"
	cat "${trs%.trs}.log"
done
took "$t0" "make check under qemu-aarch64"

# ---- 5. call counts against the native build -----------------------------
if [ $counts = 1 ]; then
	t0=$(now)
	[ -x "$native/hashprof" ] || die "no native hashprof in $native (build it first: ./setup.sh)"
	step "call counts: native against AArch64"
	if [ $subset = 1 ]; then
		$SHELL "$srcdir/tests/aarch64_counts.sh" -n 5 "$native/hashprof" "$obj/hashprof" || status=1
	else
		$SHELL "$srcdir/tests/aarch64_counts.sh" "$native/hashprof" "$obj/hashprof" || status=1
	fi
	took "$t0" "call counts"
fi
[ $status = 0 ] && echo "aarch64.sh: pass" || echo "aarch64.sh: FAIL"
exit $status
