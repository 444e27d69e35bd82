# tests/records.mk - record files, `hashprof report`, `hashprof check`.
#
#   tests/test_records  records written and read back (round trip through
#                       `hashprof report`), reproduction of call tables,
#                       prof/record/record_io.c and prof/record/published.c
#   tests/test_check    `hashprof check`: baselines, thresholds, published
#                       pages, bad input
#   tests/test_check_compare  check's baseline verdicts on hand-made records:
#                       replay shares family by family, their spreads
#   make fuzz           libFuzzer harnesses of the record and markdown parsers
#                       (clang; not part of make check), FUZZ_SECONDS each
#
# The suites run the build tree's hashprof (HP_HASHPROF) and read the
# fixtures of tests/data (HP_TEST_DATA), both absolute paths, so they work
# in VPATH builds and under make distcheck.

HP_RECORDS_TEST_CPPFLAGS = $(HP_PROF_CPPFLAGS) -DHP_HASHPROF=\"$(abs_top_builddir)/hashprof\" \
	-DHP_TEST_DATA=\"$(abs_top_srcdir)/tests/data\"
HP_RECORDS_TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
HP_RECORDS_TEST_LDADD = prof/libhprof.la $(JANSSON_LIBS) $(CHECK_LIBS) -lm

check_PROGRAMS += tests/test_records tests/test_check
TESTS += tests/test_records tests/test_check

tests_test_records_SOURCES = tests/test_records.c tests/records_util.c tests/records_util.h \
	tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_records_CPPFLAGS = $(HP_RECORDS_TEST_CPPFLAGS)
tests_test_records_CFLAGS = $(HP_RECORDS_TEST_CFLAGS)
tests_test_records_LDADD = $(HP_RECORDS_TEST_LDADD)
# strdup fails on demand (test_record_io_folder_out_of_memory)
tests_test_records_LDFLAGS = -Wl,--wrap=strdup

tests_test_check_SOURCES = tests/test_check.c tests/records_util.c tests/records_util.h \
	tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h
tests_test_check_CPPFLAGS = $(HP_RECORDS_TEST_CPPFLAGS)
tests_test_check_CFLAGS = $(HP_RECORDS_TEST_CFLAGS)
tests_test_check_LDADD = $(HP_RECORDS_TEST_LDADD)

# The baseline verdicts themselves (drivers/check/compare.c, which
# only the hashprof program links otherwise), on records written by hand.
check_PROGRAMS += tests/test_check_compare
TESTS += tests/test_check_compare
tests_test_check_compare_SOURCES = tests/test_check_compare.c tests/records_util.c tests/records_util.h \
	tests/capture.c tests/capture.h tests/tmpdir.c tests/tmpdir.h drivers/check/compare.c drivers/check/shares.c drivers/check/table.c \
	drivers/check/options.c drivers/cli/procedure_options.c drivers/cmds/usage.c \
	drivers/check/page_match.c
tests_test_check_compare_CPPFLAGS = $(HP_RECORDS_TEST_CPPFLAGS) -I$(top_srcdir)/drivers -I$(top_srcdir)/drivers/cmds \
	-I$(top_srcdir)/candidates
tests_test_check_compare_CFLAGS = $(HP_RECORDS_TEST_CFLAGS) $(PAPI_CFLAGS)
tests_test_check_compare_LDADD = drivers/libhpdrivers.la $(HP_RECORDS_TEST_LDADD) $(PAPI_LIBS) $(LIBELF_LIBS) -ldl

EXTRA_DIST += tests/data/published-sample.md tests/data/published-synth.md \
	tests/fuzz/fuzz_record.c tests/fuzz/fuzz_published.c \
	tests/fuzz/seeds/record/record.json tests/fuzz/seeds/record/run-document.json

