/*
 * make.c - making and installing the instance (see pipeline.h): the attempts
 * with each flag set, the optional KAT and the relink that records its
 * result, the install and the manifest; and how the builder speaks
 * (b->out).
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"

/* ---------- messages ---------- */

#define HP_BUILD_LINE (2 * PATH_MAX + 4 * HP_BUILD_ERR)

/* Format the message and hand it to one of b->out's three. */
static void hp_build_emit(void (*to)(const char *), const char *fmt, va_list ap)
{
	char line[HP_BUILD_LINE];

	vsnprintf(line, sizeof line, fmt, ap);
	to(line);
}

void hp_build_note(const struct hp_build *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	hp_build_emit(b->out->say, fmt, ap);
	va_end(ap);
}

void hp_build_warning(const struct hp_build *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	hp_build_emit(b->out->warn, fmt, ap);
	va_end(ap);
}

int hp_build_error(const struct hp_build *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	hp_build_emit(b->out->error, fmt, ap);
	va_end(ap);
	return HP_BUILD_STOPPED;
}

/* The word list for display: package paths shown relative to the package. */
char *hp_build_display_words(const struct hp_build *b, const struct hp_strv *words)
{
	struct hp_strv out = { 0 };
	char *s;

	for (size_t i = 0; i < words->n; i++) {
		const char *w = words->v[i];
		if (!strcmp(w, "-iquote") && i + 1 < words->n) {
			i++; /* hashprof's own search path, not a package flag */
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

void hp_build_warn_fallbacks(const struct hp_build *b)
{
	char msg[2 * HP_BUILD_ERR + sizeof b->det.outside + 256];

	if (b->det.make_error[0]) {
		int cmake = !strcmp(b->det.build_tool, "cmake");
		hp_fmt(msg, sizeof msg, "%s failed: %s%s%s; the build used %s",
		       cmake ? "CMake's configure run" : "the Makefile's dry run", b->det.make_error,
		       b->det.outside[0] ? "; " : "", b->det.outside,
		       b->det.make_cppflags.n || b->det.make_libs.n ? "only the flags it printed before it failed"
		       : cmake                                      ? "none of CMake's flags (-D, -I)"
								    : "none of the Makefile's flags (-D, -I, -l)");
		b->out->warn(msg);
	}
	if (b->det.name_fallback[0]) {
		hp_fmt(msg, sizeof msg, "the instance is named %s after its folder (a fallback): %s", b->det.name,
		       b->det.name_fallback);
		b->out->warn(msg);
	}
}

/* ---------- making ---------- */

/* The one line of a failed build: what failed, the command that failed
 * when one did (a missing API function is no command's), the log; and
 * when the dry run failed on a path outside its copy (d->outside), that,
 * since a header or source not found is then likely its consequence. */
static void hp_build_failed(const struct hp_build *b, const char *what, const char *command)
{
	const char *sep = b->det.outside[0] ? "; possibly because the Makefile's dry run failed: " : "";

	if (command)
		hp_build_error(b, "build %s failed: %s (command: %s; full log: %s)%s%s", b->det.name, what, command,
			       b->log, sep, b->det.outside);
	else
		hp_build_error(b, "build %s failed: %s (full log: %s)%s%s", b->det.name, what, b->log, sep,
			       b->det.outside);
}

/* The attempts: the reference flags, then the permissive ones (one set
 * when --flags or the recipe names it).  Returns HP_BUILD_DONE or
 * HP_BUILD_STOPPED. */
static int hp_build_attempts(struct hp_build *b, struct hp_build_product *p)
{
	enum hp_flagset sets[2] = { HP_FLAGS_REFERENCE, HP_FLAGS_PERMISSIVE };
	size_t nsets = 2, tried = 0;

	if (b->opt.flagset || b->recipe.flagset[0]) {
		const char *f = b->opt.flagset ? b->opt.flagset : b->recipe.flagset;
		sets[0] = !strcmp(f, "reference") ? HP_FLAGS_REFERENCE : HP_FLAGS_PERMISSIVE;
		nsets = 1;
	}
	for (size_t s = 0; s < nsets; s++) {
		int r;
		hp_build_free_objects(p->objs, b->det.nsrc);
		p->objs = NULL;
		hp_plan_free(&p->plan);
		hp_strv_free(&p->words);
		free(p->cflags_shown);
		p->cflags_shown = NULL;
		tried = s + 1;
		r = hp_build_attempt(b, sets[s], &p->objs, &p->plan, &p->words, &p->cflags_shown, &p->fail[s]);
		if (r == 2) {
			hp_build_warn_fallbacks(b);
			return HP_BUILD_STOPPED;
		}
		if (r == 0) {
			p->used = sets[s];
			return HP_BUILD_DONE;
		}
		if (r == 3)
			break; /* the other flags would compile the same objects */
		if (s + 1 < nsets)
			hp_build_note(b, "  the %s flags failed: %s; retrying with the %s flags",
				      hp_flagset_name(sets[s]), p->fail[s].what, hp_flagset_name(sets[s + 1]));
	}
	{
		struct hp_failure *f = &p->fail[tried - 1];
		hp_build_warn_fallbacks(b);
		hp_build_failed(b, f->what, f->command);
	}
	return HP_BUILD_STOPPED;
}

/* --kat: the package's KAT program against the built objects, then the
 * instance linked again with the result in its metadata (and a failed
 * KAT as a warning: in `list --long` and every row's notes). */
static int hp_build_kat(struct hp_build *b, struct hp_build_product *p)
{
	struct hp_strv cc = { 0 };
	char tmp_so[PATH_MAX], *command = NULL, err[HP_BUILD_ERR];
	struct hp_meta m = { b->det.name,
			     b->det.kind,
			     b->det.dir,
			     p->cflags_shown ? p->cflags_shown : "",
			     hp_flagset_name(p->used),
			     NULL,
			     "",
			     &p->plan.warnings };
	char katfield[HP_BUILD_ERR + 32];
	int rc = HP_BUILD_DONE;

	hp_cc_argv(&cc);
	hp_kat_check(&b->det, &b->recipe, &cc, &p->words, p->objs, b->det.nsrc, &p->plan, b->work, b->log,
		     b->opt.kat_timeout, &p->kat);
	hp_fmt(katfield, sizeof katfield, "%s", p->kat.status);
	m.kat = katfield;
	if (!strcmp(p->kat.status, "fail") && hp_strv_addf(&p->plan.warnings, "the KAT failed: %s", p->kat.detail)) {
		hp_build_error(b, "build: out of memory");
		hp_strv_free(&cc);
		return HP_BUILD_STOPPED;
	}
	hp_plan_wrapped(&p->plan, m.wrapped, sizeof m.wrapped);
	hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b->work, b->det.name);
	if (hp_link_instance(&b->rt, &cc, p->objs, &p->plan, &m, b->work, tmp_so, b->log, err, sizeof err, &command) !=
	    0) {
		hp_build_failed(b, err, command);
		rc = HP_BUILD_STOPPED;
	} else if (!strcmp(p->kat.status, "fail")) {
		rc = HP_BUILD_KAT_FAILED;
	}
	free(command);
	hp_strv_free(&cc);
	return rc;
}

int hp_build_make(struct hp_build *b, struct hp_build_product *p)
{
	int rc;

	hp_sandbox_step(b, "the compiler", b->work);
	rc = hp_build_attempts(b, p);

	if (rc != HP_BUILD_DONE || !b->opt.kat)
		return rc;
	return hp_build_kat(b, p);
}

int hp_build_install(struct hp_build *b, const struct hp_build_product *p)
{
	char tmp_so[PATH_MAX];

	hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b->work, b->det.name);
	if (hp_mkdirs(b->opt.outdir) != 0 || rename(tmp_so, b->so) != 0) {
		hp_build_error(b, "build %s: cannot install %s: %s", b->det.name, b->so, strerror(errno));
		return HP_BUILD_STOPPED;
	}
	if (hp_manifest_store(b->manifest_path, b->manifest, b->so, b->opt.kat ? &p->kat : NULL) != 0)
		b->out->warn("cannot write the manifest: the next build will not be skipped");
	return HP_BUILD_DONE;
}

void hp_build_product_free(const struct hp_build *b, struct hp_build_product *p)
{
	for (size_t s = 0; s < 2; s++)
		free(p->fail[s].command);
	hp_build_free_objects(p->objs, b->det.nsrc);
	hp_plan_free(&p->plan);
	hp_strv_free(&p->words);
	free(p->cflags_shown);
	memset(p, 0, sizeof *p);
}

void hp_build_free(struct hp_build *b)
{
	hp_sandbox_free(b);
	free(b->manifest);
	hp_strv_free(&b->cppflags);
	hp_strv_free(&b->extra);
	hp_strv_free(&b->libs);
	hp_strv_free(&b->opt.cflags);
	hp_strv_free(&b->opt.cppflags);
	hp_recipe_free(&b->recipe);
	hp_runtime_free(&b->rt);
	hp_detect_free(&b->det);
}
