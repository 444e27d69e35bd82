/*
 * unit.c - the steps of one instance folder (see campaign.h): its build
 * and its profile, each done by hashprof itself in a child process, so
 * that whatever the package does (crash the builder, hang an operation,
 * fill a log) stays in its own rows.
 *
 *   build    `hashprof build FOLDER --output-dir OUT/units/KEY/instance
 *            --kat --kat-timeout=S` (every program it runs in a process
 *            group of its own), killed with its programs after
 *            --build-timeout seconds;
 *   profile  for each operation of the instance (hp_default_ops: a key
 *            exchange's every step up to its number of passes, and
 *            exchange), `hashprof PROCEDURE --timeout=S --per-iteration
 *            --record-dir OUT/records/CANDIDATE NAME OP`, which writes the
 *            record atomically (with each operation's helper calls, for
 *            the N search) and kills an operation step that
 *            runs longer than S seconds.
 *
 * Each step's outcome is written to the folder's state as soon as it is
 * known, an operation's before the next one starts, so that a campaign
 * killed at any moment redoes only the operation it was in.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign.h"
#include "instance.h"
#include "util/dirlock.h"
#include "util/monotonic.h"
#include "ops/ops.h"
#include "record/record_io.h"
#include "rows.h"
#include "whose.h"

_Static_assert(HP_CAMPAIGN_OPS >= HP_OPS_MAX, "a profile holds every operation of an instance");

/* One line on stdout in one write(2), so that the lines of jobs that run
 * at once (make -j) never interleave within a line. */
static void hp_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void hp_say(const char *fmt, ...)
{
	char line[2 * PATH_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof line - 2)
		n = (int)(sizeof line - 2);
	line[n++] = '\n';
	fflush(stdout);
	hp_util_write_all(STDOUT_FILENO, line, (size_t)n);
}

void hp_log_reason(const char *log, const char *root, char *buf, size_t len)
{
	char *text = hp_util_read_file(log, 0, NULL), *last = NULL, *cut;
	size_t rl = strlen(root);

	buf[0] = '\0';
	if (!text)
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		if (!strncmp(line, "hashprof: ", 10))
			last = line + 10;
	if (last) {
		if ((cut = strstr(last, " (command: ")))
			*cut = '\0';
		/* package paths relative to the tree: the same text wherever it lies */
		for (size_t o = 0; *last && o + 1 < len;) {
			if (rl && !strncmp(last, root, rl) && last[rl] == '/') {
				last += rl + 1;
				continue;
			}
			buf[o++] = *last++;
			buf[o] = '\0';
		}
	}
	free(text);
}

/* The reason of a program that did not end by itself. */
static void hp_proc_reason(const struct hp_proc *p, const char *what, unsigned timeout, const char *option, char *buf,
			   size_t len)
{
	if (p->spawn_errno)
		hp_fmt(buf, len, "%s could not be run: %s", what, strerror(p->spawn_errno));
	else if (p->timed_out)
		hp_fmt(buf, len, "%s did not finish within %u s (%s): killed, with the programs it ran", what, timeout,
		       option);
	else if (p->signal)
		hp_fmt(buf, len, "%s was killed by SIG%s", what,
		       sigabbrev_np(p->signal) ? sigabbrev_np(p->signal) : "?");
	else
		hp_fmt(buf, len, "%s exited with status %d", what, p->status);
}

/* The folder's lock (hp_unit_run's), checked before each state is
 * written; NULL: none to check. */
static const struct hp_dirlock *hp_lock;

/* May this process still write the folder's state?  0 yes; -1 after one
 * line on stderr when its lock was lost (another process may own the
 * folder now): the step is not run, and its state is left alone. */
static int hp_lock_kept(const struct hp_folder *f, const char *step)
{
	if (!hp_lock || hp_dirlock_held(hp_lock))
		return 0;
	fprintf(stderr,
		"hashprof: campaign: %s %s: not run: lost its lock %s (removed or replaced meanwhile); its state "
		"is not written\n",
		step, f->rel, hp_lock->path);
	hp_say("hashprof campaign: done %s %s: not run: lost its lock %s", step, f->rel, hp_lock->path);
	return -1;
}

