/*
 * candidates.c - the candidate registry (see candidates.h).
 */
#include "config.h"
#include "candidates.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "elf_info.h"
#include "instance.h"
#include "module.h"
#include "util/search_path.h"

#define HP_CAND_DIRS_MAX 16

int hp_candidate_is_placeholder(const struct hp_candidate *c)
{
	return c->helpers == 0;
}

char *hp_candidate_helper_list(unsigned helpers, char *buf, size_t len)
{
	static const unsigned order[] = { HP_FN_PSEUDOHASH, HP_FN_XOF, HP_FN_SM3 };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (helpers & HP_TAPE_BIT(order[i]) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 hp_fn_name(order[i]));
	if (!buf[0])
		snprintf(buf, len, "none");
	return buf;
}

/* ---------- the built-ins ---------- */

static void hp_candidate_from_builtin(const struct hp_builtin_candidate *b, struct hp_candidate *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", b->name);
	snprintf(c->construction, sizeof c->construction, "%s", b->construction);
	snprintf(c->origin, sizeof c->origin, "%s", b->helpers ? "OpenSSL EVP (built in)" : "the instance (built in)");
	c->digest_bits = b->digest_bits;
	c->helpers = b->helpers;
}

/* ---------- modules ---------- */

void hp_candidate_user_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (xdg && *xdg)
		snprintf(buf, len, "%s/hashprof/candidates", xdg);
	else
		snprintf(buf, len, "%s/.local/share/hashprof/candidates", home && *home ? home : ".");
}

static size_t hp_candidate_dirs(char dirs[HP_CAND_DIRS_MAX][PATH_MAX])
{
	const char *env = getenv("HASHPROF_HASH_PATH");
	size_t n = hp_util_path_split(env, dirs, 0, HP_CAND_DIRS_MAX - 2);
	hp_candidate_user_dir(dirs[n++], PATH_MAX);
	snprintf(dirs[n++], PATH_MAX, "%s/candidates", HP_PKGLIBDIR);
	return n;
}

void hp_candidate_path_string(char *buf, size_t len)
{
	static char dirs[HP_CAND_DIRS_MAX][PATH_MAX];

	hp_util_path_join(dirs, hp_candidate_dirs(dirs), buf, len);
}

/* The value of "key=" in the section's lines into dst ("" when absent). */
static void hp_info_field(const char *text, const char *key, char *dst, size_t cap)
{
	size_t klen = strlen(key);

	dst[0] = '\0';
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			size_t vlen = strcspn(p + klen + 1, "\n");
			snprintf(dst, cap, "%.*s", (int)vlen, p + klen + 1);
			return;
		}
}

/* The candidate module at path into c: 0, or 1 when it is none (no
 * readable .hashprof section with the candidate magic and a name). */
static int hp_candidate_read(const char *path, struct hp_candidate *c)
{
	char *text, helpers[128], bits[16];
	size_t len;

	memset(c, 0, sizeof *c);
	/* a module built for another architecture cannot be loaded here: it
	 * is no candidate of this hashprof's (as an instance, instance.h) */
	if (hp_instance_foreign(path))
		return 1;
	if (hp_elf_section_text(path, HP_ELF_SECTION, &text, &len) != 0)
		return 1;
	if (strncmp(text, HP_CAND_MODULE_MAGIC, strlen(HP_CAND_MODULE_MAGIC))) {
		free(text);
		return 1;
	}
	hp_info_field(text, "name", c->name, sizeof c->name);
	hp_info_field(text, "construction", c->construction, sizeof c->construction);
	hp_info_field(text, "origin", c->origin, sizeof c->origin);
	hp_info_field(text, "helpers", helpers, sizeof helpers);
	hp_info_field(text, "digest_bits", bits, sizeof bits);
	free(text);
	c->digest_bits = (unsigned)strtoul(bits, NULL, 10);
	for (char *h = strtok(helpers, ","); h; h = strtok(NULL, ",")) {
		int fn = hp_fn_of_name(h);
		if (fn == HP_FN_XOF || fn == HP_FN_PSEUDOHASH || fn == HP_FN_SM3)
			c->helpers |= HP_TAPE_BIT(fn);
	}
	/* every candidate stands in for pseudohash and pseudoXOF (candidate.h) */
	c->helpers |= HP_CAND_HELPERS_DEFAULT;
	snprintf(c->path, sizeof c->path, "%s", path);
	return hp_name_valid(c->name) ? 0 : 1;
}

