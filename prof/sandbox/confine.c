/*
 * confine.c - a confinement policy applied in a child after fork (see
 * confine.h): the limits, the privileges, Landlock (landlock.c), the
 * seccomp filter (syscall_filter.c), and the hand-over of the filter's
 * listener to the parent's supervisor (supervise.c).
 */
#include "confine.h"
#include "util/emulation.h"

#include <dirent.h>
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "landlock.h"
#include "supervise.h"
#include "syscall_filter.h"

#define HP_MIB (1024ull * 1024ull)

void hp_confine_defaults(struct hp_confine *c, int exec, const char *what)
{
	memset(c, 0, sizeof *c);
	c->on = 1;
	c->what = what;
	c->exec = exec;
	c->cpu_seconds = HP_CONFINE_CPU_SECONDS;
	c->memory_mb = exec ? HP_CONFINE_BUILD_MEMORY_MB : HP_CONFINE_MEMORY_MB;
	c->file_mb = HP_CONFINE_FILE_MB;
	c->processes = HP_CONFINE_PROCESSES;
}

static int hp_confine_add(const char **v, size_t *n, const char *path)
{
	if (!path || !path[0])
		return 0;
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(v[i], path))
			return 0;
	if (*n >= HP_CONFINE_PATHS)
		return -1;
	v[(*n)++] = path;
	return 0;
}

int hp_confine_allow_write(struct hp_confine *c, const char *dir)
{
	return hp_confine_add(c->write, &c->nwrite, dir);
}

int hp_confine_allow_read(struct hp_confine *c, const char *path)
{
	return hp_confine_add(c->read, &c->nread, path);
}

/* ---------- what the kernel offers ---------- */

const struct hp_confine_support *hp_confine_support(void)
{
	static struct hp_confine_support s;
	static int probed;

	if (!probed) {
		const char *cap = getenv("HASHPROF_LANDLOCK_ABI");
		probed = 1;
		s.landlock_abi = hp_landlock_abi();
		/* a lower ABI for trying what an older kernel would do (docs/safety.md) */
		if (cap && *cap) {
			long v = strtol(cap, NULL, 10);
			if (v >= 0 && v < s.landlock_abi)
				s.landlock_abi = (int)v;
		}
		/* under a user-mode emulator (qemu-user) a filter would judge
		 * the emulator's own system calls, of the host's machine: none */
		s.emulated = hp_util_user_mode_emulated();
		s.seccomp = s.emulated ? 0 : hp_filter_available(&s.notify);
	}
	return &s;
}

/* Append "; " and text to line (len) unless it is empty. */
static void hp_warn_add(char *line, size_t len, const char *text)
{
	size_t n = strlen(line);

	if (n < len)
		snprintf(line + n, len - n, "%s%s", n ? "; " : "", text);
}

const char *hp_confine_warning(void)
{
	static char line[640];
	const struct hp_confine_support *s = hp_confine_support();
	char abi[128];

	line[0] = '\0';
	if (s->emulated) /* the emulation note says what is left (hp_confine_emulated) */
		return NULL;
	if (!s->landlock_abi) {
		hp_warn_add(line, sizeof line,
			    "the kernel has no Landlock (Linux 5.13 or later, enabled at boot): files are confined "
			    "only by the system-call filter, which a determined package can race, and $HOME stays "
			    "readable");
	} else if (s->landlock_abi < 6) {
		snprintf(abi, sizeof abi,
			 "Landlock ABI %d (6 or later confines signals): a build step can signal the user's other "
			 "processes",
			 s->landlock_abi);
		hp_warn_add(line, sizeof line, abi);
	}
	if (!s->seccomp)
		hp_warn_add(line, sizeof line,
			    "the kernel has no seccomp filters: sockets, fork and exec are not blocked");
	else if (!s->notify)
		hp_warn_add(
			line, sizeof line,
			"the kernel has no seccomp user notification (Linux 5.0): a forbidden system call kills the "
			"package with SIGSYS, unnamed, and a write Landlock refuses is not named");
	return line[0] ? line : NULL;
}

