/*
 * ops.c - the kind table (see ops.h).
 */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct hp_kind_ops *hp_kind_ops(const char *kind)
{
	static const struct hp_kind_ops *const kinds[] = { &hp_sig_ops, &hp_kem_ops, &hp_kex_ops };

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcmp(kinds[i]->kind, kind))
			return kinds[i];
	return NULL;
}

int hp_kind_has_op(const struct hp_kind_ops *k, const char *op)
{
	for (const char *const *o = k->operations; *o; o++)
		if (!strcmp(*o, op))
			return 1;
	return 0;
}

void hp_kind_op_list(const struct hp_kind_ops *k, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const char *const *o = k->operations; *o && used < len; o++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", *o);
}

/* Schemes sometimes write a few bytes past the length they announce; the
 * guard keeps that from corrupting the driver's own memory. */
#define HP_GUARD 64

void *hp_ops_alloc(unsigned long long n, const char *what, char *err, size_t errlen)
{
	void *p = n < (1ull << 32) ? calloc(1, (size_t)n + HP_GUARD) : NULL;

	if (!p)
		snprintf(err, errlen, "cannot allocate %llu bytes for the %s", n, what);
	return p;
}
