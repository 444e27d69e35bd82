/*
 * test_confine.c - package code runs confined (docs/safety.md):
 * the build tree's hashprof (HP_HASHPROF) on misbehaving packages written
 * by us, each of which must be blocked and named while the other rows
 * and packages are unaffected:
 *   - measured code (the synthetic instances' HASHPROF_SYNTH_FAULT kinds,
 *     schemes/synthetic/synth.h) that writes a file under $HOME, opens a
 *     socket, forks, runs a program, allocates without bound, or
 *     aborts when one allocation above --max-memory fails (the crash
 *     names the limit as a possibility);
 *   - the build fixtures (tests/fixtures/) with a Makefile whose $(shell)
 *     writes outside its scratch folder or reads $HOME, a scheme whose
 *     constructor writes under $HOME, a KAT program that deletes a file
 *     outside its folder.
 * Every program runs with HOME in the test's own temporary folder.  Each
 * reproduction is also run with --no-confine, where the package does what
 * it tries (the file is created): the fixture is real, and the blocked
 * case could fail.  No assertion is on a time.
 *
 * Under a user-mode emulator (qemu-aarch64: tests/aarch64.sh) there is
 * nothing of this to observe: the emulator passes on no Landlock call, a
 * seccomp filter would judge the emulator's own system calls, and it
 * applies no RLIMIT_AS.  There the suite checks only that hashprof says
 * so, once, in its emulation note, and claims no block it did not make;
 * then it skips (exit 77) with that reason.
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"
#include "util/emulation.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif

/* ---------- a temporary folder and programs run in it ---------- */

static char tmp[HPT_TMPDIR_MAX], home[4200], out_dir[4200], pkg[4200];

static void make_tmp(void)
{
	hpt_tmpdir_in(tmp, sizeof tmp, "confine-test");
	snprintf(home, sizeof home, "%s/home", tmp);
	snprintf(out_dir, sizeof out_dir, "%s/out", tmp);
	ck_assert_int_eq(mkdir(home, 0777), 0);
}

static void remove_tmp(void)
{
	hpt_rmtree(tmp);
	tmp[0] = '\0';
}

/* Run hashprof with args (NULL-terminated), HOME and XDG_DATA_HOME in tmp,
 * HASHPROF_PATH=out_dir when out is set, and the settings (up to two
 * "NAME=value", NULL-terminated; NULL: none). */
static void hashprof(struct run *r, int out, const char *const *settings, const char *const *args)
{
	struct hpt_home h;
	char path[4300];
	const char *env[8];
	size_t n = 0;

	hpt_home_env(&h, home);
	snprintf(path, sizeof path, "HASHPROF_PATH=%s", out_dir);
	env[n++] = "HASHPROF_*";
	env[n++] = h.home;
	env[n++] = h.data;
	if (out)
		env[n++] = path;
	for (size_t i = 0; settings && settings[i] && n < 7; i++)
		env[n++] = settings[i];
	env[n] = NULL;
	run_capture(r, HP_HASHPROF, args, env);
}

#define HASHPROF(r, out, settings, ...) hashprof((r), (out), (settings), (const char *const[]){ __VA_ARGS__, NULL })
#define SETTINGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void expect_in(const struct run *r, const char *text, const char *what)
{
	if (!strstr(text, what) && r)
		run_show(r);
	else if (!strstr(text, what))
		fprintf(stderr, "%s\n", text);
	ck_assert_msg(strstr(text, what) != NULL, "output lacks '%s'", what);
}

static int exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* A standalone copy of the fixture in tmp/pkg. */
static void copy_fixture(const char *fixture)
{
	char src[4200];
	struct run r;

	snprintf(src, sizeof src, "%s/%s", HP_FIXTURES, fixture);
	snprintf(pkg, sizeof pkg, "%s/pkg", tmp);
	run_capture(&r, "/bin/cp", (const char *const[]){ "-RL", src, pkg, NULL }, NULL);
	run_expect_status(&r, 0);
	run_free(&r);
	run_capture(&r, "/bin/chmod", (const char *const[]){ "-R", "u+w", pkg, NULL }, NULL);
	run_expect_status(&r, 0);
	run_free(&r);
}

