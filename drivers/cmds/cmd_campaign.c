/*
 * cmd_campaign.c - `hashprof campaign ROOT [-o OUT]`: every instance
 * folder of a tree of submission packages built (`hashprof build`, with
 * its KAT gate), profiled (every operation, `hashprof INSTANCE OP`), and
 * published as one markdown page per candidate and an index
 * (user guide docs/campaign.md).  The parts are in drivers/campaign/
 * (campaign.h); this file is the command line and the order of things:
 *
 *   hashprof campaign ROOT [-o OUT] [-j N]   plan, run the stale steps with
 *                                            GNU make, write pages and index
 *   hashprof campaign ROOT --job-file=FILE   plan, write one command per
 *                                            stale folder (GNU parallel,
 *                                            Slurm), run nothing
 *   hashprof campaign --collect [-o OUT]     pages and index from OUT
 *   hashprof campaign ROOT --unit=FOLDER     one folder's steps: what the
 *                                            Makefile and the job file run
 *
 * Exit status: 0 every folder profiled; 1 a folder failed (build, KAT or
 * an operation: its package's verdict); 2 bad input (ROOT missing or
 * holding no instance folder, OUT not writable, inside an instance
 * folder, or a user's folder that is no campaign's, a bad option) or OUT
 * (a --unit's folder) locked by another process; 3 a page, the index or
 * a state file could not be written; 4 incomplete: a folder not run (the
 * machine's cause, drivers/campaign/whose.h; a step that did not
 * finish), which the next run retries; 128 + N after signal N (what was
 * finished is kept, and the pages and index say so).
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign.h"
#include "cmds.h"
#include "format/hex.h"
#include "options.h"
#include "cli/procedure_options.h"
#include "util/dirlock.h"
#include "util/proc.h"

#define HP_CAMPAIGN_DEFAULT_OUT "hashprof-campaign"
/* Exit status of a campaign that left folders "not run" (the machine's
 * causes, a step that did not finish): incomplete, to be run again;
 * beside 1, whose failures are the packages' verdicts. */
#define HP_EXIT_INCOMPLETE 4
#define HP_LOCK_HINT "wait for it to end, or choose another folder (-o)"

enum {
	HP_OPT_TIER = 0x200,
	HP_OPT_JOBS_FILE,
	HP_OPT_COLLECT,
	HP_OPT_UNIT,
	HP_OPT_PHASE,
	HP_OPT_CPUS,
	HP_OPT_BUILD_JOBS,
	HP_OPT_BUILD_TIMEOUT,
	HP_OPT_FORCE,
	HP_OPT_RETRY_FAILED,
	HP_OPT_PROGRESS,
	HP_OPT_PUBLISHED,
};

/* What the command line asked for, beyond struct hp_campaign. */
struct hp_campaign_args {
	const char *root_arg, *out_arg, *jobs_file, *unit, *cpus;
	const char *published; /* --published=PAGES */
	int collect;
	enum hp_unit_phase phase;
	enum hp_progress_mode progress;
};

static void hp_campaign_help(void)
{
	printf("Usage: hashprof campaign ROOT [-o OUT] [OPTION]...\n"
	       "       hashprof campaign ROOT --job-file=FILE [-o OUT] [OPTION]...\n"
	       "       hashprof campaign --collect [-o OUT]\n"
	       "Build (hashprof build, with its KAT gate where vectors are shipped) and profile\n"
	       "(every operation; a key exchange's exchange and every step) each instance folder\n"
	       "of the submission packages below ROOT; write the records to\n"
	       "OUT/records/CANDIDATE/, one page per candidate to OUT/pages/CANDIDATE.md and\n"
	       "OUT/index.md.  Run again, it redoes only what changed.\n"
	       "\n"
	       "  -o, --output=OUT       the campaign's folder (default " HP_CAMPAIGN_DEFAULT_OUT ")\n"
	       "      --tier=TIER        reference (default), optimized or additional\n"
	       "  -j, --jobs=N           builds at once (GNU make -j; default 1); profiles run\n"
	       "                         at most one per distinct CPU, each pinned to its own\n"
	       "      --job-file=FILE    write one self-contained command per folder to FILE\n"
	       "                         (GNU parallel, a Slurm array) instead of running them;\n"
	       "                         then --collect.  FILE is new or a job file, outside OUT\n"
	       "      --collect          write the pages and the index from OUT (after\n"
	       "                         --job-file)\n"
	       "      --timeout=S        seconds each step of a row and the KAT program may take\n"
	       "                         (default %u; 0: no limit)\n"
	       "      --build-timeout=S  seconds one hashprof build may take (default %u)\n"
	       "  -n, --iterations=N, -w, --warmup=W, --trials=T, --min-time=S, --runs=R,\n"
	       "      --seed=HEX, --message=HEX, --message-len=BYTES, --clock=tsc|cycles, --replay,\n"
	       "      --replay-max-mb=MB  the procedure of every row (hashprof --help)\n"
	       "      --no-confine, --max-memory=MB   the confinement of every build and row\n"
	       "                         (--max-memory: the rows'; hashprof --help)\n"
	       "      --published=PAGES  a published page, or a folder of them: each page and\n"
	       "                         the index put its rows beside ours (calls exact,\n"
	       "                         reproduced at N or differ; shares as pp differences)\n"
	       "  -f, --force            redo every step, even the ones that are up to date\n"
	       "      --retry-failed     redo the steps that failed too (the packages' verdicts,\n"
	       "                         kept otherwise); steps not run for the machine's\n"
	       "                         causes (a full disk...) are redone anyway\n"
	       "      --progress=MODE    auto (default: a status line on a terminal), tty, plain\n"
	       "  -h, --help             display this help and exit\n"
	       "\n"
	       "Exit status: 0 every folder profiled, 1 a folder failed (its package's verdict),\n"
	       "2 bad input or OUT in use by another campaign, 3 a page, the index or a state\n"
	       "could not be written, 4 incomplete: a folder was not run (a full disk, a kill...;\n"
	       "run again), 128+N interrupted by signal N.\n",
	       HP_DEFAULT_TIMEOUT, HP_DEFAULT_BUILD_TIMEOUT);
}