/* Is the failure of the step p (its output in log, its last hashprof line
 * own; it wrote into dir) the machine's (whose.h)?  1 with the cause in
 * cause, else 0. */
static int hp_step_env(const struct hp_proc *p, const char *log, const char *own, const char *dir, char *cause,
		       size_t len)
{
	char *text = hp_util_read_file(log, 0, NULL);
	struct hp_step_end e = { .spawn_errno = p->spawn_errno,
				 .signal = p->timed_out ? 0 : p->signal,
				 .timed_out = p->timed_out,
				 .log_text = text,
				 .own_line = own,
				 .probe_dir = dir };
	int env = hp_whose_env(&e, cause, len);

	free(text);
	return env;
}

/* Run argv with its output into log; timeout seconds (0: no limit).  The
 * process's outcome into p.  An interrupting signal ends us here
 * (hp_proc_wait: the child's group killed, exit 128 + N). */
static void hp_run_logged(char *const argv[], const char *log, unsigned timeout, struct hp_proc *p)
{
	if (hp_proc_start(p, argv, NULL, log, log, 0) != 0) {
		memset(p, 0, sizeof *p);
		p->spawn_errno = errno ? errno : EAGAIN;
		return;
	}
	hp_proc_wait(p, timeout);
}

/* ---------- build ---------- */

/* The instance the build made in dir: the newest instance .so there (an
 * older one of another name, from before the package was renamed, is
 * removed).  Returns 0 with inst filled, or -1. */
static int hp_built_instance(const char *dir, struct hp_instance *inst)
{
	struct hp_strv files = { 0 };
	struct timespec best = { 0, 0 };
	int found = -1;

	if (hp_walk_files(dir, &files) != 0)
		return -1;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < files.n; i++) {
			char path[PATH_MAX];
			struct hp_instance one;
			struct stat st;
			size_t n = strlen(files.v[i]);
			if (strchr(files.v[i], '/') || n < 4 || strcmp(files.v[i] + n - 3, ".so"))
				continue;
			hp_fmt(path, sizeof path, "%s/%s", dir, files.v[i]);
			if (stat(path, &st) != 0 || hp_instance_read(path, &one) != 0)
				continue;
			if (pass == 0 && (found < 0 || st.st_mtim.tv_sec > best.tv_sec ||
					  (st.st_mtim.tv_sec == best.tv_sec && st.st_mtim.tv_nsec > best.tv_nsec))) {
				best = st.st_mtim;
				*inst = one;
				found = 0;
			} else if (pass == 1 && strcmp(one.path, inst->path)) {
				unlink(path);
			}
		}
	hp_strv_free(&files);
	return found;
}

/* Did the campaign get --no-confine (its rows' options)?  Then the
 * package's build runs unconfined too: the same code, the same rights. */
static int hp_campaign_unconfined(const struct hp_campaign *c)
{
	for (size_t i = 0; i < c->run_args.n; i++)
		if (!strcmp(c->run_args.v[i], "--no-confine"))
			return 1;
	return 0;
}

