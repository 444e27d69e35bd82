/*
 * cmd_build.c - `hashprof build DIR [OPTION]...`: turn an NGCC submission
 * folder into an instance that `hashprof NAME` finds (user guide
 * docs/build.md, recipes docs/recipes.md).
 *
 * Detection (the package's own build: builder/buildsys/buildsys.c, dryrun.c,
 * cmake.c, commands.c; its sources, kind and name: detect.c; shared ICCS
 * files, prebuilt objects, vectors: borrow.c, prebuilt.c, vectors.c),
 * compilation with the reference flags and
 * then the permissive ones (builder/objects/compile.c), inspection of the objects
 * (builder/objects/inspect.c), the link plan and the link (builder/objects/link.c), the
 * optional KAT gate (builder/kat.c) and the manifest that makes the
 * command idempotent (builder/manifest.c), run in order by the builder's
 * pipeline (builder/pipeline.h: prepare, make, install); this file runs the
 * pipeline and prints: the options are in build_options.c, what is
 * printed in build_report.c (build_cmd.h).
 *
 * Exit status: 0 built or up to date; 1 built, or up to date, but the KAT
 * of the instance failed; 2 bad input, a compile or link failure, a
 * refused package, or an output folder another build holds (its lock); 128 + N after signal N (SIGINT, SIGTERM, SIGHUP), the
 * programs it ran killed with their children.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pipeline.h"
#include "cli/build_cmd.h"
#include "candidates.h"
#include "cmds.h"
#include "hash_build.h"
#include "instance.h"
#include "cli/procedure_options.h"
#include "util/dirlock.h"

_Static_assert(HP_BUILD_DONE == HP_EXIT_OK && HP_BUILD_KAT_FAILED == HP_EXIT_FAILED &&
		       HP_BUILD_STOPPED == HP_EXIT_USAGE,
	       "the builder's results are the command's exit statuses");

/* SIGINT, SIGTERM or SIGHUP: the children's groups are killed already
 * (builder/run.c); say so and remove the scratch folder.  The caller exits
 * with 128 + sig. */
static void hp_build_interrupted(int sig)
{
	const char *abbrev = sigabbrev_np(sig);

	fflush(stdout);
	fprintf(stderr, "hashprof: build interrupted by SIG%s: the programs it started were killed\n",
		abbrev ? abbrev : "?");
	if (hp_build_scratch_dir()[0])
		hp_rmtree(hp_build_scratch_dir());
}

/* The build whose programs run (for hp_build_blocked). */
static const struct hp_build *hp_building;

/* A program of the package was blocked by its confinement, or could not
 * be confined (builder/run.c has killed every program still running):
 * say so in the one line of a stopped build and remove the scratch
 * folder.  The caller exits with 2. */
static void hp_build_blocked(const char *why)
{
	fflush(stdout);
	if (hp_building && hp_building->log[0])
		fprintf(stderr, "hashprof: build %s stopped: %s; nothing further of the package was run (log: %s)\n",
			hp_building->det.name, why, hp_building->log);
	else
		fprintf(stderr, "hashprof: build stopped: %s; nothing further of the package was run\n", why);
	if (hp_build_scratch_dir()[0])
		hp_rmtree(hp_build_scratch_dir());
}

/* The output folder's lock (util/dirlock.h), held until the build ends. */
static struct hp_dirlock hp_build_lock = { .fd = -1 };

/* One build at a time on an output folder: two would replace each
 * other's work folder and instance halfway.  Takes OUTDIR/.hashprof-build/
 * lock.  Returns -1 when taken; else exit status 2 after one line naming
 * the process and host that hold it. */
