/*
 * record_io.h - record files: writing them atomically, and
 * reading a record file, a run document or a folder of records back into
 * rows.
 *
 * Files read:
 *   - a single record: one JSON object with "schema": "hashprof-record/1"
 *     (what --record-dir writes, `<instance>__<operation>.json`);
 *   - a run document: {"run": {...}, "rows": [record, ...]} (what
 *     --format=json prints and --output writes);
 *   - a folder: every `*.json` file in it that does not start with '.',
 *     in name order, then those of its sub-folders (not hidden, no links
 *     to folders, 8 levels at most), in name order, except the failed rows
 *     and runs, `*.failed.json` (hp_record_failed_name): counted in the
 *     set's nskipped and read only when named; a campaign's OUT (its
 *     campaign.json beside records/) is read as its records/ folder.
 * Fields a reader does not know are ignored, so records written by a newer
 * hashprof/1 (extra fields) still read.  docs/record-schema.md has the
 * fields and their units.
 *
 * Errors are one line naming the file and the field or JSON position:
 *   "runs/a.json:3:17: malformed JSON: '}' expected near ','"
 *   "runs/a.json: rows[1]: field 'procedure.iterations': expected a whole number >= 0"
 */
#ifndef HP_RECORD_IO_H
#define HP_RECORD_IO_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "result.h"

#define HP_RECORD_ERR_MAX 1024 /* bytes enough for any error line of this module */

/* One row read back, with where it came from. */
struct hp_loaded_row {
	struct hp_result r; /* filled by hp_record_to_result */
	char file[4096]; /* the file it was read from */
	char where[32]; /* "" for a single-record file, "rows[3]" in a run document */
	json_t *record; /* the record object as read (owned): stored shares, extra fields */
	json_t *run; /* the record's "run" (or its document's), owned; NULL if absent */
};

/* Rows read so far; zero-initialise or hp_record_set_init. */
struct hp_record_set {
	size_t n, cap;
	struct hp_loaded_row *rows; /* n entries */
	size_t nskipped; /* failed-row files (*.failed.json) a folder read skipped */
	char skipped[1024]; /* their paths, ", "-separated (as many as fit) */
	/* Set by a reader that keeps what it can (`hashprof report`): a
	 * folder's file that cannot be read is handed to bad(bad_arg, LINE),
	 * LINE its one-line reason naming it, counted in nbad, and the folder
	 * read on; NULL (hp_record_set_init): that file makes the folder an
	 * error. */
	void (*bad)(void *bad_arg, const char *line);
	void *bad_arg;
	size_t nbad; /* files handed to bad */
};

/* An empty set. */
void hp_record_set_init(struct hp_record_set *s);

/* Release every row (hp_result_free, the run references) and the array. */
void hp_record_set_free(struct hp_record_set *s);

/*
 * Parse len bytes of JSON (a single record or a run document) and append
 * its rows to s.  name is used in error messages only (a file name).
 * Returns the number of rows appended (>= 1), or -1 with a one-line
 * reason in err (errlen bytes; HP_RECORD_ERR_MAX is enough), in which case
 * s is unchanged.
 */
long hp_record_parse_buffer(const char *name, const char *data, size_t len, struct hp_record_set *s, char *err,
			    size_t errlen);

/*
 * Read a record file, a run document or a folder of them (see above) and
 * append the rows to s.  Returns the number of rows appended (>= 1); 0
 * for a folder that holds failed rows only (counted in s->nskipped; err
 * says so in one line, naming them); or -1 with a one-line reason in err
 * naming the file (unreadable file, empty folder, malformed JSON with
 * line:column, missing or mistyped field, unsupported schema, out of
 * memory: never a part of a folder as if it were all of it).  On error s
 * keeps the rows of the files of a folder read before the bad one.  With
 * s->bad set, a folder's unreadable or malformed file is handed to it
 * instead and the others are read: the rows of the good ones are
 * returned, or -1 with "DIR: no readable record in this folder (N
 * unreadable or malformed)" when there are none (out of memory listing
 * the folder stays an error).
 */
long hp_record_load(const char *path, struct hp_record_set *s, char *err, size_t errlen);

/*
 * One line on out for each row (instance and operation) that s holds more
 * than once, at its first: "hashprof: note: INSTANCE OP is in N records:
 * FILE, FILE rows[1]; TAIL" (tail: what the command does with them, "each
 * is re-run and compared"), the files in s's order, so that rows that
 * print alike (a --record-dir record beside an --output document, a
 * copied file) can be told apart.  Returns how many rows were named (0:
 * each is in s once).
 */