static int hp_unit_build(const struct hp_campaign *c, const struct hp_folder *f, struct hp_unit_build *b)
{
	struct hp_unit_build old;
	struct hp_strv argv = { 0 };
	struct hp_instance inst;
	struct hp_proc p;
	char dir[PATH_MAX], log[PATH_MAX], path[PATH_MAX], err[HP_CAMPAIGN_REASON];
	uint64_t folder, inputs, size;
	double t0 = hp_util_monotonic();

	hp_unit_build_load(c->out, f->key, &old);
	if (hp_campaign_folder_inputs(c, f, &folder, err, sizeof err) != 0)
		inputs = 0;
	else
		inputs = hp_campaign_outside_inputs(c, f, old.manifest, 0, folder);
	if (inputs && !c->force && hp_unit_build_fresh(c, &old, inputs)) {
		*b = old;
		hp_say("hashprof campaign: done build %s: up to date (%s%s%s)", f->rel, b->status,
		       b->instance[0] ? " " : "", b->instance);
		return 0;
	}
	hp_say("hashprof campaign: start build %s", f->rel);
	memset(b, 0, sizeof *b);
	b->present = 1;
	b->inputs = inputs;
	/* a build that fails keeps the last good build's files outside the
	 * folder as inputs (this one may not have got as far as to read them) */
	hp_fmt(b->manifest, sizeof b->manifest, "%s", old.manifest);
	hp_fmt(b->log, sizeof b->log, "units/%s/build.log", f->key);
	hp_fmt(b->kat, sizeof b->kat, "not checked");
	b->timeout = c->timeout;
	b->build_timeout = c->build_timeout;
	hp_unit_path(c->out, f->key, "instance", dir, sizeof dir);
	hp_unit_path(c->out, f->key, "build.log", log, sizeof log);
	if (!inputs) {
		hp_fmt(b->status, sizeof b->status, "failed");
		hp_fmt(b->reason, sizeof b->reason, "%s", err);
		goto done;
	}
	if (hp_mkdirs(dir) != 0) {
		int e = errno;
		hp_fmt(b->status, sizeof b->status, "%s", hp_whose_errno(e) ? "not run" : "failed");
		hp_fmt(b->reason, sizeof b->reason, "%s%scannot create %s: %s",
		       hp_whose_errno(e) ? hp_whose_errno(e) : "", hp_whose_errno(e) ? ": " : "", dir, strerror(e));
		goto done;
	}
	if (hp_strv_add(&argv, c->hashprof) || hp_strv_add(&argv, "build") || hp_strv_add(&argv, f->abs) ||
	    hp_strv_add(&argv, "--output-dir") || hp_strv_add(&argv, dir) || hp_strv_add(&argv, "--kat") ||
	    hp_strv_addf(&argv, "--kat-timeout=%u", c->timeout) ||
	    (c->build_jobs && hp_strv_addf(&argv, "--jobs=%u", c->build_jobs)) ||
	    (hp_campaign_unconfined(c) && hp_strv_add(&argv, "--no-confine")) ||
	    /* a build a time limit ended, again with a longer one: the
	     * builder's manifest would give its stored KAT result back */
	    ((c->force || hp_unit_build_timed_out(c, &old)) && hp_strv_add(&argv, "--force"))) {
		hp_fmt(b->status, sizeof b->status, "not run");
		hp_fmt(b->reason, sizeof b->reason, "out of memory (hashprof's own)");
		goto done;
	}
	hp_run_logged(argv.v, log, c->build_timeout, &p);
	hp_strv_free(&argv);
	if (p.spawn_errno || p.timed_out || p.signal || (p.status != 0 && p.status != 1)) {
		char why[HP_CAMPAIGN_REASON];
		hp_log_reason(log, c->root, why, sizeof why);
		if (hp_step_env(&p, log, why, dir, b->reason, sizeof b->reason)) {
			/* the machine's: no verdict on the package; the next run retries */
			hp_fmt(b->status, sizeof b->status, "not run");
			goto done;
		}
		hp_fmt(b->status, sizeof b->status, "failed");
		if (p.timed_out)
			hp_fmt(b->timed_out, sizeof b->timed_out, "build");
		if (why[0] && !p.timed_out && !p.signal && !p.spawn_errno)
			hp_fmt(b->reason, sizeof b->reason, "%s", why);
		else
			hp_proc_reason(&p, "hashprof build", c->build_timeout, "--build-timeout", b->reason,
				       sizeof b->reason);
		goto done;
	}
	if (hp_built_instance(dir, &inst) != 0) {
		int e = hp_whose_probe(dir);
		if (hp_whose_errno(e)) {
			hp_fmt(b->status, sizeof b->status, "not run");
			hp_fmt(b->reason, sizeof b->reason,
			       "%s (no instance left in %s; a test write there failed: %s)", hp_whose_errno(e), dir,
			       strerror(e));
			goto done;
		}
		hp_fmt(b->status, sizeof b->status, "failed");
		hp_fmt(b->reason, sizeof b->reason, "hashprof build exited with status %d but left no instance in %s",
		       p.status, dir);
		goto done;
	}
	hp_fmt(b->status, sizeof b->status, "built");
	hp_fmt(b->instance, sizeof b->instance, "%s", inst.name);
	hp_fmt(b->kind, sizeof b->kind, "%s", inst.kind);
	hp_fmt(b->so, sizeof b->so, "%s", hp_path_below(c->out, inst.path));
	hp_hash_file(inst.path, &b->so_hash, &size);
	hp_fmt(b->kat, sizeof b->kat, "%s", inst.kat[0] ? inst.kat : "not checked");
	hp_fmt(b->warnings, sizeof b->warnings, "%s", inst.warnings);
	{
		struct hp_kat k;
		hp_fmt(path, sizeof path, "%s/.hashprof-build/%s.manifest", dir, inst.name);
		if (hp_manifest_stored_kat(path, &k) == 0)
			hp_fmt(b->kat_detail, sizeof b->kat_detail, "%s", k.detail);
		/* builder/kat.c's words for a KAT program its limit ended */
		if (!strcmp(b->kat, "fail") && strstr(b->kat_detail, " did not finish within "))
			hp_fmt(b->timed_out, sizeof b->timed_out, "kat");
		/* the files outside the folder, as this build read them: a file
		 * changed since (even while it ran) makes the next run build again */
		hp_fmt(b->manifest, sizeof b->manifest, "%s", hp_path_below(c->out, path));
		b->inputs = hp_campaign_outside_inputs(c, f, b->manifest, 1, folder);
	}
done:
	b->seconds = hp_util_monotonic() - t0;
	if (hp_lock_kept(f, "build") != 0)
		return 3;
	if (hp_unit_build_store(c->out, f->key, b, err, sizeof err) != 0) {
		int e = errno;
		fprintf(stderr, "hashprof: campaign: %s\n", err);
		hp_say("hashprof campaign: done build %s: not run: %s (its state could not be written)", f->rel,
		       hp_whose_errno(e) ? hp_whose_errno(e) : strerror(e));
		return 3;
	}
	if (!strcmp(b->status, "built"))
		hp_say("hashprof campaign: done build %s: built %s (KAT %s)", f->rel, b->instance, b->kat);
	else
		hp_say("hashprof campaign: done build %s: %s: %s", f->rel, b->status, b->reason);
	return 0;
}