# ---------- make fuzz ----------
# Builds the harnesses with clang's libFuzzer and AddressSanitizer +
# UndefinedBehaviorSanitizer, from the sources of prof/libhprof.la, then
# runs each for FUZZ_SECONDS (make fuzz FUZZ_SECONDS=60).  New corpus
# entries go to tests/fuzz/corpus-*; a crash leaves tests/fuzz/crash-* and
# fails the target.
FUZZ_SECONDS = 300
FUZZ_CC = clang
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_RUN_FLAGS = -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
HP_FUZZ_CPPFLAGS = -D_GNU_SOURCE -I$(top_builddir) -I$(top_srcdir)/wrap -I$(top_srcdir)/prof \
	-DHP_ABS_BUILDDIR='"$(abs_top_builddir)"' $(PAPI_CFLAGS) $(JANSSON_CFLAGS)
HP_FUZZ_LIBS = $(PAPI_LIBS) $(JANSSON_LIBS) $(LIBSECCOMP_LIBS) -lm
HP_FUZZ_PROF = $(addprefix $(srcdir)/,$(filter %.c,$(prof_libhprof_la_SOURCES) $(prof_util_libhputil_la_SOURCES)))
CLEANFILES += tests/fuzz/fuzz_record tests/fuzz/fuzz_published

.PHONY: fuzz fuzz-build
fuzz-build:
	@if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then \
	  echo "make fuzz: '$(FUZZ_CC)' not found: install clang with libFuzzer (Debian: apt-get install -y clang libclang-rt-14-dev), or pass FUZZ_CC=/path/to/clang" >&2; exit 1; fi
	@echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
	  | $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -x c - -o /dev/null 2>/dev/null || { \
	  echo "make fuzz: '$(FUZZ_CC)' cannot link -fsanitize=fuzzer: install the libFuzzer runtime (Debian: apt-get install -y libclang-rt-14-dev)" >&2; exit 1; }
	@$(MKDIR_P) tests/fuzz
	$(AM_V_CC)$(FUZZ_CC) $(FUZZ_FLAGS) $(HP_FUZZ_CPPFLAGS) -o tests/fuzz/fuzz_record \
	  $(srcdir)/tests/fuzz/fuzz_record.c $(HP_FUZZ_PROF) $(HP_FUZZ_LIBS)
	$(AM_V_CC)$(FUZZ_CC) $(FUZZ_FLAGS) $(HP_FUZZ_CPPFLAGS) -o tests/fuzz/fuzz_published \
	  $(srcdir)/tests/fuzz/fuzz_published.c $(srcdir)/prof/record/published.c $(srcdir)/prof/record/result.c $(srcdir)/prof/ngcc/ngcc.c \
	  $(addprefix $(srcdir)/,$(filter %.c,$(prof_util_libhputil_la_SOURCES))) $(HP_FUZZ_LIBS)

fuzz: fuzz-build
	@$(MKDIR_P) tests/fuzz/corpus-record tests/fuzz/corpus-published
	@echo "make fuzz: the record parser for $(FUZZ_SECONDS) s"
	tests/fuzz/fuzz_record $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	  -artifact_prefix=tests/fuzz/crash-record- tests/fuzz/corpus-record $(srcdir)/tests/fuzz/seeds/record
	@echo "make fuzz: the markdown parser for $(FUZZ_SECONDS) s"
	tests/fuzz/fuzz_published $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	  -artifact_prefix=tests/fuzz/crash-published- tests/fuzz/corpus-published $(srcdir)/tests/data
	@echo "make fuzz: no crash, no sanitizer report"

# Every row the public Round-1 pages printed (tests/data/published-symmetric-rounds1.tsv,
# both systems), as pages, through prof/record/published.c.
check_PROGRAMS += tests/test_published
TESTS += tests/test_published
tests_test_published_SOURCES = tests/test_published.c
tests_test_published_CPPFLAGS = $(HP_RECORDS_TEST_CPPFLAGS)
tests_test_published_CFLAGS = $(HP_RECORDS_TEST_CFLAGS)
tests_test_published_LDADD = $(HP_RECORDS_TEST_LDADD)
EXTRA_DIST += tests/data/published-symmetric-rounds1.tsv
