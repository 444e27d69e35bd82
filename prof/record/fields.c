/*
 * fields.c - the machinery of the record's field tables
 * (fields.h): writing an object a table describes, and reading
 * its values back.
 */
#include "fields.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format/hex.h"

/* The last component of a dotted path. */
const char *hp_ft_key(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? dot + 1 : path;
}

/* The value at the first n bytes of a dotted path (obj for n = 0), or NULL. */
json_t *hp_ft_json_pathn(const json_t *obj, const char *path, size_t n)
{
	char key[64];

	while (obj && n) {
		size_t k = strcspn(path, ".");
		if (k > n)
			k = n;
		if (k >= sizeof key || !json_is_object(obj))
			return NULL;
		memcpy(key, path, k);
		key[k] = '\0';
		obj = json_object_get(obj, key);
		path += k;
		n -= k;
		if (n && *path == '.')
			path++, n--;
	}
	return (json_t *)obj;
}

/* The value at a dotted path, or NULL. */
json_t *hp_ft_json_path(const json_t *obj, const char *path)
{
	return hp_ft_json_pathn(obj, path, strlen(path));
}

/* The object that holds f's key (NULL when it is not there). */
json_t *hp_ft_json_parent(const json_t *obj, const struct hp_field *f)
{
	const char *key = hp_ft_key(f->path);

	return hp_ft_json_pathn(obj, f->path, key == f->path ? 0 : (size_t)(key - f->path - 1));
}

/* The field of t that is f's first path component (f itself at the top). */
const struct hp_field *hp_ft_top(const struct hp_field *t, size_t n, const struct hp_field *f)
{
	size_t len = strcspn(f->path, ".");

	for (size_t i = 0; i < n; i++)
		if (!strncmp(t[i].path, f->path, len) && t[i].path[len] == '\0')
			return &t[i];
	return f;
}

/* Must every record have f (f and the object around it not optional)? */
int hp_ft_required(const struct hp_field *t, size_t n, const struct hp_field *f)
{
	return !((f->flags | hp_ft_top(t, n, f)->flags) & HP_FF_OPTIONAL);
}

/* Is f not validated before reading (f or the object around it lenient)? */
int hp_ft_lenient(const struct hp_field *t, size_t n, const struct hp_field *f)
{
	return ((f->flags | hp_ft_top(t, n, f)->flags) & HP_FF_LENIENT) != 0;
}

const char *const hp_ft_type_names[HP_F_ANY + 1] = {
	[HP_F_OBJECT] = "an object",
	[HP_F_STRING] = "a string",
	[HP_F_HEX] = "a string",
	[HP_F_COUNT] = "a whole number >= 0",
	[HP_F_COUNT32] = "a whole number from 0 to 2^32 - 1",
	[HP_F_NUMBER] = "a number",
	[HP_F_NONNEG] = "a number >= 0",
	[HP_F_BOOL] = "true or false",
	[HP_F_HELPER] = "a string",
	[HP_F_PER_HELPER] = "an object",
	[HP_F_SHARE_OR_NULL] = "a number or null",
	[HP_F_ARRAY] = "an array",
	[HP_F_ANY] = "a JSON value",
};

int hp_ft_type_ok(const json_t *v, enum hp_ftype t)
{
	switch (t) {
	case HP_F_STRING:
	case HP_F_HEX:
	case HP_F_HELPER:
		return json_is_string(v);
	case HP_F_COUNT:
		return json_is_integer(v) && json_integer_value(v) >= 0;
	case HP_F_COUNT32:
		return json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= UINT32_MAX;
	case HP_F_NUMBER:
		return json_is_number(v);
	case HP_F_NONNEG:
		return json_is_number(v) && isfinite(json_number_value(v)) && json_number_value(v) >= 0;
	case HP_F_SHARE_OR_NULL:
		return json_is_number(v) || json_is_null(v);
	case HP_F_BOOL:
		return json_is_boolean(v);
	case HP_F_OBJECT:
	case HP_F_PER_HELPER:
		return json_is_object(v);
	case HP_F_ARRAY:
		return json_is_array(v);
	case HP_F_ANY:
		return 1;
	}
	return 0;
}

