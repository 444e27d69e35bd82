/*
 * files.c - string vectors, shell-like word splitting and quoting, paths,
 * folder walks and content hashes for the builder (see builder.h).
 */
#include "config.h"
#include "builder.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int hp_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

/* ---------- string vectors ---------- */

int hp_strv_addn(struct hp_strv *sv, const char *s, size_t len)
{
	char *copy;

	if (sv->n + 2 > sv->cap) {
		size_t ncap = sv->cap ? 2 * sv->cap : 8;
		char **grown = realloc(sv->v, ncap * sizeof *grown);
		if (!grown)
			return -1;
		sv->v = grown;
		sv->cap = ncap;
	}
	if (!(copy = malloc(len + 1)))
		return -1;
	memcpy(copy, s, len);
	copy[len] = '\0';
	sv->v[sv->n++] = copy;
	sv->v[sv->n] = NULL;
	return 0;
}

int hp_strv_add(struct hp_strv *sv, const char *s)
{
	return hp_strv_addn(sv, s, strlen(s));
}

int hp_strv_addf(struct hp_strv *sv, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;
	int n, rc;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	rc = hp_strv_addn(sv, s, (size_t)n);
	free(s);
	return rc;
}

int hp_strv_extend(struct hp_strv *sv, const struct hp_strv *other)
{
	for (size_t i = 0; i < other->n; i++)
		if (hp_strv_add(sv, other->v[i]) != 0)
			return -1;
	return 0;
}

long hp_strv_find(const struct hp_strv *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return (long)i;
	return -1;
}

void hp_strv_free(struct hp_strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	memset(sv, 0, sizeof *sv);
}

char *hp_strv_join(const struct hp_strv *sv, const char *sep)
{
	size_t len = 1, slen = strlen(sep);
	char *out, *p;

	for (size_t i = 0; i < sv->n; i++)
		len += strlen(sv->v[i]) + slen;
	if (!(out = malloc(len)))
		return NULL;
	p = out;
	for (size_t i = 0; i < sv->n; i++) {
		size_t l = strlen(sv->v[i]);
		if (i) {
			memcpy(p, sep, slen);
			p += slen;
		}
		memcpy(p, sv->v[i], l);
		p += l;
	}
	*p = '\0';
	return out;
}

/* ---------- words ---------- */

int hp_split_words(const char *s, struct hp_strv *sv)
{
	size_t cap = strlen(s) + 1, len = 0;
	char *word = malloc(cap);
	int in_word = 0, rc = 0;

	if (!word)
		return -1;
	for (const char *p = s;; p++) {
		char c = *p;
		if (c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (in_word && hp_strv_addn(sv, word, len) != 0) {
				rc = -1;
				break;
			}
			in_word = 0;
			len = 0;
			if (c == '\0')
				break;
			continue;
		}
		in_word = 1;
		if (c == '\\' && p[1]) {
			word[len++] = *++p;
		} else if (c == '\'' || c == '"') {
			const char *close = p + 1;
			while (*close && *close != c) {
				if (c == '"' && *close == '\\' && close[1] && strchr("\"\\$`", close[1]))
					close++;
				word[len++] = *close++;
			}
			if (!*close) {
				rc = -1;
				break;
			}
			p = close;
		} else {
			word[len++] = c;
		}
	}
	free(word);
	return rc;
}

/* A byte that no path holds: the kept string stands in for it while the
 * text is split, so that a path with a blank in it stays one word. */
#define HP_KEEP_MARK "\x1f"

/* s with every occurrence of from replaced by to (malloc'd; NULL on OOM). */
static char *hp_replace_all(const char *s, const char *from, const char *to)
{
	size_t nf = strlen(from), nt = strlen(to), count = 0, o = 0;
	char *out;

	if (!nf)
		return strdup(s);
	for (const char *p = s; (p = strstr(p, from)); p += nf)
		count++;
	if (!(out = malloc(strlen(s) + count * (nt > nf ? nt - nf : 0) + 1)))
		return NULL;
	for (const char *p = s, *q; *p; p = q + nf) {
		if (!(q = strstr(p, from))) {
			strcpy(out + o, p);
			return out;
		}
		memcpy(out + o, p, (size_t)(q - p));
		o += (size_t)(q - p);
		memcpy(out + o, to, nt);
		o += nt;
	}
	out[o] = '\0';
	return out;
}