size_t hp_record_set_note_repeats(const struct hp_record_set *s, FILE *out, const char *tail);

/*
 * Whether a row's stored shares agree with the ones recomputed from its
 * call table, totals, overhead and trials (shares.h): shares.{hash,drng}
 * (raw), and shares_raw / shares_corrected {hash, drng, drng_init,
 * total_ticks, hash_spread_pp, drng_spread_pp} when the record has them.
 * Returns 0 when every stored value agrees within 1e-9 relative (or
 * nothing was stored), 1 when one does not, with a one-line description
 * in msg ("stored shares.hash 0.5 disagrees with its call table and
 * totals (0.219273)").
 */
int hp_record_shares_check(const struct hp_loaded_row *row, char *msg, size_t len);

/*
 * The single-record file object of a row: hp_record_from_result(r), its
 * notes (report.h) and, when run is not NULL, a reference to run under
 * "run".  Returns a new reference, or NULL when out of memory.
 */
json_t *hp_record_file_json(const struct hp_result *r, json_t *run);

/*
 * The file name --record-dir gives a row, `<instance>__<operation>.json`,
 * with every byte of the names that is not part of an instance name
 * ([A-Za-z0-9+_-], hp_name_char) replaced by '_'.  Writes at most len
 * bytes into buf; returns buf.
 */
char *hp_record_file_name(const struct hp_result *r, char *buf, size_t len);

/*
 * The name a failed row or run is written under, beside the good one:
 * path with its ".json" ending (when it has one) replaced by
 * ".failed.json" (HP_RECORD_FAILED_SUFFIX), the last component shortened
 * to the file system's name limit when needed.  Writes at most len bytes
 * into buf; returns buf.
 */
#define HP_RECORD_FAILED_SUFFIX ".failed.json"
char *hp_record_failed_name(const char *path, char *buf, size_t len);

/* Does a file name end in HP_RECORD_FAILED_SUFFIX? */
int hp_record_is_failed_name(const char *name);

/*
 * Would reading a folder (hp_record_load) read a file of this name, the
 * last component only: "*.json", not starting with '.', not a failed
 * row's (hp_record_is_failed_name)?  1 or 0.  The rule the folder reader
 * itself follows, for the outputs that must not land among the records
 * (drivers/output/output_file.h).
 */
int hp_record_dir_reads(const char *name);

/*
 * Whether path can name a file: a last component that is not empty and
 * not longer than its file system's name limit (bytes, pathconf; 255 when
 * unknown).  For checking an output name before measuring.  Returns 0, or
 * -1 with a one-line reason naming path in err.
 */
int hp_record_check_name(const char *path, char *err, size_t errlen);

/*
 * Write len bytes to path atomically: a temporary file in the same folder
 * (".<name>.XXXXXX", or ".hashprof.XXXXXX" when that would be longer than
 * the file system takes), fsync, rename over path, fsync of the folder; the
 * file gets mode 0666 less the umask.  An interrupted write leaves either
 * the old file or the new one, never a truncated one (the temporary file
 * may stay behind; readers skip names starting with '.').  Returns 0, or
 * -1 with a one-line reason naming path in err.
 */
int hp_record_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen);

/*
 * Write a JSON value to path atomically (indented, keys in insertion
 * order, final newline).  Returns 0, or -1 with a reason in err.
 */
int hp_record_write_json(const char *path, const json_t *doc, char *err, size_t errlen);

/*
 * Make sure dir exists as a folder (created, mode 0777 less the umask,
 * when its parent exists) and is writable.  Returns 0, or -1 with a
 * one-line reason in err.
 */
int hp_record_prepare_dir(const char *dir, char *err, size_t errlen);

/*
 * Write one row as a single-record file into dir (hp_record_file_json
 * with run), atomically, so that a record file only ever holds a measured
 * row; called as each row is measured, so that a run killed
 * outright keeps the rows measured before:
 *   - a measured row (status OK): hp_record_file_name; a failed-row file
 *     of the same row left by an earlier run is then removed;
 *   - a failed row (crash, timeout, an API call failed): under
 *     hp_record_failed_name of that name; the row's record, if any, stays;
 *   - an interrupted row (r->interrupted): not written at all.
 * Returns 0, or -1 with a reason naming the file that could not be written
 * (or removed) in err.
 */
int hp_record_write_row(const char *dir, const struct hp_result *row, json_t *run, char *err, size_t errlen);

#endif