static int hp_build_lock_outdir(const char *outdir)
{
	char dir[PATH_MAX], path[PATH_MAX], prev[512], holder[512], host[256] = "?";
	long pid = 0;
	long long since = 0;
	int rc;

	hp_fmt(dir, sizeof dir, "%s/.hashprof-build", outdir);
	hp_fmt(path, sizeof path, "%s/lock", dir);
	if (hp_mkdirs(dir) != 0)
		return hp_usage_error("build: cannot write to the output folder %s: %s", outdir, strerror(errno));
	if ((rc = hp_dirlock_take(&hp_build_lock, path, prev, sizeof prev, holder, sizeof holder)) < 0)
		return hp_usage_error("build: cannot lock %s: %s", path, strerror(errno));
	if (rc > 0) {
		char when[64] = "";
		if (sscanf(holder, "pid %ld host %255s since %lld", &pid, host, &since) == 3) {
			time_t t = (time_t)since;
			struct tm tm;
			if (gmtime_r(&t, &tm))
				strftime(when, sizeof when, " since %Y-%m-%d %H:%M:%S UTC", &tm);
			return hp_usage_error(
				"build: the output folder %s is in use by another hashprof build, pid %ld "
				"on host %s%s (lock %s): wait for it to end, or give another --output-dir",
				outdir, pid, host, when, path);
		}
		return hp_usage_error("build: the output folder %s is in use by another hashprof build, %s (lock %s): "
				      "wait for it to end, or give another --output-dir",
				      outdir, holder, path);
	}
	/* a holder that ended without releasing it (prev): the kernel dropped
	 * its lock, and its line is only history; taken over silently */
	return -1;
}

/* --hash: the candidate module (builder/hash_build.h), its report and how
 * to run it.  The exit status. */
static int hp_cmd_build_hash(struct hp_build *b)
{
	struct hp_hash_build h = { .b = b, .sm3 = b->opt.sm3hash };
	int rc;

	if (!b->opt.outdir[0]) {
		char user[PATH_MAX];
		hp_candidate_user_dir(user, sizeof user);
		if (hp_path_abs(NULL, user, b->opt.outdir) != 0)
			return hp_usage_error("build: the user candidate folder path is too long");
	}
	if ((rc = hp_build_lock_outdir(b->opt.outdir)) >= 0)
		return rc;
	if ((rc = hp_hash_build_run(&h)) == HP_BUILD_DONE)
		hp_build_hash_report(&h);
	hp_hash_build_free(&h);
	return rc;
}

int hp_cmd_build(int argc, char **argv)
{
	struct hp_build b;
	struct hp_build_product p;
	int rc;

	memset(&b, 0, sizeof b);
	memset(&p, 0, sizeof p);
	snprintf(p.kat.status, sizeof p.kat.status, "not checked");
	snprintf(p.kat.detail, sizeof p.kat.detail, "--kat not given");
	b.out = &hp_build_cli_out;
	hp_build_defaults(&b.opt);
	b.recipe.make = -1;
	hp_proc_trap_interrupts(hp_build_interrupted);
	hp_proc_trap_blocked(hp_build_blocked);
	hp_building = &b;
	if ((rc = hp_build_parse(argc, argv, &b.opt)) >= 0)
		goto out;
	hp_confine_warn(!b.opt.no_confine);
	/* every program of the build from here on shares its one bound */
	hp_proc_deadline(b.opt.build_timeout);
	if (b.opt.hash) {
		rc = hp_cmd_build_hash(&b);
		goto out;
	}
	if (!b.opt.outdir[0]) {
		char user[PATH_MAX];
		hp_instance_user_dir(user, sizeof user);
		if (hp_path_abs(NULL, user, b.opt.outdir) != 0) {
			rc = hp_usage_error("build: the user instance folder path is too long");
			goto out;
		}
	}
	if ((rc = hp_build_lock_outdir(b.opt.outdir)) >= 0)
		goto out;
	if ((rc = hp_build_prepare(&b)) >= 0) {
		/* up to date (its KAT passed or failed): how to run it, as after a build */
		if (rc == HP_BUILD_DONE || rc == HP_BUILD_KAT_FAILED)
			hp_build_how_to_run(&b, 0);
		goto out;
	}
	rc = hp_build_make(&b, &p);
	if (rc == HP_BUILD_STOPPED)
		goto out;
	hp_build_report(&b, p.objs, &p.plan, p.used, p.cflags_shown, &p.kat);
	hp_proc_check_interrupt(); /* a signal between the children: install nothing */
	if (hp_build_install(&b, &p) != HP_BUILD_DONE) {
		rc = HP_BUILD_STOPPED;
		goto out;
	}
	hp_build_how_to_run(&b, 1);
out:
	hp_proc_check_interrupt();
	hp_dirlock_release(&hp_build_lock);
	hp_build_product_free(&b, &p);
	hp_build_free(&b);
	return rc;
}