int hp_split_words_keeping(const char *s, const char *keep, struct hp_strv *w)
{
	char *marked = hp_replace_all(s, keep, HP_KEEP_MARK);
	struct hp_strv raw = { 0 };
	int rc = -1;

	if (!marked)
		return -1;
	if (hp_split_words(marked, &raw) == 0) {
		rc = 0;
		for (size_t i = 0; rc == 0 && i < raw.n; i++) {
			char *back = hp_replace_all(raw.v[i], HP_KEEP_MARK, keep);
			rc = !back || hp_strv_add(w, back) ? -1 : 0;
			free(back);
		}
	} else {
		rc = 1; /* not a line we understand (an open quote) */
	}
	free(marked);
	hp_strv_free(&raw);
	return rc;
}

char *hp_shell_quote(const char *s, char *buf, size_t len)
{
	size_t o = 0;
	int plain = *s != '\0';

	for (const char *p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+./,:@%^", *p))
			plain = 0;
	if (!len)
		return buf;
	if (plain) {
		hp_fmt(buf, len, "%s", s);
		return buf;
	}
	buf[o++] = '\'';
	for (const char *p = s; *p && o + 5 < len; p++) {
		if (*p == '\'') {
			memcpy(buf + o, "'\\''", 4);
			o += 4;
		} else {
			buf[o++] = *p;
		}
	}
	if (o + 1 < len)
		buf[o++] = '\'';
	buf[o < len ? o : len - 1] = '\0';
	return buf;
}

char *hp_command_line(char *const argv[])
{
	struct hp_strv q = { 0 };
	char *out;

	for (size_t i = 0; argv[i]; i++) {
		size_t need = 4 * strlen(argv[i]) + 3;
		char *buf = malloc(need);
		if (!buf || hp_strv_add(&q, hp_shell_quote(argv[i], buf, need)) != 0) {
			free(buf);
			hp_strv_free(&q);
			return NULL;
		}
		free(buf);
	}
	out = hp_strv_join(&q, " ");
	hp_strv_free(&q);
	return out;
}

/* ---------- paths ---------- */

int hp_path_abs(const char *base, const char *path, char out[PATH_MAX])
{
	char joined[2 * PATH_MAX], cwd[PATH_MAX];
	char *parts[PATH_MAX / 2];
	size_t np = 0, o = 0;

	if (path[0] == '/') {
		hp_fmt(joined, sizeof joined, "%s", path);
	} else {
		if (!base) {
			if (!getcwd(cwd, sizeof cwd))
				return -1;
			base = cwd;
		}
		hp_fmt(joined, sizeof joined, "%s/%s", base, path);
	}
	for (char *tok = strtok(joined, "/"); tok; tok = strtok(NULL, "/")) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			if (np)
				np--;
			continue;
		}
		if (np == sizeof parts / sizeof parts[0])
			return -1;
		parts[np++] = tok;
	}
	if (np == 0) {
		hp_fmt(out, PATH_MAX, "/");
		return 0;
	}
	for (size_t i = 0; i < np; i++) {
		size_t l = strlen(parts[i]);
		if (o + l + 2 > PATH_MAX)
			return -1;
		out[o++] = '/';
		memcpy(out + o, parts[i], l);
		o += l;
	}
	out[o] = '\0';
	return 0;
}

int hp_path_rel(const char *dir, const char *path, char *out, size_t len)
{
	size_t common = 0, o = 0;

	/* the longest common folder prefix */
	for (size_t i = 0; dir[i] && dir[i] == path[i]; i++)
		if (dir[i + 1] == '\0' ? path[i + 1] == '/' || path[i + 1] == '\0'
				       : dir[i + 1] == '/' && path[i + 1] == '/')
			common = i + 1;
	if (!strcmp(dir, "/"))
		return hp_fmt(out, len, "%s", path[1] ? path + 1 : ".") < (int)len ? 0 : -1;
	out[0] = '\0';
	for (const char *p = dir + common; *p; p++)
		if (*p == '/')
			o += (size_t)hp_fmt(out + o, o < len ? len - o : 0, "%s..", o ? "/" : "");
	if (path[common] == '/')
		common++;
	if (path[common])
		o += (size_t)hp_fmt(out + o, o < len ? len - o : 0, "%s%s", o ? "/" : "", path + common);
	if (!o)
		o = (size_t)hp_fmt(out, len, ".");
	return o < len ? 0 : -1;
}

int hp_is_tier_folder(const char *name)
{
	for (const char *p = name; *p; p++)
		if (!strncasecmp(p, "implementation", 14))
			return 1;
	return 0;
}

const char *hp_path_below(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	if (n && !strncmp(path, dir, n) && path[n] == '/')
		return path + n + 1;
	if (!strcmp(path, dir))
		return ".";
	return path;
}

