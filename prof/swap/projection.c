/*
 * projection.c - the projection's arithmetic (see projection.h).
 */
#include "projection.h"

#include <stdio.h>
#include <string.h>

#include "measure/shares.h"

/* The name a subject has in a message: "SHAKE256", "the placeholder". */
static const char *hp_subject_name(const struct hp_cost_subject *s)
{
	return strncmp(s->key, "placeholder", 11) ? s->key : "the placeholder";
}

int hp_project(const struct hp_result *r, unsigned helpers, const struct hp_cost_subject *placeholder,
	       const struct hp_cost_subject *candidate, const struct hp_cost_machine *m, int raw,
	       struct hp_projection *out, char *why, size_t len)
{
	const struct hp_cost_subject *both[2] = { placeholder, candidate };
	struct hp_shares sh;
	double scale, sums[2] = { 0, 0 };
	uint64_t over = 0;

	memset(out, 0, sizeof *out);
	if (r->status != HP_STATUS_OK || !r->operations) {
		snprintf(why, len, "the row has no measured operation");
		return -1;
	}
	if (strcmp(m->unit, r->clock_unit)) {
		snprintf(why, len, "the costs are in %s, the row in %s", m->unit, r->clock_unit);
		return -1;
	}
	if (!(m->rate_hz > 0) || !(r->tick_hz > 0)) {
		snprintf(why, len, "no tick rate to convert the costs with");
		return -1;
	}
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (helpers & HP_TAPE_BIT(fn))
			over += r->overflow[fn].calls + r->overflow[fn].nested;
	if (over) {
		snprintf(why, len, "the shape table overflowed: %llu calls of unknown shape", (unsigned long long)over);
		return -1;
	}
	/* one counter (this machine's, whose rate two measurements give a
	 * little apart): its ticks as they are; another rate: converted */
	scale = r->tick_hz / m->rate_hz;
	if (scale > 1 - HP_PROJECTION_SAME_RATE && scale < 1 + HP_PROJECTION_SAME_RATE)
		scale = 1;
	for (size_t i = 0; i < r->nshapes; i++) {
		const struct hp_result_shape *s = &r->shapes[i];
		double n = (double)(s->calls + s->nested);
		if (s->fn >= HP_FN_COUNT || !(helpers & HP_TAPE_BIT(s->fn)) || n == 0)
			continue;
		for (int k = 0; k < 2; k++) {
			const struct hp_cost *c = hp_cost_find(both[k], s->fn, s->in_bits, s->out_bits);
			if (!c) {
				snprintf(why, len, "no cost of %s for %s (%llu -> %llu bits)",
					 both[k] ? hp_subject_name(both[k]) : "a subject", hp_fn_name(s->fn),
					 (unsigned long long)s->in_bits, (unsigned long long)s->out_bits);
				return -1;
			}
			sums[k] += n * c->median_ticks * scale;
		}
		out->calls += n;
	}
	hp_shares_of_result(r, raw, &sh);
	out->removed_ticks = sums[0];
	out->added_ticks = sums[1];
	out->measured_ticks_per_op = sh.total_ticks / (double)r->operations;
	out->ticks_per_op = (sh.total_ticks - sums[0] + sums[1]) / (double)r->operations;
	return 0;
}
