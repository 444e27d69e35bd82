/*
 * run_output.c - the run description and the record files of a run:
 * --record-dir DIR, a record as each row is measured, and --output
 * FILE.json, the run document at the end (see run_output.h, record_io.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "environment.h"
#include "output_file.h"
#include "record/record_io.h"
#include "report/report.h"
#include "run_output.h"

json_t *hp_run_meta(int argc, char **argv, const struct hp_options *o, const struct hp_instance *inst)
{
	json_t *meta = hp_environment_json(argc, argv, o);

	if (meta && inst)
		json_object_set_new(meta, "instance",
				    json_pack("{s:s, s:s, s:s, s:s, s:s}", "name", inst->name, "kind", inst->kind,
					      "origin", inst->origin, "cflags", inst->cflags, "path", inst->path));
	return meta;
}

/*
 * No file of the run overwrites another or a record: output, the name its
 * document takes when a row fails (FILE.failed.json), the others and
 * record_dir are different files, and none is a record in record_dir
 * (where a *.json file is also read back as one).  Returns 0, or -1 with
 * output_file.h's line in err.
 */
static int hp_run_outputs_apart(const char *output, const char *record_dir, const struct hp_output *others,
				size_t nothers, char *err, size_t errlen)
{
	struct hp_output outs[3 + HP_RUN_OTHERS_MAX] = { { "--output", output },
							 { "--output's failed-run document", NULL } };
	char failed[4200];
	size_t n = 2;

	if (output)
		outs[1].path = hp_record_failed_name(output, failed, sizeof failed);
	for (size_t i = 0; i < nothers && i < HP_RUN_OTHERS_MAX; i++)
		outs[n++] = others[i];
	/* last, so that the files in it are the n before it */
	outs[n++] = (struct hp_output){ "--record-dir", record_dir };
	if (hp_outputs_apart(outs, n, err, errlen) != 0)
		return -1;
	if (record_dir && hp_outputs_not_input(outs, n - 1, record_dir, "record", "--record-dir writes", err, errlen))
		return -1;
	return 0;
}

int hp_run_outputs_prepare(const char *output, const char *record_dir, const struct hp_output *others, size_t nothers,
			   char *err, size_t errlen)
{
	struct stat st;

	/* a folder says what it would have been for */
	if (output && output[0] && stat(output, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--output: %s is a folder (--record-dir writes one file per row)", output);
		return -1;
	}
	if (output && hp_output_check("--output", output, "records", err, errlen) != 0)
		return -1;
	/* before record_dir is made: a refused run leaves nothing behind */
	if (hp_run_outputs_apart(output, record_dir, others, nothers, err, errlen) != 0)
		return -1;
	if (record_dir && hp_record_prepare_dir(record_dir, err, errlen) != 0)
		return -1;
	/* the others' folders are made where they are checked */
	return hp_output_make_folder("--output", output, err, errlen);
}

/* The operations of the rows that failed (interrupted: those the interrupt
 * failed; else those that failed on their own) as "sign, verify"; how many. */
static size_t hp_failed_ops(const struct hp_result *rows, size_t nrows, int interrupted, char *buf, size_t len)
{
	size_t n = 0, used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].status != HP_STATUS_OK && !rows[i].interrupted == !interrupted) {
			if (used < len)
				used += (size_t)snprintf(buf + used, len - used, "%s%s", n ? ", " : "",
							 rows[i].operation);
			n++;
		}
	return n;
}

