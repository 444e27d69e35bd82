# HP_REQUIRE_PKG(VARIABLE-PREFIX, PKG-CONFIG-MODULE, DEBIAN-PACKAGE)
# ------------------------------------------------------------------
# Like PKG_CHECK_MODULES, but a missing module stops configure with one line
# naming the Debian package that provides it, since that is how hashprof's
# dependencies are installed (README, Quick start).
AC_DEFUN([HP_REQUIRE_PKG], [
  PKG_CHECK_MODULES([$1], [$2], [],
    [AC_MSG_ERROR([$2 not found by pkg-config; install the Debian package $3 (apt-get install $3)])])
])