const char *hp_confine_emulated(void)
{
	static char line[512];
	const struct hp_confine_support *s = hp_confine_support();

	if (!s->emulated)
		return NULL;
	/* qemu-user 7.2 passes on no Landlock call; it accepts setrlimit of
	 * RLIMIT_AS but applies it to nothing (its own allocations would fail) */
	if (!s->landlock_abi)
		snprintf(line, sizeof line,
			 "package code is not confined: the emulator passes on no Landlock (files, $HOME), a "
			 "system-call filter would judge the emulator's own calls (sockets, fork, exec), and no "
			 "address-space limit (--max-memory) applies");
	else
		snprintf(line, sizeof line,
			 "package code is confined by Landlock alone (ABI %d): a system-call filter would judge the "
			 "emulator's own calls (sockets, fork, exec are not blocked), and no address-space limit "
			 "(--max-memory) applies",
			 s->landlock_abi);
	return line;
}

/* ---------- in the child ---------- */

/* The number of processes of this user now (RLIMIT_NPROC counts them). */
static unsigned long hp_user_processes(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned long n = 0;
	uid_t uid = getuid();

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[300];
		struct stat st;
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s", e->d_name);
		if (stat(path, &st) == 0 && st.st_uid == uid)
			n++;
	}
	closedir(d);
	return n;
}

