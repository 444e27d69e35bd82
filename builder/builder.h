/*
 * builder.h - the steps of `hashprof build`, which turns an NGCC
 * submission folder into an instance module (a shared object with a
 * .hashprof section) that the driver finds by name; pipeline.h runs them as
 * a pipeline (prepare.c, make.c, attempt.c).  One concept per file:
 *
 *   run.c      running programs (fork/exec, no shell), logs, first errors
 *   files.c    string vectors, paths, folder walks, content hashes
 *   recipe.c   the recipe file that overrides detection (docs/recipes.md)
 *   buildsys.c the package's own build description (a Makefile here or
 *              in the folder above, a CMakeLists.txt), its scratch copy,
 *              the make variable that selects the instance; the step
 *   dryrun.c   `make -n` as a list of compiler and archiver commands
 *   cmake.c    CMake's compile_commands.json as such a list
 *   commands.c the commands of this instance and its ICCS variant: the
 *              -D/-I/-l flags and sources taken from them
 *   detect.c   sources, API kind, instance name (via the preprocessor)
 *   adapter.c  which file is an adapter header (build's and campaign's rule)
 *   folders.c  instance folders: which folders a folder holds, and
 *              whether one outside the instance is another instance's
 *   borrow.c   official ICCS files the instance folder lacks, from a
 *              folder beside or above it that is no other instance's
 *   prebuilt.c objects and libraries the package ships: never linked
 *   compile.c  compiling every source with the reference, then the
 *              permissive flag set
 *   inspect.c  what each object defines and references (libelf): helpers,
 *              drng_algorithm, main(), LTO, same-object helper calls
 *   link.c     which objects the API needs, the --wrap list, the
 *              metadata, the link of the .so
 *   vectors.c  the shipped test vectors (in the folder or above it), and
 *              comparing a KAT's output with them
 *   kat.c      the optional known-answer-test gate
 *   manifest.c idempotency: what the last build was made from
 *
 * Everything here reports errors as a one-line reason in a caller's
 * buffer and prints nothing: the pipeline speaks through the caller's
 * struct hp_build_out (pipeline.h), and only the command prints.
 */
#ifndef HP_BUILDER_H
#define HP_BUILDER_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ngcc/ngcc.h" /* the API symbols, helper ids and order, the instance name rule */
#include "util/read_file.h" /* hp_util_read_file: whole files (recipes, logs, manifests) */
#include "util/write_file.h" /* hp_util_write_file: atomic replacement; hp_util_write_all */
#include "util/build_tree.h" /* hp_util_in_build_tree: the build tree's hashprof? */
#include "util/machine_name.h" /* hp_machine_name: "x86-64", "AArch64", ... */

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
/* The same, but every occurrence of keep (a path, which may hold blanks)
 * stays whole inside its word.  Returns 0, 1 on an unterminated quote
 * (sv unchanged), or -1 when out of memory. */
int hp_split_words_keeping(const char *s, const char *keep, struct hp_strv *sv);

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
/* Is a folder of this name one of a submission's implementation tiers
 * (Reference_Implementation, Implementations, "Implementations and
 * Test_Vectors", ...: its name holds "implementation", any case)?  The
 * searches above an instance folder climb only through such folders, so
 * that they stay inside the package.  1 or 0. */
int hp_is_tier_folder(const char *name);

/* Does dir hold, directly, a file that says how its package is built
 * (GNUmakefile, makefile, Makefile or CMakeLists.txt: the names the
 * package's own build is looked for by, buildsys.c)?  1 or 0. */
int hp_has_build_file(const char *dir);
/* path relative to dir, with ".." where it lies outside ("../iccs/x.c"),
 * "." for dir itself; both absolute and normalised.  Into out (len
 * bytes); returns 0, or -1 when cut short. */
int hp_path_rel(const char *dir, const char *path, char *out, size_t len);

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
 * creating folders, keeping permission bits; a file of more than
 * link_above bytes (0: no limit) becomes a symbolic link to the original
 * instead.  Returns 0, or -1 (errno). */
int hp_copy_files(const char *src, const char *dst, const struct hp_strv *rel, unsigned long long link_above);

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
	const struct hp_confine *confine; /* its confinement (hp_proc_confine), NULL: none */
	char what[64]; /* argv[0]'s last component: who the build deadline killed */
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
 * The whole build's bound (--build-timeout): from this call on, every
 * program hp_proc_start starts and hp_proc_wait waits for gets at most
 * what is left of seconds (0: no bound), whatever its own timeout; when
 * it runs out, the program's group is killed and the build stops as a
 * blocked one does (hp_proc_trap_blocked: "--build-timeout: ...", exit 2).
 */
