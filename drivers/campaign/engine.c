/*
 * engine.c - the engines that run a campaign's steps (see campaign.h).
 * hashprof has no scheduler of its own: a step is one command (`hashprof
 * campaign ROOT --unit=FOLDER ...`, unit.c), and existing engines run the
 * commands:
 *
 *   - locally, GNU make: OUT/campaign.mk has one phony target per step
 *     that must run; `make -k -j N build` runs the builds N at a time,
 *     then `make -k -j P profile` the profiles, P at most one per distinct
 *     CPU (cpus.c), each step pinned to its own;
 *   - on many machines, a job file of one self-contained command per
 *     folder (its build and its profile) for GNU parallel
 *     (--sshloginfile) or a Slurm job array; `--collect` then makes the
 *     pages and the index.
 *
 * What is stale is decided here, from the folders' state and input hashes
 * (inputs.c), so that make only ever sees steps that must run and the
 * progress counts them.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "campaign.h"
#include "util/proc.h"

int hp_campaign_stale(const struct hp_campaign *c, const struct hp_folders *fs, struct hp_stale *s, char *err,
		      size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->nfolders = fs->n;
	s->build = calloc(fs->n + 1, 1);
	s->profile = calloc(fs->n + 1, 1);
	if (!s->build || !s->profile) {
		hp_stale_free(s);
		return hp_fmt(err, errlen, "out of memory"), -1;
	}
	for (size_t i = 0; i < fs->n; i++) {
		struct hp_unit_build b;
		struct hp_unit_profile p;
		uint64_t inputs;
		char why[HP_CAMPAIGN_REASON];

		hp_unit_build_load(c->out, fs->v[i].key, &b);
		if (c->force || hp_campaign_build_inputs(c, &fs->v[i], b.manifest, &inputs, why, sizeof why) != 0 ||
		    !hp_unit_build_fresh(c, &b, inputs)) {
			s->build[i] = s->profile[i] = 1;
			continue;
		}
		if (strcmp(b.status, "built"))
			continue; /* a failed build that would fail again: nothing to profile */
		hp_unit_profile_load(c->out, fs->v[i].key, &p);
		s->profile[i] = !hp_unit_profile_fresh(c, &p, hp_campaign_profile_inputs(c, b.so_hash));
	}
	for (size_t i = 0; i < fs->n; i++) {
		s->nbuild += s->build[i];
		s->nprofile += s->profile[i];
	}
	return 0;
}

void hp_stale_free(struct hp_stale *s)
{
	free(s->build);
	free(s->profile);
	memset(s, 0, sizeof *s);
}

int hp_unit_command(const struct hp_campaign *c, const struct hp_folder *f, enum hp_unit_phase phase, const char *cpus,
		    struct hp_strv *sv)
{
	int rc = 0;

	rc |= hp_strv_add(sv, c->hashprof);
	rc |= hp_strv_add(sv, "campaign");
	rc |= hp_strv_add(sv, c->root);
	rc |= hp_strv_addf(sv, "--unit=%s", f->rel);
	rc |= hp_strv_add(sv, "-o");
	rc |= hp_strv_add(sv, c->out);
	rc |= hp_strv_addf(sv, "--tier=%s", hp_tier_name(c->tier));
	rc |= hp_strv_addf(sv, "--timeout=%u", c->timeout);
	rc |= hp_strv_addf(sv, "--build-timeout=%u", c->build_timeout);
	rc |= hp_strv_extend(sv, &c->run_args);
	if (phase != HP_PHASE_ALL)
		rc |= hp_strv_addf(sv, "--phase=%s", phase == HP_PHASE_BUILD ? "build" : "profile");
	if (cpus && *cpus)
		rc |= hp_strv_addf(sv, "--cpus=%s", cpus);
	if (c->build_jobs && phase != HP_PHASE_PROFILE)
		rc |= hp_strv_addf(sv, "--build-jobs=%u", c->build_jobs);
	if (c->force)
		rc |= hp_strv_add(sv, "--force");
	if (c->retry_failed)
		rc |= hp_strv_add(sv, "--retry-failed");
	return rc ? -1 : 0;
}

