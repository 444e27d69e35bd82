/*
 * recipe.c - the recipe file of `hashprof build --recipe FILE`: "key =
 * value" lines that override what detection would find (docs/recipes.md).
 * List keys may repeat (their words accumulate); the other keys take the
 * last value.  Values are split into words like a shell does (quotes and
 * backslashes, no expansion).
 */
#include "config.h"
#include "builder.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is key one of the list keys (their words accumulate)? */
static int hp_recipe_list_key(const char *key)
{
	static const char *const keys[] = {
		"sources",  "exclude", "define", "undefine",  "include",
		"cppflags", "cflags",  "libs",   "make-args", "cmake-args",
	};

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!strcmp(key, keys[i]))
			return 1;
	return 0;
}

/* One word of a list key into the recipe; -1 with a reason on error. */
static int hp_recipe_word(struct hp_recipe *r, const char *key, const char *w, const char *pkgdir, char *err,
			  size_t errlen)
{
	char abs[PATH_MAX];

	if (!strcmp(key, "sources"))
		return hp_strv_add(&r->sources, w);
	if (!strcmp(key, "exclude"))
		return hp_strv_add(&r->exclude, w);
	if (!strcmp(key, "define"))
		return hp_strv_addf(&r->cppflags, "-D%s", w);
	if (!strcmp(key, "undefine"))
		return hp_strv_addf(&r->cppflags, "-U%s", w);
	if (!strcmp(key, "include")) {
		if (hp_path_abs(pkgdir, w, abs) != 0)
			goto toolong;
		return hp_strv_addf(&r->cppflags, "-I%s", abs);
	}
	if (!strcmp(key, "cppflags")) {
		if (!strncmp(w, "-I", 2) && w[2]) {
			if (hp_path_abs(pkgdir, w + 2, abs) != 0)
				goto toolong;
			return hp_strv_addf(&r->cppflags, "-I%s", abs);
		}
		if (strncmp(w, "-D", 2) && strncmp(w, "-U", 2) && strncmp(w, "-I", 2) && strcmp(w, "-include")) {
			hp_fmt(err, errlen, "cppflags: '%s' is not -D, -U, -I or -include (use cflags)", w);
			return -1;
		}
		return hp_strv_add(&r->cppflags, w);
	}
	if (!strcmp(key, "cflags"))
		return hp_strv_add(&r->cflags, w);
	if (!strcmp(key, "libs"))
		return hp_strv_add(&r->libs, w);
	if (!strcmp(key, "make-args"))
		return hp_strv_add(&r->make_args, w);
	if (!strcmp(key, "cmake-args"))
		return hp_strv_add(&r->cmake_args, w);
	hp_fmt(err, errlen, "unknown key '%s'", key);
	return -1;
toolong:
	hp_fmt(err, errlen, "%s: path too long", key);
	return -1;
}

/* A scalar key; -1 with a reason on error. */
static int hp_recipe_scalar(struct hp_recipe *r, const char *key, const struct hp_strv *words, char *err, size_t errlen)
{
	static const char *const scalars[] = { "name", "kind", "flags", "make", "kat-program", "kat-vectors" };
	const char *v = words->n ? words->v[0] : "";
	int scalar = 0;

	for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
		scalar |= !strcmp(key, scalars[i]);
	if (!scalar)
		return 1;
	if (words->n > 1) {
		hp_fmt(err, errlen, "%s takes one value, not %zu", key, words->n);
		return -1;
	}
	if (!strcmp(key, "name")) {
		if (!hp_name_valid(v)) {
			hp_fmt(err, errlen, "name '%s': " HP_NAME_RULE, v);
			return -1;
		}
		hp_fmt(r->name, sizeof r->name, "%s", v);
	} else if (!strcmp(key, "kind")) {
		if (strcmp(v, "sig") && strcmp(v, "kem") && strcmp(v, "kex")) {
			hp_fmt(err, errlen, "kind '%s' is not sig, kem or kex", v);
			return -1;
		}
		hp_fmt(r->kind, sizeof r->kind, "%s", v);
	} else if (!strcmp(key, "flags")) {
		if (strcmp(v, "reference") && strcmp(v, "permissive")) {
			hp_fmt(err, errlen, "flags '%s' is not reference or permissive", v);
			return -1;
		}
		hp_fmt(r->flagset, sizeof r->flagset, "%s", v);
	} else if (!strcmp(key, "make")) {
		if (strcmp(v, "yes") && strcmp(v, "no")) {
			hp_fmt(err, errlen, "make '%s' is not yes or no", v);
			return -1;
		}
		r->make = !strcmp(v, "yes");
	} else if (!strcmp(key, "kat-program")) {
		hp_fmt(r->kat_program, sizeof r->kat_program, "%s", v);
	} else if (!strcmp(key, "kat-vectors")) {
		hp_fmt(r->kat_vectors, sizeof r->kat_vectors, "%s", v);
	} else {
		return 1;
	}
	return 0;
}

