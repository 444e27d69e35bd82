/*
 * sites_output.h - the call-site outputs of a run: --folded FILE (folded
 * stacks) and --flame-graph FILE.svg (prof/callsites/report.h, prof/callsites/flame.h).
 */
#ifndef HP_SITES_OUTPUT_H
#define HP_SITES_OUTPUT_H

#include <stddef.h>

#include "record/result.h"

/*
 * Before measuring: can folded and flame (either may be NULL) be written
 * (a regular file or none yet, in a folder where files can be created),
 * and are they two files (output_file.h's hp_outputs_apart)?  Returns 0,
 * or -1 with a one-line reason naming the option and the file in err.
 */
int hp_sites_outputs_prepare(const char *folded, const char *flame, char *err, size_t errlen);

/*
 * After measuring: the rows' call sites to folded and flame, each
 * atomically (either may be NULL).  A file that cannot be written is
 * named in one line on stderr; returns how many could not be (0: all).
 */
unsigned hp_sites_outputs_write(const char *folded, const char *flame, const struct hp_result *rows, size_t nrows);

#endif
