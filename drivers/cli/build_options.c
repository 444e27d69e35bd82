/*
 * build_options.c - the command line of `hashprof build` (see
 * build_cmd.h): its help, its defaults and the parsing into struct
 * hp_build_opts.  -D/-U/-I keep their command-line order because the
 * last definition of a macro wins, as it would for the compiler.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build_cmd.h"
#include "builder.h"
#include "cmds/cmds.h"
#include "options.h"

#define HP_KAT_TIMEOUT 600u /* seconds the KAT program may run by default */

void hp_build_defaults(struct hp_build_opts *o)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	o->kat_timeout = HP_KAT_TIMEOUT;
	o->build_timeout = HP_DEFAULT_BUILD_TIMEOUT;
	o->jobs = ncpu > 0 ? (unsigned)(ncpu > 64 ? 64 : ncpu) : 1;
}

static void hp_build_help(void)
{
	printf("Usage: hashprof build DIR [OPTION]...\n"
	       "       hashprof build --hash DIR [OPTION]...\n"
	       "Build the NGCC submission folder DIR (one instance: the folder holding\n"
	       "SIG_/KEM_/KEX_AlgorithmInstance.c) into an instance hashprof can profile,\n"
	       "then run it with `hashprof NAME`.  Nothing is rebuilt when no input changed.\n"
	       "\n"
	       "      --name=NAME        instance name (default: ALGORITHM_INSTANCE as the\n"
	       "                         preprocessor expands it, else the folder name)\n"
	       "  -o, --output-dir=DIR   where NAME.so goes (default: the user instance folder,\n"
	       "                         $XDG_DATA_HOME/hashprof/instances)\n"
	       "      --cflags=WORDS     extra compiler words, after the flag set (repeatable)\n"
	       "  -D MACRO[=VALUE]       define a macro (replaces the Makefile's definition)\n"
	       "  -U MACRO               undefine a macro\n"
	       "  -I DIR                 add an include folder\n"
	       "      --recipe=FILE      override detection (docs/recipes.md)\n"
	       "      --flags=SET        only this flag set: reference or permissive (default:\n"
	       "                         reference, then permissive when that fails)\n"
	       "      --kat              build and run the package's KAT program and compare\n"
	       "                         its output with the shipped test vectors\n"
	       "      --kat-timeout=S    seconds the KAT program may run (with --kat; default %u,\n"
	       "                         0: no limit)\n"
	       "      --build-timeout=S  seconds the whole build may take, make -n, compilers\n"
	       "                         and KAT included (default %u; 0: no limit)\n"
	       "  -j, --jobs=N           compilers run at once (default: online CPUs)\n"
	       "  -f, --force            rebuild even when up to date; replace an instance of\n"
	       "                         the same name built from another folder\n"
	       "      --no-confine       run the package's Makefile, compiler and KAT program\n"
	       "                         with your full rights (default: each may write only\n"
	       "                         its scratch folder, $HOME hidden, no network;\n"
	       "                         docs/safety.md)\n"
	       "      --hash             DIR is an NGCC hash submission's instance folder\n"
	       "                         (API_CryptHash: CryptHash_AlgorithmInstance.{c,h}):\n"
	       "                         build it into a hash candidate for `hashprof INSTANCE\n"
	       "                         --hash=NAME` (default output: the user candidate folder,\n"
	       "                         $XDG_DATA_HOME/hashprof/candidates; docs/candidates.md)\n"
	       "      --sm3hash          with --hash: the candidate stands in for sm3hash too\n"
	       "                         (default: pseudohash and pseudoXOF only)\n"
	       "  -h, --help             display this help and exit\n"
	       "\n"
	       "Exit status: 0 built or up to date, 1 built or up to date but the KAT failed, 2 failure.\n",
	       HP_KAT_TIMEOUT, HP_DEFAULT_BUILD_TIMEOUT);
}