/* The address space now, bytes (VmSize). */
static unsigned long long hp_address_space(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long long pages = 0;

	if (f) {
		if (fscanf(f, "%llu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}

/* The larger size of stdout and stderr when they are files, bytes. */
static unsigned long long hp_output_size(void)
{
	unsigned long long most = 0;

	for (int fd = 1; fd <= 2; fd++) {
		struct stat st;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (unsigned long long)st.st_size > most)
			most = (unsigned long long)st.st_size;
	}
	return most;
}

static int hp_limit(int what, unsigned long long soft, unsigned long long hard, const char *name, char *err, size_t len)
{
	struct rlimit now, want;

	if (getrlimit(what, &now) != 0)
		now.rlim_max = RLIM_INFINITY;
	/* never above what the process may have already */
	want.rlim_cur = soft < now.rlim_max ? soft : now.rlim_max;
	want.rlim_max = hard < now.rlim_max ? hard : now.rlim_max;
	if (want.rlim_cur > want.rlim_max)
		want.rlim_cur = want.rlim_max;
	if (setrlimit(what, &want) != 0) {
		snprintf(err, len, "setrlimit(%s): %s", name, strerror(errno));
		return -1;
	}
	return 0;
}

/* The resource limits of c; memory: the whole address space after an
 * exec, its growth from now on without one (the profiler's own mappings,
 * a sanitizer's shadow included, are not the package's). */
static int hp_limits(const struct hp_confine *c, char *err, size_t len)
{
	if (c->cpu_seconds && hp_limit(RLIMIT_CPU, c->cpu_seconds, c->cpu_seconds + 5ull, "RLIMIT_CPU", err, len))
		return -1;
	if (c->memory_mb) {
		unsigned long long as = c->memory_mb * HP_MIB + (c->exec ? 0 : hp_address_space());
		if (hp_limit(RLIMIT_AS, as, as, "RLIMIT_AS", err, len))
			return -1;
	}
	if (c->file_mb) {
		unsigned long long fs = c->file_mb * HP_MIB + hp_output_size();
		if (hp_limit(RLIMIT_FSIZE, fs, fs, "RLIMIT_FSIZE", err, len))
			return -1;
	}
	if (c->processes && getuid() != 0) {
		unsigned long long np = hp_user_processes() + c->processes;
		if (hp_limit(RLIMIT_NPROC, np, np, "RLIMIT_NPROC", err, len))
			return -1;
	}
	/* a core file is written by the kernel, wherever the working folder is */
	return hp_limit(RLIMIT_CORE, 0, 0, "RLIMIT_CORE", err, len);
}

/* No capability left, nor any to gain by exec (a root run). */
static int hp_drop_capabilities(char *err, size_t len)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	memset(d, 0, sizeof d);
	if (syscall(SYS_capget, &h, d) != 0)
		return 0; /* nothing to drop */
	if (!d[0].effective && !d[1].effective && !d[0].permitted && !d[1].permitted)
		return 0;
	for (int cap = 0; cap <= 63; cap++)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
			break;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	memset(d, 0, sizeof d);
	if (syscall(SYS_capset, &h, d) != 0) {
		snprintf(err, len, "capset: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Send the parent tag ('F' with fd, 'N' without, 'E' with text). */
static void hp_link_send(int sock, char tag, int fd, const char *text)
{
	char buf[HP_BLOCKED_MAX + 1];
	union {
		struct cmsghdr h;
		char space[CMSG_SPACE(sizeof(int))];
	} ctl;
	struct iovec iov;
	struct msghdr m;

	memset(&m, 0, sizeof m);
	buf[0] = tag;
	snprintf(buf + 1, sizeof buf - 1, "%s", text ? text : "");
	iov.iov_base = buf;
	iov.iov_len = 1 + strlen(buf + 1);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	if (fd >= 0) {
		memset(&ctl, 0, sizeof ctl);
		m.msg_control = ctl.space;
		m.msg_controllen = sizeof ctl.space;
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof fd);
	}
	while (sendmsg(sock, &m, MSG_NOSIGNAL) < 0 && errno == EINTR)
		;
}

int hp_confine_link_open(const struct hp_confine *c, struct hp_confine_link *l)
{
	l->fd[0] = l->fd[1] = -1;
	if (!c || !c->on)
		return 0;
	return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, l->fd);
}

int hp_confine_enter(const struct hp_confine *c, struct hp_confine_link *l)
{
	const struct hp_confine_support *s;
	char err[HP_BLOCKED_MAX - 64], why[HP_BLOCKED_MAX];
	int fd = -1;

	if (!c || !c->on)
		return 0;
	s = hp_confine_support();
	close(l->fd[0]);
	l->fd[0] = -1;
	err[0] = '\0';
	/* the limits last: an address-space limit meant for the program to
	 * come would starve this process (a sanitizer's mappings) */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || hp_drop_capabilities(err, sizeof err) != 0 ||
	    (s->landlock_abi && hp_landlock_apply(c, s->landlock_abi, err, sizeof err) != 0) ||
	    (s->seccomp && hp_filter_load(c, s->notify, &fd, err, sizeof err) != 0 &&
	     /* a listener installed above us (a container's) leaves no room
	      * for ours: forbidden calls then kill, unnamed */
	     (!s->notify || hp_filter_load(c, 0, &fd, err, sizeof err) != 0)) ||
	    hp_limits(c, err, sizeof err) != 0) {
		if (!err[0])
			snprintf(err, sizeof err, "prctl(PR_SET_NO_NEW_PRIVS): %s", strerror(errno));
		snprintf(why, sizeof why, "cannot confine %s: %s", c->what ? c->what : "the package", err);
		hp_link_send(l->fd[1], 'E', -1, why);
		close(l->fd[1]);
		l->fd[1] = -1;
		return -1;
	}
	hp_link_send(l->fd[1], fd >= 0 ? 'F' : 'N', fd, NULL);
	if (fd >= 0)
		close(fd);
	close(l->fd[1]);
	l->fd[1] = -1;
	return 0;
}

int hp_confine_adopt(const struct hp_confine *c, struct hp_confine_link *l, pid_t pid, char *err, size_t len)
{
	char buf[HP_BLOCKED_MAX + 1];
	union {
		struct cmsghdr h;
		char space[CMSG_SPACE(sizeof(int))];
	} ctl;
	struct iovec iov = { buf, sizeof buf - 1 };
	struct msghdr m;
	ssize_t n;
	int fd = -1, rc = 0;

	if (!c || !c->on)
		return 0;
	close(l->fd[1]);
	l->fd[1] = -1;
	memset(&m, 0, sizeof m);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = ctl.space;
	m.msg_controllen = sizeof ctl.space;
	while ((n = recvmsg(l->fd[0], &m, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
		;
	close(l->fd[0]);
	l->fd[0] = -1;
	for (struct cmsghdr *h = n > 0 ? CMSG_FIRSTHDR(&m) : NULL; h; h = CMSG_NXTHDR(&m, h))
		if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS)
			memcpy(&fd, CMSG_DATA(h), sizeof fd);
	buf[n > 0 ? n : 0] = '\0';
	if (n <= 0) {
		snprintf(err, len, "cannot confine %s: it ended before it was confined",
			 c->what ? c->what : "the package");
		rc = -1;
	} else if (buf[0] == 'E') {
		snprintf(err, len, "%s", buf + 1);
		rc = -1;
	} else if (buf[0] == 'F' && fd >= 0) {
		if (hp_supervise_add(pid, fd, c) != 0) {
			snprintf(err, len, "cannot confine %s: too many confined processes", c->what);
			rc = -1;
		}
		fd = -1;
	}
	if (fd >= 0)
		close(fd);
	return rc;
}
