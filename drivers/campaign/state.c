/*
 * state.c - what a campaign remembers between runs (see campaign.h): the
 * plan OUT/campaign.json and, per folder, OUT/units/KEY/build.json and
 * profile.json.  Each is one JSON object written whole and atomically
 * (prof/record/record_io.c: a temporary file renamed over the old one), so that
 * a run killed at any moment leaves every state file either as it was or
 * complete: a step whose state is not there is simply redone.
 *
 * Paths inside are relative to OUT, so that OUT can be moved or copied
 * back from other machines (--jobs) and still be read.  The plan and the
 * marks of the files a campaign writes also tell a campaign's OUT from a
 * user's folder, whose files it must not overwrite.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign.h"
#include "record/record_io.h" /* hp_record_write_json: atomic JSON files */

#define HP_BUILD_SCHEMA "hashprof-campaign-build/1"
#define HP_PROFILE_SCHEMA "hashprof-campaign-profile/1"
#define HP_PLAN_SCHEMA "hashprof-campaign/1"

/* Is o an object whose "schema" is schema? */
static int hp_has_schema(const json_t *o, const char *schema)
{
	const char *s = json_string_value(json_object_get(o, "schema"));

	return json_is_object(o) && s && !strcmp(s, schema);
}

char *hp_unit_path(const char *out, const char *key, const char *file, char *buf, size_t len)
{
	hp_fmt(buf, len, "%s/units/%s%s%s", out, key, file && *file ? "/" : "", file ? file : "");
	return buf;
}

json_t *hp_campaign_read_json(const char *path)
{
	json_error_t je;

	return json_load_file(path, 0, &je);
}

/* A string field of o into buf ("" when absent or not a string). */
static void hp_get_str(const json_t *o, const char *field, char *buf, size_t len)
{
	const char *s = json_string_value(json_object_get(o, field));

	hp_fmt(buf, len, "%s", s ? s : "");
}

/* A 16-hex-digit field of o (0 when absent or malformed). */
static uint64_t hp_get_hex(const json_t *o, const char *field)
{
	const char *s = json_string_value(json_object_get(o, field));
	uint64_t v = 0;

	if (!s || sscanf(s, "%16" SCNx64, &v) != 1)
		return 0;
	return v;
}

/* Write doc to path atomically (and its folder first); when it is the
 * text the file holds already, leave the file alone (a campaign with
 * nothing to do touches nothing).  Takes doc's reference. */
static int hp_store(const char *path, json_t *doc, char *err, size_t errlen)
{
	char dir[PATH_MAX], *text, *old;
	size_t old_len;
	int rc, same;

	if (!doc)
		return hp_fmt(err, errlen, "%s: out of memory", path), -1;
	text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	old = text ? hp_util_read_file(path, 0, &old_len) : NULL;
	same = old && old_len == strlen(text) + 1 && !memcmp(old, text, old_len - 1) && old[old_len - 1] == '\n';
	free(text);
	free(old);
	if (same) {
		json_decref(doc);
		return 0;
	}
	hp_util_split_path(path, dir, sizeof dir);
	if (hp_mkdirs(dir) != 0) {
		json_decref(doc);
		return hp_fmt(err, errlen, "%s: cannot create the folder: %s", dir, strerror(errno)), -1;
	}
	rc = hp_record_write_json(path, doc, err, errlen);
	json_decref(doc);
	return rc;
}

/* ---------- build.json ---------- */

void hp_unit_build_load(const char *out, const char *key, struct hp_unit_build *b)
{
	char path[PATH_MAX];
	json_t *j;

	memset(b, 0, sizeof *b);
	j = hp_campaign_read_json(hp_unit_path(out, key, "build.json", path, sizeof path));
	if (!hp_has_schema(j, HP_BUILD_SCHEMA)) {
		json_decref(j);
		return;
	}
	b->present = 1;
	b->inputs = hp_get_hex(j, "inputs");
	hp_get_str(j, "status", b->status, sizeof b->status);
	hp_get_str(j, "reason", b->reason, sizeof b->reason);
	hp_get_str(j, "log", b->log, sizeof b->log);
	hp_get_str(j, "instance", b->instance, sizeof b->instance);
	hp_get_str(j, "kind", b->kind, sizeof b->kind);
	hp_get_str(j, "so", b->so, sizeof b->so);
	b->so_hash = hp_get_hex(j, "so_hash");
	hp_get_str(j, "kat", b->kat, sizeof b->kat);
	hp_get_str(j, "kat_detail", b->kat_detail, sizeof b->kat_detail);
	hp_get_str(j, "warnings", b->warnings, sizeof b->warnings);
	hp_get_str(j, "manifest", b->manifest, sizeof b->manifest);
	hp_get_str(j, "timed_out", b->timed_out, sizeof b->timed_out);
	b->timeout = (unsigned)json_integer_value(json_object_get(j, "timeout"));
	b->build_timeout = (unsigned)json_integer_value(json_object_get(j, "build_timeout"));
	b->seconds = json_number_value(json_object_get(j, "seconds"));
	json_decref(j);
}

