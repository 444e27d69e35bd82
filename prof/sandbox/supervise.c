/*
 * supervise.c - answering the seccomp notifications of confined children
 * (see supervise.h).
 *
 * The answer to a call that may go on is SECCOMP_USER_NOTIF_FLAG_CONTINUE,
 * which the kernel's header warns is no security decision: the child can
 * change the path between our look and the kernel's.  It is not one here
 * either: Landlock enforces the same folders in the kernel, and the
 * supervisor's part is to name what is refused and stop the package.
 */
#include "supervise.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define HP_SUPERVISED 128 /* children supervised at once (prof/util/proc.c's groups) */

/* One supervised child. */
struct hp_sv {
	pid_t pid; /* 0: a free slot */
	int fd; /* the listener; -1 once every process of the child ended */
	int exec; /* the policy's exec */
	char what[64];
	char *write[HP_CONFINE_PATHS]; /* realpath'ed write folders */
	size_t nwrite;
	char blocked[HP_BLOCKED_MAX];
};
static struct hp_sv hp_sv[HP_SUPERVISED];

int hp_supervise_add(pid_t pid, int fd, const struct hp_confine *c)
{
	for (size_t i = 0; i < HP_SUPERVISED; i++) {
		struct hp_sv *s = &hp_sv[i];
		if (s->pid)
			continue;
		memset(s, 0, sizeof *s);
		s->pid = pid;
		s->fd = fd;
		s->exec = c->exec;
		snprintf(s->what, sizeof s->what, "%s", c->what ? c->what : "the package");
		for (size_t k = 0; k < c->nwrite; k++) {
			char real[PATH_MAX];
			if (realpath(c->write[k], real) && !(s->write[s->nwrite] = strdup(real)))
				continue;
			if (s->write[s->nwrite])
				s->nwrite++;
		}
		return 0;
	}
	close(fd);
	return -1;
}

static struct hp_sv *hp_sv_find(pid_t pid)
{
	for (size_t i = 0; i < HP_SUPERVISED; i++)
		if (hp_sv[i].pid == pid && pid > 0)
			return &hp_sv[i];
	return NULL;
}

size_t hp_supervise_pollfds(struct pollfd *fds, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < HP_SUPERVISED && n < max; i++)
		if (hp_sv[i].pid && hp_sv[i].fd >= 0)
			fds[n++] = (struct pollfd){ hp_sv[i].fd, POLLIN, 0 };
	return n;
}

const char *hp_supervise_blocked(pid_t pid)
{
	const struct hp_sv *s = hp_sv_find(pid);

	return s ? s->blocked : "";
}

void hp_supervise_forget(pid_t pid)
{
	struct hp_sv *s = hp_sv_find(pid);

	if (!s)
		return;
	if (s->fd >= 0)
		close(s->fd);
	for (size_t k = 0; k < s->nwrite; k++)
		free(s->write[k]);
	memset(s, 0, sizeof *s);
}

/* ---------- what the child asked ---------- */

/* A NUL-terminated string at addr in the memory of process tid, into buf
 * (len).  Returns 0, or -1 when it cannot be read. */
static int hp_sv_string(pid_t tid, uint64_t addr, char *buf, size_t len)
{
	char path[64];
	int fd;
	ssize_t n;

	if (!addr)
		return -1;
	snprintf(path, sizeof path, "/proc/%d/mem", (int)tid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	/* a read across the end of a mapping stops there: the bytes before
	 * it still come back */
	n = pread(fd, buf, len - 1, (off_t)addr);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return memchr(buf, '\0', (size_t)n) ? 0 : -1;
}

/* Bytes at addr in tid's memory (exactly len). */
static int hp_sv_bytes(pid_t tid, uint64_t addr, void *buf, size_t len)
{
	char path[64];
	int fd;
	ssize_t n;

	snprintf(path, sizeof path, "/proc/%d/mem", (int)tid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = pread(fd, buf, len, (off_t)addr);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

/* path made absolute (against base) and lexically normal ("." "..", "//"
 * gone), into out.  Returns 0, or -1 when too long. */
static int hp_sv_normal(const char *base, const char *path, char out[PATH_MAX])
{
	char tmp[2 * PATH_MAX];
	size_t o = 0;

	if (snprintf(tmp, sizeof tmp, "%s/%s", path[0] == '/' ? "" : base, path) >= (int)sizeof tmp)
		return -1;
	out[0] = '\0';
	for (char *p = tmp, *seg; *p;) {
		while (*p == '/')
			p++;
		seg = p;
		while (*p && *p != '/')
			p++;
		size_t n = (size_t)(p - seg);
		if (n == 0 || (n == 1 && seg[0] == '.'))
			continue;
		if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
			out[o] = '\0';
			continue;
		}
		if (o + 1 + n >= PATH_MAX)
			return -1;
		out[o++] = '/';
		memcpy(out + o, seg, n);
		o += n;
		out[o] = '\0';
	}
	if (o == 0)
		snprintf(out, PATH_MAX, "/");
	return 0;
}

/* What the link /proc/TID/NAME (cwd, fd/N) points to, into out; -1 when it cannot be read. */
static int hp_sv_link(pid_t tid, const char *name, char out[PATH_MAX])
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof link, "/proc/%d/%s", (int)tid, name);
	if ((n = readlink(link, out, PATH_MAX - 1)) < 0)
		return -1;
	out[n] = '\0';
	return 0;
}

