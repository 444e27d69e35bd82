/*
 * syscall_filter.c - the seccomp filter of a confinement policy (see
 * syscall_filter.h), with libseccomp.
 */
#include "syscall_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

int hp_filter_available(int *notify)
{
	/* libseccomp's API level reflects what the running kernel supports:
	 * 1 filters, 5 user notification (seccomp_api_get(3)) */
	unsigned api = seccomp_api_get();

	*notify = api >= 5;
	return api >= 1;
}

/* The filter being built. */
struct hp_filter {
	scmp_filter_ctx ctx;
	uint32_t shown; /* the action of a call the supervisor decides: NOTIFY, or ALLOW without it */
	uint32_t blocked; /* the action of a call always blocked: NOTIFY (named), or KILL_PROCESS */
	char *err;
	size_t len;
};

/* The number of a system call by name, or -1 when libseccomp or this
 * architecture does not know it (then it needs no rule). */
static int hp_filter_nr(const char *name)
{
	int nr = seccomp_syscall_resolve_name(name);

	return nr == __NR_SCMP_ERROR ? -1 : nr;
}

/* seccomp_rule_add_array with the reason in f->err; a call this
 * architecture does not have is skipped. */
static int hp_filter_rule(struct hp_filter *f, uint32_t action, const char *name, unsigned n,
			  const struct scmp_arg_cmp *cmp)
{
	int nr = hp_filter_nr(name), rc;

	if (nr < 0 && strcmp(name, "fchmodat2"))
		return 0;
	if (nr < 0)
		nr = 452; /* fchmodat2 (Linux 6.6), the same on every architecture; libseccomp 2.5.4 predates it */
	if (action == SCMP_ACT_ALLOW)
		return 0; /* the default */
	rc = seccomp_rule_add_array(f->ctx, action, nr, n, cmp);
	if (rc != 0) {
		snprintf(f->err, f->len, "seccomp_rule_add(%s): %s", name, strerror(-rc));
		return -1;
	}
	return 0;
}

