/*
 * cmd_list.c - `hashprof list`: the instances along the search path with
 * their API kind, file and the helpers each one wraps.  Reads ELF
 * metadata only; no scheme code runs.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "instance.h"

static void hp_list_help(void)
{
	printf("Usage: hashprof list [--path]\n"
	       "List the instances hashprof finds: name, API kind, helpers linked with --wrap,\n"
	       "origin and shared object.\n"
	       "      --path   print the folders searched, one per line, and exit\n"
	       "  -h, --help   display this help and exit\n");
}

static void hp_print_path(void)
{
	char path[8192];

	hp_instance_path_string(path, sizeof path);
	for (char *dir = strtok(path, ":"); dir; dir = strtok(NULL, ":"))
		printf("%s\n", dir);
}

int hp_cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "path", no_argument, NULL, 'p' }, { "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	struct hp_instance *all = NULL;
	long n;
	int c, wn = (int)strlen("instance"), ww = (int)strlen("wraps");

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			hp_list_help();
			return HP_EXIT_OK;
		}
		if (c == 'p') {
			hp_print_path();
			return HP_EXIT_OK;
		}
		return hp_usage_error("try 'hashprof list --help'");
	}
	if (optind < argc)
		return hp_usage_error("list: unexpected argument '%s'", argv[optind]);
	if ((n = hp_instance_scan(&all)) < 0)
		return hp_usage_error("list: out of memory");
	for (long i = 0; i < n; i++) {
		if ((int)strlen(all[i].name) > wn)
			wn = (int)strlen(all[i].name);
		if ((int)strlen(all[i].wrapped) > ww)
			ww = (int)strlen(all[i].wrapped);
	}
	printf("%-*s  kind  %-*s  file\n", wn, "instance", ww, "wraps");
	for (long i = 0; i < n; i++)
		printf("%-*s  %-4s  %-*s  %s\n", wn, all[i].name, all[i].kind, ww,
		       all[i].wrapped[0] ? all[i].wrapped : "(none)", all[i].path);
	if (n == 0) {
		char path[8192];
		hp_instance_path_string(path, sizeof path);
		fprintf(stderr, "hashprof: no instance found along %s\n", path);
	}
	free(all);
	return HP_EXIT_OK;
}
