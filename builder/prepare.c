/*
 * prepare.c - the first step of `hashprof build` (see pipeline.h):
 * detection in a scratch folder, the manifest, the up-to-date check; the
 * scratch folder then becomes the build's work folder.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pipeline.h"

/* The scratch folder of hp_build_prepare until it becomes the work folder ("":
 * none), removed when a signal ends the build. */
static char hp_scratch[PATH_MAX];

const char *hp_build_scratch_dir(void)
{
	return hp_scratch;
}

/*
 * Would the build replace an instance of the same name that another
 * package folder made (OUTDIR/NAME.so, its manifest's "dir")?  Two
 * packages whose adapters say the same ALGORITHM_INSTANCE would silently
 * take turns in the output folder, and one of them would be lost.  So:
 * refused without --force (-1, said why; --name or --output-dir keeps
 * both); with --force, or when that folder is gone (the package was
 * moved), a warning that names both folders.  0 to go on.
 */
static int hp_build_replaces(const struct hp_build *b)
{
	char old[PATH_MAX];
	struct stat st;

	if (stat(b->so, &st) != 0 || hp_manifest_stored_dir(b->manifest_path, old, sizeof old) != 0 ||
	    !strcmp(old, b->det.dir))
		return 0;
	if (b->opt.force || stat(old, &st) != 0 || !S_ISDIR(st.st_mode)) {
		hp_build_warning(b, "replacing %s built from %s%s with the one from %s", b->det.name, old,
				 b->opt.force ? "" : " (a folder no longer there)", b->det.dir);
		return 0;
	}
	hp_build_error(b,
		       "build %s refused: %s is the instance %s built from %s; building %s would replace it: "
		       "give --force to replace it, or --name NAME or --output-dir DIR to keep both",
		       b->det.name, b->so, b->det.name, old, b->det.dir);
	return -1;
}

/* The option string of the manifest: what changes the result besides files. */
static char *hp_options_string(const struct hp_build *b)
{
	char *cf = hp_strv_join(&b->opt.cflags, " "), *cp = hp_strv_join(&b->opt.cppflags, " "), *s = NULL;
	if (cf && cp &&
	    asprintf(&s, "name=%s flags=%s cc=%s cflags=[%s] cppflags=[%s]", b->opt.name ? b->opt.name : "",
		     b->opt.flagset ? b->opt.flagset : "auto", hp_cc_command(), cf, cp) < 0)
		s = NULL;
	free(cf);
	free(cp);
	return s;
}