/* ---------- profile ---------- */

/* Why this instance cannot be profiled as itself ("" when it can): its
 * name runs another instance earlier on hashprof's search path, or
 * another folder of the candidate built the same name (their records
 * would overwrite each other; the first folder by path keeps it). */
static void hp_profile_blocked(const struct hp_campaign *c, const struct hp_folder *f, const struct hp_unit_build *b,
			       const char *so, char *why, size_t len)
{
	struct hp_instance found;
	struct hp_campaign plan;
	struct hp_folders fs;
	char real_so[PATH_MAX], real_found[PATH_MAX], err[HP_CAMPAIGN_REASON];
	size_t other;

	why[0] = '\0';
	if (hp_instance_find(b->instance, &found) != 0) {
		hp_fmt(why, len, "hashprof does not find the instance %s it built (%s)", b->instance, so);
		return;
	}
	if (!realpath(so, real_so) || !realpath(found.path, real_found) || strcmp(real_so, real_found)) {
		hp_fmt(why, len,
		       "the instance name %s is taken by %s, which comes earlier on hashprof's search path: name "
		       "this one otherwise (a recipe's name =)",
		       b->instance, found.path);
		return;
	}
	memset(&plan, 0, sizeof plan);
	if (hp_plan_load(c->out, &plan, &fs, &other, err, sizeof err) != 0)
		return; /* no plan (a job line run by hand): nothing to compare with */
	for (size_t i = 0; i < fs.n && strcmp(fs.v[i].rel, f->rel) < 0; i++) {
		struct hp_unit_build ob;
		if (strcmp(fs.v[i].candidate, f->candidate))
			continue;
		hp_unit_build_load(c->out, fs.v[i].key, &ob);
		if (ob.present && !strcmp(ob.status, "built") && !strcmp(ob.instance, b->instance)) {
			hp_fmt(why, len,
			       "%s built the same instance name %s for this candidate: the records would overwrite "
			       "each other; not profiled (rename one, or remove the copy)",
			       fs.v[i].rel, b->instance);
			break;
		}
	}
	hp_strv_free(&plan.run_args);
	hp_folders_free(&fs);
}

