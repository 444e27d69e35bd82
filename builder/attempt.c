/*
 * attempt.c - one attempt of `hashprof build` with one flag set
 * (see pipeline.h): compile every source, inspect the objects, refuse
 * LTO, find the API kind when no header named it, plan the link and link.
 * A failure says which source or command to look at, because the
 * attempt's first error is usually not the cause (a stray source that
 * does not compile, a missing ICCS file).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"

/* Where an LTO flag came from, for the refusal. */
static const char *hp_lto_origin(const struct hp_build *b)
{
	for (size_t i = b->opt.cflags.n; i-- > 0;)
		if (!strncmp(b->opt.cflags.v[i], "-flto", 5))
			return "--cflags";
	for (size_t i = 0; i < b->recipe.cflags.n; i++)
		if (!strncmp(b->recipe.cflags.v[i], "-flto", 5))
			return "the recipe's cflags";
	for (size_t i = 0; i < b->det.make_lto.n; i++)
		if (!strncmp(b->det.make_lto.v[i], "-flto", 5))
			return "the package's Makefile (make -n)";
	return "the compiler's defaults";
}

/* The kind from the API symbols the objects define (no adapter header). */
static int hp_kind_from_objects(struct hp_build *b, struct hp_object *objs)
{
	static const char *const probes[][2] = { { "sig", "sig_keygen" },
						 { "kem", "kem_keygen" },
						 { "kex", "kex_init_a" } };
	int found = -1;

	for (int k = 0; k < 3; k++)
		for (size_t i = 0; i < b->det.nsrc; i++)
			if (objs[i].inspected && !objs[i].is_main && hp_object_defines(&objs[i], probes[k][1])) {
				if (found >= 0 && found != k)
					return -1;
				found = k;
				hp_fmt(b->det.kind_origin, sizeof b->det.kind_origin, "%s defined by %s", probes[k][1],
				       objs[i].src->rel);
			}
	if (found < 0)
		return -1;
	hp_fmt(b->det.kind, sizeof b->det.kind, "%s", probes[found][0]);
	return 0;
}

/* A symbol the link needs that only a prebuilt object of the package
 * defines (prebuilt.c): the refusal, and 1; else 0. */
static int hp_refuse_prebuilt(struct hp_build *b, const struct hp_plan *plan)
{
	char by[PATH_MAX + 64];

	for (size_t i = 0; i < plan->missing.n; i++)
		if (hp_prebuilt_defines(&b->det, plan->missing.v[i], by, sizeof by)) {
			hp_build_error(b,
				       "build %s refused: %s is defined only by %s, which the package ships "
				       "prebuilt, not by any of its sources: hashprof never links prebuilt code "
				       "(other flags, maybe not these sources); add the source that defines it",
				       b->det.name, plan->missing.v[i], by);
			return 1;
		}
	return 0;
}

/* Compile, inspect, plan and link with one flag set.  Returns 0 built, 1
 * this attempt failed (f filled), 2 a failure no flag set can fix
 * (b->out->error said why), 3 one no flag set can fix, not yet said (f
 * filled: every source compiled, and an API function is defined by none). */
/*
 * The mark of an instance whose package's dry run failed (make -n, or
 * CMake's configure run): its flags, and so its parameter set, may not be
 * the package's (a Makefile that includes a file it does not ship stops
 * before printing a command, and the header's default parameter set is
 * built instead).  The build goes on, because a dry run that fails late
 * has printed the flags of every compile before it; but every result of
 * the instance says so: a warning of the plan, which the metadata carries
 * to `list --long`, every row's notes and the campaign's page.  No "; "
 * in it (the metadata's separator).  0, or -1 when out of memory.
 */
static int hp_flags_uncertain(const struct hp_build *b, struct hp_plan *plan)
{
	const struct hp_detect *d = &b->det;
	const char *why = strchr(d->make_error, '(');
	int cmake = !strcmp(d->build_tool, "cmake");
	char what[64];

	if (!d->make_error[0])
		return 0;
	if (d->make_status < 0)
		hp_fmt(what, sizeof what, "%s could not be run", cmake ? "cmake" : "make");
	else
		hp_fmt(what, sizeof what, "%s exited %d", cmake ? "cmake" : "make -n", d->make_status);
	return hp_strv_addf(&plan->warnings, "flags uncertain: %s%s%.*s, the build used %s", what, why ? " " : "",
			    why ? (int)strcspn(why, ";") : 0, why ? why : "",
			    d->make_cppflags.n || d->make_libs.n ? "only the flags it printed before it failed"
			    : cmake                              ? "none of CMake's flags"
								 : "none of the Makefile's flags");
}

