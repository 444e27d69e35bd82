/*
 * usage.c - what every subcommand says the same way (cmds.h): the one-line
 * usage errors, the unknown-instance message, --version.  Apart from
 * hashprof.c, which only dispatches, so that no subcommand calls back into
 * the dispatcher.
 */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "instance.h"
#include "options.h"

int hp_usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("hashprof: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return HP_EXIT_USAGE;
}

int hp_unknown_instance(const char *name)
{
	struct hp_instance *all = NULL;
	long n = hp_instance_scan(&all);
	char suggest[256], known[2048] = "", path[8192];
	size_t used = 0;

	for (long i = 0; i < n && used < sizeof known; i++)
		used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", all[i].name);
	hp_instance_suggest(name, all, n > 0 ? (size_t)n : 0, suggest, sizeof suggest);
	free(all);
	hp_instance_note_foreign(name);
	if (n <= 0) {
		hp_instance_path_string(path, sizeof path);
		return hp_usage_error("unknown instance '%s': no instance found along %s", name, path);
	}
	if (suggest[0])
		return hp_usage_error("unknown instance '%s'; did you mean %s? Known instances: %s", name, suggest,
				      known);
	return hp_usage_error("unknown instance '%s'; known instances: %s", name, known);
}

int hp_bad_option(const char *cmd, char **argv)
{
	const char *opt = optind > 0 ? argv[optind - 1] : "?";

	return hp_usage_error("%s: unrecognized option or missing argument; try 'hashprof%s%s --help'", opt,
			      cmd ? " " : "", cmd ? cmd : "");
}

int hp_print_version(void)
{
	printf("hashprof %s\n"
	       "Copyright (C) 2026 the hashprof authors.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	       PACKAGE_VERSION);
	return HP_EXIT_OK;
}
