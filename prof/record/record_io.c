/*
 * record_io.c - record files: atomic writing, reading files, run
 * documents and folders (see record_io.h, docs/record-schema.md).
 */
#include "record_io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record.h"
#include "report/report.h"
#include "measure/shares.h"
#include "util/read_file.h"
#include "util/write_file.h"
#include "util/grow.h"

#define HP_RECORD_FILE_MAX (64L << 20) /* bytes: larger files are not records */

void hp_record_set_init(struct hp_record_set *s)
{
	memset(s, 0, sizeof *s);
}

/* Free the rows from index `from` on and forget them. */
static void hp_record_set_truncate(struct hp_record_set *s, size_t from)
{
	for (size_t i = from; i < s->n; i++) {
		hp_result_free(&s->rows[i].r);
		json_decref(s->rows[i].record);
		json_decref(s->rows[i].run);
	}
	if (from < s->n)
		s->n = from;
}

void hp_record_set_free(struct hp_record_set *s)
{
	hp_record_set_truncate(s, 0);
	free(s->rows);
	hp_record_set_init(s);
}

/* A new zeroed row at the end of s; NULL when out of memory. */
static struct hp_loaded_row *hp_record_set_push(struct hp_record_set *s)
{
	struct hp_loaded_row *grown = hp_grow(s->rows, &s->cap, s->n, sizeof *grown, 8);
	if (!grown)
		return NULL;
	s->rows = grown;
	memset(&s->rows[s->n], 0, sizeof s->rows[0]);
	hp_result_init(&s->rows[s->n].r);
	return &s->rows[s->n++];
}

