# builder/: `hashprof build`, which turns an NGCC submission folder
# into an instance module: a convenience library holding the whole
# pipeline (builder/pipeline.h: prepare, make, install; builder.h: the steps), which
# prints nothing (drivers/cmds/cmd_build.c prints), linked into hashprof.
# It sits above prof/ (the NGCC facts, signals) and wrap/ (the shims'
# contract), below drivers/.  What it needs at run time is installed: the
# wrap shims as a PIC archive (wrap/local.mk) and, in pkgdatadir, the two
# sources compiled into every instance it builds (the .hashprof section;
# drng_algorithm when the package does not define it).  The build tree's
# hashprof uses the build tree's copies, so the tests need no installation
# (make distcheck too).
noinst_LTLIBRARIES += builder/libhpbuilder.la
builder_libhpbuilder_la_SOURCES = builder/builder.h builder/pipeline.h \
	builder/prepare.c builder/buildsys/make.c builder/attempt.c \
	builder/files.c builder/run.c builder/recipe.c \
	builder/buildsys/buildsys.c builder/buildsys/dryrun.c builder/buildsys/cmake.c builder/buildsys/commands.c \
	builder/buildsys/detect.c builder/adapter.c builder/folders.c builder/objects/borrow.c builder/objects/prebuilt.c \
	builder/objects/compile.c builder/objects/inspect.c builder/objects/link.c builder/vectors.c builder/kat.c builder/manifest.c \
	builder/survey/primitives.c builder/survey/survey.h builder/survey/scan.c builder/survey/a64.c builder/survey/a64.h \
	builder/survey/survey.c builder/survey/libs.c builder/survey/dwarf.c \
	builder/sandbox.c \
	builder/hash_build.c builder/hash_build.h
builder_libhpbuilder_la_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder \
	-DHP_PKGLIBDIR='"$(pkglibdir)"' -DHP_PKGDATADIR='"$(pkgdatadir)"' \
	-DHP_PKGINCLUDEDIR='"$(pkgincludedir)"' \
	-DHP_BUILDER_STATE_LDFLAGS='"$(HP_STATE_LDFLAGS)"' -DHP_BUILDER_CC='"$(CC)"'
builder_libhpbuilder_la_CFLAGS = $(AM_CFLAGS) $(LIBELF_CFLAGS) $(LIBDW_CFLAGS) $(JANSSON_CFLAGS) $(LIBSECCOMP_CFLAGS)
# the file, clock and process utilities (prof/util/local.mk); their objects
# are in prof/libhprof.la too, and an archive member is linked once
builder_libhpbuilder_la_LIBADD = prof/util/libhputil.la $(LIBELF_LIBS) $(LIBDW_LIBS) $(JANSSON_LIBS)
# hp-survey: the survey of the instances the build tree makes
# (schemes/common/survey-link.sh runs it when it links each of them).
noinst_PROGRAMS += builder/hp-survey
builder_hp_survey_SOURCES = builder/survey/main.c
builder_hp_survey_CPPFLAGS = $(HP_PROF_CPPFLAGS) -I$(top_srcdir)/builder
builder_hp_survey_LDADD = builder/libhpbuilder.la prof/libhprof.la
hashprof_SOURCES += drivers/cmds/cmd_build.c
hashprof_CPPFLAGS += -I$(top_srcdir)/builder
dist_pkgdata_DATA = schemes/common/instance_info.c builder/drng_global.c
# what `hashprof build --hash` compiles into every candidate module
candidatedatadir = $(pkgdatadir)/candidate
dist_candidatedata_DATA = candidates/module_adapter.c candidates/module_info.c \
	candidates/construct.c candidates/construct.h candidates/module.h