/* Append printf-style text to rel in the copied package. */
static void append_to(const char *rel, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void append_to(const char *rel, const char *fmt, ...)
{
	char path[8400];
	va_list ap;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", pkg, rel);
	ck_assert_ptr_nonnull(f = fopen(path, "a"));
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	ck_assert_int_eq(fclose(f), 0);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The line of text that contains what (a copy, free it); fails without one. */
static char *line_with(const struct run *r, const char *text, const char *what)
{
	const char *at = strstr(text, what), *start, *end;

	if (!at)
		run_show(r);
	ck_assert_msg(at != NULL, "no line with '%s'", what);
	for (start = at; start > text && start[-1] != '\n'; start--)
		;
	end = strchr(at, '\n');
	return strndup(start, end ? (size_t)(end - start) : strlen(start));
}

/* ---------- measured code: the synthetic instances misbehave ---------- */

/*
 * `hashprof -n 3 [extra] SYNTH-SIG` whose sign misbehaves as fault says
 * (HASHPROF_SYNTH_FAULT=sign:FAULT): keygen is measured with its exact
 * calls, sign fails with the blocked line, which contains want, verify
 * is not run, the exit status is 1; and the row records of --record-dir
 * keep keygen's.  Returns the sign row's line (free it).
 */
static char *expect_sign_blocked(const char *fault, const char *extra, const char *want)
{
	char setting[128], records[4300], path[4400], *line;
	struct run r;

	snprintf(setting, sizeof setting, "HASHPROF_SYNTH_FAULT=sign:%s", fault);
	snprintf(records, sizeof records, "--record-dir=%s/records", tmp);
	if (extra)
		HASHPROF(&r, 0, SETTINGS(setting), "-n", "3", records, extra, "SYNTH-SIG");
	else
		HASHPROF(&r, 0, SETTINGS(setting), "-n", "3", records, "SYNTH-SIG");
	run_expect_status(&r, 1);
	line = line_with(&r, r.out, "SYNTH-SIG  sign ");
	expect_in(&r, line, "sign: blocked: ");
	expect_in(&r, line, want);
	/* the row before is measured, the row after is not run */
	{
		char *keygen = line_with(&r, r.out, "SYNTH-SIG  keygen ");
		expect_in(&r, keygen, "drng 1, pseudoXOF 4, pseudohash 2");
		ck_assert_msg(!strstr(keygen, ": "), "keygen failed: %s", keygen);
		free(keygen);
	}
	expect_in(&r, r.out, "verify: not run: sign was blocked (its row says why)");
	snprintf(path, sizeof path, "%s/records/SYNTH-SIG__keygen.json", tmp);
	ck_assert_msg(exists(path), "the measured keygen row was not recorded");
	snprintf(path, sizeof path, "%s/records/SYNTH-SIG__sign.failed.json", tmp);
	ck_assert_msg(exists(path), "the blocked sign row was not recorded as failed");
	run_free(&r);
	return line;
}

/* Another instance measured right after: not affected. */
static void expect_others_measured(void)
{
	struct run r;

	HASHPROF(&r, 0, NULL, "-n", "3", "SYNTH-KEM", "encaps");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "drng 1, pseudoXOF 1, pseudohash 2");
	ck_assert_str_eq(r.err, "");
	run_free(&r);
}

START_TEST(scheme_writes_under_home)
{
	char file[4300], want[9000];
	struct run r;

	make_tmp();
	snprintf(file, sizeof file, "%s/synth-wrote-this", home);
	snprintf(want, sizeof want, "blocked: write to %s: the measured code tried to write a file", file);
	free(expect_sign_blocked("write-home", NULL, want));
	ck_assert_msg(!exists(file), "the scheme wrote %s", file);
	expect_others_measured();
	/* unconfined, the scheme writes it: the fixture is real */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:write-home"), "-n", "3", "--no-confine", "SYNTH-SIG",
		 "sign");
	run_expect_status(&r, 1);
	ck_assert_msg(exists(file), "the write-home fault wrote nothing even unconfined");
	run_free(&r);
	remove_tmp();
}
END_TEST

START_TEST(scheme_opens_socket)
{
	make_tmp();
	free(expect_sign_blocked("socket", NULL,
				 "blocked: socket (AF_INET): the measured code tried to open a network socket"));
	expect_others_measured();
	remove_tmp();
}
END_TEST

START_TEST(scheme_forks)
{
	make_tmp();
	free(expect_sign_blocked("fork", NULL, "blocked: clone: the measured code tried to start a process"));
	expect_others_measured();
	remove_tmp();
}
END_TEST