/* Parse the options; returns -1 to go on, else an exit status. */
int hp_build_parse(int argc, char **argv, struct hp_build_opts *o)
{
	enum {
		OPT_CFLAGS = 256,
		OPT_RECIPE,
		OPT_KAT,
		OPT_KAT_TIMEOUT,
		OPT_FLAGS,
		OPT_NO_CONFINE,
		OPT_HASH,
		OPT_SM3,
		OPT_BUILD_TIMEOUT
	};
	static const struct option longopts[] = {
		{ "name", required_argument, NULL, 'n' }, /* long only: -n is --iterations elsewhere */
		{ "output-dir", required_argument, NULL, 'o' },
		{ "cflags", required_argument, NULL, OPT_CFLAGS },
		{ "recipe", required_argument, NULL, OPT_RECIPE },
		{ "flags", required_argument, NULL, OPT_FLAGS },
		{ "kat", no_argument, NULL, OPT_KAT },
		{ "kat-timeout", required_argument, NULL, OPT_KAT_TIMEOUT },
		{ "build-timeout", required_argument, NULL, OPT_BUILD_TIMEOUT },
		{ "jobs", required_argument, NULL, 'j' },
		{ "force", no_argument, NULL, 'f' },
		{ "no-confine", no_argument, NULL, OPT_NO_CONFINE },
		{ "hash", no_argument, NULL, OPT_HASH },
		{ "sm3hash", no_argument, NULL, OPT_SM3 },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char abs[PATH_MAX], *end;
	unsigned long v;
	int c, kat_timeout_given = 0;

	while ((c = getopt_long(argc, argv, "o:D:U:I:j:fh", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			o->name = optarg;
			break;
		case 'o':
			if (hp_path_abs(NULL, optarg, o->outdir) != 0)
				return hp_usage_error("build: --output-dir: path too long");
			break;
		case OPT_CFLAGS:
			if (hp_split_words(optarg, &o->cflags) != 0)
				return hp_usage_error("build: --cflags: unterminated quote in '%s'", optarg);
			break;
		case 'D':
		case 'U':
			if (!optarg[0] || optarg[0] == '=')
				return hp_usage_error("build: -%c needs a macro name", c);
			if (hp_strv_addf(&o->cppflags, "-%c%s", c, optarg) != 0)
				return hp_usage_error("build: out of memory");
			break;
		case 'I':
			if (hp_path_abs(NULL, optarg, abs) != 0 || hp_strv_addf(&o->cppflags, "-I%s", abs) != 0)
				return hp_usage_error("build: -I %s: path too long", optarg);
			break;
		case OPT_RECIPE:
			o->recipe = optarg;
			break;
		case OPT_FLAGS:
			if (strcmp(optarg, "reference") && strcmp(optarg, "permissive"))
				return hp_usage_error("build: --flags: '%s' is not reference or permissive", optarg);
			o->flagset = optarg;
			break;
		case OPT_KAT:
			o->kat = 1;
			break;
		case OPT_KAT_TIMEOUT:
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-' || v > 86400)
				return hp_usage_error("build: --kat-timeout: '%s' is not a number of seconds from 0 "
						      "to 86400 (0: no limit)",
						      optarg);
			o->kat_timeout = (unsigned)v;
			kat_timeout_given = 1;
			break;
		case OPT_BUILD_TIMEOUT:
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || optarg[0] == '-' || v > 86400)
				return hp_usage_error("build: --build-timeout: '%s' is not a number of seconds from 0 "
						      "to 86400 (0: no limit)",
						      optarg);
			o->build_timeout = (unsigned)v;
			break;
		case 'j':
			errno = 0;
			v = strtoul(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 1 || v > 256)
				return hp_usage_error("build: --jobs: '%s' is not a number from 1 to 256", optarg);
			o->jobs = (unsigned)v;
			break;
		case 'f':
			o->force = 1;
			break;
		case OPT_NO_CONFINE:
			o->no_confine = 1;
			break;
		case OPT_HASH:
			o->hash = 1;
			break;
		case OPT_SM3:
			o->sm3hash = 1;
			break;
		case 'h':
			hp_build_help();
			return HP_EXIT_OK;
		default:
			return hp_bad_option("build", argv);
		}
	}
	if (o->sm3hash && !o->hash)
		return hp_usage_error("build: --sm3hash applies to a hash candidate (--hash)");
	/* a hash submission's KAT program is ICCS's own, its vectors the digests:
	 * nothing of a scheme to check, and no recipe for it */
	if (o->hash && (o->kat || o->recipe))
		return hp_usage_error("build: --%s does not apply to --hash (a hash candidate)",
				      o->kat ? "kat" : "recipe");
	/* a limit of a program that does not run would be taken for a KAT gate */
	if (kat_timeout_given && !o->kat)
		return hp_usage_error("build: --kat-timeout applies to the KAT program, which only --kat runs");
	if (optind >= argc)
		return hp_usage_error("build: missing DIR, the submission folder; try 'hashprof build --help'");
	if (argc - optind > 1)
		return hp_usage_error("build: one folder at a time ('%s' is extra)", argv[optind + 1]);
	o->dir_arg = argv[optind];
	return -1;
}
