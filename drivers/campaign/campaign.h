/*
 * campaign.h - `hashprof campaign`: every instance folder of a
 * tree of submission packages built, KAT-checked and profiled, one
 * markdown page per candidate and an index.  One concept per file:
 *
 *   find.c      the instance folders below ROOT, their tier, candidate
 *               and key
 *   inputs.c    what a folder's build and its profile depend on (content
 *               hashes, as `hashprof build`'s manifest), for "redo only
 *               what changed"
 *   state.c     the plan (OUT/campaign.json) and each folder's state
 *               (OUT/units/KEY/build.json, profile.json), written
 *               atomically
 *   unit.c      one folder's steps, each a child process: `hashprof
 *               build`, then `hashprof INSTANCE OP` per operation
 *   cpus.c      one CPU per profiling job: distinct cores, pinning
 *   engine.c    the existing engines that run the steps: a generated GNU
 *               Makefile (local -j N), a job file (GNU parallel, Slurm)
 *   progress.c  what a local run shows while make runs the steps
 *   pages.c     the candidate pages and the index, from the state and the
 *               records (also `--collect`)
 *   beside.c    --published=PAGES: the published rows beside ours
 *   prune.c     what is gone from ROOT moved out of OUT's pages, records
 *               and state (to OUT/removed/)
 *   whose.c     whose a failure is: the package's (a verdict) or the
 *               machine's (not run, retried)
 *
 * drivers/cmds/cmd_campaign.c is the command line.  docs/campaign.md is
 * the user guide and the layout of OUT.
 */
#ifndef HP_CAMPAIGN_H
#define HP_CAMPAIGN_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "builder.h" /* struct hp_strv, hashing, paths, running programs */
#include "ngcc/ngcc.h" /* HP_NAME_MAX */
#include "record/published.h"
#include "record/result.h"

#define HP_CAMPAIGN_REASON 512 /* bytes of a one-line reason */
#define HP_CAMPAIGN_OPS 16 /* operations of one instance, at most (rows.h HP_OPS_MAX) */
#define HP_CANDIDATE_MAX 128 /* bytes of a candidate name, with its NUL */
#define HP_KEY_MAX 192 /* bytes of a folder's key, with its NUL */

/* The implementation tiers of a submission package (ngcc-api.md). */
enum hp_tier { HP_TIER_REFERENCE = 0, HP_TIER_OPTIMIZED, HP_TIER_ADDITIONAL, HP_TIERS };

/* "reference", "optimized", "additional". */
const char *hp_tier_name(enum hp_tier t);
/* Parse one of those names.  Returns 0, or -1. */
int hp_tier_parse(const char *s, enum hp_tier *t);

/* ---------- find.c ---------- */

/* One instance folder of the tree. */
struct hp_folder {
	char rel[PATH_MAX]; /* relative to ROOT; "." when ROOT is the folder itself */
	char abs[PATH_MAX];
	char candidate[HP_CANDIDATE_MAX]; /* the package's folder name, made a safe file name */
	char key[HP_KEY_MAX]; /* unique, safe file name: OUT/units/KEY */
	char kind[4]; /* from the adapter header's name: "sig", "kem", "kex"; "" unknown */
	enum hp_tier tier;
};

struct hp_folders {
	struct hp_folder *v;
	size_t n, cap;
};

/*
 * Every instance folder below root (absolute), the folder `hashprof build`
 * is given: a folder holding a *_AlgorithmInstance.h, or a SIG_/KEM_/
 * KEX_*.h that defines ALGORITHM_INSTANCE (a renamed adapter); when that
 * folder has no Makefile or CMakeLists.txt, the nearest folder above it
 * that has one (the header in include/, src/ref/, an ICCS variant's
 * iccs/), or, for a folder of headers only, the folder above; never a
 * folder holding another header's folder, the tier folder or one above
 * it.  The folders below one are its own (a key exchange's sig/ part),
 * not instances of their own.  Hidden folders and symbolic links to
 * folders are not entered.  Sorted by relative path.  Returns 0, or -1
 * with a reason (root unreadable, out of memory).
 */
