/*
 * capture.c - run programs for the tests and look at processes (see
 * capture.h).  One fork/exec, one pipe reader, one wait.
 */
#include "capture.h"
#include "tmpdir.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ---------- the user's folders ---------- */

/* The folder made by away_from_user_folders, and the process that made it
 * (Check's forked test processes exit through atexit too: only the maker
 * removes it). */
static char own_home[HPT_TMPDIR_MAX];
static pid_t own_home_maker;

static void remove_own_home(void)
{
	if (own_home[0] && getpid() == own_home_maker)
		hpt_rmtree(own_home);
}

/*
 * Before main: a suite run by hand gets what `make check` gives every
 * suite (tests/local.mk, HP_USER_FOLDERS_AWAY): HOME and the XDG folders
 * in a temporary folder of its own, removed at exit, and no HASHPROF_PATH
 * nor cache setting, so that no program it runs reads the user's instances,
 * candidates or cost cache; and HASHPROF_RUNS=1.  Nothing to do under `make check`
 * (HP_TEST_HOME set).  A suite that cannot make the folder exits 99, as a
 * hard error.
 */
__attribute__((constructor)) static void away_from_user_folders(void)
{
	char v[HPT_TMPDIR_MAX + 32];

	if (getenv("HP_TEST_HOME"))
		return;
	if (hpt_tmpdir_try(own_home, sizeof own_home, "suite") != 0) {
		perror("capture.c: a temporary folder");
		_exit(99);
	}
	own_home_maker = getpid();
	atexit(remove_own_home);
	setenv("HP_TEST_HOME", own_home, 1);
	setenv("HOME", own_home, 1);
	snprintf(v, sizeof v, "%s/.local/share", own_home);
	setenv("XDG_DATA_HOME", v, 1);
	snprintf(v, sizeof v, "%s/.cache", own_home);
	setenv("XDG_CACHE_HOME", v, 1);
	snprintf(v, sizeof v, "%s/.config", own_home);
	setenv("XDG_CONFIG_HOME", v, 1);
	unsetenv("HASHPROF_PATH");
	unsetenv("HASHPROF_HASH_PATH");
	unsetenv("HASHPROF_COST_CACHE");
	/* one measuring process a row, as under make check (tests/local.mk) */
	setenv("HASHPROF_RUNS", "1", 1);
}

/* ---------- time limits ---------- */

/* The monotonic clock, in seconds. */
static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* seconds, multiplied by $CK_TIMEOUT_MULTIPLIER when that is a number > 0. */
static double scaled(double seconds)
{
	const char *m = getenv("CK_TIMEOUT_MULTIPLIER");
	double k = m ? strtod(m, NULL) : 0;

	return k > 0 ? seconds * k : seconds;
}

/* When (on now_s()'s clock) a limit of `seconds` from now is up; 0, no
 * limit, for seconds <= 0. */
static double deadline_in(double seconds)
{
	return seconds > 0 ? now_s() + scaled(seconds) : 0;
}

/* Sleep 20 ms: the period of every poll below. */
static void pause_20ms(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

/* The wait status st as the harness's exit status: 0-255, -1 when killed. */
static int exit_status(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Kill our child pid (SIGKILL), reap it and fail the test: it outran its
 * time limit of `seconds` (unscaled). */
static void give_up(pid_t pid, double seconds)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	ck_abort_msg("process %ld still ran after %g s: killed", (long)pid, scaled(seconds));
}

/* ---------- captured output ---------- */

void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
	free(r->notes);
	memset(r, 0, sizeof *r);
}

void run_show(const struct run *r)
{
	fprintf(stderr, "--- exit %d\n--- stdout:\n%s--- stderr:\n%s---\n", r->status, r->out, r->err);
}

void run_expect_status(const struct run *r, int want)
{
	if (r->status != want)
		run_show(r);
	ck_assert_int_eq(r->status, want);
}

/* Append n bytes of data to *buf (*len bytes so far), keeping it NUL-terminated. */
static void append(char **buf, size_t *len, const char *data, size_t n)
{
	char *grown = realloc(*buf, *len + n + 1);

	ck_assert_ptr_nonnull(grown);
	memcpy(grown + *len, data, n);
	*len += n;
	grown[*len] = '\0';
	*buf = grown;
}

