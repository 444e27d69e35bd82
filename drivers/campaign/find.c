/*
 * find.c - the instance folders of a tree of submission packages, and
 * what each is: tier, candidate, key (see campaign.h).
 *
 * A submission package lays its instances out as
 * <Package>/Implementations/Reference_Implementation/<INSTANCE>/ (also
 * Optimized_Implementation/, Additional_Implementation/; ngcc-api.md),
 * with variations: no Implementations/ level, "Implementations and
 * Test_Vectors", a tree that is one package or one instance folder.  The
 * candidate is the package's folder name, as the published pages name
 * candidates (sign-08).
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "campaign.h"
#include "util/grow.h"

static const char *const hp_tier_names[HP_TIERS] = { "reference", "optimized", "additional" };

const char *hp_tier_name(enum hp_tier t)
{
	return t < HP_TIERS ? hp_tier_names[t] : "?";
}

int hp_tier_parse(const char *s, enum hp_tier *t)
{
	for (int i = 0; i < HP_TIERS; i++)
		if (!strcasecmp(s, hp_tier_names[i])) {
			*t = (enum hp_tier)i;
			return 0;
		}
	return -1;
}

/* The tier a path component names ("Reference_Implementation",
 * "Optimized Implementation", "Additional_Implementations"), or -1. */
static int hp_component_tier(const char *c, size_t len)
{
	static const char *const starts[HP_TIERS] = { "reference", "optimi", "additional" };

	for (int i = 0; i < HP_TIERS; i++) {
		size_t k = strlen(starts[i]);
		if (len >= k && !strncasecmp(c, starts[i], k))
			return i;
	}
	return -1;
}

/* Does the component say "Implementations..." (the level above the tiers)? */
static int hp_component_implementations(const char *c, size_t len)
{
	return len >= 14 && !strncasecmp(c, "implementation", 14);
}

/* s made a safe file name (letters, digits, '.', '_', '+', '-'; no
 * leading '.'), len bytes at most, into out. */
static void hp_safe(const char *s, size_t n, char *out, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 1 < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		int keep = isalnum(ch) || ch == '_' || ch == '+' || ch == '-' || (ch == '.' && o > 0);
		out[o++] = keep ? (char)ch : '_';
	}
	out[o] = '\0';
	if (!o && len > 1)
		snprintf(out, len, "_");
}

/* The last component of path (no trailing '/'). */
static const char *hp_last(const char *path, size_t *len)
{
	size_t n = strlen(path);
	const char *p;

	while (n > 1 && path[n - 1] == '/')
		n--;
	p = path + n;
	while (p > path && p[-1] != '/')
		p--;
	*len = (size_t)(path + n - p);
	return p;
}

/* Is dir an instance folder (an adapter header directly in it: the rule
 * of `hashprof build`, builder/adapter.c)?  Sets kind. */
static int hp_is_instance_folder(const char *dir, char kind[4])
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		char path[PATH_MAX];
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		hp_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			found = hp_adapter_header(dir, e->d_name, kind);
	}
	closedir(d);
	return found;
}

/* ---------- header folders and instance folders ---------- */

/* Walk dir (rel below root, "." for root itself): every folder holding an
 * adapter header, into hdrs (rel paths); such a folder is not entered.
 * Hidden folders and symbolic links to folders are not entered either. */
static int hp_find_headers(const char *dir, const char *rel, struct hp_strv *hdrs, char *err, size_t errlen)
{
	struct hp_strv names = { 0 };
	struct dirent *e;
	DIR *d;
	char kind[4];
	int rc = 0;

	if (hp_is_instance_folder(dir, kind))
		return hp_strv_add(hdrs, rel) ? (hp_fmt(err, errlen, "out of memory"), -1) : 0;
	if (!(d = opendir(dir))) {
		if (!strcmp(rel, "."))
			return hp_fmt(err, errlen, "cannot read %s: %s", dir, strerror(errno)), -1;
		return 0; /* an unreadable sub-folder holds nothing we can build */
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && !strchr(e->d_name, '\n') && hp_strv_add(&names, e->d_name)) {
			rc = -1;
			break;
		}
	closedir(d);
	for (size_t i = 0; rc == 0 && i < names.n; i++) {
		char path[PATH_MAX], sub[PATH_MAX];
		struct stat st;
		hp_fmt(path, sizeof path, "%s/%s", dir, names.v[i]);
		if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode))
			continue; /* files, and links to folders (loops, copies) */
		hp_fmt(sub, sizeof sub, "%s%s%s", strcmp(rel, ".") ? rel : "", strcmp(rel, ".") ? "/" : "", names.v[i]);
		rc = hp_find_headers(path, sub, hdrs, err, errlen);
	}
	hp_strv_free(&names);
	if (rc && !err[0])
		hp_fmt(err, errlen, "out of memory");
	return rc;
}