int hp_campaign_find(const char *root, struct hp_folders *out, char *err, size_t errlen);

/*
 * Fill f for the folder rel below root (absolute): the tier from the
 * first component naming one ("Reference_Implementation", "Optimized
 * Implementation", ...; none: reference), the candidate from the
 * component above the tiers (a trailing "Implementations..." component
 * skipped; without one, the first component; at the top, root's name),
 * the key (candidate, folder name and a hash of rel).  Returns 0, or -1
 * when rel is not an instance folder below root (err says why).
 */
int hp_campaign_describe(const char *root, const char *rel, struct hp_folder *f, char *err, size_t errlen);

void hp_folders_free(struct hp_folders *fs);

/* ---------- the settings of a campaign (cmd_campaign.c) ---------- */

struct hp_campaign {
	char root[PATH_MAX]; /* absolute */
	char out[PATH_MAX]; /* absolute */
	enum hp_tier tier;
	unsigned jobs; /* -j: builds at once */
	unsigned timeout; /* --timeout: seconds each step of a row may take, and the KAT program */
	unsigned build_timeout; /* --build-timeout: seconds one `hashprof build` may take */
	unsigned build_jobs; /* compilers per build (hashprof build -j); 0: its default */
	int force; /* --force: redo every step */
	int retry_failed; /* --retry-failed: redo the steps that failed (the package's verdicts) too */
	struct hp_strv run_args; /* procedure options for `hashprof INSTANCE OP`, "--iterations=5" form */
	const struct hp_beside *published; /* --published=PAGES, loaded; NULL: none */
	char hashprof[PATH_MAX]; /* the running program, which the steps run */
};

/* ---------- inputs.c ---------- */

/*
 * The hash (64-bit FNV-1a) of what a folder's build depends on inside the
 * tree and in hashprof, as `hashprof build`'s manifest counts it: every
 * input file below the folder (builder's hp_manifest_is_input; path, size
 * and content) and the files directly in its parent folder (a Makefile or
 * sources shared by the instance folders), the build options, the
 * hashprof program and its run-time pieces.  Returns 0, or -1 with a
 * reason.
 */
int hp_campaign_folder_inputs(const struct hp_campaign *c, const struct hp_folder *f, uint64_t *hash, char *err,
			      size_t errlen);

/*
 * h extended by the files outside the folder that a build of it read,
 * as the build's manifest (OUT/MANIFEST, relative to OUT; "" none) lists
 * them: its "file" lines whose path leaves the folder (../iccs/auxfunc.c
 * borrowed from a sibling, ../../Test_Vectors/KAT_*.txt, ../Makefile).
 * recorded: each file as the manifest recorded it (size and content hash
 * when the build read it); else as it is now.  A manifest that cannot be
 * read counts as a fixed text (so it differs from any that could).
 */
uint64_t hp_campaign_outside_inputs(const struct hp_campaign *c, const struct hp_folder *f, const char *manifest,
				    int recorded, uint64_t h);

/* Everything a folder's build depends on, as it is now: the folder's
 * inputs, then the files outside it that its last build read (manifest,
 * as above).  This is what a build state's inputs are compared with.
 * Returns 0, or -1 with a reason. */
int hp_campaign_build_inputs(const struct hp_campaign *c, const struct hp_folder *f, const char *manifest,
			     uint64_t *hash, char *err, size_t errlen);

/* The hash of what a folder's profile depends on: the instance built
 * (so_hash, the content hash of its .so), the procedure options and the
 * hashprof program. */
uint64_t hp_campaign_profile_inputs(const struct hp_campaign *c, uint64_t so_hash);

/* The options of the build steps as one string (part of the build
 * inputs): "--kat".  The time limits are not inputs: a build or an
 * operation that a limit ended is redone when the limit is longer
 * (state.c), and nothing else is. */
void hp_campaign_build_options(const struct hp_campaign *c, char *buf, size_t len);

/* 16 lower-case hex digits of h into buf (17 bytes); returns buf. */
char *hp_hex64(uint64_t h, char buf[17]);

