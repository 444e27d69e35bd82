/*
 * run.c - running the compiler, the linker, make and KAT programs with
 * prof/util/spawn.c's runner (argument vectors, never a shell; output into
 * log files; a timeout that kills the whole process group), confined
 * (util/confine.h), and on SIGINT, SIGTERM or SIGHUP the groups of every
 * child running killed and hashprof ended (prof/util/proc.c; see
 * builder.h).
 */
#include "config.h"
#include "builder.h"
#include "sandbox/confine.h"
#include "util/monotonic.h"
#include "util/proc.h"
#include "util/spawn.h"
#include "sandbox/supervise.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---------- interruption ---------- */

static void (*hp_on_interrupt)(int sig);

void hp_proc_trap_interrupts(void (*on_interrupt)(int sig))
{
	hp_on_interrupt = on_interrupt;
	hp_util_trap_interrupts();
}

void hp_proc_check_interrupt(void)
{
	int sig = hp_util_interrupted();

	if (!sig)
		return;
	if (hp_on_interrupt)
		hp_on_interrupt(sig);
	exit(128 + sig);
}

/* ---------- confinement ---------- */

static const struct hp_confine *hp_run_policy;
static void (*hp_on_blocked)(const char *why);

void hp_proc_confine(const struct hp_confine *c)
{
	hp_run_policy = c && c->on ? c : NULL;
}

const struct hp_confine *hp_proc_confinement(void)
{
	return hp_run_policy;
}

void hp_proc_trap_blocked(void (*on_blocked)(const char *why))
{
	hp_on_blocked = on_blocked;
}

/* A confined program was blocked, or not confined: stop everything. */
static void hp_proc_refuse(const char *why)
{
	hp_util_kill_groups();
	if (hp_on_blocked)
		hp_on_blocked(why);
	exit(2);
}

/* ---------- the build's deadline ---------- */

static unsigned hp_run_budget; /* --build-timeout, seconds; 0: none */
static double hp_run_deadline; /* hp_util_monotonic() when it runs out */

void hp_proc_deadline(unsigned seconds)
{
	hp_run_budget = seconds;
	hp_run_deadline = seconds ? hp_util_monotonic() + seconds : 0;
}

/* The build ran out of its time while `what` ran (NULL: between programs). */
static void hp_proc_out_of_time(const char *what)
{
	char why[HP_BLOCKED_MAX];

	hp_fmt(why, sizeof why, "--build-timeout: the build took longer than %u s%s%s%s", hp_run_budget,
	       what ? " (" : "", what ? what : "", what ? " was running: killed)" : "");
	hp_proc_refuse(why);
}

/* timeout_s bounded by what is left of the deadline into *eff (0: none);
 * 1 when the deadline is the tighter bound. */
static int hp_proc_bound(unsigned timeout_s, unsigned *eff)
{
	double left;
	unsigned l;

	*eff = timeout_s;
	if (!hp_run_budget)
		return 0;
	left = hp_run_deadline - hp_util_monotonic();
	l = left <= 1 ? 1 : (unsigned)left + 1;
	if (timeout_s && timeout_s <= l)
		return 0;
	*eff = l;
	return 1;
}

/* ---------- running ---------- */

/* The confinement of one start (util/spawn.h's hooks). */
struct hp_proc_confining {
	const struct hp_confine *c;
	struct hp_confine_link link;
	char why[HP_BLOCKED_MAX]; /* the parent's refusal */
};

/* In the child: its temporary files (the compiler's) in its scratch
 * folder; it starts confined, or not at all (the parent says why). */
static int hp_proc_enter(void *arg)
{
	struct hp_proc_confining *k = arg;

	if (k->c && k->c->nwrite)
		setenv("TMPDIR", k->c->write[0], 1);
	return hp_confine_enter(k->c, &k->link);
}

static int hp_proc_adopt(void *arg, pid_t pid)
{
	struct hp_proc_confining *k = arg;

	return hp_confine_adopt(k->c, &k->link, pid, k->why, sizeof k->why);
}

int hp_proc_start(struct hp_proc *p, char *const argv[], const char *cwd, const char *out_path, const char *err_path,
		  int append)
{
	struct hp_proc_confining k = { .c = hp_run_policy };
	struct hp_util_spawn s = { argv, cwd, out_path, err_path, append, hp_proc_enter, hp_proc_adopt, &k };
	pid_t pid;

	memset(p, 0, sizeof *p);
	p->pid = -1;
	hp_proc_check_interrupt();
	if (hp_run_budget && hp_util_monotonic() >= hp_run_deadline)
		hp_proc_out_of_time(NULL);
	{
		const char *slash = strrchr(argv[0], '/');
		hp_fmt(p->what, sizeof p->what, "%s", slash ? slash + 1 : argv[0]);
	}
	if (hp_confine_link_open(k.c, &k.link) != 0)
		return -1;
	pid = hp_util_spawn(&s, &p->spawn_errno);
	if (pid < 0 && errno == ECANCELED)
		hp_proc_refuse(k.why);
	if (pid < 0) {
		for (int i = 0; i < 2; i++)
			if (k.link.fd[i] >= 0)
				close(k.link.fd[i]);
		return -1;
	}
	p->pid = pid;
	p->confine = k.c;
	return 0;
}

