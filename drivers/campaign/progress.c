/*
 * progress.c - what a local campaign shows while make runs its steps
 * (see campaign.h).  The steps (unit.c) print "hashprof campaign: start
 * STEP FOLDER" and "hashprof campaign: done STEP FOLDER: RESULT" lines,
 * and one line per operation; make passes them on through a pipe.
 *
 * On a terminal, one status line at the bottom is redrawn in place: done
 * and total steps, elapsed time, the estimated time left (elapsed / done
 * x steps left) and the step or operation started last ("FOLDER
 * verify: running", so that a hanging one is named); the step results scroll above
 * it.  Elsewhere (a log, CI), plain lines: each result with its count,
 * written out at once (a log shows where the campaign is, and keeps it).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "campaign.h"
#include "util/monotonic.h"

#define HP_START "hashprof campaign: start "
#define HP_DONE "hashprof campaign: done "
#define HP_PREFIX "hashprof campaign: "

void hp_progress_init(struct hp_progress *pg, enum hp_progress_mode mode, size_t total)
{
	memset(pg, 0, sizeof *pg);
	pg->tty = mode == HP_PROGRESS_TTY || (mode == HP_PROGRESS_AUTO && isatty(STDOUT_FILENO));
	pg->total = total;
	pg->start = hp_util_monotonic();
}

/* s seconds as "1:05" or "1:02:05". */
static void hp_clock_text(double s, char *buf, size_t len)
{
	long t = s < 0 ? 0 : (long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

void hp_progress_status(const struct hp_progress *pg, double now, char *buf, size_t len)
{
	char elapsed[32], eta[32];
	double e = now - pg->start;

	hp_clock_text(e, elapsed, sizeof elapsed);
	if (pg->done && pg->done < pg->total)
		hp_clock_text(e / (double)pg->done * (double)(pg->total - pg->done), eta, sizeof eta);
	else
		snprintf(eta, sizeof eta, pg->done >= pg->total ? "0:00" : "?");
	snprintf(buf, len, "[%zu/%zu] %s elapsed, ETA %s", pg->done, pg->total, elapsed, eta);
}

/* Redraw the status line (terminal only). */
static void hp_draw(struct hp_progress *pg)
{
	char status[128];

	if (!pg->tty)
		return;
	hp_progress_status(pg, hp_util_monotonic(), status, sizeof status);
	if (pg->running && pg->current[0])
		printf("\r\033[K%s: %s%s", status, pg->current, pg->running > 1 ? " (and others)" : "");
	else
		printf("\r\033[K%s", status);
	fflush(stdout);
	pg->drawn = 1;
}

/* Print a line above the status line (or as it is), flushed: stdout to a
 * log or a pipe is block-buffered, and a log that `tail -f` or CI shows
 * must say where a long campaign is, and keep what it said when the
 * campaign is killed outright. */
static void hp_print_line(struct hp_progress *pg, const char *line)
{
	if (pg->drawn)
		printf("\r\033[K");
	printf("%s\n", line);
	fflush(stdout);
	pg->drawn = 0;
}

void hp_progress_line(struct hp_progress *pg, const char *line)
{
	char text[PATH_MAX + 600];

	if (!strncmp(line, HP_START, strlen(HP_START))) {
		hp_fmt(pg->current, sizeof pg->current, "%s", line + strlen(HP_START));
		pg->running++;
		if (!pg->tty) {
			hp_print_line(pg, line + strlen(HP_PREFIX));
			return;
		}
	} else if (!strncmp(line, HP_DONE, strlen(HP_DONE))) {
		pg->done++;
		if (pg->running)
			pg->running--;
		hp_fmt(text, sizeof text, "[%zu/%zu] %s", pg->done, pg->total, line + strlen(HP_DONE));
		hp_print_line(pg, text);
	} else if (!strncmp(line, HP_PREFIX, strlen(HP_PREFIX))) {
		/* an operation's result: the status line shows the good ones,
		 * a failure scrolls above it */
		const char *rest = line + strlen(HP_PREFIX);
		size_t n = strlen(rest);
		/* an operation that starts: the status line's, never a log's */
		if (n > 9 && !strcmp(rest + n - 9, ": running")) {
			if (pg->tty)
				hp_fmt(pg->current, sizeof pg->current, "%s", rest);
		} else if (!pg->tty || strstr(rest, ": failed: ")) {
			hp_fmt(text, sizeof text, "  %s", rest);
			hp_print_line(pg, text);
		} else {
			hp_fmt(pg->current, sizeof pg->current, "%s", rest);
		}
	} else if (line[0]) {
		hp_print_line(pg, line);
	}
	hp_draw(pg);
}

void hp_progress_tick(struct hp_progress *pg)
{
	hp_draw(pg);
}

void hp_progress_end(struct hp_progress *pg)
{
	if (pg->tty && pg->drawn) {
		printf("\r\033[K");
		fflush(stdout);
	}
	pg->drawn = 0;
}
