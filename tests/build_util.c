/*
 * build_util.c - what the suites of `hashprof build` share (see
 * build_util.h): fresh copies of the fixtures, the build tree's hashprof
 * run in a temporary home, profiles and their call tables.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_util.h"

char tmp[HPT_TMPDIR_MAX];
char out_dir[4200], pkg[4200];

/* ---------- running programs ---------- */

/* Fill e for hp_path; returns e->changes (for run_capture, run_start). */
const char *const *tmp_env(struct tmp_env *e, const char *hp_path)
{
	char home[HPT_TMPDIR_MAX + 8];

	snprintf(home, sizeof home, "%s/home", tmp);
	hpt_home_env(&e->home, home);
	if (hp_path)
		snprintf(e->path, sizeof e->path, "HASHPROF_PATH=%s", hp_path);
	else
		snprintf(e->path, sizeof e->path, "HASHPROF_PATH");
	e->changes[0] = e->home.home;
	e->changes[1] = e->home.data;
	e->changes[2] = e->path;
	e->changes[3] = "HASHPROF_SYNTH_FAULT";
	e->changes[4] = NULL;
	return e->changes;
}

/* Run prog (an absolute path) with args (NULL-terminated) in the
 * environment of tmp_env(hp_path). */
void run_in_tmp(struct run *r, const char *hp_path, const char *prog, const char *const *args)
{
	struct tmp_env e;

	run_capture(r, prog, args, tmp_env(&e, hp_path));
}

void expect_in(const struct run *r, const char *text, const char *what)
{
	if (!strstr(text, what))
		run_show(r);
	ck_assert_msg(strstr(text, what) != NULL, "output lacks '%s'", what);
}

/* ---------- fixtures ---------- */

/* A fresh temporary folder with a standalone copy of the fixture in
 * tmp/pkg and an empty tmp/out. */
void setup_fixture(const char *fixture)
{
	char src[4200];
	struct run r;

	hpt_tmpdir_in(tmp, sizeof tmp, "build-test");
	snprintf(src, sizeof src, "%s/%s", HP_FIXTURES, fixture);
	snprintf(pkg, sizeof pkg, "%s/%s", tmp, fixture);
	snprintf(out_dir, sizeof out_dir, "%s/out", tmp);
	run_in_tmp(&r, NULL, "/bin/cp", (const char *const[]){ "-RL", src, pkg, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	/* the copy must be writable even when the source tree is not (distcheck) */
	run_in_tmp(&r, NULL, "/bin/chmod", (const char *const[]){ "-R", "u+w", pkg, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
}

void teardown_fixture(void)
{
	hpt_rmtree(tmp);
	tmp[0] = '\0';
}

/* Write text into a file of the copied package, fopen mode "a" or "w". */
void put_to(const char *rel, const char *mode, const char *text)
{
	char path[8400];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", pkg, rel);
	f = fopen(path, mode);
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Append text to a file of the copied package. */
void append_to(const char *rel, const char *text)
{
	put_to(rel, "a", text);
}

/* Replace a file of the copied package with text. */
void write_to(const char *rel, const char *text)
{
	put_to(rel, "w", text);
}

/* The contents of a file of the copied package (malloc'd). */
char *read_from(const char *rel)
{
	char path[8400], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof path, "%s/%s", pkg, rel);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_ge(n, 0);
	rewind(f);
	text = calloc((size_t)n + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

void shell(const char *script)
{
	struct run r;

	run_in_tmp(&r, NULL, "/bin/sh", (const char *const[]){ "-c", script, "sh", pkg, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
}

/* Write text to tmp/name, a recipe beside the copied package; its path into path. */
void write_recipe(const char *name, const char *text, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", tmp, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* ---------- profiles ---------- */

/* `hashprof -n 5 --format=json NAME [OP]`, parsed; rows must be measured. */
json_t *profile(const char *hp_path, const char *name, const char *op)
{
	struct run r;
	json_error_t je;
	json_t *doc;

	if (op)
		HASHPROF(&r, hp_path, "-n", N_STR, "--format=json", name, op);
	else
		HASHPROF(&r, hp_path, "-n", N_STR, "--format=json", name);
	run_expect_status(&r, 0);
	doc = json_loads(r.out, 0, &je);
	ck_assert_msg(doc != NULL, "bad JSON: %s\n%s", je.text, r.out);
	run_free(&r);
	return doc;
}

int is_helper(const char *fn)
{
	return !strcmp(fn, "pseudohash") || !strcmp(fn, "pseudoXOF") || !strcmp(fn, "sm3hash") ||
	       !strcmp(fn, "get_random_number") || !strcmp(fn, "init_random_number");
}

/* The call table of a row as text: "fn in out calls nested" per helper shape. */
void call_table(const json_t *row, char *buf, size_t len)
{
	size_t i, o = 0;
	json_t *e;

	buf[0] = '\0';
	json_array_foreach(json_object_get(row, "calls"), i, e)
	{
		const char *fn = json_string_value(json_object_get(e, "fn"));
		if (!fn || !is_helper(fn))
			continue;
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s %lld %lld %lld %lld\n", fn,
				      (long long)json_integer_value(json_object_get(e, "in_bits")),
				      (long long)json_integer_value(json_object_get(e, "out_bits")),
				      (long long)json_integer_value(json_object_get(e, "calls")),
				      (long long)json_integer_value(json_object_get(e, "nested")));
	}
}

json_t *row_of(json_t *doc, const char *op)
{
	size_t i;
	json_t *row;

	json_array_foreach(json_object_get(doc, "rows"), i,
			   row) if (!strcmp(json_string_value(json_object_get(row, "operation")), op)) return row;
	ck_abort_msg("no row for %s", op);
	return NULL;
}

/* Does some note of the row contain what? */
int row_has_note(const json_t *row, const char *what)
{
	size_t i;
	json_t *n;

	json_array_foreach(json_object_get(row, "notes"), i, n) if (strstr(json_string_value(n), what)) return 1;
	return 0;
}

/* Every row of the built instance has the call table of the built-in one. */
void expect_same_calls(const char *name, const char *builtin)
{
	json_t *a = profile(out_dir, name, NULL), *b = profile(NULL, builtin, NULL);
	size_t i, nrows = json_array_size(json_object_get(b, "rows"));
	json_t *rb;

	ck_assert_uint_eq(json_array_size(json_object_get(a, "rows")), nrows);
	ck_assert_uint_ge(nrows, 3);
	json_array_foreach(json_object_get(b, "rows"), i, rb)
	{
		const char *op = json_string_value(json_object_get(rb, "operation"));
		char ta[4096], tb[4096];
		call_table(row_of(a, op), ta, sizeof ta);
		call_table(rb, tb, sizeof tb);
		ck_assert_msg(tb[0] != '\0', "%s %s: no calls", builtin, op);
		ck_assert_msg(!strcmp(ta, tb), "%s %s calls:\n%s\ndiffer from %s:\n%s", name, op, ta, builtin, tb);
	}
	json_decref(a);
	json_decref(b);
}

/* The `hashprof list` line of an instance (a copy; free it). */
char *list_line(const char *name)
{
	struct run r;
	char *line = NULL;

	HASHPROF(&r, out_dir, "list");
	run_expect_status(&r, 0);
	for (char *l = strtok(r.out, "\n"); l; l = strtok(NULL, "\n"))
		if (!strncmp(l, name, strlen(name)) && l[strlen(name)] == ' ')
			line = strdup(l);
	run_free(&r);
	ck_assert_msg(line != NULL, "%s is not listed", name);
	return line;
}
