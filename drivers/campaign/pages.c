/*
 * pages.c - what a campaign publishes (see campaign.h): one markdown page
 * per candidate, OUT/pages/CANDIDATE.md, with the "Symmetric primitives"
 * section in the published shape (the KAT status of each instance, the
 * table exactly as `hashprof --format=md` prints it, so that `hashprof
 * check --published` reads it, and the notes: what --wrap cannot see,
 * what failed), and OUT/index.md, every folder of the plan with its
 * build, KAT, operations profiled, status and one-line reason.
 *
 * Everything comes from the folders' state files and the records; the
 * table is rendered by prof/report/report.c from the records, so its figures are
 * recomputed from the call tables like `hashprof report`'s.  A file whose
 * text is unchanged is not rewritten: a campaign that had nothing to do
 * touches nothing.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "instance.h"
#include "check/page_match.h"
#include "record/record_io.h"
#include "report/report.h"

/* A folder's state, read once. */
struct hp_fstate {
	const struct hp_folder *f;
	struct hp_unit_build b;
	struct hp_unit_profile p;
	int outdated; /* the profile was made for other inputs (procedure options, the .so, hashprof) */
	const char *status; /* "profiled", "failed", "not run" */
	char reason[HP_CAMPAIGN_REASON];
	char log[PATH_MAX]; /* relative to OUT: the log that says more; "" none */
	size_t ok; /* operations profiled */
	/* --published: its rows beside the pages' (hp_page_beside) */
	size_t pub_rows, pub_exact, pub_repro, pub_differ;
	double pub_max_pp; /* the largest share difference, either share, percentage points */
};

/* --published: the instances built, for matching the pages' names. */
struct hp_pubctx {
	struct hp_instance *insts; /* one per built folder */
	size_t n;
};

/* The folder's status and reason from its state. */
static void hp_fstate_judge(struct hp_fstate *s)
{
	size_t failed = 0, pending = 0, not_run = 0;
	const struct hp_unit_op *first = NULL, *first_not_run = NULL;

	s->status = "not run";
	s->reason[0] = s->log[0] = '\0';
	if (!s->b.present) {
		hp_fmt(s->reason, sizeof s->reason, "not built yet");
		return;
	}
	if (strcmp(s->b.status, "built")) {
		/* "not run": the machine's cause (whose.h), which the next run retries */
		s->status = !strcmp(s->b.status, "not run") ? "not run" : "failed";
		hp_fmt(s->reason, sizeof s->reason, "%s", s->b.reason);
		hp_fmt(s->log, sizeof s->log, "%s", s->b.log);
		return;
	}
	if (!s->p.present) {
		hp_fmt(s->reason, sizeof s->reason, "built, not profiled yet");
		return;
	}
	if (s->outdated) {
		/* the next run redoes it (engine.c: not fresh), like a profile
		 * interrupted halfway; its records are another procedure's */
		hp_fmt(s->reason, sizeof s->reason,
		       "not profiled again yet since its procedure options, build or hashprof changed (the earlier "
		       "profile's rows are left out)");
		return;
	}
	if (s->p.reason[0]) {
		s->status = s->p.not_run ? "not run" : "failed";
		hp_fmt(s->reason, sizeof s->reason, "not profiled: %s", s->p.reason);
		return;
	}
	for (size_t i = 0; i < s->p.nops; i++) {
		const struct hp_unit_op *u = &s->p.ops[i];
		if (!strcmp(u->status, "profiled"))
			s->ok++;
		else if (!strcmp(u->status, "pending"))
			pending++;
		else if (!strcmp(u->status, "not run") && !not_run++)
			first_not_run = u;
		else if (strcmp(u->status, "not run") && !failed++)
			first = u;
	}
	if (first_not_run) {
		/* the machine's cause: no verdict yet, whatever the others did */
		hp_fmt(s->reason, sizeof s->reason, "%s", first_not_run->reason);
		if (not_run > 1) {
			size_t n = strlen(s->reason);
			hp_fmt(s->reason + n, sizeof s->reason - n, " (and %zu more operation%s not run)", not_run - 1,
			       not_run > 2 ? "s" : "");
		}
		hp_fmt(s->log, sizeof s->log, "units/%s/%s.log", s->f->key, first_not_run->op);
	} else if (first) {
		s->status = "failed";
		hp_fmt(s->reason, sizeof s->reason, "%s", first->reason);
		if (failed > 1) {
			size_t n = strlen(s->reason);
			hp_fmt(s->reason + n, sizeof s->reason - n, " (and %zu more operation%s)", failed - 1,
			       failed > 2 ? "s" : "");
		}
		hp_fmt(s->log, sizeof s->log, "units/%s/%s.log", s->f->key, first->op);
	} else if (pending) {
		hp_fmt(s->reason, sizeof s->reason, "%zu of %zu operations not profiled yet", pending, s->p.nops);
		return;
	} else if (!strcmp(s->b.kat, "fail")) {
		s->status = "failed";
		hp_fmt(s->reason, sizeof s->reason, "the KAT failed: %s", s->b.kat_detail);
		hp_fmt(s->log, sizeof s->log, "%s", s->b.log);
	} else {
		s->status = "profiled";
	}
}