/* An option of the groups the rows take (procedure_options.h: procedure,
 * row inputs, confinement): checked as hashprof checks it, into o (the
 * options so far, for the pairs that exclude each other), and kept as
 * "--name=value" for the steps' command lines.  Returns -1, or an exit
 * status after the usage line. */
static int hp_campaign_procedure(int c, const char *name, const char *arg, struct hp_campaign *cp, struct hp_options *o)
{
	int rc;

	if ((rc = hp_procedure_option(c, arg, o)) >= 0)
		return rc;
	if (arg ? hp_strv_addf(&cp->run_args, "--%s=%s", name, arg) : hp_strv_addf(&cp->run_args, "--%s", name))
		return hp_usage_error("campaign: out of memory");
	return -1;
}

/* A whole number of seconds, 0..86400. */
static int hp_campaign_seconds(const char *opt, const char *arg, unsigned *out)
{
	uint64_t v;

	if (hp_parse_u64(arg, 0, 86400, &v))
		return hp_usage_error("%s: '%s' is not a whole number of seconds from 0 to 86400 (0: no limit)", opt,
				      arg);
	*out = (unsigned)v;
	return -1;
}

static int hp_campaign_parse(int argc, char **argv, struct hp_campaign *c, struct hp_campaign_args *a)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "tier", required_argument, NULL, HP_OPT_TIER },
		{ "jobs", required_argument, NULL, 'j' },
		{ "job-file", required_argument, NULL, HP_OPT_JOBS_FILE },
		{ "collect", no_argument, NULL, HP_OPT_COLLECT },
		{ "unit", required_argument, NULL, HP_OPT_UNIT },
		{ "phase", required_argument, NULL, HP_OPT_PHASE },
		{ "cpus", required_argument, NULL, HP_OPT_CPUS },
		{ "build-jobs", required_argument, NULL, HP_OPT_BUILD_JOBS },
		{ "build-timeout", required_argument, NULL, HP_OPT_BUILD_TIMEOUT },
		{ "force", no_argument, NULL, 'f' },
		{ "retry-failed", no_argument, NULL, HP_OPT_RETRY_FAILED },
		{ "progress", required_argument, NULL, HP_OPT_PROGRESS },
		HP_PROCEDURE_LONGOPTS, /* its --timeout is the campaign's: each step's and the KAT's */
		HP_INPUTS_LONGOPTS,
		HP_CONFINE_LONGOPTS,
		{ "published", required_argument, NULL, HP_OPT_PUBLISHED },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct hp_options proc; /* the rows' options so far (large: static) */
	const char *name;
	uint64_t v;
	int opt, rc;

	hp_options_defaults(&proc);
	while ((opt = getopt_long(argc, argv, "o:j:f" HP_PROCEDURE_SHORTOPTS "h", longopts, NULL)) != -1) {
		rc = -1;
		switch (opt) {
		case 'o':
			if (!*optarg)
				return hp_usage_error("campaign: -o: empty folder name");
			a->out_arg = optarg;
			break;
		case HP_OPT_TIER:
			if (hp_tier_parse(optarg, &c->tier))
				return hp_usage_error(
					"campaign: --tier: '%s' is not reference, optimized or additional", optarg);
			break;
		case 'j':
			if (hp_parse_u64(optarg, 1, 256, &v))
				return hp_usage_error(
					"campaign: --jobs: '%s' is not a whole number from 1 to 256 (builds "
					"at once, as build's; a job file is --job-file=FILE)",
					optarg);
			c->jobs = (unsigned)v;
			break;
		case HP_OPT_JOBS_FILE:
			if (!*optarg)
				return hp_usage_error("campaign: --job-file: empty file name");
			a->jobs_file = optarg;
			break;
		case HP_OPT_COLLECT:
			a->collect = 1;
			break;
		case HP_OPT_UNIT:
			a->unit = optarg;
			break;
		case HP_OPT_PHASE:
			if (!strcmp(optarg, "build"))
				a->phase = HP_PHASE_BUILD;
			else if (!strcmp(optarg, "profile"))
				a->phase = HP_PHASE_PROFILE;
			else
				return hp_usage_error("campaign: --phase: '%s' is not build or profile", optarg);
			break;
		case HP_OPT_CPUS:
			a->cpus = optarg;
			break;
		case HP_OPT_BUILD_JOBS:
			if (hp_parse_u64(optarg, 1, 64, &v))
				return hp_usage_error("campaign: --build-jobs: '%s' is not a whole number from 1 to 64",
						      optarg);
			c->build_jobs = (unsigned)v;
			break;
		case HP_OPT_TIMEOUT:
			rc = hp_campaign_seconds("--timeout", optarg, &c->timeout);
			break;
		case HP_OPT_BUILD_TIMEOUT:
			rc = hp_campaign_seconds("--build-timeout", optarg, &c->build_timeout);
			break;
		case 'f':
			c->force = 1;
			break;
		case HP_OPT_RETRY_FAILED:
			c->retry_failed = 1;
			break;
		case HP_OPT_PROGRESS:
			if (!strcmp(optarg, "auto"))
				a->progress = HP_PROGRESS_AUTO;
			else if (!strcmp(optarg, "tty"))
				a->progress = HP_PROGRESS_TTY;
			else if (!strcmp(optarg, "plain"))
				a->progress = HP_PROGRESS_PLAIN;
			else
				return hp_usage_error("campaign: --progress: '%s' is not auto, tty or plain", optarg);
			break;
		case HP_OPT_PUBLISHED:
			a->published = optarg;
			break;
		case 'h':
			hp_campaign_help();
			return HP_EXIT_OK;
		default:
			/* the groups' options: one of the table's, or unknown */
			if (opt == '?' || !(name = hp_longopt_name(longopts, opt)))
				return hp_bad_option("campaign", argv);
			rc = hp_campaign_procedure(opt, name, optarg, c, &proc);
		}
		if (rc >= 0)
			return rc;
	}
	if ((rc = hp_procedure_conflicts(&proc)) >= 0)
		return rc;
	if (a->collect) {
		if (optind < argc)
			return hp_usage_error("campaign: --collect reads OUT's plan: no ROOT ('%s') with it",
					      argv[optind]);
		if (a->jobs_file || a->unit)
			return hp_usage_error("campaign: --collect goes alone (after the jobs of --job-file have run)");
		return -1;
	}
	if (optind >= argc)
		return hp_usage_error("campaign: missing ROOT, the folder of the submission packages");
	if (argc - optind > 1)
		return hp_usage_error("campaign: too many arguments: '%s'", argv[optind + 1]);
	a->root_arg = argv[optind];
	if ((a->phase != HP_PHASE_ALL || a->cpus) && !a->unit)
		return hp_usage_error("campaign: --phase and --cpus go with --unit");
	if (a->unit && a->jobs_file)
		return hp_usage_error("campaign: --unit and --job-file exclude each other");
	return -1;
}

