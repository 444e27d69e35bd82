/*
 * cmd_build.c - `hashprof build DIR [OPTION]...`: turn an NGCC submission
 * folder into an instance that `hashprof NAME` finds (issue 4; user guide
 * docs/build.md, recipes docs/recipes.md).
 *
 * Detection (builder/detect.c), compilation with the reference flags and
 * then the permissive ones (builder/compile.c), inspection of the objects
 * (builder/inspect.c), the link plan and the link (builder/link.c), the
 * optional KAT gate (builder/kat.c) and the manifest that makes the
 * command idempotent (builder/manifest.c); this file parses the options
 * and runs those steps in order.
 *
 * Exit status: 0 built or up to date; 1 built, but the KAT did not pass;
 * 2 bad input, a compile or link failure, or a refused package.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builder.h"
#include "cmds.h"
#include "instance.h"

#define HP_KAT_TIMEOUT 600u   /* seconds the KAT program may run by default */

struct hp_build_opts {
	const char *dir_arg;
	const char *name;
	char outdir[PATH_MAX];
	struct hp_strv cflags;      /* --cflags words */
	struct hp_strv cppflags;    /* -D/-U/-I in command-line order (-I absolute) */
	const char *recipe;
	const char *flagset;        /* --flags: NULL, "reference" or "permissive" */
	int kat, force;
	unsigned kat_timeout;
	unsigned jobs;
};

static void hp_build_help(void)
{
	printf("Usage: hashprof build DIR [OPTION]...\n"
	       "Build the NGCC submission folder DIR (one instance: the folder holding\n"
	       "SIG_/KEM_/KEX_AlgorithmInstance.c) into an instance hashprof can profile,\n"
	       "then run it with `hashprof NAME`.  Nothing is rebuilt when no input changed.\n"
	       "\n"
	       "      --name=NAME        instance name (default: ALGORITHM_INSTANCE as the\n"
	       "                         preprocessor expands it, else the folder name)\n"
	       "  -o, --output-dir=DIR   where NAME.so goes (default: the user instance folder,\n"
	       "                         $XDG_DATA_HOME/hashprof/instances)\n"
	       "      --cflags=WORDS     extra compiler words, after the flag set (repeatable)\n"
	       "  -D MACRO[=VALUE]       define a macro (replaces the Makefile's definition)\n"
	       "  -U MACRO               undefine a macro\n"
	       "  -I DIR                 add an include folder\n"
	       "      --recipe=FILE      override detection (docs/recipes.md)\n"
	       "      --flags=SET        only this flag set: reference or permissive (default:\n"
	       "                         reference, then permissive when that fails)\n"
	       "      --kat              build and run the package's KAT program and compare\n"
	       "                         its output with the shipped test vectors\n"
	       "      --kat-timeout=S    seconds the KAT program may run (default %u)\n"
	       "  -j, --jobs=N           compilers run at once (default: online CPUs)\n"
	       "  -f, --force            rebuild even when up to date\n"
	       "  -h, --help             display this help and exit\n"
	       "\n"
	       "Exit status: 0 built or up to date, 1 built but the KAT failed, 2 failure.\n",
	       HP_KAT_TIMEOUT);
}