START_TEST(scheme_runs_program)
{
	make_tmp();
	free(expect_sign_blocked("exec", NULL, "blocked: execve /bin/true: the measured code tried to run a program"));
	remove_tmp();
}
END_TEST

/* 8 MiB at a time until malloc fails: stopped at --max-memory (64 MiB
 * above what hashprof itself maps), and named. */
START_TEST(scheme_allocates_without_bound)
{
	char *line;
	unsigned peak = 0, limit = 0;

	make_tmp();
	line = expect_sign_blocked("alloc", "--max-memory=64",
				   "blocked: memory: the measured code's address space reached ");
	ck_assert_msg(sscanf(strstr(line, "reached "), "reached %u of %u MiB", &peak, &limit) == 2, "%s", line);
	ck_assert_msg(peak <= limit && peak + 8 >= 64, "%s", line);
	expect_in(NULL, line, "(--max-memory 64 above hashprof's own): it tried to allocate without bound");
	free(line);
	expect_others_measured();
	remove_tmp();
}
END_TEST

/* The failure of the one row of a --format=json run (a copy, free it). */
static char *json_failure(const struct run *r)
{
	json_error_t je;
	json_t *doc = json_loads(r->out, 0, &je), *row;
	char *failure;

	if (!doc)
		run_show(r);
	ck_assert_msg(doc != NULL, "not JSON: %s", je.text);
	row = json_array_get(json_object_get(doc, "rows"), 0);
	ck_assert_ptr_nonnull(json_string_value(json_object_get(row, "failure")));
	failure = strdup(json_string_value(json_object_get(row, "failure")));
	json_decref(doc);
	return failure;
}

/* One allocation of 256 MiB above --max-memory=64: malloc returns NULL
 * and the scheme aborts, its peak far from the limit, so no "blocked:
 * memory".  The row's crash names the failed allocation under the limit
 * and how to lift it (a plain SIGSEGV under the same limit does not); --max-memory=0 lifts it (the fixture is real), and a crash
 * without a limit says nothing of one. */
START_TEST(one_allocation_above_the_limit)
{
	char want[512], *failure;
	unsigned limit = 0;
	struct run r;

	make_tmp();
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:bigalloc"), "-n", "3", "--max-memory=64", "--format=json",
		 "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	failure = json_failure(&r);
	ck_assert_msg(sscanf(failure,
			     "killed by SIGABRT during set-up: sig_sign; an allocation had just failed (ENOMEM) under "
			     "the address-space limit (%u MiB",
			     &limit) == 1,
		      "%s", failure);
	snprintf(want, sizeof want,
		 "killed by SIGABRT during set-up: sig_sign; an allocation had just failed (ENOMEM) under the "
		 "address-space limit (%u MiB: --max-memory 64 above hashprof's own); --max-memory=0 lifts it",
		 limit);
	ck_assert_str_eq(failure, want);
	/* hashprof's own address space plus the 64 MiB: how much its own is
	 * varies (a sanitizer build reserves terabytes of shadow) */
	ck_assert_msg(limit > 64, "%s", failure);
	free(failure);
	run_free(&r);
	/* without the limit the allocation succeeds */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:bigalloc"), "-n", "3", "--max-memory=0", "SYNTH-SIG",
		 "sign");
	run_expect_status(&r, 0);
	run_free(&r);
	/* a plain crash (a NULL dereference, no allocation failed) under the
	 * limit: no such note, there is no evidence of it */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:segv"), "-n", "3", "--max-memory=64", "--format=json",
		 "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	failure = json_failure(&r);
	ck_assert_msg(!strcmp(failure, "killed by SIGSEGV during set-up: sig_sign") ||
			      !strcmp(failure, "exited with status 1 before reporting during set-up: sig_sign"),
		      "%s", failure);
	free(failure);
	run_free(&r);
	/* a crash with no address-space limit in force: no such note */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:segv"), "-n", "3", "--max-memory=0", "--format=json",
		 "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	failure = json_failure(&r);
	/* killed by SIGSEGV; in a sanitizer build its own handler reports
	 * the fault and exits with status 1 instead */
	ck_assert_msg(!strcmp(failure, "killed by SIGSEGV during set-up: sig_sign") ||
			      !strcmp(failure, "exited with status 1 before reporting during set-up: sig_sign"),
		      "%s", failure);
	free(failure);
	run_free(&r);
	remove_tmp();
}
END_TEST