/* What OUT is for: checked as it must be. */
enum hp_out_use {
	HP_OUT_COLLECT, /* --collect: an existing folder */
	HP_OUT_STEP, /* --unit: the campaign's folder, created when missing */
	HP_OUT_CAMPAIGN, /* a run or --job-file: also not a package's folder nor a user's */
};

/* out (absolute) with its symbolic links resolved, as ROOT's folders are:
 * the nearest folder above it that exists, resolved, and the rest of the
 * path as it is (OUT may not exist yet).  Into real. */
static void hp_out_real(const char *out, char real[PATH_MAX])
{
	char head[PATH_MAX], *slash;
	const char *rest;
	size_t n;

	hp_fmt(head, sizeof head, "%s", out);
	while (!realpath(head, real)) {
		if (!(slash = strrchr(head, '/')) || slash == head) {
			hp_fmt(real, PATH_MAX, "%s", out);
			return;
		}
		*slash = '\0';
	}
	rest = out + strlen(head); /* "" or "/..." */
	n = strlen(real);
	if (*rest)
		hp_fmt(real + n, PATH_MAX - n, "%s", n == 1 ? rest + 1 : rest); /* real "/": no "//" */
}

/* OUT inside an instance folder of fs, or the folder above one: its files
 * would count as that folder's build inputs (inputs.c), so that every
 * run built it again, and the campaign would write into the package.
 * Returns -1, or exit status 2 after one line. */
