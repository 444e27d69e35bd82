/*
 * borrow.c - the official ICCS files an instance folder lacks (see
 * builder.h).  Every instance must be built with the ICCS auxfunc.c and
 * drng.c, and ships the ICCS KAT program; some packages keep one copy of
 * them for all their instances, in a folder beside the instance folders
 * (../iccs/, ../common/) or in a folder above (.., ../..).  Those copies
 * are used (never from a folder of another instance, folders.c), found by their official names, and the report says where
 * from; auxfunc.c and drng.c only when the instance's own code uses them
 * (names their functions or headers) and does not define them itself, so
 * that an instance without a DRNG, or with its own, does not get one from
 * a neighbour.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const char *hp_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

static int hp_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Does the instance folder hold a file of this name (at any depth)? */
static int hp_has_file(const struct hp_detect *d, const char *name)
{
	for (size_t i = 0; i < d->files.n; i++)
		if (!strcasecmp(hp_base(d->files.v[i]), name))
			return 1;
	return 0;
}

static int hp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* name in folder up, or, when subs, in one of its sub-folders (by name,
 * skipping the one that holds the instance folder dir), in a folder of
 * no other instance (hp_in_other_instance); its path into out.  1 found. */
static int hp_find_near(const char *dir, const char *up, const char *skip, int subs_too, const char *name,
			char out[PATH_MAX])
{
	struct hp_strv subs = { 0 };
	DIR *dh;
	struct dirent *e;
	int found = 0;

	hp_fmt(out, PATH_MAX, "%s/%s", up, name);
	if (hp_is_file(out) && !hp_in_other_instance(dir, up))
		return 1;
	if (!subs_too || !(dh = opendir(up)))
		return 0;
	while ((e = readdir(dh)))
		if (e->d_name[0] != '.' && strcmp(e->d_name, skip) && hp_strv_add(&subs, e->d_name) != 0)
			break;
	closedir(dh);
	if (subs.n)
		qsort(subs.v, subs.n, sizeof *subs.v, hp_cmp);
	for (size_t i = 0; i < subs.n && !found; i++) {
		char sub[PATH_MAX];
		hp_fmt(sub, sizeof sub, "%s/%s", up, subs.v[i]);
		hp_fmt(out, PATH_MAX, "%s/%s", sub, name);
		found = hp_is_file(out) && !hp_in_other_instance(dir, sub);
	}
	hp_strv_free(&subs);
	return found;
}

/* Where the package keeps name for its instances (named by the dry run;
 * else the folder above or one beside the instance folder; else the
 * folder two levels up when the one above is a tier folder), never in
 * another instance's folder (the KAT program of X-256/ is not X-128's),
 * its path into out.  1 found. */
static int hp_find_shared(const struct hp_detect *d, const char *name, char out[PATH_MAX])
{
	char here[PATH_MAX], up[PATH_MAX];

	size_t nd = strlen(d->dir);

	for (size_t i = 0; i < d->make_sources.n; i++)
		if (!strcasecmp(hp_base(d->make_sources.v[i]), name) &&
		    !(!strncmp(d->make_sources.v[i], d->dir, nd) && d->make_sources.v[i][nd] == '/')) {
			const char *slash = strrchr(d->make_sources.v[i], '/');
			hp_fmt(out, PATH_MAX, "%s", d->make_sources.v[i]);
			hp_fmt(here, sizeof here, "%.*s", slash ? (int)(slash - out) : 0, out);
			if (!hp_in_other_instance(d->dir, here[0] ? here : "/"))
				return 1;
		}
	hp_fmt(here, sizeof here, "%s", d->dir);
	for (int level = 0; level < 2; level++) {
		char *slash = strrchr(here, '/');
		/* two levels up only through a tier folder (Reference_Implementation/) */
		if (!slash || slash == here || (level && !hp_is_tier_folder(slash + 1)))
			return 0;
		hp_fmt(up, sizeof up, "%.*s", (int)(slash - here), here);
		if (hp_find_near(d->dir, up, slash + 1, level == 0, name, out))
			return 1;
		hp_fmt(here, sizeof here, "%s", up);
	}
	return 0;
}

/* Append the borrowed source abs to d->src. */
static int hp_add_borrowed(struct hp_detect *d, const char *abs)
{
	struct hp_source *grown = realloc(d->src, (d->nsrc + 1) * sizeof *grown), *s;
	char rel[PATH_MAX];

	if (!grown)
		return -1;
	d->src = grown;
	s = &d->src[d->nsrc];
	memset(s, 0, sizeof *s);
	hp_path_rel(d->dir, abs, rel, sizeof rel);
	if (!(s->rel = strdup(rel)) || !(s->abs = strdup(abs))) {
		free(s->rel);
		return -1;
	}
	s->from_make = hp_strv_find(&d->make_sources, abs) >= 0;
	s->depth = 1 << 10; /* after every source of the folder itself */
	s->borrowed = 1;
	d->nsrc++;
	return 0;
}

