/*
 * cpus.c - one CPU per profiling job (see campaign.h).  Profiles run at
 * most one per distinct core: two hardware threads of one core share its
 * pipeline and caches, so a share measured on one while the other works
 * is slower in ways that have nothing to do with the scheme.  Which CPU a
 * job gets is decided by lock files, not by a scheduler of ours: make
 * starts at most as many profile jobs as there are CPUs in the list, and
 * each takes the first CPU whose lock it can hold.
 */
#include "config.h"

#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "campaign.h"

/* A kernel CPU list ("0-3,8,10-11") into set.  Returns 0, or -1. */
static int hp_parse_kernel_list(const char *s, cpu_set_t *set)
{
	CPU_ZERO(set);
	while (*s && *s != '\n') {
		char *end;
		long a = strtol(s, &end, 10), b = a;
		if (end == s || a < 0 || a >= CPU_SETSIZE)
			return -1;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a || b >= CPU_SETSIZE)
				return -1;
			s = end;
		}
		for (long c = a; c <= b; c++)
			CPU_SET((int)c, set);
		if (*s == ',')
			s++;
	}
	return 0;
}

/* The hardware threads of cpu's core, into set (cpu alone when the kernel
 * does not say). */
static void hp_core_of(int cpu, cpu_set_t *set)
{
	static const char *const files[] = { "core_cpus_list", "thread_siblings_list" };

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[128], *text;
		int ok;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, files[i]);
		if (!(text = hp_util_read_file(path, 4096, NULL)))
			continue;
		ok = hp_parse_kernel_list(text, set) == 0 && CPU_ISSET(cpu, set);
		free(text);
		if (ok)
			return;
	}
	CPU_ZERO(set);
	CPU_SET(cpu, set);
}

size_t hp_distinct_cpus(int *cpus, size_t max)
{
	cpu_set_t allowed;
	size_t n = 0;

	if (max == 0)
		return 0;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
		cpus[0] = 0;
		return 1;
	}
	for (int c = 0; c < CPU_SETSIZE && n < max; c++) {
		cpu_set_t core;
		int first = -1;
		if (!CPU_ISSET(c, &allowed))
			continue;
		hp_core_of(c, &core);
		for (int t = 0; t < CPU_SETSIZE && first < 0; t++)
			if (CPU_ISSET(t, &core) && CPU_ISSET(t, &allowed))
				first = t;
		if (first == c)
			cpus[n++] = c;
	}
	if (!n)
		cpus[n++] = 0;
	return n;
}

/* Take cpu's lock (blocking or not); the descriptor stays open for the
 * life of the process (close-on-exec: the programs it runs do not hold
 * it).  Returns 0 when held. */
static int hp_cpu_lock(const char *lockdir, int cpu, int block)
{
	char path[PATH_MAX];
	int fd;

	hp_fmt(path, sizeof path, "%s/.locks/cpu-%d.lock", lockdir, cpu);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0)
		return -1;
	if (flock(fd, LOCK_EX | (block ? 0 : LOCK_NB)) != 0) {
		close(fd);
		return -1;
	}
	return 0;
}

int hp_pin_one_cpu(const char *lockdir, const int *cpus, size_t n)
{
	char dir[PATH_MAX];
	cpu_set_t one;
	int chosen = -1;

	hp_fmt(dir, sizeof dir, "%s/.locks", lockdir);
	if (n == 0 || hp_mkdirs(dir) != 0)
		return -1;
	for (size_t i = 0; i < n && chosen < 0; i++)
		if (hp_cpu_lock(lockdir, cpus[i], 0) == 0)
			chosen = cpus[i];
	if (chosen < 0 && hp_cpu_lock(lockdir, cpus[0], 1) == 0)
		chosen = cpus[0];
	if (chosen < 0)
		return -1;
	CPU_ZERO(&one);
	CPU_SET(chosen, &one);
	return sched_setaffinity(0, sizeof one, &one) == 0 ? chosen : -1;
}

char *hp_cpu_list(const int *cpus, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d", i ? "," : "", cpus[i]);
	return buf;
}

long hp_cpu_list_parse(const char *s, int *cpus, size_t max)
{
	size_t n = 0;

	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 0 || v >= CPU_SETSIZE || n == max)
			return -1;
		cpus[n++] = (int)v;
		s = end;
		if (*s == ',' && s[1])
			s++;
		else if (*s)
			return -1;
	}
	return (long)n;
}