static int hp_out_in_package(const char *arg, const char *out, const struct hp_folders *fs)
{
	char real[PATH_MAX], parent[PATH_MAX], *slash;

	hp_out_real(out, real);
	for (size_t i = 0; i < fs->n; i++) {
		const struct hp_folder *f = &fs->v[i];
		if (hp_path_below(f->abs, real) != real)
			return hp_usage_error("campaign: -o %s lies inside the instance folder %s: its files would "
					      "count as the folder's inputs (every run would build it again) and be "
					      "written into the package: choose a folder outside it",
					      arg, f->abs);
		hp_fmt(parent, sizeof parent, "%s", f->abs);
		if (strcmp(f->rel, ".") && (slash = strrchr(parent, '/')) && slash != parent) {
			*slash = '\0';
			if (!strcmp(real, parent))
				return hp_usage_error(
					"campaign: -o %s is the folder above the instance folder %s, whose "
					"files count as its inputs (every run would build it again): "
					"choose another folder",
					arg, f->abs);
		}
	}
	return -1;
}

/* OUT made absolute, created (unless use is HP_OUT_COLLECT: then it must
 * exist), and checked writable (a file created and removed in it: root
 * passes every permission check, and a read-only file system only says so
 * when written to).  HP_OUT_CAMPAIGN (fs: the plan's folders): refused,
 * before it is touched, when it lies in a package (hp_out_in_package) or
 * is an existing folder that is not a campaign's and holds a file the
 * campaign would overwrite (hp_campaign_foreign_file).  HP_OUT_STEP (fs:
 * the --unit folder alone): refused when it lies in that package.
 * Returns -1, or exit status 2 after one line. */
static int hp_campaign_out(const char *arg, enum hp_out_use use, const struct hp_folders *fs, char out[PATH_MAX])
{
	char probe[PATH_MAX + 32];
	const char *foreign;
	struct stat st;
	int fd, rc;

	if (hp_path_abs(NULL, arg, out) != 0)
		return hp_usage_error("campaign: -o %s: path too long", arg);
	if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
		return hp_usage_error("campaign: -o %s: not a folder", arg);
	if (use == HP_OUT_COLLECT && stat(out, &st) != 0)
		return hp_usage_error("campaign: -o %s: %s", arg, strerror(errno));
	if (fs && (rc = hp_out_in_package(arg, out, fs)) >= 0)
		return rc;
	if (use == HP_OUT_CAMPAIGN && (foreign = hp_campaign_foreign_file(out)))
		return hp_usage_error("campaign: -o %s: %s/%s is not a campaign's (the folder has no campaign.json "
				      "and no index.md a campaign wrote) and the campaign would overwrite it: choose "
				      "a new or empty folder, or move it away",
				      arg, out, foreign);
	if (hp_mkdirs(out) != 0)
		return hp_usage_error("campaign: -o %s: cannot create the folder: %s", arg, strerror(errno));
	snprintf(probe, sizeof probe, "%s/.hashprof-probe.XXXXXX", out);
	if ((fd = mkstemp(probe)) < 0)
		return hp_usage_error("campaign: -o %s: not writable: %s", arg, strerror(errno));
	close(fd);
	unlink(probe);
	return -1;
}

/* Is the file at path a job file (every line one `hashprof campaign
 * ROOT --unit=FOLDER ...` command, as hp_jobs_write writes them)?  An
 * empty file is one with no job.  1 or 0. */
static int hp_is_job_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[PATH_MAX * 4];
	int ok = f != NULL;

	while (ok && fgets(line, sizeof line, f))
		ok = strstr(line, " campaign ") && strstr(line, "--unit=");
	if (f)
		fclose(f);
	return ok;
}

/* --job-file=arg, before OUT (out_arg) is touched: not inside OUT (the
 * campaign's own files: an index, a page, a record would be replaced),
 * and new or a job file (anything else would be overwritten).  Returns
 * -1, or exit status 2 after one line. */
static int hp_job_file_check(const char *arg, const char *out_arg)
{
	char abs[PATH_MAX], out_abs[PATH_MAX], real[PATH_MAX], out_real[PATH_MAX];
	struct stat st;

	if (hp_path_abs(NULL, arg, abs) != 0 || hp_path_abs(NULL, out_arg, out_abs) != 0)
		return hp_usage_error("campaign: --job-file=%s: path too long", arg);
	hp_out_real(abs, real);
	hp_out_real(out_abs, out_real);
	if (!strcmp(real, out_real) || hp_path_below(out_real, real) != real)
		return hp_usage_error("campaign: --job-file=%s lies inside OUT (%s), the campaign's own folder: "
				      "write it outside",
				      arg, out_abs);
	if (stat(abs, &st) == 0 && (!S_ISREG(st.st_mode) || !hp_is_job_file(abs)))
		return hp_usage_error("campaign: --job-file=%s exists and is not a job file (a line of `hashprof "
				      "campaign ROOT --unit=FOLDER ...` commands): it would be overwritten; name a "
				      "new file",
				      arg);
	return -1;
}

/* ROOT resolved (symbolic links too, so that folders are named the same
 * way in every run).  Returns -1, or exit status 2 after one line. */
