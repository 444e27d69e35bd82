/*
 * builder.h - the steps of `hashprof build`, which turns an NGCC
 * submission folder into an instance module (a shared object with a
 * .hashprof section) that the driver finds by name; build.h runs them as
 * a pipeline (prepare.c, make.c, attempt.c).  One concept per file:
 *
 *   run.c      running programs (fork/exec, no shell), logs, first errors
 *   files.c    string vectors, paths, folder walks, content hashes
 *   recipe.c   the recipe file that overrides detection (docs/recipes.md)
 *   detect.c   API kind, instance name (via the preprocessor), sources,
 *              the -D/-I/-l flags of the package's Makefile (`make -n`)
 *   compile.c  compiling every source with the reference, then the
 *              permissive flag set
 *   inspect.c  what each object defines and references (libelf): helpers,
 *              drng_algorithm, main(), LTO, same-object helper calls
 *   link.c     which objects the API needs, the --wrap list, the
 *              metadata, the link of the .so
 *   kat.c      the optional known-answer-test gate
 *   manifest.c idempotency: what the last build was made from
 *
 * Everything here reports errors as a one-line reason in a caller's
 * buffer and prints nothing: the pipeline speaks through the caller's
 * struct hp_build_out (build.h), and only the command prints.
 */
#ifndef HP_BUILDER_H
#define HP_BUILDER_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ngcc.h" /* the API symbols, helper ids and order, the instance name rule */
#include "util/read_file.h" /* hp_util_read_file: whole files (recipes, logs, manifests) */
#include "util/write_file.h" /* hp_util_write_file: atomic replacement; hp_util_write_all */
#include "util/build_tree.h" /* hp_util_in_build_tree: the build tree's hashprof? */

#define HP_BUILD_ERR 512 /* bytes of a one-line reason */

/* ---------- files.c: string vectors, paths, folders, hashes ---------- */

/* snprintf(3), for the builder's paths and messages: the same result (the
 * length the whole text needs, in bytes, without the NUL; negative on an
 * encoding error); a longer text is cut at len - 1 bytes. */