/* s as one markdown table cell: '|' escaped, line ends made blanks. */
static void hp_md_cell(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
}

/* The longest run of backquotes in s. */
static size_t hp_backquote_run(const char *s)
{
	size_t longest = 0, run = 0;

	for (; *s; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	return longest;
}

/* Does s need a blank inside each delimiter of its code span?  One that
 * begins or ends with a backquote would join the delimiter, and one that
 * begins and ends with a blank would lose them (CommonMark strips one
 * blank from each end then). */
static int hp_code_padded(const char *s)
{
	size_t n = strlen(s), blanks = strspn(s, " ");

	if (!n)
		return 0;
	return s[0] == '`' || s[n - 1] == '`' || (s[0] == ' ' && s[n - 1] == ' ' && blanks < n);
}

/* s (a folder's path, an instance's name) as one markdown code span:
 * delimited by one backquote more than its longest run of them
 * (CommonMark, code spans), so that a folder named with backquotes stays
 * one span, blanks inside the delimiters when hp_code_padded says so.
 * cell: inside a table row, where '|' must be escaped even in a span
 * (GFM tables).  Line ends become blanks (a table row or a list item
 * would end at them). */
static void hp_md_code(FILE *out, const char *s, int cell)
{
	size_t ticks = hp_backquote_run(s) + 1;
	int pad = hp_code_padded(s);

	for (size_t i = 0; i < ticks; i++)
		fputc('`', out);
	if (pad)
		fputc(' ', out);
	for (; *s; s++) {
		if (cell && *s == '|')
			fputs("\\|", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
	if (pad)
		fputc(' ', out);
	for (size_t i = 0; i < ticks; i++)
		fputc('`', out);
}

/* Write text to path unless the file already holds exactly that.
 * Returns 1 written, 0 unchanged, -1 failed (one line on stderr). */
static int hp_write_if_changed(const char *path, const char *text, size_t len)
{
	size_t old_len;
	char *old = hp_util_read_file(path, 0, &old_len), err[1024];
	int same = old && old_len == len && !memcmp(old, text, len);

	free(old);
	if (same)
		return 0;
	if (hp_util_write_file(path, text, len, "pages", err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: campaign: %s\n", err);
		return -1;
	}
	return 1;
}

/* ---------- a candidate's page ---------- */

/* The rows of the candidate's folders (states st[0..n)), from their
 * records, in folder and operation order, into set; none of an outdated
 * profile (another procedure's rows would pass for this campaign's).  An
 * operation whose record cannot be read is a note. */
static void hp_page_rows(const char *out, struct hp_fstate *const *st, size_t n, struct hp_record_set *set, FILE *notes)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; st[i]->p.present && !st[i]->outdated && k < st[i]->p.nops; k++) {
			const struct hp_unit_op *u = &st[i]->p.ops[k];
			char path[PATH_MAX], err[HP_RECORD_ERR_MAX];
			if (!u->record[0]) {
				if (!strcmp(u->status, "failed")) {
					fputs("- ", notes);
					hp_md_code(notes, st[i]->b.instance, 0);
					fprintf(notes, " %s: failed, no record: ", u->op);
					hp_md_cell(notes, u->reason);
					fputc('\n', notes);
				}
				continue;
			}
			hp_fmt(path, sizeof path, "%s/%s", out, u->record);
			if (hp_record_load(path, set, err, sizeof err) < 0) {
				fputs("- ", notes);
				hp_md_code(notes, st[i]->b.instance, 0);
				fprintf(notes, " %s: record not read: ", u->op);
				hp_md_cell(notes, err);
				fputc('\n', notes);
			}
		}
}

/* The run description of the first row that has one, as a sentence. */
static void hp_page_measured_on(const struct hp_record_set *set, FILE *out)
{
	for (size_t i = 0; i < set->n; i++) {
		const json_t *run = set->rows[i].run;
		const char *cpu = json_string_value(json_object_get(run, "cpu"));
		const char *kernel = json_string_value(json_object_get(run, "kernel"));
		const char *version = json_string_value(json_object_get(run, "hashprof"));
		if (!cpu)
			continue;
		fprintf(out, "Measured on %s (%s) by hashprof %s, one process per instance and operation", cpu,
			kernel ? kernel : "?", version ? version : "?");
		if (set->rows[i].r.iterations)
			fprintf(out, ", %llu operations per row (%s)", (unsigned long long)set->rows[i].r.iterations,
				set->rows[i].r.planned ? "planned from a calibration call" : "-n");
		fputs(".\n\n", out);
		return;
	}
}

/* A share difference as a cell: "+5.5 pp (30% → 35.5%)". */
static void hp_pp_cell(FILE *out, double pp, const char *published, double ours_pct)
{
	fprintf(out, "%+.1f pp (%s \xe2\x86\x92 %.1f%%)", pp, published, ours_pct);
}

/* The last component of a path. */
static const char *hp_page_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * --published: each row of set beside the published row of its instance
 * and operation (beside.c), one table line each, then the matches made by
 * another rule than the exact name; counted into the folders' states.
 */
static void hp_page_beside(FILE *out, const struct hp_campaign *c, const struct hp_pubctx *pc,
			   struct hp_fstate *const *st, size_t n, const struct hp_record_set *set)
{
	char *matches = NULL;
	size_t mlen = 0;
	FILE *m = open_memstream(&matches, &mlen);

	fprintf(out,
		"### Beside the published figures\n\n"
		"%zu published row%s of %zu page%s (--published); calls at the printed 3 significant digits "
		"(exact, reproduced at N: a mean of N operations of this row prints as published, or differ), "
		"shares as ours minus published, uncorrected as published, in percentage points.\n\n"
		"| instance | operation | published as | calls | hash share | DRNG share |\n"
		"|---|---|---|---|---|---|\n",
		c->published->rows, c->published->rows == 1 ? "" : "s", c->published->npages,
		c->published->npages == 1 ? "" : "s");
	for (size_t i = 0; i < set->n; i++) {
		const struct hp_result *r = &set->rows[i].r;
		const struct hp_published_row *p;
		const char *page;
		char why[PATH_MAX + 64], cell[HP_CAMPAIGN_REASON];
		struct hp_fstate *f = NULL;
		size_t which = pc->n;
		int how;
		for (size_t k = 0; k < pc->n && which == pc->n; k++)
			if (!strcmp(pc->insts[k].name, r->instance))
				which = k;
		for (size_t k = 0; k < n && !f; k++)
			if (!strcmp(st[k]->b.instance, r->instance))
				f = st[k];
		fputs("| ", out);
		hp_md_code(out, r->instance, 1);
		fprintf(out, " | %s | ", r->operation);
		how = which < pc->n && r->status == HP_STATUS_OK
			      ? hp_beside_find(c->published, pc->insts, pc->n, which, r->operation, &p, &page, why,
					       sizeof why)
			      : -1;
		if (how < 0) {
			fputs(r->status == HP_STATUS_OK ? "not on the pages | - | - | - |\n"
							: "- | failed here | - | - |\n",
			      out);
			continue;
		}
		double hpp, dpp;
		enum hp_beside_calls v = hp_beside_compare(p, r, cell, sizeof cell, &hpp, &dpp);
		hp_md_code(out, p->instance, 1);
		fprintf(out, " (%s:%u) | ", hp_page_base(page), p->line);
		hp_md_cell(out, cell);
		fputs(" | ", out);
		hp_pp_cell(out, hpp, p->hash_text, p->hash_pct + hpp);
		fputs(" | ", out);
		hp_pp_cell(out, dpp, p->drng_text, p->drng_pct + dpp);
		fputs(" |\n", out);
		if (f) {
			f->pub_rows++;
			f->pub_exact += v == HP_BESIDE_EXACT;
			f->pub_repro += v == HP_BESIDE_REPRODUCED;
			f->pub_differ += v == HP_BESIDE_DIFFER;
			if (fabs(hpp) > f->pub_max_pp)
				f->pub_max_pp = fabs(hpp);
			if (fabs(dpp) > f->pub_max_pp)
				f->pub_max_pp = fabs(dpp);
		}
		/* once per name */
		if (how == 1 && m && !(matches && mlen && strstr(matches, p->instance))) {
			fputs("- ", m);
			hp_md_code(m, p->instance, 0);
			fputs(" of the pages is ", m);
			hp_md_code(m, r->instance, 0);
			fputs(" here: ", m);
			hp_md_cell(m, why);
			fputc('\n', m);
			fflush(m);
		}
	}
	if (m) {
		fclose(m);
		if (mlen)
			fprintf(out, "\nMatched by another name:\n\n%s", matches);
	}
	free(matches);
	fputc('\n', out);
}

/* The build warnings of what --wrap cannot see, "; "-separated, from all of
 * them (warnings): the KAT's failure, which the build records among its
 * warnings, is left out (it has a note of its own). */
static void hp_wrap_warnings(const char *warnings, char *buf, size_t len)
{
	static const char kat[] = "the KAT failed";
	size_t used = 0;

	buf[0] = '\0';
	for (const char *p = warnings; *p;) {
		const char *end = strstr(p, "; ");
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (strncmp(p, kat, sizeof kat - 1) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%.*s", used ? "; " : "", (int)n, p);
		p += n + (end ? 2 : 0);
	}
}

static int hp_page_write(const struct hp_campaign *c, const struct hp_pubctx *pc, const char *candidate,
			 struct hp_fstate *const *st, size_t n, struct hp_summary *sum)
{
	struct hp_record_set set;
	struct hp_result *rows = NULL;
	char *text = NULL, *notes_text = NULL, path[PATH_MAX], hidden[512];
	size_t len = 0, notes_len = 0;
	FILE *out = open_memstream(&text, &len), *notes = open_memstream(&notes_text, &notes_len);
	int rc;

	if (!out || !notes) {
		if (out)
			fclose(out);
		if (notes)
			fclose(notes);
		free(text);
		free(notes_text);
		fprintf(stderr, "hashprof: campaign: out of memory\n");
		sum->unwritten++;
		return -1;
	}
	hp_record_set_init(&set);
	hp_page_rows(c->out, st, n, &set, notes);
	fprintf(out, "# %s\n\n", candidate);
	fprintf(out,
		"<!-- Written by hashprof campaign from ../records/%s/ and the state of its folders; "
		"hashprof campaign rewrites it. -->\n\n",
		candidate);
	fprintf(out, "Tier: %s. Folders:", hp_tier_name(c->tier));
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ", " : " ", out);
		hp_md_code(out, st[i]->f->rel, 0);
	}
	fputs(".\n\n", out);
	hp_page_measured_on(&set, out);
	fputs("## Symmetric primitives\n\nKAT:\n\n", out);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(st[i]->b.status, "built"))
			continue;
		fputs("- ", out);
		hp_md_code(out, st[i]->b.instance, 0);
		fprintf(out, ": %s", st[i]->b.kat);
		if (st[i]->b.kat_detail[0]) {
			fputs(" (", out);
			hp_md_cell(out, st[i]->b.kat_detail);
			fputc(')', out);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
	if (set.n && (rows = calloc(set.n, sizeof *rows))) {
		for (size_t i = 0; i < set.n; i++)
			rows[i] = set.rows[i].r; /* shallow: the set keeps owning the shapes */
		hp_report_configure(0, 2.0);
		hp_report_print(out, HP_FORMAT_MD, rows, set.n, NULL);
		free(rows);
		fputc('\n', out);
		if (pc)
			hp_page_beside(out, c, pc, st, n, &set);
	} else {
		fputs("No operation of this candidate was profiled.\n\n", out);
	}
	fputs("Notes:\n\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct hp_fstate *s = st[i];
		if (!s->b.present || strcmp(s->b.status, "built")) {
			fputs("- ", out);
			hp_md_code(out, s->f->rel, 0);
			fprintf(out, ": %s: ",
				!s->b.present                     ? "not run yet"
				: !strcmp(s->b.status, "not run") ? "not run"
								  : "not built");
			hp_md_cell(out, s->b.present ? s->b.reason : "the campaign has not built it yet");
			fputc('\n', out);
			continue;
		}
		hp_wrap_warnings(s->b.warnings, hidden, sizeof hidden);
		if (hidden[0]) {
			fputs("- ", out);
			hp_md_code(out, s->b.instance, 0);
			fputs(": what --wrap cannot see: ", out);
			hp_md_cell(out, hidden);
			fputc('\n', out);
		} else {
			fputs("- ", out);
			hp_md_code(out, s->b.instance, 0);
			fputs(": its build found no helper call hidden from --wrap (none inside the object that "
			      "defines the helper, no LTO object, helpers called)\n",
			      out);
		}
		if (!strcmp(s->b.kat, "fail")) {
			fputs("- ", out);
			hp_md_code(out, s->b.instance, 0);
			fputs(": the KAT failed", out);
			if (s->b.kat_detail[0]) {
				fputs(" (", out);
				hp_md_cell(out, s->b.kat_detail);
				fputc(')', out);
			}
			fputs(": its rows may not measure the scheme's code\n", out);
		}
		if (!strcmp(s->status, "failed") || !strcmp(s->status, "not run")) {
			fputs("- ", out);
			hp_md_code(out, s->b.instance, 0);
			fprintf(out, ": %s: ", s->status);
			hp_md_cell(out, s->reason);
			fputc('\n', out);
		}
	}
	fclose(notes);
	fputs(notes_text, out);
	free(notes_text);
	fclose(out);
	hp_record_set_free(&set);
	hp_fmt(path, sizeof path, "%s/pages/%s.md", c->out, candidate);
	rc = hp_write_if_changed(path, text, len);
	free(text);
	if (rc < 0)
		sum->unwritten++;
	else
		sum->written += (size_t)rc, sum->pages++;
	return rc < 0 ? -1 : 0;
}

/* ---------- the index ---------- */

static int hp_index_write(const struct hp_campaign *c, struct hp_fstate *st, size_t n, size_t other_tiers,
			  struct hp_summary *sum)
{
	char *text = NULL, path[PATH_MAX];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	int rc;

	if (!out) {
		fprintf(stderr, "hashprof: campaign: out of memory\n");
		sum->unwritten++;
		return -1;
	}
	fprintf(out, "# hashprof campaign: %s\n\n", c->root);
	fprintf(out, "%s it rewrites this file. -->\n\n", HP_INDEX_MARK);
	fprintf(out, "Tier %s: %zu instance folders, %zu profiled, %zu failed, %zu not run.", hp_tier_name(c->tier),
		sum->folders, sum->profiled, sum->failed, sum->not_run);
	if (other_tiers)
		fprintf(out, " %zu folder%s of other tiers not selected (--tier).", other_tiers,
			other_tiers == 1 ? "" : "s");
	fputs("\n\nPages:", out);
	for (size_t i = 0, shown = 0; i < n; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(st[k].f->candidate, st[i].f->candidate);
		if (!seen)
			fprintf(out, "%s [%s](pages/%s.md)", shown++ ? "," : "", st[i].f->candidate,
				st[i].f->candidate);
	}
	fputs(". Records: records/CANDIDATE/INSTANCE__OPERATION.json.\n\n", out);
	if (c->published)
		fprintf(out,
			"Published: %zu rows of %zu pages (--published) beside each folder's (calls exact, "
			"reproduced at N or differ; the largest share difference in percentage points).\n\n",
			c->published->rows, c->published->npages);
	fputs(c->published ? "| folder | candidate | instance | kind | build | KAT | operations | status | reason | "
			     "log | published |\n"
			     "|---|---|---|---|---|---|---|---|---|---|---|\n"
			   : "| folder | candidate | instance | kind | build | KAT | operations | status | reason | "
			     "log |\n"
			     "|---|---|---|---|---|---|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < n; i++) {
		const struct hp_fstate *s = &st[i];
		int built = s->b.present && !strcmp(s->b.status, "built");
		fputs("| ", out);
		hp_md_code(out, s->f->rel, 1);
		fprintf(out, " | [%s](pages/%s.md) | ", s->f->candidate, s->f->candidate);
		if (built)
			hp_md_code(out, s->b.instance, 1);
		else
			fputs("-", out);
		fprintf(out, " | %s | %s | %s | ", built ? s->b.kind : (s->f->kind[0] ? s->f->kind : "-"),
			s->b.present ? s->b.status : "not run", built ? s->b.kat : "-");
		if (built && s->p.present && !s->p.reason[0] && !s->outdated)
			fprintf(out, "%zu/%zu", s->ok, s->p.nops);
		else
			fputs("-", out);
		fprintf(out, " | %s | ", s->status);
		hp_md_cell(out, s->reason);
		fputs(" | ", out);
		if (s->log[0])
			fprintf(out, "[log](%s)", s->log);
		if (c->published && s->pub_rows)
			fprintf(out,
				" | %zu row%s: %zu exact, %zu reproduced at N, %zu differ; largest share difference "
				"%.1f pp",
				s->pub_rows, s->pub_rows == 1 ? "" : "s", s->pub_exact, s->pub_repro, s->pub_differ,
				s->pub_max_pp);
		else if (c->published)
			fputs(" | not on the pages", out);
		fputs(" |\n", out);
	}
	fclose(out);
	hp_fmt(path, sizeof path, "%s/index.md", c->out);
	rc = hp_write_if_changed(path, text, len);
	free(text);
	if (rc < 0)
		sum->unwritten++;
	else
		sum->written += (size_t)rc, sum->index = 1;
	return rc < 0 ? -1 : 0;
}

/* By candidate, then folder (qsort is not stable: the folder decides). */
static int hp_fstate_cmp(const void *a, const void *b)
{
	const struct hp_fstate *x = *(struct hp_fstate *const *)a, *y = *(struct hp_fstate *const *)b;
	int c = strcmp(x->f->candidate, y->f->candidate);

	return c ? c : strcmp(x->f->rel, y->f->rel);
}

int hp_campaign_collect(const struct hp_campaign *c, const struct hp_folders *fs, size_t other_tiers,
			struct hp_summary *sum)
{
	struct hp_fstate *st = calloc(fs->n + 1, sizeof *st), **by_candidate;
	struct hp_pubctx pc = { NULL, 0 };
	char dir[PATH_MAX];

	memset(sum, 0, sizeof *sum);
	if (!st) {
		fprintf(stderr, "hashprof: campaign: out of memory\n");
		sum->unwritten++;
		return 3;
	}
	sum->folders = fs->n;
	for (size_t i = 0; i < fs->n; i++) {
		st[i].f = &fs->v[i];
		hp_unit_build_load(c->out, fs->v[i].key, &st[i].b);
		hp_unit_profile_load(c->out, fs->v[i].key, &st[i].p);
		st[i].outdated = st[i].b.present && !strcmp(st[i].b.status, "built") && st[i].p.present &&
				 st[i].p.inputs != hp_campaign_profile_inputs(c, st[i].b.so_hash);
		hp_fstate_judge(&st[i]);
		if (!strcmp(st[i].status, "profiled"))
			sum->profiled++;
		else if (!strcmp(st[i].status, "failed"))
			sum->failed++;
		else
			sum->not_run++;
	}
	if (c->published && (pc.insts = calloc(fs->n + 1, sizeof *pc.insts)))
		for (size_t i = 0; i < fs->n; i++) {
			/* the built instances, named and from their folders, as check matches them */
			struct hp_instance *in = &pc.insts[pc.n];
			if (!st[i].b.present || strcmp(st[i].b.status, "built"))
				continue;
			hp_fmt(in->name, sizeof in->name, "%s", st[i].b.instance);
			hp_fmt(in->kind, sizeof in->kind, "%s", st[i].b.kind);
			hp_fmt(in->origin, sizeof in->origin, "%s", fs->v[i].abs);
			pc.n++;
		}
	hp_fmt(dir, sizeof dir, "%s/pages", c->out);
	if (hp_mkdirs(dir) != 0) {
		fprintf(stderr, "hashprof: campaign: cannot create %s: %s\n", dir, strerror(errno));
		sum->unwritten++;
	} else if ((by_candidate = calloc(fs->n + 1, sizeof *by_candidate))) {
		/* a candidate's folders, in path order, for its page */
		for (size_t i = 0; i < fs->n; i++)
			by_candidate[i] = &st[i];
		if (fs->n)
			qsort(by_candidate, fs->n, sizeof *by_candidate, hp_fstate_cmp);
		for (size_t i = 0, j; i < fs->n; i = j) {
			for (j = i + 1;
			     j < fs->n && !strcmp(by_candidate[j]->f->candidate, by_candidate[i]->f->candidate); j++)
				;
			sum->candidates++;
			hp_page_write(c, c->published ? &pc : NULL, by_candidate[i]->f->candidate, by_candidate + i,
				      j - i, sum);
		}
		free(by_candidate);
	} else {
		fprintf(stderr, "hashprof: campaign: out of memory\n");
		sum->unwritten++;
	}
	hp_index_write(c, st, fs->n, other_tiers, sum);
	free(pc.insts);
	free(st);
	return sum->unwritten ? 3 : 0;
}
