/*
 * records_util.c - see records_util.h.
 */
#include "records_util.h"

#include <check.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The rest of fd, NUL-terminated, malloc'ed. */
static char *hpt_read_fd(int fd)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;

	do {
		if (len + 4096 + 1 > cap) {
			cap = 2 * cap + 8192;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0);
	buf[len] = '\0';
	return buf;
}

int hpt_hashprof(struct run *r, ...)
{
	static const char *const env[] = { "HASHPROF_PATH", "HASHPROF_SYNTH_FAULT", NULL };
	const char *args[64];
	int n = 0;
	va_list ap;

	va_start(ap, r);
	while (n < 63 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	return run_capture(r, HP_HASHPROF, args, env);
}

/* The name a hanging synthetic operation of hpt_start_faulty takes: unique
 * to this test process. */
static const char *hpt_hang_name(void)
{
	static char name[16];

	snprintf(name, sizeof name, "hang%08x", (unsigned)getpid());
	return name;
}

int hpt_wait_hanging(void)
{
	return run_wait_named(hpt_hang_name(), HPT_WAIT / 4);
}

void hpt_start_faulty(struct run_bg *bg, const char *fault, const char *const *args)
{
	char setting[256], hang[64];
	const char *const env[] = { "HASHPROF_PATH", setting, hang, NULL };

	snprintf(setting, sizeof setting, "HASHPROF_SYNTH_FAULT=%s", fault);
	snprintf(hang, sizeof hang, "HASHPROF_SYNTH_HANG_NAME=%s", hpt_hang_name());
	run_start(bg, HP_HASHPROF, args, env, RUN_MERGED, NULL);
}

char *hpt_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	ck_assert_ptr_nonnull(p);
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

char *hpt_slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	char *s;

	if (fd < 0)
		return NULL;
	s = hpt_read_fd(fd);
	close(fd);
	return s;
}

void hpt_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

int hpt_lines(const char *s)
{
	int n = 0;

	for (const char *p = s; *p; p++)
		n += *p == '\n';
	if (*s && s[strlen(s) - 1] != '\n')
		n++;
	return n;
}

json_t *hpt_json_load(const char *path)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je);

	ck_assert_msg(j != NULL, "%s:%d:%d: %s", path, je.line, je.column, je.text);
	return j;
}

void hpt_json_save(const char *path, const json_t *v)
{
	ck_assert_int_eq(json_dump_file(v, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER), 0);
}

int hpt_have_instance(const char *name)
{
	struct run r;
	char pat[128];
	int found;

	hpt_hashprof(&r, "list", NULL);
	snprintf(pat, sizeof pat, "\n%s ", name);
	found = r.status == 0 && strstr(r.out, pat) != NULL;
	run_free(&r);
	return found;
}
