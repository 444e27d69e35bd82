/*
 * inputs.c - what a folder's steps depend on, hashed (see campaign.h), so
 * that a campaign run again redoes only what changed.
 *
 * The build's hash covers what `hashprof build`'s manifest lists
 * (builder/manifest.c: the package's input files, the options, the
 * hashprof program and its run-time pieces), plus the files directly in
 * the parent folder, which some packages share between their instance
 * folders (a Makefile, ../benchmark_*.c), plus the files outside the
 * folder that the last good build read, as its manifest lists them (ICCS
 * files borrowed from ../iccs/, vectors in ../../Test_Vectors/): only the
 * build knows which those are.  It is computed without running anything,
 * so that an unchanged campaign is told in the time it takes to read the
 * files.  When it differs, the build step runs `hashprof build`,
 * whose own manifest then decides whether anything is recompiled; the
 * profile's hash covers the .so that came out, so an unchanged instance is
 * not profiled again.
 */
#include "config.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign.h"

char *hp_hex64(uint64_t h, char buf[17])
{
	snprintf(buf, 17, "%016" PRIx64, h);
	return buf;
}

/* h extended by s and its NUL (so that "ab","c" and "a","bc" differ). */
static uint64_t hp_fnv_str(uint64_t h, const char *s)
{
	return hp_fnv(h, s, strlen(s) + 1);
}

/* h extended by what a file is: its name as shown, size and content
 * hash, or "missing". */
static uint64_t hp_fnv_file(uint64_t h, const char *path, const char *shown)
{
	uint64_t fh, size;
	char line[64];

	h = hp_fnv_str(h, shown);
	if (hp_hash_file(path, &fh, &size) != 0)
		return hp_fnv_str(h, "missing");
	snprintf(line, sizeof line, "%016" PRIx64 " %" PRIu64, fh, size);
	return hp_fnv_str(h, line);
}

/* The hashprof program and its run-time pieces, once per process. */
static uint64_t hp_runtime_hash(const struct hp_campaign *c)
{
	static uint64_t cached;
	static int done;
	struct hp_runtime rt;
	char err[HP_BUILD_ERR];
	uint64_t h = HP_FNV_INIT;

	if (done)
		return cached;
	h = hp_fnv_file(h, c->hashprof, "hashprof");
	memset(&rt, 0, sizeof rt);
	if (hp_runtime_find(&rt, err, sizeof err) == 0) {
		h = hp_fnv_file(h, rt.wrap_archive, "wrap archive");
		h = hp_fnv_file(h, rt.instance_info, "instance_info.c");
		h = hp_fnv_file(h, rt.drng_global, "drng_global.c");
	} else {
		h = hp_fnv_str(h, err); /* the build will fail and say so; its state is fresh until that changes */
	}
	hp_runtime_free(&rt);
	cached = h;
	done = 1;
	return h;
}

void hp_campaign_build_options(const struct hp_campaign *c, char *buf, size_t len)
{
	(void)c; /* the time limits are not inputs: state.c reruns what a longer one may change */
	hp_fmt(buf, len, "--kat");
}

static int hp_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular input files directly in dir, sorted, into out. */
static int hp_files_in(const char *dir, struct hp_strv *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return 0; /* nothing there to depend on */
	while ((e = readdir(d))) {
		char path[PATH_MAX];
		struct stat st;
		if (e->d_name[0] == '.' || !hp_manifest_is_input(e->d_name))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && hp_strv_add(out, e->d_name)) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (out->n)
		qsort(out->v, out->n, sizeof out->v[0], hp_cmp_str);
	return 0;
}