/* Where f's C value is: in the row, or in the view. */
const void *hp_ft_member(const struct hp_field *f, const void *row, const void *view)
{
	return (const char *)(f->flags & HP_FF_VIEW ? view : row) + f->off;
}

json_t *hp_ft_per_helper_json(const uint64_t v[HP_FN_COUNT])
{
	json_t *o = json_object();

	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		json_object_set_new(o, hp_fn_name(fn), json_integer((json_int_t)v[fn]));
	return o;
}

/* f's value as a new JSON value; NULL when it cannot be made. */
json_t *hp_ft_value_json(const struct hp_field *f, const void *row, const void *view)
{
	const void *p = hp_ft_member(f, row, view);

	if (f->pack)
		return f->pack(row);
	switch (f->type) {
	case HP_F_OBJECT:
		return json_object();
	case HP_F_STRING:
		return json_string(f->size ? (const char *)p : *(const char *const *)p);
	case HP_F_HEX: {
		char hex[2 * HP_BYTES_MAX + 1];
		size_t len = *(const size_t *)((const char *)row + f->len_off);
		if (len > f->size || len > HP_BYTES_MAX)
			return NULL;
		return json_string(hp_hex_encode(p, len, hex));
	}
	case HP_F_COUNT:
		return json_integer((json_int_t) * (const uint64_t *)p);
	case HP_F_COUNT32:
		return json_integer((json_int_t) * (const uint32_t *)p);
	case HP_F_NUMBER:
	case HP_F_NONNEG:
		return json_real(*(const double *)p);
	case HP_F_SHARE_OR_NULL:
		/* a number would read as measured */
		return *(const int *)((const char *)row + f->len_off) ? json_real(*(const double *)p) : json_null();
	case HP_F_BOOL:
		return json_boolean(*(const int *)p);
	case HP_F_HELPER: {
		const char *name = hp_fn_name(*(const uint32_t *)p);
		return name ? json_string(name) : NULL;
	}
	case HP_F_PER_HELPER:
		return hp_ft_per_helper_json(p);
	case HP_F_ARRAY:
	case HP_F_ANY:
		break;
	}
	return NULL;
}

/*
 * The object t describes, from row and view, its fields in table order.
 * NULL when a field cannot be written (out of memory, a string that is not
 * UTF-8), except in a droppable group, which is left out.
 */
json_t *hp_ft_pack(const struct hp_field *t, size_t n, const void *row, const void *view,
		   int (*parts)(const void *row, json_t *obj))
{
	json_t *obj = json_object();

	for (size_t i = 0; obj && i < n; i++) {
		const struct hp_field *f = &t[i], *top;
		json_t *parent, *v;

		if (f->flags & HP_FF_OUTER)
			continue;
		if (f->flags & HP_FF_PARTS) {
			if (parts && parts(row, obj) != 0) {
				json_decref(obj);
				return NULL;
			}
			continue;
		}
		if ((f->flags & HP_FF_IF_SET) &&
		    (f->type == HP_F_STRING  ? !*(const char *)hp_ft_member(f, row, view)
		     : f->type == HP_F_ARRAY ? !*(const size_t *)hp_ft_member(f, row, view)
		     : f->type == HP_F_COUNT ? !*(const uint64_t *)hp_ft_member(f, row, view)
					     : !*(const int *)hp_ft_member(f, row, view)))
			continue;
		if (!(parent = hp_ft_json_parent(obj, f)))
			continue; /* its group was left out */
		v = hp_ft_value_json(f, row, view);
		if (v && json_object_set_new(parent, hp_ft_key(f->path), v) == 0)
			continue;
		top = hp_ft_top(t, n, f);
		if (!(top->flags & HP_FF_DROPPABLE)) {
			json_decref(obj);
			return NULL;
		}
		json_object_del(obj, top->path);
	}
	return obj;
}

