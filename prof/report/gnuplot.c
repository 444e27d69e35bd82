/*
 * gnuplot.c - drawing a picture with gnuplot (see gnuplot.h).
 *
 * The private folder holds the script (plot.gp), gnuplot's messages
 * (messages.txt) and the picture (out.png or out.svg); the picture is then
 * copied over the target atomically and the folder removed.
 */
#include "gnuplot.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/read_file.h"
#include "util/spawn.h"
#include "util/write_file.h"

const char *hp_gnuplot_kind(const char *path)
{
	size_t len = strlen(path);

	if (len > 4 && !strcmp(path + len - 4, ".png"))
		return "png";
	if (len > 4 && !strcmp(path + len - 4, ".svg"))
		return "svg";
	return NULL;
}

const char *hp_gnuplot_program(char *buf, size_t len)
{
	const char *path = getenv("PATH");

	while (path && *path) {
		size_t n = strcspn(path, ":");
		snprintf(buf, len, "%.*s/gnuplot", (int)n, path);
		if (n && access(buf, X_OK) == 0)
			return buf;
		path += n + (path[n] == ':');
	}
	return NULL;
}

/*
 * Why gnuplot failed, from its messages in text (changed): its own
 * "\"SCRIPT\" line N: MESSAGE" without the script's name (the first that
 * is not a warning, else the first), else the first line that is not
 * blank; "" when there is none.
 */
static const char *hp_gnuplot_why(char *text)
{
	char *first = NULL, *said = NULL, *warned = NULL;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *q = line[0] == '"' ? strchr(line + 1, '"') : NULL;
		line[strcspn(line, "\r")] = '\0';
		if (!first && line[strspn(line, " \t")])
			first = line + strspn(line, " \t");
		if (q && !strncmp(q, "\" line ", 7)) {
			if (strstr(q, ": warning:"))
				warned = warned ? warned : q + 2;
			else if (!said)
				said = q + 2;
		}
	}
	return said ? said : warned ? warned : first ? first : "";
}

/* Run program on script, its messages into msgs, into why on failure:
 * 0, or -1. */
static int hp_gnuplot_run(const char *program, const char *script, const char *msgs, char *why, size_t len)
{
	char *argv[] = { (char *)program, (char *)script, NULL }, how_text[64], *text;
	struct hp_util_spawn s = { .argv = argv, .out_path = msgs, .err_path = msgs };
	int spawn_errno, status = 0, how;
	pid_t pid = hp_util_spawn(&s, &spawn_errno);

	if (pid < 0) {
		snprintf(why, len, "cannot run gnuplot: %s", strerror(errno));
		return -1;
	}
	how = hp_util_reap(pid, HP_GNUPLOT_TIMEOUT_S, &status);
	if (spawn_errno) {
		snprintf(why, len, "cannot run %.200s: %s", program, strerror(spawn_errno));
		return -1;
	}
	if (how == HP_UTIL_ENDED && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (how == HP_UTIL_TIMED_OUT)
		snprintf(how_text, sizeof how_text, "did not finish in %d s", HP_GNUPLOT_TIMEOUT_S);
	else if (how == HP_UTIL_INTERRUPTED)
		snprintf(how_text, sizeof how_text, "interrupted");
	else if (how < 0)
		snprintf(how_text, sizeof how_text, "not waited for: %s", strerror(errno));
	else if (WIFEXITED(status))
		snprintf(how_text, sizeof how_text, "exit status %d", WEXITSTATUS(status));
	else
		snprintf(how_text, sizeof how_text, "killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	text = hp_util_read_file(msgs, 1u << 16, NULL);
	const char *line = text ? hp_gnuplot_why(text) : "";
	snprintf(why, len, "gnuplot failed (%s): %.200s", how_text, *line ? line : "no message");
	free(text);
	return -1;
}

/* The private folder in dir (len bytes): below $TMPDIR when its name can
 * go between quotes in a script, else below /tmp.  0, or -1 (errno). */
static int hp_gnuplot_folder(char *dir, size_t len)
{
	const char *tmp = getenv("TMPDIR");

	if (!tmp || !*tmp || strpbrk(tmp, "'\"\\") || strlen(tmp) > 3000)
		tmp = "/tmp";
	snprintf(dir, len, "%s/hashprof-plot.XXXXXX", tmp);
	return mkdtemp(dir) ? 0 : -1;
}

int hp_gnuplot_draw(const char *path, hp_gnuplot_script_fn script, void *arg, char *err, size_t errlen)
{
	const char *kind = hp_gnuplot_kind(path), *program;
	char dir[4096], gp[4200], image[4200], msgs[4200], why[512], prog[4096], *data = NULL;
	size_t bytes = 0;
	int rc = -1, written = 0;
	FILE *f;

	if (!kind) {
		snprintf(err, errlen, "%s: not a .png or .svg file name", path);
		return -1;
	}
	if (!(program = hp_gnuplot_program(prog, sizeof prog))) {
		snprintf(err, errlen, "%s: not written: gnuplot is not installed (Debian package: gnuplot-nox)", path);
		return -1;
	}
	if (hp_gnuplot_folder(dir, sizeof dir) != 0) {
		snprintf(err, errlen, "%s: cannot make a temporary folder for gnuplot: %s", path, strerror(errno));
		return -1;
	}
	snprintf(gp, sizeof gp, "%s/plot.gp", dir);
	snprintf(image, sizeof image, "%s/out.%s", dir, kind);
	snprintf(msgs, sizeof msgs, "%s/messages.txt", dir);
	if ((f = fopen(gp, "w"))) {
		written = script(f, kind, image, arg) == 0 && !ferror(f);
		written = fclose(f) == 0 && written;
	}
	if (!written)
		snprintf(err, errlen, "%s: cannot write the gnuplot script in %s: %s", path, dir, strerror(errno));
	else if (hp_gnuplot_run(program, gp, msgs, why, sizeof why) != 0)
		snprintf(err, errlen, "%s: not written: %s", path, why);
	else if (!(data = hp_util_read_file(image, HP_GNUPLOT_FILE_MAX, &bytes)) || bytes == 0)
		snprintf(err, errlen, "%s: not written: gnuplot made no image", path);
	else
		rc = hp_util_write_file(path, data, bytes, "plots", err, errlen) == 0 ? 0 : -1;
	free(data);
	unlink(gp);
	unlink(image);
	unlink(msgs);
	rmdir(dir);
	return rc;
}