/* Read one record object into a new row of s. */
static int hp_read_record(const char *name, const char *where, json_t *rec, json_t *doc_run, struct hp_record_set *s,
			  char *err, size_t errlen)
{
	char why[HP_RECORD_ERR_MAX / 2];
	struct hp_loaded_row *row;
	json_t *run;
	const char *sep = where[0] ? ": " : "";

	if (hp_record_check(rec, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s%s%s", name, where, sep, why);
		return -1;
	}
	if (!(row = hp_record_set_push(s))) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	snprintf(row->file, sizeof row->file, "%s", name);
	snprintf(row->where, sizeof row->where, "%s", where);
	if (hp_record_to_result(rec, &row->r, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s%s%s", name, where, sep, why);
		hp_record_set_truncate(s, s->n - 1);
		return -1;
	}
	row->record = json_incref(rec);
	run = json_object_get(rec, "run");
	row->run = json_incref(run ? run : doc_run);
	return 0;
}

long hp_record_parse_buffer(const char *name, const char *data, size_t len, struct hp_record_set *s, char *err,
			    size_t errlen)
{
	json_error_t je;
	json_t *doc = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je), *rows, *run, *e;
	size_t start = s->n, i;
	char where[32];

	if (!doc) {
		snprintf(err, errlen, "%s:%d:%d: malformed JSON: %s", name, je.line, je.column, je.text);
		return -1;
	}
	if (!json_is_object(doc)) {
		snprintf(err, errlen, "%s: not a hashprof record nor a run document (a JSON object)", name);
		json_decref(doc);
		return -1;
	}
	rows = json_object_get(doc, "rows");
	if (!rows) {
		if (!json_object_get(doc, "schema")) {
			snprintf(err, errlen,
				 "%s: field 'schema': missing (neither a hashprof record nor a "
				 "run document with 'rows')",
				 name);
			json_decref(doc);
			return -1;
		}
		if (hp_read_record(name, "", doc, NULL, s, err, errlen) != 0) {
			json_decref(doc);
			return -1;
		}
		json_decref(doc);
		return 1;
	}
	run = json_object_get(doc, "run");
	if (run && !json_is_object(run)) {
		snprintf(err, errlen, "%s: field 'run': expected an object", name);
		json_decref(doc);
		return -1;
	}
	if (!json_is_array(rows) || json_array_size(rows) == 0) {
		snprintf(err, errlen, "%s: field 'rows': expected a non-empty array of records", name);
		json_decref(doc);
		return -1;
	}
	json_array_foreach(rows, i, e)
	{
		snprintf(where, sizeof where, "rows[%zu]", i);
		if (hp_read_record(name, where, e, run, s, err, errlen) != 0) {
			hp_record_set_truncate(s, start);
			json_decref(doc);
			return -1;
		}
	}
	json_decref(doc);
	return (long)(s->n - start);
}

/* Read a whole file into a malloc'ed buffer. */
static char *hp_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	char *buf = hp_util_read_file(path, HP_RECORD_FILE_MAX, len);

	if (!buf && errno == EFBIG)
		snprintf(err, errlen, "%s: larger than %ld MiB, not a record", path, HP_RECORD_FILE_MAX >> 20);
	else if (!buf && errno == ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	else if (!buf)
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
	return buf;
}

static long hp_record_load_file(const char *path, struct hp_record_set *s, char *err, size_t errlen)
{
	size_t len;
	char *data = hp_slurp(path, &len, err, errlen);
	long n;

	if (!data)
		return -1;
	n = hp_record_parse_buffer(path, data, len, s, err, errlen);
	free(data);
	return n;
}

static int hp_strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A *.json name a folder read looks at: not hidden (a temporary file of
 * hp_record_write_atomic), something before ".json". */
static int hp_record_json_name(const char *name)
{
	size_t len = strlen(name);

	return name[0] != '.' && len >= 6 && !strcmp(name + len - 5, ".json");
}

int hp_record_dir_reads(const char *name)
{
	return hp_record_json_name(name) && !hp_record_is_failed_name(name);
}

/* How many folders below the one named a read descends (a campaign's
 * OUT/records/<candidate>/ is two): the bound only stops a pathological
 * tree; links to folders are not followed. */
#define HP_RECORD_DEPTH 8
/* hp_record_load_dir of a sub-folder that holds no *.json file at any depth */
#define HP_RECORD_NONE (-2)

/* Append a copy of name to the list names (n entries, cap); 0 or -1 (OOM). */
static int hp_names_add(char ***names, size_t *n, size_t *cap, const char *name)
{
	char **nn = hp_grow(*names, cap, *n, sizeof *nn, 16);

	if (!nn)
		return -1;
	*names = nn;
	if (!(nn[*n] = strdup(name)))
		return -1;
	(*n)++;
	return 0;
}

/* Is dir a campaign's OUT (hashprof campaign: its campaign.json beside a
 * records/ folder)?  Then its records/ folder into out.  1 or 0. */
static int hp_campaign_records(const char *dir, char *out, size_t len)
{
	struct stat st;

	snprintf(out, len, "%s/campaign.json", dir);
	if (stat(out, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	snprintf(out, len, "%s/records", dir);
	return stat(out, &st) == 0 && S_ISDIR(st.st_mode);
}

static long hp_record_load_dir(const char *dir, struct hp_record_set *s, char *err, size_t errlen, int depth)
{
	DIR *d;
	struct dirent *e;
	char **names = NULL, **subs = NULL, path[8192];
	size_t n = 0, cap = 0, nsub = 0, subcap = 0, skipped = 0, bad = 0, skipped_before = s->nskipped;
	long total = 0, got;
	int oom = 0, below = 0;

	/* a campaign's OUT: its records, not its state files (campaign.json, units/) */
	if (hp_campaign_records(dir, path, sizeof path))
		return hp_record_load_dir(path, s, err, errlen, depth + 1);
	if (!(d = opendir(dir))) {
		snprintf(err, errlen, "%s: cannot read the folder: %s", dir, strerror(errno));
		return -1;
	}
	while (!oom && (e = readdir(d))) {
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (e->d_name[0] != '.' && depth < HP_RECORD_DEPTH && lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			oom = hp_names_add(&subs, &nsub, &subcap, e->d_name) != 0;
			continue;
		}
		if (!hp_record_json_name(e->d_name))
			continue;
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (hp_record_is_failed_name(e->d_name)) {
			size_t used = strlen(s->skipped), plen = strlen(path);
			if (used + plen + 3 < sizeof s->skipped) { /* as many as fit */
				if (used) {
					memcpy(s->skipped + used, ", ", 2);
					used += 2;
				}
				memcpy(s->skipped + used, path, plen + 1);
			}
			s->nskipped++;
			skipped++;
			continue;
		}
		/* a folder listed in part is an error, not a smaller set of records */
		oom = hp_names_add(&names, &n, &cap, e->d_name) != 0;
	}
	closedir(d);
	if (oom)
		snprintf(err, errlen, "%s: out of memory listing the folder", dir);
	if (n)
		qsort(names, n, sizeof *names, hp_strcmp_p);
	if (nsub)
		qsort(subs, nsub, sizeof *subs, hp_strcmp_p);
	for (size_t i = 0; i < n && !oom && total >= 0; i++) {
		snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
		got = hp_record_load_file(path, s, err, errlen);
		if (got < 0 && s->bad) { /* named, and the folder read on */
			s->bad(s->bad_arg, err);
			s->nbad++;
			bad++;
			continue;
		}
		total = got < 0 ? -1 : total + got;
	}
	/* the sub-folders, in name order (OUT/records/<candidate>/) */
	for (size_t i = 0; i < nsub && !oom && total >= 0; i++) {
		snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", subs[i]);
		got = hp_record_load_dir(path, s, err, errlen, depth + 1);
		if (got == HP_RECORD_NONE)
			continue;
		below = 1;
		if (got < 0 && s->bad) { /* its bad files were named one by one */
			bad++;
			continue;
		}
		total = got < 0 ? -1 : total + got;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	for (size_t i = 0; i < nsub; i++)
		free(subs[i]);
	free(subs);
	if (oom || total < 0)
		return -1;
	if (total > 0)
		return total;
	if (bad) {
		snprintf(err, errlen, "%s: no readable record in this folder%s (%zu unreadable or malformed)", dir,
			 below ? " or below it" : "", bad);
		return -1;
	}
	if (s->nskipped > skipped_before) {
		snprintf(err, errlen,
			 "%s: no measured record in this folder%s, only failed rows (%s; name a file to read it)", dir,
			 below || skipped < s->nskipped - skipped_before ? " or below it" : "", s->skipped);
		return 0; /* only failed rows: err says so */
	}
	if (depth > 0 && !n)
		return HP_RECORD_NONE;
	snprintf(err, errlen, "%s: no *.json record in this folder%s", dir, nsub ? " or below it" : "");
	return -1;
}

long hp_record_load(const char *path, struct hp_record_set *s, char *err, size_t errlen)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return hp_record_load_dir(path, s, err, errlen, 0);
	return hp_record_load_file(path, s, err, errlen);
}

/* Are a and b rows of the same instance and operation? */
static int hp_same_row(const struct hp_loaded_row *a, const struct hp_loaded_row *b)
{
	return !strcmp(a->r.instance, b->r.instance) && !strcmp(a->r.operation, b->r.operation);
}

size_t hp_record_set_note_repeats(const struct hp_record_set *s, FILE *out, const char *tail)
{
	size_t noted = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct hp_loaded_row *row = &s->rows[i];
		size_t k = 0, times = 1;
		while (k < i && !hp_same_row(&s->rows[k], row))
			k++;
		if (k < i) /* named with the first of its kind */
			continue;
		for (k = i + 1; k < s->n; k++)
			times += (size_t)hp_same_row(&s->rows[k], row);
		if (times == 1)
			continue;
		fprintf(out, "hashprof: note: %s %s is in %zu records:", row->r.instance, row->r.operation, times);
		for (k = i; k < s->n; k++)
			if (k == i || hp_same_row(&s->rows[k], row))
				fprintf(out, "%s%s%s%s", k == i ? " " : ", ", s->rows[k].file,
					s->rows[k].where[0] ? " " : "", s->rows[k].where);
		fprintf(out, "; %s\n", tail);
		noted++;
	}
	return noted;
}

/* Do two numbers agree within 1e-9 relative? */
static int hp_agree(double a, double b)
{
	double d = fabs(a - b);

	return d == 0 || d <= 1e-9 * fmax(fabs(a), fabs(b));
}

int hp_record_shares_check(const struct hp_loaded_row *row, char *msg, size_t len)
{
	static const struct {
		const char *group;
		int raw;
	} groups[] = {
		{ "shares", 1 },
		{ "shares_raw", 1 },
		{ "shares_corrected", 0 },
	};
	const struct hp_result *r = &row->r;

	msg[0] = '\0';
	for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
		json_t *stored = row->record ? json_object_get(row->record, groups[g].group) : NULL;
		struct hp_shares sh;

		if (!json_is_object(stored))
			continue;
		hp_shares_of_result(r, groups[g].raw, &sh);
		const struct {
			const char *key;
			double value;
		} vals[] = {
			{ "hash", sh.hash },
			{ "drng", sh.drng },
			{ "drng_init", sh.drng_init },
			{ "total_ticks", sh.total_ticks },
			{ "hash_spread_pp", hp_shares_spread(r, groups[g].raw, 0) },
			{ "drng_spread_pp", hp_shares_spread(r, groups[g].raw, 1) },
		};
		for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
			json_t *v = json_object_get(stored, vals[k].key);
			if (!json_is_number(v) || hp_agree(json_number_value(v), vals[k].value))
				continue;
			snprintf(msg, len, "stored %s.%s %.9g disagrees with its call table and totals (%.9g)",
				 groups[g].group, vals[k].key, json_number_value(v), vals[k].value);
			return 1;
		}
	}
	return 0;
}