/*
 * Jansson's check that obj has key with f's type (json_unpack): its
 * message in je.  0 when it does; an optional field may be absent; a
 * number-or-null is left to its reader.
 */
int hp_ft_unpack_key(const json_t *obj, const struct hp_field *f, json_error_t *je)
{
	static const char letters[] = {
		[HP_F_OBJECT] = 'o',  [HP_F_STRING] = 's',     [HP_F_HEX] = 's',         [HP_F_COUNT] = 'I',
		[HP_F_COUNT32] = 'I', [HP_F_NUMBER] = 'F',     [HP_F_NONNEG] = 'F',      [HP_F_BOOL] = 'b',
		[HP_F_HELPER] = 's',  [HP_F_PER_HELPER] = 'o', [HP_F_SHARE_OR_NULL] = 0, [HP_F_ARRAY] = 'o',
		[HP_F_ANY] = 'o',
	};
	char fmt[] = "{s:?}";
	union {
		const char *s;
		json_int_t i;
		double d;
		int b;
		json_t *o;
	} out;

	if (!letters[f->type])
		return 0; /* not Jansson's to check: its reader checks it */
	fmt[2] = f->flags & HP_FF_OPTIONAL ? '?' : ':';
	fmt[3] = letters[f->type];
	return json_unpack_ex((json_t *)obj, je, 0, fmt, hp_ft_key(f->path), &out);
}

int hp_ft_fn_from_name(const char *name)
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (!strcmp(name, hp_fn_name(fn)))
			return (int)fn;
	return -1;
}

int hp_ft_per_helper_from_json(const json_t *o, uint64_t v[HP_FN_COUNT])
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		json_t *e = json_object_get(o, hp_fn_name(fn));
		if (!json_is_integer(e) || json_integer_value(e) < 0)
			return -1;
		v[fn] = (uint64_t)json_integer_value(e);
	}
	return 0;
}

/*
 * The value v of field f into its member of row: strings copied (-1 when
 * too long), counts (-1 when negative), numbers, booleans, helper names
 * (-1 when unknown), per-helper counts (-1 unless all are there, >= 0),
 * numbers or null.
 * v has f's type (hp_ft_unpack_key).  Hex strings are hp_ft_hex_into's.
 */
int hp_ft_store(const struct hp_field *f, const json_t *v, void *row)
{
	char *p = (char *)row + f->off;

	switch (f->type) {
	case HP_F_STRING: {
		size_t n = strlen(json_string_value(v)); /* up to a \u0000, as C reads it */
		if (n >= f->size)
			return -1;
		memcpy(p, json_string_value(v), n + 1);
		return 0;
	}
	case HP_F_COUNT:
		if (json_integer_value(v) < 0)
			return -1;
		*(uint64_t *)p = (uint64_t)json_integer_value(v);
		return 0;
	case HP_F_COUNT32:
		if (json_integer_value(v) < 0 || json_integer_value(v) > UINT32_MAX)
			return -1;
		*(uint32_t *)p = (uint32_t)json_integer_value(v);
		return 0;
	case HP_F_NUMBER:
		*(double *)p = json_number_value(v);
		return 0;
	case HP_F_NONNEG:
		if (!hp_ft_type_ok(v, f->type))
			return -1;
		*(double *)p = json_number_value(v);
		return 0;
	case HP_F_SHARE_OR_NULL: /* 0 unless its int (stored before it) is true */
		*(double *)p =
			*(const int *)((const char *)row + f->len_off) && json_is_number(v) ? json_number_value(v) : 0;
		return 0;
	case HP_F_BOOL:
		*(int *)p = json_is_true(v);
		return 0;
	case HP_F_HELPER: {
		int fn = hp_ft_fn_from_name(json_string_value(v));
		if (fn < 0)
			return -1;
		*(uint32_t *)p = (uint32_t)fn;
		return 0;
	}
	case HP_F_PER_HELPER:
		return hp_ft_per_helper_from_json(v, (uint64_t *)p);
	case HP_F_OBJECT:
	case HP_F_HEX:
	case HP_F_ARRAY:
	case HP_F_ANY:
		break;
	}
	return 0;
}

