/*
 * cmds.h - the subcommands of `hashprof`, one file each (cmd_*.c), and
 * what they say the same way (usage.c).  Each takes the arguments after
 * the subcommand word (argv[0] is the subcommand, for getopt) and returns
 * the process exit status: 0 success, 1 a measured row failed, a check
 * did not pass or a KAT failed, 2 bad input, 3 (`hashprof INSTANCE`) an
 * output could not be written (a record, the run document, standard
 * output: a full disk), 128 + N when signal N (SIGINT, SIGTERM, SIGHUP)
 * interrupted it (what was measured before it is printed and kept).
 */
#ifndef HP_CMDS_H
#define HP_CMDS_H

#define HP_EXIT_OK 0
#define HP_EXIT_FAILED 1
#define HP_EXIT_USAGE 2
#define HP_EXIT_UNWRITTEN 3

/* `hashprof INSTANCE [OPERATION]`: measure and print rows. */
int hp_cmd_run(int argc, char **argv);

/* `hashprof list`: the instances found along the search path. */
int hp_cmd_list(int argc, char **argv);

/* `hashprof report FILE...|DIR` and `hashprof check ...`. */
int hp_cmd_report(int argc, char **argv);
int hp_cmd_check(int argc, char **argv);

/* `hashprof build DIR ...`: a submission folder into an instance. */
int hp_cmd_build(int argc, char **argv);

/* `hashprof campaign ROOT ...`: every instance folder of a tree of
 * submission packages built, profiled, and published. */
int hp_cmd_campaign(int argc, char **argv);

/* Print "hashprof: <message>\n" to stderr; returns HP_EXIT_USAGE. */
int hp_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print the "unknown instance 'X'; did you mean ..." line (the instances
 * found along the search path); returns HP_EXIT_USAGE. */
int hp_unknown_instance(const char *name);

/* getopt's '?' in command cmd (NULL for the main command): one line
 * naming the offending word, argv[optind - 1]; returns HP_EXIT_USAGE. */
int hp_bad_option(const char *cmd, char **argv);

/* Print the --version text (GNU style) to stdout; returns HP_EXIT_OK. */
int hp_print_version(void);

#endif
