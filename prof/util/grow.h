/*
 * grow.h - room for one more element at the end of a growing array, the
 * one doubling rule of every such array (the cost cache's subjects and
 * shapes, the loaded records, the dry run's commands, the campaign's
 * folders, the candidates' wanted costs).
 */
#ifndef HP_UTIL_GROW_H
#define HP_UTIL_GROW_H

#include <stddef.h>

/*
 * The array v (of *cap elements of elem bytes, n of them used, n <= *cap)
 * with room for element n: v itself when n < *cap; else v reallocated to
 * twice *cap elements (first when *cap is 0), *cap updated.  NULL when out
 * of memory or when the new size would overflow size_t: v is then
 * untouched and still the caller's, *cap unchanged.  elem > 0, first > 0.
 */
void *hp_grow(void *v, size_t *cap, size_t n, size_t elem, size_t first);

#endif