/*
 * The path the child tid means by (dirfd, path), into out: the child's
 * /proc/self, /dev/fd and /dev/std* turned into its own, made absolute
 * against its working folder or dirfd, normalised, and with symbolic links
 * resolved as far as the path exists.  -1 when it cannot be worked out.
 */
static int hp_sv_resolve(pid_t tid, long dirfd, const char *path, char out[PATH_MAX])
{
	static const struct {
		const char *from, *to;
	} own[] = { { "/proc/self/", "" },    { "/proc/thread-self/", "" }, { "/dev/fd/", "fd/" },
		    { "/dev/stdin", "fd/0" }, { "/dev/stdout", "fd/1" },    { "/dev/stderr", "fd/2" } };
	char base[PATH_MAX], norm[PATH_MAX], mapped[PATH_MAX + 64], real[PATH_MAX];

	for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
		size_t n = strlen(own[i].from);
		if (!strncmp(path, own[i].from, n)) {
			snprintf(mapped, sizeof mapped, "/proc/%d/%s%s", (int)tid, own[i].to, path + n);
			path = mapped;
			break;
		}
	}
	if (path[0] != '/') {
		char name[32];
		if ((int)dirfd == AT_FDCWD)
			snprintf(name, sizeof name, "cwd");
		else
			snprintf(name, sizeof name, "fd/%d", (int)dirfd);
		if (hp_sv_link(tid, name, base) != 0)
			return -1;
	} else {
		base[0] = '\0';
	}
	if (hp_sv_normal(base, path, norm) != 0)
		return -1;
	if (realpath(norm, real)) {
		snprintf(out, PATH_MAX, "%s", real);
		return 0;
	}
	/* a file to be made: resolve its folder */
	{
		char *slash = strrchr(norm, '/');
		char dir[PATH_MAX];
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - norm), norm);
		if (slash > norm && realpath(dir, real) &&
		    snprintf(out, PATH_MAX, "%s%s", strcmp(real, "/") ? real : "", slash) < PATH_MAX)
			return 0;
	}
	snprintf(out, PATH_MAX, "%s", norm);
	return 0;
}

/* May s's child write path (resolved)? */
static int hp_sv_writable(const struct hp_sv *s, const char *path)
{
	if (!strcmp(path, "/dev/null"))
		return 1;
	for (size_t k = 0; k < s->nwrite; k++) {
		size_t n = strlen(s->write[k]);
		if (!strncmp(path, s->write[k], n) && (path[n] == '/' || path[n] == '\0'))
			return 1;
	}
	return 0;
}

/* ---------- deciding ---------- */

/* A call on the filesystem: the verb of the blocked line and where its
 * (dirfd, path) pairs are; dirfd -1: AT_FDCWD; path -1: none (fd_arg is
 * a descriptor instead). */
struct hp_sv_fscall {
	const char *name, *verb;
	int dirfd[2], path[2];
	int fd_arg; /* the descriptor argument of an f* call, -1 */
};

