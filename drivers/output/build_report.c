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

#include "cli/build_cmd.h"
#include "candidates.h"
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

static void hp_cli_say(const char *line)
{
	puts(line);
}

static void hp_cli_error(const char *line)
{
	fflush(stdout);
	fprintf(stderr, "hashprof: %s\n", line);
}

const struct hp_build_out hp_build_cli_out = { hp_cli_say, hp_build_warn, hp_cli_error };

/* The survey of the linked objects: the verdict, the own code
 * (not the functions that route to the helpers), the entry functions
 * that are wrapped, the notes. */
static void hp_build_report_survey(const struct hp_survey *s)
{
	char label[128];

	hp_build_say("  survey:  %s \u2014 %s", s->verdict, s->reason);
	for (size_t i = 0; i < s->nf; i++) {
		const struct hp_survey_finding *f = &s->f[i];
		if (f->role != HP_SURVEY_OWN && f->role != HP_SURVEY_NAME_OWN && f->role != HP_SURVEY_ICCS)
			continue;
		hp_prim_label(f->prim, label, sizeof label);
		hp_build_say("  %-8s %s (%s, %s): %s", f->role == HP_SURVEY_ICCS ? "iccs:" : "own:", f->function, label,
			     f->object, f->evidence);
	}
	for (size_t i = 0; i < s->nentries; i++) {
		hp_prim_label(s->entries[i].prim, label, sizeof label);
		hp_build_say(
			"  entry:   %s (%s, %s): %s%s", s->entries[i].function, label, s->entries[i].object,
			s->entries[i].wrap ? "wrapped" : "not wrapped: ", s->entries[i].wrap ? "" : s->entries[i].why);
	}
	for (size_t i = 0; i < s->notes.n; i++)
		hp_build_say("  note:    %s", s->notes.v[i]);
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
	if (b->det.ran_make && b->det.build_tool[0]) {
		char *mf = hp_build_display_words(b, &b->det.make_cppflags), *ml = hp_strv_join(&b->det.make_libs, " ");
		hp_build_say("  %s %s%s%s", !strcmp(b->det.build_tool, "cmake") ? "cmake:  " : "make -n:",
			     mf && mf[0] ? mf : "(no -D/-I)", ml && ml[0] ? "; links " : "", ml && ml[0] ? ml : "");
		free(mf);
		free(ml);
	}
	{
		char *pl = hp_strv_join(&progs, ", ");
		hp_build_say("  sources: %zu compiled, %zu linked; %zu program%s not linked%s%s%s%s",
			     b->det.nsrc - failed, plan->nobjs, programs, programs == 1 ? "" : "s",
			     programs ? " (" : "", pl ? pl : "", programs > progs.n ? ", ..." : "",
			     programs ? ")" : "");
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
	} else if (plan->provide_drng)
		hp_build_say("  drng_algorithm: hashprof's (no linked object defines it)");
	for (size_t i = 0; i < b->det.infos.n; i++)
		hp_build_say("  note:    %s", b->det.infos.v[i]);
	for (size_t i = 0; i < plan->infos.n; i++)
		hp_build_say("  note:    %s", plan->infos.v[i]);
	hp_build_say("  KAT:     %s%s%s%s", kat->status, kat->detail[0] ? " (" : "", kat->detail,
		     kat->detail[0] ? ")" : "");
	if (plan->survey)
		hp_build_report_survey(plan->survey);
	hp_strv_free(&progs);
	for (size_t i = 0; i < plan->warnings.n; i++)
		hp_build_warn(plan->warnings.v[i]);
}

/* How to run the instance: by name when the search path finds this .so;
 * with HASHPROF_PATH when the output folder is not on it; a warning when
 * another instance of the same name comes first.  After a build ("X:
 * built SO; run it with ...") and after an up-to-date one ("X: run it
 * with ...": its line named the .so already), the same hint. */
void hp_build_how_to_run(const struct hp_build *b, int built)
{
	struct hp_instance inst;
	char a[PATH_MAX], c[PATH_MAX], head[PATH_MAX + 256];

	if (built)
		hp_fmt(head, sizeof head, "%s: built %s; ", b->det.name, b->so);
	else
		hp_fmt(head, sizeof head, "%s: ", b->det.name);
	if (hp_instance_find(b->det.name, &inst) != 0) {
		char quoted[4 * PATH_MAX + 3];
		hp_build_say("%s%s is not on the search path: run it with: HASHPROF_PATH=%s hashprof %s", head,
			     b->opt.outdir, hp_shell_quote(b->opt.outdir, quoted, sizeof quoted), b->det.name);
		return;
	}
	hp_build_say("%srun it with: hashprof %s", head, b->det.name);
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

void hp_build_hash_report(const struct hp_hash_build *h)
{
	const struct hp_build *b = h->b;
	struct hp_candidate *all = NULL;
	long n = hp_candidate_scan(&all);
	char a[PATH_MAX], c[PATH_MAX], linked[4096] = "", out[4096] = "";
	size_t ul = 0, uo = 0;
	int found = 0;

	for (size_t k = 0; k < h->nlinked && ul < sizeof linked; k++)
		ul += (size_t)snprintf(linked + ul, sizeof linked - ul, "%s%s", k ? ", " : "",
				       h->objs[h->linked[k]].src->rel);
	for (size_t i = 0; i < b->det.nsrc && uo < sizeof out; i++)
		if (!h->objs[i].linked)
			uo += (size_t)snprintf(out + uo, sizeof out - uo, "%s%s (%s)", uo ? ", " : "",
					       h->objs[i].src->rel,
					       !h->objs[i].compiled ? "did not compile"
					       : h->objs[i].is_main ? "a program: main()"
								    : "not needed by CryptHash");
	hp_build_say("  name: %s (%s)", b->det.name, b->det.name_origin);
	hp_build_say("  digest: %u bits (DIGEST_BIT_LENGTH in %s)", h->digest_bits,
		     hp_path_below(b->det.dir, h->header));
	hp_build_say("  linked: %s", linked);
	if (out[0])
		hp_build_say("  left out: %s", out);
	hp_build_say("  flags: %s: %s", hp_flagset_name(h->used), h->cflags_shown ? h->cflags_shown : "");
	hp_build_say("  stands in for: pseudohash, pseudoXOF%s", h->sm3 ? ", sm3hash" : " (sm3hash stays SM3)");
	for (long i = 0; i < n; i++)
		if (!strcmp(all[i].name, b->det.name) && realpath(all[i].path[0] ? all[i].path : "/", a) &&
		    realpath(b->so, c) && !strcmp(a, c))
			found = 1;
	free(all);
	if (found)
		hp_build_say("%s: built %s; use it with: hashprof INSTANCE --hash=%s", b->det.name, b->so, b->det.name);
	else
		hp_build_say("%s: built %s; %s is not on the candidate search path (or another candidate of that "
			     "name comes first): use it with: HASHPROF_HASH_PATH=%s hashprof INSTANCE --hash=%s",
			     b->det.name, b->so, b->opt.outdir, b->opt.outdir, b->det.name);
}