/* ---------- writing ---------- */

json_t *hp_record_file_json(const struct hp_result *r, json_t *run)
{
	json_t *rec = hp_record_from_result(r), *a = hp_report_notes_json(r);

	if (!rec || !a) {
		json_decref(rec);
		json_decref(a);
		return NULL;
	}
	json_object_set_new(rec, "notes", a);
	if (run)
		json_object_set(rec, "run", run);
	return rec;
}

/* s with every byte that is not part of an instance name (hp_name_char)
 * replaced by '_': a file name, never hidden, never a path. */
static void hp_safe_name(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	for (; *s && n + 1 < cap; s++, n++)
		out[n] = hp_name_char((unsigned char)*s) ? *s : '_';
	out[n] = '\0';
}

char *hp_record_file_name(const struct hp_result *r, char *buf, size_t len)
{
	char inst[2 * HP_NAME_MAX], op[64];

	hp_safe_name(r->instance, inst, sizeof inst);
	hp_safe_name(r->operation, op, sizeof op);
	snprintf(buf, len, "%s__%s.json", inst, op);
	return buf;
}

int hp_record_is_failed_name(const char *name)
{
	size_t n = strlen(name), k = strlen(HP_RECORD_FAILED_SUFFIX);

	return n >= k && !strcmp(name + n - k, HP_RECORD_FAILED_SUFFIX);
}