/* Under an emulator (tests/aarch64.sh sets HP_EXPECT_EMULATED=1) each
 * hashprof that runs package code says so once on stderr, in its
 * emulation note (prof/util/emulation.h: the line that begins "hashprof:
 * note: emulated, "): take those lines out of r->err into r->notes,
 * counted in r->emulation_notes, so that the suites' checks of stderr read what they
 * read on a real machine.  Natively nothing is taken out (a note there
 * would be a fault the checks see). */
static void take_emulation_notes(struct run *r)
{
	static const char note[] = "hashprof: note: emulated, ";
	const char *emu = getenv("HP_EXPECT_EMULATED");
	char *p = r->err;

	if (!emu || strcmp(emu, "1") || !p)
		return;
	while (*p) {
		char *nl = strchr(p, '\n'), *end = nl ? nl + 1 : p + strlen(p);
		if (!strncmp(p, note, sizeof note - 1)) {
			append(&r->notes, &r->notes_len, p, (size_t)(end - p));
			memmove(p, end, strlen(end) + 1);
			r->err_len -= (size_t)(end - p);
			r->emulation_notes++;
		} else {
			p = end;
		}
	}
}

/* Read bg's pipes (those >= 0) into r->out and r->err until all are
 * closed, with poll (neither may fill up while the other is read); close
 * them.  The program is killed and the test fails when they are still
 * open at deadline (now_s() clock; 0: no limit, `seconds` for the message). */
static void drain(struct run_bg *bg, struct run *r, double deadline, double seconds)
{
	struct pollfd p[2] = { { bg->out_fd, POLLIN, 0 }, { bg->err_fd, POLLIN, 0 } };
	int open_fds = (bg->out_fd >= 0) + (bg->err_fd >= 0);
	char buf[8192];

	append(&r->out, &r->out_len, "", 0);
	append(&r->err, &r->err_len, "", 0);
	while (open_fds) {
		int wait_ms = -1;
		if (deadline > 0) {
			double left = deadline - now_s();
			if (left <= 0)
				give_up(bg->pid, seconds);
			wait_ms = (int)(left * 1000) + 1;
		}
		if (poll(p, 2, wait_ms) < 0) {
			ck_assert_int_eq(errno, EINTR);
			continue;
		}
		for (int i = 0; i < 2; i++) {
			if (p[i].fd < 0 || !p[i].revents)
				continue;
			ssize_t got = read(p[i].fd, buf, sizeof buf);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				close(p[i].fd);
				p[i].fd = -1;
				open_fds--;
			} else if (i == 0) {
				append(&r->out, &r->out_len, buf, (size_t)got);
			} else {
				append(&r->err, &r->err_len, buf, (size_t)got);
			}
		}
	}
	bg->out_fd = bg->err_fd = -1;
	take_emulation_notes(r);
}

/* Wait for our child pid until deadline (now_s() clock; 0: no limit,
 * `seconds` for the message): its exit status, -1 when killed. */
static int reap(pid_t pid, double deadline, double seconds)
{
	int st;

	while (deadline <= 0) {
		if (waitpid(pid, &st, 0) == pid)
			return exit_status(st);
		ck_assert_int_eq(errno, EINTR);
	}
	while (!run_ended(pid, &st)) {
		if (now_s() >= deadline)
			give_up(pid, seconds);
		pause_20ms();
	}
	return st;
}

/* ---------- starting programs ---------- */

/* Does the environment entry "NAME=value" fall under change (capture.h)? */
static int changed_by(const char *entry, const char *change)
{
	size_t n = strcspn(change, "=*");

	if (change[n] == '*')
		return strncmp(entry, change, n) == 0;
	return strncmp(entry, change, n) == 0 && entry[n] == '=';
}

/* Our environment with the changes env (capture.h), malloc'ed; the strings
 * are ours and env's.  NULL for env NULL: environ as it is. */