void hp_proc_deadline(unsigned seconds);
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
/*
 * Confine every program hp_proc_start starts from now on with c
 * (util/confine.h; NULL or c->on == 0: none), which must outlive them
 * (pipeline.h's hp_sandbox_step sets it per step).  The program's TMPDIR is
 * c's first write folder.
 */
struct hp_confine;
void hp_proc_confine(const struct hp_confine *c);
/* The confinement hp_proc_start applies now (NULL: none). */
const struct hp_confine *hp_proc_confinement(void);
/*
 * What happens when a confined program was blocked ("blocked: write to
 * /tmp/x: the package's Makefile (make -n) tried to write outside its
 * scratch folder") or could not be confined ("cannot confine the compiler:
 * ..."): the process groups of every program still running are killed,
 * then on_blocked(why) (it may clean up and print, and should not return),
 * then exit(2): nothing further of the package runs.
 */
void hp_proc_trap_blocked(void (*on_blocked)(const char *why));
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
	int make; /* -1 detect, 0 never run make -n (nor cmake), 1 run it */
	struct hp_strv make_args; /* extra arguments of `make -n` (targets, VAR=value) */
	struct hp_strv cmake_args; /* extra arguments of cmake (-DVAR=value) */
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
	char *rel; /* relative to the package folder ("../iccs/auxfunc.c" when borrowed) */
	char *abs;
	int from_make; /* named in the Makefile's dry run */
	int depth; /* number of '/' in rel */
	int borrowed; /* an official ICCS file from a folder beside or above (borrow.c) */
};