/* ---------- state.c ---------- */

/* A folder's build step, as OUT/units/KEY/build.json keeps it. */
struct hp_unit_build {
	int present; /* 0: never built (no file, or one this hashprof cannot read) */
	uint64_t inputs; /* hp_campaign_build_inputs when it ran (built: the outside files as the build read them) */
	char status[16]; /* "built", "failed" (the package's verdict) or "not run" (the machine's cause: whose.h) */
	char reason[HP_CAMPAIGN_REASON]; /* failed, not run: why, one line; built: "" */
	char timed_out[8]; /* failed: "build" when --build-timeout ended it, "kat" when --timeout ended the KAT
			      program; else "" */
	unsigned timeout, build_timeout; /* the limits it ran with, seconds (0: none) */
	char log[PATH_MAX]; /* relative to OUT: the build's output */
	char instance[HP_NAME_MAX + 1]; /* built: its name */
	char kind[4];
	char so[PATH_MAX]; /* built: the instance, relative to OUT */
	uint64_t so_hash; /* built: content hash of the .so */
	char kat[16]; /* "pass", "fail", "not checked" */
	char kat_detail[HP_CAMPAIGN_REASON];
	char warnings[512]; /* the build's warnings, "; "-separated: what --wrap cannot see */
	char manifest[PATH_MAX]; /* relative to OUT: the manifest of the last good build, whose files outside the
				    folder are inputs too; "" none */
	double seconds; /* wall time of the step */
};

/* One operation of a folder's profile. */
struct hp_unit_op {
	char op[16];
	char status[16]; /* "profiled", "failed" (the package's verdict), "not run" (the machine's cause:
			    whose.h) or "pending" (not run yet) */
	char reason[HP_CAMPAIGN_REASON]; /* failed, not run: why */
	int timed_out; /* failed: --timeout ended a step of the row */
	unsigned timeout; /* the --timeout it ran with, seconds (0: none) */
	char record[PATH_MAX]; /* relative to OUT: the record, or the failed row's; "" when none */
	double seconds;
};

/* A folder's profile, as OUT/units/KEY/profile.json keeps it. */
struct hp_unit_profile {
	int present;
	uint64_t inputs; /* hp_campaign_profile_inputs when it ran */
	char reason[HP_CAMPAIGN_REASON]; /* the whole profile failed (not one operation): why; else "" */
	int not_run; /* that reason is the machine's (whose.h), not a verdict */
	size_t nops;
	struct hp_unit_op ops[HP_CAMPAIGN_OPS];
};

/* OUT/units/KEY/FILE into buf.  Returns buf. */
char *hp_unit_path(const char *out, const char *key, const char *file, char *buf, size_t len);

/* Read the state files of folder key (missing or unreadable: present 0). */
void hp_unit_build_load(const char *out, const char *key, struct hp_unit_build *b);
void hp_unit_profile_load(const char *out, const char *key, struct hp_unit_profile *p);
/* Write them atomically.  Returns 0, or -1 with a reason naming the file. */
int hp_unit_build_store(const char *out, const char *key, const struct hp_unit_build *b, char *err, size_t errlen);
int hp_unit_profile_store(const char *out, const char *key, const struct hp_unit_profile *p, char *err, size_t errlen);

/* Did a limit of c's that is longer than the one it ran with end the
 * build (--build-timeout) or its KAT program (--timeout)?  1 yes, 0 no. */
int hp_unit_build_timed_out(const struct hp_campaign *c, const struct hp_unit_build *b);
/* Is the build state fresh for these inputs: same hash, and a built
 * instance still there unchanged, or a failure that is the package's
 * verdict (redoing it would fail again), unless c->retry_failed, or a
 * time limit ended it that c lengthens?  "not run" is never fresh.  1
 * yes, 0 no. */
int hp_unit_build_fresh(const struct hp_campaign *c, const struct hp_unit_build *b, uint64_t inputs);
/* Is operation u done for c: profiled, or failed as the package's verdict
 * (unless c->retry_failed, or --timeout ended it and c's is longer)?
 * "not run" and "pending" are not.  1 yes, 0 no. */
