/*
 * costs.c - the costs of a projection and the projection of rows (see
 * costs.h).
 */
#include "costs.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "measure/clock.h"
#include "environment.h"
#include "hashcost.h"
#include "instance.h"
#include "swap/projection.h"
#include "util/read_file.h"
#include "util/write_file.h"
#include "util/grow.h"
#include "swap/part.h"

/* ---------- the table's file ---------- */

/* This machine: CPU model, host name, the clock of o. */
static void hp_costs_machine(struct hp_cost_machine *m, const struct hp_options *o)
{
	struct utsname u;

	memset(m, 0, sizeof *m);
	hp_environment_cpu(m->cpu, sizeof m->cpu);
	snprintf(m->host, sizeof m->host, "%s", uname(&u) == 0 ? u.nodename : "unknown");
	snprintf(m->clock, sizeof m->clock, "%s", o->clock == HP_CLOCK_CYCLES ? "PAPI_TOT_CYC" : "PAPI_get_real_cyc");
	/* the architecture's word (TSC ticks, timer ticks), as the rows' clock.unit */
	snprintf(m->unit, sizeof m->unit, "%s", hp_clock_kind_unit(o->clock));
	m->rate_hz = o->tick_hz;
}

/* The cache of machine m: $HASHPROF_COST_CACHE, or the cache folder's
 * hashcost-KEY.json, KEY the FNV-1a of the CPU, host and clock. */
static void hp_costs_cache_path(const struct hp_cost_machine *m, char *buf, size_t len)
{
	const char *env = getenv("HASHPROF_COST_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	const char *parts[3] = { m->cpu, m->host, m->clock };
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 (a name, not a MAC) */

	if (env && *env) {
		snprintf(buf, len, "%s", env);
		return;
	}
	for (int i = 0; i < 3; i++) {
		for (const char *p = parts[i]; *p; p++) {
			h ^= (unsigned char)*p;
			h *= 0x100000001b3ull;
		}
		h ^= '\n';
		h *= 0x100000001b3ull;
	}
	if (xdg && *xdg)
		snprintf(buf, len, "%s/hashprof/hashcost-%016llx.json", xdg, (unsigned long long)h);
	else
		snprintf(buf, len, "%s/.cache/hashprof/hashcost-%016llx.json", home && *home ? home : ".",
			 (unsigned long long)h);
}

/* Read the table at path into t: 0, 1 when there is no file, -1 with err. */
static int hp_costs_read(const char *path, struct hp_cost_table *t, char *err, size_t errlen)
{
	json_error_t je;
	json_t *doc = json_load_file(path, 0, &je);
	char why[400];

	if (!doc) {
		struct stat st;
		if (stat(path, &st) != 0 && errno == ENOENT)
			return 1;
		snprintf(err, errlen, "%.300s: %s (line %d)", path, je.text, je.line);
		return -1;
	}
	if (hp_cost_table_from_json(doc, t, why, sizeof why) != 0) {
		snprintf(err, errlen, "%.300s: %s", path, why);
		json_decref(doc);
		return -1;
	}
	json_decref(doc);
	return 0;
}

int hp_costs_open(struct hp_costs *c, const char *fixed_path, const struct hp_options *o, char *err, size_t errlen)
{
	struct hp_cost_machine here;
	int rc;

	memset(c, 0, sizeof *c);
	if (fixed_path) {
		c->fixed = 1;
		snprintf(c->path, sizeof c->path, "%s", fixed_path);
		rc = hp_costs_read(fixed_path, &c->t, err, errlen);
		if (rc > 0)
			snprintf(err, errlen, "%.300s: no such file", fixed_path);
		return rc == 0 ? 0 : -1;
	}
	hp_costs_machine(&here, o);
	hp_costs_cache_path(&here, c->path, sizeof c->path);
	/* another machine's (or clock's) cache, or one unreadable: start afresh */
	if (hp_costs_read(c->path, &c->t, err, errlen) != 0 || strcmp(c->t.machine.cpu, here.cpu) ||
	    strcmp(c->t.machine.host, here.host) || strcmp(c->t.machine.clock, here.clock)) {
		hp_cost_table_free(&c->t);
		err[0] = '\0';
	}
	c->t.machine = here;
	return 0;
}

void hp_costs_open_readonly(struct hp_costs *c, const struct hp_options *o)
{
	char err[1024];

	hp_costs_open(c, NULL, o, err, sizeof err); /* the cache: never fails */
	c->readonly = 1;
}

/* Make the folder dir and its missing parents (mkdir -p): $XDG_CACHE_HOME
 * itself may not exist yet on a fresh account.  Failures are left to the
 * write that follows, which names them. */
static void hp_costs_mkdirs(char *dir)
{
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0777);
			*p = '/';
		}
	mkdir(dir, 0777);
}

