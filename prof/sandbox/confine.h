/*
 * confine.h - running third-party package code confined: the
 * Makefile's dry run, the compiler and linker, the KAT program, and the
 * measuring and calibration children that dlopen() an instance.
 *
 * A policy (struct hp_confine) is applied in the child after fork(2),
 * before any package code runs, by hp_confine_enter:
 *   - resource limits (setrlimit): CPU time, address space, file size,
 *     processes, and no core file (the kernel would write it anywhere);
 *   - no new privileges, and no capabilities (a root run drops them all);
 *   - Landlock (landlock.h): the filesystem read-only, the job's scratch
 *     folders writable, $HOME unreadable but for the paths the job needs;
 *     no TCP, no signals or abstract sockets beyond the job (ABI >= 4, 6);
 *   - a seccomp filter (syscall_filter.h, libseccomp): no sockets, no
 *     execve or fork in a measuring child, and every call that writes to
 *     the filesystem is first shown to hashprof (seccomp user
 *     notification, supervise.h), which lets through what lies in a
 *     scratch folder and blocks the rest.
 * A blocked action is refused, named ("blocked: write to /home/me/x: the
 * KAT program tried to write outside its scratch folder") and the job's
 * process group killed: nothing further of the package runs.
 *
 * Nothing of this is in the timed window: it is applied once, when the
 * child starts, and the filter adds only to system calls, of which a
 * measured operation makes none on its timed path.
 */
#ifndef HP_UTIL_CONFINE_H
#define HP_UTIL_CONFINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define HP_CONFINE_PATHS 64 /* folders one policy may name in write[] and in read[] */

/* Default limits (docs/safety.md). */
#define HP_CONFINE_CPU_SECONDS 3600u /* RLIMIT_CPU of one confined process, s */
#define HP_CONFINE_MEMORY_MB 4096u /* growth of a measuring child's address space, MiB (--max-memory) */
#define HP_CONFINE_BUILD_MEMORY_MB 8192u /* address space of a compiler, make, the KAT program, MiB */
#define HP_CONFINE_FILE_MB 1024u /* bytes a process may add to a file, MiB (RLIMIT_FSIZE above stdout/stderr) */
#define HP_CONFINE_PROCESSES 512u /* processes beyond the user's count at the start (RLIMIT_NPROC) */

/* What one confined job may do. */
struct hp_confine {
	int on; /* 0: --no-confine; hp_confine_enter does nothing */
	const char *what; /* who runs, in a blocked line: "the KAT program", "the measured code" */
	const char *write[HP_CONFINE_PATHS]; /* absolute folders writable below (the scratch folders) */
	size_t nwrite;
	const char *read[HP_CONFINE_PATHS]; /* absolute paths readable even inside $HOME */
	size_t nread;
	int exec; /* 1: may execve and fork (build steps); 0: a measuring child */
	unsigned cpu_seconds; /* RLIMIT_CPU, s; 0: none */
	unsigned memory_mb; /* RLIMIT_AS, MiB: after exec the whole address space, without exec its growth; 0: none */
	unsigned file_mb; /* RLIMIT_FSIZE above the larger of stdout's and stderr's size, MiB; 0: none */
	unsigned processes; /* RLIMIT_NPROC above the user's processes now (root: not enforced); 0: none */
};

/* A policy with the defaults above for a build step (exec allowed, no
 * folder writable yet) or a measuring child (exec = 0, memory_mb =
 * HP_CONFINE_MEMORY_MB); what as given (a static string). */
void hp_confine_defaults(struct hp_confine *c, int exec, const char *what);

/* Add a writable folder / a readable path (a static or long-lived string;
 * NULL or "" is skipped).  Returns 0, or -1 when the policy is full. */
int hp_confine_allow_write(struct hp_confine *c, const char *dir);
int hp_confine_allow_read(struct hp_confine *c, const char *path);

/* What this kernel offers, probed once (cached). */
struct hp_confine_support {
	int landlock_abi; /* 0: none; the HASHPROF_LANDLOCK_ABI variable can lower it */
	int seccomp; /* 1: seccomp filters can be loaded */
	int notify; /* 1: with user notification (blocked calls are named) */
	int emulated; /* 1: under a user-mode emulator (emulation.h): no filter then */
};
const struct hp_confine_support *hp_confine_support(void);

/*
 * The one warning line when this kernel lacks a mechanism ("the kernel has
 * no Landlock (Linux >= 5.13): files are confined only by the system-call
 * filter, which a determined package can race"), or NULL when nothing is
 * missing, and under a user-mode emulator (there hp_confine_emulated
 * says what is left, in the emulation note).  The commands print it once.
 */
const char *hp_confine_warning(void);

/*
 * Under a user-mode emulator (emulation.h), what is left of the
 * confinement, one clause for the emulation note ("package code is not
 * confined: the emulator passes on no Landlock (files, $HOME), a
 * system-call filter would judge the emulator's own calls (sockets,
 * fork, exec), and no address-space limit (--max-memory) applies");
 * NULL natively.
 */
const char *hp_confine_emulated(void);

/* The channel over which a confined child hands its notification fd (or
 * the reason it could not confine itself) to the parent. */
struct hp_confine_link {
	int fd[2]; /* socketpair; -1 when not confining */
};

/* Parent, before fork: open the link when c->on.  Returns 0, or -1 (errno). */
int hp_confine_link_open(const struct hp_confine *c, struct hp_confine_link *l);

/*
 * Child, after fork and before any package code: apply c (see above) and
 * hand the notification fd to the parent; close the link.  Returns 0, or
 * -1 after sending the parent a one-line reason (the child must then
 * _exit: it never runs unconfined).  Does nothing when c->on is 0.
 */
int hp_confine_enter(const struct hp_confine *c, struct hp_confine_link *l);

/*
 * Parent, after fork: receive the child's notification fd and hand it to
 * the supervisor (supervise.h) under pid, the child's process group;
 * close the link.  Returns 0, or -1 with the child's reason in err ("cannot
 * confine the KAT program: landlock_restrict_self: ..."): the child exits.
 */
int hp_confine_adopt(const struct hp_confine *c, struct hp_confine_link *l, pid_t pid, char *err, size_t len);

#endif