/* Parse the options; returns -1 to go on, else an exit status. */
static int hp_build_parse(int argc, char **argv, struct hp_build_opts *o)
{
	enum { OPT_CFLAGS = 256, OPT_RECIPE, OPT_KAT, OPT_KAT_TIMEOUT, OPT_FLAGS };
	static const struct option longopts[] = {
		{ "name", required_argument, NULL, 'n' },   /* long only: -n is --iterations elsewhere */
		{ "output-dir", required_argument, NULL, 'o' },
		{ "cflags", required_argument, NULL, OPT_CFLAGS },
		{ "recipe", required_argument, NULL, OPT_RECIPE },
		{ "flags", required_argument, NULL, OPT_FLAGS },
		{ "kat", no_argument, NULL, OPT_KAT },
		{ "kat-timeout", required_argument, NULL, OPT_KAT_TIMEOUT },
		{ "jobs", required_argument, NULL, 'j' },
		{ "force", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char abs[PATH_MAX], *end;
	unsigned long v;
	int c;

	while ((c = getopt_long(argc, argv, "o:D:U:I:j:fh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			o->name = optarg;
			break;
		case 'o':
			if (hp_path_abs(NULL, optarg, o->outdir) != 0)
				return hp_usage_error("build: --output-dir: path too long");
			break;
		case OPT_CFLAGS:
			if (hp_split_words(optarg, &o->cflags) != 0)
				return hp_usage_error("build: --cflags: unterminated quote in '%s'", optarg);
			break;
		case 'D':
		case 'U':
			if (!optarg[0] || optarg[0] == '=')
				return hp_usage_error("build: -%c needs a macro name", c);
			if (hp_strv_addf(&o->cppflags, "-%c%s", c, optarg) != 0)
				return hp_usage_error("build: out of memory");
			break;
		case 'I':
			if (hp_path_abs(NULL, optarg, abs) != 0 || hp_strv_addf(&o->cppflags, "-I%s", abs) != 0)
				return hp_usage_error("build: -I %s: path too long", optarg);
			break;
		case OPT_RECIPE:
			o->recipe = optarg;
			break;
		case OPT_FLAGS:
			if (strcmp(optarg, "reference") && strcmp(optarg, "permissive"))
				return hp_usage_error("build: --flags: '%s' is not reference or permissive", optarg);
			o->flagset = optarg;
			break;
		case OPT_KAT:
			o->kat = 1;
			break;
		case OPT_KAT_TIMEOUT:
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 1 || v > 86400)
				return hp_usage_error("build: --kat-timeout: '%s' is not a number of seconds from 1 to 86400",
						      optarg);
			o->kat_timeout = (unsigned)v;
			break;
		case 'j':
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 1 || v > 256)
				return hp_usage_error("build: --jobs: '%s' is not a number from 1 to 256", optarg);
			o->jobs = (unsigned)v;
			break;
		case 'f':
			o->force = 1;
			break;
		case 'h':
			hp_build_help();
			return HP_EXIT_OK;
		default:
			return hp_bad_option("build", argv);
		}
	}
	if (optind >= argc)
		return hp_usage_error("build: missing DIR, the submission folder; try 'hashprof build --help'");
	if (argc - optind > 1)
		return hp_usage_error("build: one folder at a time ('%s' is extra)", argv[optind + 1]);
	o->dir_arg = argv[optind];
	return -1;
}

/* Everything one build holds. */
struct hp_build {
	struct hp_build_opts opt;
	struct hp_recipe recipe;
	struct hp_runtime rt;
	struct hp_detect det;
	struct hp_strv cppflags;     /* Makefile, recipe, command line: merged */
	struct hp_strv extra;        /* -flto of the Makefile, recipe cflags, --cflags */
	struct hp_strv libs;         /* Makefile and recipe link words */
	char root[PATH_MAX];         /* OUTDIR/.hashprof-build */
	char work[PATH_MAX];         /* ROOT/NAME */
	char log[PATH_MAX];          /* WORK/build.log */
	char so[PATH_MAX];           /* OUTDIR/NAME.so */
	char manifest_path[PATH_MAX];
	char *manifest;
};

static void hp_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void hp_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static void hp_warn(const char *msg)
{
	fflush(stdout);
	fprintf(stderr, "hashprof build: warning: %s\n", msg);
	fflush(stderr);
}

/* The word list for display: package paths shown relative to the package. */
static char *hp_display_words(const struct hp_build *b, const struct hp_strv *words)
{
	struct hp_strv out = { 0 };
	char *s;

	for (size_t i = 0; i < words->n; i++) {
		const char *w = words->v[i];
		if (!strcmp(w, "-iquote") && i + 1 < words->n) {
			i++;            /* hashprof's own search path, not a package flag */
			continue;
		}
		if (!strncmp(w, "-I", 2) && w[2] == '/') {
			if (hp_strv_addf(&out, "-I%s", hp_path_below(b->det.dir, w + 2)))
				goto oom;
		} else if (w[0] == '/') {
			if (hp_strv_add(&out, hp_path_below(b->det.dir, w)))
				goto oom;
		} else if (hp_strv_add(&out, w)) {
			goto oom;
		}
	}
	s = hp_strv_join(&out, " ");
	hp_strv_free(&out);
	return s;
oom:
	hp_strv_free(&out);
	return NULL;
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

/* Where an LTO flag came from, for the refusal. */
static const char *hp_lto_origin(const struct hp_build *b)
{
	for (size_t i = b->opt.cflags.n; i-- > 0;)
		if (!strncmp(b->opt.cflags.v[i], "-flto", 5))
			return "--cflags";
	for (size_t i = 0; i < b->recipe.cflags.n; i++)
		if (!strncmp(b->recipe.cflags.v[i], "-flto", 5))
			return "the recipe's cflags";
	for (size_t i = 0; i < b->det.make_lto.n; i++)
		if (!strncmp(b->det.make_lto.v[i], "-flto", 5))
			return "the package's Makefile (make -n)";
	return "the compiler's defaults";
}

/* The kind from the API symbols the objects define (no adapter header). */
static int hp_kind_from_objects(struct hp_build *b, struct hp_object *objs)
{
	static const char *const probes[][2] = { { "sig", "sig_keygen" }, { "kem", "kem_keygen" }, { "kex", "kex_init_a" } };
	int found = -1;

	for (int k = 0; k < 3; k++)
		for (size_t i = 0; i < b->det.nsrc; i++)
			if (objs[i].inspected && !objs[i].is_main && hp_object_defines(&objs[i], probes[k][1])) {
				if (found >= 0 && found != k)
					return -1;
				found = k;
				hp_fmt(b->det.kind_origin, sizeof b->det.kind_origin, "%s defined by %s", probes[k][1],
					 objs[i].src->rel);
			}
	if (found < 0)
		return -1;
	hp_fmt(b->det.kind, sizeof b->det.kind, "%s", probes[found][0]);
	return 0;
}

/* One attempt's failure, kept for the report. */
struct hp_failure {
	char what[HP_BUILD_ERR];
	char *command;
};

/* Compile, inspect, plan and link with one flag set.  Returns 0 built, 1
 * this attempt failed (f filled), 2 a failure no flag set can fix
 * (reported already). */
static int hp_attempt(struct hp_build *b, enum hp_flagset set, struct hp_object **objs_out, struct hp_plan *plan,
		      struct hp_strv *words, char **cflags_shown, struct hp_failure *f)
{
	char objdir[PATH_MAX], err[HP_BUILD_ERR];
	struct hp_object *objs = calloc(b->det.nsrc, sizeof *objs);
	struct hp_strv cc = { 0 };
	long failed;
	size_t bad = (size_t)-1;     /* the failed source to report, when known */
	int rc = 1;

	*objs_out = objs;
	if (!objs || hp_compile_words(set, &b->det, &b->cppflags, &b->extra, words) || hp_cc_argv(&cc)) {
		fprintf(stderr, "hashprof: build: out of memory\n");
		hp_strv_free(&cc);
		return 2;
	}
	*cflags_shown = hp_display_words(b, words);
	hp_fmt(objdir, sizeof objdir, "%s/objs-%s", b->work, hp_flagset_name(set));
	if (hp_mkdirs(objdir) != 0) {
		fprintf(stderr, "hashprof: build: cannot create %s: %s\n", objdir, strerror(errno));
		return 2;
	}
	{
		FILE *lf = fopen(b->log, "a");
		if (lf) {
			fprintf(lf, "# compiling with the %s flags\n", hp_flagset_name(set));
			fclose(lf);
		}
	}
	failed = hp_compile_all(&b->det, words, objdir, b->opt.jobs, b->log, objs, err, sizeof err);
	if (failed < 0) {
		fprintf(stderr, "hashprof: build: %s\n", err);
		hp_strv_free(&cc);
		return 2;
	}
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (objs[i].compiled && hp_inspect_object(&objs[i], err, sizeof err) != 0)
			hp_warn(err);
	/* LTO: --wrap cannot see calls inside a link-time-optimised program */
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (objs[i].lto) {
			size_t n = 0;
			for (size_t k = 0; k < b->det.nsrc; k++)
				n += objs[k].lto;
			fflush(stdout);
			fprintf(stderr,
				"hashprof: build %s refused: %zu object%s %s LTO object%s (%s, e.g. %s), built with -flto "
				"from %s; under link-time optimisation the linker may inline the helpers or resolve their "
				"calls inside one unit, so --wrap cannot see them and the shares would be wrong (reference "
				"builds use no LTO); rebuild without it, e.g. --cflags=-fno-lto (log: %s)\n",
				b->det.name, n, n == 1 ? "" : "s", n == 1 ? "is an" : "are", n == 1 ? "" : "s",
				objs[i].lto_what, objs[i].src->rel, hp_lto_origin(b), b->log);
			hp_strv_free(&cc);
			return 2;
		}
	if (!b->det.kind[0] && hp_kind_from_objects(b, objs) != 0) {
		if (failed) {
			rc = 1;
			goto compile_failure;
		}
		fprintf(stderr, "hashprof: build %s: cannot tell the API kind: no *_AlgorithmInstance.h, and the objects "
				"define %s of sig_keygen, kem_keygen, kex_init_a; give kind = ... in a recipe\n",
			b->det.name, "none or more than one");
		hp_strv_free(&cc);
		return 2;
	}
	if (hp_plan_link(objs, b->det.nsrc, b->det.kind, &b->libs, plan, err, sizeof err) != 0) {
		if (failed)
			goto compile_failure;
		hp_fmt(f->what, sizeof f->what, "%s", err);
		hp_strv_free(&cc);
		return 1;
	}
	/* A source that does not compile is tolerated only when nothing could
	 * stand in for it: the Makefile does not compile it, and no linked
	 * object has its file name (a stray old/x.c replacing a broken x.c). */
	for (size_t i = 0; i < b->det.nsrc; i++) {
		const char *base = strrchr(objs[i].src->rel, '/');
		if (objs[i].compiled || !objs[i].command)
			continue;
		base = base ? base + 1 : objs[i].src->rel;
		if (objs[i].src->from_make) {
			bad = i;
			goto compile_failure;
		}
		for (size_t k = 0; k < plan->nobjs; k++) {
			const char *lrel = objs[plan->objs[k]].src->rel, *lb = strrchr(lrel, '/');
			if (!strcmp(lb ? lb + 1 : lrel, base)) {
				bad = i;
				goto compile_failure;
			}
		}
	}
	{
		struct hp_meta m = { b->det.name, b->det.kind, b->det.dir, *cflags_shown ? *cflags_shown : "",
				     hp_flagset_name(set), "not checked", "", &plan->warnings };
		char tmp_so[PATH_MAX];
		hp_plan_wrapped(plan, m.wrapped, sizeof m.wrapped);
		hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b->work, b->det.name);
		if (hp_link_instance(&b->rt, &cc, objs, plan, &m, b->work, tmp_so, b->log, err, sizeof err,
				     &f->command) == 0) {
			hp_strv_free(&cc);
			return 0;
		}
		/* a source that did not compile is the likelier cause of a failed link */
		if (failed && strstr(err, "undefined reference")) {
			free(f->command);
			f->command = NULL;
			goto compile_failure;
		}
		/* name the ICCS file that is missing, when that is the cause */
		for (unsigned h = 0; h < HP_H_COUNT; h++)
			if (hp_strv_find(&plan->missing, hp_helper_name(h)) >= 0 && strstr(err, hp_helper_name(h))) {
				size_t n = strlen(err);
				hp_fmt(err + n, sizeof err - n, " (no source defines %s: is the ICCS %s missing?)",
				       hp_helper_name(h), h >= HP_H_DRNG ? "drng.c" : "auxfunc.c");
				break;
			}
		hp_fmt(f->what, sizeof f->what, "%s", err);
		hp_strv_free(&cc);
		return 1;
	}
compile_failure:
	for (size_t i = bad < b->det.nsrc ? bad : 0; i < b->det.nsrc; i++)
		if (objs[i].command && !objs[i].compiled) {
			hp_fmt(f->what, sizeof f->what, "%s", objs[i].first_error[0] ? objs[i].first_error
											: "the compiler failed");
			free(f->command);
			f->command = strdup(objs[i].command);
			break;
		}
	hp_strv_free(&cc);
	return rc;
}

static void hp_free_objects(struct hp_object *objs, size_t n)
{
	if (!objs)
		return;
	for (size_t i = 0; i < n; i++)
		hp_object_free(&objs[i]);
	free(objs);
}

/* Print the build report. */
static void hp_report(struct hp_build *b, struct hp_object *objs, const struct hp_plan *plan, enum hp_flagset set,
		      const char *cflags_shown, const struct hp_kat *kat)
{
	size_t programs = 0, failed = 0;
	char wrapped[256];
	struct hp_strv progs = { 0 };

	for (size_t i = 0; i < b->det.nsrc; i++) {
		if (!objs[i].compiled)
			failed++;
		else if (objs[i].is_main && !objs[i].linked) {
			programs++;
			if (progs.n < 4)
				hp_strv_add(&progs, objs[i].src->rel);
		}
	}
	hp_say("  name:    %s (%s)", b->det.name, b->det.name_origin);
	hp_say("  kind:    %s (%s)", b->det.kind, b->det.kind_origin[0] ? b->det.kind_origin : "?");
	if (b->det.ran_make) {
		char *mf = hp_display_words(b, &b->det.make_cppflags), *ml = hp_strv_join(&b->det.make_libs, " ");
		hp_say("  make -n: %s%s%s", mf && mf[0] ? mf : "(no -D/-I)", ml && ml[0] ? "; links " : "",
		       ml && ml[0] ? ml : "");
		free(mf);
		free(ml);
	}
	{
		char *pl = hp_strv_join(&progs, ", ");
		hp_say("  sources: %zu compiled, %zu linked; %zu program%s not linked%s%s%s%s", b->det.nsrc - failed,
		       plan->nobjs, programs, programs == 1 ? "" : "s", programs ? " (" : "", pl ? pl : "",
		       programs > progs.n ? ", ..." : "", programs ? ")" : "");
		free(pl);
	}
	if (failed)
		for (size_t i = 0; i < b->det.nsrc; i++)
			if (!objs[i].compiled)
				hp_say("  skipped: %s does not compile (%s) and the instance does not need it",
				       objs[i].src->rel, objs[i].first_error);
	hp_say("  flags:   %s: %s", hp_flagset_name(set), cflags_shown ? cflags_shown : "");
	hp_plan_wrapped(plan, wrapped, sizeof wrapped);
	for (char *p = wrapped; *p; p++)
		if (*p == ',')
			*p = ' ';
	hp_say("  wraps:   %s", wrapped[0] ? wrapped : "(none: no linked object defines a helper)");
	if (plan->drng_defined_by >= 0) {
		struct hp_strv by = { 0 };
		int common = 0;
		char *list;
		for (size_t k = 0; k < plan->nobjs; k++) {
			const struct hp_osym *d = hp_object_defines(&objs[plan->objs[k]], "drng_algorithm");
			if (d) {
				hp_strv_add(&by, objs[plan->objs[k]].src->rel);
				common |= d->common;
			}
		}
		list = hp_strv_join(&by, ", ");
		hp_say("  drng_algorithm: defined by the package (%s%s)", list ? list : "",
		       common ? "; common symbols, merged by the linker" : "");
		free(list);
		hp_strv_free(&by);
	}
	else if (plan->provide_drng)
		hp_say("  drng_algorithm: hashprof's (no linked object defines it)");
	for (size_t i = 0; i < b->det.infos.n; i++)
		hp_say("  note:    %s", b->det.infos.v[i]);
	for (size_t i = 0; i < plan->infos.n; i++)
		hp_say("  note:    %s", plan->infos.v[i]);
	hp_say("  KAT:     %s%s%s%s", kat->status, kat->detail[0] ? " (" : "", kat->detail, kat->detail[0] ? ")" : "");
	hp_strv_free(&progs);
	for (size_t i = 0; i < plan->warnings.n; i++)
		hp_warn(plan->warnings.v[i]);
}

/* Detection and the up-to-date check.  Returns -1 to go on building, else
 * an exit status. */
static int hp_prepare(struct hp_build *b)
{
	char tmp[PATH_MAX], err[HP_BUILD_ERR], why[HP_BUILD_ERR], make_log[PATH_MAX], detect_log[PATH_MAX];
	char *options;
	struct stat st;

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
	hp_fmt(tmp, sizeof tmp, "%s/.tmp-%ld", b->root, (long)getpid());
	hp_rmtree(tmp);
	if (hp_mkdirs(tmp) != 0)
		return hp_usage_error("build: cannot create %s: %s", tmp, strerror(errno));
	hp_fmt(make_log, sizeof make_log, "%s/make-n.log", tmp);
	hp_fmt(detect_log, sizeof detect_log, "%s/detect.log", tmp);

	if (hp_detect_make(&b->det, &b->recipe, tmp, make_log, err, sizeof err) != 0 ||
	    hp_detect_sources(&b->det, &b->recipe, err, sizeof err) != 0) {
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
	    hp_manifest_up_to_date(b->manifest_path, b->manifest, b->so, b->opt.kat, why, sizeof why)) {
		hp_rmtree(tmp);
		hp_say("%s: up to date (%s)", b->det.name, b->so);
		return HP_EXIT_OK;
	}
	hp_say("hashprof build: %s from %s (%s)", b->det.name, b->det.dir, b->opt.force ? "--force" : why);
	/* the scratch folder becomes this build's work folder */
	if (hp_rmtree(b->work) != 0 || rename(tmp, b->work) != 0) {
		hp_rmtree(tmp);
		return hp_usage_error("build: cannot prepare %s: %s", b->work, strerror(errno));
	}
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

/* How to run the instance: by name when the search path finds this .so;
 * with HASHPROF_PATH when the output folder is not on it; a warning when
 * another instance of the same name comes first. */
static void hp_how_to_run(const struct hp_build *b)
{
	struct hp_instance inst;
	char a[PATH_MAX], c[PATH_MAX];

	if (hp_instance_find(b->det.name, &inst) != 0) {
		hp_say("%s: built %s; %s is not on the search path: run it with: HASHPROF_PATH=%s hashprof %s",
		       b->det.name, b->so, b->opt.outdir, b->opt.outdir, b->det.name);
		return;
	}
	hp_say("%s: built %s; run it with: hashprof %s", b->det.name, b->so, b->det.name);
	if (realpath(inst.path, a) && realpath(b->so, c) && !strcmp(a, c))
		return;
	{
		char msg[2 * PATH_MAX + 256];
		hp_fmt(msg, sizeof msg,
		       "another instance named %s comes first on the search path (%s): `hashprof %s` runs that one",
		       b->det.name, inst.path, b->det.name);
		hp_warn(msg);
	}
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
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	memset(&b, 0, sizeof b);
	memset(&plan, 0, sizeof plan);
	memset(fail, 0, sizeof fail);
	b.opt.kat_timeout = HP_KAT_TIMEOUT;
	b.opt.jobs = ncpu > 0 ? (unsigned)(ncpu > 64 ? 64 : ncpu) : 1;
	b.recipe.make = -1;
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
		hp_free_objects(objs, b.det.nsrc);
		objs = NULL;
		hp_plan_free(&plan);
		hp_strv_free(&words);
		free(cflags_shown);
		cflags_shown = NULL;
		tried = s + 1;
		r = hp_attempt(&b, sets[s], &objs, &plan, &words, &cflags_shown, &fail[s]);
		if (r == 2)
			goto out;
		if (r == 0) {
			built = 1;
			used = sets[s];
		} else if (s + 1 < nsets) {
			hp_say("  the %s flags failed: %s; retrying with the %s flags", hp_flagset_name(sets[s]),
			       fail[s].what, hp_flagset_name(sets[s + 1]));
		}
	}
	if (!built) {
		struct hp_failure *f = &fail[tried - 1];
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
	hp_report(&b, objs, &plan, used, cflags_shown, &kat);
	{
		char tmp_so[PATH_MAX];
		hp_fmt(tmp_so, sizeof tmp_so, "%s/%s.so", b.work, b.det.name);
		if (hp_mkdirs(b.opt.outdir) != 0 || rename(tmp_so, b.so) != 0) {
			fprintf(stderr, "hashprof: build %s: cannot install %s: %s\n", b.det.name, b.so, strerror(errno));
			rc = HP_EXIT_USAGE;
			goto out;
		}
	}
	if (hp_manifest_store(b.manifest_path, b.manifest, b.so, b.opt.kat) != 0)
		hp_warn("cannot write the manifest: the next build will not be skipped");
	hp_how_to_run(&b);
out:
	for (size_t s = 0; s < 2; s++)
		free(fail[s].command);
	hp_free_objects(objs, b.det.nsrc);
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
