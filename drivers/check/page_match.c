/*
 * page_match.c - a published page's names matched to the instances built
 * here (see page_match.h for the rules and their order).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ngcc/ngcc.h"
#include "page_match.h"
#include "util/read_file.h"

#define HP_MAP_FILE_MAX (1u << 20) /* bytes: a map of every Round-1 name is some 20 KiB */

char *hp_page_normalise(const char *name, char *buf, size_t len)
{
	size_t n = 0;

	for (const unsigned char *s = (const unsigned char *)name; *s && n + 1 < len; s++) {
		/* U+0251 LATIN SMALL LETTER ALPHA (CEDRUSɑ) and U+03B1 GREEK SMALL LETTER ALPHA */
		if ((s[0] == 0xc9 && s[1] == 0x91) || (s[0] == 0xce && s[1] == 0xb1)) {
			for (const char *a = "alpha"; *a && n + 1 < len; a++)
				buf[n++] = *a;
			s++;
			continue;
		}
		if (*s == '-' || *s == '_' || *s == ' ' || *s == '\t')
			continue;
		buf[n++] = (char)tolower(*s);
	}
	buf[n] = '\0';
	return buf;
}

/* name without a build suffix ("_REF", "-ref", " reference", any case,
 * after '-', '_' or a blank) into buf; *suffix points at the suffix in
 * name ("" when none).  Returns buf. */
static char *hp_strip_build_suffix(const char *name, char *buf, size_t len, const char **suffix)
{
	static const char *const words[] = { "ref", "reference" };
	size_t n = strlen(name);

	*suffix = name + n;
	snprintf(buf, len, "%s", name);
	for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
		size_t w = strlen(words[k]);
		if (n > w + 1 && !strcasecmp(name + n - w, words[k]) && strchr("-_ ", name[n - w - 1])) {
			*suffix = name + n - w - 1;
			if ((size_t)(*suffix - name) < len)
				buf[*suffix - name] = '\0';
			break;
		}
	}
	return buf;
}

/* The last component of a path. */
static const char *hp_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s && s[1] ? s + 1 : path;
}

/* Does the page name (normalised: want) equal the instance's name without
 * its suffix and trailing digits, followed by the value of one of its
 * -DNAME=VALUE flags?  The flag into flag. */
static int hp_paramset_match(const char *want, const struct hp_instance *in, char *flag, size_t flaglen)
{
	char stem[HP_NAME_MAX + 1], norm[2 * HP_NAME_MAX + 8], cand[4 * HP_NAME_MAX];
	const char *suffix, *p = in->cflags;
	size_t n;

	hp_page_normalise(hp_strip_build_suffix(in->name, stem, sizeof stem, &suffix), norm, sizeof norm);
	n = strlen(norm);
	while (n && isdigit((unsigned char)norm[n - 1]))
		n--;
	norm[n] = '\0';
	if (!n)
		return 0;
	while ((p = strstr(p, "-D"))) {
		const char *eq, *end;
		p += 2;
		end = p + strcspn(p, " \t");
		eq = memchr(p, '=', (size_t)(end - p));
		if (eq && eq + 1 < end && (size_t)(end - eq - 1) < HP_NAME_MAX) {
			char val[HP_NAME_MAX + 1], nv[2 * HP_NAME_MAX + 8];
			int alnum = 1;
			memcpy(val, eq + 1, (size_t)(end - eq - 1));
			val[end - eq - 1] = '\0';
			for (const char *v = val; *v && alnum; v++)
				alnum = isalnum((unsigned char)*v) || *v == '-' || *v == '_';
			snprintf(cand, sizeof cand, "%s%s", norm, hp_page_normalise(val, nv, sizeof nv));
			if (alnum && !strcmp(cand, want)) {
				snprintf(flag, flaglen, "-D%.*s", (int)(end - p), p);
				return 1;
			}
		}
		p = end;
	}
	return 0;
}

/* Does instance in match the page name (normalised: want) by rule how?
 * The phrase for the messages into why. */
static int hp_rule(enum hp_page_how how, const char *page, const char *want, const struct hp_instance *in, char *why,
		   size_t whylen)
{
	char buf[PATH_MAX], norm[2 * PATH_MAX];
	const char *suffix;

	switch (how) {
	case HP_PAGE_EXACT:
		snprintf(why, whylen, "the same name");
		return !strcmp(page, in->name);
	case HP_PAGE_NORMALISED:
		snprintf(why, whylen, "the same name but for case, '-', '_' and blanks");
		return !strcmp(want, hp_page_normalise(in->name, norm, sizeof norm));
	case HP_PAGE_SUFFIX:
		hp_strip_build_suffix(in->name, buf, sizeof buf, &suffix);
		snprintf(why, whylen, "its name without the build suffix '%s'", suffix);
		return *suffix && !strcmp(want, hp_page_normalise(buf, norm, sizeof norm));
	case HP_PAGE_FOLDER:
		if (!in->origin[0])
			return 0;
		hp_strip_build_suffix(hp_base(in->origin), buf, sizeof buf, &suffix);
		snprintf(why, whylen, "the folder it was built from, %s", in->origin);
		return !strcmp(want, hp_page_normalise(buf, norm, sizeof norm));
	case HP_PAGE_PARAMSET:
		if (!hp_paramset_match(want, in, buf, sizeof buf))
			return 0;
		snprintf(why, whylen, "its name and its parameter set %s", buf);
		return 1;
	default:
		return 0;
	}
}

