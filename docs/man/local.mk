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

# The pages are made from the built program: a tarball carries their
# sources, not pages an in-tree build left in docs/.
dist-hook: dist-no-man-pages
dist-no-man-pages:
	rm -f $(distdir)/docs/man/*.1
.PHONY: dist-no-man-pages
