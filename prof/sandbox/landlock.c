/*
 * landlock.c - the filesystem, TCP and scope rules of a confinement
 * policy (see landlock.h).
 *
 * Landlock grants by hierarchy: a right is allowed on a file when a rule
 * on it or on one of its folders grants it.  "Everything but $HOME" is
 * therefore written as a rule on each sibling of every folder on the way
 * from / to $HOME (the same for /dev, of which only a few devices are
 * granted), and the paths the job needs inside $HOME get rules of their
 * own.
 */
#include "landlock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Rights of ABIs above the one of Debian 12's headers (linux-libc-dev
 * 6.1 stops at ABI 2), from the kernel's include/uapi/linux/landlock.h. */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14) /* ABI 3 */
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15) /* ABI 5 */
#endif
#define HP_LL_NET_BIND_TCP (1ULL << 0) /* ABI 4: LANDLOCK_ACCESS_NET_BIND_TCP */
#define HP_LL_NET_CONNECT_TCP (1ULL << 1) /* ABI 4: LANDLOCK_ACCESS_NET_CONNECT_TCP */
#define HP_LL_SCOPE_ABSTRACT_UNIX (1ULL << 0) /* ABI 6: LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET */
#define HP_LL_SCOPE_SIGNAL (1ULL << 1) /* ABI 6: LANDLOCK_SCOPE_SIGNAL */

/* struct landlock_ruleset_attr as of ABI 6; older kernels get a prefix of
 * it (8 bytes up to ABI 3, 16 up to ABI 5), as the uapi header says. */
struct hp_ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
};

#define HP_LL_FILE_READ (LANDLOCK_ACCESS_FS_READ_FILE)
#define HP_LL_DIR_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
/* the rights a rule on a file (not a folder) may carry */
#define HP_LL_FILE_RIGHTS                                                                            \
	(LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE | \
	 LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)

/* Every filesystem right ABI abi knows. */
static uint64_t hp_ll_fs_rights(int abi)
{
	uint64_t r = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0..12 */

	if (abi >= 2)
		r |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		r |= LANDLOCK_ACCESS_FS_TRUNCATE;
	if (abi >= 5)
		r |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	return r;
}

int hp_landlock_abi(void)
{
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	return abi > 0 ? (int)abi : 0;
}

/* One ruleset being filled. */
struct hp_ll {
	int fd;
	uint64_t handled; /* handled_access_fs */
	uint64_t read; /* the read rights of a folder (execute too when the job may exec) */
	const char *excluded[2]; /* realpath'ed $HOME and "/dev" (NULL: none) */
	char *err;
	size_t len;
};

/* A rule granting rights on path (a folder, or a file: then only the file
 * rights of them).  A path that does not exist or cannot be opened gets
 * none (0: not an error).  Returns 0, or -1 with the reason in l->err. */
static int hp_ll_rule(struct hp_ll *l, const char *path, uint64_t rights)
{
	struct landlock_path_beneath_attr pb;
	struct stat st;
	int fd = open(path, O_PATH | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) != 0) {
		close(fd);
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		rights &= HP_LL_FILE_RIGHTS;
	pb.allowed_access = rights & l->handled;
	pb.parent_fd = fd;
	if (pb.allowed_access && syscall(SYS_landlock_add_rule, l->fd, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) != 0) {
		snprintf(l->err, l->len, "landlock_add_rule(%s): %s", path, strerror(errno));
		rc = -1;
	}
	close(fd);
	return rc;
}

/* Is path the folder dir or below it (both normalised, absolute)? */
static int hp_ll_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return 1;
	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

/* Grant reading below real (a realpath), minus the excluded folders:
 * a folder above one of them is granted entry by entry.  depth bounds a
 * symbolic link back up the tree. */
