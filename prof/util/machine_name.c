/*
 * machine_name.c - the reader's name of an ELF machine (see
 * machine_name.h).
 */
#include "machine_name.h"

#include <elf.h>
#include <stdio.h>

const char *hp_machine_name(unsigned em, char *buf, size_t len)
{
	static const struct {
		unsigned em;
		const char *name;
	} known[] = {
		{ EM_X86_64, "x86-64" }, { EM_AARCH64, "AArch64" }, { EM_386, "i386" },  { EM_ARM, "32-bit ARM" },
		{ EM_RISCV, "RISC-V" },  { EM_PPC64, "PowerPC64" }, { EM_S390, "s390" },
	};

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (known[i].em == em) {
			snprintf(buf, len, "%s", known[i].name);
			return buf;
		}
	snprintf(buf, len, "ELF machine %u", em);
	return buf;
}