/* The failure a failed row's record names ("" when there is none). */
static void hp_failed_record_reason(const char *path, char *buf, size_t len)
{
	json_t *j = hp_campaign_read_json(path);
	const char *s = json_string_value(json_object_get(j, "failure"));

	hp_fmt(buf, len, "%s", s ? s : "");
	json_decref(j);
}

/* Profile one operation into u: `hashprof ... NAME OP`. */
static void hp_profile_op(const struct hp_campaign *c, const struct hp_folder *f, const struct hp_unit_build *b,
			  const char *recdir, struct hp_unit_op *u)
{
	struct hp_strv argv = { 0 };
	struct hp_result *r = calloc(1, sizeof *r);
	struct hp_proc p;
	char log[PATH_MAX], file[PATH_MAX], name[HP_NAME_MAX + 64], rec[PATH_MAX], failed[PATH_MAX], why[256];
	double t0 = hp_util_monotonic();
	struct stat st;

	u->record[0] = u->reason[0] = '\0';
	u->timed_out = 0;
	u->timeout = c->timeout;
	if (!r) {
		hp_fmt(u->status, sizeof u->status, "not run");
		hp_fmt(u->reason, sizeof u->reason, "%s: out of memory (hashprof's own)", u->op);
		return;
	}
	hp_fmt(r->instance, sizeof r->instance, "%s", b->instance);
	hp_fmt(r->operation, sizeof r->operation, "%s", u->op);
	hp_record_file_name(r, name, sizeof name);
	free(r);
	hp_fmt(rec, sizeof rec, "%s/%s", recdir, name);
	hp_record_failed_name(rec, failed, sizeof failed);
	hp_fmt(file, sizeof file, "%s.log", u->op);
	hp_unit_path(c->out, f->key, file, log, sizeof log);
	hp_strv_add(&argv, c->hashprof);
	hp_strv_extend(&argv, &c->run_args);
	hp_strv_addf(&argv, "--timeout=%u", c->timeout);
	/* the records keep each operation's calls: report --curve and the
	 * N search read them (docs/record-schema.md, per_iteration) */
	hp_strv_add(&argv, "--per-iteration");
	hp_strv_add(&argv, "--record-dir");
	hp_strv_add(&argv, recdir);
	hp_strv_add(&argv, b->instance);
	if (hp_strv_add(&argv, u->op) != 0) {
		hp_strv_free(&argv);
		hp_fmt(u->status, sizeof u->status, "not run");
		hp_fmt(u->reason, sizeof u->reason, "%s: out of memory (hashprof's own)", u->op);
		return;
	}
	hp_run_logged(argv.v, log, 0, &p);
	hp_strv_free(&argv);
	u->seconds = hp_util_monotonic() - t0;
	if (p.status == 0 && !p.signal && !p.spawn_errno && stat(rec, &st) == 0) {
		hp_fmt(u->status, sizeof u->status, "profiled");
		hp_fmt(u->record, sizeof u->record, "%s", hp_path_below(c->out, rec));
		return;
	}
	hp_fmt(u->status, sizeof u->status, "failed");
	if (p.status == 1 && stat(failed, &st) == 0) {
		/* the row failed: the failed row's record says why */
		int e;
		hp_failed_record_reason(failed, why, sizeof why);
		hp_fmt(u->record, sizeof u->record, "%s", hp_path_below(c->out, failed));
		if ((e = hp_whose_text(why, 0))) {
			hp_fmt(u->status, sizeof u->status, "not run");
			hp_fmt(u->reason, sizeof u->reason, "%s: %s (the row says: %s)", u->op, hp_whose_errno(e), why);
			return;
		}
		/* hashprof's words for a step its --timeout ended (drivers/child.c) */
		u->timed_out = !strncmp(why, "timed out", 9);
		hp_fmt(u->reason, sizeof u->reason, "%s: %s", u->op, why[0] ? why : "failed");
		return;
	}
	{
		char own[HP_CAMPAIGN_REASON], cause[HP_CAMPAIGN_REASON];
		hp_log_reason(log, c->root, own, sizeof own);
		if (hp_step_env(&p, log, own, recdir, cause, sizeof cause)) {
			hp_fmt(u->status, sizeof u->status, "not run");
			hp_fmt(u->reason, sizeof u->reason, "%s: %s", u->op, cause);
			return;
		}
	}
	if (p.status == 0 && !p.signal && !p.spawn_errno) {
		hp_fmt(u->reason, sizeof u->reason, "%s: hashprof wrote no record %s", u->op, rec);
		return;
	}
	if (!p.signal && !p.spawn_errno)
		hp_log_reason(log, c->root, u->reason, sizeof u->reason);
	if (!u->reason[0]) {
		char what[64];
		hp_fmt(what, sizeof what, "hashprof %s", u->op);
		hp_proc_reason(&p, what, 0, "", u->reason, sizeof u->reason);
	}
}