enum hp_page_how hp_page_match(const char *page_name, const struct hp_instance *all, size_t n,
			       const struct hp_page_map *map, size_t *idx, char *why, size_t whylen)
{
	static const enum hp_page_how rules[] = { HP_PAGE_EXACT, HP_PAGE_NORMALISED, HP_PAGE_SUFFIX, HP_PAGE_FOLDER,
						  HP_PAGE_PARAMSET };
	char want[2 * HP_PAGE_NAME_MAX + 8], phrase[PATH_MAX + 64];

	why[0] = '\0';
	for (size_t k = 0; map && k < map->n; k++) {
		if (strcmp(map->v[k].page, page_name))
			continue;
		for (size_t i = 0; i < n; i++)
			if (!strcmp(all[i].name, map->v[k].instance)) {
				*idx = i;
				snprintf(why, whylen, "--map line %u", map->v[k].line);
				return HP_PAGE_MAP;
			}
		snprintf(why, whylen, "--map line %u names %s, which is not here", map->v[k].line, map->v[k].instance);
		return HP_PAGE_NONE;
	}
	hp_page_normalise(page_name, want, sizeof want);
	for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
		size_t found = 0, used = 0;
		for (size_t i = 0; i < n; i++) {
			if (!hp_rule(rules[r], page_name, want, &all[i], phrase, sizeof phrase))
				continue;
			if (!found++) {
				*idx = i;
				snprintf(why, whylen, "%s", phrase);
			}
		}
		if (found == 1)
			return rules[r];
		if (found > 1) {
			for (size_t i = 0; i < n && used < whylen; i++)
				if (hp_rule(rules[r], page_name, want, &all[i], phrase, sizeof phrase))
					used += (size_t)snprintf(why + used, whylen - used, "%s%s", used ? ", " : "",
								 all[i].name);
			return HP_PAGE_AMBIGUOUS;
		}
	}
	return HP_PAGE_NONE;
}

/* ---------- --map FILE ---------- */

static int hp_map_fail(char *err, size_t errlen, const char *path, unsigned line, const char *what)
{
	snprintf(err, errlen, "%s:%u: %s", path, line, what);
	return -1;
}

/* One line of the map (NUL-terminated, modified) into m; 0 or -1. */
static int hp_map_line(struct hp_page_map *m, char *text, const char *path, unsigned line, char *err, size_t errlen)
{
	char *tab = strchr(text, '\t'), *page, *inst;
	struct hp_page_map_line *v;

	if (!tab)
		return hp_map_fail(err, errlen, path, line, "not 'PAGE NAME<TAB>INSTANCE' (no tab)");
	*tab = '\0';
	page = hp_published_trim(text);
	inst = hp_published_trim(tab + 1);
	if (!*page || strlen(page) > HP_PAGE_NAME_MAX || strchr(page, '`'))
		return hp_map_fail(err, errlen, path, line,
				   "the page name is empty, longer than 127 bytes or has a '`'");
	if (!hp_name_valid(inst)) {
		char what[160];
		snprintf(what, sizeof what, "'%.64s' is not an instance name (" HP_NAME_RULE ")", inst);
		return hp_map_fail(err, errlen, path, line, what);
	}
	for (size_t k = 0; k < m->n; k++)
		if (!strcmp(m->v[k].page, page)) {
			char what[256];
			snprintf(what, sizeof what, "'%.127s' is mapped on line %u already", page, m->v[k].line);
			return hp_map_fail(err, errlen, path, line, what);
		}
	if (!(v = realloc(m->v, (m->n + 1) * sizeof *v)))
		return hp_map_fail(err, errlen, path, line, "out of memory");
	m->v = v;
	snprintf(v[m->n].page, sizeof v[m->n].page, "%s", page);
	snprintf(v[m->n].instance, sizeof v[m->n].instance, "%s", inst);
	v[m->n].line = line;
	m->n++;
	return 0;
}

int hp_page_map_load(const char *path, struct hp_page_map *m, char *err, size_t errlen)
{
	size_t len;
	char *buf = hp_util_read_file(path, HP_MAP_FILE_MAX, &len), *line, *save = NULL;
	unsigned no = 0;

	m->n = 0;
	m->v = NULL;
	if (!buf) {
		snprintf(err, errlen, "%s: cannot read: %s", path,
			 errno == EFBIG ? "larger than 1 MiB" : strerror(errno));
		return -1;
	}
	if (memchr(buf, '\0', len)) {
		free(buf);
		snprintf(err, errlen, "%s: not a text file (a NUL byte)", path);
		return -1;
	}
	/* strtok_r would skip empty lines and so miscount: split by hand */
	for (line = buf; line && line < buf + len; line = save) {
		char *nl = strchr(line, '\n'), *t;
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		no++;
		t = hp_published_trim(line);
		if (!*t || *t == '#')
			continue;
		if (hp_map_line(m, line, path, no, err, errlen) != 0) {
			hp_page_map_free(m);
			free(buf);
			return -1;
		}
	}
	free(buf);
	return 0;
}

void hp_page_map_free(struct hp_page_map *m)
{
	free(m->v);
	m->v = NULL;
	m->n = 0;
}