int hp_costs_close(struct hp_costs *c, char *err, size_t errlen)
{
	int rc = 0;

	if (c->dirty && !c->fixed) {
		json_t *doc = hp_cost_table_json(&c->t);
		char *text = doc ? json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL, dir[PATH_MAX];
		if (hp_util_split_path(c->path, dir, sizeof dir) && dir[0])
			hp_costs_mkdirs(dir);
		if (!text || hp_util_write_file(c->path, text, strlen(text), "cost tables", err, errlen) != 0) {
			if (!text)
				snprintf(err, errlen, "out of memory writing the cost table");
			rc = -1;
		}
		free(text);
		json_decref(doc);
	}
	hp_cost_table_free(&c->t);
	return rc;
}

/* ---------- what to price ---------- */

/* The shapes one subject still needs priced. */
struct hp_want {
	char key[96], version[32];
	const struct hp_candidate *cand; /* NULL: the placeholder of inst */
	struct hp_instance inst;
	struct hp_cost *shapes;
	size_t n, cap;
	char error[512]; /* its micro-benchmark failed: why */
};

struct hp_wants {
	struct hp_want *w;
	size_t n, cap;
};

/* The version of a file: its size and modification time ("" unreadable). */
static void hp_costs_file_version(const char *path, char *buf, size_t len)
{
	struct stat st;

	if (stat(path, &st) != 0)
		snprintf(buf, len, "unreadable");
	else
		snprintf(buf, len, "%lld-%lld.%09ld", (long long)st.st_size, (long long)st.st_mtim.tv_sec,
			 st.st_mtim.tv_nsec);
}

/* The want of a subject (added when new); NULL on OOM. */
static struct hp_want *hp_want_of(struct hp_wants *ws, const char *key, const char *version,
				  const struct hp_candidate *cand, const struct hp_instance *inst)
{
	for (size_t i = 0; i < ws->n; i++)
		if (!strcmp(ws->w[i].key, key))
			return &ws->w[i];
	struct hp_want *grown = hp_grow(ws->w, &ws->cap, ws->n, sizeof *grown, 8);
	if (!grown)
		return NULL;
	ws->w = grown;
	struct hp_want *w = &ws->w[ws->n++];
	memset(w, 0, sizeof *w);
	snprintf(w->key, sizeof w->key, "%s", key);
	snprintf(w->version, sizeof w->version, "%s", version);
	w->cand = cand;
	if (inst)
		w->inst = *inst;
	return w;
}

/* Add shape (fn, in, out) to w unless it is there; 0 or -1 (OOM). */
static int hp_want_shape(struct hp_want *w, uint32_t fn, uint64_t in, uint64_t out)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->shapes[i].fn == fn && w->shapes[i].in_bits == in && w->shapes[i].out_bits == out)
			return 0;
	struct hp_cost *grown = hp_grow(w->shapes, &w->cap, w->n, sizeof *grown, 16);
	if (!grown)
		return -1;
	w->shapes = grown;
	memset(&w->shapes[w->n], 0, sizeof w->shapes[w->n]);
	w->shapes[w->n].fn = fn;
	w->shapes[w->n].in_bits = in;
	w->shapes[w->n].out_bits = out;
	w->n++;
	return 0;
}