static const struct hp_sv_fscall hp_sv_fscalls[] = {
	{ "open", "write to", { -1, -1 }, { 0, -1 }, -1 },
	{ "openat", "write to", { 0, -1 }, { 1, -1 }, -1 },
	{ "openat2", "write to", { 0, -1 }, { 1, -1 }, -1 },
	{ "creat", "write to", { -1, -1 }, { 0, -1 }, -1 },
	{ "truncate", "truncate", { -1, -1 }, { 0, -1 }, -1 },
	{ "ftruncate", "truncate", { -1, -1 }, { -1, -1 }, 0 },
	{ "fallocate", "write to", { -1, -1 }, { -1, -1 }, 0 },
	{ "unlink", "delete", { -1, -1 }, { 0, -1 }, -1 },
	{ "unlinkat", "delete", { 0, -1 }, { 1, -1 }, -1 },
	{ "rmdir", "delete", { -1, -1 }, { 0, -1 }, -1 },
	{ "mkdir", "create", { -1, -1 }, { 0, -1 }, -1 },
	{ "mkdirat", "create", { 0, -1 }, { 1, -1 }, -1 },
	{ "rename", "rename", { -1, -1 }, { 0, 1 }, -1 },
	{ "renameat", "rename", { 0, 2 }, { 1, 3 }, -1 },
	{ "renameat2", "rename", { 0, 2 }, { 1, 3 }, -1 },
	{ "link", "link", { -1, -1 }, { 0, 1 }, -1 },
	{ "linkat", "link", { 0, 2 }, { 1, 3 }, -1 },
	{ "symlink", "create", { -1, -1 }, { 1, -1 }, -1 },
	{ "symlinkat", "create", { 1, -1 }, { 2, -1 }, -1 },
	{ "mknod", "create", { -1, -1 }, { 0, -1 }, -1 },
	{ "mknodat", "create", { 0, -1 }, { 1, -1 }, -1 },
	{ "chmod", "change the mode of", { -1, -1 }, { 0, -1 }, -1 },
	{ "fchmod", "change the mode of", { -1, -1 }, { -1, -1 }, 0 },
	{ "fchmodat", "change the mode of", { 0, -1 }, { 1, -1 }, -1 },
	{ "fchmodat2", "change the mode of", { 0, -1 }, { 1, -1 }, -1 },
	{ "chown", "change the owner of", { -1, -1 }, { 0, -1 }, -1 },
	{ "lchown", "change the owner of", { -1, -1 }, { 0, -1 }, -1 },
	{ "fchown", "change the owner of", { -1, -1 }, { -1, -1 }, 0 },
	{ "fchownat", "change the owner of", { 0, -1 }, { 1, -1 }, -1 },
	{ "utime", "change the times of", { -1, -1 }, { 0, -1 }, -1 },
	{ "utimes", "change the times of", { -1, -1 }, { 0, -1 }, -1 },
	{ "utimensat", "change the times of", { 0, -1 }, { 1, -1 }, 0 },
	{ "futimesat", "change the times of", { 0, -1 }, { 1, -1 }, -1 },
	{ "setxattr", "change the attributes of", { -1, -1 }, { 0, -1 }, -1 },
	{ "lsetxattr", "change the attributes of", { -1, -1 }, { 0, -1 }, -1 },
	{ "fsetxattr", "change the attributes of", { -1, -1 }, { -1, -1 }, 0 },
	{ "removexattr", "change the attributes of", { -1, -1 }, { 0, -1 }, -1 },
	{ "lremovexattr", "change the attributes of", { -1, -1 }, { 0, -1 }, -1 },
	{ "fremovexattr", "change the attributes of", { -1, -1 }, { -1, -1 }, 0 },
};

/* What the blocked line says the child tried, after "tried to". */
static const char *hp_sv_outside(const struct hp_sv *s)
{
	return s->nwrite ? "write outside its scratch folder" : "write a file (it may write none)";
}