/* The components of rel ("." has none): at most max, into comp/clen.
 * Returns how many. */
static size_t hp_components(const char *rel, const char **comp, size_t *clen, size_t max)
{
	size_t nc = 0;

	for (const char *p = rel; strcmp(rel, ".") && *p && nc < max;) {
		size_t n = strcspn(p, "/");
		if (n) {
			comp[nc] = p;
			clen[nc++] = n;
		}
		p += n + (p[n] == '/');
	}
	return nc;
}

/* The index of the first component of comp[0..nc-1) (the last, the
 * folder's own name, does not count) that names a tier, or -1. */
static int hp_tier_at(const char *const *comp, const size_t *clen, size_t nc)
{
	for (size_t i = 0; i + 1 < nc; i++)
		if (hp_component_tier(comp[i], clen[i]) >= 0)
			return (int)i;
	return -1;
}

/* Is there a .c, .S or .s file anywhere below dir? */
static int hp_has_source_below(const char *dir)
{
	struct hp_strv files = { 0 };
	int found = 0;

	if (hp_walk_files(dir, &files) != 0)
		return 1; /* cannot tell: leave the folder as it is */
	for (size_t i = 0; i < files.n && !found; i++) {
		size_t n = strlen(files.v[i]);
		found = n > 2 && files.v[i][n - 2] == '.' && strchr("cSs", files.v[i][n - 1]);
	}
	hp_strv_free(&files);
	return found;
}

/* Does a header folder of hdrs other than hrel lie in the folder arel
 * (relative to ROOT, "." ROOT itself)? */
static int hp_holds_other(const struct hp_strv *hdrs, const char *hrel, const char *arel)
{
	size_t n = strlen(arel);

	for (size_t i = 0; i < hdrs->n; i++)
		if (strcmp(hdrs->v[i], hrel) &&
		    (!strcmp(arel, ".") || (!strncmp(hdrs->v[i], arel, n) && hdrs->v[i][n] == '/')))
			return 1;
	return 0;
}

/* rel's folder above ("." for a top-level one) into out. */
static void hp_rel_parent(const char *rel, char *out, size_t len)
{
	const char *slash = strrchr(rel, '/');

	if (slash)
		hp_fmt(out, len, "%.*s", (int)(slash - rel), rel);
	else
		hp_fmt(out, len, ".");
}

/*
 * The instance folder of the header folder hrel (both relative to root),
 * into out: the folder `hashprof build` must be given.  Packages keep the
 * adapter header beside the sources and the Makefile, or in a sub-folder
 * of the folder that has the Makefile (`include/`, `src/ref/`, an ICCS
 * variant's `iccs/`).  So: hrel itself when it holds a Makefile or a
 * CMakeLists.txt; else the nearest folder above it that holds one; else,
 * when no source lies below hrel (headers only), the folder above.  Never
 * a folder that holds another header folder (a Makefile above several
 * instance folders builds each of them: each is its own), never the tier
 * folder or one above it (the Makefile of Reference_Implementation/ is
 * shared), and never above root.
 */