int hp_run_record_row(const char *record_dir, const struct hp_result *row, json_t *meta)
{
	char err[HP_RECORD_ERR_MAX], name[256], failed_name[300];

	if (hp_record_write_row(record_dir, row, meta, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: --record-dir: %s\n", err);
		return -1;
	}
	if (row->status != HP_STATUS_OK && !row->interrupted) {
		hp_record_file_name(row, name, sizeof name);
		fprintf(stderr,
			"hashprof: --record-dir %s: %s failed: recorded as %s (%s, if there, "
			"is left as it was)\n",
			record_dir, row->operation, hp_record_failed_name(name, failed_name, sizeof failed_name), name);
	}
	return 0;
}

/* Is rec (a record object) the row of instance inst, operation op? */
static int hp_is_row(const json_t *rec, const char *inst, const char *op)
{
	const char *i = json_string_value(json_object_get(rec, "instance"));
	const char *o = json_string_value(json_object_get(rec, "operation"));

	return i && o && !strcmp(i, inst) && !strcmp(o, op);
}

/*
 * Merge doc (this run's document, {"run", "rows"}) with the failed run
 * document an earlier run left at path, so that a second failed run loses
 * none of the rows the first one measured: a row this run did not measure
 * becomes the earlier measured row of the same instance and operation,
 * and the earlier rows this run does not have at all follow this run's;
 * each earlier row keeps its own run description under "run".  Returns
 * how many earlier rows doc now holds (0: no earlier document, or one
 * that is not a regular file, left to the writer to refuse), or -1 with
 * a one-line reason in err when the earlier document cannot be read (it
 * is not to be overwritten then).
 */
static long hp_merge_failed(json_t *doc, const char *path, char *err, size_t errlen)
{
	json_t *rows = json_object_get(doc, "rows");
	struct hp_record_set old;
	struct stat st;
	long kept = 0;

	if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	hp_record_set_init(&old);
	if (hp_record_load(path, &old, err, errlen) < 0) {
		hp_record_set_free(&old);
		return -1;
	}
	for (size_t k = 0; k < old.n; k++) {
		const struct hp_loaded_row *e = &old.rows[k];
		json_t *rec, *now = NULL;
		size_t i, at = json_array_size(rows);

		json_array_foreach(rows, i, now) if (hp_is_row(now, e->r.instance, e->r.operation))
		{
			at = i;
			break;
		}
		/* this run's row stands when it was measured, or when neither was */
		if (at < json_array_size(rows) &&
		    (!strcmp(json_string_value(json_object_get(now, "status")), "ok") || e->r.status != HP_STATUS_OK))
			continue;
		if (!(rec = json_copy(e->record)) || (e->run && json_object_set(rec, "run", e->run) != 0) ||
		    (at < json_array_size(rows) ? json_array_set_new(rows, at, rec)
						: json_array_append_new(rows, rec)) != 0) {
			snprintf(err, errlen, "%s: out of memory", path);
			hp_record_set_free(&old);
			return -1;
		}
		kept++;
	}
	hp_record_set_free(&old);
	return kept;
}

/* printf's fmt at the end of the line in err (errlen bytes), cut to fit. */
static void hp_err_append(char *err, size_t errlen, const char *fmt, ...)
{
	size_t n = strlen(err);
	va_list ap;

	va_start(ap, fmt);
	if (n < errlen)
		vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
}

/*
 * A name beside an unreadable failed document (failed, "D/run.failed.json")
 * for this run's document: the first of "D/run.failed.2.json",
 * "D/run.failed.3.json", ... that is not there, into buf (len bytes).
 * Returns buf, or NULL when none of the first 1000 is free.
 */
static char *hp_aside_name(const char *failed, char *buf, size_t len)
{
	size_t stem = strlen(failed);
	struct stat st;

	if (stem >= 5 && !strcmp(failed + stem - 5, ".json"))
		stem -= 5;
	for (unsigned k = 2; k < 1000; k++) {
		if ((size_t)snprintf(buf, len, "%.*s.%u.json", (int)stem, failed, k) >= len)
			return NULL;
		if (lstat(buf, &st) != 0)
			return buf;
	}
	return NULL;
}

/*
 * The run document (buf, len bytes: what --format=json prints) into
 * target, merged with an earlier failed document there
 * (hp_merge_failed).  Returns how many earlier rows it kept, or -1 with a
 * one-line reason naming the file in err.  An earlier document that
 * cannot be read is left as it was (its rows are not ours to drop) and
 * this run's rows are not dropped either: its document goes, unmerged,
 * to a free name beside it (hp_aside_name), which err names; -1 still,
 * so that the run exits 3.
 */
static long hp_write_merged(const char *target, const char *buf, size_t len, char *err, size_t errlen)
{
	json_error_t je;
	json_t *doc;
	long kept;

	if (!(doc = json_loadb(buf, len, 0, &je))) {
		snprintf(err, errlen, "%s: out of memory", target);
		return -1;
	}
	kept = hp_merge_failed(doc, target, err, errlen);
	if (kept < 0) {
		char aside[4200], why[HP_RECORD_ERR_MAX];
		if (!hp_aside_name(target, aside, sizeof aside))
			hp_err_append(err, errlen,
				      "; not merged, left as it was, and no free name beside it: this run's document "
				      "is not written");
		else if (hp_record_write_atomic(aside, buf, len, why, sizeof why) != 0)
			hp_err_append(err, errlen, "; not merged, left as it was; this run's document: %s", why);
		else
			hp_err_append(err, errlen,
				      "; not merged, left as it was; this run's document went to %s, unmerged", aside);
	} else if (kept == 0 ? hp_record_write_atomic(target, buf, len, err, errlen) != 0
			     : hp_record_write_json(target, doc, err, errlen) != 0) {
		kept = -1;
	}
	json_decref(doc);
	return kept;
}

unsigned hp_run_outputs_finish(const char *output, const char *record_dir, const struct hp_result *rows, size_t nrows,
			       json_t *meta)
{
	char interrupted[256], failed[256];
	size_t ninterrupted = hp_failed_ops(rows, nrows, 1, interrupted, sizeof interrupted);
	size_t nfailed = hp_failed_ops(rows, nrows, 0, failed, sizeof failed);

	if (output) {
		char *buf = NULL, elsewhere[8192], kept_text[128] = "", err[HP_RECORD_ERR_MAX];
		const char *target = output;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		long kept = 0;

		if (!mem || hp_report_print(mem, HP_FORMAT_JSON, rows, nrows, meta) != 0) {
			if (mem)
				fclose(mem);
			free(buf);
			return hp_output_write("--output", output, NULL, 0, NULL);
		}
		fclose(mem);
		/* FILE only ever holds a run whose every row was measured */
		if (ninterrupted || nfailed)
			target = hp_record_failed_name(output, elsewhere, sizeof elsewhere);
		if (target == output && hp_output_write("--output", target, buf, len, "records") != 0)
			kept = -1;
		else if (target != output && (kept = hp_write_merged(target, buf, len, err, sizeof err)) < 0)
			fprintf(stderr, "hashprof: --output: %s\n", err);
		free(buf);
		if (kept < 0)
			return 1;
		if (kept)
			snprintf(kept_text, sizeof kept_text,
				 ", with %ld row%s of the earlier one there that this run "
				 "did not measure",
				 kept, kept == 1 ? "" : "s");
		if (target != output)
			fprintf(stderr,
				"hashprof: --output: %s %s: the run document went to %s%s; %s is left as it was\n",
				ninterrupted ? interrupted : failed, ninterrupted ? "interrupted" : "failed", target,
				kept_text, output);
	}
	if (record_dir && ninterrupted)
		fprintf(stderr,
			"hashprof: --record-dir %s: %s interrupted: not recorded (the folder keeps "
			"the records it had)\n",
			record_dir, interrupted);
	return 0;
}