int hp_build_attempt(struct hp_build *b, enum hp_flagset set, struct hp_object **objs_out, struct hp_plan *plan,
		     struct hp_strv *words, char **cflags_shown, struct hp_failure *f)
{
	char objdir[PATH_MAX], err[HP_BUILD_ERR];
	struct hp_object *objs = calloc(b->det.nsrc, sizeof *objs);
	struct hp_strv cc = { 0 };
	long failed;
	size_t bad = (size_t)-1; /* the failed source to report, when known */
	int rc = 1;

	*objs_out = objs;
	if (!objs || hp_compile_words(set, &b->det, &b->cppflags, &b->extra, words) || hp_cc_argv(&cc)) {
		hp_build_error(b, "build: out of memory");
		hp_strv_free(&cc);
		return 2;
	}
	*cflags_shown = hp_build_display_words(b, words);
	hp_fmt(objdir, sizeof objdir, "%s/objs-%s", b->work, hp_flagset_name(set));
	if (hp_mkdirs(objdir) != 0) {
		hp_build_error(b, "build: cannot create %s: %s", objdir, strerror(errno));
		hp_strv_free(&cc);
		return 2;
	}
	{
		FILE *lf = fopen(b->log, "a");
		if (lf) {
			fprintf(lf, "# compiling with the %s flags\n", hp_flagset_name(set));
			fclose(lf);
		}
	}
	failed = hp_compile_all(&b->det, words, objdir, b->opt.jobs, b->log, objs, err, sizeof err);
	if (failed < 0) {
		hp_build_error(b, "build: %s", err);
		hp_strv_free(&cc);
		return 2;
	}
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (objs[i].compiled && hp_inspect_object(&objs[i], err, sizeof err) != 0)
			hp_build_warning(b, "%s", err);
	/* hashprof dlopen()s the instance: code for another machine (a
	 * native compiler beside a cross-built hashprof) can never load */
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (objs[i].inspected && objs[i].foreign) {
			char got[32], want[32];
			hp_build_error(b,
				       "build %s: %s was compiled for %s, but this hashprof runs on %s and cannot "
				       "load an instance made of it; use a compiler for %s: set CC (now '%s') "
				       "(log: %s)",
				       b->det.name, objs[i].src->rel, hp_machine_name(objs[i].machine, got, sizeof got),
				       hp_machine_name(hp_host_machine(), want, sizeof want), want, hp_cc_command(),
				       b->log);
			hp_strv_free(&cc);
			return 2;
		}
	/* LTO: --wrap cannot see calls inside a link-time-optimised program */
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (objs[i].lto) {
			size_t n = 0;
			for (size_t k = 0; k < b->det.nsrc; k++)
				n += objs[k].lto;
			hp_build_error(b,
				       "build %s refused: %zu object%s %s LTO object%s (%s, e.g. %s), built with -flto "
				       "from %s; under link-time optimisation the linker may inline the helpers or "
				       "resolve their "
				       "calls inside one unit, so --wrap cannot see them and the shares would be wrong "
				       "(reference "
				       "builds use no LTO); rebuild without it, e.g. --cflags=-fno-lto (log: %s)",
				       b->det.name, n, n == 1 ? "" : "s", n == 1 ? "is an" : "are", n == 1 ? "" : "s",
				       objs[i].lto_what, objs[i].src->rel, hp_lto_origin(b), b->log);
			hp_strv_free(&cc);
			return 2;
		}
	if (!b->det.kind[0] && hp_kind_from_objects(b, objs) != 0) {
		if (failed) {
			rc = 1;
			goto compile_failure;
		}
		for (size_t i = 0; i < b->det.nsrc; i++)
			if (objs[i].inspected && hp_object_defines(&objs[i], "CryptHash")) {
				/* a hash submission: a candidate, not an instance */
				hp_build_error(
					b,
					"build %s: a hash submission (%s defines CryptHash, the NGCC hash API's "
					"function), not a public-key instance: build it as a hash candidate with "
					"hashprof build --hash %s",
					b->det.name, objs[i].src->rel, b->opt.dir_arg);
				hp_strv_free(&cc);
				return 2;
			}
		hp_build_error(b,
			       "build %s: cannot tell the API kind: no *_AlgorithmInstance.h, and the objects "
			       "define %s of sig_keygen, kem_keygen, kex_init_a; give kind = ... in a recipe",
			       b->det.name, "none or more than one");
		hp_strv_free(&cc);
		return 2;
	}
	if (hp_plan_link(objs, b->det.nsrc, b->det.kind, b->det.adapter_header, &b->libs, plan, err, sizeof err) != 0) {
		if (failed)
			goto compile_failure;
		if (hp_refuse_prebuilt(b, plan)) {
			hp_strv_free(&cc);
			return 2;
		}
		/* every source compiled and none defines an API function:
		 * other flags compile the same sources, so no retry */
		hp_fmt(f->what, sizeof f->what, "%s", err);
		free(f->command);
		f->command = NULL;
		hp_strv_free(&cc);
		return 3;
	}
	if (hp_flags_uncertain(b, plan) != 0) {
		hp_build_error(b, "build: out of memory");
		hp_strv_free(&cc);
		return 2;
	}
	/* the symmetric code of the linked objects */
	if (hp_plan_survey(objs, plan, err, sizeof err) != 0) {
		hp_build_error(b, "build %s: the survey of its objects failed: %s", b->det.name, err);
		hp_strv_free(&cc);
		return 2;
	}
	/* A source that does not compile is tolerated only when nothing could
	 * stand in for it: the Makefile does not compile it, and, when the
	 * Makefile does not say which sources it compiles, no linked object
	 * has its file name (a stray old/x.c replacing a broken x.c; but
	 * src/avx2/x.c beside the src/ref/x.c the Makefile compiles is just
	 * another implementation). */
	for (size_t i = 0; i < b->det.nsrc; i++) {
		const char *base = strrchr(objs[i].src->rel, '/');
		if (objs[i].compiled || !objs[i].command)
			continue;
		base = base ? base + 1 : objs[i].src->rel;
		if (objs[i].src->from_make) {
			bad = i;
			goto compile_failure;
		}
		if (b->det.make_sources.n)
			continue;
		for (size_t k = 0; k < plan->nobjs; k++) {
			const char *lrel = objs[plan->objs[k]].src->rel, *lb = strrchr(lrel, '/');
			if (!strcmp(lb ? lb + 1 : lrel, base)) {
				bad = i;
				goto compile_failure;
			}
		}
	}
	{
		struct hp_meta m = {
			b->det.name,          b->det.kind,   b->det.dir, *cflags_shown ? *cflags_shown : "",
			hp_flagset_name(set), "not checked", "",         &plan->warnings
		};
		char tmp_so[PATH_MAX];
		hp_plan_wrapped(plan, m.wrapped, sizeof m.wrapped);
		hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b->work, b->det.name);
		if (hp_link_instance(&b->rt, &cc, objs, plan, &m, b->work, tmp_so, b->log, err, sizeof err,
				     &f->command) == 0) {
			hp_strv_free(&cc);
			return 0;
		}
		/* a source that did not compile is the likelier cause of a failed link */
		if (failed && strstr(err, "undefined reference")) {
			free(f->command);
			f->command = NULL;
			goto compile_failure;
		}
		if (hp_refuse_prebuilt(b, plan)) {
			hp_strv_free(&cc);
			return 2;
		}
		/* name the ICCS file that is missing, when that is the cause */
		HP_FOR_EACH_HELPER(h)
		if (hp_strv_find(&plan->missing, hp_fn_name(h)) >= 0 && strstr(err, hp_fn_name(h))) {
			size_t n = strlen(err);
			hp_fmt(err + n, sizeof err - n, " (no source defines %s: is the ICCS %s missing?)",
			       hp_fn_name(h), hp_fn_is_drng(h) ? "drng.c" : "auxfunc.c");
			break;
		}
		hp_fmt(f->what, sizeof f->what, "%s", err);
		hp_strv_free(&cc);
		return 1;
	}
compile_failure:
	for (size_t i = bad < b->det.nsrc ? bad : 0; i < b->det.nsrc; i++)
		if (objs[i].command && !objs[i].compiled) {
			hp_fmt(f->what, sizeof f->what, "%s",
			       objs[i].first_error[0] ? objs[i].first_error : "the compiler failed");
			free(f->command);
			f->command = strdup(objs[i].command);
			break;
		}
	hp_strv_free(&cc);
	return rc;
}

void hp_build_free_objects(struct hp_object *objs, size_t n)
{
	if (!objs)
		return;
	for (size_t i = 0; i < n; i++)
		hp_object_free(&objs[i]);
	free(objs);
}
