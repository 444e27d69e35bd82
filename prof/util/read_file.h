/*
 * read_file.h - a whole file into memory, for the builder (recipes, logs,
 * manifests), records (prof/record/record_io.c) and published pages
 * (prof/record/published.c).
 */
#ifndef HP_UTIL_READ_FILE_H
#define HP_UTIL_READ_FILE_H

#include <stddef.h>

/*
 * The whole file at path in a new buffer (free it), with a '\0' after its
 * bytes (which may hold NULs); *len gets their number (len may be NULL).
 * max > 0 refuses a file of max bytes or more.  NULL with errno set when
 * it fails: the open(2) or read(2) error, EFBIG when the file reached max,
 * ENOMEM when out of memory.  The descriptor is close-on-exec.
 */
char *hp_util_read_file(const char *path, size_t max, size_t *len);

#endif
