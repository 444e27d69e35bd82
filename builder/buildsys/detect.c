/*
 * detect.c - what a submission folder is: its sources, its API kind and
 * its instance name as the preprocessor expands ALGORITHM_INSTANCE (see
 * builder.h).  The flags of its own build come from buildsys.c.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int hp_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static int hp_is_source(const char *rel)
{
	return hp_has_suffix(rel, ".c") || hp_has_suffix(rel, ".S") || hp_has_suffix(rel, ".s");
}

static const char *hp_basename(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

/* How many folders deep a relative path is ("a/b/c.h": 2). */
static int hp_path_depth(const char *rel)
{
	int depth = 0;

	for (; *rel; rel++)
		depth += *rel == '/';
	return depth;
}

/* ---------- sources ---------- */

static int hp_source_cmp(const void *a, const void *b)
{
	const struct hp_source *x = a, *y = b;

	if (x->from_make != y->from_make)
		return y->from_make - x->from_make;
	if (x->depth != y->depth)
		return x->depth - y->depth;
	return strcmp(x->rel, y->rel);
}

int hp_detect_sources(struct hp_detect *d, const struct hp_recipe *r, char *err, size_t errlen)
{
	size_t cap = 0;

	if (!d->files.n && hp_walk_files(d->dir, &d->files) != 0) {
		hp_fmt(err, errlen, "cannot read %s: %s", d->dir, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < d->files.n; i++) {
		const char *rel = d->files.v[i];
		char abs[PATH_MAX];
		struct hp_source *s;

		if (r->sources.n ? !hp_recipe_match(&r->sources, rel) : !hp_is_source(rel))
			continue;
		if (hp_recipe_match(&r->exclude, rel))
			continue;
		if (d->nsrc == cap) {
			size_t ncap = cap ? 2 * cap : 32;
			struct hp_source *grown = realloc(d->src, ncap * sizeof *grown);
			if (!grown)
				goto oom;
			d->src = grown;
			cap = ncap;
		}
		hp_fmt(abs, sizeof abs, "%s/%s", d->dir, rel);
		s = &d->src[d->nsrc];
		memset(s, 0, sizeof *s);
		if (!(s->rel = strdup(rel)) || !(s->abs = strdup(abs))) {
			free(s->rel);
			goto oom;
		}
		s->from_make = hp_strv_find(&d->make_sources, abs) >= 0;
		s->depth = hp_path_depth(rel);
		d->nsrc++;
	}
	if (d->nsrc)
		qsort(d->src, d->nsrc, sizeof *d->src, hp_source_cmp);
	if (!d->nsrc) {
		hp_fmt(err, errlen, "%s: no .c, .S or .s file%s", d->dir,
		       r->sources.n ? " matches the recipe's sources" : " below it");
		return -1;
	}
	return 0;
oom:
	hp_fmt(err, errlen, "out of memory");
	return -1;
}

/* ---------- kind ---------- */

/* Is rel (a file below d->dir) inside one of the folders parts? */
static int hp_in_parts(const struct hp_strv *parts, const char *rel)
{
	for (size_t i = 0; i < parts->n; i++) {
		size_t n = strlen(parts->v[i]);
		if (n && !strncmp(rel, parts->v[i], n) && rel[n] == '/')
			return 1;
	}
	return 0;
}

void hp_detect_kind(struct hp_detect *d, const struct hp_recipe *r)
{
	int best_depth = 1 << 20;
	struct hp_strv parts = { 0 };

	/* a key exchange's embedded signature or KEM has an adapter header
	 * of its own: the exchange's names the instance */
	if (hp_detect_parts(d, &parts) == 0 && parts.n) {
		char *list = hp_strv_join(&parts, "/, ");
		if (list)
			hp_strv_addf(&d->infos,
				     "%s/: embedded scheme%s of the key exchange (%s own adapter header%s), part of "
				     "its instance",
				     list, parts.n > 1 ? "s" : "", parts.n > 1 ? "their" : "its",
				     parts.n > 1 ? "s" : "");
		free(list);
	}
	for (size_t i = 0; i < d->files.n; i++) {
		const char *rel = d->files.v[i];
		int depth = hp_path_depth(rel);
		char kind[4];

		if (hp_in_parts(&parts, rel))
			continue;

		/* SIG_AlgorithmInstance.h, or one named after the instance
		 * (KEM_WeaverKEM-512.h): adapter.c's rule, campaign's too */
		if (depth >= best_depth || !hp_adapter_header_rel(d->dir, rel, kind))
			continue;
		best_depth = depth;
		hp_fmt(d->adapter_header, sizeof d->adapter_header, "%s/%s", d->dir, rel);
		if (kind[0]) {
			hp_fmt(d->kind, sizeof d->kind, "%s", kind);
			hp_fmt(d->kind_origin, sizeof d->kind_origin, "%s", rel);
		}
	}
	if (!d->adapter_header[0])
		/* an adapter of another name (api.h): any header defining ALGORITHM_INSTANCE */
		for (size_t i = 0; i < d->files.n; i++) {
			char path[PATH_MAX], *text;
			if (!hp_has_suffix(d->files.v[i], ".h"))
				continue;
			hp_fmt(path, sizeof path, "%s/%s", d->dir, d->files.v[i]);
			if (!(text = hp_util_read_file(path, 0, NULL)))
				continue;
			if (strstr(text, "ALGORITHM_INSTANCE") && strstr(text, "define")) {
				hp_fmt(d->adapter_header, sizeof d->adapter_header, "%s", path);
				free(text);
				break;
			}
			free(text);
		}
	hp_strv_free(&parts);
	if (r->kind[0]) {
		hp_fmt(d->kind, sizeof d->kind, "%s", r->kind);
		hp_fmt(d->kind_origin, sizeof d->kind_origin, "recipe");
	}
}

/* ---------- name ---------- */

/* Concatenate the C string literals of s into out; -1 when s holds
 * anything but string literals. */
static int hp_concat_literals(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (;;) {
		s += strspn(s, " \t\r\n");
		if (!*s)
			break;
		if (*s != '"')
			return -1;
		for (s++; *s && *s != '"'; s++) {
			char c = *s;
			if (c == '\\' && s[1])
				c = *++s;
			if (o + 1 >= len)
				return -1;
			out[o++] = c;
		}
		if (*s != '"')
			return -1;
		s++;
	}
	out[o] = '\0';
	return o ? 0 : -1;
}

#define HP_NAME_MARK "hashprof_instance_name_is"

int hp_detect_name(struct hp_detect *d, const char *given, const struct hp_recipe *r, const struct hp_strv *cppflags,
		   const char *workdir, const char *log_path, char *err, size_t errlen)
{
	static const char text[] = "#ifdef ALGORITHM_INSTANCE\n" HP_NAME_MARK " ALGORITHM_INSTANCE\n#endif\n";
	char probe[PATH_MAX], outp[PATH_MAX], *out = NULL;
	struct hp_strv argv = { 0 };
	int status;

	if (given) {
		if (!hp_name_valid(given)) {
			hp_fmt(err, errlen, "--name '%s': an instance name is " HP_NAME_RULE, given);
			return -1;
		}
		hp_fmt(d->name, sizeof d->name, "%s", given);
		hp_fmt(d->name_origin, sizeof d->name_origin, "--name");
		return 0;
	}
	if (r->name[0]) {
		hp_fmt(d->name, sizeof d->name, "%s", r->name);
		hp_fmt(d->name_origin, sizeof d->name_origin, "recipe");
		return 0;
	}
	hp_fmt(probe, sizeof probe, "%s/hp_name_probe.c", workdir);
	hp_fmt(outp, sizeof outp, "%s/hp_name_probe.i", workdir);
	/* the header comes in by -include, an argument: a path is not C text
	 * (no escape lets a '"' into an #include "...") */
	if (hp_util_write_file(probe, text, strlen(text), NULL, NULL, 0) != 0) {
		hp_fmt(err, errlen, "cannot write %s: %s", probe, strerror(errno));
		return -1;
	}
	if (hp_cc_argv(&argv) || hp_strv_add(&argv, "-E") || hp_strv_add(&argv, "-P") ||
	    hp_strv_add(&argv, "-D_GNU_SOURCE") || hp_strv_extend(&argv, cppflags) || hp_strv_add(&argv, "-iquote") ||
	    hp_strv_add(&argv, d->dir) ||
	    (d->adapter_header[0] && (hp_strv_add(&argv, "-include") || hp_strv_add(&argv, d->adapter_header))) ||
	    hp_strv_add(&argv, "-o") || hp_strv_add(&argv, outp) || hp_strv_add(&argv, probe)) {
		hp_strv_free(&argv);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	status = hp_run_program(argv.v, NULL, log_path, 1, 60);
	hp_strv_free(&argv);
	if (status == 0 && (out = hp_util_read_file(outp, 0, NULL))) {
		char *mark = strstr(out, HP_NAME_MARK), name[256];
		if (mark) {
			char *eol = strchr(mark, '\n');
			if (eol)
				*eol = '\0';
			mark += strlen(HP_NAME_MARK);
			if (hp_concat_literals(mark, name, sizeof name) == 0 && hp_name_valid(name)) {
				hp_fmt(d->name, sizeof d->name, "%s", name);
				hp_fmt(d->name_origin, sizeof d->name_origin, "ALGORITHM_INSTANCE in %s",
				       d->adapter_header[0] ? hp_path_below(d->dir, d->adapter_header) : "the flags");
				free(out);
				return 0;
			}
			hp_fmt(d->name_fallback, sizeof d->name_fallback,
			       "ALGORITHM_INSTANCE expands to%s, not a valid instance name", mark);
		} else {
			hp_fmt(d->name_fallback, sizeof d->name_fallback, "ALGORITHM_INSTANCE is not defined%s%s",
			       d->adapter_header[0] ? " by " : "",
			       d->adapter_header[0] ? hp_path_below(d->dir, d->adapter_header) : "");
		}
	} else {
		char first[HP_BUILD_ERR];
		hp_first_error(log_path, first, sizeof first);
		hp_fmt(d->name_fallback, sizeof d->name_fallback, "could not expand ALGORITHM_INSTANCE (%s)",
		       first[0] ? first : "preprocessor failed");
	}
	hp_strv_addf(&d->infos, "%s: using the folder name", d->name_fallback);
	free(out);
	{
		const char *base = hp_basename(d->dir);
		size_t o = 0;
		for (; *base && o < HP_NAME_MAX; base++)
			d->name[o++] = isalnum((unsigned char)*base) || *base == '-' || *base == '_' ? *base : '_';
		d->name[o] = '\0';
		hp_fmt(d->name_origin, sizeof d->name_origin, "folder name");
	}
	if (!hp_name_valid(d->name)) {
		hp_fmt(err, errlen, "cannot name the instance: give --name NAME");
		return -1;
	}
	return 0;
}

void hp_detect_free(struct hp_detect *d)
{
	for (size_t i = 0; i < d->nsrc; i++) {
		free(d->src[i].rel);
		free(d->src[i].abs);
	}
	free(d->src);
	hp_strv_free(&d->make_cppflags);
	hp_strv_free(&d->make_libs);
	hp_strv_free(&d->make_lto);
	hp_strv_free(&d->make_sources);
	hp_strv_free(&d->make_vars);
	hp_strv_free(&d->make_dropped);
	hp_strv_free(&d->extra_inputs);
	hp_strv_free(&d->iquote);
	hp_strv_free(&d->prebuilt);
	hp_strv_free(&d->vectors);
	hp_strv_free(&d->files);
	hp_strv_free(&d->infos);
	memset(d, 0, sizeof *d);
}