int hp_unit_build_store(const char *out, const char *key, const struct hp_unit_build *b, char *err, size_t errlen)
{
	char path[PATH_MAX], in[17], so[17];

	hp_unit_path(out, key, "build.json", path, sizeof path);
	return hp_store(path,
			json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:i, "
				  "s:f}",
				  "schema", HP_BUILD_SCHEMA, "inputs", hp_hex64(b->inputs, in), "status", b->status,
				  "reason", b->reason, "log", b->log, "instance", b->instance, "kind", b->kind, "so",
				  b->so, "so_hash", hp_hex64(b->so_hash, so), "kat", b->kat, "kat_detail",
				  b->kat_detail, "warnings", b->warnings, "manifest", b->manifest, "timed_out",
				  b->timed_out, "timeout", (int)b->timeout, "build_timeout", (int)b->build_timeout,
				  "seconds", b->seconds),
			err, errlen);
}

/* Is limit now (seconds, 0: none) longer than then? */
static int hp_longer(unsigned now, unsigned then)
{
	return then && (!now || now > then);
}

int hp_unit_build_timed_out(const struct hp_campaign *c, const struct hp_unit_build *b)
{
	if (!strcmp(b->timed_out, "build"))
		return hp_longer(c->build_timeout, b->build_timeout);
	if (!strcmp(b->timed_out, "kat"))
		return hp_longer(c->timeout, b->timeout);
	return 0;
}

int hp_unit_build_fresh(const struct hp_campaign *c, const struct hp_unit_build *b, uint64_t inputs)
{
	char path[PATH_MAX];
	uint64_t h, size;

	if (!b->present || b->inputs != inputs || hp_unit_build_timed_out(c, b))
		return 0;
	if (strcmp(b->status, "built"))
		return !strcmp(b->status, "failed") && !c->retry_failed;
	if (!strcmp(b->kat, "fail") && c->retry_failed)
		return 0;
	hp_fmt(path, sizeof path, "%s/%s", c->out, b->so);
	return hp_hash_file(path, &h, &size) == 0 && h == b->so_hash;
}

/* ---------- profile.json ---------- */

void hp_unit_profile_load(const char *out, const char *key, struct hp_unit_profile *p)
{
	char path[PATH_MAX];
	json_t *j, *ops, *o;
	size_t i;

	memset(p, 0, sizeof *p);
	j = hp_campaign_read_json(hp_unit_path(out, key, "profile.json", path, sizeof path));
	if (!hp_has_schema(j, HP_PROFILE_SCHEMA)) {
		json_decref(j);
		return;
	}
	p->present = 1;
	p->inputs = hp_get_hex(j, "inputs");
	hp_get_str(j, "reason", p->reason, sizeof p->reason);
	p->not_run = json_is_true(json_object_get(j, "not_run"));
	ops = json_object_get(j, "operations");
	json_array_foreach(ops, i, o)
	{
		struct hp_unit_op *u;
		if (p->nops == HP_CAMPAIGN_OPS)
			break;
		u = &p->ops[p->nops++];
		hp_get_str(o, "operation", u->op, sizeof u->op);
		hp_get_str(o, "status", u->status, sizeof u->status);
		hp_get_str(o, "reason", u->reason, sizeof u->reason);
		hp_get_str(o, "record", u->record, sizeof u->record);
		u->timed_out = json_is_true(json_object_get(o, "timed_out"));
		u->timeout = (unsigned)json_integer_value(json_object_get(o, "timeout"));
		u->seconds = json_number_value(json_object_get(o, "seconds"));
	}
	json_decref(j);
}

