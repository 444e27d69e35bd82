/*
 * commands.c - from the package's own build commands (a Makefile's dry
 * run, dryrun.c, or CMake's compile_commands.json, cmake.c) to what the
 * build uses of them (see builder.h):
 *
 *   - the commands of this instance: a Makefile above several instance
 *     folders compiles them all; only the commands that compile a source
 *     of this folder count, and one that compiles none of it is refused;
 *   - the ICCS variant: a Makefile that builds the scheme twice, once for
 *     the ICCS helpers (-DUSE_ICCS) and once on its own hash (-DUSE_SHA3),
 *     gives the flags of the commands whose macros name ICCS;
 *   - from those: -D/-U, -I, -include, the link words -l/-L/-pthread,
 *     -flto and the sources; the flags the flag sets replace and that
 *     change what a build does (-Werror, -march=native, other -m) are
 *     named in a note; a library the Makefile builds itself (ar, -shared)
 *     or that the package ships prebuilt is not linked, nor a -L into
 *     the package: the objects are rebuilt from the sources.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int hp_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static int hp_is_source(const char *w)
{
	return w[0] != '-' && (hp_has_suffix(w, ".c") || hp_has_suffix(w, ".S") || hp_has_suffix(w, ".s"));
}

static const char *hp_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

/* Is path the folder dir or below it? */
static int hp_is_below(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

/* The options of a compiler that take the next word as their argument. */
static int hp_takes_arg(const char *x)
{
	static const char *const opts[] = { "-D", "-U",  "-I",  "-include", "-iquote", "-isystem",  "-L",
					    "-o", "-MF", "-MT", "-MQ",      "-x",      "-idirafter" };

	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
		if (!strcmp(x, opts[i]))
			return 1;
	return 0;
}

/* The sources a command compiles, mapped into the package, into out. */
static int hp_command_sources(const struct hp_detect *d, const struct hp_command *c, struct hp_strv *out)
{
	for (size_t i = 1; i < c->words.n; i++) {
		const char *x = c->words.v[i];
		char abs[PATH_MAX];
		if (hp_takes_arg(x)) {
			i++;
			continue;
		}
		if (hp_is_source(x) && hp_buildsys_map(d, c->cwd, x, abs) == 0 && hp_strv_add(out, abs))
			return -1;
	}
	return 0;
}

/* Does the command define a macro that names the ICCS helpers
 * (-DUSE_ICCS, -DICCS=1, -DUSE_NICCS_API, ...)? */
static int hp_iccs_macro(const struct hp_command *c)
{
	for (size_t i = 1; i < c->words.n; i++) {
		const char *x = c->words.v[i], *m = NULL;
		if (!strcmp(x, "-D") && i + 1 < c->words.n)
			m = c->words.v[i + 1];
		else if (!strncmp(x, "-D", 2))
			m = x + 2;
		if (!m)
			continue;
		for (size_t k = 0; m[k] && m[k] != '='; k++)
			if (!strncasecmp(m + k, "ICCS", 4))
				return 1;
	}
	return 0;
}

/* ---------- flags ---------- */

/* Add a -D/-U word unless the same macro is already set; note conflicts. */
static int hp_add_macro(struct hp_detect *d, const char *word)
{
	size_t klen = strcspn(word + 2, "=");

	for (size_t i = 0; i < d->make_cppflags.n; i++) {
		const char *w = d->make_cppflags.v[i];
		if ((w[1] == 'D' || w[1] == 'U') && w[0] == '-' && strcspn(w + 2, "=") == klen &&
		    !strncmp(w + 2, word + 2, klen)) {
			if (strcmp(w, word))
				return hp_strv_addf(&d->infos,
						    "the %s sets %.*s more than one way (%s, %s): "
						    "kept %s; choose with -D or a recipe",
						    !strcmp(d->build_tool, "cmake") ? "CMake build"
										    : "Makefile's dry run",
						    (int)klen, word + 2, w, word, w);
			return 0;
		}
	}
	return hp_strv_add(&d->make_cppflags, word);
}

static int hp_add_unique(struct hp_strv *sv, const char *word)
{
	return hp_strv_find(sv, word) >= 0 ? 0 : hp_strv_add(sv, word);
}

/* Flags of the package's build that the flag sets replace but that would
 * change what a build does: worth saying they are not used. */
static int hp_notable_dropped(const char *x)
{
	return !strncmp(x, "-Werror", 7) || !strncmp(x, "-march=", 7) || !strncmp(x, "-mtune=", 7) ||
	       !strncmp(x, "-mcpu=", 6) ||
	       (x[0] == '-' && x[1] == 'm' && islower((unsigned char)x[2]) && strcmp(x, "-m64") && strcmp(x, "-m32"));
}

/* The words of one compiler command run in folder cwd. */
static int hp_parse_compile(struct hp_detect *d, const struct hp_command *c, struct hp_strv *libs)
{
	char **w = c->words.v;
	size_t n = c->words.n;
	char abs[PATH_MAX];

	for (size_t i = 1; i < n; i++) {
		const char *x = w[i], *arg = NULL;
		int rc = 0;

		if ((!strcmp(x, "-D") || !strcmp(x, "-U") || !strcmp(x, "-I") || !strcmp(x, "-include") ||
		     !strcmp(x, "-iquote") || !strcmp(x, "-isystem") || !strcmp(x, "-L")) &&
		    i + 1 < n) {
			arg = w[++i];
		} else if (!strncmp(x, "-D", 2) || !strncmp(x, "-U", 2) || !strncmp(x, "-I", 2) ||
			   !strncmp(x, "-L", 2)) {
			arg = x + 2;
		} else if (!strncmp(x, "-iquote", 7) || !strncmp(x, "-isystem", 8)) {
			arg = x + (x[2] == 'q' ? 7 : 8);
		} else if (hp_takes_arg(x)) {
			i++; /* -o FILE, -MF FILE, ...: nothing to learn */
			continue;
		}
		if (!arg && strchr("DUIL", x[1]) && x[0] == '-')
			continue; /* a flag without its argument: nothing to learn */
		if (!strncmp(x, "-D", 2) || !strncmp(x, "-U", 2)) {
			char word[4096];
			hp_fmt(word, sizeof word, "-%c%s", x[1], arg);
			rc = hp_add_macro(d, word);
		} else if (!strncmp(x, "-I", 2) || !strncmp(x, "-isystem", 8) || !strncmp(x, "-iquote", 7)) {
			if (hp_buildsys_map(d, c->cwd, arg, abs) == 0) {
				char word[PATH_MAX + 16];
				hp_fmt(word, sizeof word, "-I%s", abs);
				rc = hp_add_unique(&d->make_cppflags, word);
			}
		} else if (!strcmp(x, "-include") && arg) {
			if (hp_buildsys_map(d, c->cwd, arg, abs) == 0 && hp_strv_find(&d->make_cppflags, abs) < 0 &&
			    (rc = hp_strv_add(&d->make_cppflags, "-include")) == 0)
				rc = hp_strv_add(&d->make_cppflags, abs);
		} else if (!strncmp(x, "-L", 2)) {
			if (hp_buildsys_map(d, c->cwd, arg, abs) == 0) {
				char word[PATH_MAX + 16];
				hp_fmt(word, sizeof word, "-L%s", abs);
				rc = hp_add_unique(libs, word);
			}
		} else if ((!strncmp(x, "-l", 2) && x[2]) || !strcmp(x, "-pthread")) {
			rc = hp_add_unique(libs, x);
		} else if (!strncmp(x, "-flto", 5) || !strcmp(x, "-fno-lto") || !strcmp(x, "-ffat-lto-objects")) {
			rc = hp_add_unique(&d->make_lto, x);
		} else if (hp_notable_dropped(x)) {
			rc = hp_add_unique(&d->make_dropped, x);
		} else if (hp_is_source(x)) {
			if (hp_buildsys_map(d, c->cwd, x, abs) == 0)
				rc = hp_add_unique(&d->make_sources, abs);
		}
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* The library an archiver command (ar rcs libX.a ...) or a shared link
 * (-shared -o libX.so) writes: "X" into lib; 0 when none. */
static int hp_library_built(const struct hp_command *c, char *lib, size_t len)
{
	const char *out = NULL;

	if (hp_is_archiver(c->words.v[0])) {
		for (size_t i = 1; i < c->words.n && !out; i++)
			if (hp_has_suffix(c->words.v[i], ".a"))
				out = c->words.v[i];
	} else {
		for (size_t i = 1; i + 1 < c->words.n && !out; i++)
			if (!strcmp(c->words.v[i], "-o") && hp_strv_find(&c->words, "-shared") >= 0)
				out = c->words.v[i + 1];
	}
	if (!out || strncmp(hp_base(out), "lib", 3))
		return 0;
	out = hp_base(out) + 3;
	hp_fmt(lib, len, "%.*s", (int)strcspn(out, "."), out);
	return lib[0] != '\0';
}

/* The link words worth keeping: not a -L into the package, not a -lX the
 * Makefile builds itself or the package ships (libX.a / libX.so). */
static int hp_keep_libs(struct hp_detect *d, const struct hp_strv *libs, const struct hp_strv *built)
{
	for (size_t i = 0; i < libs->n; i++) {
		const char *w = libs->v[i];
		int shipped = 0;
		if (!strncmp(w, "-L", 2) && (hp_is_below(d->build_dir, w + 2) || hp_is_below(d->dir, w + 2)))
			continue; /* the package's own libraries are rebuilt from the sources */
		if (!strncmp(w, "-l", 2)) {
			for (size_t f = 0; f < d->files.n && !shipped; f++) {
				const char *b = hp_base(d->files.v[f]);
				size_t n = strlen(w + 2);
				shipped = !strncmp(b, "lib", 3) && !strncmp(b + 3, w + 2, n) &&
					  (!strcmp(b + 3 + n, ".a") || !strncmp(b + 3 + n, ".so", 3));
			}
			if (hp_strv_find(built, w + 2) >= 0 || shipped) {
				if (hp_strv_addf(&d->infos,
						 "%s: %s, never linked: its objects are rebuilt from the sources", w,
						 hp_strv_find(built, w + 2) >= 0
							 ? "a library the package's build makes"
							 : "a library the package ships prebuilt"))
					return -1;
				continue;
			}
		}
		if (hp_add_unique(&d->make_libs, w))
			return -1;
	}
	return 0;
}

/* A note naming the sources the build compiles outside the instance
 * folder (a ../benchmark_sig.c), which hashprof does not build; the
 * official ICCS files among them are borrow.c's. */
static int hp_note_outside(struct hp_detect *d)
{
	struct hp_strv out = { 0 };
	char *list;
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < d->make_sources.n; i++) {
		const char *b = hp_base(d->make_sources.v[i]);
		char rel[PATH_MAX];
		if (hp_is_below(d->dir, d->make_sources.v[i]) || !strcmp(b, "auxfunc.c") || !strcmp(b, "drng.c") ||
		    !strncmp(b, "KAT_", 4))
			continue;
		hp_path_rel(d->dir, d->make_sources.v[i], rel, sizeof rel);
		rc = hp_strv_add(&out, rel);
	}
	if (rc == 0 && out.n) {
		rc = !(list = hp_strv_join(&out, ", ")) ||
		     hp_strv_addf(&d->infos,
				  "not built: %s, which the package's build compiles outside the instance folder",
				  list);
		free(list);
	}
	hp_strv_free(&out);
	return rc ? -1 : 0;
}

/* ---------- which commands ---------- */

/* Keep only the commands that compile a source of the instance folder
 * (a Makefile above several of them).  -1 with the reason when there are
 * commands for other folders but none for this one. */
static int hp_this_instance(struct hp_detect *d, const struct hp_commands *c, char *keep, char *err, size_t errlen)
{
	struct hp_strv others = { 0 };
	size_t kept = 0;
	char shown[PATH_MAX];
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < c->n; i++) {
		struct hp_strv src = { 0 };
		int mine = 0;
		if (hp_command_sources(d, &c->v[i], &src)) {
			hp_strv_free(&src);
			return -1;
		}
		for (size_t k = 0; k < src.n; k++) {
			if (hp_is_below(d->dir, src.v[k]))
				mine = 1;
			else if (hp_is_below(d->build_dir, src.v[k]) &&
				 strchr(hp_path_below(d->build_dir, src.v[k]), '/')) {
				const char *rel = hp_path_below(d->build_dir, src.v[k]);
				char top[PATH_MAX];
				hp_fmt(top, sizeof top, "%.*s/", (int)strcspn(rel, "/"), rel);
				if (hp_strv_find(&others, top) < 0)
					rc |= hp_strv_add(&others, top);
			}
		}
		/* a link or archive step (no source) run in this folder counts too */
		if (!mine && !src.n) {
			char cwd[PATH_MAX];
			mine = hp_buildsys_map(d, "/", c->v[i].cwd, cwd) == 0 && hp_is_below(d->dir, cwd);
			keep[i] = (char)mine;
			hp_strv_free(&src);
			continue;
		}
		keep[i] = (char)mine;
		kept += mine;
		hp_strv_free(&src);
	}
	hp_path_rel(d->dir, d->build_file, shown, sizeof shown);
	if (rc == 0 && !kept && !strcmp(d->build_tool, "cmake")) {
		hp_fmt(err, errlen,
		       "the CMake project of %s compiles no source of %s in its configure run: say which cache "
		       "variable selects it with cmake-args = -DVAR=VALUE in a recipe",
		       shown, hp_path_below(d->build_dir, d->dir));
		rc = -2;
	} else if (rc == 0 && !kept && others.n) {
		char *list = hp_strv_join(&others, ", ");
		hp_fmt(err, errlen,
		       "%s (the instance folder has none) compiles no source of %s in its dry run, only of %s: "
		       "say which make variable selects this folder with make-args = VAR=VALUE in a recipe",
		       shown, hp_path_below(d->build_dir, d->dir), list ? list : "other folders");
		free(list);
		rc = -2;
	} else if (rc == 0 && !kept) {
		rc = hp_strv_addf(&d->infos,
				  "%s (the instance folder has none) compiles nothing in its dry run: not used", shown);
		d->build_tool[0] = '\0';
	} else if (rc == 0 && strcmp(d->build_tool, "cmake")) {
		rc = hp_strv_addf(&d->infos,
				  "the instance folder has no Makefile: used the commands of %s that compile it",
				  shown);
	}
	hp_strv_free(&others);
	return rc == -2 ? -2 : rc ? -1 : 0;
}

/* Of the compile commands kept, only the ICCS variant's, when the build
 * makes one and another (its macros then named in a note). */
static int hp_iccs_variant(struct hp_detect *d, const struct hp_commands *c, char *keep)
{
	struct hp_strv mine = { 0 }, theirs = { 0 }, only = { 0 };
	size_t iccs = 0, other = 0;
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < c->n; i++) {
		struct hp_strv src = { 0 };
		if (keep[i] && (rc = hp_command_sources(d, &c->v[i], &src)) == 0 && src.n)
			*(hp_iccs_macro(&c->v[i]) ? &iccs : &other) += 1;
		hp_strv_free(&src);
	}
	if (rc)
		return -1;
	if (!iccs || !other)
		return 0;
	for (size_t i = 0; rc == 0 && i < c->n; i++) {
		const struct hp_command *cmd = &c->v[i];
		int is_iccs = hp_iccs_macro(cmd);
		struct hp_strv src = { 0 };
		if (!keep[i] || hp_command_sources(d, cmd, &src) || !src.n) {
			hp_strv_free(&src);
			continue;
		}
		hp_strv_free(&src);
		for (size_t k = 1; rc == 0 && k < cmd->words.n; k++)
			if (!strncmp(cmd->words.v[k], "-D", 2) && cmd->words.v[k][2])
				rc = hp_add_unique(is_iccs ? &mine : &theirs, cmd->words.v[k]);
		keep[i] = (char)is_iccs;
	}
	for (size_t k = 0; rc == 0 && k < theirs.n; k++)
		if (hp_strv_find(&mine, theirs.v[k]) < 0)
			rc = hp_strv_add(&only, theirs.v[k]);
	if (rc == 0) {
		struct hp_strv named = { 0 };
		char *a, *b;
		for (size_t k = 0; rc == 0 && k < mine.n; k++) {
			const char *m = mine.v[k] + 2;
			for (size_t j = 0; m[j] && m[j] != '='; j++)
				if (!strncasecmp(m + j, "ICCS", 4)) {
					rc = hp_add_unique(&named, mine.v[k]);
					break;
				}
		}
		a = hp_strv_join(&named, " ");
		b = hp_strv_join(&only, " ");
		rc = rc || !a || !b ||
		     hp_strv_addf(&d->infos,
				  "the package's build makes an ICCS variant (%s) and another (%s): used the ICCS one",
				  a, b[0] ? b : "without it");
		hp_fmt(d->variant, sizeof d->variant, "%s", a ? a : "");
		free(a);
		free(b);
		hp_strv_free(&named);
	}
	hp_strv_free(&mine);
	hp_strv_free(&theirs);
	hp_strv_free(&only);
	return rc ? -1 : 0;
}

