/*
 * link.c - from objects to an instance (see builder.h): which objects the
 * API needs (what an archive link would pull, decided here so that the
 * build report names exactly what is linked), which helpers are wrapped,
 * whether hashprof supplies drng_algorithm, what the build must warn
 * about, the .hashprof metadata, and the link itself:
 *
 *   CC -shared -o NAME.so hp_instance_info.o [hp_drng_global.o] objects...
 *      -Wl,--no-undefined -Wl,-z,defs          (undefined symbols: a build error)
 *      -Wl,--undefined=hashprof_wrap_state ...  (the shims' state, always)
 *      libhashprof-wrap.a -Wl,--wrap=F...       (one per helper the objects define)
 *      libs -lm
 */
#include "config.h"
#include "builder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HP_PKGLIBDIR
#error "HP_PKGLIBDIR must be defined"
#endif
#ifndef HP_PKGDATADIR
#error "HP_PKGDATADIR must be defined"
#endif
#ifndef HP_PKGINCLUDEDIR
#error "HP_PKGINCLUDEDIR must be defined"
#endif
/* The linker words that keep the shims' state in an instance that wraps
 * nothing (Makefile.am's HP_STATE_LDFLAGS, passed in by builder/local.mk). */
#ifndef HP_BUILDER_STATE_LDFLAGS
#define HP_BUILDER_STATE_LDFLAGS ""
#endif
#define HP_DEFAULT_STATE_LDFLAGS "-Wl,--undefined=hashprof_wrap_state -Wl,--undefined=hashprof_calib_loop"

/* ---------- the plan ---------- */

/* Objects that may go into the instance: compiled, read, not programs. */
static int hp_linkable(const struct hp_object *o)
{
	return o->compiled && o->inspected && !o->is_main && !o->lto;
}

/* A stray duplicate: other defines symbols that chosen, linked, defines too. */
struct hp_dup {
	size_t chosen, other;
	struct hp_strv syms;
};

static int hp_note_dup(struct hp_dup **dups, size_t *n, size_t chosen, size_t other, const char *sym)
{
	struct hp_dup *grown;

	for (size_t i = 0; i < *n; i++)
		if ((*dups)[i].chosen == chosen && (*dups)[i].other == other)
			return hp_strv_find(&(*dups)[i].syms, sym) >= 0 ? 0 : hp_strv_add(&(*dups)[i].syms, sym);
	if (!(grown = realloc(*dups, (*n + 1) * sizeof *grown)))
		return -1;
	*dups = grown;
	memset(&grown[*n], 0, sizeof grown[*n]);
	grown[*n].chosen = chosen;
	grown[*n].other = other;
	(*n)++;
	return hp_strv_add(&grown[*n - 1].syms, sym);
}

/* Library words for symbols no object defines: a known family, when the
 * package's Makefile did not already name a library. */
static int hp_library_hints(struct hp_plan *plan)
{
	static const struct {
		const char *prefix, *lib;
	} hints[] = {
		{ "EVP_", "-lcrypto" },   { "OPENSSL_", "-lcrypto" }, { "SHA1", "-lcrypto" },
		{ "SHA256", "-lcrypto" }, { "SHA512", "-lcrypto" },   { "AES_", "-lcrypto" },
		{ "RAND_", "-lcrypto" },  { "BN_", "-lcrypto" },      { "ERR_", "-lcrypto" },
		{ "HMAC", "-lcrypto" },   { "CRYPTO_", "-lcrypto" },  { "__gmpz_", "-lgmp" },
		{ "__gmpn_", "-lgmp" },   { "__gmpq_", "-lgmp" },
	};

	for (size_t i = 0; i < plan->missing.n; i++)
		for (size_t k = 0; k < sizeof hints / sizeof hints[0]; k++)
			if (!strncmp(plan->missing.v[i], hints[k].prefix, strlen(hints[k].prefix)) &&
			    hp_strv_find(&plan->libs, hints[k].lib) < 0) {
				if (hp_strv_add(&plan->libs, hints[k].lib) ||
				    hp_strv_addf(&plan->infos,
						 "linking %s: the objects use %s and no library was named for it",
						 hints[k].lib, plan->missing.v[i]))
					return -1;
			}
	return 0;
}