int hp_unit_op_done(const struct hp_campaign *c, const struct hp_unit_op *u);
/* Is the profile state fresh for these inputs, every operation done
 * (hp_unit_op_done)?  1 yes, 0 no. */
int hp_unit_profile_fresh(const struct hp_campaign *c, const struct hp_unit_profile *p, uint64_t inputs);

/*
 * The plan, OUT/campaign.json: ROOT, the tier, the settings the steps
 * get, and the folders of that tier (rel, key, candidate, kind), which
 * the pages and the index list.  Written by every local run and by
 * --jobs; read by --collect.
 */
int hp_plan_store(const struct hp_campaign *c, const struct hp_folders *fs, size_t other_tiers, char *err,
		  size_t errlen);
/* Read OUT/campaign.json into c (root, tier) and fs (the folders, with
 * abs paths below root).  Returns 0; 1 when there is none; -1 with a
 * reason when it cannot be read. */
int hp_plan_load(const char *out, struct hp_campaign *c, struct hp_folders *fs, size_t *other_tiers, char *err,
		 size_t errlen);

/* The first words of what a campaign writes into OUT/index.md and
 * OUT/campaign.mk: what tells them from a user's files of those names. */
#define HP_INDEX_MARK "<!-- Written by hashprof campaign;"
#define HP_MAKEFILE_MARK "# campaign.mk - written by hashprof campaign "

/*
 * May a campaign write into the existing folder out?  It replaces
 * index.md, campaign.mk and campaign.json there and writes into pages/,
 * records/ and units/.  out is a campaign's own folder when it holds a
 * plan (campaign.json that hp_plan_load reads), an index.md or
 * campaign.mk that a campaign wrote (HP_INDEX_MARK, HP_MAKEFILE_MARK), or
 * a folder's state in units/ (a --unit step run by hand writes no plan).
 * Returns NULL when it may (its own, or holding none of those names),
 * else the first of those names it holds ("index.md", "pages/"), which
 * would be overwritten.
 */
const char *hp_campaign_foreign_file(const char *out);

/* Read a JSON file; NULL when missing or malformed. */
json_t *hp_campaign_read_json(const char *path);

/* ---------- unit.c ---------- */

/* Which steps of a folder `--unit` runs. */
enum hp_unit_phase { HP_PHASE_ALL = 0, HP_PHASE_BUILD, HP_PHASE_PROFILE };

/*
 * Run the steps of folder f: the build (`hashprof build f --kat` into
 * OUT/units/KEY/instance, at most build_timeout seconds), then, when it
 * built, `hashprof OPTIONS --record-dir OUT/records/CANDIDATE NAME OP` for
 * every operation of the instance, each as a child process in its own
 * process group; each step skipped when its state is fresh (unless
 * c->force).  cpus (n of them, may be 0): pin the profile to one of them
 * that no other job holds.  Prints one "hashprof campaign: start ..." and
 * one "hashprof campaign: done ..." line per step and one line per
 * operation on stdout (progress.c reads them).  A broken package only
 * writes its failure into its state; a failure of the machine's (whose.h)
 * is written as "not run" with its cause.  lock: the folder's lock
 * (dirlock.h), checked before each state is written: one lost (its file
 * removed or replaced) writes nothing more.  Returns 0 when the state was
 * written (whatever the folder's result), 3 when a state file could not
 * be written or the lock was lost, 128 + N after signal N.
 */
struct hp_dirlock;
int hp_unit_run(const struct hp_campaign *c, const struct hp_folder *f, enum hp_unit_phase phase, const int *cpus,
		size_t ncpus, const struct hp_dirlock *lock);

/* The reason in a program's log: its last "hashprof: " line without that
 * prefix and without a trailing " (command: ...)" part, with root/
 * removed from the paths; "" when there is none.  Into buf. */
void hp_log_reason(const char *log, const char *root, char *buf, size_t len);

/* ---------- cpus.c ---------- */