/* The subject of a candidate, and of an instance's placeholder, in c's
 * table: the keys (and, for the cache, versions) they are kept under. */
static void hp_subject_keys(const struct hp_candidate *cand, const struct hp_instance *inst, int placeholder,
			    char key[96], char version[32])
{
	if (placeholder) {
		snprintf(key, 96, "placeholder@%s", inst->name);
		hp_costs_file_version(inst->path, version, 32);
	} else {
		snprintf(key, 96, "%s", cand->name);
		if (cand->path[0])
			hp_costs_file_version(cand->path, version, 32);
		else
			snprintf(version, 32, "built in");
	}
}

/* The subject of key in the table, for projecting: a fixed table's as it
 * is (a placeholder's falling back on "placeholder"), the cache's of the
 * right version only. */
static const struct hp_cost_subject *hp_costs_subject(const struct hp_costs *c, const char *key, const char *version)
{
	const struct hp_cost_subject *s = hp_cost_subject_find(&c->t, key);

	if (c->fixed)
		return s ? s : !strncmp(key, "placeholder@", 12) ? hp_cost_subject_find(&c->t, "placeholder") : NULL;
	return s && !strcmp(s->version, version) ? s : NULL;
}

/* The arm of candidate name in r, added (projected only) with add; NULL. */
static struct hp_result_arm *hp_arm_of(struct hp_result *r, const struct hp_candidate *cand, int add)
{
	for (size_t i = 0; i < hp_arms_c(r)->narms; i++)
		if (!strcmp(hp_arms_c(r)->arms[i].name, cand->name))
			return &hp_arms_c(r)->arms[i];
	if (!add || hp_result_add_arm(r, cand->name, cand->helpers, NULL) != 0)
		return NULL;
	return &hp_arms_c(r)->arms[hp_arms_c(r)->narms - 1];
}

/* Collect, for every row and candidate, the shapes the table lacks. */
static int hp_costs_wants(struct hp_costs *c, struct hp_result *rows, size_t nrows, const struct hp_candidate *cands,
			  size_t ncands, struct hp_instance *insts, int *found, struct hp_wants *ws)
{
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		if (r->status != HP_STATUS_OK || !found[i])
			continue;
		for (size_t k = 0; k < ncands; k++) {
			for (int ph = 0; ph < 2; ph++) {
				char key[96], version[32];
				const struct hp_cost_subject *s;
				struct hp_want *w = NULL;
				hp_subject_keys(&cands[k], &insts[i], ph, key, version);
				s = hp_costs_subject(c, key, version);
				for (size_t j = 0; j < r->nshapes; j++) {
					const struct hp_result_shape *sh = &r->shapes[j];
					if (!(cands[k].helpers & HP_TAPE_BIT(sh->fn)) || !(sh->calls + sh->nested) ||
					    hp_cost_find(s, sh->fn, sh->in_bits, sh->out_bits))
						continue;
					if (!w && !(w = hp_want_of(ws, key, version, ph ? NULL : &cands[k],
								   ph ? &insts[i] : NULL)))
						return -1;
					if (hp_want_shape(w, sh->fn, sh->in_bits, sh->out_bits) != 0)
						return -1;
				}
			}
		}
	}
	return 0;
}

/* Measure what the wants need (a child per subject) into the table. */
static void hp_costs_measure(struct hp_costs *c, struct hp_wants *ws, const struct hp_options *o)
{
	for (size_t i = 0; i < ws->n; i++) {
		struct hp_want *w = &ws->w[i];
		struct hp_cost_subject *s = hp_cost_subject_get(&c->t, w->key, w->version);
		if (!s) {
			snprintf(w->error, sizeof w->error, "out of memory");
			continue;
		}
		if (hp_hashcost_measure(w->cand, w->cand ? NULL : &w->inst, w->shapes, w->n, o, s, w->error,
					sizeof w->error) == 0)
			c->dirty = 1;
	}
}

