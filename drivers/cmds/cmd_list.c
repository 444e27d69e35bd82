/*
 * cmd_list.c - `hashprof list`: the instances along the search path with
 * their API kind, file and the helpers each one wraps; with --long, the
 * survey of each (its verdict, own code, notes) and how `hashprof build`
 * built it.  Reads ELF metadata only; no scheme code runs.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "cmds.h"
#include "instance.h"

static void hp_list_help(void)
{
	printf("Usage: hashprof list [--long] [--path] [--hashes]\n"
	       "List the instances hashprof finds: name, API kind, helpers linked with --wrap,\n"
	       "shared object, and how `hashprof build` built it (flag set, KAT, warnings).\n"
	       "  -l, --long   also print each instance's survey (verdict: ICCS-only, mixed, bypass\n"
	       "               or none; its own symmetric code) and each built instance's origin,\n"
	       "               compiler flags and warnings\n"
	       "      --path   print the folders searched, one per line, and exit (with --hashes:\n"
	       "               the folders searched for candidate modules)\n"
	       "      --hashes list the hash candidates of --hash instead: name, the helpers it\n"
	       "               stands in for, its digest, where it comes from, its construction\n"
	       "  -h, --help   display this help and exit\n");
}

/* `hashprof list --hashes`: the candidates of --hash (drivers/candidates.h). */
static int hp_list_hashes(int path)
{
	struct hp_candidate *all = NULL;
	long n;
	int wn = (int)strlen("candidate"), wh = (int)strlen("stands in for"), wo = (int)strlen("origin");
	char helpers[128], digest[32], dirs[8192];

	if (path) {
		hp_candidate_path_string(dirs, sizeof dirs);
		for (char *dir = strtok(dirs, ":"); dir; dir = strtok(NULL, ":"))
			printf("%s\n", dir);
		return HP_EXIT_OK;
	}
	if ((n = hp_candidate_scan(&all)) < 0)
		return hp_usage_error("list: out of memory");
	for (long i = 0; i < n; i++) {
		const char *origin = all[i].path[0] ? all[i].path : all[i].origin;
		if ((int)strlen(all[i].name) > wn)
			wn = (int)strlen(all[i].name);
		if ((int)strlen(hp_candidate_helper_list(all[i].helpers, helpers, sizeof helpers)) > wh)
			wh = (int)strlen(helpers);
		if ((int)strlen(origin) > wo)
			wo = (int)strlen(origin);
	}
	printf("%-*s  %-*s  %-6s  %-*s  construction\n", wn, "candidate", wh, "stands in for", "digest", wo, "origin");
	for (long i = 0; i < n; i++) {
		if (all[i].digest_bits)
			snprintf(digest, sizeof digest, "%u", all[i].digest_bits);
		else
			snprintf(digest, sizeof digest, "%s", all[i].helpers ? "XOF" : "-");
		printf("%-*s  %-*s  %-6s  %-*s  %s\n", wn, all[i].name, wh,
		       hp_candidate_helper_list(all[i].helpers, helpers, sizeof helpers), digest, wo,
		       all[i].path[0] ? all[i].path : all[i].origin, all[i].construction);
	}
	free(all);
	if (fflush(stdout) != 0 || ferror(stdout))
		return hp_usage_error("list: cannot write to standard output");
	return HP_EXIT_OK;
}

static void hp_print_path(void)
{
	char path[8192];

	hp_instance_path_string(path, sizeof path);
	for (char *dir = strtok(path, ":"); dir; dir = strtok(NULL, ":"))
		printf("%s\n", dir);
}

/* The "build" cell: "-" for an instance hashprof build did not make, else
 * its flag set, the KAT result when it was checked, the number of warnings. */
static void hp_build_cell(const struct hp_instance *in, char *buf, size_t len)
{
	size_t warnings = 0;

	if (!in->flags[0]) {
		snprintf(buf, len, "-");
		return;
	}
	if (in->warnings[0])
		for (const char *p = in->warnings; p; p = strstr(p + 1, "; "))
			warnings++;
	snprintf(buf, len, "%s", in->flags);
	if (in->kat[0] && strcmp(in->kat, "not checked"))
		snprintf(buf + strlen(buf), len - strlen(buf), ", KAT %s", in->kat);
	if (warnings)
		snprintf(buf + strlen(buf), len - strlen(buf), ", %zu warning%s", warnings, warnings == 1 ? "" : "s");
}

/* The survey lines of --long: the verdict and reason, the own code
 * found (not the functions that route to the helpers), the own entry
 * functions, the notes. */
