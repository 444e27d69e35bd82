/*
 * search_path.c - colon-separated folder lists (see search_path.h).
 */
#include "search_path.h"

#include <stdio.h>
#include <string.h>

size_t hp_util_path_split(const char *list, char (*dirs)[PATH_MAX], size_t n, size_t max)
{
	while (list && *list && n < max) {
		const char *colon = strchr(list, ':');
		size_t len = colon ? (size_t)(colon - list) : strlen(list);
		if (len && len < PATH_MAX) {
			memcpy(dirs[n], list, len);
			dirs[n++][len] = '\0';
		}
		list = colon ? colon + 1 : NULL;
	}
	return n;
}

void hp_util_path_join(char (*dirs)[PATH_MAX], size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ":" : "", dirs[i]);
}