int hp_recipe_load(const char *path, const char *pkgdir, struct hp_recipe *r, char *err, size_t errlen)
{
	size_t len;
	char *text = hp_util_read_file(path, 0, &len), reason[HP_BUILD_ERR];
	unsigned lineno = 0;

	r->make = -1;
	if (!text) {
		hp_fmt(err, errlen, "cannot read recipe %s: %s", path, strerror(errno));
		return -1;
	}
	if (hp_path_abs(NULL, path, r->path) != 0)
		hp_fmt(r->path, sizeof r->path, "%s", path);
	for (char *line = text, *next; line; line = next) {
		struct hp_strv words = { 0 };
		char *eq, *key, *end;
		int rc;

		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line += strspn(line, " \t\r");
		if (!*line || *line == '#')
			continue;
		if (!(eq = strchr(line, '='))) {
			hp_fmt(err, errlen, "%s:%u: expected 'key = value'", path, lineno);
			free(text);
			return -1;
		}
		*eq = '\0';
		key = line;
		for (end = eq; end > key && strchr(" \t", end[-1]); end--)
			end[-1] = '\0';
		if (hp_split_words(eq + 1, &words) != 0) {
			hp_fmt(err, errlen, "%s:%u: unterminated quote", path, lineno);
			hp_strv_free(&words);
			free(text);
			return -1;
		}
		reason[0] = '\0';
		rc = hp_recipe_scalar(r, key, &words, reason, sizeof reason);
		if (rc == 1 && !hp_recipe_list_key(key)) {
			hp_fmt(reason, sizeof reason, "unknown key '%s'", key);
			rc = -1;
		}
		for (size_t i = 0; rc == 1 && i < words.n; i++)
			if (hp_recipe_word(r, key, words.v[i], pkgdir, reason, sizeof reason) != 0)
				rc = -1;
		hp_strv_free(&words);
		if (rc < 0) {
			hp_fmt(err, errlen, "%s:%u: %s", path, lineno, reason[0] ? reason : "out of memory");
			free(text);
			return -1;
		}
	}
	free(text);
	return 0;
}

void hp_recipe_free(struct hp_recipe *r)
{
	hp_strv_free(&r->make_args);
	hp_strv_free(&r->cmake_args);
	hp_strv_free(&r->sources);
	hp_strv_free(&r->exclude);
	hp_strv_free(&r->cppflags);
	hp_strv_free(&r->cflags);
	hp_strv_free(&r->libs);
}

int hp_recipe_match(const struct hp_strv *patterns, const char *rel)
{
	for (size_t i = 0; i < patterns->n; i++) {
		const char *p = patterns->v[i];
		size_t n = strlen(p);
		if (n && p[n - 1] == '/') {
			if (!strncmp(rel, p, n))
				return 1;
		} else if (fnmatch(p, rel, FNM_PATHNAME) == 0) {
			return 1;
		}
	}
	return 0;
}