/*
 * The CPUs this process may run on (sched_getaffinity), one per core
 * (the lowest-numbered of each core's hardware threads, from
 * /sys/devices/system/cpu/cpuN/topology): at most max, ascending, into
 * cpus.  Returns how many (at least 1: CPU 0 when nothing can be read).
 */
size_t hp_distinct_cpus(int *cpus, size_t max);

/*
 * Pin this process (and the children it starts) to one of the n CPUs that
 * no other job holds: each CPU has a lock file lockdir/cpu-N.lock, held
 * (flock) for the life of the process.  Waits for the first when all are
 * taken.  Returns the CPU, or -1 when pinning failed (the process runs
 * unpinned).
 */
int hp_pin_one_cpu(const char *lockdir, const int *cpus, size_t n);

/* cpus as "0,2,4" into buf; returns buf. */
char *hp_cpu_list(const int *cpus, size_t n, char *buf, size_t len);
/* Parse "0,2,4" (at most max).  Returns how many, or -1 when malformed. */
long hp_cpu_list_parse(const char *s, int *cpus, size_t max);

/* ---------- engine.c ---------- */

/* Which steps of the plan are not fresh (hp_campaign_stale). */
struct hp_stale {
	size_t nfolders;
	unsigned char *build, *profile; /* nfolders flags each */
	size_t nbuild, nprofile; /* how many are set */
};

/* For each folder, whether its build and its profile must run.  Returns
 * 0, or -1 with a reason. */
int hp_campaign_stale(const struct hp_campaign *c, const struct hp_folders *fs, struct hp_stale *s, char *err,
		      size_t errlen);
void hp_stale_free(struct hp_stale *s);

/* The command that runs folder f's steps (phase; cpus for the profile),
 * as shell words, into sv.  Returns 0, or -1 (out of memory). */
int hp_unit_command(const struct hp_campaign *c, const struct hp_folder *f, enum hp_unit_phase phase, const char *cpus,
		    struct hp_strv *sv);

/*
 * Write OUT/campaign.mk: the targets "build" and "profile", one phony
 * target per stale step (b-KEY, p-KEY), whose recipe is the step's
 * command; cpus (the profile's CPUs, "0,1").  Returns 0, or -1 with a
 * reason.
 */
int hp_makefile_write(const struct hp_campaign *c, const struct hp_folders *fs, const struct hp_stale *s,
		      const char *cpus, char *path, size_t pathlen, char *err, size_t errlen);

/*
 * Run `make -f MAKEFILE -k -j jobs TARGET` in its own process group, its
 * output read line by line into progress (progress.c).  Returns make's
 * exit status, 128 + N when signal N interrupted the campaign (make's
 * group killed), or -1 when make could not be run (err).
 */
struct hp_progress;
int hp_make_run(const char *makefile, const char *target, unsigned jobs, struct hp_progress *pg, char *err,
		size_t errlen);

/* Write the job file: one self-contained command per stale folder (both
 * phases), shell-quoted.  Returns how many, or -1 with a reason. */
long hp_jobs_write(const struct hp_campaign *c, const struct hp_folders *fs, const struct hp_stale *s, const char *path,
		   char *err, size_t errlen);

/* ---------- progress.c ---------- */

enum hp_progress_mode { HP_PROGRESS_AUTO = 0, HP_PROGRESS_TTY, HP_PROGRESS_PLAIN };

struct hp_progress {
	int tty; /* redraw one status line (\r) */
	size_t total, done; /* steps */
	double start; /* monotonic seconds */
	char current[PATH_MAX + 32]; /* the step started last */
	size_t running; /* steps started and not done */
	int drawn; /* a status line is on the terminal */
};

/* Start counting total steps; mode AUTO: a status line when stdout is a
 * terminal. */
