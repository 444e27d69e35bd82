/*
 * cmd_build.c - `hashprof build DIR [OPTION]...`: turn an NGCC submission
 * folder into an instance that `hashprof NAME` finds (issue 4; user guide
 * docs/build.md, recipes docs/recipes.md).
 *
 * Detection (builder/detect.c), compilation with the reference flags and
 * then the permissive ones (builder/compile.c), inspection of the objects
 * (builder/inspect.c), the link plan and the link (builder/link.c), the
 * optional KAT gate (builder/kat.c) and the manifest that makes the
 * command idempotent (builder/manifest.c); this file prepares the build
 * and runs those steps in order: the options are in build_options.c, one
 * attempt with one flag set in build_attempt.c, what is printed in
 * build_report.c (build_cmd.h).
 *
 * Exit status: 0 built or up to date; 1 built, or up to date, but the KAT
 * of the instance failed; 2 bad input, a compile or link failure, or a
 * refused package; 128 + N after signal N (SIGINT, SIGTERM, SIGHUP), the
 * programs it ran killed with their children.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build_cmd.h"
#include "builder.h"
#include "cmds.h"
#include "instance.h"

/* The scratch folder of hp_prepare until it becomes the work folder ("":
 * none), removed when a signal ends the build. */
static char hp_scratch[PATH_MAX];

/* SIGINT, SIGTERM or SIGHUP: the children's groups are killed already
 * (builder/run.c); say so and remove the scratch folder.  The caller exits
 * with 128 + sig. */
static void hp_build_interrupted(int sig)
{
	const char *abbrev = sigabbrev_np(sig);

	fflush(stdout);
	fprintf(stderr, "hashprof: build interrupted by SIG%s: the programs it started were killed\n",
		abbrev ? abbrev : "?");
	if (hp_scratch[0])
		hp_rmtree(hp_scratch);
}

/* The option string of the manifest: what changes the result besides files. */
static char *hp_options_string(const struct hp_build *b)
{
	char *cf = hp_strv_join(&b->opt.cflags, " "), *cp = hp_strv_join(&b->opt.cppflags, " "), *s = NULL;
	const char *cc = getenv("CC");

	if (cf && cp && asprintf(&s, "name=%s flags=%s cc=%s cflags=[%s] cppflags=[%s]", b->opt.name ? b->opt.name : "",
				 b->opt.flagset ? b->opt.flagset : "auto", cc ? cc : "cc", cf, cp) < 0)
		s = NULL;
	free(cf);
	free(cp);
	return s;
}

/* Detection and the up-to-date check.  Returns -1 to go on building, else
 * an exit status. */