int hp_mkdirs(const char *path)
{
	char tmp[PATH_MAX];
	size_t n = strlen(path);

	if (n == 0 || n >= sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(tmp, path, n + 1);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

static int hp_rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return (flag == FTW_DP ? rmdir(path) : unlink(path)) != 0 && errno != ENOENT ? -1 : 0;
}

int hp_rmtree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, hp_rm_one, 16, FTW_DEPTH | FTW_PHYS) != 0 ? -1 : 0;
}

int hp_append_file(int fd, const char *src)
{
	size_t len;
	char *data = hp_util_read_file(src, 0, &len);
	int rc;

	if (!data)
		return -1;
	rc = hp_util_write_all(fd, data, len);
	free(data);
	return rc;
}

/* ---------- hashes ---------- */

uint64_t hp_fnv(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

int hp_hash_file(const char *path, uint64_t *hash, uint64_t *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	unsigned char buf[65536];
	uint64_t h = HP_FNV_INIT, n = 0;
	ssize_t got;

	if (fd < 0)
		return -1;
	while ((got = read(fd, buf, sizeof buf)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -1;
		}
		h = hp_fnv(h, buf, (size_t)got);
		n += (uint64_t)got;
	}
	close(fd);
	*hash = h;
	*size = n;
	return 0;
}

/* ---------- folder walks ---------- */

static int hp_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int hp_walk(const char *dir, const char *rel, struct hp_strv *out, int depth)
{
	char path[PATH_MAX];
	DIR *d;
	struct dirent *e;
	struct hp_strv names = { 0 };
	int rc = 0;

	hp_fmt(path, sizeof path, "%s%s%s", dir, rel[0] ? "/" : "", rel);
	if (!(d = opendir(path)))
		return depth ? 0 : -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && hp_strv_add(&names, e->d_name) != 0) {
			rc = -1;
			break;
		}
	closedir(d);
	if (names.n)
		qsort(names.v, names.n, sizeof *names.v, hp_cmp_str);
	for (size_t i = 0; rc == 0 && i < names.n; i++) {
		char sub[PATH_MAX], full[PATH_MAX];
		struct stat lst, st;

		if ((size_t)hp_fmt(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", names.v[i]) >= sizeof sub)
			continue;
		hp_fmt(full, sizeof full, "%s/%s", dir, sub);
		if (lstat(full, &lst) != 0 || stat(full, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (!S_ISLNK(lst.st_mode) && depth < 32)
				rc = hp_walk(dir, sub, out, depth + 1);
		} else if (S_ISREG(st.st_mode)) {
			rc = hp_strv_add(out, sub);
		}
	}
	hp_strv_free(&names);
	return rc;
}

int hp_walk_files(const char *dir, struct hp_strv *out)
{
	return hp_walk(dir, "", out, 0);
}

int hp_copy_files(const char *src, const char *dst, const struct hp_strv *rel, unsigned long long link_above)
{
	for (size_t i = 0; i < rel->n; i++) {
		char from[PATH_MAX], to[PATH_MAX], dir[PATH_MAX], buf[65536];
		struct stat st;
		int in, out;
		ssize_t got;
		char *slash;

		if ((size_t)hp_fmt(from, sizeof from, "%s/%s", src, rel->v[i]) >= sizeof from ||
		    (size_t)hp_fmt(to, sizeof to, "%s/%s", dst, rel->v[i]) >= sizeof to) {
			errno = ENAMETOOLONG;
			return -1;
		}
		hp_fmt(dir, sizeof dir, "%s", to);
		if ((slash = strrchr(dir, '/')))
			*slash = '\0';
		if (hp_mkdirs(dir) != 0 || (in = open(from, O_RDONLY | O_CLOEXEC)) < 0)
			return -1;
		if (fstat(in, &st) != 0) {
			close(in);
			return -1;
		}
		if (link_above && (unsigned long long)st.st_size > link_above) {
			/* a big file (test vectors, data): pointed at, not copied */
			close(in);
			unlink(to);
			if (symlink(from, to) != 0)
				return -1;
			continue;
		}
		if ((out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, (st.st_mode & 0777) | 0600)) < 0) {
			close(in);
			return -1;
		}
		while ((got = read(in, buf, sizeof buf)) != 0) {
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0 || hp_util_write_all(out, buf, (size_t)got) != 0) {
				got = -1;
				break;
			}
		}
		close(in);
		if (close(out) != 0 || got < 0)
			return -1;
	}
	return 0;
}