/* A hex string v into f's bytes and length in row; -1 when not hex or too long. */
int hp_ft_hex_into(const struct hp_field *f, const json_t *v, void *row)
{
	long n = hp_hex_decode(json_string_value(v), (unsigned char *)row + f->off, f->size);

	if (n < 0)
		return -1;
	*(size_t *)((char *)row + f->len_off) = (size_t)n;
	return 0;
}

/*
 * An element of an array (or a per-helper object) as its table t says,
 * into row: Jansson's message in je when a field is missing or of another
 * type; 1 when a value is out of range (a negative count, an unknown
 * helper); 0 when read.  Fields of the view are not read.
 */
int hp_ft_unpack_element(const json_t *e, const struct hp_field *t, size_t n, void *row, json_error_t *je)
{
	int bad = 0;

	for (size_t i = 0; i < n; i++)
		if (!(t[i].flags & HP_FF_VIEW) && hp_ft_unpack_key(e, &t[i], je) != 0)
			return -1;
	for (size_t i = 0; i < n; i++)
		if (!(t[i].flags & HP_FF_VIEW))
			bad |= hp_ft_store(&t[i], json_object_get(e, t[i].path), row) != 0;
	return bad;
}

/* a + b into *sum; -1 when it does not fit 64 bits */
int hp_ft_add(uint64_t a, uint64_t b, uint64_t *sum)
{
	return __builtin_add_overflow(a, b, sum) ? -1 : 0;
}

/* The fields of the object group at t[g]: t[g + 1 .. end). */
size_t hp_ft_group_end(const struct hp_field *t, size_t n, size_t g)
{
	size_t glen = strlen(t[g].path), i = g + 1;

	while (i < n && !strncmp(t[i].path, t[g].path, glen) && t[i].path[glen] == '.')
		i++;
	return i;
}

/*
 * The fields of an optional object group (at t[g]) of a record j that
 * has it, as Jansson checks them: "field 'GROUP': <Jansson's message>"
 * when one is missing or of another type; then the range of those a type
 * bounds (HP_F_NONNEG): "field 'GROUP.KEY': -1e+09 ticks, expected a
 * number >= 0".
 */
int hp_ft_group_unpack(const json_t *j, const struct hp_field *t, size_t n, size_t g, char *err, size_t errlen)
{
	size_t end = hp_ft_group_end(t, n, g);
	const json_t *obj = json_object_get(j, t[g].path);
	json_error_t je;

	for (size_t i = g + 1; i < end; i++)
		if (hp_ft_unpack_key(obj, &t[i], &je) != 0) {
			snprintf(err, errlen, "field '%s': %s", t[g].path, je.text);
			return -1;
		}
	for (size_t i = g + 1; i < end; i++) {
		const json_t *v = json_object_get(obj, hp_ft_key(t[i].path));
		if (v && t[i].type == HP_F_NONNEG && !hp_ft_type_ok(v, t[i].type)) {
			snprintf(err, errlen, "field '%s': %g %s, expected %s", t[i].path, json_number_value(v),
				 t[i].unit, hp_ft_type_names[t[i].type]);
			return -1;
		}
	}
	return 0;
}

/* The fields of the group at t[g] that j has into row (hp_ft_group_unpack'ed). */
void hp_ft_group_store(const json_t *j, const struct hp_field *t, size_t n, size_t g, void *row)
{
	size_t end = hp_ft_group_end(t, n, g);
	const json_t *obj = json_object_get(j, t[g].path);

	for (size_t i = g + 1; i < end; i++) {
		const json_t *v = json_object_get(obj, hp_ft_key(t[i].path));
		if (v)
			hp_ft_store(&t[i], v, row);
	}
}
