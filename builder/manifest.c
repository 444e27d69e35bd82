/*
 * manifest.c - idempotency of `hashprof build` (see builder.h).
 *
 * The manifest lists everything a build's result depends on: the hashprof
 * version, the instance name and package folder, the options (flags,
 * recipe, compiler), the content hash (FNV-1a, 64 bits) and size of every
 * input file of the package and of hashprof's run-time pieces.  It is
 * stored next to the instance (OUTDIR/.hashprof-build/NAME.manifest) with
 * the hash of the .so that was built; a build whose manifest matches and
 * whose .so is unchanged is "up to date".
 */
#include "config.h"
#include "builder.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HP_MANIFEST_MAGIC "hashprof-build-manifest 1"

int hp_manifest_is_input(const char *rel)
{
	static const char *const skip[] = { ".o", ".a", ".so", ".d", ".log", ".tmp" };
	size_t n = strlen(rel);

	for (size_t i = 0; i < sizeof skip / sizeof skip[0]; i++) {
		size_t k = strlen(skip[i]);
		if (n > k && !strcmp(rel + n - k, skip[i]))
			return 0;
	}
	return 1;
}

static int hp_manifest_file(struct hp_strv *lines, const char *kind, const char *path, const char *shown)
{
	uint64_t h, size;

	if (hp_hash_file(path, &h, &size) != 0)
		return hp_strv_addf(lines, "%s missing %s", kind, shown);
	return hp_strv_addf(lines, "%s %016" PRIx64 " %" PRIu64 " %s", kind, h, size, shown);
}