static int hp_prepare(struct hp_build *b)
{
	char *tmp = hp_scratch, err[HP_BUILD_ERR], why[HP_BUILD_ERR], make_log[PATH_MAX], detect_log[PATH_MAX];
	char *options;
	struct stat st;
	struct hp_kat stored;

	if (!realpath(b->opt.dir_arg, b->det.dir) || stat(b->det.dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return hp_usage_error("build: %s: not a folder", b->opt.dir_arg);
	if (!b->opt.outdir[0]) {
		char user[PATH_MAX];
		hp_instance_user_dir(user, sizeof user);
		if (hp_path_abs(NULL, user, b->opt.outdir) != 0)
			return hp_usage_error("build: the user instance folder path is too long");
	}
	if (b->opt.recipe && hp_recipe_load(b->opt.recipe, b->det.dir, &b->recipe, err, sizeof err) != 0)
		return hp_usage_error("build: %s", err);
	if (!b->opt.recipe)
		b->recipe.make = -1;
	if (hp_runtime_find(&b->rt, err, sizeof err) != 0)
		return hp_usage_error("build: %s", err);
	hp_fmt(b->root, sizeof b->root, "%s/.hashprof-build", b->opt.outdir);
	hp_fmt(tmp, sizeof hp_scratch, "%s/.tmp-%ld", b->root, (long)getpid());
	hp_rmtree(tmp);
	if (hp_mkdirs(tmp) != 0)
		return hp_usage_error("build: cannot write to the output folder %s: %s", b->opt.outdir,
				      strerror(errno));
	hp_fmt(make_log, sizeof make_log, "%s/make-n.log", tmp);
	hp_fmt(detect_log, sizeof detect_log, "%s/detect.log", tmp);

	if (hp_detect_make(&b->det, &b->recipe, tmp, make_log, err, sizeof err) != 0 ||
	    hp_detect_sources(&b->det, &b->recipe, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_usage_error("build: %s", err);
	}
	if (hp_detect_one_instance(&b->det, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_usage_error("build: %s", err);
	}
	hp_detect_kind(&b->det, &b->recipe);
	if (hp_strv_extend(&b->cppflags, &b->det.make_cppflags) || hp_cppflags_merge(&b->cppflags, &b->recipe.cppflags) ||
	    hp_cppflags_merge(&b->cppflags, &b->opt.cppflags) || hp_strv_extend(&b->extra, &b->det.make_lto) ||
	    hp_strv_extend(&b->extra, &b->recipe.cflags) || hp_strv_extend(&b->extra, &b->opt.cflags) ||
	    hp_strv_extend(&b->libs, &b->det.make_libs) || hp_strv_extend(&b->libs, &b->recipe.libs)) {
		hp_rmtree(tmp);
		return hp_usage_error("build: out of memory");
	}
	if (hp_detect_name(&b->det, b->opt.name, &b->recipe, &b->cppflags, tmp, detect_log, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_usage_error("build: %s", err);
	}
	hp_fmt(b->work, sizeof b->work, "%s/%s", b->root, b->det.name);
	hp_fmt(b->log, sizeof b->log, "%s/build.log", b->work);
	hp_fmt(b->so, sizeof b->so, "%s/%s.so", b->opt.outdir, b->det.name);
	hp_fmt(b->manifest_path, sizeof b->manifest_path, "%s/%s.manifest", b->root, b->det.name);
	if (!(options = hp_options_string(b)) ||
	    hp_manifest_make(&b->det, &b->recipe, &b->rt, options, &b->manifest, err, sizeof err) != 0) {
		free(options);
		hp_rmtree(tmp);
		return hp_usage_error("build: %s", err[0] ? err : "out of memory");
	}
	free(options);
	if (!b->opt.force &&
	    hp_manifest_up_to_date(b->manifest_path, b->manifest, b->so, b->opt.kat, &stored, why, sizeof why)) {
		hp_rmtree(tmp);
		hp_build_say("%s: up to date (%s)", b->det.name, b->so);
		/* the instance is the one whose KAT failed: so is this build */
		if (!strcmp(stored.status, "fail")) {
			fflush(stdout);
			fprintf(stderr, "hashprof: build %s: the instance is up to date, but its KAT failed: %s (log: %s)\n",
				b->det.name, stored.detail[0] ? stored.detail : "no detail stored", b->log);
			return HP_EXIT_FAILED;
		}
		return HP_EXIT_OK;
	}
	hp_build_say("hashprof build: %s from %s (%s)", b->det.name, b->det.dir, b->opt.force ? "--force" : why);
	/* the scratch folder becomes this build's work folder */
	if (hp_rmtree(b->work) != 0 || rename(tmp, b->work) != 0) {
		hp_rmtree(tmp);
		return hp_usage_error("build: cannot prepare %s: %s", b->work, strerror(errno));
	}
	tmp[0] = '\0';
	{
		FILE *lf = fopen(b->log, "w");
		if (lf) {
			char path[PATH_MAX];
			fprintf(lf, "# hashprof build %s -> %s\n", b->det.dir, b->so);
			hp_fmt(path, sizeof path, "%s/make-n.log", b->work);
			if (b->det.ran_make) {
				fprintf(lf, "$ make -n -B -w   # in a scratch copy of %s\n", b->det.dir);
				fflush(lf);
				hp_append_file(fileno(lf), path);
			}
			hp_fmt(path, sizeof path, "%s/detect.log", b->work);
			fflush(lf);
			hp_append_file(fileno(lf), path);
			fclose(lf);
		}
	}
	return -1;
}

int hp_cmd_build(int argc, char **argv)
{
	struct hp_build b;
	struct hp_object *objs = NULL;
	struct hp_plan plan;
	struct hp_strv words = { 0 };
	struct hp_kat kat = { "not checked", "--kat not given" };
	struct hp_failure fail[2];
	enum hp_flagset sets[2] = { HP_FLAGS_REFERENCE, HP_FLAGS_PERMISSIVE }, used = HP_FLAGS_REFERENCE;
	char *cflags_shown = NULL, err[HP_BUILD_ERR];
	size_t nsets = 2, tried = 0;
	int rc, built = 0;

	memset(&b, 0, sizeof b);
	memset(&plan, 0, sizeof plan);
	memset(fail, 0, sizeof fail);
	hp_build_defaults(&b.opt);
	b.recipe.make = -1;
	hp_scratch[0] = '\0';
	hp_proc_trap_interrupts(hp_build_interrupted);
	if ((rc = hp_build_parse(argc, argv, &b.opt)) >= 0)
		goto out;
	if ((rc = hp_prepare(&b)) >= 0)
		goto out;
	if (b.opt.flagset || b.recipe.flagset[0]) {
		const char *f = b.opt.flagset ? b.opt.flagset : b.recipe.flagset;
		sets[0] = !strcmp(f, "reference") ? HP_FLAGS_REFERENCE : HP_FLAGS_PERMISSIVE;
		nsets = 1;
	}
	rc = HP_EXIT_USAGE;
	for (size_t s = 0; s < nsets && !built; s++) {
		int r;
		hp_build_free_objects(objs, b.det.nsrc);
		objs = NULL;
		hp_plan_free(&plan);
		hp_strv_free(&words);
		free(cflags_shown);
		cflags_shown = NULL;
		tried = s + 1;
		r = hp_build_attempt(&b, sets[s], &objs, &plan, &words, &cflags_shown, &fail[s]);
		if (r == 2) {
			hp_build_warn_fallbacks(&b);
			goto out;
		}
		if (r == 0) {
			built = 1;
			used = sets[s];
		} else if (s + 1 < nsets) {
			hp_build_say("  the %s flags failed: %s; retrying with the %s flags", hp_flagset_name(sets[s]),
				     fail[s].what, hp_flagset_name(sets[s + 1]));
		}
	}
	if (!built) {
		struct hp_failure *f = &fail[tried - 1];
		hp_build_warn_fallbacks(&b);
		fflush(stdout);
		fprintf(stderr, "hashprof: build %s failed: %s (command: %s; full log: %s)\n", b.det.name, f->what,
			f->command ? f->command : "-", b.log);
		goto out;
	}
	rc = HP_EXIT_OK;
	if (b.opt.kat) {
		struct hp_strv cc = { 0 };
		char tmp_so[PATH_MAX], *command = NULL;
		struct hp_meta m = { b.det.name, b.det.kind, b.det.dir, cflags_shown ? cflags_shown : "",
				     hp_flagset_name(used), NULL, "", &plan.warnings };
		char katfield[HP_BUILD_ERR + 32];

		hp_cc_argv(&cc);
		hp_kat_check(&b.det, &b.recipe, &cc, &words, objs, b.det.nsrc, &plan, b.work, b.log, b.opt.kat_timeout, &kat);
		hp_fmt(katfield, sizeof katfield, "%s", kat.status);
		m.kat = katfield;
		/* a warning: in the output, in `list --long` and in every row's notes */
		if (!strcmp(kat.status, "fail") && hp_strv_addf(&plan.warnings, "the KAT failed: %s", kat.detail)) {
			fprintf(stderr, "hashprof: build: out of memory\n");
			hp_strv_free(&cc);
			rc = HP_EXIT_USAGE;
			goto out;
		}
		hp_plan_wrapped(&plan, m.wrapped, sizeof m.wrapped);
		hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b.work, b.det.name);
		if (hp_link_instance(&b.rt, &cc, objs, &plan, &m, b.work, tmp_so, b.log, err, sizeof err, &command) != 0) {
			fprintf(stderr, "hashprof: build %s failed: %s (command: %s; full log: %s)\n", b.det.name, err,
				command ? command : "-", b.log);
			free(command);
			hp_strv_free(&cc);
			rc = HP_EXIT_USAGE;
			goto out;
		}
		free(command);
		hp_strv_free(&cc);
		if (!strcmp(kat.status, "fail"))
			rc = HP_EXIT_FAILED;
	}
	hp_build_report(&b, objs, &plan, used, cflags_shown, &kat);
	hp_proc_check_interrupt();      /* a signal between the children: install nothing */
	{
		char tmp_so[PATH_MAX];
		hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b.work, b.det.name);
		if (hp_mkdirs(b.opt.outdir) != 0 || rename(tmp_so, b.so) != 0) {
			fprintf(stderr, "hashprof: build %s: cannot install %s: %s\n", b.det.name, b.so, strerror(errno));
			rc = HP_EXIT_USAGE;
			goto out;
		}
	}
	if (hp_manifest_store(b.manifest_path, b.manifest, b.so, b.opt.kat ? &kat : NULL) != 0)
		hp_build_warn("cannot write the manifest: the next build will not be skipped");
	hp_build_how_to_run(&b);
out:
	hp_proc_check_interrupt();
	for (size_t s = 0; s < 2; s++)
		free(fail[s].command);
	hp_build_free_objects(objs, b.det.nsrc);
	hp_plan_free(&plan);
	hp_strv_free(&words);
	free(cflags_shown);
	free(b.manifest);
	hp_strv_free(&b.cppflags);
	hp_strv_free(&b.extra);
	hp_strv_free(&b.libs);
	hp_strv_free(&b.opt.cflags);
	hp_strv_free(&b.opt.cppflags);
	hp_recipe_free(&b.recipe);
	hp_runtime_free(&b.rt);
	hp_detect_free(&b.det);
	return rc;
}
