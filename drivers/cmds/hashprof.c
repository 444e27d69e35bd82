/*
 * hashprof.c - the `hashprof` command: dispatch to a subcommand (one file
 * each, cmd_*.c); anything that is not a subcommand word is an instance.
 */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "instance.h"

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
	if (n <= 0) {
		hp_instance_path_string(path, sizeof path);
		return hp_usage_error("unknown instance '%s': no instance found along %s", name, path);
	}
	if (suggest[0])
		return hp_usage_error("unknown instance '%s'; did you mean %s? Known instances: %s",
				      name, suggest, known);
	return hp_usage_error("unknown instance '%s'; known instances: %s", name, known);
}

int hp_bad_option(const char *cmd, char **argv)
{
	const char *opt = optind > 0 ? argv[optind - 1] : "?";

	return hp_usage_error("%s: unrecognized option or missing argument; try 'hashprof%s%s --help'",
			      opt, cmd ? " " : "", cmd ? cmd : "");
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

/* The subcommands; `hashprof INSTANCE ...` is the default one. */
static const struct {
	const char *word;
	int (*run)(int argc, char **argv);
} hp_cmds[] = {
	{ "list", hp_cmd_list },
	{ "report", hp_cmd_report }, { "check", hp_cmd_check },
	{ "build", hp_cmd_build },
};

int main(int argc, char **argv)
{
	/* the recorded command line reads "hashprof ...", whatever path was typed */
	argv[0] = (char *)"hashprof";
	opterr = 0;   /* each command says it in one line: hp_bad_option */
	/* `hashprof help [COMMAND]` is `hashprof [COMMAND] --help` */
	if (argc > 1 && !strcmp(argv[1], "help")) {
		static char help_opt[] = "--help";
		char *hv[] = { argv[0], help_opt, NULL }, *cv[] = { argc > 2 ? argv[2] : NULL, help_opt, NULL };
		optind = 1;
		for (size_t i = 0; argc > 2 && i < sizeof hp_cmds / sizeof hp_cmds[0]; i++)
			if (!strcmp(argv[2], hp_cmds[i].word))
				return hp_cmds[i].run(2, cv);
		return hp_cmd_run(2, hv);
	}
	if (argc > 1)
		for (size_t i = 0; i < sizeof hp_cmds / sizeof hp_cmds[0]; i++)
			if (!strcmp(argv[1], hp_cmds[i].word))
				return hp_cmds[i].run(argc - 1, argv + 1);
	return hp_cmd_run(argc, argv);
}