int hp_manifest_make(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_runtime *rt,
		     const char *options, char **out, char *err, size_t errlen)
{
	struct hp_strv lines = { 0 };
	int rc = 0;

	rc |= hp_strv_add(&lines, HP_MANIFEST_MAGIC);
	rc |= hp_strv_addf(&lines, "hashprof %s", PACKAGE_VERSION);
	rc |= hp_strv_addf(&lines, "name %s", d->name);
	rc |= hp_strv_addf(&lines, "dir %s", d->dir);
	rc |= hp_strv_addf(&lines, "options %s", options);
	if (r->path[0])
		rc |= hp_manifest_file(&lines, "recipe", r->path, r->path);
	rc |= hp_manifest_file(&lines, "runtime", "/proc/self/exe", "hashprof");
	rc |= hp_manifest_file(&lines, "runtime", rt->wrap_archive, rt->wrap_archive);
	rc |= hp_manifest_file(&lines, "runtime", rt->instance_info, rt->instance_info);
	rc |= hp_manifest_file(&lines, "runtime", rt->drng_global, rt->drng_global);
	for (size_t i = 0; rc == 0 && i < d->files.n; i++) {
		char path[PATH_MAX];
		if (!hp_manifest_is_input(d->files.v[i]))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", d->dir, d->files.v[i]);
		rc |= hp_manifest_file(&lines, "file", path, d->files.v[i]);
	}
	/* what the build reads outside the folder: a Makefile above, shared
	 * ICCS files, test vectors above */
	for (size_t i = 0; rc == 0 && i < d->extra_inputs.n; i++) {
		char rel[PATH_MAX];
		if (hp_strv_find(&d->extra_inputs, d->extra_inputs.v[i]) != (long)i)
			continue;
		hp_path_rel(d->dir, d->extra_inputs.v[i], rel, sizeof rel);
		rc |= hp_manifest_file(&lines, "file", d->extra_inputs.v[i], rel);
	}
	rc |= hp_strv_add(&lines, "");
	if (rc || !(*out = hp_strv_join(&lines, "\n"))) {
		hp_strv_free(&lines);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	hp_strv_free(&lines);
	return 0;
}

/* Split text into its lines (text is modified). */
static int hp_lines(char *text, struct hp_strv *out)
{
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		if (hp_strv_add(out, line))
			return -1;
	return 0;
}

/* "file HASH SIZE rel" -> "rel" (also for recipe/runtime lines). */
static const char *hp_line_path(const char *line)
{
	const char *p = line;

	for (int i = 0; i < 3 && p; i++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	return p ? p : line;
}

/* Do two manifest lines speak of the same thing (same kind, same file)? */
static int hp_same_subject(const char *a, const char *b)
{
	size_t ka = strcspn(a, " "), kb = strcspn(b, " ");

	if (ka != kb || strncmp(a, b, ka))
		return 0;
	if (!strncmp(a, "file ", 5) || !strncmp(a, "recipe ", 7) || !strncmp(a, "runtime ", 8))
		return !strcmp(hp_line_path(a), hp_line_path(b));
	return 1;
}

/* What a manifest line that is new or different says changed. */
static void hp_describe(const char *l, int seen_before, char *why, size_t whylen)
{
	if (!strncmp(l, "file ", 5))
		hp_fmt(why, whylen, "%s %s", hp_line_path(l), seen_before ? "changed" : "is new");
	else if (!strncmp(l, "options ", 8))
		hp_fmt(why, whylen, "the options changed");
	else if (!strncmp(l, "dir ", 4))
		hp_fmt(why, whylen, "it was built from another folder");
	else if (!strncmp(l, "recipe ", 7))
		hp_fmt(why, whylen, seen_before ? "the recipe changed" : "a recipe is new");
	else if (!strncmp(l, "runtime ", 8))
		hp_fmt(why, whylen, "%s changed",
		       !strcmp(hp_line_path(l), "hashprof") ? "the hashprof program" : hp_line_path(l));
	else
		hp_fmt(why, whylen, "the build settings changed (%s)", l);
}

/* Why the stored manifest does not match: the first difference, and how
 * many things changed in all (a changed file counts once). */
static void hp_manifest_why(char *stored, const char *fresh, char *why, size_t whylen)
{
	struct hp_strv a = { 0 }, b = { 0 };
	char *copy = strdup(fresh);
	size_t changes = 0;

	why[0] = '\0';
	if (!copy || hp_lines(stored, &a) || hp_lines(copy, &b)) {
		hp_fmt(why, whylen, "the manifest cannot be compared");
		goto out;
	}
	for (size_t i = 0; i < b.n; i++) {
		int seen = 0;
		if (hp_strv_find(&a, b.v[i]) >= 0)
			continue;
		for (size_t k = 0; k < a.n && !seen; k++)
			seen = hp_same_subject(a.v[k], b.v[i]);
		if (!changes++)
			hp_describe(b.v[i], seen, why, whylen);
	}
	for (size_t i = 0; i < a.n; i++) {
		const char *l = a.v[i];
		int still = 0;
		if (!strncmp(l, "output ", 7) || !strncmp(l, "kat-", 4) || hp_strv_find(&b, l) >= 0)
			continue;
		for (size_t k = 0; k < b.n && !still; k++)
			still = hp_same_subject(b.v[k], l);
		if (still)
			continue; /* counted above as changed */
		if (!changes++)
			hp_fmt(why, whylen, "%s%s was removed", !strncmp(l, "recipe ", 7) ? "the recipe " : "",
			       !strncmp(l, "recipe ", 7) ? "" : hp_line_path(l));
	}
	if (changes > 1) {
		size_t n = strlen(why);
		hp_fmt(why + n, n < whylen ? whylen - n : 0, " (and %zu more change%s)", changes - 1,
		       changes - 1 == 1 ? "" : "s");
	}
out:
	free(copy);
	hp_strv_free(&a);
	hp_strv_free(&b);
}

/* The KAT result stored after the manifest ("kat-result STATUS" and
 * "kat-detail TEXT" lines) into k; "not checked" when there is none. */
static void hp_stored_kat(const char *tail, struct hp_kat *k)
{
	const char *res = strstr(tail, "\nkat-result "), *det = strstr(tail, "\nkat-detail ");

	hp_fmt(k->status, sizeof k->status, "not checked");
	k->detail[0] = '\0';
	if (res) {
		res += strlen("\nkat-result ");
		hp_fmt(k->status, sizeof k->status, "%.*s", (int)strcspn(res, "\n"), res);
	}
	if (det) {
		det += strlen("\nkat-detail ");
		hp_fmt(k->detail, sizeof k->detail, "%.*s", (int)strcspn(det, "\n"), det);
	}
}

int hp_manifest_up_to_date(const char *path, const char *manifest, const char *so_path, int need_kat,
			   struct hp_kat *stored_kat, char *why, size_t whylen)
{
	size_t len, mlen = strlen(manifest);
	char *stored = hp_util_read_file(path, 0, &len), *tail;
	uint64_t h, size, sh, ssize;
	int kat = 0;

	hp_stored_kat("", stored_kat);
	if (!stored) {
		hp_fmt(why, whylen, "no previous build");
		return 0;
	}
	/* the stored manifest, then its output line: a manifest that lost its
	 * last lines (a removed file) is not a prefix that matches */
	if (len < mlen || memcmp(stored, manifest, mlen) || strncmp(stored + mlen, "output ", 7)) {
		hp_manifest_why(stored, manifest, why, whylen);
		free(stored);
		return 0;
	}
	tail = stored + mlen;
	if (sscanf(tail, "output %" SCNx64 " %" SCNu64 "\nkat-checked %d", &sh, &ssize, &kat) != 3 ||
	    hp_hash_file(so_path, &h, &size) != 0 || h != sh || size != ssize) {
		hp_fmt(why, whylen, "the instance %s is missing or was changed", so_path);
		free(stored);
		return 0;
	}
	hp_stored_kat(tail, stored_kat);
	free(stored);
	if (need_kat && !kat) {
		hp_fmt(why, whylen, "--kat: the last build did not check the KAT");
		return 0;
	}
	return 1;
}

int hp_manifest_stored_kat(const char *path, struct hp_kat *k)
{
	char *stored = hp_util_read_file(path, 0, NULL);

	hp_stored_kat("", k);
	if (!stored)
		return -1;
	hp_stored_kat(stored, k);
	free(stored);
	return 0;
}

int hp_manifest_stored_dir(const char *path, char *dir, size_t len)
{
	char *stored = hp_util_read_file(path, 0, NULL), *p;
	int rc = -1;

	if (len)
		dir[0] = '\0';
	if (stored && (p = strstr(stored, "\ndir "))) {
		p += strlen("\ndir ");
		hp_fmt(dir, len, "%.*s", (int)strcspn(p, "\n"), p);
		rc = dir[0] ? 0 : -1;
	}
	free(stored);
	return rc;
}

int hp_manifest_store(const char *path, const char *manifest, const char *so_path, const struct hp_kat *kat)
{
	uint64_t h, size;
	char *text = NULL, detail[sizeof kat->detail];
	int n, rc;

	if (hp_hash_file(so_path, &h, &size) != 0)
		return -1;
	/* one line each: a newline in the detail would end it early */
	hp_fmt(detail, sizeof detail, "%s", kat ? kat->detail : "");
	for (char *p = detail; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	n = asprintf(&text, "%soutput %016" PRIx64 " %" PRIu64 "\nkat-checked %d\nkat-result %s\nkat-detail %s\n",
		     manifest, h, size, kat != NULL, kat ? kat->status : "not checked", detail);
	if (n < 0) {
		errno = ENOMEM;
		return -1;
	}
	rc = hp_util_write_file(path, text, (size_t)n, NULL, NULL, 0);
	free(text);
	return rc;
}