/* The failed micro-benchmark of key, or NULL. */
static const char *hp_costs_error(const struct hp_wants *ws, const char *key)
{
	for (size_t i = 0; i < ws->n; i++)
		if (!strcmp(ws->w[i].key, key) && ws->w[i].error[0])
			return ws->w[i].error;
	return NULL;
}

size_t hp_costs_project(struct hp_costs *c, struct hp_result *rows, size_t nrows, const struct hp_candidate *cands,
			size_t ncands, const struct hp_options *o, int add_arms, int raw)
{
	struct hp_instance *insts = calloc(nrows ? nrows : 1, sizeof *insts);
	int *found = calloc(nrows ? nrows : 1, sizeof *found);
	struct hp_wants ws = { 0 };
	size_t failed = 0;

	for (size_t i = 0; insts && found && i < nrows; i++)
		found[i] = rows[i].status == HP_STATUS_OK &&
			   hp_instance_find_recorded(rows[i].instance, rows[i].path, NULL, &insts[i]) == 0;
	if (!insts || !found || hp_costs_wants(c, rows, nrows, cands, ncands, insts, found, &ws) != 0) {
		for (size_t i = 0; i < nrows; i++)
			for (size_t k = 0; k < ncands; k++) {
				struct hp_result_arm *a = hp_arm_of(&rows[i], &cands[k], add_arms);
				if (a)
					snprintf(a->projection_note, sizeof a->projection_note, "out of memory");
				failed += a != NULL;
			}
		goto out;
	}
	if (!c->fixed && !c->readonly)
		hp_costs_measure(c, &ws, o);
	for (size_t i = 0; i < nrows; i++) {
		struct hp_result *r = &rows[i];
		for (size_t k = 0; k < ncands; k++) {
			struct hp_result_arm *a = hp_arm_of(r, &cands[k], add_arms && r->status == HP_STATUS_OK);
			char pkey[96], pver[32], ckey[96], cver[32], why[320];
			const char *e;
			struct hp_projection p;
			if (!a)
				continue;
			a->projected = 0;
			if (r->status != HP_STATUS_OK) {
				snprintf(a->projection_note, sizeof a->projection_note, "the row failed");
				failed++;
				continue;
			}
			if (!found[i] && !c->fixed) {
				snprintf(a->projection_note, sizeof a->projection_note,
					 "instance %s is not here: its placeholder's costs cannot be measured",
					 r->instance);
				failed++;
				continue;
			}
			if (!found[i])
				snprintf(insts[i].name, sizeof insts[i].name, "%s", r->instance);
			hp_subject_keys(&cands[k], &insts[i], 1, pkey, pver);
			hp_subject_keys(&cands[k], &insts[i], 0, ckey, cver);
			if ((e = hp_costs_error(&ws, pkey)) || (e = hp_costs_error(&ws, ckey))) {
				snprintf(a->projection_note, sizeof a->projection_note, "%.500s", e);
				failed++;
			} else if (hp_project(r, cands[k].helpers, hp_costs_subject(c, pkey, pver),
					      hp_costs_subject(c, ckey, cver), &c->t.machine, raw, &p, why,
					      sizeof why) != 0) {
				snprintf(a->projection_note, sizeof a->projection_note, "%.300s%s%.300s", why,
					 c->fixed ? " in " : "", c->fixed ? c->path : "");
				failed++;
			} else {
				a->projected = 1;
				a->projected_ticks = p.ticks_per_op;
				a->projection_note[0] = '\0';
			}
		}
	}
out:
	for (size_t i = 0; i < ws.n; i++)
		free(ws.w[i].shapes);
	free(ws.w);
	free(insts);
	free(found);
	return failed;
}
