/*
 * build_report.c - what `hashprof build` prints (see build_cmd.h):
 * progress and the report on stdout, warnings on stderr, and how to run
 * what was built.  Paths inside the package are shown relative to it so
 * that the report reads the same on every machine.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_cmd.h"
#include "builder.h"
#include "instance.h"

void hp_build_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

void hp_build_warn(const char *msg)
{
	fflush(stdout);
	fprintf(stderr, "hashprof build: warning: %s\n", msg);
	fflush(stderr);
}

/* The word list for display: package paths shown relative to the package. */
char *hp_build_display_words(const struct hp_build *b, const struct hp_strv *words)
{
	struct hp_strv out = { 0 };
	char *s;

	for (size_t i = 0; i < words->n; i++) {
		const char *w = words->v[i];
		if (!strcmp(w, "-iquote") && i + 1 < words->n) {
			i++;            /* hashprof's own search path, not a package flag */
			continue;
		}
		if (!strncmp(w, "-I", 2) && w[2] == '/') {
			if (hp_strv_addf(&out, "-I%s", hp_path_below(b->det.dir, w + 2)))
				goto oom;
		} else if (w[0] == '/') {
			if (hp_strv_add(&out, hp_path_below(b->det.dir, w)))
				goto oom;
		} else if (hp_strv_add(&out, w)) {
			goto oom;
		}
	}
	s = hp_strv_join(&out, " ");
	hp_strv_free(&out);
	return s;
oom:
	hp_strv_free(&out);
	return NULL;
}

/* Print the build report. */
void hp_build_report(struct hp_build *b, struct hp_object *objs, const struct hp_plan *plan, enum hp_flagset set,
		     const char *cflags_shown, const struct hp_kat *kat)
{
	size_t programs = 0, failed = 0;
	char wrapped[256];
	struct hp_strv progs = { 0 };

	for (size_t i = 0; i < b->det.nsrc; i++) {
		if (!objs[i].compiled)
			failed++;
		else if (objs[i].is_main && !objs[i].linked) {
			programs++;
			if (progs.n < 4)
				hp_strv_add(&progs, objs[i].src->rel);
		}
	}
	hp_build_say("  name:    %s (%s)", b->det.name, b->det.name_origin);
	hp_build_say("  kind:    %s (%s)", b->det.kind, b->det.kind_origin[0] ? b->det.kind_origin : "?");
	if (b->det.ran_make) {
		char *mf = hp_build_display_words(b, &b->det.make_cppflags), *ml = hp_strv_join(&b->det.make_libs, " ");
		hp_build_say("  make -n: %s%s%s", mf && mf[0] ? mf : "(no -D/-I)", ml && ml[0] ? "; links " : "",
			     ml && ml[0] ? ml : "");
		free(mf);
		free(ml);
	}
	{
		char *pl = hp_strv_join(&progs, ", ");
		hp_build_say("  sources: %zu compiled, %zu linked; %zu program%s not linked%s%s%s%s", b->det.nsrc - failed,
			     plan->nobjs, programs, programs == 1 ? "" : "s", programs ? " (" : "", pl ? pl : "",
			     programs > progs.n ? ", ..." : "", programs ? ")" : "");
		free(pl);
	}
	if (failed)
		for (size_t i = 0; i < b->det.nsrc; i++)
			if (!objs[i].compiled)
				hp_build_say("  skipped: %s does not compile (%s) and the instance does not need it",
					     objs[i].src->rel, objs[i].first_error);
	hp_build_say("  flags:   %s: %s", hp_flagset_name(set), cflags_shown ? cflags_shown : "");
	hp_plan_wrapped(plan, wrapped, sizeof wrapped);
	for (char *p = wrapped; *p; p++)
		if (*p == ',')
			*p = ' ';
	hp_build_say("  wraps:   %s", wrapped[0] ? wrapped : "(none: no linked object defines a helper)");
	if (plan->drng_defined_by >= 0) {
		struct hp_strv by = { 0 };
		int common = 0;
		char *list;
		for (size_t k = 0; k < plan->nobjs; k++) {
			const struct hp_osym *d = hp_object_defines(&objs[plan->objs[k]], "drng_algorithm");
			if (d) {
				hp_strv_add(&by, objs[plan->objs[k]].src->rel);
				common |= d->common;
			}
		}
		list = hp_strv_join(&by, ", ");
		hp_build_say("  drng_algorithm: defined by the package (%s%s)", list ? list : "",
			     common ? "; common symbols, merged by the linker" : "");
		free(list);
		hp_strv_free(&by);
	}
	else if (plan->provide_drng)
		hp_build_say("  drng_algorithm: hashprof's (no linked object defines it)");
	for (size_t i = 0; i < b->det.infos.n; i++)
		hp_build_say("  note:    %s", b->det.infos.v[i]);
	for (size_t i = 0; i < plan->infos.n; i++)
		hp_build_say("  note:    %s", plan->infos.v[i]);
	hp_build_say("  KAT:     %s%s%s%s", kat->status, kat->detail[0] ? " (" : "", kat->detail, kat->detail[0] ? ")" : "");
	hp_strv_free(&progs);
	for (size_t i = 0; i < plan->warnings.n; i++)
		hp_build_warn(plan->warnings.v[i]);
}

void hp_build_warn_fallbacks(const struct hp_build *b)
{
	char msg[2 * HP_BUILD_ERR + 256];

	if (b->det.make_error[0]) {
		hp_fmt(msg, sizeof msg, "the Makefile's dry run failed: %s; the build used %s", b->det.make_error,
		       b->det.make_cppflags.n || b->det.make_libs.n ? "only the flags it printed before it failed"
								    : "none of the Makefile's flags (-D, -I, -l)");
		hp_build_warn(msg);
	}
	if (b->det.name_fallback[0]) {
		hp_fmt(msg, sizeof msg, "the instance is named %s after its folder (a fallback): %s", b->det.name,
		       b->det.name_fallback);
		hp_build_warn(msg);
	}
}

/* How to run the instance: by name when the search path finds this .so;
 * with HASHPROF_PATH when the output folder is not on it; a warning when
 * another instance of the same name comes first. */
void hp_build_how_to_run(const struct hp_build *b)
{
	struct hp_instance inst;
	char a[PATH_MAX], c[PATH_MAX];

	if (hp_instance_find(b->det.name, &inst) != 0) {
		hp_build_say("%s: built %s; %s is not on the search path: run it with: HASHPROF_PATH=%s hashprof %s",
			     b->det.name, b->so, b->opt.outdir, b->opt.outdir, b->det.name);
		return;
	}
	hp_build_say("%s: built %s; run it with: hashprof %s", b->det.name, b->so, b->det.name);
	if (realpath(inst.path, a) && realpath(b->so, c) && !strcmp(a, c))
		return;
	{
		char msg[2 * PATH_MAX + 256];
		hp_fmt(msg, sizeof msg,
		       "another instance named %s comes first on the search path (%s): `hashprof %s` runs that one",
		       b->det.name, inst.path, b->det.name);
		hp_build_warn(msg);
	}
}
