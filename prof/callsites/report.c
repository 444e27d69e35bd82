/*
 * report.c - call sites as text and folded stacks (see
 * report.h).
 */
#include "report.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "format/format.h"
#include "measure/shares.h"
#include "part.h"

/* Ticks of `ticks` over `calls` calls, corrected like the row's (shares.h:
 * the calibrated part inside the helper, and the recorder's measured in
 * the operation). */
static double hp_site_ticks(const struct hp_result *r, int raw, uint64_t calls, uint64_t ticks)
{
	double t = (double)ticks;

	if (!raw && r->overhead_valid)
		t -= (r->overhead_inside_ticks +
		      (hp_sites_c(r)->insitu_valid ? hp_sites_c(r)->insitu_inside_ticks : 0)) *
		     (double)calls;
	return t > 0 ? t : 0;
}

static void hp_print_path(FILE *out, const struct hp_result_site *s)
{
	fputs("        ", out);
	if (s->cut)
		fputs("... > ", out);
	for (size_t k = 0; k < s->nframes; k++) {
		const struct hp_site_frame *f = &s->frames[k];
		fprintf(out, "%s%s%s%s > ", f->function, f->where[0] ? " (" : "", f->where, f->where[0] ? ")" : "");
	}
	fprintf(out, "%s\n", hp_fn_name(s->fn));
}

static void hp_print_row_sites(FILE *out, const struct hp_result *r, int raw)
{
	struct hp_shares sh;
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], lost = 0;
	double ops = r->operations ? (double)r->operations : 1;

	hp_shares_of_result(r, raw, &sh);
	hp_result_fn_totals(r, calls, nested, ticks);
	if (hp_sites_c(r)->depth)
		fprintf(out, "\ncall sites of %s %s (the innermost %u frames; shares of the operation, %s):\n",
			r->instance, r->operation, hp_sites_c(r)->depth, raw ? "uncorrected" : "corrected");
	else
		fprintf(out, "\ncall sites of %s %s (whole paths; shares of the operation, %s):\n", r->instance,
			r->operation, raw ? "uncorrected" : "corrected");
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		char num[32], share[32];
		if (!calls[fn])
			continue;
		hp_format_calls(calls[fn], r->operations, num, sizeof num);
		hp_format_share(sh.fn_ticks[fn], sh.total_ticks, share, sizeof share);
		fprintf(out, "  %s: %s calls/op, %s\n", hp_fn_name(fn), num, share);
		for (size_t i = 0; i < hp_sites_c(r)->nsites; i++) {
			const struct hp_result_site *s = &hp_sites_c(r)->sites[i];
			if (s->fn != fn)
				continue;
			hp_format_calls(s->calls, r->operations, num, sizeof num);
			double t = hp_site_ticks(r, raw, s->calls, s->ticks);
			hp_format_share(t, sh.total_ticks, share, sizeof share);
			fprintf(out, "    %8s calls/op  %9.3g ticks/op  %6s  %s\n", num, t / ops, share,
				s->nframes ? hp_callsite_name(s) : "(the API function itself)");
			hp_print_path(out, s);
		}
		if (hp_sites_c(r)->lost_calls[fn]) {
			hp_format_calls(hp_sites_c(r)->lost_calls[fn], r->operations, num, sizeof num);
			double t = hp_site_ticks(r, raw, hp_sites_c(r)->lost_calls[fn], hp_sites_c(r)->lost_ticks[fn]);
			hp_format_share(t, sh.total_ticks, share, sizeof share);
			fprintf(out, "    %8s calls/op  %9.3g ticks/op  %6s  (no call path)\n", num, t / ops, share);
		}
		lost += hp_sites_c(r)->lost_calls[fn];
	}
	if (lost)
		fprintf(out,
			"  note: %llu call%s without a call path (the unwinder did not reach the API function, "
			"or the path table was full): counted in the row, in no site\n",
			(unsigned long long)lost, lost == 1 ? "" : "s");
	if (hp_sites_c(r)->insitu_valid)
		fprintf(out,
			"  the recorder's cost, measured in the operation (%u samples with and without it): "
			"%.0f %s/call added, %.0f of them inside the helpers; the shares are corrected for it\n",
			hp_sites_c(r)->insitu_samples, hp_sites_c(r)->insitu_added_ticks,
			r->clock_unit[0] ? r->clock_unit : "ticks", hp_sites_c(r)->insitu_inside_ticks);
	else if (hp_sites_c(r)->insitu_implausible) /* the row's note gives the figures, once */
		fprintf(out, "  the recorder's cost was not applied (the row's note says why); the "
			     "shares are not corrected for it\n");
	else
		fprintf(out, "  note: %s; the shares are not corrected for the recorder's cost\n",
			hp_sites_c(r)->insitu_error[0] ? hp_sites_c(r)->insitu_error
						       : "the recorder's cost was not measured");
	if (hp_sites_c(r)->note[0])
		fprintf(out, "  note: %s\n", hp_sites_c(r)->note);
}

void hp_callsites_print_text(FILE *out, const struct hp_result *rows, size_t nrows, int raw)
{
	for (size_t i = 0; i < nrows; i++)
		if (rows[i].status == HP_STATUS_OK && hp_sites_c(&rows[i])->requested)
			hp_print_row_sites(out, &rows[i], raw);
}

/* ---------- folded stacks ---------- */

struct hp_buf {
	char *s;
	size_t len, cap;
	int oom;
};

static void hp_buf_printf(struct hp_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hp_buf_printf(struct hp_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if ((size_t)n >= b->cap - b->len) {
		size_t cap = 2 * b->cap + (size_t)n + 1;
		char *s = realloc(b->s, cap);
		if (!s) {
			b->oom = 1;
			return;
		}
		b->s = s;
		b->cap = cap;
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

/* A frame name with the folded format's separators replaced. */
static void hp_buf_name(struct hp_buf *b, const char *name)
{
	for (const char *p = name; *p; p++)
		hp_buf_printf(b, "%c", *p == ';' ? ':' : *p == '\n' ? ' ' : *p);
}

char *hp_callsites_folded(const struct hp_result *rows, size_t nrows)
{
	struct hp_buf b = { malloc(4096), 0, 4096, 0 };

	if (!b.s)
		return NULL;
	b.s[0] = '\0';
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], inside = 0;

		if (r->status != HP_STATUS_OK || !hp_sites_c(r)->requested)
			continue;
		hp_result_fn_totals(r, calls, nested, ticks);
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			inside += ticks[fn];
		for (size_t k = 0; k < hp_sites_c(r)->nsites; k++) {
			const struct hp_result_site *s = &hp_sites_c(r)->sites[k];
			if (!s->ticks)
				continue;
			hp_buf_printf(&b, "%s %s;", r->instance, r->operation);
			if (s->cut)
				hp_buf_printf(&b, "...;");
			for (size_t f = 0; f < s->nframes; f++) {
				hp_buf_name(&b, s->frames[f].function);
				hp_buf_printf(&b, ";");
			}
			hp_buf_printf(&b, "%s %llu\n", hp_fn_name(s->fn), (unsigned long long)s->ticks);
		}
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			if (hp_sites_c(r)->lost_ticks[fn])
				hp_buf_printf(&b, "%s %s;(no call path);%s %llu\n", r->instance, r->operation,
					      hp_fn_name(fn), (unsigned long long)hp_sites_c(r)->lost_ticks[fn]);
		if (r->total_ticks > inside)
			hp_buf_printf(&b, "%s %s %llu\n", r->instance, r->operation,
				      (unsigned long long)(r->total_ticks - inside));
	}
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
