/*
 * write_file.h - writing files whole and atomically, for records and run
 * documents (prof/record/record_io.c) and the builder's manifests, metadata and
 * probes (builder/).
 */
#ifndef HP_UTIL_WRITE_FILE_H
#define HP_UTIL_WRITE_FILE_H

#include <stddef.h>

/*
 * The folder part of path into dir ("." or "/" when it has none); returns
 * the last component (inside path), or NULL when path is empty, ends in
 * '/' or does not fit len.
 */
const char *hp_util_split_path(const char *path, char *dir, size_t len);

/* The longest file name the file system of dir takes, bytes (255 when it
 * does not say). */
size_t hp_util_name_max(const char *dir);

/* Write all len bytes to fd, again after EINTR.  Returns 0, or -1 (errno;
 * EIO when write(2) wrote nothing). */
int hp_util_write_all(int fd, const void *data, size_t len);

/*
 * Replace path with len bytes, atomically: a temporary ".NAME.XXXXXX"
 * (mkstemp; ".hashprof.XXXXXX" when NAME is too long for that) in the
 * same folder, written, given mode 0666 less the umask, fsync'ed and
 * renamed over path, then the folder fsync'ed (where the file system
 * allows it).  A reader sees the old file or the new one, never a part.
 * Refused when path names anything but a regular file (a device, a FIFO,
 * a folder, a symbolic link), which rename(2) would replace.
 * Returns 0, or -1 with errno set (EISDIR for a folder, EEXIST for the
 * others refused) and, when err is not NULL, one line naming path:
 * "PATH: not a file name", "PATH: not a regular file; WHAT are written to
 * regular files only", "PATH: cannot create a temporary file in DIR:
 * REASON", "PATH: cannot write: REASON".  what: what is written ("files"
 * when NULL).
 */
int hp_util_write_file(const char *path, const void *data, size_t len, const char *what, char *err, size_t errlen);

#endif
