/*
 * record.h - a row as JSON (Jansson): the child-to-parent message, the
 * rows of --format=json, and the files of --output/--record-dir.
 * Field units are documented in docs/record-schema.md.
 */
#ifndef HP_RECORD_H
#define HP_RECORD_H

#include <jansson.h>

#include "result.h"

#define HP_RECORD_SCHEMA "hashprof-record/1"

/* The row as a new JSON object (caller owns the reference); NULL on OOM. */
json_t *hp_record_from_result(const struct hp_result *r);

/*
 * Fill r (hp_result_init'ed) from a JSON row.  Returns 0, or -1 with a
 * one-line reason naming the offending field in err.
 */
int hp_record_to_result(const json_t *j, struct hp_result *r, char *err, size_t errlen);

/*
 * Validate a record read from a file before hp_record_to_result: the
 * schema, every field a record must have and its type, and the optional
 * fields that are there (shares, run).  Returns 0, or -1 with a one-line
 * reason naming the field ("field 'procedure.iterations': missing").
 */
int hp_record_check(const json_t *rec, char *err, size_t errlen);

#endif