static void hp_print_survey(const struct hp_instance *in)
{
	if (!in->survey_verdict[0]) {
		printf("    survey:   not recorded (the instance was made before hashprof surveyed "
		       "instances: rebuild it)\n");
		return;
	}
	printf("    survey:   %s \u2014 %s\n", in->survey_verdict, in->survey_reason);
	for (const char *p = in->survey_detail; *p;) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);
		char role[16] = "", prim[64] = "", fn[256] = "", obj[256] = "", ev[512] = "";

		if (!strncmp(p, "finding=", 8) &&
		    sscanf(p + 8, "%15[^\t]\t%63[^\t]\t%255[^\t]\t%255[^\t]\t%511[^\n]", role, prim, fn, obj, ev) ==
			    5 &&
		    strcmp(role, "routes") && strcmp(role, "uses-own"))
			printf("    %-9s %s (%s, %s): %s\n", !strcmp(role, "iccs") ? "iccs:" : "own:", fn, prim, obj,
			       ev);
		else if (!strncmp(p, "entry=", 6) &&
			 sscanf(p + 6, "%255[^\t]\t%63[^\t]\t%255[^\t]\t%511[^\n]", fn, prim, obj, ev) == 4)
			printf("    entry:    %s (%s, %s): %s\n", fn, prim, obj, ev);
		else if (!strncmp(p, "note=", 5))
			printf("    note:     %.*s\n", n - 5, p + 5);
		p = nl ? nl + 1 : p + n;
	}
}

int hp_cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "path", no_argument, NULL, 'p' },
		{ "long", no_argument, NULL, 'l' },
		{ "hashes", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct hp_instance *all = NULL;
	long n;
	int c, wn = (int)strlen("instance"), ww = (int)strlen("wraps"), wf = (int)strlen("file"), lng = 0;
	int hashes = 0, path = 0;
	char cell[128];

	while ((c = getopt_long(argc, argv, "hl", longopts, NULL)) != -1) {
		if (c == 'l') {
			lng = 1;
			continue;
		}
		if (c == 'h') {
			hp_list_help();
			return HP_EXIT_OK;
		}
		if (c == 'p') {
			path = 1;
			continue;
		}
		if (c == 'H') {
			hashes = 1;
			continue;
		}
		return hp_bad_option("list", argv);
	}
	if (optind < argc)
		return hp_usage_error("list: unexpected argument '%s'", argv[optind]);
	if (hashes)
		return hp_list_hashes(path);
	if (path) {
		hp_print_path();
		return HP_EXIT_OK;
	}
	hp_instance_warn_to(stderr);
	if ((n = hp_instance_scan(&all)) < 0)
		return hp_usage_error("list: out of memory");
	for (long i = 0; i < n; i++) {
		if ((int)strlen(all[i].name) > wn)
			wn = (int)strlen(all[i].name);
		if ((int)strlen(all[i].wrapped) > ww)
			ww = (int)strlen(all[i].wrapped);
	}
	/* the build column comes last: scripts read "instance kind wraps file" */
	for (long i = 0; i < n; i++)
		if ((int)strlen(all[i].path) > wf)
			wf = (int)strlen(all[i].path);
	printf("%-*s  kind  %-*s  %-*s  build\n", wn, "instance", ww, "wraps", wf, "file");
	for (long i = 0; i < n; i++) {
		hp_build_cell(&all[i], cell, sizeof cell);
		printf("%-*s  %-4s  %-*s  %-*s  %s\n", wn, all[i].name, all[i].kind, ww,
		       all[i].wrapped[0] ? all[i].wrapped : "(none)", wf, all[i].path, cell);
		if (lng)
			hp_print_survey(&all[i]);
		if (!lng || !all[i].flags[0])
			continue;
		printf("    origin:   %s\n    cflags:   %s\n    KAT:      %s\n", all[i].origin, all[i].cflags,
		       all[i].kat[0] ? all[i].kat : "not checked");
		for (char *w = all[i].warnings, *next; w && *w; w = next) {
			next = strstr(w, "; ");
			printf("    warning:  %.*s\n", next ? (int)(next - w) : (int)strlen(w), w);
			if (next)
				next += 2;
		}
	}
	if (n == 0) {
		char path[8192];
		hp_instance_path_string(path, sizeof path);
		fprintf(stderr, "hashprof: no instance found along %s\n", path);
	}
	free(all);
	if (fflush(stdout) != 0 || ferror(stdout))
		return hp_usage_error("list: cannot write to standard output");
	return HP_EXIT_OK;
}