/* A kernel without Landlock (HASHPROF_LANDLOCK_ABI=0 pretends it): one
 * warning line, and the seccomp filter still blocks the write. */
START_TEST(degrades_with_one_warning)
{
	char file[4300];
	struct run r;

	make_tmp();
	snprintf(file, sizeof file, "%s/synth-wrote-this", home);
	HASHPROF(&r, 0, SETTINGS("HASHPROF_LANDLOCK_ABI=0", "HASHPROF_SYNTH_FAULT=sign:write-home"), "-n", "3",
		 "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	expect_in(&r, r.err, "hashprof: warning: the kernel has no Landlock (Linux 5.13 or later, enabled at boot): ");
	ck_assert_ptr_eq(strchr(r.err, '\n'), r.err + r.err_len - 1); /* one line */
	expect_in(&r, r.out, "sign: blocked: write to ");
	ck_assert_msg(!exists(file), "the scheme wrote %s", file);
	run_free(&r);
	/* Landlock without scopes: signals are not confined, and it says so */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_LANDLOCK_ABI=5"), "-n", "3", "SYNTH-SIG", "keygen");
	run_expect_status(&r, 0);
	expect_in(&r, r.err, "hashprof: warning: Landlock ABI 5 (6 or later confines signals)");
	run_free(&r);
	/* --no-confine: nothing is applied, nothing to warn about */
	HASHPROF(&r, 0, SETTINGS("HASHPROF_LANDLOCK_ABI=0"), "-n", "3", "--no-confine", "SYNTH-SIG", "keygen");
	run_expect_status(&r, 0);
	ck_assert_str_eq(r.err, "");
	run_free(&r);
	remove_tmp();
}
END_TEST

/* The measuring child of a sleeping keygen, seen from outside: filtered,
 * no new privileges, no capability, limited. */
struct child_of {
	pid_t parent, child;
};

/* The parent of pid (/proc/PID/status "PPid:"), or 0. */
static long parent_of(long pid)
{
	char path[64], line[256];
	long ppid = 0;
	FILE *s;

	snprintf(path, sizeof path, "/proc/%ld/status", pid);
	if (!(s = fopen(path, "r")))
		return 0;
	while (fgets(line, sizeof line, s))
		if (sscanf(line, "PPid: %ld", &ppid) == 1)
			break;
	fclose(s);
	return ppid;
}

/* Is there a child of f->parent (below its keeper, prof/util/keeper.h)
 * that is filtered and sleeping in the synthetic keygen
 * (HASHPROF_SYNTH_SLEEP: in nanosleep), so confined to the end? */
static int filtered_child(const void *arg)
{
	struct child_of *f = (struct child_of *)arg;
	DIR *d = opendir("/proc");
	struct dirent *e;

	f->child = 0;
	while (d && (e = readdir(d)) && !f->child) {
		char path[300], line[256];
		long ppid = 0;
		int seccomp = 0;
		FILE *s;
		snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
		if (e->d_name[0] < '0' || e->d_name[0] > '9' || !(s = fopen(path, "r")))
			continue;
		while (fgets(line, sizeof line, s)) {
			sscanf(line, "PPid: %ld", &ppid);
			sscanf(line, "Seccomp: %d", &seccomp);
		}
		fclose(s);
		if (seccomp == 2 && ppid > 1 && parent_of(ppid) == f->parent) {
			char wchan[256] = "";
			snprintf(path, sizeof path, "/proc/%s/wchan", e->d_name);
			if ((s = fopen(path, "r"))) {
				if (!fgets(wchan, sizeof wchan, s))
					wchan[0] = '\0';
				fclose(s);
			}
			if (strstr(wchan, "nanosleep"))
				f->child = (pid_t)atol(e->d_name);
		}
	}
	if (d)
		closedir(d);
	return f->child != 0;
}

/* The value of the field of /proc/PID/FILE whose line starts with key ("" when none). */
static void proc_field(pid_t pid, const char *file, const char *key, char *buf, size_t len)
{
	char path[128], line[512];
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof path, "/proc/%ld/%s", (long)pid, file);
	if (!(f = fopen(path, "r")))
		return;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, key, strlen(key))) {
			char *v = line + strlen(key);
			v += strspn(v, " \t:");
			v[strcspn(v, "\n")] = '\0';
			snprintf(buf, len, "%s", v);
			break;
		}
	fclose(f);
}

