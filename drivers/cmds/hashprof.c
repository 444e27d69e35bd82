/*
 * hashprof.c - the `hashprof` command: dispatch to a subcommand (one file
 * each, cmd_*.c); anything that is not a subcommand word is an instance.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmds.h"

/* The subcommands; `hashprof INSTANCE ...` is the default one. */
static const struct {
	const char *word;
	int (*run)(int argc, char **argv);
} hp_cmds[] = {
	{ "list", hp_cmd_list },   { "report", hp_cmd_report },     { "check", hp_cmd_check },
	{ "build", hp_cmd_build }, { "campaign", hp_cmd_campaign },
};

int main(int argc, char **argv)
{
	/* the recorded command line reads "hashprof ...", whatever path was typed */
	argv[0] = (char *)"hashprof";
	opterr = 0; /* each command says it in one line: hp_bad_option */
	/* `hashprof help [COMMAND]` is `hashprof [COMMAND] --help` */
	if (argc > 1 && !strcmp(argv[1], "help")) {
		static char help_opt[] = "--help";
		char *hv[] = { argv[0], help_opt, NULL }, *cv[] = { argc > 2 ? argv[2] : NULL, help_opt, NULL };
		optind = 1;
		for (size_t i = 0; argc > 2 && i < sizeof hp_cmds / sizeof hp_cmds[0]; i++)
			if (!strcmp(argv[2], hp_cmds[i].word))
				return hp_cmds[i].run(2, cv);
		if (argc > 2) {
			fprintf(stderr,
				"hashprof: help: '%s' is not a command (list, report, check, build, campaign)\n",
				argv[2]);
			return 2;
		}
		return hp_cmd_run(2, hv);
	}
	if (argc > 1)
		for (size_t i = 0; i < sizeof hp_cmds / sizeof hp_cmds[0]; i++)
			if (!strcmp(argv[1], hp_cmds[i].word))
				return hp_cmds[i].run(argc - 1, argv + 1);
	return hp_cmd_run(argc, argv);
}
