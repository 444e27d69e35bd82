/*
 * instance.c - the instance search path and .hashprof metadata (see
 * instance.h).
 */
#include "config.h"
#include "instance.h"
#include "util/build_tree.h"
#include "util/machine_name.h"
#include "util/search_path.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf_info.h"

#define HP_MAGIC "hashprof-instance 1\n"
#define HP_SURVEY_SECTION ".hashprof_survey"
#define HP_SURVEY_MAGIC "hashprof-survey 1\n"
#define HP_DIRS_MAX 32

static void hp_set(char *dst, size_t cap, const char *val, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, val, n);
	dst[n] = '\0';
}

/* Parse "key=value\n" lines after the magic line. */
static int hp_parse_info(const char *text, size_t len, struct hp_instance *out)
{
	const char *p = text, *end = text + len;

	if (len < sizeof HP_MAGIC - 1 || memcmp(text, HP_MAGIC, sizeof HP_MAGIC - 1))
		return 1;
	p += sizeof HP_MAGIC - 1;
	while (p < end && *p) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eq = memchr(p, '=', (size_t)((nl ? nl : end) - p));
		if (!nl)
			nl = end;
		if (eq) {
			size_t klen = (size_t)(eq - p), vlen = (size_t)(nl - eq - 1);
#define HP_FIELD(key, dst)                                   \
	if (klen == sizeof key - 1 && !memcmp(p, key, klen)) \
	hp_set(dst, sizeof dst, eq + 1, vlen)
			HP_FIELD("name", out->name);
			HP_FIELD("kind", out->kind);
			HP_FIELD("wrapped", out->wrapped);
			HP_FIELD("origin", out->origin);
			HP_FIELD("cflags", out->cflags);
			HP_FIELD("flags", out->flags);
			HP_FIELD("kat", out->kat);
			HP_FIELD("warnings", out->warnings);
#undef HP_FIELD
		}
		p = nl + 1;
	}
	return out->name[0] && out->kind[0] ? 0 : 1;
}

/* Append the line [p, nl) and a newline to the survey detail when it fits. */
static void hp_detail_add(struct hp_instance *out, size_t *used, const char *p, const char *nl)
{
	size_t n = (size_t)(nl - p);

	if (*used + n + 2 > sizeof out->survey_detail)
		return;
	memcpy(out->survey_detail + *used, p, n);
	*used += n;
	out->survey_detail[(*used)++] = '\n';
	out->survey_detail[*used] = '\0';
}

/* The survey section (builder/survey/survey.c's hp_survey_text): verdict and
 * reason, and the other lines, the "routes" findings after the rest. */
static void hp_parse_survey(const char *text, size_t len, struct hp_instance *out)
{
	const char *end = text + len;
	size_t used = 0;

	if (len < sizeof HP_SURVEY_MAGIC - 1 || memcmp(text, HP_SURVEY_MAGIC, sizeof HP_SURVEY_MAGIC - 1))
		return;
	for (int pass = 0; pass < 2; pass++)
		for (const char *p = text + sizeof HP_SURVEY_MAGIC - 1; p < end && *p;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			int routes = !strncmp(p, "finding=routes\t", 15);
			if (!nl)
				nl = end;
			if (pass == 0 && !strncmp(p, "verdict=", 8))
				hp_set(out->survey_verdict, sizeof out->survey_verdict, p + 8, (size_t)(nl - p - 8));
			else if (pass == 0 && !strncmp(p, "reason=", 7))
				hp_set(out->survey_reason, sizeof out->survey_reason, p + 7, (size_t)(nl - p - 7));
			else if (strncmp(p, "verdict=", 8) && strncmp(p, "reason=", 7) && routes == pass)
				hp_detail_add(out, &used, p, nl);
			p = nl + 1;
		}
}

int hp_instance_read(const char *path, struct hp_instance *out)
{
	char *text;
	size_t len;
	int rc;

	memset(out, 0, sizeof *out);
	rc = hp_elf_section_text(path, HP_ELF_SECTION, &text, &len);
	if (rc == 0)
		rc = hp_parse_info(text, len, out);
	free(text);
	/* the survey's section, when the instance has one */
	if (rc == 0 && hp_elf_section_text(path, HP_SURVEY_SECTION, &text, &len) == 0) {
		hp_parse_survey(text, len, out);
		free(text);
	}
	if (rc == 0)
		hp_set(out->path, sizeof out->path, path, strlen(path));
	if (rc == 0 && hp_instance_foreign(path))
		rc = 2;
	return rc;
}