/* Is name taken by one of all[0..n)? */
static int hp_candidate_taken(const struct hp_candidate *all, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcasecmp(all[i].name, name))
			return 1;
	return 0;
}

/* Append c to *all (growing it); 0 or -1. */
static int hp_candidate_push(struct hp_candidate **all, size_t *n, size_t *cap, const struct hp_candidate *c)
{
	if (*n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 16;
		struct hp_candidate *grown = realloc(*all, ncap * sizeof *grown);
		if (!grown)
			return -1;
		*all = grown;
		*cap = ncap;
	}
	(*all)[(*n)++] = *c;
	return 0;
}

static int hp_candidate_cmp(const void *a, const void *b)
{
	return strcasecmp(((const struct hp_candidate *)a)->name, ((const struct hp_candidate *)b)->name);
}

long hp_candidate_scan(struct hp_candidate **out)
{
	static char dirs[HP_CAND_DIRS_MAX][PATH_MAX];
	size_t nb, n = 0, cap = 0, nd = hp_candidate_dirs(dirs), first_module;
	const struct hp_builtin_candidate *b = hp_builtin_candidates(&nb);
	struct hp_candidate *all = NULL, c;

	for (size_t i = 0; i < nb; i++) {
		hp_candidate_from_builtin(&b[i], &c);
		if (hp_candidate_push(&all, &n, &cap, &c) != 0)
			goto oom;
	}
	first_module = n;
	for (size_t d = 0; d < nd; d++) {
		DIR *dir = opendir(dirs[d]);
		struct dirent *e;
		while (dir && (e = readdir(dir))) {
			size_t len = strlen(e->d_name);
			char path[PATH_MAX];
			if (len < 4 || strcmp(e->d_name + len - 3, ".so") ||
			    (size_t)snprintf(path, sizeof path, "%s/%s", dirs[d], e->d_name) >= sizeof path)
				continue;
			if (hp_candidate_read(path, &c) != 0 || hp_candidate_taken(all, n, c.name))
				continue;
			if (hp_candidate_push(&all, &n, &cap, &c) != 0) {
				closedir(dir);
				goto oom;
			}
		}
		if (dir)
			closedir(dir);
	}
	if (n > first_module)
		qsort(all + first_module, n - first_module, sizeof *all, hp_candidate_cmp);
	*out = all;
	return (long)n;
oom:
	free(all);
	return -1;
}

/* ---------- a --hash list ---------- */

/* "placeholder, SHAKE128, ..." into buf. */
static void hp_candidate_names(const struct hp_candidate *all, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", all[i].name);
}

/* Add c to out[0..*n) unless it is there; -1 with err when out is full. */
static int hp_candidate_take(const struct hp_candidate *c, struct hp_candidate out[HP_CANDIDATES_MAX], size_t *n,
			     char *err, size_t errlen)
{
	if (hp_candidate_taken(out, *n, c->name))
		return 0;
	if (*n == HP_CANDIDATES_MAX) {
		snprintf(err, errlen, "--hash: more than %d candidates", HP_CANDIDATES_MAX);
		return -1;
	}
	if (hp_candidate_check(c, err, errlen) != 0)
		return -1;
	out[(*n)++] = *c;
	return 0;
}