int hp_unit_profile_store(const char *out, const char *key, const struct hp_unit_profile *p, char *err, size_t errlen)
{
	char path[PATH_MAX], in[17];
	json_t *ops = json_array();

	for (size_t i = 0; ops && i < p->nops; i++) {
		const struct hp_unit_op *u = &p->ops[i];
		json_array_append_new(ops,
				      json_pack("{s:s, s:s, s:s, s:s, s:b, s:i, s:f}", "operation", u->op, "status",
						u->status, "reason", u->reason, "record", u->record, "timed_out",
						u->timed_out, "timeout", (int)u->timeout, "seconds", u->seconds));
	}
	hp_unit_path(out, key, "profile.json", path, sizeof path);
	return hp_store(path,
			ops ? json_pack("{s:s, s:s, s:s, s:b, s:o}", "schema", HP_PROFILE_SCHEMA, "inputs",
					hp_hex64(p->inputs, in), "reason", p->reason, "not_run", p->not_run,
					"operations", ops)
			    : NULL,
			err, errlen);
}

int hp_unit_op_done(const struct hp_campaign *c, const struct hp_unit_op *u)
{
	if (!strcmp(u->status, "profiled"))
		return 1;
	if (strcmp(u->status, "failed") || c->retry_failed)
		return 0;
	return !(u->timed_out && hp_longer(c->timeout, u->timeout));
}

int hp_unit_profile_fresh(const struct hp_campaign *c, const struct hp_unit_profile *p, uint64_t inputs)
{
	if (!p->present || p->inputs != inputs)
		return 0;
	if (p->reason[0])
		return !p->not_run && !c->retry_failed; /* the whole profile failed, and would again */
	if (!p->nops)
		return 0;
	for (size_t i = 0; i < p->nops; i++)
		if (!hp_unit_op_done(c, &p->ops[i]))
			return 0;
	return 1;
}

/* ---------- campaign.json ---------- */

int hp_plan_store(const struct hp_campaign *c, const struct hp_folders *fs, size_t other_tiers, char *err,
		  size_t errlen)
{
	char path[PATH_MAX];
	json_t *folders = json_array(), *args = json_array();

	for (size_t i = 0; folders && i < fs->n; i++) {
		const struct hp_folder *f = &fs->v[i];
		json_array_append_new(folders, json_pack("{s:s, s:s, s:s, s:s}", "folder", f->rel, "key", f->key,
							 "candidate", f->candidate, "kind", f->kind));
	}
	for (size_t i = 0; args && i < c->run_args.n; i++)
		json_array_append_new(args, json_string(c->run_args.v[i]));
	hp_fmt(path, sizeof path, "%s/campaign.json", c->out);
	return hp_store(path,
			folders && args ? json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:o, s:I, s:o}", "schema",
						    HP_PLAN_SCHEMA, "hashprof", PACKAGE_VERSION, "root", c->root,
						    "tier", hp_tier_name(c->tier), "timeout", (int)c->timeout,
						    "build_timeout", (int)c->build_timeout, "procedure", args,
						    "other_tier_folders", (json_int_t)other_tiers, "folders", folders)
					: NULL,
			err, errlen);
}