static char **changed_environment(const char *const env[])
{
	size_t n = 0, m = 0, k = 0;
	char **envp;

	if (!env)
		return NULL;
	while (environ[n])
		n++;
	while (env[m])
		m++;
	envp = calloc(n + m + 1, sizeof *envp);
	ck_assert_ptr_nonnull(envp);
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;
		while (c < m && !changed_by(environ[i], env[c]))
			c++;
		if (c == m)
			envp[k++] = environ[i];
	}
	for (size_t c = 0; c < m; c++)
		if (strchr(env[c], '='))
			envp[k++] = (char *)env[c];
	return envp;
}

void run_start(struct run_bg *bg, const char *prog, const char *const args[], const char *const env[],
	       enum run_output to, const char *file)
{
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, out, err;
	char **envp = changed_environment(env), **argv;
	size_t na = 0;

	while (args[na])
		na++;
	argv = calloc(na + 2, sizeof *argv);
	ck_assert_ptr_nonnull(argv);
	argv[0] = (char *)prog;
	for (size_t i = 0; i < na; i++)
		argv[i + 1] = (char *)args[i];
	/* close-on-exec: a program started later does not hold these open */
	if (to == RUN_TO_FILE) {
		ck_assert_ptr_nonnull(file);
		out = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		ck_assert_msg(out >= 0, "%s: %s", file, strerror(errno));
	} else {
		ck_assert_int_eq(pipe2(po, O_CLOEXEC), 0);
		out = po[1];
	}
	if (to == RUN_PIPES)
		ck_assert_int_eq(pipe2(pe, O_CLOEXEC), 0);
	err = to == RUN_PIPES ? pe[1] : to == RUN_STDOUT ? -1 : out;
	fflush(NULL);
	bg->pid = fork();
	ck_assert_int_ge(bg->pid, 0);
	if (bg->pid == 0) {
		if (dup2(out, STDOUT_FILENO) < 0 || (err >= 0 && dup2(err, STDERR_FILENO) < 0))
			_exit(127);
		execve(prog, argv, envp ? envp : environ);
		dprintf(STDERR_FILENO, "exec %s: %s\n", prog, strerror(errno));
		_exit(127);
	}
	close(out);
	if (pe[1] >= 0)
		close(pe[1]);
	bg->out_fd = po[0];
	bg->err_fd = pe[0];
	free(argv);
	free(envp);
}

int run_capture(struct run *r, const char *prog, const char *const args[], const char *const env[])
{
	struct run_bg bg;

	memset(r, 0, sizeof *r);
	run_start(&bg, prog, args, env, RUN_PIPES, NULL);
	drain(&bg, r, 0, 0);
	r->status = reap(bg.pid, 0, 0);
	return r->status;
}

int run_finish(struct run_bg *bg, char *buf, size_t size, double seconds)
{
	double deadline = deadline_in(seconds);
	struct run got = { 0 };
	size_t keep;

	drain(bg, &got, deadline, seconds);
	keep = size && got.out_len >= size ? size - 1 : got.out_len;
	if (size) {
		memcpy(buf, got.out, keep);
		buf[keep] = '\0';
	}
	run_free(&got);
	return reap(bg->pid, deadline, seconds);
}

int run_wait(pid_t pid, double seconds)
{
	return reap(pid, deadline_in(seconds), seconds);
}

int run_ended(pid_t pid, int *status)
{
	int st;
	pid_t got;

	while ((got = waitpid(pid, &st, WNOHANG)) < 0)
		ck_assert_int_eq(errno, EINTR);
	if (got == 0)
		return 0;
	*status = exit_status(st);
	return 1;
}

/* ---------- other processes (/proc) ---------- */

/* Read /proc/<pid>/<file> (at most size - 1 bytes) into buf, NUL-terminated:
 * the bytes read, or -1 when it cannot be opened (the process is gone). */
static long read_proc(const char *pid, const char *file, char *buf, size_t size)
{
	char path[300];
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%s/%s", pid, file);
	if (!(f = fopen(path, "r")))
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return (long)n;
}

/* 1 when match(pid, arg) is nonzero for some process in /proc (pid: its
 * number, a string), else 0. */
static int any_process(int (*match)(const char *pid, const void *arg), const void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = 0;

	while (d && !found && (e = readdir(d)))
		if (e->d_name[0] >= '1' && e->d_name[0] <= '9')
			found = match(e->d_name, arg);
	if (d)
		closedir(d);
	return found;
}