static void hp_lift(const char *root, const char *hrel, const struct hp_strv *hdrs, char *out, size_t len)
{
	const char *comp[64];
	size_t clen[64], nc = hp_components(hrel, comp, clen, 64), floor;
	char abs[PATH_MAX], rel[PATH_MAX], up[PATH_MAX];
	int t_at = hp_tier_at(comp, clen, nc);

	hp_fmt(out, len, "%s", hrel);
	if (!nc)
		return;
	/* the fewest components a lifted folder may have */
	floor = t_at >= 0 ? (size_t)t_at + 2 : 0;
	hp_fmt(abs, sizeof abs, "%s/%s", root, hrel);
	if (hp_has_build_file(abs))
		return;
	hp_fmt(rel, sizeof rel, "%s", hrel);
	for (size_t depth = nc; depth > floor; depth--) {
		/* up, the folder above rel, has depth - 1 components */
		hp_rel_parent(rel, up, sizeof up);
		if (hp_holds_other(hdrs, hrel, up))
			return;
		hp_fmt(abs, sizeof abs, "%s%s%s", root, strcmp(up, ".") ? "/" : "", strcmp(up, ".") ? up : "");
		if (hp_has_build_file(abs)) {
			hp_fmt(out, len, "%s", up);
			return;
		}
		hp_fmt(rel, sizeof rel, "%s", up);
	}
	/* no build file: a folder of headers only goes with the one above */
	hp_rel_parent(hrel, up, sizeof up);
	hp_fmt(abs, sizeof abs, "%s/%s", root, hrel);
	if (nc > floor && !hp_holds_other(hdrs, hrel, up) && !hp_has_source_below(abs))
		hp_fmt(out, len, "%s", up);
}

/* Is rel (below root; abs its path) an instance folder: one that holds an
 * adapter header, or the folder hp_lift makes of the one header folder
 * below it?  Sets kind from the header's name. */
static int hp_instance_folder_of(const char *root, const char *rel, const char *abs, char kind[4])
{
	struct hp_strv hdrs = { 0 };
	char err[HP_CAMPAIGN_REASON] = "", sub_abs[PATH_MAX], lifted[PATH_MAX];
	int yes = 0;

	if (hp_is_instance_folder(abs, kind))
		return 1;
	if (hp_find_headers(abs, rel, &hdrs, err, sizeof err) == 0 && hdrs.n == 1) {
		hp_lift(root, hdrs.v[0], &hdrs, lifted, sizeof lifted);
		hp_fmt(sub_abs, sizeof sub_abs, "%s/%s", root, hdrs.v[0]);
		yes = !strcmp(lifted, rel) && hp_is_instance_folder(sub_abs, kind);
	}
	hp_strv_free(&hdrs);
	return yes;
}

int hp_campaign_describe(const char *root, const char *rel, struct hp_folder *f, char *err, size_t errlen)
{
	const char *comp[64];
	size_t clen[64], nc;
	int tier, t_at;
	const char *cand = NULL, *base;
	size_t cand_len = 0, base_len;
	char safe_cand[HP_CANDIDATE_MAX], safe_base[64], hex[17];

	memset(f, 0, sizeof *f);
	if (strchr(rel, '\n') || rel[0] == '/')
		return hp_fmt(err, errlen, "'%s': not a folder below %s", rel, root), -1;
	hp_fmt(f->rel, sizeof f->rel, "%s", rel[0] ? rel : ".");
	if (!strcmp(f->rel, "."))
		hp_fmt(f->abs, sizeof f->abs, "%s", root);
	else if (hp_path_abs(root, f->rel, f->abs) != 0)
		return hp_fmt(err, errlen, "%s/%s: path too long", root, rel), -1;
	if (strcmp(f->rel, ".") && (strncmp(f->abs, root, strlen(root)) || f->abs[strlen(root)] != '/'))
		return hp_fmt(err, errlen, "'%s' is not below %s", rel, root), -1;
	if (!hp_instance_folder_of(root, f->rel, f->abs, f->kind))
		return hp_fmt(err, errlen,
			      "%s is not an instance folder (no adapter header in it: *_AlgorithmInstance.h, or a "
			      "SIG_/KEM_/KEX_ header named after the instance)",
			      f->abs),
		       -1;
	nc = hp_components(f->rel, comp, clen, 64);
	t_at = hp_tier_at(comp, clen, nc);
	tier = t_at >= 0 ? hp_component_tier(comp[t_at], clen[t_at]) : -1;
	f->tier = tier < 0 ? HP_TIER_REFERENCE : (enum hp_tier)tier;
	if (t_at >= 0) {
		int i = t_at - 1;
		while (i >= 0 && hp_component_implementations(comp[i], clen[i]))
			i--;
		if (i >= 0)
			cand = comp[i], cand_len = clen[i];
	} else if (nc >= 2) {
		cand = comp[0], cand_len = clen[0];
	}
	if (!cand) {
		/* the tree is the package (or the instance folder itself): its name */
		char up[PATH_MAX];
		hp_fmt(up, sizeof up, "%s", root);
		if (!strcmp(f->rel, ".")) {
			char *slash = strrchr(up, '/');
			if (slash && slash != up)
				*slash = '\0';
		}
		cand = hp_last(up, &cand_len);
		hp_safe(cand, cand_len, safe_cand, sizeof safe_cand);
	} else {
		hp_safe(cand, cand_len, safe_cand, sizeof safe_cand);
	}
	hp_fmt(f->candidate, sizeof f->candidate, "%s", safe_cand);
	base = hp_last(f->abs, &base_len);
	hp_safe(base, base_len, safe_base, sizeof safe_base);
	hp_hex64(hp_fnv(HP_FNV_INIT, f->rel, strlen(f->rel)), hex);
	hp_fmt(f->key, sizeof f->key, "%.100s__%.60s-%.8s", f->candidate, safe_base, hex);
	return 0;
}