static int hp_campaign_root(const char *arg, char root[PATH_MAX])
{
	struct stat st;

	if (stat(arg, &st) != 0)
		return hp_usage_error("campaign: ROOT %s: %s", arg, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return hp_usage_error("campaign: ROOT %s: not a folder", arg);
	if (!realpath(arg, root))
		return hp_usage_error("campaign: ROOT %s: %s", arg, strerror(errno));
	return -1;
}

/* The campaign's lock on OUT, and a step's on its folder (dirlock.h):
 * held until the process ends. */
static struct hp_dirlock hp_out_lock = { .fd = -1 }, hp_unit_lock = { .fd = -1 };

/* A holder's line ("pid 1234 host node7 since 1765130000") as "pid 1234
 * on host node7 since 2026-12-07 19:20:01 UTC" into buf. */
static void hp_lock_holder(const char *line, char *buf, size_t len)
{
	char host[256], when[64] = "";
	long pid;
	long long since;
	time_t t;
	struct tm tm;

	if (sscanf(line, "pid %ld host %255s since %lld", &pid, host, &since) != 3) {
		hp_fmt(buf, len, "%s", line);
		return;
	}
	t = (time_t)since;
	if (gmtime_r(&t, &tm))
		strftime(when, sizeof when, " since %Y-%m-%d %H:%M:%S UTC", &tm);
	hp_fmt(buf, len, "pid %ld on host %s%s", pid, host, when);
}

/* Take the lock file OUT/.locks/NAME.lock for what ("OUT", "the folder
 * F").  Returns -1 when taken; else exit status 2 after one line naming
 * the process and host that hold it. */
static int hp_campaign_lock(struct hp_dirlock *l, const char *out, const char *name, const char *what, const char *hint)
{
	char dir[PATH_MAX], path[PATH_MAX], prev[512], holder[512], who[600];
	int rc;

	hp_fmt(dir, sizeof dir, "%s/.locks", out);
	hp_fmt(path, sizeof path, "%s/%s.lock", dir, name);
	if (hp_mkdirs(dir) != 0)
		return hp_usage_error("campaign: cannot create %s: %s", dir, strerror(errno));
	rc = hp_dirlock_take(l, path, prev, sizeof prev, holder, sizeof holder);
	if (rc < 0)
		return hp_usage_error("campaign: cannot lock %s: %s", path, strerror(errno));
	if (rc > 0) {
		hp_lock_holder(holder, who, sizeof who);
		return hp_usage_error("campaign: %s is in use by another hashprof campaign, %s (lock %s): %s", what,
				      who, path, hint);
	}
	if (prev[0]) {
		hp_lock_holder(prev, who, sizeof who);
		fprintf(stderr,
			"hashprof: campaign: note: took over the lock %s of %s, which ended without releasing it\n",
			path, who);
	}
	return -1;
}

/* SIGINT, SIGTERM or SIGHUP in a step: its programs' groups are killed
 * already (builder/run.c); what it finished is in its state files. */
static void hp_unit_interrupted(int sig)
{
	const char *abbrev = sigabbrev_np(sig);

	fflush(stdout);
	fprintf(stderr, "hashprof: campaign: step interrupted by SIG%s: the programs it started were killed\n",
		abbrev ? abbrev : "?");
}

/* Did the folder's build, or its profile or an operation of it, fail
 * (its state files in OUT)?  1 or 0. */
static int hp_unit_failed(const char *out, const char *key)
{
	static struct hp_unit_profile p; /* large: static */
	struct hp_unit_build b;

	hp_unit_build_load(out, key, &b);
	if (!b.present || strcmp(b.status, "built"))
		return 1;
	hp_unit_profile_load(out, key, &p);
	if (!p.present || p.reason[0])
		return 1;
	for (size_t i = 0; i < p.nops; i++)
		if (strcmp(p.ops[i].status, "profiled"))
			return 1;
	return 0;
}

/* `--unit=FOLDER`: one folder's steps. */
static int hp_campaign_unit(struct hp_campaign *c, const struct hp_campaign_args *a)
{
	const char *make_pid = getenv("HASHPROF_CAMPAIGN_MAKE_PID");
	struct hp_folder f;
	int cpus[256];
	long ncpus = 0;
	char err[HP_CAMPAIGN_REASON];
	int rc;

	if (make_pid) {
		/* run by the campaign's make (engine.c): end when make ends,
		 * whatever ends it, as the measuring children end with hashprof */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if ((long)getppid() != strtol(make_pid, NULL, 10))
			return 128 + SIGTERM;
		unsetenv("HASHPROF_CAMPAIGN_MAKE_PID");
	}
	if (a->cpus && (ncpus = hp_cpu_list_parse(a->cpus, cpus, 256)) < 1)
		return hp_usage_error("campaign: --cpus: '%s' is not a list of CPU numbers (0,2,4)", a->cpus);
	if (hp_campaign_describe(c->root, a->unit, &f, err, sizeof err) != 0)
		return hp_usage_error("campaign: --unit: %s", err);
	/* a step run by hand checks its own folder as the campaign checks
	 * them all: OUT is not to be written into its package */
	struct hp_folders one = { &f, 1, 1 };
	if ((rc = hp_campaign_out(a->out_arg, HP_OUT_STEP, &one, c->out)) >= 0)
		return rc;
	/* one process at a time on a folder's state: the lines of a job file
	 * run at once on many machines, each on its own folder */
	if ((rc = hp_campaign_lock(&hp_unit_lock, c->out, f.key, f.rel,
				   "that step runs already; run this one when it has ended")) >= 0)
		return rc;
	hp_proc_trap_interrupts(hp_unit_interrupted);
	rc = hp_unit_run(c, &f, a->phase, cpus, (size_t)ncpus, &hp_unit_lock);
	hp_dirlock_release(&hp_unit_lock);
	/* a whole folder's line (--job-file, by hand): its exit status says how
	 * the folder did, as the campaign's does (1: it failed), so that GNU
	 * parallel or Slurm see it; the engine's make runs the phases apart,
	 * with -k, and reads the states */
	if (rc == 0 && a->phase == HP_PHASE_ALL && hp_unit_failed(c->out, f.key))
		rc = 1;
	return rc;
}

/* The instance folders of c->tier below c->root into fs.  Returns -1, or
 * exit status 2 after one line. */
static int hp_campaign_folders(struct hp_campaign *c, struct hp_folders *fs, size_t *other_tiers)
{
	struct hp_folders all;
	size_t per_tier[HP_TIERS] = { 0 };
	char err[HP_CAMPAIGN_REASON];

	if (hp_campaign_find(c->root, &all, err, sizeof err) != 0)
		return hp_usage_error("campaign: %s", err);
	if (!all.n) {
		hp_folders_free(&all);
		return hp_usage_error("campaign: ROOT %s holds no instance folder (no folder with an adapter "
				      "header below it: SIG_/KEM_/KEX_AlgorithmInstance.h, or a SIG_/KEM_/KEX_ header "
				      "named after the instance that defines ALGORITHM_INSTANCE)",
				      c->root);
	}
	memset(fs, 0, sizeof *fs);
	fs->v = calloc(all.n, sizeof *fs->v);
	if (!fs->v) {
		hp_folders_free(&all);
		return hp_usage_error("campaign: out of memory");
	}
	fs->cap = all.n;
	for (size_t i = 0; i < all.n; i++) {
		per_tier[all.v[i].tier]++;
		if (all.v[i].tier == c->tier)
			fs->v[fs->n++] = all.v[i];
	}
	*other_tiers = all.n - fs->n;
	hp_folders_free(&all);
	if (!fs->n) {
		hp_folders_free(fs);
		return hp_usage_error("campaign: ROOT %s holds no instance folder of tier %s (reference %zu, "
				      "optimized %zu, additional %zu): choose one with --tier",
				      c->root, hp_tier_name(c->tier), per_tier[0], per_tier[1], per_tier[2]);
	}
	return -1;
}

/* "6 folders: 3 profiled, 2 failed, 1 not run" and the exit status it means. */
static int hp_campaign_result(const struct hp_campaign *c, const struct hp_summary *s)
{
	char pages[64];

	/* what is on disk: a page or an index that could not be written is
	 * not counted as one */
	if (s->pages != s->candidates)
		hp_fmt(pages, sizeof pages, "%zu of %zu pages", s->pages, s->candidates);
	else
		hp_fmt(pages, sizeof pages, "%zu page%s", s->pages, s->pages == 1 ? "" : "s");
	printf("hashprof campaign: %zu folder%s: %zu profiled, %zu failed, %zu not run; %s in %s/pages, %s "
	       "%s/index.md\n",
	       s->folders, s->folders == 1 ? "" : "s", s->profiled, s->failed, s->not_run, pages, c->out,
	       s->index ? "index" : "no index written:", c->out);
	if (s->unwritten)
		return HP_EXIT_UNWRITTEN;
	if (s->not_run)
		return HP_EXIT_INCOMPLETE;
	return s->failed ? HP_EXIT_FAILED : HP_EXIT_OK;
}

/* `--collect`: the pages and the index from OUT's plan and state. */
static int hp_campaign_collect_cmd(struct hp_campaign *c)
{
	struct hp_folders fs;
	struct hp_summary s;
	char err[HP_CAMPAIGN_REASON];
	size_t other;
	int rc = hp_plan_load(c->out, c, &fs, &other, err, sizeof err);

	if (rc == 1)
		return hp_usage_error("campaign: --collect: %s holds no campaign (no campaign.json): run "
				      "hashprof campaign ROOT -o %s, or with --job-file, first",
				      c->out, c->out);
	size_t unmoved;

	if (rc < 0)
		return hp_usage_error("campaign: --collect: %s", err);
	hp_campaign_prune(c, &fs, &unmoved);
	hp_campaign_collect(c, &fs, other, &s);
	hp_folders_free(&fs);
	rc = hp_campaign_result(c, &s);
	return unmoved ? HP_EXIT_UNWRITTEN : rc;
}

/* A plan of another tier already in OUT: its records would mix with
 * these (records/CANDIDATE/ does not name the tier).  Returns -1, or
 * exit status 2. */
static int hp_campaign_same_plan(const struct hp_campaign *c)
{
	struct hp_campaign old;
	struct hp_folders fs;
	char err[HP_CAMPAIGN_REASON];
	size_t other;
	int rc;

	memset(&old, 0, sizeof old);
	rc = hp_plan_load(c->out, &old, &fs, &other, err, sizeof err);
	hp_strv_free(&old.run_args);
	if (rc != 0)
		return -1; /* none, or unreadable: this run writes a new one */
	hp_folders_free(&fs);
	/* another tree's pages and records would mix with this one's, its
	 * index be replaced and its pages left unlinked */
	if (strcmp(old.root, c->root))
		return hp_usage_error("campaign: %s holds the campaign of %s: profile %s into another folder (-o), "
				      "so that their records and pages do not mix",
				      c->out, old.root, c->root);
	if (old.tier != c->tier)
		return hp_usage_error("campaign: %s holds the campaign of tier %s: profile tier %s into another "
				      "folder (-o), so that their records do not mix",
				      c->out, hp_tier_name(old.tier), hp_tier_name(c->tier));
	return -1;
}

/* Run the stale steps with make: the builds, then the profiles.
 * Returns 0; HP_EXIT_INCOMPLETE when a step did not finish (make's status
 * was not 0: its folder is 'not run'); HP_EXIT_USAGE when make could not
 * be run; HP_EXIT_UNWRITTEN when the Makefile could not be written;
 * 128 + N after signal N. */
static int hp_campaign_make(struct hp_campaign *c, const struct hp_folders *fs, const struct hp_stale *s,
			    enum hp_progress_mode mode)
{
	struct hp_progress pg;
	int cpus[256], rc = 0;
	size_t ncpus = hp_distinct_cpus(cpus, 256);
	unsigned profile_jobs = c->jobs < ncpus ? c->jobs : (unsigned)ncpus;
	char list[1024], mk[PATH_MAX], err[HP_CAMPAIGN_REASON];

	hp_cpu_list(cpus, ncpus, list, sizeof list);
	if (hp_makefile_write(c, fs, s, list, mk, sizeof mk, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: campaign: %s\n", err);
		return HP_EXIT_UNWRITTEN;
	}
	if (s->nprofile && profile_jobs > 1)
		fprintf(stderr,
			"hashprof: campaign: warning: %u profiles at once, one per CPU (%s): shares measured beside "
			"other jobs are noisier than alone (-j 1 profiles one at a time); call counts are not "
			"affected\n",
			profile_jobs, list);
	hp_progress_init(&pg, mode, s->nbuild + s->nprofile);
	for (int phase = 0; phase < 2 && !hp_util_interrupted(); phase++) {
		int st;
		if (!(phase ? s->nprofile : s->nbuild))
			continue;
		st = hp_make_run(mk, phase ? "profile" : "build", phase ? profile_jobs : c->jobs, &pg, err, sizeof err);
		if (st < 0) {
			hp_progress_end(&pg);
			fprintf(stderr, "hashprof: campaign: %s\n", err);
			return HP_EXIT_USAGE;
		}
		if (st && !hp_util_interrupted()) {
			hp_progress_end(&pg);
			fprintf(stderr,
				"hashprof: campaign: warning: make exited with status %d: a step did not finish (its "
				"folder is 'not run' in the index; its output is above)\n",
				st);
			rc = HP_EXIT_INCOMPLETE;
		}
	}
	hp_progress_end(&pg);
	if (hp_util_interrupted()) {
		const char *abbrev = sigabbrev_np(hp_util_interrupted());
		fprintf(stderr,
			"hashprof: campaign: interrupted by SIG%s after %zu of %zu steps: what they finished is kept; "
			"run it again to do the rest\n",
			abbrev ? abbrev : "?", pg.done, pg.total);
		return 128 + hp_util_interrupted();
	}
	return rc;
}

int hp_cmd_campaign(int argc, char **argv)
{
	struct hp_campaign c;
	struct hp_campaign_args a;
	struct hp_folders fs = { 0 };
	struct hp_stale stale = { 0 };
	struct hp_summary sum;
	struct hp_beside pub = { 0 };
	char err[HP_CAMPAIGN_REASON];
	size_t other = 0, unmoved = 0;
	int rc;

	memset(&c, 0, sizeof c);
	memset(&a, 0, sizeof a);
	c.tier = HP_TIER_REFERENCE;
	c.jobs = 1;
	c.timeout = HP_DEFAULT_TIMEOUT;
	c.build_timeout = HP_DEFAULT_BUILD_TIMEOUT;
	if ((rc = hp_campaign_parse(argc, argv, &c, &a)) >= 0)
		goto out;
	if (c.jobs > 1 && !c.build_jobs) {
		/* N builds at once share the CPUs: each its part of the compilers */
		long online = sysconf(_SC_NPROCESSORS_ONLN);
		c.build_jobs = online > (long)c.jobs ? (unsigned)(online / (long)c.jobs) : 1;
	}
	if (!realpath("/proc/self/exe", c.hashprof)) {
		rc = hp_usage_error("campaign: cannot tell where this hashprof is: %s", strerror(errno));
		goto out;
	}
	if (!a.out_arg)
		a.out_arg = HP_CAMPAIGN_DEFAULT_OUT;
	/* the pages are read before anything runs: a bad one is bad input */
	if (a.published && (a.jobs_file || a.unit)) {
		rc = hp_usage_error("campaign: --published applies where pages are written (a run, --collect), "
				    "not to %s",
				    a.jobs_file ? "--jobs" : "--unit");
		goto out;
	}
	if (a.published) {
		if (hp_beside_load(a.published, &pub, err, sizeof err) != 0) {
			rc = hp_usage_error("campaign: %s", err);
			goto out;
		}
		c.published = &pub;
	}
	if (a.collect) {
		if ((rc = hp_campaign_out(a.out_arg, HP_OUT_COLLECT, NULL, c.out)) < 0 &&
		    (rc = hp_campaign_lock(&hp_out_lock, c.out, "campaign", c.out, HP_LOCK_HINT)) < 0)
			rc = hp_campaign_collect_cmd(&c);
		goto out;
	}
	if ((rc = hp_campaign_root(a.root_arg, c.root)) >= 0)
		goto out;
	if (a.unit) {
		rc = hp_campaign_unit(&c, &a);
		goto out;
	}
	/* bad input is told before OUT is touched */
	if ((a.jobs_file && (rc = hp_job_file_check(a.jobs_file, a.out_arg)) >= 0) ||
	    (rc = hp_campaign_folders(&c, &fs, &other)) >= 0 ||
	    (rc = hp_campaign_out(a.out_arg, HP_OUT_CAMPAIGN, &fs, c.out)) >= 0 ||
	    (rc = hp_campaign_lock(&hp_out_lock, c.out, "campaign", c.out, HP_LOCK_HINT)) >= 0 ||
	    (rc = hp_campaign_same_plan(&c)) >= 0)
		goto out;
	if (hp_campaign_stale(&c, &fs, &stale, err, sizeof err) != 0 ||
	    hp_plan_store(&c, &fs, other, err, sizeof err) != 0) {
		fprintf(stderr, "hashprof: campaign: %s\n", err);
		rc = HP_EXIT_UNWRITTEN;
		goto out;
	}
	hp_campaign_prune(&c, &fs, &unmoved);
	if (a.jobs_file) {
		long n = hp_jobs_write(&c, &fs, &stale, a.jobs_file, err, sizeof err);
		if (n < 0) {
			fprintf(stderr, "hashprof: campaign: --job-file: %s\n", err);
			rc = HP_EXIT_UNWRITTEN;
		} else {
			printf("hashprof campaign: %s%ld command%s in %s (%zu folder%s up to date); run them, e.g. "
			       "parallel < %s, then: hashprof campaign --collect -o %s\n",
			       n ? "" : "nothing to do: ", n, n == 1 ? "" : "s", a.jobs_file, fs.n - (size_t)n,
			       fs.n - (size_t)n == 1 ? "" : "s", a.jobs_file, c.out);
			rc = HP_EXIT_OK;
		}
		goto out;
	}
	if (!stale.nbuild && !stale.nprofile) {
		printf("hashprof campaign: nothing to do: %zu folder%s up to date\n", fs.n, fs.n == 1 ? "" : "s");
		rc = HP_EXIT_OK;
	} else {
		hp_proc_trap_interrupts(NULL);
		rc = hp_campaign_make(&c, &fs, &stale, a.progress);
	}
	if (!hp_dirlock_held(&hp_out_lock)) {
		/* another campaign may own OUT now: its pages are not ours to write */
		fprintf(stderr,
			"hashprof: campaign: lost its lock %s (removed or replaced meanwhile): the pages and the index "
			"are not written; run it again\n",
			hp_out_lock.path);
		rc = HP_EXIT_INCOMPLETE;
		goto out;
	}
	{
		/* the pages and the index, also of an interrupted run: what it
		 * finished is published, the rest is 'not run' */
		int collected = hp_campaign_collect(&c, &fs, other, &sum);
		int result = hp_campaign_result(&c, &sum);
		if (hp_util_interrupted())
			rc = 128 + hp_util_interrupted();
		else if (rc == HP_EXIT_USAGE || rc == HP_EXIT_UNWRITTEN)
			; /* make could not be run, or the Makefile not written */
		else if (collected || unmoved)
			rc = HP_EXIT_UNWRITTEN;
		else if (result != HP_EXIT_OK || rc == HP_EXIT_OK)
			rc = result; /* a step that did not finish left its folder 'not run': 1 */
	}
out:
	hp_beside_free(&pub);
	hp_dirlock_release(&hp_out_lock);
	hp_stale_free(&stale);
	hp_folders_free(&fs);
	hp_strv_free(&c.run_args);
	return rc;
}
