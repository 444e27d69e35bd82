/*
 * emulation.h - does this process run emulated, its instructions
 * translated by another machine (qemu-user's qemu-aarch64 on an x86-64
 * host, or a CPU model of software such as QEMU's "max")?
 *
 * Then call counts are still exact (the same code, the same DRNG stream),
 * but every time is the emulator's: shares, the overhead, the clock's
 * rate and resolution say nothing about a real CPU.  The run description
 * says so (drivers/environment.c: "emulated"), and the tests whose
 * subject is timing accuracy skip (tests/test_groundtruth, exit 77).
 */
#ifndef HP_UTIL_EMULATION_H
#define HP_UTIL_EMULATION_H

#include <stddef.h>

/*
 * 1 when emulated, with a one-line reason in why (len bytes): the
 * kernel's own machine (/proc/sys/kernel/arch, Linux 6.1 on; else the CPU
 * /proc/cpuinfo describes) is not the machine this code was compiled for,
 * or, on AArch64, MIDR_EL1 names implementer 0, which the architecture
 * reserves for software (QEMU's CPU models).  0 otherwise (why: "").
 */
int hp_util_emulated(char *why, size_t len);

#endif