/* Decide a filesystem call; 1 to let it go on, 0 blocked (why in s->blocked). */
static int hp_sv_fs(struct hp_sv *s, const struct hp_sv_fscall *fc, const struct seccomp_notif *req)
{
	const __u64 *a = req->data.args;
	char where[2][PATH_MAX];
	int npaths = 0;

	if (!strcmp(fc->name, "openat2")) {
		struct open_how how;
		if (hp_sv_bytes((pid_t)req->pid, a[2], &how, sizeof how) == 0 &&
		    !(how.flags & (O_ACCMODE | O_CREAT | O_TRUNC)))
			return 1; /* a read-only open */
	}
	for (int k = 0; k < 2 && fc->path[k] >= 0; k++) {
		char path[PATH_MAX];
		long dirfd = fc->dirfd[k] >= 0 ? (long)(int)a[fc->dirfd[k]] : AT_FDCWD;
		if (hp_sv_string((pid_t)req->pid, a[fc->path[k]], path, sizeof path) != 0) {
			if (fc->fd_arg >= 0 && !a[fc->path[k]])
				break; /* utimensat(fd, NULL, ...): futimens */
			snprintf(s->blocked, sizeof s->blocked,
				 "blocked: %s (a path hashprof cannot read): %s tried to %s", fc->verb, s->what,
				 hp_sv_outside(s));
			return 0;
		}
		if (hp_sv_resolve((pid_t)req->pid, dirfd, path, where[npaths]) != 0)
			snprintf(where[npaths], PATH_MAX, "%s", path);
		npaths++;
	}
	if (!npaths && fc->fd_arg >= 0) {
		char name[32];
		snprintf(name, sizeof name, "fd/%d", (int)a[fc->fd_arg]);
		/* a pipe, a socket, a memfd: nothing on a disk */
		if (hp_sv_link((pid_t)req->pid, name, where[0]) != 0 || where[0][0] != '/' ||
		    !strncmp(where[0], "/memfd:", 7))
			return 1;
		npaths = 1;
	}
	/* creating what already exists fails with EEXIST and changes nothing
	 * (mkdir -p, and cmake, try every folder of a path from the root) */
	if (!strcmp(fc->verb, "create") && npaths == 1) {
		struct stat st;
		if (lstat(where[0], &st) == 0)
			return 1;
	}
	for (int k = 0; k < npaths; k++)
		if (!hp_sv_writable(s, where[k])) {
			snprintf(s->blocked, sizeof s->blocked, "blocked: %s %.*s: %s tried to %s", fc->verb, 300,
				 where[k], s->what, hp_sv_outside(s));
			return 0;
		}
	return 1;
}

/* Does thread tid belong to process pid? */
static int hp_sv_thread_of(pid_t pid, pid_t tid)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof path, "/proc/%d/task/%d", (int)pid, (int)tid);
	return stat(path, &st) == 0;
}

/* The thread group of tid (its process), or tid. */
static pid_t hp_sv_tgid(pid_t tid)
{
	char path[64], line[128];
	FILE *f;
	long tgid = tid;

	snprintf(path, sizeof path, "/proc/%d/status", (int)tid);
	if ((f = fopen(path, "r"))) {
		while (fgets(line, sizeof line, f))
			if (sscanf(line, "Tgid: %ld", &tgid) == 1)
				break;
		fclose(f);
	}
	return (pid_t)tgid;
}

/* A signal: to its own process, its own group, its own threads it may go
 * on (the filter shows only the others). */
static int hp_sv_signal(struct hp_sv *s, const char *name, const struct seccomp_notif *req)
{
	const __u64 *a = req->data.args;
	pid_t self = hp_sv_tgid((pid_t)req->pid), target = (pid_t)(int)a[0];

	if (!strcmp(name, "tkill"))
		target = hp_sv_thread_of(self, target) ? self : target;
	if (!strcmp(name, "kill") && target == 0)
		return 1; /* its own process group */
	if (target == self)
		return 1;
	if (target == -1)
		snprintf(s->blocked, sizeof s->blocked,
			 "blocked: %s(-1, %d): %s tried to signal every process of the user", name, (int)a[1], s->what);
	else
		snprintf(s->blocked, sizeof s->blocked, "blocked: %s(%d, %d): %s tried to signal another process", name,
			 (int)target, (int)a[name[0] == 't' && name[1] == 'g' ? 2 : 1], s->what);
	return 0;
}