void hp_progress_init(struct hp_progress *pg, enum hp_progress_mode mode, size_t total);
/* One line a step printed (without its newline). */
void hp_progress_line(struct hp_progress *pg, const char *line);
/* Redraw the status line (elapsed time moves): on a terminal only. */
void hp_progress_tick(struct hp_progress *pg);
/* Clear the status line. */
void hp_progress_end(struct hp_progress *pg);
/* "[3/12] 0:14 elapsed, ETA 0:42" of pg into buf (the start of the status line). */
void hp_progress_status(const struct hp_progress *pg, double now, char *buf, size_t len);

/* ---------- beside.c ---------- */

struct hp_instance; /* instance.h */

/* The pages of --published=PAGES. */
struct hp_beside {
	size_t npages, rows;
	struct hp_beside_page {
		char path[PATH_MAX];
		struct hp_published page;
	} * pages;
};

/*
 * Read --published=PAGES: one page, or every *.md file of a folder (in
 * name order, not below it; its files without a "Symmetric primitives"
 * table, an index or a ranking, skipped).  Returns 0, or -1 with one line
 * in err: PAGES unreadable, a page malformed (file and line named), a
 * folder without any page.
 */
int hp_beside_load(const char *arg, struct hp_beside *s, char *err, size_t errlen);
void hp_beside_free(struct hp_beside *s);

/*
 * The published row of instance all[which] and operation op (the API's
 * name: encaps) among s's pages, the page names matched to the n
 * instances of all as `check --published` matches them (page_match.h,
 * no --map); *page is its file.  Returns 0 matched by the exact name, 1
 * by another rule (why says which), -1 none.
 */
int hp_beside_find(const struct hp_beside *s, const struct hp_instance *all, size_t n, size_t which, const char *op,
		   const struct hp_published_row **row, const char **page, char *why, size_t whylen);

/* How a row's calls compare with the published row's. */
enum hp_beside_calls { HP_BESIDE_EXACT = 0, HP_BESIDE_REPRODUCED, HP_BESIDE_DIFFER };

/*
 * Our row r beside the published row p: the calls cell ("exact",
 * "reproduced at N = 200, 998–1000", "differ: pseudoXOF 5 → 4") into
 * cell, and the shares' differences (ours - published, uncorrected, in
 * percentage points) into *hash_pp, *drng_pp.
 */
enum hp_beside_calls hp_beside_compare(const struct hp_published_row *p, const struct hp_result *r, char *cell,
				       size_t len, double *hash_pp, double *drng_pp);
/* ---------- prune.c ---------- */

/*
 * OUT holds what ROOT holds: move aside to OUT/removed/ (same relative
 * paths; an earlier one there replaced) the state folder units/KEY and
 * the records of every folder that is not in fs (gone from ROOT), the
 * pages/CANDIDATE.md and records/CANDIDATE/ of every candidate not in fs.
 * One line on stdout per folder moved aside.  Returns how many entries
 * were moved; *failed: how many could not be (each named on stderr).
 */
size_t hp_campaign_prune(const struct hp_campaign *c, const struct hp_folders *fs, size_t *failed);

/* ---------- pages.c ---------- */

/* What the pages and the index say, counted. */
struct hp_summary {
	size_t folders, profiled, failed, not_run, candidates;
	size_t written; /* files written (the others were already up to date) */
	size_t unwritten; /* files that could not be written (each named on stderr) */
	size_t pages; /* candidate pages on disk as this run made them (written, or already so) */
	int index; /* index.md is on disk as this run made it */
};

/*
 * Write OUT/pages/CANDIDATE.md for every candidate of fs and OUT/index.md
 * (every folder of fs: build, KAT, operations profiled, status and the
 * one-line reason), from the folders' state files and the records; a file
 * whose text has not changed is not rewritten.  A folder whose profile
 * was made for other inputs than c's (procedure options, the .so, the
 * hashprof program: hp_campaign_profile_inputs) is 'not run', as the next
 * run redoes it, and its page leaves its rows out.  other_tiers: folders of
 * ROOT in other tiers (named in the index).  Fills s.  Returns 0, or 3
 * when a file could not be written.
 */
int hp_campaign_collect(const struct hp_campaign *c, const struct hp_folders *fs, size_t other_tiers,
			struct hp_summary *s);

#endif
