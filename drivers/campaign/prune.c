/*
 * prune.c - OUT holds what ROOT holds (see campaign.h): the state,
 * records and page of a folder that is gone from ROOT are moved aside to
 * OUT/removed/, under the same relative paths, so that the pages, the
 * index and `hashprof report OUT/records` show only the tree as it is,
 * and nothing measured is lost.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign.h"

/* Is name (a key or a candidate, by which) one of fs's? */
static int hp_in_plan(const struct hp_folders *fs, const char *name, int candidate)
{
	for (size_t i = 0; i < fs->n; i++)
		if (!strcmp(candidate ? fs->v[i].candidate : fs->v[i].key, name))
			return 1;
	return 0;
}

static int hp_names_in(const char *out, const char *sub, struct hp_strv *names);

/* Move OUT/rel to OUT/removed/rel: a folder into the folder there (what
 * was moved before, a folder's records, stays beside), a file over an
 * earlier one.  Returns 0, or -1 after one line on stderr. */
static int hp_move_aside(const char *out, const char *rel)
{
	char from[PATH_MAX], to[PATH_MAX], dir[PATH_MAX];
	struct stat st, st_to;

	hp_fmt(from, sizeof from, "%s/%s", out, rel);
	hp_fmt(to, sizeof to, "%s/removed/%s", out, rel);
	if (lstat(from, &st) != 0)
		return 0;
	if (S_ISDIR(st.st_mode) && lstat(to, &st_to) == 0 && S_ISDIR(st_to.st_mode)) {
		struct hp_strv names = { 0 };
		int rc = hp_names_in(out, rel, &names);
		for (size_t i = 0; rc == 0 && i < names.n; i++) {
			char sub[PATH_MAX];
			hp_fmt(sub, sizeof sub, "%s/%s", rel, names.v[i]);
			rc = hp_move_aside(out, sub);
		}
		hp_strv_free(&names);
		if (rc == 0 && rmdir(from) != 0 && errno != ENOENT) {
			fprintf(stderr, "hashprof: campaign: cannot remove %s: %s\n", from, strerror(errno));
			rc = -1;
		}
		return rc;
	}
	hp_util_split_path(to, dir, sizeof dir);
	if (hp_mkdirs(dir) != 0 || hp_rmtree(to) != 0 || rename(from, to) != 0) {
		fprintf(stderr, "hashprof: campaign: cannot move %s aside to %s: %s\n", from, to, strerror(errno));
		return -1;
	}
	return 0;
}

/* The names in OUT/sub (not hidden) into names. */
static int hp_names_in(const char *out, const char *sub, struct hp_strv *names)
{
	char path[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int rc = 0;

	hp_fmt(path, sizeof path, "%s/%s", out, sub);
	if (!(d = opendir(path)))
		return 0;
	while (rc == 0 && (e = readdir(d)))
		if (e->d_name[0] != '.')
			rc = hp_strv_add(names, e->d_name);
	closedir(d);
	return rc;
}

/* A folder's state that is gone from the plan: its records (its profile
 * names them), then its state folder.  Returns how many could not be
 * moved. */
static size_t hp_prune_unit(const char *out, const char *key)
{
	static struct hp_unit_profile p; /* large: static */
	char rel[PATH_MAX];
	size_t failed = 0;

	hp_unit_profile_load(out, key, &p);
	for (size_t i = 0; i < p.nops; i++)
		if (p.ops[i].record[0] && !strstr(p.ops[i].record, "..") && !strncmp(p.ops[i].record, "records/", 8))
			failed += hp_move_aside(out, p.ops[i].record) != 0;
	hp_fmt(rel, sizeof rel, "units/%s", key);
	failed += hp_move_aside(out, rel) != 0;
	return failed;
}

size_t hp_campaign_prune(const struct hp_campaign *c, const struct hp_folders *fs, size_t *failed)
{
	struct hp_strv units = { 0 }, pages = { 0 }, records = { 0 };
	size_t moved = 0;

	*failed = 0;
	if (hp_names_in(c->out, "units", &units) || hp_names_in(c->out, "pages", &pages) ||
	    hp_names_in(c->out, "records", &records)) {
		fprintf(stderr, "hashprof: campaign: out of memory\n");
		(*failed)++;
	}
	for (size_t i = 0; i < units.n; i++) {
		char path[PATH_MAX];
		struct hp_unit_build b;
		json_t *j;
		if (hp_in_plan(fs, units.v[i], 0))
			continue;
		hp_unit_build_load(c->out, units.v[i], &b);
		j = b.present ? NULL
			      : hp_campaign_read_json(
					hp_unit_path(c->out, units.v[i], "profile.json", path, sizeof path));
		if (!b.present && !j)
			continue; /* no folder's state: not the campaign's */
		json_decref(j);
		*failed += hp_prune_unit(c->out, units.v[i]);
		printf("hashprof campaign: units/%s: %s%s is no longer a folder of ROOT: its state and records moved "
		       "to "
		       "%s/removed/\n",
		       units.v[i], b.instance[0] ? b.instance : "its folder", b.instance[0] ? "'s folder" : "", c->out);
		moved++;
	}
	for (size_t i = 0; i < pages.n; i++) {
		char rel[PATH_MAX], name[PATH_MAX];
		size_t n = strlen(pages.v[i]);
		if (n < 4 || strcmp(pages.v[i] + n - 3, ".md"))
			continue;
		hp_fmt(name, sizeof name, "%.*s", (int)(n - 3), pages.v[i]);
		if (hp_in_plan(fs, name, 1))
			continue;
		hp_fmt(rel, sizeof rel, "pages/%s", pages.v[i]);
		*failed += hp_move_aside(c->out, rel) != 0;
		moved++;
	}
	for (size_t i = 0; i < records.n; i++) {
		char rel[PATH_MAX];
		if (hp_in_plan(fs, records.v[i], 1))
			continue;
		hp_fmt(rel, sizeof rel, "records/%s", records.v[i]);
		*failed += hp_move_aside(c->out, rel) != 0;
		moved++;
	}
	hp_strv_free(&units);
	hp_strv_free(&pages);
	hp_strv_free(&records);
	return moved;
}