int hp_build_prepare(struct hp_build *b)
{
	char *tmp = hp_scratch, err[HP_BUILD_ERR], why[HP_BUILD_ERR], make_log[PATH_MAX], detect_log[PATH_MAX];
	char *options;
	struct stat st;
	struct hp_kat stored;

	if (!realpath(b->opt.dir_arg, b->det.dir) || stat(b->det.dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return hp_build_error(b, "build: %s: not a folder", b->opt.dir_arg);
	{
		/* a key exchange's folder, its embedded schemes beside it: build them all */
		char whole[PATH_MAX], note[2 * HP_BUILD_ERR];
		if (hp_instance_with_parts(b->det.dir, whole, note, sizeof note)) {
			hp_fmt(b->det.dir, sizeof b->det.dir, "%s", whole);
			if (hp_strv_add(&b->det.infos, note))
				return hp_build_error(b, "build: out of memory");
		}
	}
	if (b->opt.recipe && hp_recipe_load(b->opt.recipe, b->det.dir, &b->recipe, err, sizeof err) != 0)
		return hp_build_error(b, "build: %s", err);
	if (!b->opt.recipe)
		b->recipe.make = -1;
	if (hp_runtime_find(&b->rt, err, sizeof err) != 0)
		return hp_build_error(b, "build: %s", err);
	hp_fmt(b->root, sizeof b->root, "%s/.hashprof-build", b->opt.outdir);
	hp_fmt(tmp, sizeof hp_scratch, "%s/.tmp-%ld", b->root, (long)getpid());
	hp_rmtree(tmp);
	if (hp_mkdirs(tmp) != 0)
		return hp_build_error(b, "build: cannot write to the output folder %s: %s", b->opt.outdir,
				      strerror(errno));
	hp_fmt(make_log, sizeof make_log, "%s/make-n.log", tmp);
	hp_fmt(detect_log, sizeof detect_log, "%s/detect.log", tmp);

	/* make evaluates the Makefile, $(shell ...) included, even under -n */
	hp_sandbox_step(b, "the package's Makefile (make -n)", tmp);
	if (hp_detect_make(&b->det, &b->recipe, tmp, make_log, err, sizeof err) != 0 ||
	    hp_detect_sources(&b->det, &b->recipe, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: %s", err);
	}
	if (hp_detect_one_instance(&b->det, &b->recipe, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: %s", err);
	}
	hp_detect_kind(&b->det, &b->recipe);
	if ((!b->recipe.sources.n && hp_borrow_iccs_files(&b->det) != 0) || hp_prebuilt_find(&b->det) != 0 ||
	    hp_strv_extend(&b->cppflags, &b->det.make_cppflags) ||
	    hp_cppflags_merge(&b->cppflags, &b->recipe.cppflags) || hp_cppflags_merge(&b->cppflags, &b->opt.cppflags) ||
	    hp_strv_extend(&b->extra, &b->det.make_lto) || hp_strv_extend(&b->extra, &b->recipe.cflags) ||
	    hp_strv_extend(&b->extra, &b->opt.cflags) || hp_strv_extend(&b->libs, &b->det.make_libs) ||
	    hp_strv_extend(&b->libs, &b->recipe.libs)) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: out of memory");
	}
	hp_sandbox_step(b, "the preprocessor (the name probe)", tmp);
	if (hp_detect_name(&b->det, b->opt.name, &b->recipe, &b->cppflags, tmp, detect_log, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: %s", err);
	}
	if (hp_vectors_find(&b->det, &b->recipe) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: out of memory");
	}
	hp_fmt(b->work, sizeof b->work, "%s/%s", b->root, b->det.name);
	hp_fmt(b->log, sizeof b->log, "%s/build.log", b->work);
	hp_fmt(b->so, sizeof b->so, "%s/%s.so", b->opt.outdir, b->det.name);
	hp_fmt(b->manifest_path, sizeof b->manifest_path, "%s/%s.manifest", b->root, b->det.name);
	if (!(options = hp_options_string(b)) ||
	    hp_manifest_make(&b->det, &b->recipe, &b->rt, options, &b->manifest, err, sizeof err) != 0) {
		free(options);
		hp_rmtree(tmp);
		return hp_build_error(b, "build: %s", err[0] ? err : "out of memory");
	}
	free(options);
	if (!b->opt.force &&
	    hp_manifest_up_to_date(b->manifest_path, b->manifest, b->so, b->opt.kat, &stored, why, sizeof why)) {
		hp_rmtree(tmp);
		hp_build_note(b, "%s: up to date (%s)", b->det.name, b->so);
		/* the instance is the one whose KAT failed: so is this build */
		if (!strcmp(stored.status, "fail")) {
			hp_build_error(b, "build %s: the instance is up to date, but its KAT failed: %s (log: %s)",
				       b->det.name, stored.detail[0] ? stored.detail : "no detail stored", b->log);
			return HP_BUILD_KAT_FAILED;
		}
		return HP_BUILD_DONE;
	}
	if (hp_build_replaces(b) != 0) {
		hp_rmtree(tmp);
		return HP_BUILD_STOPPED;
	}
	hp_build_note(b, "hashprof build: %s from %s (%s)", b->det.name, b->det.dir, b->opt.force ? "--force" : why);
	/* the scratch folder becomes this build's work folder */
	if (hp_rmtree(b->work) != 0 || rename(tmp, b->work) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build: cannot prepare %s: %s", b->work, strerror(errno));
	}
	tmp[0] = '\0';
	{
		FILE *lf = fopen(b->log, "w");
		if (lf) {
			char path[PATH_MAX];
			fprintf(lf, "# hashprof build %s -> %s\n", b->det.dir, b->so);
			hp_fmt(path, sizeof path, "%s/make-n.log", b->work);
			if (b->det.ran_make) {
				fprintf(lf, "$ %s   # in a scratch copy of %s\n",
					!strcmp(b->det.build_tool, "cmake") ? "cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON"
									    : "make -n -B -w",
					b->det.build_dir);
				fflush(lf);
				hp_append_file(fileno(lf), path);
			}
			hp_fmt(path, sizeof path, "%s/detect.log", b->work);
			fflush(lf);
			hp_append_file(fileno(lf), path);
			fclose(lf);
		}
	}
	return HP_BUILD_GO_ON;
}
