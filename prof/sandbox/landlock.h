/*
 * landlock.h - the filesystem (and, from ABI 4, TCP; from ABI 6, signal
 * and abstract-socket) part of a confinement policy, with Landlock's raw
 * system calls (<linux/landlock.h>; Debian has no library for it).  The
 * rights of ABIs newer than the installed kernel headers are defined in
 * landlock.c with their values from the kernel's uapi header.
 */
#ifndef HP_UTIL_LANDLOCK_H
#define HP_UTIL_LANDLOCK_H

#include <stddef.h>

#include "confine.h"

/* The Landlock ABI version of the running kernel (1 = Linux 5.13 ...), or
 * 0 when it has none or it is disabled at boot. */
int hp_landlock_abi(void);

/*
 * Restrict this process (and its future children) with the rights of ABI
 * abi (>= 1):
 *   - read and list (and execute, when c->exec) everything, except below
 *     $HOME, of which only c->read[] and the write folders are reachable;
 *     of /dev only null, zero, full, random and urandom;
 *   - write, create, remove, truncate below each c->write[] folder, and
 *     write /dev/null;
 *   - ABI >= 4: no TCP bind or connect; ABI >= 6: no signal to, and no
 *     abstract unix socket of, a process outside this domain.
 * Returns 0, or -1 with the failing call and its errno in err.
 */
int hp_landlock_apply(const struct hp_confine *c, int abi, char *err, size_t len);

#endif
