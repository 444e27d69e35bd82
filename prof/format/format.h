/*
 * format.h - the published number formats (docs/method.md, "Counting and
 * timing").
 */
#ifndef HP_FORMAT_H
#define HP_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "hp_wrap.h"

/*
 * Format the share part/whole as the published tables do: from 10% up as
 * an integer ("88%"), below with one decimal ("0.5%"), "0.0%" when nothing
 * was measured (whole == 0) or the share rounds to zero.  Rounding is
 * half-up on the exact ratio, so 995/10000 prints "10%" and 9949/100000
 * prints "9.9%".  part and whole are in the same unit (ticks); buf needs 8
 * bytes.  Returns buf.
 */
char *hp_format_share(double part, double whole, char *buf, size_t len);

/*
 * Format mean calls per operation with 3 significant digits, as C's "%.3g"
 * (8.61, 210, 1.79e+05).  calls: total outermost calls; ops: operations
 * measured (> 0).  Returns buf.
 */
char *hp_format_calls(uint64_t calls, uint64_t ops, char *buf, size_t len);

/*
 * The "calls per operation" cell: "drng 1, pseudoXOF 8.61, pseudohash
 * 8.61".  calls[fn] are total outermost calls per enum hp_fn over `ops`
 * operations; functions with zero calls are omitted; order drng, pseudoXOF,
 * pseudohash, sm3hash (the enum order).  init_random_number is printed
 * last as "drng_init" only when include_init is set (the published tables
 * never wrapped it).  Empty string when every count is zero.  Returns buf.
 */
char *hp_format_call_list(const uint64_t calls[HP_FN_COUNT], uint64_t ops, int include_init, char *buf, size_t len);

/*
 * A duration in seconds with a unit chosen for 3-4 significant digits:
 * "812 ns", "35.2 us", "1.23 ms", "2.50 s".  Returns buf.
 */
char *hp_format_seconds(double seconds, char *buf, size_t len);

#endif