int hp_proc_wait(struct hp_proc *p, unsigned timeout_s)
{
	int st, how, by_deadline;
	unsigned eff;

	if (p->pid < 0)
		return -1;
	by_deadline = hp_proc_bound(timeout_s, &eff);
	how = hp_util_reap(p->pid, eff, &st);
	if (how < 0) {
		hp_supervise_forget(p->pid);
		p->status = 127;
		return p->status;
	}
	hp_proc_check_interrupt(); /* the handler killed the group */
	p->timed_out = how == HP_UTIL_TIMED_OUT;
	if (p->timed_out && by_deadline) {
		hp_supervise_forget(p->pid);
		hp_proc_out_of_time(p->what);
	}
	if (hp_supervise_blocked(p->pid)[0]) {
		char why[HP_BLOCKED_MAX];
		hp_fmt(why, sizeof why, "%s", hp_supervise_blocked(p->pid));
		hp_supervise_forget(p->pid);
		hp_proc_refuse(why);
	}
	hp_supervise_forget(p->pid);
	if (p->confine && WIFSIGNALED(st) &&
	    (WTERMSIG(st) == SIGXCPU || WTERMSIG(st) == SIGXFSZ || WTERMSIG(st) == SIGSYS)) {
		char why[HP_BLOCKED_MAX];
		const struct hp_confine *c = p->confine;
		if (WTERMSIG(st) == SIGXCPU)
			hp_fmt(why, sizeof why, "blocked: CPU time: %s used up its limit of %u s", c->what,
			       c->cpu_seconds);
		else if (WTERMSIG(st) == SIGXFSZ)
			hp_fmt(why, sizeof why, "blocked: file size: %s wrote more than %u MiB to a file", c->what,
			       c->file_mb);
		else
			hp_fmt(why, sizeof why,
			       "blocked: %s made a system call the confinement forbids (killed by SIGSYS)", c->what);
		hp_proc_refuse(why);
	}
	if (WIFEXITED(st))
		p->status = WEXITSTATUS(st);
	else if (WIFSIGNALED(st))
		p->status = 128 + (p->signal = WTERMSIG(st));
	else
		p->status = 127;
	if (p->spawn_errno)
		return -1;
	return p->status;
}

int hp_run_program(char *const argv[], const char *cwd, const char *log_path, int append, unsigned timeout_s)
{
	struct hp_proc p;

	if (hp_proc_start(&p, argv, cwd, log_path, log_path, append) != 0)
		return -1;
	return hp_proc_wait(&p, timeout_s);
}

/* Does line start with make's own "make: " or "make[2]: " (not a
 * makefile's "makefile:24: ")? */
static int hp_make_says(const char *line)
{
	if (strncmp(line, "make", 4))
		return 0;
	line += 4;
	if (*line == '[') {
		line += 1 + strspn(line + 1, "0123456789");
		if (*line++ != ']')
			return 0;
	}
	return line[0] == ':' && line[1] == ' ';
}

/* Is line make's "make[2]: Entering directory '...'" (or Leaving)? */
static int hp_make_chdir_line(const char *line)
{
	return hp_make_says(line) && (strstr(line, ": Entering directory '") || strstr(line, ": Leaving directory '"));
}

/* Line priority for hp_first_error: lower is better, 9 = none. */
static int hp_error_rank(const char *line)
{
	if (strstr(line, "collect2: error:") || (hp_make_says(line) && strstr(line, ": ***")))
		return 5; /* a summary: the linker or the recipe said why just before */
	if ((strstr(line, "error:") && !strstr(line, "-Werror")) || !strncmp(line, "CMake Error", 11))
		return 0;
	if (strstr(line, ": *** "))
		return 0; /* make: "Makefile:24: *** invalid syntax in conditional.  Stop." */
	if (strstr(line, "undefined reference") || strstr(line, "multiple definition") ||
	    strstr(line, "undefined symbol"))
		return 1;
	if (strstr(line, "No such file") || strstr(line, "cannot find") || strstr(line, "not found"))
		return 2;
	return 9;
}

void hp_first_error(const char *log_path, char *buf, size_t len)
{
	size_t n;
	char *text = hp_util_read_file(log_path, 0, &n), *best = NULL, *first = NULL;
	int best_rank = 9;

	buf[0] = '\0';
	if (!text)
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		int rank;
		if (!line[strspn(line, " \t\r")])
			continue;
		if (!first && strncmp(line, "+ ", 2) && strncmp(line, "$ ", 2) && !hp_make_chdir_line(line))
			first = line;
		rank = hp_error_rank(line);
		if (rank < best_rank) {
			best_rank = rank;
			best = line;
		}
	}
	if (!best)
		best = first;
	if (best) {
		best[strcspn(best, "\r")] = '\0';
		hp_fmt(buf, len, "%s", best + strspn(best, " \t"));
		/* CMake says where on one line and what on the next */
		if (!strncmp(best, "CMake Error", 11)) {
			char *next = best + strlen(best) + 1, *end = text + n;
			while (next < end && !next[strspn(next, " \t\r")])
				next += strlen(next) + 1;
			if (next < end) {
				size_t used = strlen(buf);
				next[strcspn(next, "\r")] = '\0';
				hp_fmt(buf + used, used < len ? len - used : 0, " %s", next + strspn(next, " \t"));
			}
		}
	}
	free(text);
}

const char *hp_cc_command(void)
{
	const char *cc = getenv("CC");

	if (cc && cc[strspn(cc, " \t")])
		return cc;
#ifdef HP_BUILDER_CC
	/* the compiler configure found: in a cross build the target's
	 * (aarch64-linux-gnu-gcc), whose objects this hashprof can load */
	if (HP_BUILDER_CC[strspn(HP_BUILDER_CC, " \t")])
		return HP_BUILDER_CC;
#endif
	return "cc";
}

int hp_cc_argv(struct hp_strv *sv)
{
	size_t before = sv->n;

	if (hp_split_words(hp_cc_command(), sv) != 0)
		return -1;
	if (sv->n > before)
		return 0;
	return hp_strv_add(sv, "cc");
}