int hp_fmt(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A growable vector of malloc'ed strings; v[n] is always NULL (argv). */
struct hp_strv {
	char **v;
	size_t n, cap;
};

/* Append a copy of s (or of its first len bytes for _n).  Returns 0, or
 * -1 when out of memory (the vector is unchanged). */
int hp_strv_add(struct hp_strv *sv, const char *s);
int hp_strv_addn(struct hp_strv *sv, const char *s, size_t len);
/* Append printf-style.  Returns 0 or -1 (out of memory). */
int hp_strv_addf(struct hp_strv *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append every string of other.  Returns 0 or -1. */
int hp_strv_extend(struct hp_strv *sv, const struct hp_strv *other);
/* Index of s in sv, or -1. */
long hp_strv_find(const struct hp_strv *sv, const char *s);
/* Free the strings and the vector; sv is left empty and reusable. */
void hp_strv_free(struct hp_strv *sv);
/* The strings joined with sep into a new malloc'ed string (NULL on OOM). */
char *hp_strv_join(const struct hp_strv *sv, const char *sep);

/* Split s on blanks into words appended to sv, honouring '...', "..." and
 * backslash like a POSIX shell (no expansion of any kind).  Returns 0, or
 * -1 on out-of-memory or an unterminated quote. */
int hp_split_words(const char *s, struct hp_strv *sv);

/* s quoted for a POSIX shell when it needs it, into buf (truncated to
 * len); returns buf.  Used to print commands that can be pasted. */
char *hp_shell_quote(const char *s, char *buf, size_t len);
/* argv as one pasteable command line, malloc'ed (NULL on OOM). */
char *hp_command_line(char *const argv[]);

/* path made absolute against base (or the working directory when base is
 * NULL) and lexically normalised ("." and ".." removed, no symlink
 * resolution), into out (PATH_MAX).  Returns 0, or -1 when too long. */
int hp_path_abs(const char *base, const char *path, char out[PATH_MAX]);
/* path relative to dir when it lies below dir, else path itself. */
const char *hp_path_below(const char *dir, const char *path);

/* mkdir -p with mode 0777 (umask applies).  Returns 0, or -1 (errno). */
int hp_mkdirs(const char *path);
/* rm -rf without following symbolic links.  Returns 0 (also when path
 * does not exist), or -1 (errno). */
int hp_rmtree(const char *path);
/* Append the file src to the open descriptor fd.  Returns 0 or -1. */
int hp_append_file(int fd, const char *src);

/* 64-bit FNV-1a of len bytes, continuing from h (start with
 * HP_FNV_INIT).  A change detector for the manifest, not a MAC. */
#define HP_FNV_INIT 0xcbf29ce484222325ull
uint64_t hp_fnv(uint64_t h, const void *data, size_t len);
/* FNV-1a of the file's contents into *hash and its size in bytes into
 * *size.  Returns 0, or -1 (errno) when it cannot be read. */
int hp_hash_file(const char *path, uint64_t *hash, uint64_t *size);

/* Copy the files rel (relative paths) from folder src into folder dst,
 * creating folders, keeping permission bits.  Returns 0, or -1 (errno). */
int hp_copy_files(const char *src, const char *dst, const struct hp_strv *rel);

/*
 * Every regular file below dir (symbolic links to files are followed,
 * links to folders and hidden entries are not), as paths relative to dir
 * in byte order, appended to out.  Returns 0, or -1 (errno) when dir
 * cannot be read.
 */
int hp_walk_files(const char *dir, struct hp_strv *out);

/* ---------- run.c: running programs ---------- */

/* Outcome of one program run. */
struct hp_proc {
	pid_t pid;
	int status; /* exit status 0..255; 128+N when killed by signal N */
	int signal; /* N when killed by signal N (a status 128+N of its own: 0) */
	int timed_out; /* 1: killed after the timeout */
	int spawn_errno; /* non-zero: could not be started (errno of exec) */
};

/*
 * Start argv (argv[0] looked up in PATH) without a shell, in folder cwd
 * (NULL: the current one), stdin from /dev/null, stdout to out_path and
 * stderr to err_path (either NULL: /dev/null; the same path: both into one
 * file).  append != 0 appends instead of truncating.  The child gets its
 * own process group so that a timeout kills its children too.  Returns 0,
 * or -1 (errno) when it could not be forked.
 */
int hp_proc_start(struct hp_proc *p, char *const argv[], const char *cwd, const char *out_path, const char *err_path,
		  int append);
/*
 * Wait for p; after timeout_s seconds (0: no limit; never earlier than
 * timeout_s after the call) kill its process group and set p->timed_out.
 * Returns p->status (p->signal set when a signal ended it), or -1 when p
 * could not be started.
 */
int hp_proc_wait(struct hp_proc *p, unsigned timeout_s);
/*
 * Make SIGINT, SIGTERM and SIGHUP end the process cleanly: the handler
 * kills the process group of every child hp_proc_start started and that
 * was not reaped yet (each sits in its own group, out of reach of the
 * terminal's ^C and of a kill sent to us alone), and the next
 * hp_proc_check_interrupt (hp_proc_start and hp_proc_wait call it) calls
 * on_interrupt(sig) (may be NULL; it may clean up and print, and should
 * not return), then exits with 128 + sig.
 */
void hp_proc_trap_interrupts(void (*on_interrupt)(int sig));
/* After one of those signals: on_interrupt, then exit(128 + sig).  Else
 * nothing. */
void hp_proc_check_interrupt(void);
/* hp_proc_start + hp_proc_wait, with stdout and stderr into log_path. */
int hp_run_program(char *const argv[], const char *cwd, const char *log_path, int append, unsigned timeout_s);

/*
 * The first diagnostic worth one line in a compiler, linker or make log:
 * the first "error:" line or makefile error ("Makefile:24: *** ..."), else
 * "undefined reference", "multiple definition", ..., else the first
 * non-empty line that is not make's "Entering directory"; "" when the log
 * is empty.  Into buf (len).
 */
void hp_first_error(const char *log_path, char *buf, size_t len);

/* The C compiler command `hashprof build` runs: $CC when set, else the
 * one hashprof was configured with (HP_BUILDER_CC, the Makefile's $(CC):
 * for a cross build the target's compiler, e.g. aarch64-linux-gnu-gcc),
 * else "cc".  A string of words, not split. */
const char *hp_cc_command(void);

/* That compiler (hp_cc_command() split into words) appended to sv.
 * Returns 0 or -1 (OOM). */
int hp_cc_argv(struct hp_strv *sv);

/* ---------- recipe.c ---------- */

/* A recipe file (docs/recipes.md): overrides of detection. */
struct hp_recipe {
	char path[PATH_MAX]; /* "" when no recipe was given */
	char name[HP_NAME_MAX + 1];
	char kind[4]; /* "" or sig/kem/kex */
	char flagset[16]; /* "", "reference" or "permissive" */
	int make; /* -1 detect, 0 never run make -n, 1 run it */
	struct hp_strv make_args; /* extra arguments of `make -n` (targets, VAR=value) */
	struct hp_strv sources; /* patterns: the source list (replaces detection) */
	struct hp_strv exclude; /* patterns removed from the source list */
	struct hp_strv cppflags; /* -D/-U/-I/-include words (-I made absolute) */
	struct hp_strv cflags; /* extra compiler words, both flag sets */
	struct hp_strv libs; /* extra link words (-l..., -L...) */
	char kat_program[PATH_MAX]; /* relative to the package; "" detect */
	char kat_vectors[PATH_MAX]; /* relative to the package; "" detect */
};

/* Read the recipe at path (relative paths in it are relative to pkgdir).
 * Returns 0, or -1 with "FILE:LINE: reason" in err. */
int hp_recipe_load(const char *path, const char *pkgdir, struct hp_recipe *r, char *err, size_t errlen);
/* Release what hp_recipe_load allocated. */
void hp_recipe_free(struct hp_recipe *r);
/* Does the package-relative path rel match one of the recipe patterns
 * (fnmatch(3) with FNM_PATHNAME; a pattern ending in '/' matches
 * everything below that folder)?  1 yes, 0 no. */
int hp_recipe_match(const struct hp_strv *patterns, const char *rel);

/* ---------- detect.c ---------- */

/* One source file of the package. */
struct hp_source {
	char *rel; /* relative to the package folder */
	char *abs;
	int from_make; /* named in the Makefile's dry run */
	int depth; /* number of '/' in rel */
};

/* What detection found about a package. */
struct hp_detect {
	char dir[PATH_MAX]; /* the package folder, absolute */
	char kind[4]; /* "" until known */
	char kind_origin[PATH_MAX + 32]; /* how the kind was found */
	char name[HP_NAME_MAX + 1];
	char name_origin[PATH_MAX + 64]; /* how the name was found */
	char adapter_header[PATH_MAX]; /* "" when none */
	int ran_make; /* make -n was run */
	int make_status; /* its exit status */
	char make_error[HP_BUILD_ERR]; /* a failed dry run: status and first error; "" when it worked */
	char name_fallback[HP_BUILD_ERR]; /* why the folder name was used; "" when it was not */
	struct hp_strv make_cppflags; /* -D/-U/-I/-include from make -n (absolute) */
	struct hp_strv make_libs; /* -l/-L/-pthread from make -n */
	struct hp_strv make_lto; /* -flto... words from make -n */
	struct hp_strv make_sources; /* absolute paths of sources make -n compiles */
	char make_copy[PATH_MAX]; /* where the dry run ran ("" outside it) */
	struct hp_source *src;
	size_t nsrc;
	struct hp_strv files; /* every file below dir (relative) */
	struct hp_strv infos; /* what detection has to say, one line each */
};

/* Every .c/.S/.s file below d->dir (minus recipe excludes, or the
 * recipe's list), into d->src, ordered: named by the Makefile first, then
 * shallower first, then by name.  Returns 0, or -1 with a reason. */
int hp_detect_sources(struct hp_detect *d, const struct hp_recipe *r, char *err, size_t errlen);

/*
 * Run `make -n -B -w` (when d->dir has a Makefile and the recipe does not
 * say make = no) in a copy of the package below scratch, without the
 * MAKEFLAGS of a make that runs us, and collect the -D/-U/-I/-include,
 * -l/-L and -flto words and the sources of its compiler commands (paths
 * mapped back to d->dir).  The copy is there because GNU make remakes
 * included makefiles even under -n: whatever it runs for that can never
 * touch the package.  The dry run's output goes to log_path.  Returns 0
 * (also when there is no Makefile or make fails: the build goes on
 * without it), or -1 with a reason (out of memory, the copy failed).
 */
int hp_detect_make(struct hp_detect *d, const struct hp_recipe *r, const char *scratch, const char *log_path, char *err,
		   size_t errlen);

/* The API kind from *_AlgorithmInstance.h (or the recipe).  Leaves d->kind
 * empty when no adapter header names it (the objects decide later). */
void hp_detect_kind(struct hp_detect *d, const struct hp_recipe *r);

/*
 * -1 (err: one line listing them) when the shallowest *_AlgorithmInstance.h
 * headers below d->dir lie in more than one folder: DIR is a folder of
 * instance folders (a submission's Reference_Implementation/ above
 * DARTS128/, DARTS192/), and building it would mix their sources.  0
 * otherwise.
 */
int hp_detect_one_instance(const struct hp_detect *d, char *err, size_t errlen);

/*
 * The instance name: --name, else the recipe's, else ALGORITHM_INSTANCE as
 * the preprocessor expands it with the package's flags (cppflags), else the
 * folder name with unsupported characters replaced by '_'.  workdir is a
 * scratch folder for the probe.  Returns 0, or -1 with a reason when the
 * given or expanded name is not a valid instance name.
 */
int hp_detect_name(struct hp_detect *d, const char *given, const struct hp_recipe *r, const struct hp_strv *cppflags,
		   const char *workdir, const char *log_path, char *err, size_t errlen);

/* Release what detection allocated. */
void hp_detect_free(struct hp_detect *d);

/* ---------- inspect.c ---------- */

/* The wrappable ICCS helpers, in the order of the .hashprof "wrapped" field. */
/* A global symbol an object defines. */
struct hp_osym {
	char *name;
	int common; /* a common symbol (tentative definition under -fcommon) */
	int weak;
	int func;
};

/* Calls from one function to one helper defined in the same object. */
struct hp_site {
	int helper; /* enum hp_fn */
	char *caller; /* the calling function, "?" when unknown */
	unsigned count; /* call sites (relocations in code) */
	int internal; /* caller is helper code itself (an ICCS file or a helper) */
};

/* What one object is made of. */
struct hp_object {
	const struct hp_source *src;
	char obj[PATH_MAX]; /* the object file */
	char log[PATH_MAX]; /* its compiler output */
	char *command; /* the compiler command, pasteable */
	int compiled; /* 1: the compiler succeeded */
	int status; /* compiler exit status */
	char first_error[HP_BUILD_ERR];
	int inspected; /* 1: the symbols below are valid */
	int is_main; /* defines main(): a program, never linked into the instance */
	int lto; /* an LTO object: GIMPLE sections or LLVM bitcode */
	char lto_what[64];
	int helper_file; /* auxfunc.c/drng.c or defines only helpers */
	struct hp_osym *defs;
	size_t ndefs;
	struct hp_strv undefs; /* global symbols it references but does not define */
	struct hp_site *sites;
	size_t nsites;
	unsigned machine; /* its ELF machine (e_machine: EM_X86_64, EM_AARCH64, ...) */
	int foreign; /* 1: not code for the machine hashprof runs on (hp_host_machine): a
				  * module made of it could never be loaded */
	int linked; /* part of the instance */
};

/* The ELF machine (e_machine, <elf.h>) and class (ELFCLASS64, ...) of the
 * code hashprof itself runs as, which every object of an instance must
 * have: EM_X86_64 on x86-64, EM_AARCH64 on AArch64; EM_NONE on a machine
 * hashprof knows no number for (no object is refused there). */
unsigned hp_host_machine(void);
unsigned hp_host_class(void);

/* A name for ELF machine em ("x86-64", "AArch64", "i386", ..., else
 * "ELF machine N") in buf (len bytes); returns buf. */
const char *hp_machine_name(unsigned em, char *buf, size_t len);

/* Read the object o->obj with libelf and fill the inspection fields
 * (o->foreign too: an object for another machine is read all the same).
 * Returns 0, or -1 with a reason in err (o->inspected stays 0). */
int hp_inspect_object(struct hp_object *o, char *err, size_t errlen);
/* Does o define sym (as any kind of definition)?  Returns the symbol or NULL. */
const struct hp_osym *hp_object_defines(const struct hp_object *o, const char *sym);
/* Does o reference sym (undefined in o)?  1 yes, 0 no. */
int hp_object_references(const struct hp_object *o, const char *sym);
/* Release what inspection and compilation allocated in o. */
void hp_object_free(struct hp_object *o);

/* ---------- compile.c ---------- */

enum hp_flagset { HP_FLAGS_REFERENCE = 0, HP_FLAGS_PERMISSIVE };

/* "reference" or "permissive". */
const char *hp_flagset_name(enum hp_flagset f);
/* The base compiler words of a flag set (NGCC performance guide). */
int hp_flagset_words(enum hp_flagset f, struct hp_strv *out);

/* Append the -D/-U/-I/-include words of later to out; a -D/-U of a macro
 * replaces the earlier words about the same macro, a repeated -I is
 * dropped.  Returns 0 or -1 (OOM). */
int hp_cppflags_merge(struct hp_strv *out, const struct hp_strv *later);

/*
 * The words every compilation of the package gets after the flag set:
 * cppflags (Makefile, recipe, command line -D/-U/-I, in that order, later
 * definitions of a macro replacing earlier ones), extra (recipe and
 * --cflags words), then -iquote DIR; for the permissive set also -iquote
 * each folder holding a header.  Returns 0 or -1 (OOM).
 */
int hp_compile_words(enum hp_flagset f, const struct hp_detect *d, const struct hp_strv *cppflags,
		     const struct hp_strv *extra, struct hp_strv *out);

/*
 * Compile every source of d into objdir, jobs at a time, one log per
 * object; then append every command and its output to build_log in source
 * order.  objs (d->nsrc entries, zeroed by the caller) gets one entry per
 * source.  Returns the number of sources that failed to compile, or -1
 * with a reason when the compiler could not be run at all.
 */
long hp_compile_all(const struct hp_detect *d, const struct hp_strv *words, const char *objdir, unsigned jobs,
		    const char *build_log, struct hp_object *objs, char *err, size_t errlen);

/* Compile one file (no package flags) into obj, output appended to log.
 * Returns the compiler's exit status, or -1 when it could not be run. */
int hp_compile_one(const struct hp_strv *words, const char *src, const char *obj, const char *log, char **command);

/* ---------- link.c ---------- */

/* What goes into the instance and what the build has to say about it. */
struct hp_plan {
	size_t *objs; /* indices of linked objects, link order */
	size_t nobjs;
	unsigned wrapped; /* bitmask of enum hp_fn */
	unsigned defined_anywhere; /* helpers some non-program object defines */
	int provide_drng; /* link hashprof's drng_algorithm */
	int drng_defined_by; /* index of the object defining drng_algorithm, -1 */
	struct hp_strv libs; /* link words after the objects */
	struct hp_strv infos; /* build-time information lines */
	struct hp_strv warnings; /* kept in the metadata and in every row's notes */
	struct hp_strv missing; /* symbols no object defines (libraries may) */
};

/*
 * Decide the instance: starting from the kind's API symbols (and every
 * helper some non-program object defines), pull the objects that define
 * what is still undefined, preferring objects already pulled, named by
 * the Makefile, shallower, then first by name; program objects (main())
 * are never pulled.  Fills plan (zeroed by the caller).  Returns 0, or -1
 * with a reason (an API symbol no object defines).
 */
int hp_plan_link(struct hp_object *objs, size_t nobjs, const char *kind, const struct hp_strv *libs,
		 struct hp_plan *plan, char *err, size_t errlen);
/* Release a plan. */
void hp_plan_free(struct hp_plan *plan);
/* The wrapped helpers as the .hashprof field wants them ("a,b"), in buf. */
void hp_plan_wrapped(const struct hp_plan *plan, char *buf, size_t len);

/* The metadata fields of the .hashprof section. */
struct hp_meta {
	const char *name, *kind, *origin, *cflags, *flagset, *kat;
	char wrapped[256];
	const struct hp_strv *warnings;
};

/* Where the builder's run-time pieces are: the wrap archive and the
 * sources compiled into every instance (build tree or installed). */
struct hp_runtime {
	char wrap_archive[PATH_MAX];
	char instance_info[PATH_MAX];
	char drng_global[PATH_MAX];
	struct hp_strv state_ldflags; /* keep the shims' state in every instance */
};

/* Locate the run-time pieces: the build tree's when this is the build
 * tree's hashprof, else the installed ones.  Returns 0, or -1 with a
 * reason naming what is missing. */
int hp_runtime_find(struct hp_runtime *rt, char *err, size_t errlen);
void hp_runtime_free(struct hp_runtime *rt);

/*
 * Link the instance: compile instance_info.c with the metadata (and
 * drng_global.c when the plan says so) into workdir, then
 *   CC -shared -o out objects... -Wl,--no-undefined -Wl,-z,defs
 *      state-ldflags wrap-archive -Wl,--wrap=F... libs -lm
 * Output to build_log.  Returns 0, or -1 with the first error in err and
 * the pasteable command in *command (malloc'ed, may be NULL).
 */
int hp_link_instance(const struct hp_runtime *rt, const struct hp_strv *cc_words, struct hp_object *objs,
		     const struct hp_plan *plan, const struct hp_meta *meta, const char *workdir, const char *out,
		     const char *build_log, char *err, size_t errlen, char **command);

/* ---------- kat.c ---------- */

/* KAT gate outcome. */
struct hp_kat {
	char status[16]; /* "pass", "fail" or "not checked" */
	char detail[HP_BUILD_ERR];
};

/*
 * Build the package's KAT program (KAT_SIG.c/KAT_KEM.c/KAT_KEX.c, or the
 * recipe's) with the objects of this build, run it in an empty folder
 * below workdir (timeout_s seconds at most) and compare what it writes
 * with the package's shipped test-vector file.  Never fails the build:
 * the outcome goes to k.
 */
void hp_kat_check(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_strv *cc_words,
		  const struct hp_strv *words, struct hp_object *objs, size_t nobjs, const struct hp_plan *plan,
		  const char *workdir, const char *build_log, unsigned timeout_s, struct hp_kat *k);

/* ---------- manifest.c ---------- */

/*
 * The manifest text of a build: format version, name, package folder,
 * options (everything that changes the result), and one line per input
 * file and run-time piece with its FNV-1a hash and size.  Malloc'ed into
 * *out.  Returns 0, or -1 with a reason.
 */
int hp_manifest_make(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_runtime *rt,
		     const char *options, char **out, char *err, size_t errlen);
/*
 * Compare a new manifest with the one stored at path, and the stored
 * output hash with the .so at so_path.  Returns 1 when up to date, 0 when
 * something changed (what, into why: "sign/tag.c changed", "options
 * changed", "no previous build"...).  need_kat: also 0 when the last build
 * did not run the KAT.  When up to date, *stored_kat is the KAT result of
 * the build that made the .so ("not checked" when it did not run); the
 * caller's exit status follows it.
 */
int hp_manifest_up_to_date(const char *path, const char *manifest, const char *so_path, int need_kat,
			   struct hp_kat *stored_kat, char *why, size_t whylen);
/* Store the manifest plus the hash of the built .so and the KAT result
 * (NULL: the KAT did not run).  Returns 0, or -1 (errno). */
int hp_manifest_store(const char *path, const char *manifest, const char *so_path, const struct hp_kat *kat);

#endif