int hp_commands_use(struct hp_detect *d, const struct hp_commands *c, char *err, size_t errlen)
{
	char *keep = calloc(c->n ? c->n : 1, 1);
	struct hp_strv libs = { 0 }, built = { 0 };
	int rc = 0;

	if (!keep) {
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	memset(keep, 1, c->n);
	if (d->build_above && (rc = hp_this_instance(d, c, keep, err, errlen)) != 0) {
		if (rc == -1)
			hp_fmt(err, errlen, "out of memory");
		goto out;
	}
	if (!d->build_tool[0])
		goto out;
	if ((rc = hp_iccs_variant(d, c, keep)) != 0)
		goto oom;
	for (size_t i = 0; i < c->n; i++) {
		char lib[256];
		if (hp_library_built(&c->v[i], lib, sizeof lib) && hp_add_unique(&built, lib))
			goto oom;
		if (keep[i] && hp_is_compiler(c->v[i].words.v[0]) && hp_parse_compile(d, &c->v[i], &libs))
			goto oom;
	}
	if (hp_keep_libs(d, &libs, &built) || hp_note_outside(d))
		goto oom;
	if (d->make_dropped.n) {
		char *w = hp_strv_join(&d->make_dropped, " ");
		rc = !w ||
		     hp_strv_addf(&d->infos, "not used from the package's build (the flag sets replace them): %s", w);
		free(w);
		if (rc)
			goto oom;
	}
	goto out;
oom:
	hp_fmt(err, errlen, "out of memory");
	rc = -1;
out:
	free(keep);
	hp_strv_free(&libs);
	hp_strv_free(&built);
	return rc < 0 ? -1 : 0;
}
