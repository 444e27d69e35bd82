/*
 * elf_info.h - what a shared object says about itself, read with libelf
 * so that no code of it runs: its .hashprof section (instances,
 * drivers/instance.c; candidate modules, drivers/candidates.c) and the
 * functions it exports.
 */
#ifndef HP_ELF_INFO_H
#define HP_ELF_INFO_H

#include <stddef.h>

/* The section hashprof's metadata lives in (schemes/common/instance_info.c,
 * candidates/module_info.c). */
#define HP_ELF_SECTION ".hashprof"

/*
 * The bytes of the section named `section` of the ELF file at path, into
 * a new malloc'ed buffer *text (NUL-terminated; *len bytes without the
 * NUL).  Returns 0, 1 when the file has no such section (or is not ELF),
 * -1 when it cannot be read (or out of memory).
 */
int hp_elf_section_text(const char *path, const char *section, char **text, size_t *len);

/* Does the ELF file at path define sym in its dynamic symbol table (a
 * global or weak definition, which dlsym() would find)?  1 yes, 0 no,
 * -1 when it cannot be read. */
int hp_elf_exports(const char *path, const char *sym);

/* The ELF machine (e_machine: EM_X86_64, EM_AARCH64, ...) of the file at
 * path, or -1 when it cannot be read as ELF.  Read from the header alone,
 * so a shared object of another architecture is never loaded to learn it. */
int hp_elf_machine(const char *path);

/* The e_machine of this hashprof's own code (what dlopen() can load), or
 * 0 (EM_NONE) on an architecture this list does not know: then no
 * instance is refused for its machine. */
int hp_elf_machine_self(void);

/* A reader's name of an e_machine value: hp_machine_name (util/machine_name.h). */

#endif