int hp_plan_load(const char *out, struct hp_campaign *c, struct hp_folders *fs, size_t *other_tiers, char *err,
		 size_t errlen)
{
	char path[PATH_MAX];
	json_error_t je;
	json_t *j, *folders, *o, *args;
	const char *root, *tier;
	struct stat st;
	size_t i;

	memset(fs, 0, sizeof *fs);
	hp_fmt(path, sizeof path, "%s/campaign.json", out);
	if (stat(path, &st) != 0)
		return 1;
	if (!(j = json_load_file(path, 0, &je)))
		return hp_fmt(err, errlen, "%s:%d:%d: %s", path, je.line, je.column, je.text), -1;
	root = json_string_value(json_object_get(j, "root"));
	tier = json_string_value(json_object_get(j, "tier"));
	folders = json_object_get(j, "folders");
	if (!hp_has_schema(j, HP_PLAN_SCHEMA) || !root || !tier || hp_tier_parse(tier, &c->tier) ||
	    !json_is_array(folders)) {
		json_decref(j);
		return hp_fmt(err, errlen, "%s: not a campaign plan (%s) this hashprof can read", path, HP_PLAN_SCHEMA),
		       -1;
	}
	hp_fmt(c->root, sizeof c->root, "%s", root);
	c->timeout = (unsigned)json_integer_value(json_object_get(j, "timeout"));
	c->build_timeout = (unsigned)json_integer_value(json_object_get(j, "build_timeout"));
	args = json_object_get(j, "procedure");
	json_array_foreach(args, i, o)
	{
		if (json_is_string(o))
			hp_strv_add(&c->run_args, json_string_value(o));
	}
	*other_tiers = (size_t)json_integer_value(json_object_get(j, "other_tier_folders"));
	fs->v = calloc(json_array_size(folders) + 1, sizeof *fs->v);
	if (!fs->v) {
		json_decref(j);
		return hp_fmt(err, errlen, "out of memory"), -1;
	}
	fs->cap = json_array_size(folders) + 1;
	json_array_foreach(folders, i, o)
	{
		struct hp_folder *f = &fs->v[fs->n++];
		hp_get_str(o, "folder", f->rel, sizeof f->rel);
		hp_get_str(o, "key", f->key, sizeof f->key);
		hp_get_str(o, "candidate", f->candidate, sizeof f->candidate);
		hp_get_str(o, "kind", f->kind, sizeof f->kind);
		f->tier = c->tier;
		if (!strcmp(f->rel, "."))
			hp_fmt(f->abs, sizeof f->abs, "%s", root);
		else
			hp_fmt(f->abs, sizeof f->abs, "%s/%s", root, f->rel);
		if (!f->key[0] || !f->candidate[0] || strchr(f->key, '/') || strchr(f->candidate, '/') ||
		    f->key[0] == '.' || f->candidate[0] == '.') {
			json_decref(j);
			hp_folders_free(fs);
			return hp_fmt(err, errlen, "%s: folders[%zu]: a key or candidate that is not a file name", path,
				      i),
			       -1;
		}
	}
	json_decref(j);
	return 0;
}

/* ---------- whose folder OUT is ---------- */

/* Does the file out/name hold mark (a campaign wrote it)?  1 or 0. */
static int hp_file_marked(const char *out, const char *name, const char *mark)
{
	char path[PATH_MAX], *text;
	int marked;

	hp_fmt(path, sizeof path, "%s/%s", out, name);
	text = hp_util_read_file(path, 0, NULL);
	marked = text && strstr(text, mark);
	free(text);
	return marked;
}

/* Does out/units hold a folder's state (a build.json a campaign wrote)?
 * 1 or 0. */
static int hp_units_hold_state(const char *out)
{
	char dir[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int found = 0;

	if (!(d = opendir(hp_unit_path(out, "", NULL, dir, sizeof dir))))
		return 0;
	while (!found && (e = readdir(d))) {
		struct hp_unit_build b;
		if (e->d_name[0] == '.')
			continue;
		hp_unit_build_load(out, e->d_name, &b);
		found = b.present;
	}
	closedir(d);
	return found;
}

/* Is out a campaign's folder (hp_campaign_foreign_file)?  1 or 0. */
static int hp_campaign_own_folder(const char *out)
{
	struct hp_campaign c;
	struct hp_folders fs;
	char err[HP_CAMPAIGN_REASON];
	size_t other;
	int rc;

	memset(&c, 0, sizeof c);
	rc = hp_plan_load(out, &c, &fs, &other, err, sizeof err);
	hp_strv_free(&c.run_args);
	if (rc == 0) {
		hp_folders_free(&fs);
		return 1;
	}
	return hp_file_marked(out, "index.md", HP_INDEX_MARK) || hp_file_marked(out, "campaign.mk", HP_MAKEFILE_MARK) ||
	       hp_units_hold_state(out);
}

const char *hp_campaign_foreign_file(const char *out)
{
	/* what a campaign writes into OUT (docs/campaign.md, the layout) */
	static const char *const names[] = {
		"index.md", "campaign.mk", "campaign.json", "pages/", "records/", "units/"
	};
	const char *held = NULL;

	for (size_t i = 0; !held && i < sizeof names / sizeof names[0]; i++) {
		char path[PATH_MAX];
		struct stat st;
		hp_fmt(path, sizeof path, "%s/%.*s", out, (int)strcspn(names[i], "/"), names[i]);
		if (lstat(path, &st) == 0)
			held = names[i];
	}
	if (!held || hp_campaign_own_folder(out))
		return NULL;
	return held;
}
