# make check-sanitize: the whole test suite (make check) in an
# AddressSanitizer and UndefinedBehaviorSanitizer build of this tree,
# made in sanitize-build/ from the distribution's files (make distdir:
# an in-tree configure rules out a VPATH build of this source tree), with
# PQClean from this build's copy.  A sanitizer report fails the suite
# that printed it: UBSan halts on its first report, ASan on any error;
# leaks are not checked (the commands end by exit, and measuring children
# by _exit).  malloc may return NULL (allocator_may_return_null): the
# confinement tests' scheme that allocates without bound expects it.
# About 9 minutes on a 2-core VM (docs/building.md); not in
# .ci/run, which it would make too long.
HP_SANITIZE_DIR = sanitize-build
HP_SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1
HP_SANITIZE_ENV = ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:abort_on_error=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

.PHONY: check-sanitize
check-sanitize:
	rm -rf $(HP_SANITIZE_DIR)
	$(MAKE) $(AM_MAKEFLAGS) distdir distdir=$(HP_SANITIZE_DIR)
	cd $(HP_SANITIZE_DIR) && ./configure CFLAGS="$(HP_SANITIZE_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
	  $(if $(PQCLEAN_DIR),--with-pqclean=$(PQCLEAN_DIR),--without-pqclean) >configure.log
	cd $(HP_SANITIZE_DIR) && $(MAKE) $(AM_MAKEFLAGS) && $(HP_SANITIZE_ENV) $(MAKE) $(AM_MAKEFLAGS) check
	@echo "make check-sanitize: every suite passed under ASan and UBSan ($(HP_SANITIZE_DIR)/)"
clean-local: clean-sanitize
clean-sanitize:
	rm -rf $(HP_SANITIZE_DIR)
.PHONY: clean-sanitize