/* Is *(const pid_t *)parent the parent of pid?  (/proc/N/stat: "N (comm) S ppid ...") */
static int child_of(const char *pid, const void *parent)
{
	char buf[512], *paren;
	long ppid;

	return read_proc(pid, "stat", buf, sizeof buf) > 0 && (paren = strrchr(buf, ')')) &&
	       sscanf(paren + 1, " %*c %ld", &ppid) == 1 && ppid == (long)*(const pid_t *)parent;
}

/* Does pid's command line (its arguments joined by spaces) hold marker? */
static int marked(const char *pid, const void *marker)
{
	char buf[4096];
	long n = read_proc(pid, "cmdline", buf, sizeof buf);

	for (long i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	return n > 0 && strstr(buf, marker) != NULL;
}

int run_alive(pid_t pid)
{
	char name[32], buf[1024], *paren;

	if (kill(pid, 0) != 0)
		return errno != ESRCH;
	snprintf(name, sizeof name, "%ld", (long)pid);
	if (read_proc(name, "stat", buf, sizeof buf) < 0)
		return 0;
	paren = strrchr(buf, ')');
	return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

int run_has_child(pid_t pid)
{
	return any_process(child_of, &pid);
}

int run_marked_alive(const char *marker)
{
	return any_process(marked, marker);
}

/* Every one of the NULL-terminated markers in one command line. */
static int marked_all(const char *pid, const void *markers)
{
	const char *const *m = markers;
	char buf[4096];
	long n = read_proc(pid, "cmdline", buf, sizeof buf);

	for (long i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	if (n <= 0 || n >= (long)sizeof buf)
		return 0;
	buf[n] = '\0';
	for (; *m; m++)
		if (!strstr(buf, *m))
			return 0;
	return 1;
}

int run_marked_alive_all(const char *const *markers)
{
	return any_process(marked_all, markers);
}

/* ---------- waiting for a condition ---------- */

int run_wait_until(int (*cond)(const void *arg), const void *arg, double seconds)
{
	double deadline = deadline_in(seconds);

	for (;;) {
		if (cond(arg))
			return 1;
		if (now_s() >= deadline)
			return 0;
		pause_20ms();
	}
}

static int has_child_cond(const void *pid)
{
	return run_has_child(*(const pid_t *)pid);
}

static int gone_cond(const void *pid)
{
	return !run_alive(*(const pid_t *)pid);
}

int run_wait_child(pid_t pid, double seconds)
{
	return run_wait_until(has_child_cond, &pid, seconds);
}

int run_wait_gone(pid_t pid, double seconds)
{
	return run_wait_until(gone_cond, &pid, seconds);
}

/* Is pid alive and named *(const char *)comm? */
static int named(const char *pid, const void *comm)
{
	char buf[64], name[32];
	long n = read_proc(pid, "comm", buf, sizeof buf);

	snprintf(name, sizeof name, "%s\n", (const char *)comm);
	return n > 0 && !strcmp(buf, name) && run_alive((pid_t)atol(pid));
}

static int named_cond(const void *comm)
{
	return any_process(named, comm);
}

int run_wait_named(const char *comm, double seconds)
{
	return run_wait_until(named_cond, comm, seconds);
}

/* What run_wait_marked waits for. */
struct marker_state {
	const char *marker;
	int alive;
};

static int marker_cond(const void *arg)
{
	const struct marker_state *s = arg;

	return run_marked_alive(s->marker) == s->alive;
}

int run_wait_marked(const char *marker, int alive, double seconds)
{
	struct marker_state s = { marker, !!alive };

	return run_wait_until(marker_cond, &s, seconds);
}

int skip_under_emulation(const char *what)
{
	const char *emu = getenv("HP_EXPECT_EMULATED");

	if (!emu || strcmp(emu, "1"))
		return 0;
	fprintf(stderr,
		"%s: skipped under the emulator (HP_EXPECT_EMULATED=1): there the keeper does not take the tree "
		"down (seen in CI, not diagnosed)\n",
		what);
	return 1;
}

void expect_failure_prefix(const char *failure, const char *base)
{
	ck_assert_msg(failure && !strcmp(failure, base), "failure '%s', expected '%s' (and no note of the limit's)",
		      failure ? failure : "(none)", base);
}