/* "2 of 3 operations profiled" and the first failure, into buf. */
static void hp_profile_summary(const struct hp_unit_profile *p, char *buf, size_t len)
{
	size_t ok = 0, failed = 0;
	const char *first = NULL;

	for (size_t i = 0; i < p->nops; i++) {
		if (!strcmp(p->ops[i].status, "profiled"))
			ok++;
		else if ((!strcmp(p->ops[i].status, "failed") || !strcmp(p->ops[i].status, "not run")) && !failed++)
			first = p->ops[i].reason;
	}
	if (p->reason[0])
		hp_fmt(buf, len, "not profiled: %s", p->reason);
	else
		hp_fmt(buf, len, "%zu of %zu operations profiled%s%s%s", ok, p->nops, first ? " (" : "",
		       first ? first : "", first ? ")" : "");
}

static int hp_unit_profile(const struct hp_campaign *c, const struct hp_folder *f, const int *cpus, size_t ncpus)
{
	struct hp_unit_build b;
	struct hp_unit_profile old, p;
	struct hp_instance inst;
	const struct hp_kind_ops *k = NULL;
	const char *ops[HP_OPS_MAX];
	char so[PATH_MAX], dir[PATH_MAX], recdir[PATH_MAX], err[HP_CAMPAIGN_REASON], sum[HP_CAMPAIGN_REASON + 64];
	size_t nops;
	int reuse;

	hp_unit_build_load(c->out, f->key, &b);
	if (!b.present || strcmp(b.status, "built")) {
		hp_say("hashprof campaign: done profile %s: not profiled (%s)", f->rel,
		       !b.present                    ? "not built"
		       : !strcmp(b.status, "failed") ? "the build failed"
						     : "the build did not run");
		return 0;
	}
	memset(&p, 0, sizeof p);
	p.present = 1;
	p.inputs = hp_campaign_profile_inputs(c, b.so_hash);
	hp_unit_profile_load(c->out, f->key, &old);
	if (!c->force && hp_unit_profile_fresh(c, &old, p.inputs)) {
		hp_profile_summary(&old, sum, sizeof sum);
		hp_say("hashprof campaign: done profile %s: up to date (%s: %s)", f->rel, b.instance, sum);
		return 0;
	}
	hp_say("hashprof campaign: start profile %s", f->rel);
	if (ncpus)
		hp_pin_one_cpu(c->out, cpus, ncpus);
	hp_fmt(so, sizeof so, "%s/%s", c->out, b.so);
	hp_unit_path(c->out, f->key, "instance", dir, sizeof dir);
	hp_fmt(recdir, sizeof recdir, "%s/records/%s", c->out, f->candidate);
	setenv("HASHPROF_PATH", dir, 1); /* the instance this folder built, before any other of its name */
	if (hp_instance_read(so, &inst) != 0)
		hp_fmt(p.reason, sizeof p.reason, "%s is not an instance hashprof can read", so);
	else if (hp_mkdirs(recdir) != 0) {
		int e = errno;
		p.not_run = hp_whose_errno(e) != NULL;
		hp_fmt(p.reason, sizeof p.reason, "%s%scannot create %s: %s", p.not_run ? hp_whose_errno(e) : "",
		       p.not_run ? ": " : "", recdir, strerror(e));
	} else if (!(k = hp_kind_ops_of(inst.kind)))
		hp_fmt(p.reason, sizeof p.reason, "%s: unknown API kind '%s'", inst.name, inst.kind);
	else
		hp_profile_blocked(c, f, &b, so, p.reason, sizeof p.reason);
	if (p.reason[0]) {
		if (hp_lock_kept(f, "profile") != 0)
			return 3;
		if (hp_unit_profile_store(c->out, f->key, &p, err, sizeof err) != 0)
			return fprintf(stderr, "hashprof: campaign: %s\n", err), 3;
		hp_say("hashprof campaign: done profile %s: not profiled: %s", f->rel, p.reason);
		return 0;
	}
	/* an interrupted run's finished operations are kept: same inputs */
	reuse = !c->force && old.present && old.inputs == p.inputs && !old.reason[0];
	nops = hp_default_ops(&inst, k, c->timeout, ops);
	for (size_t i = 0; i < nops; i++) {
		struct hp_unit_op *u = &p.ops[p.nops++];
		memset(u, 0, sizeof *u);
		hp_fmt(u->op, sizeof u->op, "%s", ops[i]);
		hp_fmt(u->status, sizeof u->status, "pending");
		for (size_t j = 0; reuse && j < old.nops; j++)
			if (!strcmp(old.ops[j].op, ops[i]) && hp_unit_op_done(c, &old.ops[j]))
				*u = old.ops[j];
	}
	if (hp_lock_kept(f, "profile") != 0)
		return 3;
	if (hp_unit_profile_store(c->out, f->key, &p, err, sizeof err) != 0)
		return fprintf(stderr, "hashprof: campaign: %s\n", err), 3;
	for (size_t i = 0; i < p.nops; i++) {
		struct hp_unit_op *u = &p.ops[i];
		if (strcmp(u->status, "pending"))
			continue;
		/* the status line names the operation that runs (or hangs) */
		hp_say("hashprof campaign: %s %s: running", b.instance, u->op);
		hp_profile_op(c, f, &b, recdir, u);
		if (hp_lock_kept(f, "profile") != 0)
			return 3;
		if (hp_unit_profile_store(c->out, f->key, &p, err, sizeof err) != 0)
			return fprintf(stderr, "hashprof: campaign: %s\n", err), 3;
		if (!strcmp(u->status, "profiled"))
			hp_say("hashprof campaign: %s %s: profiled (%.1f s)", b.instance, u->op, u->seconds);
		else
			hp_say("hashprof campaign: %s %s: %s: %s", b.instance, u->op, u->status, u->reason);
	}
	hp_profile_summary(&p, sum, sizeof sum);
	hp_say("hashprof campaign: done profile %s: %s: %s", f->rel, b.instance, sum);
	return 0;
}

int hp_unit_run(const struct hp_campaign *c, const struct hp_folder *f, enum hp_unit_phase phase, const int *cpus,
		size_t ncpus, const struct hp_dirlock *lock)
{
	struct hp_unit_build b;
	int rc = 0;

	hp_lock = lock;

	if (phase != HP_PHASE_PROFILE && (rc = hp_unit_build(c, f, &b)) != 0)
		return rc;
	if (phase != HP_PHASE_BUILD)
		rc = hp_unit_profile(c, f, cpus, ncpus);
	return rc;
}