/* The warnings every row of the instance carries. */
static int hp_plan_warnings(struct hp_object *objs, size_t nobjs, struct hp_plan *plan)
{
	unsigned called = 0;
	int rc = 0;

	/* calls --wrap cannot see: caller and helper in one object */
	for (size_t k = 0; k < plan->nobjs && rc == 0; k++) {
		const struct hp_object *o = &objs[plan->objs[k]];
		unsigned per[HP_FN_COUNT] = { 0 }, total = 0;
		struct hp_strv callers = { 0 }, parts = { 0 };
		char *cl, *pl;

		for (size_t i = 0; i < o->nsites; i++) {
			if (o->sites[i].internal)
				continue;
			per[o->sites[i].helper] += o->sites[i].count;
			total += o->sites[i].count;
			called |= 1u << o->sites[i].helper;
			if (hp_strv_find(&callers, o->sites[i].caller) < 0)
				rc |= hp_strv_add(&callers, o->sites[i].caller);
		}
		if (!total) {
			hp_strv_free(&callers);
			continue;
		}
		HP_FOR_EACH_HELPER(h)
		if (per[h])
			rc |= hp_strv_addf(&parts, "%s %u", hp_fn_name(h), per[h]);
		cl = hp_strv_join(&callers, ", ");
		pl = hp_strv_join(&parts, ", ");
		if (cl && pl)
			rc |= hp_strv_addf(
				&plan->warnings,
				"%s: %u call site%s of helpers defined in the same object, invisible to --wrap: "
				"%s (callers: %s)",
				o->src->rel, total, total == 1 ? "" : "s", pl, cl);
		else
			rc = -1;
		free(cl);
		free(pl);
		hp_strv_free(&callers);
		hp_strv_free(&parts);
	}
	/* helpers referenced but defined by no source */
	HP_FOR_EACH_HELPER(h)
	{
		if (rc != 0)
			break;
		struct hp_strv by = { 0 };
		int defined = 0;
		for (size_t i = 0; i < nobjs; i++) {
			if (!objs[i].inspected)
				continue;
			defined |= hp_object_defines(&objs[i], hp_fn_name(h)) != NULL;
			if (hp_object_references(&objs[i], hp_fn_name(h)) && by.n < 3)
				rc |= hp_strv_add(&by, objs[i].src->rel);
		}
		if (!defined && by.n) {
			char *b = hp_strv_join(&by, ", ");
			rc |= !b || hp_strv_addf(&plan->warnings, "%s is referenced (%s) but no source defines it",
						 hp_fn_name(h), b);
			free(b);
		}
		hp_strv_free(&by);
	}
	/* nothing to wrap at all */
	if (rc == 0 && !(plan->defined_anywhere & ~(1u << HP_FN_DRNG_INIT)))
		rc |= hp_strv_add(
			&plan->warnings,
			"no source defines an ICCS helper (pseudohash, pseudoXOF, sm3hash, get_random_number): "
			"nothing is wrapped and every share is 0.0% because nothing is measured");
	/* helpers linked but never called by the scheme's code */
	for (size_t k = 0; k < plan->nobjs; k++) {
		const struct hp_object *o = &objs[plan->objs[k]];
		if (o->helper_file)
			continue;
		HP_FOR_EACH_HELPER(h)
		if (h != HP_FN_DRNG_INIT && hp_object_references(o, hp_fn_name(h)))
			called |= 1u << h;
	}
	if (rc == 0 && (plan->wrapped & ~(1u << HP_FN_DRNG_INIT)) && !(called & ~(1u << HP_FN_DRNG_INIT))) {
		char w[256];
		hp_plan_wrapped(plan, w, sizeof w);
		rc |= hp_strv_addf(
			&plan->warnings,
			"the code linked for the API never calls the ICCS helpers (defined and wrapped: %s): "
			"expect no helper calls, its own hash or RNG is not measured",
			w);
	}
	return rc ? -1 : 0;
}

/* The adapter's source file name for the missing-API message, in buf:
 * the header's name with .c for .h (SIG_FIX-REN.h: SIG_FIX-REN.c), else
 * the API's <KIND>_AlgorithmInstance.c. */
