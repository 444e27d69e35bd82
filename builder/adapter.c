/*
 * adapter.c - which file is an NGCC adapter header (see builder.h), the
 * one rule `hashprof build` (folders.c, detect.c, buildsys.c) and
 * `hashprof campaign` (drivers/campaign/find.c) use to tell an instance
 * folder, so that the two never disagree about what is one.
 *
 * The API's adapter is SIG_AlgorithmInstance.{c,h} (KEM_, KEX_;
 * ngcc-api.md), but real Round-1 packages name it after the instance
 * (KEX_<NAME>.h, SIG_TOYREN.h): a header with the API's prefix that
 * defines ALGORITHM_INSTANCE is one too.  Without that, a folder of two
 * renamed instances looked like one instance folder and was built from
 * both folders' sources.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The most of a header read to find the #define (renamed adapters are a
 * few KiB; the bound only stops a pathological file). */
#define HP_ADAPTER_READ_MAX (1u << 20)

/* Does text hold a line "#define ALGORITHM_INSTANCE ..." (blanks allowed
 * around '#', the macro name a whole word)? */
static int hp_defines_algorithm_instance(const char *text)
{
	static const char macro[] = "ALGORITHM_INSTANCE";

	for (const char *p = text; (p = strstr(p, macro)); p += sizeof macro - 1) {
		const char *q = p;
		unsigned char after = (unsigned char)p[sizeof macro - 1];
		if (isalnum(after) || after == '_')
			continue;
		/* back over the blanks, "define", the blanks, '#', the blanks */
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q - text < 6 || strncmp(q - 6, "define", 6))
			continue;
		q -= 6;
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q == text || q[-1] != '#')
			continue;
		q--;
		while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q == text || q[-1] == '\n')
			return 1;
	}
	return 0;
}

int hp_adapter_header(const char *dir, const char *name, char kind[4])
{
	size_t n = strlen(name);
	int prefixed = n > 6 && (!strncasecmp(name, "SIG_", 4) || !strncasecmp(name, "KEM_", 4) ||
				 !strncasecmp(name, "KEX_", 4));
	char path[PATH_MAX], *text;
	int yes;

	if (kind)
		kind[0] = '\0';
	if (n < 3 || strcmp(name + n - 2, ".h"))
		return 0;
	if (prefixed && kind) {
		for (int k = 0; k < 3; k++)
			kind[k] = (char)tolower((unsigned char)name[k]);
		kind[3] = '\0';
	}
	if (n > 20 && !strcmp(name + n - 20, "_AlgorithmInstance.h"))
		return 1;
	if (!prefixed || !dir || (size_t)hp_fmt(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
		goto no;
	text = hp_util_read_file(path, HP_ADAPTER_READ_MAX, NULL);
	yes = text && hp_defines_algorithm_instance(text);
	free(text);
	if (yes)
		return 1;
no:
	if (kind)
		kind[0] = '\0';
	return 0;
}

int hp_adapter_header_rel(const char *root, const char *rel, char kind[4])
{
	const char *slash = strrchr(rel, '/');
	char dir[PATH_MAX];

	if (!slash)
		return hp_adapter_header(root, rel, kind);
	hp_fmt(dir, sizeof dir, "%s/%.*s", root, (int)(slash - rel), rel);
	return hp_adapter_header(dir, slash + 1, kind);
}
