# The manual pages: one per command, made by help2man from the command's
# own --help and the sections of docs/man/NAME.h2m (docs/man/help2man.sh),
# so that a page never disagrees with the program.  Without help2man, or in
# a cross build, there are none (configure says so).
HP_MAN_PAGES = docs/man/hashprof.1 docs/man/hashprof-list.1 docs/man/hashprof-build.1 \
	docs/man/hashprof-campaign.1 docs/man/hashprof-report.1 docs/man/hashprof-check.1
if HP_MAN
man_MANS = $(HP_MAN_PAGES)
endif
docs/man/%.1: $(srcdir)/docs/man/%.h2m $(srcdir)/docs/man/help2man.sh hashprof$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) docs/man && \
	$(SHELL) $(srcdir)/docs/man/help2man.sh $* ./hashprof$(EXEEXT) $(srcdir)/docs/man/$*.h2m \
		$(VERSION) > $@.tmp && mv $@.tmp $@
CLEANFILES += $(HP_MAN_PAGES)

# Bash completion, installed as completions/hashprof where bash-completion
# loads it (configure: --with-bash-completion-dir).
EXTRA_DIST += drivers/cmds/completion.bash
install-data-local: install-bash-completion
install-bash-completion:
	$(MKDIR_P) '$(DESTDIR)$(bashcompdir)'
	$(INSTALL_DATA) $(srcdir)/drivers/cmds/completion.bash '$(DESTDIR)$(bashcompdir)/hashprof'
uninstall-local:
	rm -f '$(DESTDIR)$(bashcompdir)/hashprof'
.PHONY: install-bash-completion

# The pages render without a warning and `hashprof help CMD` is `CMD
# --help` (tests/man_pages.sh); the completion completes (tests/completion.sh):
# in the build tree by make check, and as installed by make installcheck.
TESTS += tests/man_pages.sh tests/completion.sh
EXTRA_DIST += tests/man_pages.sh tests/completion.sh
# The installed instances are named by HP_INSTANCE_PATH: `make install
# prefix=DIR` puts them in DIR while the program looks in the configured one.
installcheck-local:
	HP_HASHPROF='$(DESTDIR)$(bindir)/hashprof' HP_MANDIR='$(DESTDIR)$(mandir)' \
	HP_MAN_BUILT='$(if $(man_MANS),yes,no)' $(SHELL) $(srcdir)/tests/man_pages.sh
	HP_HASHPROF='$(DESTDIR)$(bindir)/hashprof' HP_COMPLETION='$(DESTDIR)$(bashcompdir)/hashprof' \
	HP_INSTANCE_PATH='$(DESTDIR)$(pkglibdir)' $(SHELL) $(srcdir)/tests/completion.sh

# The pages are made from the built program: a tarball carries their
# sources, not pages an in-tree build left in docs/.
dist-hook: dist-no-man-pages
dist-no-man-pages:
	rm -f $(distdir)/docs/man/*.1
.PHONY: dist-no-man-pages