static void hp_adapter_source(const char *kind, const char *header, char *buf, size_t len)
{
	const char *base = header && header[0] ? strrchr(header, '/') : NULL;
	size_t n;

	base = base ? base + 1 : header;
	if (base && (n = strlen(base)) > 2 && !strcmp(base + n - 2, ".h") && n < len) {
		hp_fmt(buf, len, "%.*s.c", (int)(n - 2), base);
		return;
	}
	hp_fmt(buf, len, "%s_AlgorithmInstance.c", !strcmp(kind, "sig") ? "SIG" : !strcmp(kind, "kem") ? "KEM" : "KEX");
}

int hp_plan_link(struct hp_object *objs, size_t nobjs, const char *kind, const char *adapter_header,
		 const struct hp_strv *libs, struct hp_plan *plan, char *err, size_t errlen)
{
	const char *const *api = hp_ngcc_api_symbols(kind);
	struct hp_strv need = { 0 };
	struct hp_dup *dups = NULL;
	size_t ndups = 0, api_n = 0;
	char *in = calloc(nobjs ? nobjs : 1, 1);
	int rc = -1;

	plan->drng_defined_by = -1;
	if (!api) {
		hp_fmt(err, errlen, "unknown API kind '%s'", kind);
		free(in);
		return -1;
	}
	if (!in || !(plan->objs = calloc(nobjs ? nobjs : 1, sizeof *plan->objs)) || hp_strv_extend(&plan->libs, libs))
		goto oom;
	for (const char *const *s = api; *s; s++)
		if (hp_strv_add(&need, *s))
			goto oom;
	api_n = need.n;
	/* the API functions only some instances have (passes 4 and 5 of a key
	 * exchange): linked when an object defines them */
	for (const char *const *s = hp_ngcc_api_optional_symbols(kind); *s; s++)
		for (size_t i = 0; i < nobjs; i++)
			if (hp_linkable(&objs[i]) && hp_object_defines(&objs[i], *s)) {
				if (hp_strv_add(&need, *s))
					goto oom;
				break;
			}
	/* every helper some object defines is linked (and so wrapped), as in
	 * the published evaluation, even when the scheme never calls it */
	HP_FOR_EACH_HELPER(h)
	for (size_t i = 0; i < nobjs; i++)
		if (hp_linkable(&objs[i]) && hp_object_defines(&objs[i], hp_fn_name(h))) {
			plan->defined_anywhere |= 1u << h;
			if (hp_strv_find(&need, hp_fn_name(h)) < 0 && hp_strv_add(&need, hp_fn_name(h)))
				goto oom;
		}
	for (size_t k = 0; k < need.n; k++) {
		const char *sym = need.v[k];
		long chosen = -1;

		for (size_t j = 0; j < plan->nobjs && chosen < 0; j++)
			if (hp_object_defines(&objs[plan->objs[j]], sym))
				chosen = (long)plan->objs[j];
		if (chosen >= 0)
			continue;
		for (size_t i = 0; i < nobjs && chosen < 0; i++)
			if (hp_linkable(&objs[i]) && hp_object_defines(&objs[i], sym))
				chosen = (long)i;
		/* an adapter that also holds a test main(): the only way to the API */
		for (size_t i = 0; i < nobjs && chosen < 0 && k < api_n; i++)
			if (objs[i].compiled && objs[i].inspected && objs[i].is_main && !objs[i].lto &&
			    hp_object_defines(&objs[i], sym)) {
				chosen = (long)i;
				if (hp_strv_addf(&plan->infos,
						 "%s defines main() but also %s, which no other object "
						 "defines: linked all the same",
						 objs[i].src->rel, sym))
					goto oom;
			}
		if (chosen < 0) {
			if (hp_strv_find(&plan->missing, sym) < 0 && hp_strv_add(&plan->missing, sym))
				goto oom;
			continue;
		}
		in[chosen] = 1;
		plan->objs[plan->nobjs++] = (size_t)chosen;
		for (size_t u = 0; u < objs[chosen].undefs.n; u++)
			if (hp_strv_find(&need, objs[chosen].undefs.v[u]) < 0 &&
			    hp_strv_add(&need, objs[chosen].undefs.v[u]))
				goto oom;
	}
	/* a symbol first missing may have come with a later object */
	for (size_t i = 0; i < plan->missing.n;) {
		int found = 0;
		for (size_t j = 0; j < plan->nobjs && !found; j++)
			found = hp_object_defines(&objs[plan->objs[j]], plan->missing.v[i]) != NULL;
		if (found) {
			free(plan->missing.v[i]);
			memmove(plan->missing.v + i, plan->missing.v + i + 1, (plan->missing.n - i) * sizeof(char *));
			plan->missing.n--;
		} else {
			i++;
		}
	}
	for (const char *const *s = api; *s; s++)
		if (hp_strv_find(&plan->missing, *s) >= 0) {
			char src[256];
			hp_adapter_source(kind, adapter_header, src, sizeof src);
			hp_fmt(err, errlen,
			       "no object defines %s, part of the %s API (is the adapter %s missing, or did it not "
			       "compile?)",
			       *s, kind, src);
			goto out;
		}
	for (size_t j = 0; j < plan->nobjs; j++) {
		struct hp_object *o = &objs[plan->objs[j]];
		o->linked = 1;
		HP_FOR_EACH_HELPER(h)
		if (hp_object_defines(o, hp_fn_name(h)))
			plan->wrapped |= 1u << h;
		if (plan->drng_defined_by < 0 && hp_object_defines(o, "drng_algorithm"))
			plan->drng_defined_by = (int)plan->objs[j];
	}
	if (plan->drng_defined_by < 0 &&
	    (hp_strv_find(&plan->missing, "drng_algorithm") >= 0 || (plan->wrapped & (1u << HP_FN_DRNG_INIT)))) {
		long at = hp_strv_find(&plan->missing, "drng_algorithm");
		plan->provide_drng = 1;
		if (at >= 0) {
			free(plan->missing.v[at]);
			memmove(plan->missing.v + at, plan->missing.v + at + 1,
				(plan->missing.n - (size_t)at) * sizeof(char *));
			plan->missing.n--;
		}
	}
	/* stray duplicates: objects left out that define what a linked one defines */
	for (size_t j = 0; j < plan->nobjs; j++) {
		const struct hp_object *l = &objs[plan->objs[j]];
		for (size_t i = 0; i < nobjs; i++) {
			if (in[i] || !hp_linkable(&objs[i]))
				continue;
			for (size_t s = 0; s < l->ndefs; s++)
				if (!l->defs[s].weak && hp_object_defines(&objs[i], l->defs[s].name) &&
				    hp_note_dup(&dups, &ndups, plan->objs[j], i, l->defs[s].name))
					goto oom;
		}
	}
	for (size_t i = 0; i < ndups; i++) {
		char *syms = hp_strv_join(&dups[i].syms, ", ");
		if (!syms || hp_strv_addf(&plan->infos, "%s also defines %s: linked %s instead (%s)",
					  objs[dups[i].other].src->rel, syms, objs[dups[i].chosen].src->rel,
					  objs[dups[i].chosen].src->from_make && !objs[dups[i].other].src->from_make
						  ? "the Makefile compiles it"
					  : objs[dups[i].chosen].src->depth < objs[dups[i].other].src->depth
						  ? "shallower"
						  : "first by name")) {
			free(syms);
			goto oom;
		}
		free(syms);
	}
	if (hp_library_hints(plan) || hp_plan_warnings(objs, nobjs, plan))
		goto oom;
	rc = 0;
	goto out;
oom:
	hp_fmt(err, errlen, "out of memory");
out:
	for (size_t i = 0; i < ndups; i++)
		hp_strv_free(&dups[i].syms);
	free(dups);
	free(in);
	hp_strv_free(&need);
	return rc;
}