int hp_campaign_folder_inputs(const struct hp_campaign *c, const struct hp_folder *f, uint64_t *hash, char *err,
			      size_t errlen)
{
	struct hp_strv files = { 0 }, shared = { 0 };
	char opts[256], path[PATH_MAX], parent[PATH_MAX], shown[PATH_MAX + 8];
	uint64_t h = HP_FNV_INIT;
	char *slash;

	h = hp_fnv_str(h, "hashprof-campaign-build 1");
	hp_campaign_build_options(c, opts, sizeof opts);
	h = hp_fnv_str(h, opts);
	h = hp_fnv(h, &(uint64_t){ hp_runtime_hash(c) }, sizeof(uint64_t));
	if (hp_walk_files(f->abs, &files) != 0) {
		hp_strv_free(&files);
		return hp_fmt(err, errlen, "cannot read %s", f->abs), -1;
	}
	for (size_t i = 0; i < files.n; i++) {
		if (!hp_manifest_is_input(files.v[i]))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", f->abs, files.v[i]);
		h = hp_fnv_file(h, path, files.v[i]);
	}
	hp_strv_free(&files);
	/* the parent's own files, shared by its instance folders (not when
	 * the tree is the instance folder: its parent is outside the tree) */
	hp_fmt(parent, sizeof parent, "%s", f->abs);
	if (strcmp(f->rel, ".") && (slash = strrchr(parent, '/')) && slash != parent) {
		*slash = '\0';
		if (hp_files_in(parent, &shared) != 0) {
			hp_strv_free(&shared);
			return hp_fmt(err, errlen, "out of memory"), -1;
		}
		for (size_t i = 0; i < shared.n; i++) {
			hp_fmt(path, sizeof path, "%s/%s", parent, shared.v[i]);
			hp_fmt(shown, sizeof shown, "../%s", shared.v[i]);
			h = hp_fnv_file(h, path, shown);
		}
		hp_strv_free(&shared);
	}
	*hash = h;
	return 0;
}

uint64_t hp_campaign_outside_inputs(const struct hp_campaign *c, const struct hp_folder *f, const char *manifest,
				    int recorded, uint64_t h)
{
	char path[PATH_MAX], mdir[PATH_MAX], file[PATH_MAX], *text, *save = NULL;
	size_t n;

	if (!manifest[0])
		return h;
	hp_fmt(path, sizeof path, "%s/%s", c->out, manifest);
	/* the folder the build took its files from: the folder, or the one
	 * above it that holds a key exchange's embedded schemes too */
	if (hp_manifest_stored_dir(path, mdir, sizeof mdir) != 0)
		hp_fmt(mdir, sizeof mdir, "%s", f->abs);
	if (!(text = hp_util_read_file(path, 0, NULL)))
		return hp_fnv_str(h, "no manifest");
	/* "file HASH SIZE REL" or "file missing REL" (builder/manifest.c),
	 * REL relative to that folder; those inside the folder are hashed above */
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *value = line + 5, *rel;
		if (strncmp(line, "file ", 5))
			continue;
		rel = strchr(value, ' ');
		if (rel && strncmp(value, "missing ", 8))
			rel = strchr(rel + 1, ' ');
		if (!rel)
			continue;
		*rel++ = '\0';
		if (rel[0] == '/')
			hp_fmt(file, sizeof file, "%s", rel);
		else if (hp_path_abs(mdir, rel, file) != 0)
			continue;
		n = strlen(f->abs);
		if (!strncmp(file, f->abs, n) && file[n] == '/')
			continue;
		if (recorded) {
			h = hp_fnv_str(h, rel);
			h = hp_fnv_str(h, value);
		} else {
			h = hp_fnv_file(h, file, rel);
		}
	}
	free(text);
	return h;
}

int hp_campaign_build_inputs(const struct hp_campaign *c, const struct hp_folder *f, const char *manifest,
			     uint64_t *hash, char *err, size_t errlen)
{
	if (hp_campaign_folder_inputs(c, f, hash, err, errlen) != 0)
		return -1;
	*hash = hp_campaign_outside_inputs(c, f, manifest, 0, *hash);
	return 0;
}

uint64_t hp_campaign_profile_inputs(const struct hp_campaign *c, uint64_t so_hash)
{
	uint64_t h = HP_FNV_INIT;

	h = hp_fnv_str(h, "hashprof-campaign-profile 1");
	h = hp_fnv(h, &so_hash, sizeof so_hash);
	for (size_t i = 0; i < c->run_args.n; i++)
		h = hp_fnv_str(h, c->run_args.v[i]);
	return hp_fnv(h, &(uint64_t){ hp_runtime_hash(c) }, sizeof(uint64_t));
}
