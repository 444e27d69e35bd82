# tests/campaign.mk - `hashprof campaign` (drivers/campaign/local.mk builds it).

# Check suite: `hashprof campaign` on a copy of the fixture tree
# tests/fixtures/campaign (tests/fixtures/README.md): pages, index,
# statuses and reasons; a second run that does nothing; a run killed
# halfway and finished by the next; the --jobs file run by GNU parallel;
# one campaign per OUT, a full disk, longer time limits; and the
# classification of failures (whose.c) and the lock file
# (prof/util/dirlock.c) alone.
check_PROGRAMS += tests/test_campaign
TESTS += tests/test_campaign
tests_test_campaign_SOURCES = tests/test_campaign.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h \
	drivers/campaign/whose.c drivers/campaign/whose.h
tests_test_campaign_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/drivers/campaign -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\" -DHP_PARALLEL=\"$(HP_PARALLEL)\"
tests_test_campaign_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_test_campaign_LDADD = prof/util/libhputil.la $(JANSSON_LIBS) $(CHECK_LIBS)

# Check suite: `hashprof campaign --published=PAGES` (beside.c), the
# published rows beside the campaign's on a small tree of two fixtures.
check_PROGRAMS += tests/test_campaign_published
TESTS += tests/test_campaign_published
tests_test_campaign_published_SOURCES = tests/test_campaign_published.c tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_campaign_published_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_FIXTURES=\"$(abs_top_srcdir)/tests/fixtures\"
tests_test_campaign_published_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_test_campaign_published_LDADD = $(CHECK_LIBS)