/* Does a source or header of the instance folder (not an ICCS file)
 * name one of words (uses 1), or does a source define one of the
 * functions (uses 0: a line that starts "int NAME(")?  1 or 0. */
static int hp_mentions(const struct hp_detect *d, const char *const *words, int uses)
{
	for (size_t i = 0; i < d->files.n; i++) {
		const char *f = d->files.v[i], *b = hp_base(f);
		size_t n = strlen(f);
		char path[PATH_MAX], *text;
		int found = 0;
		if (n < 3 || (strcmp(f + n - 2, ".c") && (!uses || strcmp(f + n - 2, ".h"))) ||
		    !strncasecmp(b, "auxfunc.", 8) || !strncasecmp(b, "drng.", 5))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", d->dir, f);
		if (!(text = hp_util_read_file(path, 0, NULL)))
			continue;
		for (const char *const *w = words; *w && !found; w++) {
			if (uses) {
				found = strstr(text, *w) != NULL;
				continue;
			}
			for (const char *p = text; !found && (p = strstr(p, *w)); p += strlen(*w)) {
				const char *line = p;
				while (line > text && line[-1] != '\n')
					line--;
				line += strspn(line, " \t");
				found = !strncmp(line, "int ", 4) && line + 4 + strspn(line + 4, " \t") == p &&
					p[strlen(*w)] == '(';
			}
		}
		free(text);
		if (found)
			return 1;
	}
	return 0;
}

/* Does the instance need the ICCS file name from elsewhere: always for
 * the KAT program and the headers it lacks; auxfunc.c and drng.c when its
 * code uses their functions and does not define them itself. */
static int hp_needs(const struct hp_detect *d, const char *name)
{
	static const char *const hash_fns[] = { "pseudohash", "pseudoXOF", "sm3hash", NULL };
	static const char *const hash_use[] = { "pseudohash", "pseudoXOF", "sm3hash", "auxfunc.h", NULL };
	static const char *const drng_fns[] = { "get_random_number", "init_random_number", NULL };
	static const char *const drng_use[] = { "get_random_number", "init_random_number", "drng.h", NULL };

	if (!strcmp(name, "auxfunc.c"))
		return hp_mentions(d, hash_use, 1) && !hp_mentions(d, hash_fns, 0);
	if (!strcmp(name, "drng.c"))
		return hp_mentions(d, drng_use, 1) && !hp_mentions(d, drng_fns, 0);
	if (!strcmp(name, "auxfunc.h"))
		return hp_mentions(d, hash_use, 1);
	if (!strcmp(name, "drng.h"))
		return hp_mentions(d, drng_use, 1);
	return 1;
}

int hp_borrow_iccs_files(struct hp_detect *d)
{
	char kat[16] = "", path[PATH_MAX];
	const char *names[] = { "auxfunc.c", "drng.c", kat, "auxfunc.h", "drng.h" };
	struct hp_strv used = { 0 };
	int rc = 0;

	if (d->kind[0])
		hp_fmt(kat, sizeof kat, "KAT_%c%c%c.c", toupper((unsigned char)d->kind[0]),
		       toupper((unsigned char)d->kind[1]), toupper((unsigned char)d->kind[2]));
	for (size_t i = 0; rc == 0 && i < sizeof names / sizeof names[0]; i++) {
		char dir[PATH_MAX], rel[PATH_MAX];
		size_t n = strlen(names[i]);
		if (!n || hp_has_file(d, names[i]) || !hp_needs(d, names[i]))
			continue;
		if (!hp_find_shared(d, names[i], path))
			continue;
		hp_fmt(dir, sizeof dir, "%.*s", (int)(strrchr(path, '/') - path), path);
		hp_path_rel(d->dir, path, rel, sizeof rel);
		rc = (names[i][n - 1] == 'c' && hp_add_borrowed(d, path)) ||
		     (hp_strv_find(&d->iquote, dir) < 0 && hp_strv_add(&d->iquote, dir)) ||
		     hp_strv_add(&d->extra_inputs, path) || hp_strv_add(&used, rel);
	}
	if (rc == 0 && used.n) {
		char *list = hp_strv_join(&used, ", ");
		rc = !list || hp_strv_addf(&d->infos,
					   "the instance folder lacks official ICCS files: used the package's shared "
					   "copies %s",
					   list);
		free(list);
	}
	hp_strv_free(&used);
	return rc ? -1 : 0;
}
