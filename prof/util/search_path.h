/*
 * search_path.h - a colon-separated list of folders (HASHPROF_PATH,
 * HASHPROF_HASH_PATH) into an array of folder names, and back into one
 * line: the instances' search (drivers/instance.c) and the candidates'
 * (drivers/candidates.c) read their lists alike.
 */
#ifndef HP_UTIL_SEARCH_PATH_H
#define HP_UTIL_SEARCH_PATH_H

#include <limits.h>
#include <stddef.h>

/* The non-empty entries of list (NULL: none), each shorter than
 * PATH_MAX bytes (a longer one is no folder and is left out), appended
 * to dirs from index n while n < max.  Returns the new n. */
size_t hp_util_path_split(const char *list, char (*dirs)[PATH_MAX], size_t n, size_t max);

/* The n folders of dirs joined by ':' into buf (len bytes; cut short
 * when it does not fit; "" for none). */
void hp_util_path_join(char (*dirs)[PATH_MAX], size_t n, char *buf, size_t len);

#endif