/* What detection found about a package. */
struct hp_detect {
	char dir[PATH_MAX]; /* the package folder, absolute */
	char kind[4]; /* "" until known */
	char kind_origin[PATH_MAX + 32]; /* how the kind was found */
	char name[HP_NAME_MAX + 1];
	char name_origin[PATH_MAX + 64]; /* how the name was found */
	char adapter_header[PATH_MAX]; /* "" when none */
	/* the package's own build (buildsys.c): make -n, or cmake */
	char build_tool[8]; /* "make", "cmake", or "" (none used) */
	char build_file[PATH_MAX]; /* its Makefile or CMakeLists.txt */
	char build_dir[PATH_MAX]; /* that file's folder: dir, or the one above */
	int build_above; /* the Makefile is in the folder above, shared by several instances */
	int ran_make; /* make -n (or cmake) was run */
	int make_status; /* its exit status */
	char make_error[HP_BUILD_ERR]; /* a failed dry run: status and first error; "" when it worked */
	/* a path a failed dry run needed that its scratch copy lacks but the
	 * package has (hp_buildsys_outside): the path, where it is, the way
	 * out; "" when none */
	char outside[2 * PATH_MAX + HP_BUILD_ERR];
	char name_fallback[HP_BUILD_ERR]; /* why the folder name was used; "" when it was not */
	struct hp_strv make_cppflags; /* -D/-U/-I/-include of its commands (absolute) */
	struct hp_strv make_libs; /* -l/-L/-pthread of its commands */
	struct hp_strv make_lto; /* -flto... words of its commands */
	struct hp_strv make_sources; /* absolute paths of the sources its commands compile */
	struct hp_strv make_vars; /* VAR=VALUE given to the dry run to select this instance */
	struct hp_strv make_dropped; /* its flags that change a build but are not used (-Werror, -march=) */
	char variant[256]; /* the ICCS variant's macros when its build makes several, else "" */
	char make_copy[PATH_MAX]; /* the scratch copy while the dry run runs ("" outside it) */
	char copy_dir[PATH_MAX]; /* the copy of build_dir in it */
	struct hp_strv extra_inputs; /* files outside dir the build depends on (absolute) */
	struct hp_strv iquote; /* folders outside dir that hold borrowed ICCS files (absolute) */
	struct hp_strv prebuilt; /* objects and libraries the package ships (relative) */
	struct hp_strv vectors; /* its shipped test-vector files (absolute), in dir and above */
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
 * The flags of the package's own build: find it (hp_buildsys_find), copy
 * what it reads below scratch, run it dry (make -n -B -w, or a CMake
 * configure), and take the -D/-U/-I/-include, -l/-L and -flto words and
 * the sources of the commands that build this instance (commands.c), paths
 * mapped back into the package; the dry run's output goes to log_path.
 * The copy is there because GNU make remakes included makefiles even
 * under -n: whatever it runs for that can never touch the package.
 * Returns 0 (also when there is no build description or it fails: the
 * build goes on without it, d->make_error says why), or -1 with a reason
 * (out of memory, the copy failed, a Makefile above that compiles only
 * other instance folders).
 */
int hp_detect_make(struct hp_detect *d, const struct hp_recipe *r, const char *scratch, const char *log_path, char *err,
		   size_t errlen);

/* The API kind from *_AlgorithmInstance.h (or the recipe).  Leaves d->kind
 * empty when no adapter header names it (the objects decide later). */
void hp_detect_kind(struct hp_detect *d, const struct hp_recipe *r);

/* ---------- adapter.c: adapter headers ---------- */

/*
 * Is the file name (an entry of the folder dir) an NGCC adapter header:
 * *_AlgorithmInstance.h of any API (CryptHash_ too), or a header named
 * after the instance with the API's prefix (SIG_TOYREN.h, KEX_<NAME>.h,
 * case-insensitive prefix) that holds a "#define ALGORITHM_INSTANCE" line
 * (the file is read, at most 1 MiB)?  1 or 0 (0 also when it cannot be
 * read).  kind, when not NULL, gets "sig", "kem" or "kex" from the prefix
 * of an adapter header, "" otherwise.  This is the one rule of build and
 * campaign (docs/build.md).
 */
int hp_adapter_header(const char *dir, const char *name, char kind[4]);
/* The same for rel, a file's path relative to the folder root. */
int hp_adapter_header_rel(const char *root, const char *rel, char kind[4]);

/* ---------- folders.c: instance folders ---------- */

/*
 * Does dir hold an adapter header (hp_adapter_header: *_AlgorithmInstance.h
 * of any API, CryptHash_ too, or a renamed SIG_/KEM_/KEX_ one) directly (max_depth 0) or at most max_depth folders
 * below it (hidden entries and links to folders not followed)?  1 or 0;
 * 0 also when dir cannot be read.
 */
int hp_holds_adapter_header(const char *dir, int max_depth);

/*
 * Is folder (absolute and normalised, like dir, the instance folder being
 * built) part of another instance, so that nothing may be taken from it
 * for dir (borrowed ICCS files, shipped vectors)?  A folder above dir
 * (the parent, a tier folder) is when it holds an adapter header directly;
 * a folder beside dir's branch is when the folder above both holds one
 * directly, or the sub-folder of it that leads to folder holds one at any
 * depth (Reference_Implementation/X-256/ beside X-128/, or a fixtures
 * folder named kat/).  dir itself and folders inside it are not.  1 or 0.
 */
int hp_in_other_instance(const char *dir, const char *folder);

/*
 * Which of the adapter-header folders hf (relative to the folder root,
 * "" or "." for root itself) are embedded schemes of a key exchange, parts
 * of its instance and no instances of their own: a folder whose adapter
 * is a signature's or a KEM's (SIG_/KEM_ prefix) that shares, with a
 * KEX_ adapter's folder, a folder above both that holds a Makefile or
 * CMakeLists.txt directly (the parameter set's build, which adds kem/,
 * sig/ and the exchange's folder), holds no other key exchange and is no
 * tier folder (hp_is_tier_folder).  part (hf->n bytes) gets 1 for those,
 * 0 for the others.  Returns how many are parts, or -1 when out of
 * memory.
 */
int hp_embedded_parts(const char *root, const struct hp_strv *hf, char *part);

/* The folders of d->files (relative to d->dir) that hp_embedded_parts
 * makes parts, appended to parts.  Returns 0 or -1 (out of memory). */
int hp_detect_parts(const struct hp_detect *d, struct hp_strv *parts);

/*
 * The folder to build for dir (absolute, normalised): dir itself, or,
 * when dir is the folder of a key exchange's adapter (KEX_ header) whose
 * embedded schemes (hp_embedded_parts) lie beside it, the nearest folder
 * above (at most 3 levels, never a tier folder) that holds a Makefile or
 * CMakeLists.txt directly, the parts and no other adapter header: the
 * instance is made of all of them (only such folders are walked).  Into out
 * (PATH_MAX); note gets one line saying so (notelen bytes, "" when not
 * lifted).  Returns 1 when lifted, else 0.
 */
int hp_instance_with_parts(const char *dir, char out[PATH_MAX], char *note, size_t notelen);

/*
 * -1 (err: one line naming them, with a `hashprof build PATH` to run, PATH
 * shell-quoted) when d->dir is not one instance folder: it holds the
 * adapter headers (hp_adapter_header, CryptHash_ ones aside) of more
 * than one instance folder, at any depth (a submission's
 * Reference_Implementation/ above DARTS128/, DARTS192/, or a tree of
 * packages), and building it would mix their sources; or its only one is
 * in a sub-folder that also holds every source (.c, .S, .s), Makefile and
 * CMakeLists.txt of d->dir (<Package>/ above
 * Implementations/Reference_Implementation/X/), so that the folder to
 * build is that one (unless the recipe r lists the sources).  The instance
 * folder of a header is the deepest folder that holds it and every such
 * file of its own part of the tree, so include/SIG_AlgorithmInstance.h
 * beside src/ names their folder.  0 otherwise.  d->files must be read
 * (hp_detect_sources).
 */
int hp_detect_one_instance(const struct hp_detect *d, const struct hp_recipe *r, char *err, size_t errlen);

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

/* ---------- buildsys.c, dryrun.c, cmake.c, commands.c: the package's own build ---------- */

/*
 * Which file says how the instance is built, into d->build_tool and
 * d->build_file: a Makefile in d->dir (make -n); a CMakeLists.txt there
 * when there is no Makefile or the Makefile is one CMake generated
 * (cmake; beside a real Makefile it is not used, and a note says so); else
 * a Makefile in the folder above, which builds several instance folders
 * (d->build_above).  Nothing when the recipe says make = no.  Returns 0,
 * or -1 when out of memory.
 */
int hp_buildsys_find(struct hp_detect *d, const struct hp_recipe *r);

/* path (relative to cwd, both in the dry run's copy) as it is in the
 * package, into out; a path outside the copy is only made absolute.
 * Returns 0, or -1 when too long. */
int hp_buildsys_map(const struct hp_detect *d, const char *cwd, const char *path, char out[PATH_MAX]);

/* One line of a failed dry run's output, make run in cwd (in the copy):
 * when it names a missing file (make's "No rule to make target 'X'", or
 * "FILE:N: X: No such file or directory" of an include) that the copy
 * lacks and the package has (the Makefile reaches outside what
 * hp_detect_make copies, e.g. ../common/scheme.c), and d->outside is
 * still empty, say so there: the path, where it is in the package, what
 * the copy holds and the way out (a recipe, docs/build.md).  Nothing
 * otherwise. */
void hp_buildsys_outside(struct hp_detect *d, const char *cwd, const char *line);

/* One compiler or archiver command of the package's own build. */
struct hp_command {
	char *cwd; /* the folder it runs in (absolute, in the copy) */
	struct hp_strv words; /* its words, [0] the program */
};

/* The commands in the order the build runs them. */
struct hp_commands {
	struct hp_command *v;
	size_t n, cap;
};

/* Append a command (copies of cwd and words).  Returns 0 or -1 (OOM). */
int hp_commands_add(struct hp_commands *c, const char *cwd, const struct hp_strv *words);
void hp_commands_free(struct hp_commands *c);

/* Is word a C compiler (cc, gcc, clang, /usr/bin/cc, x86_64-linux-gnu-gcc-12,
 * ...; not ccache)?  An archiver (ar, gcc-ar, x86_64-linux-gnu-ar)?  1 or 0. */
int hp_is_compiler(const char *word);
int hp_is_archiver(const char *word);

/*
 * Run `make -n -B -w ARGS` in d->copy_dir, without the MAKEFLAGS of a make
 * that runs us, output to log_path (60 s at most), and append its
 * compiler and archiver commands (after `cd DIR &&`, split at && ; ||) to
 * out.  A make that fails sets d->make_error (its status and first
 * error) and what it printed still counts.  Returns 0, or -1 with a reason
 * (out of memory).
 */
int hp_dryrun_make(struct hp_detect *d, const struct hp_strv *args, const char *log_path, struct hp_commands *out,
		   char *err, size_t errlen);

/*
 * Configure d->copy_dir with `cmake -S COPY -B BUILD
 * -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ARGS` (nothing is built; 120 s at
 * most), output to log_path, and append the compiler commands of
 * compile_commands.json to out.  A cmake that fails or cannot be run sets
 * d->make_error.  Returns 0, or -1 with a reason (out of memory).
 */
int hp_dryrun_cmake(struct hp_detect *d, const struct hp_strv *args, const char *log_path, struct hp_commands *out,
		    char *err, size_t errlen);

/*
 * Take from the commands what the build uses (see commands.c): the
 * commands of this instance folder (when the Makefile is above it), of
 * its ICCS variant (when the build makes several), their -D/-U/-I/-include
 * into d->make_cppflags, -flto into d->make_lto, the sources into
 * d->make_sources, the link words into d->make_libs (not a -L into the
 * package, nor a library the build makes or the package ships), and
 * notes into d->infos.  Returns 0, or -1 with the reason: a Makefile
 * above that compiles other instance folders but not this one, or out of
 * memory.
 */
int hp_commands_use(struct hp_detect *d, const struct hp_commands *c, char *err, size_t errlen);

/* ---------- borrow.c ---------- */

/*
 * The official ICCS files the instance folder lacks (auxfunc.c, drng.c,
 * KAT_<KIND>.c when the kind is known, and their headers), taken from
 * where the package keeps them for all its instances: a source the
 * Makefile's dry run names outside d->dir, else the folder above, a
 * folder beside d->dir, then the folder two levels up when the one above
 * is a tier folder (hp_is_tier_folder).  Each found source
 * is appended to d->src (rel "../iccs/auxfunc.c", borrowed), its folder
 * to d->iquote, the files to d->extra_inputs, and a note says where they
 * came from.  Call after hp_detect_sources and hp_detect_kind.  Returns
 * 0, or -1 when out of memory.
 */
int hp_borrow_iccs_files(struct hp_detect *d);

/* ---------- prebuilt.c ---------- */

/* The objects and libraries the package ships (.o, .obj, .a, .so, .lo),
 * relative paths into d->prebuilt, and a note naming them: they are never
 * linked, the instance is rebuilt from the sources.  Returns 0 or -1 (OOM). */
int hp_prebuilt_find(struct hp_detect *d);

/*
 * When a symbol no source defines breaks the build: the shipped object
 * or archive member that defines it, as "build/ntt.o" into by (len);
 * 1 found, 0 not.  Read with libelf.
 */
int hp_prebuilt_defines(const struct hp_detect *d, const char *sym, char *by, size_t len);

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
 * -g (for the survey's prototypes; GCC's code does not change), cppflags
 * (Makefile, recipe, command line -D/-U/-I, in that order, later
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

struct hp_survey; /* survey.c, below */

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
	struct hp_survey *survey; /* the linked objects' survey (survey.c), NULL until hp_plan_survey */
};

/*
 * Decide the instance: starting from the kind's API symbols (and every
 * helper some non-program object defines), pull the objects that define
 * what is still undefined, preferring objects already pulled, named by
 * the Makefile, shallower, then first by name; program objects (main())
 * are never pulled.  Fills plan (zeroed by the caller).  Returns 0, or -1
 * with a reason (an API symbol no object defines; the reason names the
 * adapter's source after adapter_header, the detected header's path, as
 * SIG_FIX-REN.h's is SIG_FIX-REN.c, or the API's SIG_AlgorithmInstance.c
 * when adapter_header is NULL or "").
 */
int hp_plan_link(struct hp_object *objs, size_t nobjs, const char *kind, const char *adapter_header,
		 const struct hp_strv *libs, struct hp_plan *plan, char *err, size_t errlen);
/* Release a plan. */
void hp_plan_free(struct hp_plan *plan);
/* Survey the plan's objects (survey.c) into plan->survey.  Returns 0, or
 * -1 with a reason (an object that cannot be read, out of memory). */
int hp_plan_survey(struct hp_object *objs, struct hp_plan *plan, char *err, size_t errlen);
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
	char wrap_include[PATH_MAX]; /* the folder of wrap/own.h and the headers it includes */
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
 * drng_global.c when the plan says so, and the survey's section when it
 * has one) into workdir, then
 *   CC -shared -o out objects... -Wl,--no-undefined -Wl,-z,defs
 *      state-ldflags wrap-archive -Wl,--wrap=F... libs -lm
 * (F: each helper the plan wraps, and each wrapped own entry of the survey)
 * Output to build_log.  Returns 0, or -1 with the first error in err and
 * the pasteable command in *command (malloc'ed, may be NULL).
 */
int hp_link_instance(const struct hp_runtime *rt, const struct hp_strv *cc_words, struct hp_object *objs,
		     const struct hp_plan *plan, const struct hp_meta *meta, const char *workdir, const char *out,
		     const char *build_log, char *err, size_t errlen, char **command);

/* The start of every module's link command after the compiler's words
 * in argv: "-shared -o OUT -Wl,--no-undefined -Wl,-z,defs" appended.
 * Returns 0 or -1 (OOM). */
int hp_link_argv(struct hp_strv *argv, const char *out);

/*
 * The link step of every module the builder makes (hp_link_instance's
 * instance, hash_build.c's candidate): argv (the whole command, begun
 * with hp_link_argv) run with its output into log (truncated; out removed
 * first, so that a failed link leaves none), then "$ COMMAND" and that
 * output appended to build_log.  *command: the pasteable command
 * (malloc'ed, may be NULL).  Returns 0, or -1 with one line in err: the
 * log's first error (hp_first_error), "the link failed", or "cannot run
 * the linker".
 */
int hp_link_run(const struct hp_strv *argv, const char *out, const char *log, const char *build_log, char **command,
		char *err, size_t errlen);

/* ---------- vectors.c ---------- */

/* KAT gate outcome. */
struct hp_kat {
	char status[16]; /* "pass", "fail" or "not checked" */
	char detail[HP_BUILD_ERR];
};

/*
 * The shipped test vectors into d->vectors (absolute paths): the recipe's
 * kat-vectors file, else every file of a test-vector folder
 * (Test_Vector(s)/, TestVectors/, KAT(s)/, vectors/) or an output/KAT_*
 * file below d->dir, then the files of such folders beside d->dir and
 * beside the tier folders above it (hp_is_tier_folder), up to three levels
 * up.  Those outside d->dir whose name holds the
 * instance name go into d->extra_inputs.  Call after hp_detect_name.
 * Returns 0, or -1 when out of memory.
 */
int hp_vectors_find(struct hp_detect *d, const struct hp_recipe *r);

/* Compare two files, ignoring CRs and trailing blank space at the end.
 * 0 equal; 1 with the first differing line (1-based) in *line, or when
 * one cannot be read. */
int hp_vectors_differ(const char *a, const char *b, unsigned *line);

/*
 * What a KAT program wrote (produced: absolute paths; its standard
 * output at stdout_path) against d->vectors: files of the same name, else
 * the only output with the vector file named after the instance (or the
 * only vector file).  k gets "pass" or "fail" and the files compared
 * (produced shown relative to rundir, vectors relative to d->dir), or
 * "not checked" when nothing pairs.
 */
void hp_vectors_compare(const struct hp_detect *d, const char *rundir, const struct hp_strv *produced,
			const char *stdout_path, struct hp_kat *k);

/* ---------- kat.c ---------- */

/*
 * Build the package's KAT program (KAT_SIG.c/KAT_KEM.c/KAT_KEX.c, or the
 * recipe's) with the objects of this build, run it in a sandbox below
 * workdir (timeout_s seconds at most; it may climb 8 folders up from its
 * working folder and still write inside the sandbox, and finds the
 * instance folder's sub-folders there, empty) and compare every file it
 * writes with d->vectors (hp_vectors_compare).  Never fails the build:
 * the outcome goes to k.
 */
void hp_kat_check(const struct hp_detect *d, const struct hp_recipe *r, const struct hp_strv *cc_words,
		  const struct hp_strv *words, struct hp_object *objs, size_t nobjs, const struct hp_plan *plan,
		  const char *workdir, const char *build_log, unsigned timeout_s, struct hp_kat *k);

/* ---------- primitives.c: what symmetric primitives look like ---------- */

/* The primitives the survey names (bits: a table may belong to more than
 * one, as the SHA-256 IV is also BLAKE2s's).  The last three are found by
 * name only (no table of theirs is listed). */
#define HP_PRIM_KECCAK 0x001u
#define HP_PRIM_SHA256 0x002u
#define HP_PRIM_SHA512 0x004u
#define HP_PRIM_SM3 0x008u
#define HP_PRIM_AES 0x010u
#define HP_PRIM_CHACHA 0x020u
#define HP_PRIM_BLAKE2B 0x040u
#define HP_PRIM_BLAKE2S 0x080u
#define HP_PRIM_SHA1 0x100u
#define HP_PRIM_SM4 0x200u
#define HP_PRIM_BLAKE3 0x400u

/* How a table's words may be stored: little-endian (also how immediates
 * sit in x86-64 code), big-endian (byte arrays copied from a standard). */
#define HP_ENC_LE 1u
#define HP_ENC_BE 2u

/* A constant table of a standard (primitives.c cites each). */
struct hp_prim_table {
	const char *what; /* "Keccak-f[1600] round constants" */
	const char *cite; /* "FIPS 202 3.2.5" */
	unsigned prim; /* HP_PRIM_* bits */
	unsigned width; /* bytes per entry: 1, 4 or 8 */
	size_t n; /* entries */
	const void *values; /* n entries of width bytes (uint8_t, uint32_t, uint64_t) */
	unsigned window; /* consecutive entries that make a stored table (0: no table form) */
	unsigned window_from; /* the first entry a run may start at */
	unsigned scatter; /* distinct entries one function must hold as immediates (0: none) */
	unsigned encodings; /* HP_ENC_* */
};

/* Every table, derived ones filled (at first call); *n gets their
 * number (at most 64: the survey keeps a bit per table). */
const struct hp_prim_table *hp_prim_tables(size_t *n);
/* Entry i of t as a number. */
uint64_t hp_prim_value(const struct hp_prim_table *t, size_t i);
/* "Keccak-f[1600]", "SHA-256", ... for one HP_PRIM_* bit; NULL otherwise. */
const char *hp_prim_name(unsigned prim);
/* The names of the bits of mask joined by " or " into buf ("" for 0). */
void hp_prim_label(unsigned mask, char *buf, size_t len);
/* The primitives a symbol's name names (HP_PRIM_* bits; 0: none):
 * "shake128_absorb", "KeccakF1600_StatePermute", "sm3_compress",
 * "ChaCha20_ctr32" do, "handshake" and "sm3hash" (the ICCS helper's
 * name, no primitive of its own) do not.  The rule is in primitives.c. */
unsigned hp_prim_of_name(const char *sym);

/* ---------- survey.c: symmetric code that bypasses the helpers ---------- */

/* One input of the survey: a relocatable object, or an ar archive of them
 * (each member is one object). */
struct hp_survey_input {
	const char *path;
	const char *name; /* shown name; NULL: the object's FILE symbol (archive members: always) */
	int helper_file; /* 1: an ICCS file; 0: not; -1: decide (auxfunc.c, drng.c, or only helpers defined) */
};

/* What a finding says of a function. */
enum hp_survey_role {
	HP_SURVEY_OWN = 0, /* holds or refers to a primitive's constants: own code */
	HP_SURVEY_ICCS, /* the same, inside an ICCS file: the helpers' own SM3, not counted */
	HP_SURVEY_ROUTES, /* named like a primitive, reaches the ICCS helpers */
	HP_SURVEY_USES_OWN, /* named like a primitive, reaches own code only */
	HP_SURVEY_NAME_OWN, /* named like a primitive, reaches neither: own code without a known table */
	HP_SURVEY_ROLES
};

struct hp_survey_finding {
	char *function; /* "(table NAME)" for constants no function refers to */
	char *object; /* shown name of its object */
	unsigned prim; /* HP_PRIM_* bits */
	char *evidence; /* "refers to Keccak-f[1600] round constants (FIPS 202 3.2.5) in KeccakF_RoundConstants" */
	enum hp_survey_role role;
};

/* An entry function of own code: global, referenced from another object,
 * so that --wrap can reroute the calls to it. */
struct hp_survey_entry {
	char *function, *object;
	unsigned prim;
	int wrap; /* 1: wrapped (its slot: its rank among the wrapped entries) */
	char why[160]; /* when not wrapped: why ("it takes 7 arguments, ...") */
};

#define HP_SURVEY_REASON 512 /* bytes of the one-line reason */

/*
 * The survey of an instance: its verdict, the one-line reason, every
 * finding, the own entry functions, and what a bare number cannot say
 * (own code that cannot be wrapped, calls inside its own object, helper
 * calls made inside own code).
 *   ICCS-only  no own primitive, no library hashing; it calls the ICCS
 *              helpers (or the DRNG)
 *   mixed      own primitives or a library's hash functions (library),
 *              and it calls a hash helper or uses the ICCS DRNG as an XOF
 *              (init_random_number on its own state)
 *   bypass     own primitives or library hashing, no hash helper (the
 *              DRNG may give its randomness)
 *   none       no own primitive recognised, no library hashing, no helper called
 * Library hashing also gets a note ("hashes outside the helpers: ...").
 */
struct hp_survey {
	char verdict[16];
	char reason[HP_SURVEY_REASON];
	struct hp_survey_finding *f;
	size_t nf;
	struct hp_survey_entry *entries;
	size_t nentries;
	struct hp_strv notes;
	unsigned called; /* bits 1 << enum hp_fn: helpers the scheme's objects reference */
	char library[HP_SURVEY_REASON]; /* library hashing ("EVP_shake256 (libcrypto) in sign.c"), or "" */
};

/*
 * Survey the objects of an instance (every object linked into it, the
 * ICCS files included: they are told apart).  Fills s (zeroed by the
 * caller).  Returns 0, or -1 with a reason (an object that cannot be
 * read, out of memory).
 */
int hp_survey_run(const struct hp_survey_input *in, size_t n, struct hp_survey *s, char *err, size_t errlen);
void hp_survey_free(struct hp_survey *s);

/*
 * The survey as the text of an instance's .hashprof_survey section
 * (drivers/instance.c reads it; docs/build.md shows one), malloc'ed, NULL
 * on out-of-memory:
 *   hashprof-survey 1
 *   verdict=VERDICT
 *   reason=ONE LINE
 *   finding=ROLE<TAB>PRIMITIVE<TAB>FUNCTION<TAB>OBJECT<TAB>EVIDENCE   (per finding)
 *   entry=FUNCTION<TAB>PRIMITIVE<TAB>OBJECT<TAB>wrapped|not wrapped: WHY   (per entry)
 *   note=ONE LINE                                                    (per note)
 * ROLE: own, iccs, routes, uses-own, name-own.
 */
char *hp_survey_text(const struct hp_survey *s);

/* The role's word in the text ("own", ...). */
const char *hp_survey_role_name(enum hp_survey_role r);

/*
 * Decide which entries can be wrapped (survey/dwarf.c): those whose debug
 * information in the inputs says that wrap/own.h's shim passes their
 * arguments and result on exactly (at most 6 integer or pointer
 * arguments on x86-64, 8 on AArch64; no float, struct or variable
 * argument list), at most HP_OWN_MAX of them; the others get the reason
 * in why.  hp_survey_run calls it.  Returns 0, or -1 with a reason.
 */
int hp_survey_check_entries(struct hp_survey *s, const struct hp_survey_input *in, size_t n, char *err, size_t errlen);
/* Wrap none of the entries (an uninstrumented twin); why says so. */
void hp_survey_unwrap(struct hp_survey *s, const char *why);
/* The number of wrapped entries. */
size_t hp_survey_nwrapped(const struct hp_survey *s);

/*
 * Write the C source that puts the survey into an instance: the section
 * .hashprof_survey, not loaded (no address of the instance moves), and
 * HP_OWN_SHIM(slot, F) of wrap/own.h for each wrapped entry F (compile it
 * with wrap/ on the include path, link with -Wl,--wrap=F for each).
 * Returns 0, or -1 (errno).
 */
int hp_survey_write_c(const struct hp_survey *s, const char *path);

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
/* Is rel (a path relative to the package folder) an input of a build:
 * not a product of someone's earlier make (objects, archives, shared
 * objects, dependency files, logs, .tmp files)?  1 yes, 0 no.  The files
 * the manifest hashes, and those `hashprof campaign` watches. */
int hp_manifest_is_input(const char *rel);
/* The KAT result stored in the manifest at path (OUTDIR/.hashprof-build/
 * NAME.manifest) into k: "not checked" with an empty detail when there
 * is none.  Returns 0, or -1 when the manifest cannot be read. */
int hp_manifest_stored_kat(const char *path, struct hp_kat *k);
/* The package folder the manifest at path says the instance was built
 * from (its "dir" line: absolute, normalised) into dir.  Returns 0, or -1
 * (dir "") when the manifest cannot be read or has none. */
int hp_manifest_stored_dir(const char *path, char *dir, size_t len);
/* Store the manifest plus the hash of the built .so and the KAT result
 * (NULL: the KAT did not run).  Returns 0, or -1 (errno). */
int hp_manifest_store(const char *path, const char *manifest, const char *so_path, const struct hp_kat *kat);

#endif