START_TEST(measuring_child_is_confined)
{
	char h[4300], v[512];
	const char *const env[] = { "HASHPROF_*", "HASHPROF_SYNTH_SLEEP=keygen:30000", h, NULL };
	struct run_bg bg;
	struct child_of f;
	unsigned long long as;

	make_tmp();
	snprintf(h, sizeof h, "HOME=%s", home);
	run_start(&bg, HP_HASHPROF, (const char *const[]){ "-n", "1", "-w", "0", "SYNTH-SIG", "sign", NULL }, env,
		  RUN_TO_FILE, "/dev/null");
	f.parent = bg.pid;
	/* two minutes: a bound for a slow machine, never reached otherwise */
	if (!run_wait_until(filtered_child, &f, 120)) {
		kill(bg.pid, SIGKILL);
		run_wait(bg.pid, 60);
		ck_abort_msg("no filtered (Seccomp: 2) measuring child of hashprof slept in keygen");
	}
	proc_field(f.child, "status", "NoNewPrivs", v, sizeof v);
	ck_assert_str_eq(v, "1");
	proc_field(f.child, "status", "CapEff", v, sizeof v);
	ck_assert_str_eq(v, "0000000000000000");
	{
		char soft[64], hard[64];
		proc_field(f.child, "limits", "Max core file size", v, sizeof v);
		ck_assert_msg(sscanf(v, "%63s %63s", soft, hard) == 2 && !strcmp(soft, "0") && !strcmp(hard, "0"),
			      "core limit '%s'", v);
		proc_field(f.child, "limits", "Max cpu time", v, sizeof v);
		ck_assert_msg(sscanf(v, "%63s %63s", soft, hard) == 2 && !strcmp(soft, "3600") && !strcmp(hard, "3605"),
			      "cpu limit '%s'", v);
	}
	proc_field(f.child, "limits", "Max address space", v, sizeof v);
	/* 4096 MiB above what hashprof maps itself */
	ck_assert_msg(sscanf(v, "%llu", &as) == 1 && as > 4096ull << 20, "address-space limit '%s'", v);
	kill(bg.pid, SIGTERM);
	ck_assert_int_eq(run_wait(bg.pid, 120), 128 + SIGTERM);
	remove_tmp();
}
END_TEST

/* ---------- builds ---------- */

/* Reproduction 1: make -n evaluates $(shell), which used to
 * create the file.  Now the build stops, names it, and nothing is
 * installed; another package builds in the same folder. */
START_TEST(makefile_shell_writes_outside)
{
	char file[4300], want[9000], so[4300];
	struct run r;

	make_tmp();
	copy_fixture("subdirs");
	snprintf(file, sizeof file, "%s/PWNED-by-makefile", tmp);
	append_to("Makefile", "X := $(shell touch %s)\n", file);
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 2);
	snprintf(want, sizeof want,
		 "hashprof: build stopped: blocked: write to %s: the package's Makefile (make -n) tried to write "
		 "outside its scratch folder; nothing further of the package was run\n",
		 file);
	ck_assert_str_eq(r.err, want);
	run_free(&r);
	ck_assert_msg(!exists(file), "make -n created %s", file);
	snprintf(so, sizeof so, "%s/FIX-SUB-128.so", out_dir);
	ck_assert_msg(!exists(so), "the blocked package was installed");
	/* the other packages are unaffected */
	remove_tmp();
	make_tmp();
	copy_fixture("kat");
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "KAT:     pass");
	run_free(&r);
	remove_tmp();
	/* unconfined, make -n creates it: the reproduction */
	make_tmp();
	copy_fixture("subdirs");
	snprintf(file, sizeof file, "%s/PWNED-by-makefile", tmp);
	append_to("Makefile", "X := $(shell touch %s)\n", file);
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir, "--no-confine");
	run_expect_status(&r, 0);
	ck_assert_msg(exists(file), "make -n did not create %s even unconfined", file);
	run_free(&r);
	remove_tmp();
}
END_TEST

/* Reproduction 2: a constructor of the scheme, which runs when
 * the measuring child loads it, writes under $HOME.  The row says so,
 * the file is not there, another instance is measured. */
