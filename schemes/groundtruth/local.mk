# schemes/groundtruth/: the instance whose true share is known,
# built with the shims (GROUND-TRUTH) and without (GROUND-TRUTH-PLAIN).
GT_SOURCES = schemes/groundtruth/SIG_AlgorithmInstance.c schemes/groundtruth/SIG_AlgorithmInstance.h \
	schemes/iccs/auxfunc.c schemes/iccs/drng.c schemes/common/instance_info.c \
	schemes/common/drng_global.c
GT_CPPFLAGS = $(HP_WRAP_CPPFLAGS) -I$(srcdir)/schemes/groundtruth -I$(srcdir)/schemes/iccs \
	-DHP_INSTANCE_KIND='"sig"' -DHP_ADAPTER_HEADER='"SIG_AlgorithmInstance.h"' \
	-DHP_INSTANCE_ORIGIN='"hashprof ground truth"'

noinst_LTLIBRARIES += schemes/ground-truth.la schemes/ground-truth-plain.la
schemes_ground_truth_la_SOURCES = $(GT_SOURCES)
schemes_ground_truth_la_CPPFLAGS = $(GT_CPPFLAGS) -DHP_INSTANCE_WRAPPED='"$(HP_ALL_WRAPPED)"'
schemes_ground_truth_la_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
schemes_ground_truth_la_LDFLAGS = -module -avoid-version -shared -no-undefined -rpath $(pkglibdir) \
	$(HP_WRAP_LDFLAGS) $(HP_STATE_LDFLAGS)
schemes_ground_truth_la_LINK = $(HP_SURVEY_LINK) $(schemes_ground_truth_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ground_truth_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_ground_truth_la_LIBADD = $(HP_WRAP_LIBADD) $(LIBCRYPTO_LIBS)

# No --wrap: the helper calls go straight to sm3hash.  The shims' state is
# linked only so that the driver can load it.
schemes_ground_truth_plain_la_SOURCES = $(GT_SOURCES) wrap/state.c wrap/calib_nop.c
schemes_ground_truth_plain_la_CPPFLAGS = $(GT_CPPFLAGS) -DALGORITHM_INSTANCE='"GROUND-TRUTH-PLAIN"' \
	-DHP_INSTANCE_WRAPPED='""'
schemes_ground_truth_plain_la_CFLAGS = $(AM_CFLAGS) $(LIBCRYPTO_CFLAGS)
schemes_ground_truth_plain_la_LDFLAGS = -module -avoid-version -shared -no-undefined -rpath $(pkglibdir)
schemes_ground_truth_plain_la_LINK = $(HP_SURVEY_LINK_NO_ENTRIES) $(schemes_ground_truth_plain_la_LDFLAGS) $(LDFLAGS) -o $@
EXTRA_schemes_ground_truth_plain_la_DEPENDENCIES = $(HP_SURVEY_DEPS)
schemes_ground_truth_plain_la_LIBADD = $(LIBCRYPTO_LIBS)