int hp_instance_foreign(const char *path)
{
	int self = hp_elf_machine_self(), machine = hp_elf_machine(path);

	return self != 0 && machine >= 0 && machine != self;
}

void hp_instance_user_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (xdg && *xdg)
		snprintf(buf, len, "%s/hashprof/instances", xdg);
	else
		snprintf(buf, len, "%s/.local/share/hashprof/instances", home && *home ? home : ".");
}

static size_t hp_search_dirs(char dirs[HP_DIRS_MAX][PATH_MAX])
{
	size_t n = 0;
	const char *env = getenv("HASHPROF_PATH");

	char builddir[PATH_MAX], srcdir[PATH_MAX];

	/* a path too long for PATH_MAX is no folder to search */
	if (hp_util_build_tree(builddir, srcdir, sizeof builddir) &&
	    snprintf(dirs[n], PATH_MAX, "%s/schemes/.libs", builddir) < PATH_MAX)
		n++;
	n = hp_util_path_split(env, dirs, n, HP_DIRS_MAX - 2);
	hp_instance_user_dir(dirs[n++], PATH_MAX);
	snprintf(dirs[n++], PATH_MAX, "%s", HP_PKGLIBDIR);
	return n;
}

void hp_instance_path_string(char *buf, size_t len)
{
	static char dirs[HP_DIRS_MAX][PATH_MAX];

	hp_util_path_join(dirs, hp_search_dirs(dirs), buf, len);
}

static int hp_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct hp_instance *)a)->name, ((const struct hp_instance *)b)->name);
}

/* The instance of that name found so far, or NULL. */
static const struct hp_instance *hp_seen(const struct hp_instance *all, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].name, name))
			return &all[i];
	return NULL;
}

static FILE *hp_warnings;
/* The name whose instances of another architecture a scan notes on stderr
 * (hp_instance_note_foreign), or NULL. */
static const char *hp_foreign_wanted;

void hp_instance_warn_to(FILE *out)
{
	hp_warnings = out;
}

/* The note for an instance built for another architecture, on out. */
static void hp_foreign_note(FILE *out, const char *path, const struct hp_instance *inst)
{
	char theirs[32], ours[32];

	fprintf(out, "hashprof: skipping %s: instance %s is built for %s, and this hashprof runs %s code: not loaded\n",
		path, inst->name, hp_machine_name((unsigned)hp_elf_machine(path), theirs, sizeof theirs),
		hp_machine_name((unsigned)hp_elf_machine_self(), ours, sizeof ours));
}

/* Why a .so along the path is not listed, when someone asked. */
static int hp_skip(const char *path, int rc, const struct hp_instance *inst, const struct hp_instance *first)
{
	if (!hp_warnings)
		return 1;
	if (rc < 0)
		fprintf(hp_warnings, "hashprof: skipping %s: cannot read it as an ELF file\n", path);
	else if (rc == 2)
		hp_foreign_note(hp_warnings, path, inst);
	else if (rc > 0)
		fprintf(hp_warnings, "hashprof: skipping %s: not a hashprof instance (no .hashprof section)\n", path);
	else
		fprintf(hp_warnings, "hashprof: skipping %s: instance %s is already found in %s, earlier on the path\n",
			path, inst->name, first->path);
	return 1;
}

/* Add the instances of one folder that no earlier folder had. */
static int hp_scan_dir(const char *dir, struct hp_instance **all, size_t *n, size_t *cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[PATH_MAX];
		struct hp_instance inst;

		if (len < 4 || strcmp(e->d_name + len - 3, ".so"))
			continue;
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
			continue;
		int rc = hp_instance_read(path, &inst);
		const struct hp_instance *first = rc == 0 ? hp_seen(*all, *n, inst.name) : NULL;
		if (rc == 2 && hp_foreign_wanted && !strcmp(inst.name, hp_foreign_wanted))
			hp_foreign_note(stderr, path, &inst);
		if ((rc != 0 || first) && hp_skip(path, rc, &inst, first))
			continue;
		if (*n == *cap) {
			size_t ncap = *cap ? 2 * *cap : 16;
			struct hp_instance *grown = realloc(*all, ncap * sizeof *grown);
			if (!grown) {
				closedir(d);
				return -1;
			}
			*all = grown;
			*cap = ncap;
		}
		(*all)[(*n)++] = inst;
	}
	closedir(d);
	return 0;
}