START_TEST(scheme_constructor_writes_home)
{
	char file[4300], want[9000];
	struct run r;

	make_tmp();
	copy_fixture("subdirs");
	snprintf(file, sizeof file, "%s/PWNED-by-scheme", home);
	append_to("SIG_AlgorithmInstance.c", "\n/* writes under $HOME when loaded (test_confine.c) */\n"
					     "#include <stdio.h>\n#include <stdlib.h>\n"
					     "__attribute__((constructor)) static void hp_test_pwn(void)\n{\n"
					     "\tchar p[4096];\n\tFILE *f;\n"
					     "\tsnprintf(p, sizeof p, \"%%s/PWNED-by-scheme\", getenv(\"HOME\"));\n"
					     "\tif ((f = fopen(p, \"w\")))\n\t\tfclose(f);\n}\n");
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	run_free(&r);
	ck_assert_msg(!exists(file), "building ran the constructor");
	HASHPROF(&r, 1, NULL, "-n", "3", "FIX-SUB-128");
	run_expect_status(&r, 1);
	snprintf(want, sizeof want,
		 "keygen: blocked: write to %s: the measured code tried to write a file (it may write none) during "
		 "loading the instance",
		 file);
	expect_in(&r, r.out, want);
	expect_in(&r, r.out, "sign: not run: keygen was blocked (its row says why)");
	expect_in(&r, r.out, "verify: not run: keygen was blocked (its row says why)");
	run_free(&r);
	ck_assert_msg(!exists(file), "the scheme wrote %s", file);
	expect_others_measured();
	/* unconfined, it writes it: the reproduction */
	HASHPROF(&r, 1, NULL, "-n", "3", "--no-confine", "FIX-SUB-128", "verify");
	run_expect_status(&r, 0);
	ck_assert_msg(exists(file), "the constructor wrote nothing even unconfined");
	run_free(&r);
	remove_tmp();
}
END_TEST

/* A KAT program that deletes a file outside its folder: the build stops,
 * the file stays, nothing is installed. */
START_TEST(kat_deletes_outside)
{
	char victim[4300], want[9000], so[4300];
	struct run r;

	make_tmp();
	copy_fixture("kat");
	snprintf(victim, sizeof victim, "%s/victim", tmp);
	write_file(victim, "keep me\n");
	append_to("KAT_SIG.c",
		  "\n/* deletes a file outside its folder (test_confine.c) */\n#include <unistd.h>\n"
		  "__attribute__((constructor)) static void hp_test_rm(void) { unlink(\"%s\"); }\n",
		  victim);
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir, "--kat");
	run_expect_status(&r, 2);
	snprintf(want, sizeof want,
		 "hashprof: build FIX-KAT stopped: blocked: delete %s: the KAT program tried to write outside its "
		 "scratch folder; nothing further of the package was run (log: %s/.hashprof-build/FIX-KAT/build.log)\n",
		 victim, out_dir);
	ck_assert_str_eq(r.err, want);
	run_free(&r);
	ck_assert_msg(exists(victim), "the KAT program deleted %s", victim);
	snprintf(so, sizeof so, "%s/FIX-KAT.so", out_dir);
	ck_assert_msg(!exists(so), "the blocked package was installed");
	remove_tmp();
}
END_TEST

/* $HOME is hidden from the build but for what it needs: a Makefile that
 * reads a file of $HOME learns nothing from it, while the package, inside
 * $HOME here, builds and profiles. */
START_TEST(build_cannot_read_home)
{
	char secret[4300];
	struct run r;

	make_tmp();
	snprintf(home, sizeof home, "%s", tmp); /* the package and the output folder inside $HOME */
	copy_fixture("subdirs");
	snprintf(secret, sizeof secret, "%s/secret", tmp);
	write_file(secret, "-DHP_SECRET_FROM_HOME=1\n");
	append_to("Makefile", "CFLAGS += $(shell cat %s)\n", secret);
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "make -n: -DSCHEME_MODE=128 -Iparams -Iinclude -Iiccs\n");
	ck_assert_msg(!strstr(r.out, "HP_SECRET_FROM_HOME"), "make -n read $HOME:\n%s", r.out);
	run_free(&r);
	HASHPROF(&r, 1, NULL, "-n", "3", "FIX-SUB-128", "sign");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1");
	run_free(&r);
	/* unconfined, it does read it */
	HASHPROF(&r, 0, NULL, "build", pkg, "--output-dir", out_dir, "--no-confine", "--force");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "-DHP_SECRET_FROM_HOME=1");
	run_free(&r);
	remove_tmp();
}
END_TEST

/* ---------- under a user-mode emulator ---------- */

/* hashprof says, in its one emulation note, what the emulator leaves of
 * the confinement, and a package that writes under $HOME is not said to
 * be blocked when it was not. */
