/*
 * dryrun.c - the package's own build as a list of commands (see
 * builder.h): the compiler and archiver commands that `make -n -B -w`
 * prints, with the folder each runs in.  make prints the recipes without
 * running them (only the lines that run $(MAKE), and what it needs to
 * remake included makefiles), in the scratch copy of the package
 * (buildsys.c).  Nothing here decides which commands or flags count:
 * commands.c does.
 */
#include "config.h"
#include "builder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

/* Seconds a dry run of the package's Makefile may take. */
#define HP_MAKE_TIMEOUT 60u

/* ---------- the command list ---------- */

int hp_commands_add(struct hp_commands *c, const char *cwd, const struct hp_strv *words)
{
	struct hp_command *cmd;

	struct hp_command *grown = hp_grow(c->v, &c->cap, c->n, sizeof *grown, 16);
	if (!grown)
		return -1;
	c->v = grown;
	cmd = &c->v[c->n];
	memset(cmd, 0, sizeof *cmd);
	if (!(cmd->cwd = strdup(cwd)) || hp_strv_extend(&cmd->words, words)) {
		free(cmd->cwd);
		hp_strv_free(&cmd->words);
		return -1;
	}
	c->n++;
	return 0;
}

void hp_commands_free(struct hp_commands *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].cwd);
		hp_strv_free(&c->v[i].words);
	}
	free(c->v);
	memset(c, 0, sizeof *c);
}

static const char *hp_base(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

int hp_is_compiler(const char *word)
{
	const char *b = hp_base(word);

	if (!strncmp(b, "ccache", 6))
		return 0;
	for (const char *p = b; *p; p++) {
		const char *names[] = { "gcc", "clang", "cc" };
		for (size_t k = 0; k < 3; k++) {
			size_t l = strlen(names[k]);
			if (!strncmp(p, names[k], l) && (p == b || p[-1] == '-') && (p[l] == '\0' || p[l] == '-'))
				return 1;
		}
	}
	return 0;
}

int hp_is_archiver(const char *word)
{
	const char *b = hp_base(word);
	size_t n = strlen(b);

	return !strcmp(b, "ar") || (n > 3 && !strcmp(b + n - 3, "-ar"));
}

/* ---------- make -n ---------- */

/* One line of make -n -w output; *cwd follows "Entering directory". */
static int hp_make_line(struct hp_commands *out, char *line, const char *copy, char cwd[PATH_MAX])
{
	struct hp_strv w = { 0 };
	char here[PATH_MAX];
	const char *enter = strstr(line, ": Entering directory '");
	int rc;

	if (enter && !strncmp(line, "make", 4)) {
		char *path = strchr(enter, '\'') + 1, *end = strrchr(path, '\'');
		if (end) {
			*end = '\0';
			hp_fmt(cwd, PATH_MAX, "%s", path);
		}
		return 0;
	}
	if (!strncmp(line, "make", 4) && strstr(line, ": Leaving directory '"))
		return 0;
	if ((rc = hp_split_words_keeping(line, copy, &w)) != 0) {
		hp_strv_free(&w);
		return rc < 0 ? -1 : 0;
	}
	hp_fmt(here, sizeof here, "%s", cwd);
	for (size_t i = 0; i < w.n; i++) {
		char *x = w.v[i];
		if (!strcmp(x, "cd") && i + 1 < w.n) {
			char abs[PATH_MAX];
			if (hp_path_abs(here, w.v[i + 1], abs) == 0)
				hp_fmt(here, sizeof here, "%s", abs);
			i++;
			continue;
		}
		x += strspn(x, "@-+");
		if (hp_is_compiler(x) || hp_is_archiver(x)) {
			struct hp_strv cmd = { 0 };
			size_t end = i;
			while (end < w.n && strcmp(w.v[end], "&&") && strcmp(w.v[end], ";") && strcmp(w.v[end], "||"))
				end++;
			rc = hp_strv_add(&cmd, x);
			for (size_t k = i + 1; rc == 0 && k < end; k++)
				rc = hp_strv_add(&cmd, w.v[k]);
			rc = rc || hp_commands_add(out, here, &cmd);
			hp_strv_free(&cmd);
			i = end;
			if (rc != 0)
				break;
		}
	}
	hp_strv_free(&w);
	return rc ? -1 : 0;
}

int hp_dryrun_make(struct hp_detect *d, const struct hp_strv *args, const char *log_path, struct hp_commands *out,
		   char *err, size_t errlen)
{
	struct hp_strv argv = { 0 };
	char cwd[PATH_MAX], *text;
	int status, rc = 0;

	if (hp_strv_add(&argv, "make") || hp_strv_add(&argv, "-n") || hp_strv_add(&argv, "-B") ||
	    hp_strv_add(&argv, "-w") || hp_strv_extend(&argv, args)) {
		hp_strv_free(&argv);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	/* a make that runs us (make check) must not leak its flags, jobserver
	 * or level into the dry run: its "Entering directory" lines would lie */
	unsetenv("MAKEFLAGS");
	unsetenv("MFLAGS");
	unsetenv("GNUMAKEFLAGS");
	unsetenv("MAKELEVEL");
	unsetenv("MAKEOVERRIDES");
	status = hp_run_program(argv.v, d->copy_dir, log_path, 0, HP_MAKE_TIMEOUT);
	hp_strv_free(&argv);
	d->ran_make = 1;
	d->make_status = status;
	d->make_error[0] = d->outside[0] = '\0';
	if (status < 0) {
		hp_fmt(d->make_error, sizeof d->make_error, "the package has a %s but make could not be run",
		       hp_base(d->build_file));
		return 0;
	}
	if (status != 0) {
		char first[HP_BUILD_ERR];
		hp_first_error(log_path, first, sizeof first);
		hp_fmt(d->make_error, sizeof d->make_error, "make -n exited with status %d (%s)", status,
		       first[0] ? first : "no output");
	}
	if (!(text = hp_util_read_file(log_path, 0, NULL)))
		return 0;
	hp_fmt(cwd, sizeof cwd, "%s", d->copy_dir);
	/* a command continued with backslash-newline is one command */
	for (char *p = text; (p = strstr(p, "\\\n"));)
		p[0] = p[1] = ' ';
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (status != 0)
			hp_buildsys_outside(d, cwd, line); /* before the line can change cwd */
		if (hp_make_line(out, line, d->make_copy, cwd) != 0) {
			hp_fmt(err, errlen, "out of memory");
			rc = -1;
			break;
		}
	}
	free(text);
	return rc;
}