long hp_instance_scan(struct hp_instance **out)
{
	static char dirs[HP_DIRS_MAX][PATH_MAX];
	size_t ndirs = hp_search_dirs(dirs), n = 0, cap = 0;
	struct hp_instance *all = NULL;

	for (size_t i = 0; i < ndirs; i++)
		if (hp_scan_dir(dirs[i], &all, &n, &cap) != 0) {
			free(all);
			return -1;
		}
	if (n)
		qsort(all, n, sizeof *all, hp_name_cmp);
	*out = all;
	return (long)n;
}

int hp_instance_find(const char *name, struct hp_instance *out)
{
	struct hp_instance *all = NULL;
	long n = hp_instance_scan(&all);
	int rc = -1;

	for (long i = 0; i < n; i++)
		if (!strcmp(all[i].name, name)) {
			*out = all[i];
			rc = 0;
			break;
		}
	free(all);
	return rc;
}

/* The instance named name in the shared object path: 0, else -1. */
static int hp_instance_at(const char *path, const char *name, struct hp_instance *out)
{
	struct hp_instance inst;

	if (!path || !path[0] || hp_instance_read(path, &inst) != 0 || strcmp(inst.name, name))
		return -1;
	*out = inst;
	return 0;
}

/* The campaign's own instance name in OUT/units/<unit>/instance/NAME.so,
 * OUT a folder at most HP_RECORD_UP folders above the record file
 * (OUT/records/<candidate>/X.json): 0, else -1. */
#define HP_RECORD_UP 3
static int hp_instance_in_campaign(const char *record_file, const char *name, struct hp_instance *out)
{
	char dir[PATH_MAX];
	char *slash;

	if (!record_file || snprintf(dir, sizeof dir, "%s", record_file) >= (int)sizeof dir)
		return -1;
	for (int up = 0; up < HP_RECORD_UP && (slash = strrchr(dir, '/')); up++) {
		char units[PATH_MAX + 8];
		DIR *d;
		struct dirent *e;
		int rc = -1;
		*slash = '\0';
		if (snprintf(units, sizeof units, "%s/units", dir[0] ? dir : "") >= (int)sizeof units ||
		    !(d = opendir(units)))
			continue;
		while (rc != 0 && (e = readdir(d))) {
			char so[2 * PATH_MAX];
			if (e->d_name[0] == '.')
				continue;
			snprintf(so, sizeof so, "%s/%s/instance/%s.so", units, e->d_name, name);
			rc = hp_instance_at(so, name, out);
		}
		closedir(d);
		if (rc == 0)
			return 0;
	}
	return -1;
}

int hp_instance_find_recorded(const char *name, const char *so_path, const char *record_file, struct hp_instance *out)
{
	if (hp_instance_at(so_path, name, out) == 0 || hp_instance_in_campaign(record_file, name, out) == 0)
		return 0;
	return hp_instance_find(name, out);
}

/* Levenshtein distance, case-insensitive, of two names (<= HP_NAME_MAX). */
static size_t hp_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[HP_NAME_MAX + 2];

	if (la > HP_NAME_MAX || lb > HP_NAME_MAX)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t sub = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
			size_t best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
			row[j] = sub < best ? sub : best;
			diag = up;
		}
	}
	return row[lb];
}

void hp_instance_suggest(const char *name, const struct hp_instance *all, size_t n, char *buf, size_t len)
{
	size_t used = 0, found = 0, limit = strlen(name) / 3 > 2 ? strlen(name) / 3 : 2;

	buf[0] = '\0';
	for (size_t d = 0; d <= limit && found < 3; d++)
		for (size_t i = 0; i < n && found < 3; i++) {
			size_t dist = hp_distance(name, all[i].name);
			if (dist == d || (d == limit && dist > limit && strcasestr(all[i].name, name))) {
				used += (size_t)snprintf(buf + used, len > used ? len - used : 0, "%s%s",
							 found ? ", " : "", all[i].name);
				found++;
			}
		}
}

void hp_instance_note_foreign(const char *name)
{
	struct hp_instance *all = NULL;

	hp_foreign_wanted = name;
	hp_instance_scan(&all);
	hp_foreign_wanted = NULL;
	free(all);
}
