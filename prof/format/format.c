/*
 * format.c - published number formats (see format.h).
 */
#include "format.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

char *hp_format_share(double part, double whole, char *buf, size_t len)
{
	double tenths; /* the share in tenths of a percent, rounded half-up */

	if (!(whole > 0) || !(part > 0)) {
		snprintf(buf, len, "0.0%%");
		return buf;
	}
	tenths = floor(part * 1000.0 / whole + 0.5);
	if (tenths >= 100.0)
		snprintf(buf, len, "%.0f%%", floor(part * 100.0 / whole + 0.5));
	else
		snprintf(buf, len, "%.1f%%", tenths / 10.0);
	return buf;
}

char *hp_format_calls(uint64_t calls, uint64_t ops, char *buf, size_t len)
{
	snprintf(buf, len, "%.3g", ops ? (double)calls / (double)ops : 0.0);
	return buf;
}

char *hp_format_call_list(const uint64_t calls[HP_FN_COUNT], uint64_t ops, int include_init, char *buf, size_t len)
{
	size_t used = 0;
	unsigned last = include_init ? HP_FN_COUNT : HP_FN_DRNG_INIT;

	buf[0] = '\0';
	for (unsigned fn = 0; fn < last; fn++) {
		char num[32];

		if (!calls[fn])
			continue;
		hp_format_calls(calls[fn], ops, num, sizeof num);
		int n = snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "", hp_fn_label(fn), num);
		if (n < 0 || (size_t)n >= len - used) {
			buf[used] = '\0'; /* whole items only: "pseudoXOF 8" would be a wrong number */
			break;
		}
		used += (size_t)n;
	}
	return buf;
}

char *hp_format_seconds(double s, char *buf, size_t len)
{
	static const struct {
		double scale;
		const char *unit;
	} units[] = {
		{ 1.0, "s" },
		{ 1e-3, "ms" },
		{ 1e-6, "us" },
		{ 1e-9, "ns" },
	};
	size_t i = 0;

	while (i + 1 < sizeof units / sizeof units[0] && s < units[i].scale)
		i++;
	/* "%.3g" prints anything that rounds to 1000 as "1e+03": take the
	 * next larger unit, and whole seconds from 1000 s up. */
	while (i > 0 && s / units[i].scale >= 999.5)
		i--;
	if (s >= 999.5)
		snprintf(buf, len, "%.0f s", s);
	else
		snprintf(buf, len, "%.3g %s", s / units[i].scale, units[i].unit);
	return buf;
}
