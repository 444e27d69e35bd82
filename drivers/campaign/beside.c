/*
 * beside.c - `campaign --published=PAGES`: the published pages' rows
 * (prof/record/published.c) beside the campaign's own, for the candidate pages
 * and the index (pages.c).  A published row is matched to a folder's
 * instance as `check --published` matches it (page_match.h: the name,
 * normalised, without a build suffix, the folder built), its operation
 * as the pages name it (enc, dec).  Each pair gives the calls as exact
 * (every helper's mean prints as published at 3 digits), reproduced at N
 * (a fractional mean that some N <= the row's own operations prints as
 * published: reproduce.h, from the record's per-iteration counts) or
 * differ, and the shares as differences in percentage points.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign.h"
#include "check/page_match.h"
#include "periter/reproduce.h"
#include "measure/shares.h"
#include "periter/part.h"

/* Add the page at path to s: 0 added or skipped (a page of no such table,
 * when quiet_if_none), -1 with err. */
static int hp_beside_add(struct hp_beside *s, const char *path, int quiet_if_none, char *err, size_t errlen)
{
	struct hp_published p;
	struct hp_beside_page *v;

	if (hp_published_load(path, &p, err, errlen) < 0) {
		/* a folder of pages holds an index and rankings too */
		return quiet_if_none && strstr(err, ": no 'Symmetric primitives' table") ? 0 : -1;
	}
	if (!(v = realloc(s->pages, (s->npages + 1) * sizeof *v))) {
		hp_published_free(&p);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	s->pages = v;
	v[s->npages].page = p;
	snprintf(v[s->npages].path, sizeof v[s->npages].path, "%s", path);
	s->npages++;
	s->rows += p.n;
	return 0;
}

static int hp_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int hp_beside_load(const char *arg, struct hp_beside *s, char *err, size_t errlen)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;
	int rc = 0;

	memset(s, 0, sizeof *s);
	if (stat(arg, &st) != 0) {
		snprintf(err, errlen, "--published: %s: %s", arg, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (hp_beside_add(s, arg, 0, err, errlen) != 0)
			return -1;
		return 0;
	}
	if (!(d = opendir(arg))) {
		snprintf(err, errlen, "--published: %s: %s", arg, strerror(errno));
		return -1;
	}
	/* the *.md files of the folder, in name order (not below it: a
	 * system's pages are one folder) */
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char **nv;
		if (e->d_name[0] == '.' || len < 4 || strcmp(e->d_name + len - 3, ".md"))
			continue;
		if (!(nv = realloc(names, (n + 1) * sizeof *nv)) || !(nv[n] = strdup(e->d_name))) {
			names = nv ? nv : names;
			rc = -1;
			snprintf(err, errlen, "--published: out of memory");
			break;
		}
		names = nv;
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, hp_name_cmp);
	for (size_t i = 0; i < n && !rc; i++) {
		char path[PATH_MAX];
		hp_fmt(path, sizeof path, "%s/%s", arg, names[i]);
		rc = hp_beside_add(s, path, 1, err, errlen);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (!rc && !s->npages) {
		snprintf(err, errlen, "--published: %s holds no page with a 'Symmetric primitives' table", arg);
		rc = -1;
	}
	if (rc)
		hp_beside_free(s);
	return rc;
}

void hp_beside_free(struct hp_beside *s)
{
	for (size_t i = 0; i < s->npages; i++)
		hp_published_free(&s->pages[i].page);
	free(s->pages);
	memset(s, 0, sizeof *s);
}

int hp_beside_find(const struct hp_beside *s, const struct hp_instance *all, size_t n, size_t which, const char *op,
		   const struct hp_published_row **row, const char **page, char *why, size_t whylen)
{
	for (size_t k = 0; k < s->npages; k++)
		for (size_t i = 0; i < s->pages[k].page.n; i++) {
			const struct hp_published_row *p = &s->pages[k].page.rows[i];
			size_t idx = 0;
			enum hp_page_how how = hp_page_match(p->instance, all, n, NULL, &idx, why, whylen);
			if (how == HP_PAGE_AMBIGUOUS || how == HP_PAGE_NONE || idx != which ||
			    strcmp(hp_published_operation(all[which].kind, p->operation), op))
				continue;
			*row = p;
			*page = s->pages[k].path;
			return how == HP_PAGE_EXACT ? 0 : 1;
		}
	return -1;
}

/* Mean per operation; 0 for a row without operations. */
static double hp_mean_of(uint64_t calls, uint64_t ops)
{
	return ops ? (double)calls / (double)ops : 0.0;
}

enum hp_beside_calls hp_beside_compare(const struct hp_published_row *p, const struct hp_result *r, char *cell,
				       size_t len, double *hash_pp, double *drng_pp)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_repro rp;
	struct hp_shares sh;
	size_t used = 0;
	int differ = 0;

	memset(&rp, 0, sizeof rp);
	hp_result_fn_totals(r, calls, nested, ticks);
	/* the pages' shares are uncorrected (method.md) */
	hp_shares_of_result(r, 1, &sh);
	*hash_pp = 100.0 * sh.hash - p->hash_pct;
	*drng_pp = 100.0 * sh.drng - p->drng_pct;
	cell[0] = '\0';
	for (unsigned fn = 0; fn < HP_FN_DRNG_INIT; fn++) {
		double mean = hp_mean_of(calls[fn], r->operations);
		if (hp_published_3g(mean) == hp_published_3g(p->calls[fn]))
			continue;
		/* a mean of a varying count: some N may print as published */
		if (p->calls_text[fn][0] && hp_per_op_c(r)->per_op &&
		    hp_reproduce_add(&rp, fn, p->calls[fn], p->calls_text[fn]) == 0)
			continue;
		differ = 1;
		if (used < len)
			used += (size_t)snprintf(cell + used, len - used, "%s%s %s \xe2\x86\x92 %.3g", used ? ", " : "",
						 hp_fn_label(fn), p->calls_text[fn][0] ? p->calls_text[fn] : "0", mean);
	}
	if (differ) {
		char tail[HP_CAMPAIGN_REASON];
		hp_fmt(tail, sizeof tail, "differ: %s", cell);
		hp_fmt(cell, len, "%s", tail);
		return HP_BESIDE_DIFFER;
	}
	if (!rp.nfn) {
		hp_fmt(cell, len, "exact");
		return HP_BESIDE_EXACT;
	}
	{
		char err[256], set[128];
		/* every fractional count at one N at least: the page's N */
		int found = hp_reproduce_row(r, 0, &rp, err, sizeof err) == 0 && hp_reproduce_all_found(&rp) &&
			    rp.all.count > 0;
		if (found) {
			hp_nset_format(&rp.all, 3, set, sizeof set);
			hp_fmt(cell, len, "reproduced at N = %s", set);
		} else {
			used = 0;
			for (size_t i = 0; i < rp.nfn && used < len; i++)
				used += (size_t)snprintf(cell + used, len - used, "%s%s %s \xe2\x86\x92 %.3g",
							 i ? ", " : "differ: ", hp_fn_label(rp.fn[i].fn), rp.fn[i].text,
							 hp_mean_of(calls[rp.fn[i].fn], r->operations));
		}
		hp_reproduce_free(&rp);
		return found ? HP_BESIDE_REPRODUCED : HP_BESIDE_DIFFER;
	}
}
