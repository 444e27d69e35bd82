/*
 * main.c - hp-survey, the survey of `hashprof build` (survey.c) for
 * the instances the build tree makes itself (schemes/, through
 * schemes/common/survey-link.sh at link time).  Not installed.
 *
 * Usage: hp-survey --c FILE.c [--wraps FILE] [--no-entries] [--print] INPUT...
 *   INPUT         the objects and libtool convenience archives linked into
 *                 the instance (hashprof's own shims left out)
 *   --c FILE.c    write the .hashprof_survey section's source there
 *   --wraps FILE  write the link words that wrap the own entry functions
 *                 there (one -Wl,--wrap=F per line; empty when none)
 *   --no-entries  wrap nothing of the own code (an uninstrumented twin)
 *   --print       also print the verdict and reason on stdout
 * Exit status 0, or 2 with a one-line reason on stderr.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"

static int hp_survey_usage(const char *why)
{
	fprintf(stderr, "hp-survey: %s\nusage: hp-survey --c FILE.c [--wraps FILE] [--no-entries] [--print] INPUT...\n",
		why);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "c", required_argument, NULL, 'c' },
		{ "wraps", required_argument, NULL, 'w' },
		{ "no-entries", no_argument, NULL, 'n' },
		{ "print", no_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	const char *cfile = NULL, *wfile = NULL;
	int no_entries = 0, print = 0, c;
	struct hp_survey_input *in;
	struct hp_survey s;
	char err[HP_BUILD_ERR];
	size_t n;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1)
		switch (c) {
		case 'c':
			cfile = optarg;
			break;
		case 'w':
			wfile = optarg;
			break;
		case 'n':
			no_entries = 1;
			break;
		case 'p':
			print = 1;
			break;
		default:
			return hp_survey_usage("unknown option");
		}
	if (!cfile)
		return hp_survey_usage("--c FILE.c is required");
	n = (size_t)(argc - optind);
	if (!(in = calloc(n ? n : 1, sizeof *in)))
		return hp_survey_usage("out of memory");
	for (size_t i = 0; i < n; i++)
		in[i] = (struct hp_survey_input){ argv[optind + (int)i], NULL, -1 };
	if (hp_survey_run(in, n, &s, err, sizeof err) != 0) {
		free(in);
		fprintf(stderr, "hp-survey: %s\n", err);
		return 2;
	}
	free(in);
	if (no_entries)
		hp_survey_unwrap(&s, "an uninstrumented twin, linked without --wrap");
	if (hp_survey_write_c(&s, cfile) != 0) {
		perror(cfile);
		hp_survey_free(&s);
		return 2;
	}
	if (wfile) {
		FILE *f = fopen(wfile, "w");
		for (size_t i = 0; f && i < s.nentries; i++)
			if (s.entries[i].wrap)
				fprintf(f, "-Wl,--wrap=%s\n", s.entries[i].function);
		if (!f || fclose(f) != 0) {
			perror(wfile);
			hp_survey_free(&s);
			return 2;
		}
	}
	if (print)
		printf("%s: %s\n", s.verdict, s.reason);
	hp_survey_free(&s);
	return 0;
}