/* A call never allowed: name it. */
static void hp_sv_never(struct hp_sv *s, const char *name, const struct seccomp_notif *req)
{
	static const struct {
		const char *name, *why;
	} why[] = {
		{ "socket", "open a network socket" },
		{ "execve", "run a program" },
		{ "execveat", "run a program" },
		{ "fork", "start a process" },
		{ "vfork", "start a process" },
		{ "clone", "start a process" },
		{ "ptrace", "trace another process" },
		{ "process_vm_readv", "read another process's memory" },
		{ "process_vm_writev", "write another process's memory" },
		{ "pidfd_getfd", "take another process's file" },
		{ "pidfd_send_signal", "signal another process" },
		{ "setsid", "leave its process group" },
		{ "setpgid", "leave its process group" },
		{ "unshare", "enter a new namespace" },
		{ "setns", "enter another namespace" },
		{ "keyctl", "use the kernel key rings" },
		{ "add_key", "use the kernel key rings" },
		{ "request_key", "use the kernel key rings" },
		{ "bpf", "load a BPF program" },
		{ "userfaultfd", "handle page faults" },
		{ "prctl", "outlive hashprof (PR_SET_PDEATHSIG)" },
		{ "ioctl", "type into the terminal" },
	};
	const char *reason = "make a system call the confinement forbids";
	char detail[PATH_MAX + 16] = "";

	for (size_t i = 0; i < sizeof why / sizeof why[0]; i++)
		if (!strcmp(name, why[i].name))
			reason = why[i].why;
	if (!strcmp(name, "socket")) {
		static const struct {
			int domain;
			const char *name;
		} families[] = { { AF_INET, "AF_INET" },
				 { AF_INET6, "AF_INET6" },
				 { AF_NETLINK, "AF_NETLINK" },
				 { AF_PACKET, "AF_PACKET" } };
		snprintf(detail, sizeof detail, " (domain %d)", (int)req->data.args[0]);
		for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
			if ((int)req->data.args[0] == families[i].domain)
				snprintf(detail, sizeof detail, " (%s)", families[i].name);
	} else if (!strncmp(name, "execve", 6)) {
		char path[PATH_MAX];
		if (hp_sv_string((pid_t)req->pid, req->data.args[name[6] ? 1 : 0], path, sizeof path) == 0)
			snprintf(detail, sizeof detail, " %s", path);
	}
	snprintf(s->blocked, sizeof s->blocked, "blocked: %s%.*s: %s tried to %s", name, 300, detail, s->what, reason);
}

/* Decide req of s's child: 1 go on, 0 blocked (s->blocked says why). */
static int hp_sv_decide(struct hp_sv *s, const struct seccomp_notif *req)
{
	char *name = seccomp_syscall_resolve_num_arch(req->data.arch, req->data.nr);
	const char *n = name ? name : "?";
	char blocked[HP_BLOCKED_MAX];
	int go = -1;

	/* s->blocked keeps the first blocked action: decide into a copy */
	memcpy(blocked, s->blocked, sizeof blocked);
	s->blocked[0] = '\0';
	/* libseccomp 2.5.4 has no name for fchmodat2 (syscall_filter.c) */
	if (!name && req->data.nr == 452)
		n = "fchmodat2";
	for (size_t i = 0; i < sizeof hp_sv_fscalls / sizeof hp_sv_fscalls[0] && go < 0; i++)
		if (!strcmp(n, hp_sv_fscalls[i].name))
			go = hp_sv_fs(s, &hp_sv_fscalls[i], req);
	if (go < 0 && (!strcmp(n, "kill") || !strcmp(n, "tkill") || !strcmp(n, "tgkill")))
		go = hp_sv_signal(s, n, req);
	if (go < 0) {
		hp_sv_never(s, n, req);
		go = 0;
	}
	if (blocked[0]) /* an earlier one stays the one named */
		memcpy(s->blocked, blocked, sizeof blocked);
	free(name);
	return go;
}

/* Serve one notification on s's listener. */
static void hp_sv_serve_one(struct hp_sv *s)
{
	static struct seccomp_notif *req;
	static struct seccomp_notif_resp *resp;
	int go;

	if (!req && seccomp_notify_alloc(&req, &resp) != 0) {
		req = NULL;
		return;
	}
	memset(req, 0, sizeof *req);
	if (seccomp_notify_receive(s->fd, req) != 0)
		return; /* the caller died meanwhile (ENOENT), or a signal */
	go = hp_sv_decide(s, req);
	/* the thread is still in that call: its memory was the call's */
	if (go && seccomp_notify_id_valid(s->fd, req->id) != 0)
		return;
	memset(resp, 0, sizeof *resp);
	resp->id = req->id;
	if (go) {
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	} else {
		resp->error = -EACCES;
		/* nothing further of the package runs */
		kill(-s->pid, SIGKILL);
		kill(s->pid, SIGKILL);
	}
	seccomp_notify_respond(s->fd, resp);
}

void hp_supervise_serve(const struct pollfd *fds, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!fds[i].revents)
			continue;
		for (size_t k = 0; k < HP_SUPERVISED; k++) {
			struct hp_sv *s = &hp_sv[k];
			if (!s->pid || s->fd != fds[i].fd)
				continue;
			if (fds[i].revents & POLLIN)
				hp_sv_serve_one(s);
			else if (fds[i].revents & (POLLHUP | POLLERR | POLLNVAL)) {
				/* every process of the child ended: keep what it did */
				close(s->fd);
				s->fd = -1;
			}
		}
	}
}
