/*
 * emulation.c - is this process emulated (see emulation.h)?
 */
#include "emulation.h"

#include <stdio.h>
#include <string.h>
#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

/* The machine this code was compiled for, as uname(2) and the kernel's
 * arch sysctl spell it. */
#if defined(__x86_64__)
#define HP_OWN_ARCH "x86_64"
#elif defined(__aarch64__)
#define HP_OWN_ARCH "aarch64"
#endif

/* The first line of a small file into buf, without its newline; 0 or -1. */
static int hp_first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Does /proc/cpuinfo describe a CPU of another machine?  (qemu-user
 * before 8.1 passes the host's file through: an x86 "vendor_id" seen by
 * AArch64 code; the reverse for x86-64 code on an ARM host.) */
static int hp_cpuinfo_foreign(char *host, size_t len)
{
#if defined(__aarch64__)
	static const char key[] = "vendor_id", name[] = "x86_64";
#else
	static const char key[] = "CPU implementer", name[] = "aarch64";
#endif
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof line, f))
		found = !strncmp(line, key, sizeof key - 1);
	fclose(f);
	if (found)
		snprintf(host, len, "%s", name);
	return found;
}

/* Is the kernel another machine's (user-mode emulation)?  Its name into
 * host (len bytes). */
static int hp_kernel_foreign(char *host, size_t len)
{
#ifdef HP_OWN_ARCH
	return (hp_first_line("/proc/sys/kernel/arch", host, len) == 0 && host[0] && strcmp(host, HP_OWN_ARCH)) ||
	       hp_cpuinfo_foreign(host, len);
#else
	(void)host;
	(void)len;
	return 0;
#endif
}

int hp_util_user_mode_emulated(void)
{
	char host[64];

	return hp_kernel_foreign(host, sizeof host);
}

int hp_util_emulated(char *why, size_t len)
{
#ifdef HP_OWN_ARCH
	char host[64];

	if (hp_kernel_foreign(host, sizeof host)) {
		snprintf(why, len, "%s code on an %s kernel: user-mode emulation, such as qemu-%s", HP_OWN_ARCH, host,
			 HP_OWN_ARCH);
		return 1;
	}
#endif
#if defined(__aarch64__)
	/* HWCAP_CPUID: the kernel emulates EL0 reads of the ID registers
	 * (without it, mrs of MIDR_EL1 would be an illegal instruction) */
	if (getauxval(AT_HWCAP) & HWCAP_CPUID) {
		unsigned long midr;
		__asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
		if (((midr >> 24) & 0xff) == 0) {
			snprintf(why, len,
				 "the CPU's MIDR_EL1 (%#lx) names implementer 0, reserved for software: an "
				 "emulator's CPU model",
				 midr);
			return 1;
		}
	}
#endif
	if (len)
		why[0] = '\0';
	return 0;
}

int hp_util_emulation_note(FILE *f, const char *also)
{
	static int printed;
	char why[192];

	if (printed || !hp_util_emulated(why, sizeof why))
		return 0;
	printed = 1;
	fprintf(f, HP_UTIL_EMULATION_NOTE "%s: the call counts are exact, every time is the emulator's%s%s\n", why,
		also ? "; " : "", also ? also : "");
	return 1;
}