START_TEST(emulated_says_unconfined)
{
	char file[4300];
	struct run r;
	char *line;

	make_tmp();
	snprintf(file, sizeof file, "%s/synth-wrote-this", home);
	HASHPROF(&r, 0, SETTINGS("HASHPROF_SYNTH_FAULT=sign:write-home"), "-n", "3", "SYNTH-SIG", "sign");
	run_expect_status(&r, 1);
	/* one note, no warning beside it (tests/capture.c took the note out) */
	ck_assert_uint_eq(r.emulation_notes, 1);
	ck_assert_str_eq(r.err, "");
	expect_in(&r, r.notes, ": the call counts are exact, every time is the emulator's; package code is ");
	expect_in(&r, r.notes, "no address-space limit (--max-memory) applies\n");
	line = line_with(&r, r.out, "SYNTH-SIG  sign ");
	if (strstr(r.notes, "package code is not confined: ")) {
		/* qemu-user 7.2: no Landlock either, so the write happens, unclaimed */
		ck_assert_msg(exists(file), "the write-home fault wrote nothing: %s", line);
		ck_assert_msg(!strstr(line, "blocked"), "a block claimed: %s", line);
		expect_in(&r, line, "sign: set-up: sig_sign returned -3");
	} else {
		/* an emulator that passes Landlock on: the write is blocked */
		expect_in(&r, r.notes, "package code is confined by Landlock alone (ABI ");
		expect_in(&r, line, "sign: blocked: write to ");
		ck_assert_msg(!exists(file), "the scheme wrote %s", file);
	}
	free(line);
	run_free(&r);
	/* --no-confine: the note without a word on confinement */
	HASHPROF(&r, 0, NULL, "-n", "3", "--no-confine", "SYNTH-SIG", "keygen");
	run_expect_status(&r, 0);
	ck_assert_uint_eq(r.emulation_notes, 1);
	ck_assert_str_eq(r.err, "");
	expect_in(&r, r.notes, ": the call counts are exact, every time is the emulator's\n");
	run_free(&r);
	remove_tmp();
}
END_TEST

static Suite *emulated_suite(void)
{
	Suite *s = suite_create("confine (emulated)");
	TCase *tc = tcase_create("emulated");

	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, NULL, remove_tmp);
	tcase_add_test(tc, emulated_says_unconfined);
	suite_add_tcase(s, tc);
	return s;
}

static Suite *confine_suite(void)
{
	Suite *s = suite_create("confine");
	TCase *measured = tcase_create("measured"), *builds = tcase_create("builds");

	tcase_set_timeout(measured, 300);
	tcase_add_checked_fixture(measured, NULL, remove_tmp);
	tcase_add_test(measured, scheme_writes_under_home);
	tcase_add_test(measured, scheme_opens_socket);
	tcase_add_test(measured, scheme_forks);
	tcase_add_test(measured, scheme_runs_program);
	tcase_add_test(measured, scheme_allocates_without_bound);
	tcase_add_test(measured, one_allocation_above_the_limit);
	tcase_add_test(measured, degrades_with_one_warning);
	tcase_add_test(measured, measuring_child_is_confined);
	suite_add_tcase(s, measured);
	tcase_set_timeout(builds, 300);
	tcase_add_checked_fixture(builds, NULL, remove_tmp);
	tcase_add_test(builds, makefile_shell_writes_outside);
	tcase_add_test(builds, scheme_constructor_writes_home);
	tcase_add_test(builds, kat_deletes_outside);
	tcase_add_test(builds, build_cannot_read_home);
	suite_add_tcase(s, builds);
	return s;
}

int main(void)
{
	int emulated = hp_util_user_mode_emulated();
	SRunner *sr = srunner_create(emulated ? emulated_suite() : confine_suite());
	char why[192];
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (failed)
		return EXIT_FAILURE;
	if (emulated) {
		hp_util_emulated(why, sizeof why);
		printf("SKIP: the confinement of package code cannot be observed here: this process is emulated "
		       "(%s): the emulator stands between the package and the kernel (a seccomp filter would judge "
		       "the emulator's own system calls, RLIMIT_AS is not applied, Landlock only as far as the "
		       "emulator passes it on: qemu-user 7.2 not at all); checked only that hashprof says so in its "
		       "emulation note and claims no block it did not make\n",
		       why);
		return 77;
	}
	return EXIT_SUCCESS;
}