static int hp_ll_readable(struct hp_ll *l, const char *real, int depth)
{
	int above = 0;
	DIR *d;
	struct dirent *e;
	int rc = 0;

	for (size_t i = 0; i < 2; i++) {
		if (!l->excluded[i])
			continue;
		if (hp_ll_below(real, l->excluded[i]))
			return 0; /* inside $HOME or /dev: only what is named */
		above |= hp_ll_below(l->excluded[i], real);
	}
	if (!above)
		return hp_ll_rule(l, real, l->read);
	if (depth > 32 || !(d = opendir(real)))
		return 0;
	while (rc == 0 && (e = readdir(d))) {
		char path[PATH_MAX], entry_real[PATH_MAX];
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (snprintf(path, sizeof path, "%s/%s", strcmp(real, "/") ? real : "", e->d_name) >= (int)sizeof path)
			continue;
		/* a symbolic link is granted where it leads (that is where
		 * Landlock looks), unless it leads into an excluded folder */
		if (!realpath(path, entry_real))
			continue;
		rc = hp_ll_readable(l, entry_real, depth + 1);
	}
	closedir(d);
	return rc;
}

/* The devices any job may use: /dev/null written, the others read. */
static int hp_ll_devices(struct hp_ll *l)
{
	static const char *const readable[] = { "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom" };
	const uint64_t dev_rw = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE |
				LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV;

	if (hp_ll_rule(l, "/dev/null", dev_rw) != 0)
		return -1;
	for (size_t i = 0; i < sizeof readable / sizeof readable[0]; i++)
		if (hp_ll_rule(l, readable[i], LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_IOCTL_DEV) != 0)
			return -1;
	return 0;
}

/* The realpath of $HOME into buf, or NULL when it is unset, "/", or not a folder. */
static const char *hp_ll_home(char buf[PATH_MAX])
{
	const char *home = getenv("HOME");
	struct stat st;

	if (!home || home[0] != '/' || !realpath(home, buf) || !strcmp(buf, "/") || stat(buf, &st) != 0 ||
	    !S_ISDIR(st.st_mode))
		return NULL;
	return buf;
}

int hp_landlock_apply(const struct hp_confine *c, int abi, char *err, size_t len)
{
	struct hp_ll_ruleset_attr attr = { 0 };
	size_t attr_size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
	char home[PATH_MAX];
	struct hp_ll l = { -1, hp_ll_fs_rights(abi), 0, { NULL, "/dev" }, err, len };
	int rc = -1;

	attr.handled_access_fs = l.handled;
	if (abi >= 4)
		attr.handled_access_net = HP_LL_NET_BIND_TCP | HP_LL_NET_CONNECT_TCP; /* no rule: no TCP */
	if (abi >= 6)
		attr.scoped = HP_LL_SCOPE_ABSTRACT_UNIX | HP_LL_SCOPE_SIGNAL;
	l.read = HP_LL_DIR_READ | (c->exec ? LANDLOCK_ACCESS_FS_EXECUTE : 0);
	l.excluded[0] = hp_ll_home(home);
	l.fd = (int)syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
	if (l.fd < 0) {
		snprintf(err, len, "landlock_create_ruleset: %s", strerror(errno));
		return -1;
	}
	if (hp_ll_readable(&l, "/", 0) != 0 || hp_ll_devices(&l) != 0)
		goto out;
	for (size_t i = 0; i < c->nread; i++)
		if (hp_ll_rule(&l, c->read[i], l.read) != 0)
			goto out;
	for (size_t i = 0; i < c->nwrite; i++)
		if (hp_ll_rule(&l, c->write[i], l.handled) != 0)
			goto out;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
		snprintf(err, len, "prctl(PR_SET_NO_NEW_PRIVS): %s", strerror(errno));
		goto out;
	}
	if (syscall(SYS_landlock_restrict_self, l.fd, 0) != 0) {
		snprintf(err, len, "landlock_restrict_self: %s", strerror(errno));
		goto out;
	}
	rc = 0;
out:
	close(l.fd);
	return rc;
}