/* The command as one shell line (malloc'd; NULL when out of memory). */
static char *hp_unit_line(const struct hp_campaign *c, const struct hp_folder *f, enum hp_unit_phase phase,
			  const char *cpus)
{
	struct hp_strv sv = { 0 };
	char *line = NULL;

	if (hp_unit_command(c, f, phase, cpus, &sv) == 0)
		line = hp_command_line(sv.v);
	hp_strv_free(&sv);
	return line;
}

/* Append s to the growing text (*text, *len), '$' doubled for make when
 * make_escape.  Returns 0, or -1 (out of memory). */
static int hp_text_add(char **text, size_t *len, const char *s, int make_escape)
{
	size_t n = strlen(s), extra = 0;
	char *t;

	for (size_t i = 0; make_escape && i < n; i++)
		extra += s[i] == '$';
	if (!(t = realloc(*text, *len + n + extra + 1)))
		return -1;
	*text = t;
	for (size_t i = 0; i < n; i++) {
		t[(*len)++] = s[i];
		if (make_escape && s[i] == '$')
			t[(*len)++] = '$';
	}
	t[*len] = '\0';
	return 0;
}

int hp_makefile_write(const struct hp_campaign *c, const struct hp_folders *fs, const struct hp_stale *s,
		      const char *cpus, char *path, size_t pathlen, char *err, size_t errlen)
{
	char *text = NULL, head[PATH_MAX + 512];
	size_t len = 0;
	int rc = 0;

	hp_fmt(path, pathlen, "%s/campaign.mk", c->out);
	hp_fmt(head, sizeof head,
	       "%sfor %s (tier %s): one phony target\n"
	       "# per step that has to run, each a hashprof command.  hashprof runs it as\n"
	       "#   make -f campaign.mk -k -j N build; make -f campaign.mk -k -j P profile\n"
	       "# (P: at most one profile per distinct CPU, pinned; docs/campaign.md).\n\n",
	       HP_MAKEFILE_MARK, c->root, hp_tier_name(c->tier));
	rc |= hp_text_add(&text, &len, head, 0);
	rc |= hp_text_add(&text, &len, ".PHONY: build profile\nbuild:", 0);
	for (size_t i = 0; i < fs->n; i++)
		if (s->build[i]) {
			rc |= hp_text_add(&text, &len, " b-", 0);
			rc |= hp_text_add(&text, &len, fs->v[i].key, 0);
		}
	rc |= hp_text_add(&text, &len, "\nprofile:", 0);
	for (size_t i = 0; i < fs->n; i++)
		if (s->profile[i]) {
			rc |= hp_text_add(&text, &len, " p-", 0);
			rc |= hp_text_add(&text, &len, fs->v[i].key, 0);
		}
	rc |= hp_text_add(&text, &len, "\n", 0);
	for (size_t i = 0; rc == 0 && i < fs->n; i++)
		for (int phase = HP_PHASE_BUILD; phase <= HP_PHASE_PROFILE; phase++) {
			char *line;
			if (!(phase == HP_PHASE_BUILD ? s->build[i] : s->profile[i]))
				continue;
			/* exec: the step's parent is make itself, whose death it
			 * notices (cmd_campaign.c, PR_SET_PDEATHSIG) */
			if (!(line = hp_unit_line(c, &fs->v[i], (enum hp_unit_phase)phase,
						  phase == HP_PHASE_PROFILE ? cpus : NULL))) {
				rc = -1;
				break;
			}
			rc |= hp_text_add(&text, &len, phase == HP_PHASE_BUILD ? "\n.PHONY: b-" : "\n.PHONY: p-", 0);
			rc |= hp_text_add(&text, &len, fs->v[i].key, 0);
			rc |= hp_text_add(&text, &len, phase == HP_PHASE_BUILD ? "\nb-" : "\np-", 0);
			rc |= hp_text_add(&text, &len, fs->v[i].key, 0);
			rc |= hp_text_add(&text, &len, ":\n\t@exec ", 0);
			rc |= hp_text_add(&text, &len, line, 1);
			rc |= hp_text_add(&text, &len, "\n", 0);
			free(line);
		}
	if (rc) {
		free(text);
		return hp_fmt(err, errlen, "out of memory"), -1;
	}
	rc = hp_util_write_file(path, text, len, "makefiles", err, errlen);
	free(text);
	return rc;
}

