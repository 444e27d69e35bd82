/*
 * prebuilt.c - objects and libraries a package ships ready-made (see
 * builder.h).  They are never linked into an instance: built with other
 * flags, perhaps with LTO or for another machine, perhaps not from the
 * sources beside them, they are not what the profile must measure.  The
 * instance is rebuilt from the sources; when a symbol only a shipped
 * object defines is missing, the build is refused and names the object.
 */
#include "config.h"
#include "builder.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int hp_is_prebuilt(const char *rel)
{
	static const char *const ends[] = { ".o", ".obj", ".a", ".so", ".lo" };
	size_t n = strlen(rel);

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t k = strlen(ends[i]);
		if (n > k && !strcmp(rel + n - k, ends[i]))
			return 1;
	}
	return strstr(rel, ".so.") != NULL;
}

int hp_prebuilt_find(struct hp_detect *d)
{
	char *list;
	int rc;

	for (size_t i = 0; i < d->files.n; i++)
		if (hp_is_prebuilt(d->files.v[i]) && hp_strv_add(&d->prebuilt, d->files.v[i]))
			return -1;
	if (!d->prebuilt.n)
		return 0;
	if (!(list = hp_strv_join(&d->prebuilt, ", ")))
		return -1;
	rc = hp_strv_addf(&d->infos,
			  "the package ships %zu prebuilt object%s or librar%s (%s): never linked, "
			  "the instance is built from its sources",
			  d->prebuilt.n, d->prebuilt.n == 1 ? "" : "s", d->prebuilt.n == 1 ? "y" : "ies", list);
	free(list);
	return rc;
}

/* Does the ELF object elf define the global symbol sym? */
static int hp_elf_defines(Elf *elf, const char *sym)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !(data = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;
			if (!gelf_getsym(data, (int)i, &s) || s.st_shndx == SHN_UNDEF ||
			    GELF_ST_BIND(s.st_info) == STB_LOCAL)
				continue;
			name = elf_strptr(elf, sh.sh_link, s.st_name);
			if (name && !strcmp(name, sym))
				return 1;
		}
	}
	return 0;
}

int hp_prebuilt_defines(const struct hp_detect *d, const char *sym, char *by, size_t len)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return 0;
	/* plain objects first, then the archives */
	for (size_t k = 0; k < 2 * d->prebuilt.n; k++) {
		size_t i = k % d->prebuilt.n, n = strlen(d->prebuilt.v[i]);
		int archive = n > 2 && !strcmp(d->prebuilt.v[i] + n - 2, ".a");
		char path[PATH_MAX];
		int fd, found = 0;
		Elf *elf;

		if (archive != (k >= d->prebuilt.n))
			continue;
		hp_fmt(path, sizeof path, "%s/%s", d->dir, d->prebuilt.v[i]);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		if ((elf = elf_begin(fd, ELF_C_READ, NULL))) {
			if (elf_kind(elf) == ELF_K_AR) {
				Elf *member;
				Elf_Cmd cmd = ELF_C_READ;
				while (!found && (member = elf_begin(fd, cmd, elf))) {
					Elf_Arhdr *ah = elf_getarhdr(member);
					if (elf_kind(member) == ELF_K_ELF && hp_elf_defines(member, sym)) {
						hp_fmt(by, len, "%s(%s)", d->prebuilt.v[i], ah ? ah->ar_name : "?");
						found = 1;
					}
					cmd = elf_next(member);
					elf_end(member);
				}
			} else if (elf_kind(elf) == ELF_K_ELF && hp_elf_defines(elf, sym)) {
				hp_fmt(by, len, "%s", d->prebuilt.v[i]);
				found = 1;
			}
			elf_end(elf);
		}
		close(fd);
		if (found)
			return 1;
	}
	return 0;
}