static int hp_folders_add(struct hp_folders *fs, const struct hp_folder *f)
{
	struct hp_folder *v = hp_grow(fs->v, &fs->cap, fs->n, sizeof *v, 16);
	if (!v)
		return -1;
	fs->v = v;
	fs->v[fs->n++] = *f;
	return 0;
}

void hp_folders_free(struct hp_folders *fs)
{
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

static int hp_folder_cmp(const void *a, const void *b)
{
	return strcmp(((const struct hp_folder *)a)->rel, ((const struct hp_folder *)b)->rel);
}

/* Leave out of hdrs the embedded schemes of a key exchange (a sig/ with
 * its own adapter header beside the exchange's folder: builder.h's
 * hp_embedded_parts): they are parts of its instance, which `hashprof
 * build` of the exchange's folder builds whole.  0, or -1 (OOM). */
static int hp_drop_parts(const char *root, struct hp_strv *hdrs)
{
	char *part = hdrs->n > 1 ? calloc(hdrs->n, 1) : NULL;
	size_t kept = 0;

	if (hdrs->n < 2)
		return 0;
	if (!part || hp_embedded_parts(root, hdrs, part) < 0) {
		free(part);
		return -1;
	}
	for (size_t i = 0; i < hdrs->n; i++) {
		if (part[i])
			free(hdrs->v[i]);
		else
			hdrs->v[kept++] = hdrs->v[i];
	}
	hdrs->n = kept;
	hdrs->v[kept] = NULL;
	free(part);
	return 0;
}

int hp_campaign_find(const char *root, struct hp_folders *out, char *err, size_t errlen)
{
	struct hp_strv hdrs = { 0 };
	int rc = 0;

	err[0] = '\0';
	memset(out, 0, sizeof *out);
	rc = hp_find_headers(root, ".", &hdrs, err, errlen);
	if (rc == 0 && hp_drop_parts(root, &hdrs) != 0)
		rc = (hp_fmt(err, errlen, "out of memory"), -1);
	for (size_t i = 0; rc == 0 && i < hdrs.n; i++) {
		struct hp_folder f;
		char rel[PATH_MAX];
		hp_lift(root, hdrs.v[i], &hdrs, rel, sizeof rel);
		if (hp_campaign_describe(root, rel, &f, err, errlen) != 0)
			rc = -1;
		else if (hp_folders_add(out, &f) != 0)
			rc = (hp_fmt(err, errlen, "out of memory"), -1);
	}
	hp_strv_free(&hdrs);
	if (rc) {
		hp_folders_free(out);
		return -1;
	}
	if (out->n)
		qsort(out->v, out->n, sizeof out->v[0], hp_folder_cmp);
	return 0;
}
