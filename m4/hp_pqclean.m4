# hp_pqclean.m4 - PQClean 0.8.1 as a build-time dependency.
#
# Included from configure.ac.  Runs schemes/pqclean/fetch-pqclean.sh, which
# puts PQClean's sources into the BUILD tree as ./pqclean (never into the
# source tree; nothing of PQClean is committed), from, in this order:
#   --with-pqclean=DIR|TARBALL   an unpacked package / PQClean tree, or the
#                                npm tarball pqclean-0.8.1.tgz (sha512-checked)
#   the cache                    ${XDG_CACHE_HOME:-$HOME/.cache}/hashprof/pqclean-0.8.1.tgz
#   npm pack pqclean@0.8.1       (then stored in the cache)
# Results:
#   AM_CONDITIONAL HAVE_PQCLEAN  true when the sources are in place
#   AC_SUBST PQCLEAN_DIR         absolute path of that folder (empty if not)
# Without network and cache, configure still succeeds: the PQClean instances
# are left out with a warning and their test is skipped (exit 77; a failure
# under CI=true).  An explicit --with-pqclean=... that cannot be honoured is
# an error.  --without-pqclean leaves them out on purpose.
# (Plain top-level code: configure.ac m4_include()s this file.)

AC_ARG_WITH([pqclean],
  [AS_HELP_STRING([--with-pqclean=DIR|TARBALL],
    [take PQClean 0.8.1 from DIR (the unpacked npm package, its deps/PQClean,
     or a PQClean tree) or from TARBALL (pqclean-0.8.1.tgz, integrity-checked)
     instead of the cache or npm; --without-pqclean leaves the PQClean
     instances out @<:@default: the cache, else npm pack@:>@])],
  [], [with_pqclean=check])

hp_pqclean_ok=no
PQCLEAN_DIR=
AS_CASE([$with_pqclean],
  [no],
  [AC_MSG_NOTICE([PQClean instances left out (--without-pqclean)])],
  [AC_MSG_CHECKING([for the PQClean 0.8.1 sources])
   hp_pqclean_dest=`pwd`/pqclean
   hp_pqclean_log=conftest.pqclean.err
   AS_CASE([$with_pqclean],
     [yes|check], [hp_pqclean_src=],
     [hp_pqclean_src=$with_pqclean])
   echo "$as_me:$LINENO: running fetch-pqclean.sh ${hp_pqclean_src:+--source $hp_pqclean_src }$hp_pqclean_dest" >&AS_MESSAGE_LOG_FD
   AS_IF([test "x$hp_pqclean_src" = x],
     [$SHELL "$srcdir/schemes/pqclean/fetch-pqclean.sh" "$hp_pqclean_dest" \
        >&AS_MESSAGE_LOG_FD 2>$hp_pqclean_log
      hp_pqclean_rc=$?],
     [$SHELL "$srcdir/schemes/pqclean/fetch-pqclean.sh" --source "$hp_pqclean_src" \
        "$hp_pqclean_dest" >&AS_MESSAGE_LOG_FD 2>$hp_pqclean_log
      hp_pqclean_rc=$?])
   AS_IF([test $hp_pqclean_rc -eq 0],
     [hp_pqclean_ok=yes
      PQCLEAN_DIR=$hp_pqclean_dest
      AC_MSG_RESULT([$PQCLEAN_DIR])],
     [AC_MSG_RESULT([no])])
   hp_pqclean_why=`sed -n '$s/^fetch-pqclean.sh: //p' $hp_pqclean_log`
   test -n "$hp_pqclean_why" || hp_pqclean_why="fetch-pqclean.sh failed (see config.log)"
   cat $hp_pqclean_log >&AS_MESSAGE_LOG_FD
   rm -f $hp_pqclean_log
   AS_IF([test "x$hp_pqclean_ok" != xyes],
     [AS_CASE([$with_pqclean],
        [check],
        [AC_MSG_WARN([PQClean 0.8.1 is not available: $hp_pqclean_why])
         AC_MSG_WARN([the PQClean instances (ML-KEM-512/768/1024, ML-DSA-44/65/87, SPHINCS+-SHAKE-128f-simple, Falcon-512, KEX-ML-KEM-768) are LEFT OUT of this build and tests/test_pqclean will be SKIPPED (it fails under CI=true)])
         AC_MSG_WARN([to include them: run configure where npm can fetch pqclean@0.8.1, or put pqclean-0.8.1.tgz in the cache (\${XDG_CACHE_HOME:-\$HOME/.cache}/hashprof/), or pass --with-pqclean=DIR|TARBALL])],
        [AC_MSG_ERROR([--with-pqclean=$with_pqclean: $hp_pqclean_why])])])])

AC_SUBST([PQCLEAN_DIR])
AM_CONDITIONAL([HAVE_PQCLEAN], [test "x$hp_pqclean_ok" = xyes])
