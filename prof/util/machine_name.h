/*
 * machine_name.h - the reader's name of an ELF machine, for the messages
 * that say an object or an instance was built for another machine than
 * this hashprof's (the builder's objects, the engine's instances): one
 * table, below both.
 */
#ifndef HP_UTIL_MACHINE_NAME_H
#define HP_UTIL_MACHINE_NAME_H

#include <stddef.h>

/* A name for ELF machine em (an e_machine value, <elf.h>'s EM_*):
 * "x86-64", "AArch64", "i386", "32-bit ARM", "RISC-V", "PowerPC64",
 * "s390", else "ELF machine N", into buf (len bytes); returns buf. */
const char *hp_machine_name(unsigned em, char *buf, size_t len);

#endif
