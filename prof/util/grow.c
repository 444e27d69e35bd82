/*
 * grow.c - room for one more element at the end of a growing array
 * (grow.h).
 */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *hp_grow(void *v, size_t *cap, size_t n, size_t elem, size_t first)
{
	size_t want;
	void *p;

	if (n < *cap)
		return v;
	if (*cap > SIZE_MAX / 2)
		return NULL;
	want = *cap ? 2 * *cap : first;
	if (!want || !elem || want > SIZE_MAX / elem)
		return NULL;
	if (!(p = realloc(v, want * elem)))
		return NULL;
	*cap = want;
	return p;
}
