# drivers/campaign/: `hashprof campaign`, every instance folder
# of a tree of submission packages built, profiled and published; its
# parts, one concept per file (campaign.h), are part of the hashprof
# program beside drivers/cmds/cmd_campaign.c, its command line.  They sit
# above the builder (the content hashes, the process runner, the KAT
# result of a manifest) and the measuring engine (instances, the
# operations of each kind), and run both only through child processes
# (`hashprof build`, `hashprof INSTANCE OP`) and GNU make.
hashprof_SOURCES += drivers/cmds/cmd_campaign.c drivers/campaign/campaign.h \
	drivers/campaign/find.c drivers/campaign/inputs.c drivers/campaign/state.c \
	drivers/campaign/unit.c drivers/campaign/cpus.c drivers/campaign/engine.c \
	drivers/campaign/progress.c drivers/campaign/pages.c drivers/campaign/beside.c \
	drivers/campaign/whose.c drivers/campaign/whose.h drivers/campaign/prune.c
hashprof_CPPFLAGS += -I$(top_srcdir)/drivers/campaign

# Check suite: `hashprof campaign` on a copy of the fixture tree
# tests/fixtures/campaign (tests/fixtures/README.md): pages, index,
# statuses and reasons; a second run that does nothing; a run killed
# halfway and finished by the next; the --jobs file run by GNU parallel;
# one campaign per OUT, a full disk, longer time limits; and the
# classification of failures (whose.c) and the lock file
# (prof/util/dirlock.c) alone.
check_PROGRAMS += tests/test_campaign
TESTS += tests/test_campaign
tests_test_campaign_SOURCES = tests/test_campaign.c tests/capture.c tests/capture.h \
	drivers/campaign/whose.c drivers/campaign/whose.h
tests_test_campaign_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/drivers/campaign -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\" -DHP_PARALLEL=\"$(HP_PARALLEL)\"
tests_test_campaign_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_campaign_LDADD = prof/util/libhputil.la $(JANSSON_LIBS) $(CHECK_LIBS)

# Check suite: `hashprof campaign --published=PAGES` (beside.c), the
# published rows beside the campaign's on a small tree of two fixtures.
check_PROGRAMS += tests/test_campaign_published
TESTS += tests/test_campaign_published
tests_test_campaign_published_SOURCES = tests/test_campaign_published.c tests/capture.c tests/capture.h
tests_test_campaign_published_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_campaign_published_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_campaign_published_LDADD = $(CHECK_LIBS)