int hp_plan_survey(struct hp_object *objs, struct hp_plan *plan, char *err, size_t errlen)
{
	struct hp_survey_input *in = calloc(plan->nobjs ? plan->nobjs : 1, sizeof *in);
	int rc;

	if (!in || !(plan->survey = calloc(1, sizeof *plan->survey))) {
		free(in);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	for (size_t k = 0; k < plan->nobjs; k++) {
		const struct hp_object *o = &objs[plan->objs[k]];
		in[k] = (struct hp_survey_input){ o->obj, o->src->rel, o->helper_file };
	}
	rc = hp_survey_run(in, plan->nobjs, plan->survey, err, errlen);
	if (rc) {
		free(plan->survey);
		plan->survey = NULL;
	}
	free(in);
	return rc;
}

void hp_plan_free(struct hp_plan *plan)
{
	if (plan->survey) {
		hp_survey_free(plan->survey);
		free(plan->survey);
	}
	free(plan->objs);
	hp_strv_free(&plan->libs);
	hp_strv_free(&plan->infos);
	hp_strv_free(&plan->warnings);
	hp_strv_free(&plan->missing);
	memset(plan, 0, sizeof *plan);
}

void hp_plan_wrapped(const struct hp_plan *plan, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	HP_FOR_EACH_HELPER(h)
	if (plan->wrapped & (1u << h))
		o += (size_t)hp_fmt(buf + o, o < len ? len - o : 0, "%s%s", o ? "," : "", hp_fn_name(h));
}

/* ---------- run-time pieces ---------- */

int hp_runtime_find(struct hp_runtime *rt, char *err, size_t errlen)
{
	const char *flags = HP_BUILDER_STATE_LDFLAGS;
	const char *paths[4];
	char own_h[PATH_MAX];
	struct stat st;

	char builddir[PATH_MAX], srcdir[PATH_MAX];

	memset(rt, 0, sizeof *rt);
	if (hp_util_build_tree(builddir, srcdir, sizeof builddir)) {
		hp_fmt(rt->wrap_archive, sizeof rt->wrap_archive, "%s/wrap/libhashprof-wrap.a", builddir);
		hp_fmt(rt->instance_info, sizeof rt->instance_info, "%s/schemes/common/instance_info.c", srcdir);
		hp_fmt(rt->drng_global, sizeof rt->drng_global, "%s/builder/drng_global.c", srcdir);
		hp_fmt(rt->wrap_include, sizeof rt->wrap_include, "%s/wrap", srcdir);
	} else {
		hp_fmt(rt->wrap_archive, sizeof rt->wrap_archive, "%s", HP_PKGLIBDIR "/libhashprof-wrap.a");
		hp_fmt(rt->instance_info, sizeof rt->instance_info, "%s", HP_PKGDATADIR "/instance_info.c");
		hp_fmt(rt->drng_global, sizeof rt->drng_global, "%s", HP_PKGDATADIR "/drng_global.c");
		hp_fmt(rt->wrap_include, sizeof rt->wrap_include, "%s", HP_PKGINCLUDEDIR "/wrap");
	}
	hp_fmt(own_h, sizeof own_h, "%s/own.h", rt->wrap_include);
	paths[0] = rt->wrap_archive;
	paths[1] = rt->instance_info;
	paths[2] = rt->drng_global;
	paths[3] = own_h;
	for (int i = 0; i < 4; i++)
		if (stat(paths[i], &st) != 0) {
			int e = errno;
			hp_fmt(err, errlen, "hashprof's run-time piece %s is missing (%s): %s", paths[i], strerror(e),
			       hp_util_in_build_tree() ? "run make" : "reinstall hashprof");
			return -1;
		}
	/* a sanitizer build's shims call the sanitizers' run-time libraries */
	if (hp_split_words(flags[0] ? flags : HP_DEFAULT_STATE_LDFLAGS, &rt->state_ldflags) != 0 ||
	    hp_split_words(HP_SANITIZE_LDFLAGS, &rt->state_ldflags) != 0) {
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

void hp_runtime_free(struct hp_runtime *rt)
{
	hp_strv_free(&rt->state_ldflags);
}

/* ---------- metadata and link ---------- */

/* s as a C string literal (quotes included), newlines turned into blanks. */
static int hp_c_literal(struct hp_strv *out, const char *prefix, const char *s)
{
	size_t n = strlen(s), o = 0;
	char *buf = malloc(4 * n + 3);
	int rc;

	if (!buf)
		return -1;
	buf[o++] = '"';
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			buf[o++] = '\\';
			buf[o++] = (char)c;
		} else if (c < 0x20 || c == 0x7f) {
			buf[o++] = ' ';
		} else {
			buf[o++] = (char)c;
		}
	}
	buf[o++] = '"';
	buf[o] = '\0';
	rc = hp_strv_addf(out, "%s %s", prefix, buf);
	free(buf);
	return rc;
}

/* The header that gives instance_info.c its fields. */
static int hp_write_meta(const struct hp_meta *m, const char *path)
{
	struct hp_strv lines = { 0 }, extra = { 0 }, clean = { 0 };
	char *warn = NULL, *ex = NULL, *text = NULL;
	int rc = -1;

	/* "; " separates the warnings in the field: none may contain one */
	for (size_t i = 0; i < m->warnings->n; i++) {
		if (hp_strv_add(&clean, m->warnings->v[i]))
			goto out;
		for (char *p = clean.v[i]; *p; p++)
			if (*p == ';')
				*p = ',';
			else if (*p == '\n')
				*p = ' ';
	}
	if (!(warn = hp_strv_join(&clean, "; ")))
		goto out;
	if (hp_strv_addf(&extra, "flags=%s", m->flagset) || hp_strv_addf(&extra, "kat=%s", m->kat) ||
	    hp_strv_addf(&extra, "warnings=%s", warn) || hp_strv_add(&extra, ""))
		goto out;
	if (!(ex = hp_strv_join(&extra, "\n")))
		goto out;
	if (hp_strv_add(&lines, "/* Generated by hashprof build: the .hashprof fields of this instance. */") ||
	    hp_c_literal(&lines, "#define HP_INSTANCE_NAME", m->name) ||
	    hp_c_literal(&lines, "#define HP_INSTANCE_KIND", m->kind) ||
	    hp_c_literal(&lines, "#define HP_INSTANCE_WRAPPED", m->wrapped) ||
	    hp_c_literal(&lines, "#define HP_INSTANCE_ORIGIN", m->origin) ||
	    hp_c_literal(&lines, "#define HP_INSTANCE_CFLAGS", m->cflags) ||
	    hp_strv_add(&lines, "/* extra key=value lines, each ending in a newline */"))
		goto out;
	{
		/* HP_INSTANCE_EXTRA keeps its newlines: escape them as \n */
		size_t n = strlen(ex), o = 0;
		char *lit = malloc(4 * n + 32);
		if (!lit)
			goto out;
		o += (size_t)sprintf(lit, "#define HP_INSTANCE_EXTRA \"");
		for (const char *p = ex; *p; p++) {
			if (*p == '\n') {
				lit[o++] = '\\';
				lit[o++] = 'n';
			} else if (*p == '"' || *p == '\\') {
				lit[o++] = '\\';
				lit[o++] = *p;
			} else {
				lit[o++] = (unsigned char)*p < 0x20 ? ' ' : *p;
			}
		}
		lit[o++] = '"';
		lit[o] = '\0';
		rc = hp_strv_add(&lines, lit);
		free(lit);
		if (rc)
			goto out;
		rc = -1;
	}
	if (hp_strv_add(&lines, "") || !(text = hp_strv_join(&lines, "\n")))
		goto out;
	rc = hp_util_write_file(path, text, strlen(text), NULL, NULL, 0);
out:
	free(text);
	free(ex);
	free(warn);
	hp_strv_free(&clean);
	hp_strv_free(&lines);
	hp_strv_free(&extra);
	return rc;
}

/* Append "$ command" and the output in log to the build log. */
static void hp_log_step(const char *build_log, const char *command, const char *log)
{
	FILE *f = fopen(build_log, "a");

	if (!f)
		return;
	fprintf(f, "$ %s\n", command ? command : "(command unavailable)");
	fflush(f);
	hp_append_file(fileno(f), log);
	fclose(f);
}

int hp_link_argv(struct hp_strv *argv, const char *out)
{
	return hp_strv_add(argv, "-shared") || hp_strv_add(argv, "-o") || hp_strv_add(argv, out) ||
			       hp_strv_add(argv, "-Wl,--no-undefined") || hp_strv_add(argv, "-Wl,-z,defs")
		       ? -1
		       : 0;
}

int hp_link_run(const struct hp_strv *argv, const char *out, const char *log, const char *build_log, char **command,
		char *err, size_t errlen)
{
	char first[HP_BUILD_ERR];
	int status;

	*command = hp_command_line(argv->v);
	unlink(out);
	unlink(log);
	status = hp_run_program(argv->v, NULL, log, 0, 0);
	hp_log_step(build_log, *command, log);
	if (status != 0) {
		hp_first_error(log, first, sizeof first);
		hp_fmt(err, errlen, "%s", status < 0 ? "cannot run the linker" : first[0] ? first : "the link failed");
		return -1;
	}
	return 0;
}

int hp_link_instance(const struct hp_runtime *rt, const struct hp_strv *cc_words, struct hp_object *objs,
		     const struct hp_plan *plan, const struct hp_meta *meta, const char *workdir, const char *out,
		     const char *build_log, char *err, size_t errlen, char **command)
{
	char meta_h[PATH_MAX], info_o[PATH_MAX], drng_o[PATH_MAX], log[PATH_MAX], first[HP_BUILD_ERR];
	char survey_c[PATH_MAX], survey_o[PATH_MAX];
	struct hp_strv words = { 0 }, argv = { 0 };
	int status;

	*command = NULL;
	hp_fmt(meta_h, sizeof meta_h, "%s/hp_meta.h", workdir);
	hp_fmt(info_o, sizeof info_o, "%s/hp_instance_info.o", workdir);
	hp_fmt(drng_o, sizeof drng_o, "%s/hp_drng_global.o", workdir);
	hp_fmt(log, sizeof log, "%s/link.log", workdir);
	hp_fmt(survey_c, sizeof survey_c, "%s/hp_survey.c", workdir);
	hp_fmt(survey_o, sizeof survey_o, "%s/hp_survey.o", workdir);
	if (plan->survey && hp_survey_write_c(plan->survey, survey_c) != 0) {
		hp_fmt(err, errlen, "cannot write %s: %s", survey_c, strerror(errno));
		return -1;
	}
	if (hp_write_meta(meta, meta_h) != 0) {
		hp_fmt(err, errlen, "cannot write %s: %s", meta_h, strerror(errno));
		return -1;
	}
	/* hashprof's own pieces: plain flags, not the package's */
	if (hp_strv_add(&words, "-std=c99") || hp_strv_add(&words, "-O2") || hp_strv_add(&words, "-fPIC") ||
	    hp_strv_add(&words, "-include") || hp_strv_add(&words, meta_h))
		goto oom;
	unlink(log);
	status = hp_compile_one(&words, rt->instance_info, info_o, log, command);
	hp_log_step(build_log, *command, log);
	if (status == 0 && plan->provide_drng) {
		free(*command);
		*command = NULL;
		unlink(log);
		status = hp_compile_one(&words, rt->drng_global, drng_o, log, command);
		hp_log_step(build_log, *command, log);
	}
	if (status == 0 && plan->survey) {
		/* the own entries' shims include wrap/own.h */
		struct hp_strv sw = { 0 };
		free(*command);
		*command = NULL;
		unlink(log);
		if (hp_strv_extend(&sw, &words) || hp_strv_add(&sw, "-I") || hp_strv_add(&sw, rt->wrap_include)) {
			hp_strv_free(&sw);
			goto oom;
		}
		status = hp_compile_one(&sw, survey_c, survey_o, log, command);
		hp_strv_free(&sw);
		hp_log_step(build_log, *command, log);
	}
	hp_strv_free(&words);
	if (status != 0) {
		hp_first_error(log, first, sizeof first);
		hp_fmt(err, errlen, "%s", first[0] ? first : "cannot compile hashprof's instance pieces");
		return -1;
	}
	free(*command);
	*command = NULL;

	if (hp_strv_extend(&argv, cc_words) || hp_link_argv(&argv, out) || hp_strv_add(&argv, info_o) ||
	    (plan->provide_drng && hp_strv_add(&argv, drng_o)) || (plan->survey && hp_strv_add(&argv, survey_o)))
		goto oom;
	for (size_t k = 0; k < plan->nobjs; k++)
		if (hp_strv_add(&argv, objs[plan->objs[k]].obj))
			goto oom;
	if (hp_strv_extend(&argv, &rt->state_ldflags) || hp_strv_add(&argv, rt->wrap_archive))
		goto oom;
	HP_FOR_EACH_HELPER(h)
	if ((plan->wrapped & (1u << h)) && hp_strv_addf(&argv, "-Wl,--wrap=%s", hp_fn_name(h)))
		goto oom;
	for (size_t i = 0; plan->survey && i < plan->survey->nentries; i++)
		if (plan->survey->entries[i].wrap &&
		    hp_strv_addf(&argv, "-Wl,--wrap=%s", plan->survey->entries[i].function))
			goto oom;
	if (hp_strv_extend(&argv, &plan->libs) || (hp_strv_find(&plan->libs, "-lm") < 0 && hp_strv_add(&argv, "-lm")))
		goto oom;
	status = hp_link_run(&argv, out, log, build_log, command, err, errlen);
	hp_strv_free(&argv);
	return status;
oom:
	hp_strv_free(&words);
	hp_strv_free(&argv);
	hp_fmt(err, errlen, "out of memory");
	return -1;
}
