/*
 * records_util.c - see records_util.h.
 */
#include "records_util.h"

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char *hpt_read_fd(int fd)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;

	lseek(fd, 0, SEEK_SET);
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

int hpt_hashprof(struct hpt_run *r, ...)
{
	const char *argv[64];
	char out_tmpl[] = "/tmp/hpt-out-XXXXXX", err_tmpl[] = "/tmp/hpt-err-XXXXXX";
	int fo = mkstemp(out_tmpl), fe = mkstemp(err_tmpl), st, n = 0;
	va_list ap;
	pid_t pid;

	ck_assert_int_ge(fo, 0);
	ck_assert_int_ge(fe, 0);
	unlink(out_tmpl);
	unlink(err_tmpl);
	argv[n++] = HP_HASHPROF;
	va_start(ap, r);
	while (n < 63 && (argv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fo, 1);
		dup2(fe, 2);
		unsetenv("HASHPROF_PATH");
		unsetenv("HASHPROF_SYNTH_FAULT");
		execv(HP_HASHPROF, (char *const *)argv);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	r->out = hpt_read_fd(fo);
	r->err = hpt_read_fd(fe);
	close(fo);
	close(fe);
	return r->status;
}

pid_t hpt_start_faulty(const char *fault, int *fd, const char *const *argv)
{
	int out[2];
	pid_t pid;

	ck_assert_int_eq(pipe(out), 0);
	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(out[1], STDOUT_FILENO);
		dup2(out[1], STDERR_FILENO);
		close(out[0]);
		unsetenv("HASHPROF_PATH");
		setenv("HASHPROF_SYNTH_FAULT", fault, 1);
		execv(HP_HASHPROF, (char *const *)argv);
		_exit(127);
	}
	close(out[1]);
	*fd = out[0];
	return pid;
}

int hpt_finish(pid_t pid, int fd, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int status;

	while (len + 1 < size && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	close(fd);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Does a process whose parent is pid exist?  (/proc/N/stat: "N (comm) S ppid ...") */
static int hpt_has_child(pid_t pid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = 0;

	while (d && !found && (e = readdir(d))) {
		char path[300], buf[512], *paren;
		FILE *f;
		long ppid;
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if (!(f = fopen(path, "r")))
			continue;
		if (fgets(buf, sizeof buf, f) && (paren = strrchr(buf, ')')) &&
		    sscanf(paren + 1, " %*c %ld", &ppid) == 1 && ppid == (long)pid)
			found = 1;
		fclose(f);
	}
	if (d)
		closedir(d);
	return found;
}

int hpt_wait_for_child(pid_t pid, int seconds)
{
	for (int i = 0; i < 20 * seconds; i++) {
		if (hpt_has_child(pid))
			return 1;
		usleep(50000);
	}
	return 0;
}

void hpt_run_free(struct hpt_run *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
}

char *hpt_tmpdir(const char *tag)
{
	const char *base = getenv("TMPDIR");
	char *p = malloc(4096);

	ck_assert_ptr_nonnull(p);
	snprintf(p, 4096, "%s/hashprof-%s-XXXXXX", base && *base ? base : "/tmp", tag);
	ck_assert_ptr_nonnull(mkdtemp(p));
	return p;
}

void hpt_rmtree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *p;
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		p = hpt_path(dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			hpt_rmtree(p);
		else
			unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
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
	struct hpt_run r;
	char pat[128];
	int found;

	hpt_hashprof(&r, "list", NULL);
	snprintf(pat, sizeof pat, "\n%s ", name);
	found = r.status == 0 && strstr(r.out, pat) != NULL;
	hpt_run_free(&r);
	return found;
}
