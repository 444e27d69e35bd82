/*
 * fields.h - the field tables records are described by
 * (record.c for the core row, each part's .c for its member): a field's
 * JSON path, type, C member and unit, and the walks that write an object
 * from a table and read it back.  The tables themselves live with what
 * they describe; this is only the machinery.
 */
#ifndef HP_RECORD_TABLE_H
#define HP_RECORD_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "result.h"

enum hp_ftype {
	HP_F_OBJECT, /* an object; the fields below its path follow it */
	HP_F_STRING, /* char member[size] (a view's: const char *) */
	HP_F_HEX, /* unsigned char member[size], its length the size_t at len_off: a hex string */
	HP_F_COUNT, /* uint64_t: a whole number >= 0 */
	HP_F_COUNT32, /* uint32_t (or unsigned): a whole number 0..2^32-1 */
	HP_F_NUMBER, /* double */
	HP_F_NONNEG, /* double: a finite number >= 0 (a cost per call, a duration) */
	HP_F_BOOL, /* int: true or false */
	HP_F_HELPER, /* uint32_t, an enum hp_fn: the helper's name */
	HP_F_PER_HELPER, /* uint64_t[HP_FN_COUNT]: {"get_random_number": n, ...} */
	HP_F_SHARE_OR_NULL, /* double: a number when the int at len_off is true, else null */
	HP_F_ARRAY, /* an array, written and read by the field's functions */
	HP_F_ANY, /* any JSON value */
};

#define HP_FF_OPTIONAL 0x01u /* a record may lack it (within its object, when that is there) */
#define HP_FF_VIEW \
	0x02u /* written from a figure computed from the row (struct
			       * hp_record_view), not stored back as it is */
#define HP_FF_LENIENT 0x04u /* not validated before reading: read with its own messages, or ignored */
#define HP_FF_OUTER 0x08u /* written by the writer of the file or output (notes, run), not here */
#define HP_FF_IF_SET 0x10u /* written only when the string is not empty (the int is true) */
#define HP_FF_DROPPABLE 0x20u /* left out when it cannot be written (the rest of the record is) */
#define HP_FF_PARTS 0x40u /* the place of the parts' members (part.h): hp_ft_pack's parts() writes them */

struct hp_field {
	const char *path; /* dotted, from the object the table describes */
	enum hp_ftype type;
	unsigned flags; /* HP_FF_* */
	size_t off; /* the C member: offset in the row (in the view with HP_FF_VIEW) */
	size_t size; /* HP_F_STRING, HP_F_HEX: the member's bytes (0: a view's pointer) */
	size_t len_off; /* HP_F_HEX: offset of its length in bytes; HP_F_SHARE_OR_NULL: of its int */
	const char *unit; /* unit or range (docs/record-schema.md says more) */
	/* HP_F_ARRAY and overflow.helpers: the JSON value of the row */
	json_t *(*pack)(const struct hp_result *r);
	/* fields read by code: v (NULL when absent) into r; 0, or -1 with err */
	int (*read)(const json_t *v, const json_t *rec, struct hp_result *r, char *err, size_t errlen);
	/* hp_record_check: what the value must be beyond its type; 0, or -1 with err */
	int (*check)(const json_t *v, char *err, size_t errlen);
};

#define HP_SIZE(type, m) sizeof((type *)0)->m
#define HP_NFIELDS(t) (sizeof(t) / sizeof(t)[0])

/* The last component of a dotted path. */
const char *hp_ft_key(const char *path);

/* The value at the first n bytes of a dotted path (obj for n = 0), or NULL. */
json_t *hp_ft_json_pathn(const json_t *obj, const char *path, size_t n);

/* The value at a dotted path, or NULL. */
json_t *hp_ft_json_path(const json_t *obj, const char *path);

/* The object that holds f's key (NULL when it is not there). */
json_t *hp_ft_json_parent(const json_t *obj, const struct hp_field *f);

/* The field of t (n fields) that is f's first path component (f itself at the top). */
const struct hp_field *hp_ft_top(const struct hp_field *t, size_t n, const struct hp_field *f);

/* Must every record have f (f and the object around it not optional)? 1 or 0. */
int hp_ft_required(const struct hp_field *t, size_t n, const struct hp_field *f);

/* Is f not validated before reading (f or the object around it lenient)? 1 or 0. */
int hp_ft_lenient(const struct hp_field *t, size_t n, const struct hp_field *f);

/* What a value of each type is, for messages ("a whole number >= 0"). */
extern const char *const hp_ft_type_names[HP_F_ANY + 1];

/* Is v of type t (and in its range)?  1 or 0. */
int hp_ft_type_ok(const json_t *v, enum hp_ftype t);

/* {"get_random_number": n, ...}: v[HP_FN_COUNT] counts by helper name. */
json_t *hp_ft_per_helper_json(const uint64_t v[HP_FN_COUNT]);

/*
 * The object t (n fields) describes, from row and view, its fields in
 * table order; at a field flagged HP_FF_PARTS, parts(row, obj) writes
 * its members (NULL: nothing).  NULL when a field cannot be written (out
 * of memory, a string that is not UTF-8), except in a droppable group,
 * which is left out.
 */
json_t *hp_ft_pack(const struct hp_field *t, size_t n, const void *row, const void *view,
		   int (*parts)(const void *row, json_t *obj));

/* Jansson's check that obj has f's key with f's type (an optional field
 * may be absent): 0, or -1 with its message in je. */
int hp_ft_unpack_key(const json_t *obj, const struct hp_field *f, json_error_t *je);

/* The enum hp_fn of a helper's name, or -1. */
int hp_ft_fn_from_name(const char *name);

/* Per-helper counts (every helper's, each >= 0) into v[HP_FN_COUNT]: 0, or -1. */
int hp_ft_per_helper_from_json(const json_t *o, uint64_t v[HP_FN_COUNT]);

/* The value v (of f's type) into f's member of row: 0, or -1 when out of
 * range (a string too long, a negative count, an unknown helper). */
int hp_ft_store(const struct hp_field *f, const json_t *v, void *row);

/* A hex string v into f's bytes and length in row; -1 when not hex or too long. */
int hp_ft_hex_into(const struct hp_field *f, const json_t *v, void *row);

/* An element e as its table t (n fields) says into row (view fields not
 * read): 0, -1 with Jansson's message in je when a field is missing or of
 * another type, 1 when a value is out of range. */
int hp_ft_unpack_element(const json_t *e, const struct hp_field *t, size_t n, void *row, json_error_t *je);

/* a + b into *sum; -1 when it does not fit 64 bits. */
int hp_ft_add(uint64_t a, uint64_t b, uint64_t *sum);

/* The end of the object group at t[g] (n fields): its fields are t[g + 1 .. end). */
size_t hp_ft_group_end(const struct hp_field *t, size_t n, size_t g);

/*
 * The fields of an optional object group (at t[g], n fields in t) of a
 * record j that has it, as Jansson checks them: "field 'GROUP':
 * <Jansson's message>" when one is missing or of another type; then the
 * range of those a type bounds (HP_F_NONNEG): "field 'GROUP.KEY': -1e+09
 * ticks, expected a number >= 0".  0, or -1 with err.
 */
int hp_ft_group_unpack(const json_t *j, const struct hp_field *t, size_t n, size_t g, char *err, size_t errlen);

/* The fields of the group at t[g] that j has into row (hp_ft_group_unpack'ed). */
void hp_ft_group_store(const json_t *j, const struct hp_field *t, size_t n, size_t g, void *row);

#endif