/* Calls the supervisor decides on whatever their arguments are. */
static int hp_filter_shown_always(struct hp_filter *f)
{
	static const char *const names[] = {
		"creat",        "openat2",      "truncate",  "ftruncate", "fallocate", "unlink",    "unlinkat",
		"rmdir",        "mkdir",        "mkdirat",   "rename",    "renameat",  "renameat2", "link",
		"linkat",       "symlink",      "symlinkat", "mknod",     "mknodat",   "chmod",     "fchmod",
		"fchmodat",     "fchmodat2",    "chown",     "fchown",    "lchown",    "fchownat",  "utime",
		"utimes",       "utimensat",    "futimesat", "setxattr",  "lsetxattr", "fsetxattr", "removexattr",
		"lremovexattr", "fremovexattr",
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (hp_filter_rule(f, f->shown, names[i], 0, NULL) != 0)
			return -1;
	return 0;
}

/* open and openat: shown when the flags (argument flag_arg) ask for
 * writing, creating or truncating; a read-only open is not. */
static int hp_filter_opens(struct hp_filter *f)
{
	static const struct {
		const char *name;
		unsigned arg;
	} opens[] = { { "open", 1 }, { "openat", 2 } };

	for (size_t i = 0; i < sizeof opens / sizeof opens[0]; i++) {
		const struct scmp_arg_cmp when[] = {
			{ opens[i].arg, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_WRONLY },
			{ opens[i].arg, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_RDWR },
			{ opens[i].arg, SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT },
			{ opens[i].arg, SCMP_CMP_MASKED_EQ, O_TRUNC, O_TRUNC },
		};
		for (size_t k = 0; k < sizeof when / sizeof when[0]; k++)
			if (hp_filter_rule(f, f->shown, opens[i].name, 1, &when[k]) != 0)
				return -1;
	}
	return 0;
}

/* Calls always blocked, whatever the job. */
static int hp_filter_blocked_always(struct hp_filter *f)
{
	static const char *const names[] = {
		"ptrace",      "process_vm_readv",  "process_vm_writev",
		"pidfd_getfd", "pidfd_send_signal", "setsid",
		"setpgid",     "unshare",           "setns",
		"keyctl",      "add_key",           "request_key",
		"bpf",         "userfaultfd",
	};
	const struct scmp_arg_cmp not_unix = { 0, SCMP_CMP_NE, AF_UNIX, 0 };
	const struct scmp_arg_cmp is_unix = { 0, SCMP_CMP_EQ, AF_UNIX, 0 };
	const struct scmp_arg_cmp pdeathsig = { 0, SCMP_CMP_EQ, PR_SET_PDEATHSIG, 0 };
	const struct scmp_arg_cmp tiocsti = { 1, SCMP_CMP_MASKED_EQ, 0xffffffffu, TIOCSTI };
	const struct scmp_arg_cmp tioclinux = { 1, SCMP_CMP_MASKED_EQ, 0xffffffffu, TIOCLINUX };
	/* kill(-1, sig): every process the user may signal */
	const struct scmp_arg_cmp everyone = { 0, SCMP_CMP_MASKED_EQ, 0xffffffffu, 0xffffffffu };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (hp_filter_rule(f, f->blocked, names[i], 0, NULL) != 0)
			return -1;
	if (hp_filter_rule(f, f->blocked, "socket", 1, &not_unix) != 0 ||
	    hp_filter_rule(f, SCMP_ACT_ERRNO(EACCES), "socket", 1, &is_unix) != 0 ||
	    hp_filter_rule(f, SCMP_ACT_ERRNO(EACCES), "socketpair", 0, NULL) != 0 ||
	    hp_filter_rule(f, SCMP_ACT_ERRNO(ENOSYS), "io_uring_setup", 0, NULL) != 0 ||
	    hp_filter_rule(f, f->blocked, "prctl", 1, &pdeathsig) != 0 ||
	    hp_filter_rule(f, f->blocked, "ioctl", 1, &tiocsti) != 0 ||
	    hp_filter_rule(f, f->blocked, "ioctl", 1, &tioclinux) != 0)
		return -1;
	return hp_filter_rule(f, f->blocked, "kill", 1, &everyone);
}

/* A measuring child: no new program, no new process, no signal but to
 * itself (its own group, its own threads: the supervisor decides). */
static int hp_filter_no_exec(struct hp_filter *f)
{
	const struct scmp_arg_cmp process = { 0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0 };
	/* a pid is passed sign-extended: a positive one compares whole; a
	 * negative one (a group, everyone) is not this process either */
	const struct scmp_arg_cmp not_self = { 0, SCMP_CMP_NE, (scmp_datum_t)getpid(), 0 };

	if (hp_filter_rule(f, f->blocked, "execve", 0, NULL) != 0 ||
	    hp_filter_rule(f, f->blocked, "execveat", 0, NULL) != 0 ||
	    hp_filter_rule(f, f->blocked, "fork", 0, NULL) != 0 ||
	    hp_filter_rule(f, f->blocked, "vfork", 0, NULL) != 0 ||
	    hp_filter_rule(f, f->blocked, "clone", 1, &process) != 0 ||
	    hp_filter_rule(f, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0, NULL) != 0)
		return -1;
	if (hp_filter_rule(f, f->shown, "tgkill", 1, &not_self) != 0 || hp_filter_rule(f, f->shown, "tkill", 0, NULL))
		return -1;
	return hp_filter_rule(f, f->shown, "kill", 1, &not_self);
}

int hp_filter_load(const struct hp_confine *c, int notify, int *notify_fd, char *err, size_t len)
{
	struct hp_filter f = { NULL, notify ? SCMP_ACT_NOTIFY : SCMP_ACT_ALLOW,
			       notify ? SCMP_ACT_NOTIFY : SCMP_ACT_KILL_PROCESS, err, len };
	int rc;

	*notify_fd = -1;
	if (!(f.ctx = seccomp_init(SCMP_ACT_ALLOW))) {
		snprintf(err, len, "seccomp_init failed");
		return -1;
	}
	/* no speculative-store-bypass mitigation for a filtered process: it
	 * would slow the measured code down against an unconfined run */
	seccomp_attr_set(f.ctx, SCMP_FLTATR_CTL_SSB, 1);
	if (hp_filter_shown_always(&f) != 0 || hp_filter_opens(&f) != 0 || hp_filter_blocked_always(&f) != 0 ||
	    (!c->exec && hp_filter_no_exec(&f) != 0))
		goto fail;
	if ((rc = seccomp_load(f.ctx)) != 0) {
		snprintf(err, len, "seccomp_load: %s", strerror(-rc));
		goto fail;
	}
	if (notify && (*notify_fd = seccomp_notify_fd(f.ctx)) < 0) {
		snprintf(err, len, "seccomp_notify_fd: %s", strerror(-*notify_fd));
		*notify_fd = -1;
		goto fail;
	}
	seccomp_release(f.ctx);
	return 0;
fail:
	seccomp_release(f.ctx);
	return -1;
}
