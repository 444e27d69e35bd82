# PQClean (fetched at build time, never committed): placeholder until the
# fetch is written; the PQClean instances are left out.
AM_CONDITIONAL([HAVE_PQCLEAN], [false])
