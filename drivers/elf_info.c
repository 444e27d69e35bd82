/*
 * elf_info.c - sections and exported symbols of a shared object, with
 * libelf (see elf_info.h).
 */
#include "elf_info.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Open path for reading with libelf: the descriptor in *fd, the handle
 * returned (NULL, *fd closed, when it cannot be read). */
static Elf *hp_elf_open(const char *path, int *fd)
{
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return NULL;
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	if (!(elf = elf_begin(*fd, ELF_C_READ, NULL)))
		close(*fd);
	return elf;
}

static void hp_elf_close(Elf *elf, int fd)
{
	elf_end(elf);
	close(fd);
}

/* The section named name, or NULL. */
static Elf_Scn *hp_elf_find(Elf *elf, const char *name)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_kind(elf) != ELF_K_ELF || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		if (gelf_getshdr(scn, &sh) && (n = elf_strptr(elf, shstrndx, sh.sh_name)) && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

int hp_elf_section_text(const char *path, const char *section, char **text, size_t *len)
{
	int fd, rc = 1;
	Elf *elf = hp_elf_open(path, &fd);
	Elf_Scn *scn;
	Elf_Data *data;

	*text = NULL;
	*len = 0;
	if (!elf)
		return -1;
	if ((scn = hp_elf_find(elf, section)) && (data = elf_getdata(scn, NULL)) && data->d_buf) {
		rc = -1;
		if ((*text = malloc(data->d_size + 1))) {
			memcpy(*text, data->d_buf, data->d_size);
			(*text)[data->d_size] = '\0';
			*len = data->d_size;
			rc = 0;
		}
	}
	hp_elf_close(elf, fd);
	return rc;
}

int hp_elf_exports(const char *path, const char *sym)
{
	int fd, found = 0;
	Elf *elf = hp_elf_open(path, &fd);
	Elf_Scn *scn = NULL;

	if (!elf)
		return -1;
	while (!found && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM || !(data = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; sh.sh_entsize && i < sh.sh_size / sh.sh_entsize && !found; i++) {
			GElf_Sym s;
			const char *n;
			if (!gelf_getsym(data, (int)i, &s) || s.st_shndx == SHN_UNDEF)
				continue;
			if (GELF_ST_BIND(s.st_info) != STB_GLOBAL && GELF_ST_BIND(s.st_info) != STB_WEAK)
				continue;
			found = (n = elf_strptr(elf, sh.sh_link, s.st_name)) && !strcmp(n, sym);
		}
	}
	hp_elf_close(elf, fd);
	return found;
}

int hp_elf_machine(const char *path)
{
	int fd, machine = -1;
	Elf *elf = hp_elf_open(path, &fd);
	GElf_Ehdr eh;

	if (!elf)
		return -1;
	if (elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh))
		machine = eh.e_machine;
	hp_elf_close(elf, fd);
	return machine;
}

int hp_elf_machine_self(void)
{
#if defined(__x86_64__)
	return EM_X86_64;
#elif defined(__aarch64__)
	return EM_AARCH64;
#elif defined(__i386__)
	return EM_386;
#elif defined(__riscv)
	return EM_RISCV;
#elif defined(__powerpc64__)
	return EM_PPC64;
#elif defined(__s390x__)
	return EM_S390;
#else
	return EM_NONE;
#endif
}