long hp_jobs_write(const struct hp_campaign *c, const struct hp_folders *fs, const struct hp_stale *s, const char *path,
		   char *err, size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	long n = 0;
	int rc = hp_text_add(&text, &len, "", 0);

	for (size_t i = 0; rc == 0 && i < fs->n; i++) {
		char *line;
		if (!s->build[i] && !s->profile[i])
			continue;
		if (!(line = hp_unit_line(c, &fs->v[i], HP_PHASE_ALL, NULL))) {
			rc = -1;
			break;
		}
		rc |= hp_text_add(&text, &len, line, 0);
		rc |= hp_text_add(&text, &len, "\n", 0);
		free(line);
		n++;
	}
	if (rc) {
		free(text);
		return hp_fmt(err, errlen, "out of memory"), -1;
	}
	rc = hp_util_write_file(path, text, len, "job files", err, errlen);
	free(text);
	return rc ? -1 : n;
}

/* ---------- running make ---------- */

/* Feed the complete lines of buf (len bytes, *used of them kept) to pg. */
static void hp_feed_lines(struct hp_progress *pg, char *buf, size_t *used, int flush)
{
	size_t start = 0;

	for (size_t i = 0; i < *used; i++)
		if (buf[i] == '\n') {
			buf[i] = '\0';
			hp_progress_line(pg, buf + start);
			start = i + 1;
		}
	if (flush && start < *used) {
		buf[*used] = '\0';
		hp_progress_line(pg, buf + start);
		start = *used;
	}
	memmove(buf, buf + start, *used - start);
	*used -= start;
}

int hp_make_run(const char *makefile, const char *target, unsigned jobs, struct hp_progress *pg, char *err,
		size_t errlen)
{
	char jobs_arg[32], buf[8192];
	int fds[2], st = 0;
	size_t used = 0;
	pid_t pid;

	snprintf(jobs_arg, sizeof jobs_arg, "-j%u", jobs ? jobs : 1);
	if (pipe2(fds, O_CLOEXEC) != 0)
		return hp_fmt(err, errlen, "cannot make a pipe: %s", strerror(errno)), -1;
	pid = hp_util_fork_group();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return hp_fmt(err, errlen, "cannot fork: %s", strerror(errno)), -1;
	}
	if (pid == 0) {
		char *argv[] = { (char *)"make", (char *)"-f", (char *)makefile, (char *)"-k",
				 (char *)"-s",   jobs_arg,     (char *)target,   NULL };
		char pidenv[32];
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		/* a make that runs us (make check) must not pass its flags or
		 * jobserver on to ours */
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("GNUMAKEFLAGS");
		unsetenv("MAKELEVEL");
		unsetenv("MAKEOVERRIDES");
		snprintf(pidenv, sizeof pidenv, "%ld", (long)getpid());
		setenv("HASHPROF_CAMPAIGN_MAKE_PID", pidenv, 1);
		execvp(argv[0], argv);
		fprintf(stderr, "hashprof: campaign: cannot run make: %s\n", strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		struct pollfd pfd = { fds[0], POLLIN, 0 };
		int r = poll(&pfd, 1, 1000);
		ssize_t got;
		if (r < 0 && errno == EINTR)
			continue; /* an interrupting signal: make's group is killed, its pipe ends */
		if (r == 0) {
			hp_progress_tick(pg);
			continue;
		}
		got = read(fds[0], buf + used, sizeof buf - 1 - used);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		used += (size_t)got;
		hp_feed_lines(pg, buf, &used, used == sizeof buf - 1);
	}
	hp_feed_lines(pg, buf, &used, 1);
	close(fds[0]);
	while (hp_util_wait(pid, -1, &st) < 0 && errno == EINTR)
		;
	hp_util_group_done(pid);
	if (hp_util_interrupted())
		return 128 + hp_util_interrupted();
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
		return hp_fmt(err, errlen, "make could not be run (GNU make is needed for local runs)"), -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
