/*
 * emulation.h - does this process run emulated, its instructions
 * translated by another machine (qemu-user's qemu-aarch64 on an x86-64
 * host, or a CPU model of software such as QEMU's "max")?
 *
 * Then call counts are still exact (the same code, the same DRNG stream),
 * but every time is the emulator's: shares, the overhead, the clock's
 * rate and resolution say nothing about a real CPU.  The run description
 * says so (drivers/environment.c: "emulated"), the commands that run
 * package code say it once on stderr (the emulation note below, with
 * what a user-mode emulator leaves of the confinement: confine.h), and
 * the tests whose subject is timing accuracy or the kernel's confinement
 * skip (tests/test_groundtruth, tests/test_confine: exit 77).
 */
#ifndef HP_UTIL_EMULATION_H
#define HP_UTIL_EMULATION_H

#include <stddef.h>
#include <stdio.h>

/* How the emulation note begins (tests/capture.c takes that line out of
 * the stderr of the suites run under qemu). */
#define HP_UTIL_EMULATION_NOTE "hashprof: note: emulated, "

/*
 * 1 when emulated, with a one-line reason in why (len bytes): the
 * kernel's own machine (/proc/sys/kernel/arch, Linux 6.1 on; else the CPU
 * /proc/cpuinfo describes) is not the machine this code was compiled for,
 * or, on AArch64, MIDR_EL1 names implementer 0, which the architecture
 * reserves for software (QEMU's CPU models).  0 otherwise (why: "").
 */
int hp_util_emulated(char *why, size_t len);

/*
 * 1 when the emulation is user-mode: the kernel is another machine's
 * (qemu-aarch64 on x86-64), so every system call, Landlock and resource
 * limit of this process is the emulator's to pass on, or not.  0
 * natively, and under a software CPU model with a kernel of this
 * machine's own (a virtual machine under QEMU's TCG).
 */
int hp_util_user_mode_emulated(void);

/*
 * The emulation note, when this process is emulated: one line on f, once
 * per process (later calls print nothing),
 *   hashprof: note: emulated, WHY: the call counts are exact, every time
 *   is the emulator's[; ALSO]
 * WHY as hp_util_emulated gives it; also a clause more (what confinement
 * is left: hp_confine_emulated(), confine.h), or NULL.  Returns 1 when it
 * printed, else 0 (native, or printed before).
 */
int hp_util_emulation_note(FILE *f, const char *also);

#endif
