/*
 * sites_output.c - --folded and --flame-graph (see sites_output.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callsites/report.h"
#include "callsites/flame.h"
#include "output_file.h"
#include "sites_output.h"
#include "callsites/part.h"

int hp_sites_outputs_prepare(const char *folded, const char *flame, char *err, size_t errlen)
{
	/* the flame graph is drawn after the folded stacks are written: one
	 * file for both would keep the picture only */
	const struct hp_output both[] = { { "--folded", folded }, { "--flame-graph", flame } };

	if ((folded && hp_output_check("--folded", folded, NULL, err, errlen) != 0) ||
	    (flame && hp_output_check("--flame-graph", flame, NULL, err, errlen) != 0))
		return -1;
	if (hp_outputs_apart(both, 2, err, errlen) != 0)
		return -1;
	return hp_output_make_folder("--folded", folded, err, errlen) ||
			       hp_output_make_folder("--flame-graph", flame, err, errlen)
		       ? -1
		       : 0;
}

/* The title of the flame graph: the rows' instance and operations. */
static void hp_flame_title(const struct hp_result *rows, size_t nrows, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nrows; i++) {
		if (rows[i].status != HP_STATUS_OK || !hp_sites_c(&rows[i])->requested)
			continue;
		int n = snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "", rows[i].instance,
				 rows[i].operation);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	snprintf(buf + used, len - used, "%shelper ticks by call path (hashprof --call-sites)", used ? ": " : "");
}

/* text (NULL: out of memory) into path, the file of option opt. */
static unsigned hp_write_one(const char *opt, const char *path, const char *text)
{
	return hp_output_write(opt, path, text, text ? strlen(text) : 0, NULL);
}

unsigned hp_sites_outputs_write(const char *folded, const char *flame, const struct hp_result *rows, size_t nrows)
{
	unsigned bad = 0;
	char *text, *svg, title[512];

	if (!folded && !flame)
		return 0;
	text = hp_callsites_folded(rows, nrows);
	if (folded)
		bad += hp_write_one("--folded", folded, text);
	if (flame) {
		hp_flame_title(rows, nrows, title, sizeof title);
		svg = text ? hp_flame_svg(text, title, "ticks") : NULL;
		bad += hp_write_one("--flame-graph", flame, svg);
		free(svg);
	}
	free(text);
	return bad;
}