int hp_candidate_parse(const char *arg, struct hp_candidate out[HP_CANDIDATES_MAX], size_t *n, char *err, size_t errlen)
{
	struct hp_candidate *all = NULL;
	long na = hp_candidate_scan(&all);
	char known[2048], *copy = strdup(arg), *save = NULL;
	int rc = 0;

	*n = 0;
	if (na < 0 || !copy) {
		snprintf(err, errlen, "--hash: out of memory");
		free(all);
		free(copy);
		return -1;
	}
	hp_candidate_names(all, (size_t)na, known, sizeof known);
	if (!strcasecmp(arg, "all")) {
		for (long i = 0; i < na && rc == 0; i++)
			if (!hp_candidate_is_placeholder(&all[i]))
				rc = hp_candidate_take(&all[i], out, n, err, errlen);
	} else {
		if (!*arg || arg[strlen(arg) - 1] == ',') {
			snprintf(err, errlen, "--hash: an empty candidate name in '%s'; known candidates: %s", arg,
				 known);
			rc = -1;
		}
		for (char *name = strtok_r(copy, ",", &save); name && rc == 0; name = strtok_r(NULL, ",", &save)) {
			long k = -1;
			for (long i = 0; i < na && k < 0; i++)
				if (!strcasecmp(all[i].name, name))
					k = i;
			if (k < 0) {
				snprintf(err, errlen, "--hash: unknown candidate '%s'; known candidates: %s (and all)",
					 name, known);
				rc = -1;
			} else {
				rc = hp_candidate_take(&all[k], out, n, err, errlen);
			}
		}
		if (rc == 0 && strstr(arg, ",,")) {
			snprintf(err, errlen, "--hash: an empty candidate name in '%s'; known candidates: %s", arg,
				 known);
			rc = -1;
		}
	}
	free(copy);
	free(all);
	return rc;
}

/* The exported functions a module of these helpers must have. */
static size_t hp_candidate_symbols(unsigned helpers, const char *syms[3])
{
	size_t n = 0;

	syms[n++] = HP_CAND_SYM_PSEUDOHASH;
	syms[n++] = HP_CAND_SYM_XOF;
	if (helpers & HP_TAPE_BIT(HP_FN_SM3))
		syms[n++] = HP_CAND_SYM_SM3;
	return n;
}

int hp_candidate_check(const struct hp_candidate *c, char *err, size_t errlen)
{
	const char *syms[3];
	size_t n;

	if (!c->path[0])
		return 0;
	n = hp_candidate_symbols(c->helpers, syms);
	for (size_t i = 0; i < n; i++) {
		int rc = hp_elf_exports(c->path, syms[i]);
		if (rc < 0) {
			snprintf(err, errlen, "--hash: candidate %s: cannot read %s", c->name, c->path);
			return -1;
		}
		if (rc == 0) {
			snprintf(err, errlen,
				 "--hash: candidate %s: %s does not export %s, a function of the candidate module API "
				 "(rebuild it with `hashprof build --hash`)",
				 c->name, c->path, syms[i]);
			return -1;
		}
	}
	return 0;
}

int hp_candidate_load(struct hp_candidate *c, char *err, size_t errlen)
{
	const char *syms[3];
	void **slots[3];
	size_t n;

	if (hp_candidate_is_placeholder(c))
		return 0;
	if (!c->path[0]) {
		size_t nb;
		const struct hp_builtin_candidate *b = hp_builtin_candidates(&nb);
		for (size_t i = 0; i < nb; i++)
			if (!strcmp(b[i].name, c->name)) {
				c->pseudohash = b[i].pseudohash;
				c->pseudoXOF = b[i].pseudoXOF;
				return 0;
			}
		snprintf(err, errlen, "candidate %s: not a built-in", c->name);
		return -1;
	}
	if (!(c->dl = dlopen(c->path, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(err, errlen, "candidate %s: cannot load %s: %s", c->name, c->path, dlerror());
		return -1;
	}
	n = hp_candidate_symbols(c->helpers, syms);
	slots[0] = (void **)&c->pseudohash;
	slots[1] = (void **)&c->pseudoXOF;
	slots[2] = (void **)&c->sm3hash;
	for (size_t i = 0; i < n; i++)
		if (!(*slots[i] = dlsym(c->dl, syms[i]))) {
			snprintf(err, errlen, "candidate %s: %s does not export %s", c->name, c->path, syms[i]);
			return -1;
		}
	return 0;
}