char *hp_record_failed_name(const char *path, char *buf, size_t len)
{
	char dir[4096];
	const char *base = hp_util_split_path(path, dir, sizeof dir);
	size_t stem = strlen(path), k = strlen(HP_RECORD_FAILED_SUFFIX), max;

	if (stem >= 5 && !strcmp(path + stem - 5, ".json"))
		stem -= 5;
	/* the last component keeps at most max - k bytes of its stem */
	if (base && (max = hp_util_name_max(dir)) > k && stem - (size_t)(base - path) > max - k)
		stem = (size_t)(base - path) + max - k;
	snprintf(buf, len, "%.*s%s", (int)stem, path, HP_RECORD_FAILED_SUFFIX);
	return buf;
}

int hp_record_check_name(const char *path, char *err, size_t errlen)
{
	char dir[4096];
	const char *base = hp_util_split_path(path, dir, sizeof dir);
	size_t max;

	if (!base) {
		snprintf(err, errlen, "%s: not a file name", path);
		return -1;
	}
	if (strlen(base) > (max = hp_util_name_max(dir))) {
		snprintf(err, errlen, "%s: the file name has %zu bytes; the file system takes at most %zu", path,
			 strlen(base), max);
		return -1;
	}
	return 0;
}

int hp_record_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
	return hp_util_write_file(path, data, len, "records", err, errlen);
}

int hp_record_write_json(const char *path, const json_t *doc, char *err, size_t errlen)
{
	char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	size_t n;
	int rc;

	if (!text) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	n = strlen(text);
	char *buf = realloc(text, n + 2);
	if (!buf) {
		free(text);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	buf[n] = '\n';
	buf[n + 1] = '\0';
	rc = hp_record_write_atomic(path, buf, n + 1, err, errlen);
	free(buf);
	return rc;
}

int hp_record_prepare_dir(const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			snprintf(err, errlen, "%s: cannot create the record folder: %s", dir, strerror(errno));
			return -1;
		}
	} else if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: exists and is not a folder", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(err, errlen, "%s: cannot write into the record folder: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

int hp_record_write_row(const char *dir, const struct hp_result *row, json_t *run, char *err, size_t errlen)
{
	char name[256], path[8192], failed[8192];
	json_t *rec;
	int rc;

	if (row->interrupted)
		return 0;
	hp_record_file_name(row, name, sizeof name);
	snprintf(path, sizeof path, "%s%s%s", dir, dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	hp_record_failed_name(path, failed, sizeof failed);
	if (!(rec = hp_record_file_json(row, run))) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	rc = hp_record_write_json(row->status == HP_STATUS_OK ? path : failed, rec, err, errlen);
	json_decref(rec);
	if (rc != 0)
		return -1;
	if (row->status == HP_STATUS_OK && unlink(failed) != 0 && errno != ENOENT) {
		snprintf(err, errlen, "%s: cannot remove the failed row of an earlier run: %s", failed,
			 strerror(errno));
		return -1;
	}
	return 0;
}
