/*
 * report.c - table rendering (see report.h).
 */
#include "report.h"

#include "measure/insitu_bound.h"

#include <stdlib.h>
#include <string.h>

#include "callsites/report.h"
#include "format/format.h"
#include "record/published.h"
#include "record/record.h"
#include "measure/batches.h"
#include "measure/shares.h"
#include "swap/matrix.h"
#include "swap/report.h"
#include "format/table_layout.h"
#include "replay/part.h"
#include "own/part.h"
#include "callsites/part.h"

static int hp_raw;
static double hp_noise_pp = 2.0;

void hp_report_configure(int raw, double noise_pp)
{
	hp_raw = raw;
	hp_noise_pp = noise_pp;
}

int hp_report_raw(void)
{
	return hp_raw;
}

double hp_report_noise_pp(void)
{
	return hp_noise_pp;
}

int hp_format_parse(const char *name, enum hp_format *fmt)
{
	static const char *const names[] = { "text", "md", "csv", "json" };

	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i])) {
			*fmt = (enum hp_format)i;
			return 0;
		}
	return -1;
}

/* The cells of one row, as the published tables print them. */
struct hp_cells {
	char hash[16], drng[16], init[16], calls[512], ticks[32], time[32];
	char own[16]; /* the own entries' share; "-" for a row without any */
	char own_calls[512]; /* "prng_refill 38, shake256 2"; "none seen" */
	char hash_spread[32], drng_spread[32]; /* "88% ±0.4" in text output */
	char free_hash[64],
		free_drng[64]; /* the replay shares: "87.9% ±0.4", "~0% (below 0 by noise: -0.52%)", "failed", "-" */
};

/* Does any row have a replay part (so that the tables get its columns)? */
static int hp_any_replay(const struct hp_result *rows, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++)
		if (hp_replay_c(&rows[i])->requested)
			return 1;
	return 0;
}

/* Does any row have own entries (so that the tables get the own column)? */
static int hp_any_own(const struct hp_result *rows, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++)
		if (hp_own_c(&rows[i])->nown)
			return 1;
	return 0;
}

/* "F 38, G 2": outermost calls per operation of each own entry with calls
 * (nested ones too when nested != 0: "G 2 nested"); "" when none. */
static void hp_own_call_list(const struct hp_result *r, int nested, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < hp_own_c(r)->nown; i++) {
		uint64_t n = nested ? hp_own_c(r)->own[i].nested : hp_own_c(r)->own[i].calls;
		char num[32];
		if (!n)
			continue;
		hp_format_calls(n, r->operations, num, sizeof num);
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s %s", o ? ", " : "",
				      hp_own_c(r)->own[i].function, num);
		if (o >= len)
			break;
	}
}

/* A replay share cell: one decimal always, and its
 * spread over the samples in pp, as the window's cells give theirs over
 * the trials ("0.8% ±0.9": a share within its spread of 0 is noise);
 * "failed" (the note says why), "-" for a row measured without --replay.
 * No spread where the record has none (a family not run, fewer than 4
 * samples, a record from before).  A replay share is a difference of
 * timings that noise can put outside 0..100%: "~0% (below 0 by noise:
 * -0.52%)", flagged, never a bare negative share. */
static void hp_replay_cell(const struct hp_result *r, double share, double spread, char *buf, size_t len)
{
	if (!hp_replay_c(r)->requested)
		snprintf(buf, len, "-");
	else if (!hp_replay_c(r)->valid)
		snprintf(buf, len, "failed");
	else if (hp_replay_share_outside(share) < 0) /* never a share below 0 without its flag */
		snprintf(buf, len, "~0%% (below 0 by noise: %.2f%%)", 100.0 * share);
	else if (hp_replay_share_outside(share) > 0)
		snprintf(buf, len, "~100%% (above by noise: %.2f%%)", 100.0 * share);
	else if (spread > 0)
		snprintf(buf, len, "%.1f%% \u00b1%.1f", 100.0 * share, 100.0 * spread);
	else
		snprintf(buf, len, "%.1f%%", 100.0 * share);
}

/* "88% ±0.4": the share and its spread across trials, in pp. */
static void hp_spread_cell(const char *share, const struct hp_result *r, int which, char *buf, size_t len)
{
	if (r->ntrials < 2)
		snprintf(buf, len, "%s", share);
	else
		snprintf(buf, len, "%s \u00b1%.1f", share, hp_shares_spread(r, hp_raw, which));
}

static void hp_row_cells(const struct hp_result *r, struct hp_cells *c)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];
	struct hp_shares sh;
	double per_op;

	hp_result_fn_totals(r, calls, nested, ticks);
	hp_shares_of_result(r, hp_raw, &sh);
	per_op = r->operations ? sh.total_ticks / (double)r->operations : 0;
	/* Ticks over ticks, not the ratio over 1.0: hp_format_share rounds
	 * half-up on the exact ratio (14.5% is "15%"; 0.145 / 1.0 is "14%"). */
	hp_format_share(sh.fn_ticks[HP_FN_PSEUDOHASH] + sh.fn_ticks[HP_FN_XOF] + sh.fn_ticks[HP_FN_SM3], sh.total_ticks,
			c->hash, sizeof c->hash);
	hp_format_share(sh.fn_ticks[HP_FN_DRNG], sh.total_ticks, c->drng, sizeof c->drng);
	hp_format_share(sh.fn_ticks[HP_FN_DRNG_INIT], sh.total_ticks, c->init, sizeof c->init);
	hp_spread_cell(c->hash, r, 0, c->hash_spread, sizeof c->hash_spread);
	hp_spread_cell(c->drng, r, 1, c->drng_spread, sizeof c->drng_spread);
	hp_format_call_list(calls, r->operations, 0, c->calls, sizeof c->calls);
	if (!c->calls[0])
		snprintf(c->calls, sizeof c->calls, "none seen");
	if (hp_result_overflowed(r)) { /* in the row, not only in a note */
		size_t n = strlen(c->calls), m = strlen(HP_PAGE_OVERFLOWED);
		if (n + m >= sizeof c->calls)
			n = sizeof c->calls - m - 1;
		memcpy(c->calls + n, HP_PAGE_OVERFLOWED, m + 1);
	}
	if (hp_own_c(r)->nown)
		hp_format_share(sh.own_ticks, sh.total_ticks, c->own, sizeof c->own);
	else
		snprintf(c->own, sizeof c->own, "-");
	hp_own_call_list(r, 0, c->own_calls, sizeof c->own_calls);
	if (!c->own_calls[0])
		snprintf(c->own_calls, sizeof c->own_calls, "%s", hp_own_c(r)->nown ? "none seen" : "-");
	hp_replay_cell(r, hp_replay_c(r)->hash, hp_replay_c(r)->hash_spread, c->free_hash, sizeof c->free_hash);
	hp_replay_cell(r, hp_replay_c(r)->drng, hp_replay_c(r)->drng_spread, c->free_drng, sizeof c->free_drng);
	snprintf(c->ticks, sizeof c->ticks, "%.3g", per_op);
	if (r->tick_hz > 0)
		hp_format_seconds(per_op / r->tick_hz, c->time, sizeof c->time);
	else
		snprintf(c->time, sizeof c->time, "-");
}

/* The note of a row whose in-situ replay cost of family f (0 hash, 1
 * DRNG) was implausible (prof/measure/insitu_bound.h), so that its share adds
 * back the tight loop's: the family and both costs. */
static void hp_replay_fallback_note(const struct hp_result *r, unsigned f, char note[HP_NOTE_MAX])
{
	const char *fam = f ? "DRNG" : "hash", *unit = r->clock_unit[0] ? r->clock_unit : "ticks";
	double c = f ? hp_replay_c(r)->insitu_drng_ticks : hp_replay_c(r)->insitu_hash_ticks;
	double o = f ? hp_replay_c(r)->loop_drng_ticks : hp_replay_c(r)->loop_hash_ticks, lo, hi;

	hp_insitu_plausible(c, o, &lo, &hi);
	snprintf(note, HP_NOTE_MAX,
		 "replay: the tape path's in-situ cost in the %s runs was implausible (%.1f %s/call; plausible: %.1f "
		 "to %.1f, from the tight loop's %.1f for the same calls): the \"if free: %s\" share adds back the "
		 "tight loop's cost instead",
		 fam, c, unit, lo, hi, o, fam);
}

/* "own share by primitive: Keccak-f[1600] 41%, ChaCha20 1.2%" when the
 * own entries are of more than one primitive; "" otherwise. */
static void hp_own_by_primitive(const struct hp_result *r, char note[HP_NOTE_MAX])
{
	size_t o = 0, kinds = 0;

	note[0] = '\0';
	for (size_t i = 0; i < hp_own_c(r)->nown; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(hp_own_c(r)->own[k].primitive, hp_own_c(r)->own[i].primitive);
		kinds += !seen;
	}
	if (kinds < 2)
		return;
	o = (size_t)snprintf(note, HP_NOTE_MAX, "own share by primitive:");
	for (size_t i = 0, first = 1; i < hp_own_c(r)->nown && o < HP_NOTE_MAX; i++) {
		char share[16];
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(hp_own_c(r)->own[k].primitive, hp_own_c(r)->own[i].primitive);
		if (seen)
			continue;
		hp_format_share(hp_shares_own_primitive(r, hp_raw, hp_own_c(r)->own[i].primitive), 1.0, share,
				sizeof share);
		o += (size_t)snprintf(note + o, HP_NOTE_MAX - o, "%s %s %s", first ? "" : ",",
				      hp_own_c(r)->own[i].primitive, share);
		first = 0;
	}
}

/* A cost in ticks per call for the overhead line and the notes: whole ticks from 10 up,
 * two significant digits below (a coarse clock's 0.35 is not 0). */
static const char *hp_format_ticks(double t, char *buf, size_t len)
{
	snprintf(buf, len, t >= 9.5 ? "%.0f" : "%.2g", t);
	return buf;
}

/* Helper calls too short for the clock: a mean outermost call
 * under HP_SHORT_CALL_STEPS steps of the clock's resolution, which on the
 * generic timer (19.2-100 MHz) is a short SM3 call.  Each such call reads
 * a few ticks or none, so its time is only known summed over many calls:
 * unbiased while calls start at random against the clock's steps
 * (tests/test_coarse_clock), with a wider spread.  Rows that do not know
 * their clock's resolution (older records) get no such note.  Returns 1
 * when the note was written into buf (HP_NOTE_MAX bytes). */
#define HP_SHORT_CALL_STEPS 10
static int hp_short_calls_note(const struct hp_result *r, const uint64_t calls[HP_FN_COUNT],
			       const uint64_t ticks[HP_FN_COUNT], char *buf)
{
	double limit = (double)HP_SHORT_CALL_STEPS * (double)r->tick_resolution;
	char list[256], step[32];
	size_t used = 0;

	if (!r->tick_resolution)
		return 0;
	list[0] = '\0';
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++) {
		double mean = calls[fn] ? (double)ticks[fn] / (double)calls[fn] : 0;
		if (!calls[fn] || mean >= limit || used >= sizeof list)
			continue;
		char num[32];
		int k = snprintf(list + used, sizeof list - used, "%s%s %s", used ? ", " : "", hp_fn_label(fn),
				 hp_format_ticks(mean, num, sizeof num));
		used += k > 0 ? (size_t)k : 0;
	}
	if (!used)
		return 0;
	if (r->tick_hz > 0)
		hp_format_seconds((double)r->tick_resolution / r->tick_hz, step, sizeof step);
	else
		snprintf(step, sizeof step, "unknown time");
	snprintf(buf, HP_NOTE_MAX,
		 "short helper calls for this clock: %s %s per call, under %d steps of its resolution "
		 "(%llu tick%s = %s): a single call reads a few ticks or none; summed over all calls the share "
		 "is unbiased while calls start at random against the clock's steps, but spreads more "
		 "(more iterations, -n, narrow it)",
		 list, r->clock_unit, HP_SHORT_CALL_STEPS, (unsigned long long)r->tick_resolution,
		 r->tick_resolution == 1 ? "" : "s", step);
	return 1;
}

/* An emulated run (prof/util/emulation.h): what its figures are worth.
 * Returns 1 when the note was written into buf (HP_NOTE_MAX bytes). */
static int hp_emulation_note(const struct hp_result *r, char *buf)
{
	if (!r->emulation[0])
		return 0;
	snprintf(buf, HP_NOTE_MAX,
		 "emulated, %s: the call counts are exact, but every time, share and overhead here is the "
		 "emulator's, not a CPU's",
		 r->emulation);
	return 1;
}

/* The note of a row with calls whose batches were largely disturbed (a
 * third or more of them) into note: how many, and what the shares are
 * then; returns 1, or 0 with no note. */
static size_t hp_batches_note(const struct hp_result *r, const struct hp_batch_estimate *e, int batched, char *note)
{
	/* a row without a call has no share a disturbance could move */
	if (!batched || 3 * e->disturbed < e->measured || (!hp_result_all_calls(r) && !hp_own_c(r)->nown))
		return 0;
	char over[96] = "";
	if (e->runs >= 2)
		snprintf(over, sizeof over, ", run by run (the row's figure is over %u runs)", e->runs);
	if (e->method == HP_BATCH_UNDISTURBED)
		snprintf(note, HP_NOTE_MAX,
			 "busy machine: %u of %u batches were disturbed (the thread descheduled) and left out; "
			 "the shares are the medians of the %u others%s",
			 e->disturbed, e->measured, e->used, over);
	else
		snprintf(note, HP_NOTE_MAX,
			 "busy machine: %u of %u batches were disturbed (the thread descheduled), too many to "
			 "leave out; the shares are the medians of all %u with the descheduled time taken out%s "
			 "(docs/method-batches.md)",
			 e->disturbed, e->measured, e->used, over);
	return 1;
}

/* A corrected share the correction swallowed: a raw share of 1% or more
 * that the subtraction of the shims' overhead brought to a quarter of it or
 * less (raw own 26.8% -> 0.0%), so that the printed figure rests on the
 * overhead estimate more than on what was measured.  The note says so,
 * with both figures; 1 when it wrote one. */
static int hp_swallowed_note(const struct hp_result *r, char note[HP_NOTE_MAX])
{
	static const char *const names[3] = { "hash", "DRNG", "own" };
	struct hp_shares raw, cor;
	double rv[3], cv[3];
	size_t used = 0;

	if (hp_raw || !r->overhead_valid)
		return 0;
	hp_shares_of_result(r, 1, &raw);
	hp_shares_of_result(r, 0, &cor);
	rv[0] = raw.hash, rv[1] = raw.drng, rv[2] = raw.own;
	cv[0] = cor.hash, cv[1] = cor.drng, cv[2] = cor.own;
	note[0] = '\0';
	for (int k = 0; k < 3; k++)
		if (rv[k] >= 0.01 && cv[k] <= rv[k] / 4 && used < HP_NOTE_MAX)
			used += (size_t)snprintf(note + used, HP_NOTE_MAX - used, "%s%s %.1f%% raw -> %.1f%%",
						 used ? ", " : "the correction swallowed most of a share: ", names[k],
						 100 * rv[k], 100 * cv[k]);
	if (!used)
		return 0;
	if (used < HP_NOTE_MAX)
		snprintf(note + used, HP_NOTE_MAX - used,
			 " (the shims' calibrated overhead it subtracts is most of what was measured there: the "
			 "corrected figure rests on that estimate; --raw prints the uncorrected shares)");
	return 1;
}

size_t hp_report_notes(const struct hp_result *r, char notes[HP_NOTES_MAX][HP_NOTE_MAX])
{
	size_t n = 0;
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT], all_nested = 0;

	if (r->status != HP_STATUS_OK)
		return 0;
	hp_result_fn_totals(r, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		all_nested += nested[fn];
	if (!r->wrapped[0])
		snprintf(notes[n++], HP_NOTE_MAX,
			 "the instance defines none of the ICCS helpers, so none is wrapped: "
			 "its 0.0%% shares mean \"not measured\", not \"free\"");
	else if (hp_result_all_calls(r) == 0) {
		uint64_t own_calls, own_ticks;
		/* why none was seen, only with evidence: the build found helper
		 * calls inside the helpers' own object (its warning), or the
		 * survey found the scheme bypasses the helpers; else the
		 * operation called none (a step that does nothing) */
		const char *why = strstr(r->build_notes, "invisible to --wrap")
					  ? "; the build found helper calls made inside the helpers' own object, which "
					    "--wrap cannot see (its warning below)"
				  : !strcmp(r->survey_verdict, "bypass")
					  ? "; the survey finds the scheme does its hashing without the helpers (below)"
					  : "";
		hp_result_own_totals(r, &own_calls, &own_ticks);
		snprintf(notes[n++], HP_NOTE_MAX,
			 "no helper call was seen (wrapped: %s): the shares are 0.0%% because nothing "
			 "was measured%s%s",
			 r->wrapped, why, own_calls ? "; the own entries were measured: the own column" : "");
	}
	if (r->survey_verdict[0] && strcmp(r->survey_verdict, "ICCS-only"))
		snprintf(notes[n++], HP_NOTE_MAX, "survey: %s \u2014 %s", r->survey_verdict, r->survey_reason);
	{
		size_t len = 0;
		char *sn = notes[n];
		sn[0] = '\0';
		for (const char *p = r->survey_detail; *p;) {
			const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
			if (!strncmp(p, "note=", 5) && len < HP_NOTE_MAX)
				len += (size_t)snprintf(sn + len, HP_NOTE_MAX - len, "%s%.*s",
							len ? "; " : "survey: ", (int)(end - p - 5), p + 5);
			p = nl ? nl + 1 : end;
		}
		n += sn[0] != '\0';
	}
	if (all_nested) {
		char list[256];
		hp_format_call_list(nested, r->operations, 1, list, sizeof list);
		snprintf(notes[n++], HP_NOTE_MAX,
			 "nested calls per operation: %s (made inside another helper call: "
			 "executed and counted, their time is inside the outer call's)",
			 list);
	}
	if (hp_own_c(r)->nown) {
		char out[HP_NOTE_MAX / 3], in[HP_NOTE_MAX / 3];
		uint64_t in_helper = 0;
		hp_own_call_list(r, 0, out, sizeof out);
		hp_own_call_list(r, 1, in, sizeof in);
		for (size_t i = 0; i < hp_own_c(r)->nown; i++)
			in_helper += hp_own_c(r)->own[i].in_helper;
		snprintf(notes[n++], HP_NOTE_MAX,
			 "own entries, calls per operation: %s%s%s%s (their time is the own column%s)",
			 out[0] ? out : "none seen", in[0] ? "; nested: " : "", in, in[0] ? ", not timed again" : "",
			 in_helper ? "; those inside an ICCS helper are in the helper's" : "");
		hp_own_by_primitive(r, notes[n]);
		n += notes[n][0] != '\0';
	}
	{
		uint64_t any = 0;
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			any += hp_own_c(r)->nested_in_own[fn];
		if (any) {
			char list[256];
			hp_format_call_list(hp_own_c(r)->nested_in_own, r->operations, 1, list, sizeof list);
			snprintf(notes[n++], HP_NOTE_MAX,
				 "helper calls made inside own code, per operation: %s (nested: their time is in the "
				 "own column, not in the helper's)",
				 list);
		}
	}
	if (calls[HP_FN_DRNG_INIT]) {
		char num[32];
		hp_format_calls(calls[HP_FN_DRNG_INIT], r->operations, num, sizeof num);
		snprintf(notes[n++], HP_NOTE_MAX,
			 "init_random_number: %s calls per operation (re-seeding a DRNG); its share is "
			 "the DRNG init column, not part of the published DRNG share",
			 num);
	}
	if (r->ntrials >= 2) {
		double sh = hp_shares_spread(r, hp_raw, 0), sd = hp_shares_spread(r, hp_raw, 1);
		struct hp_batch_estimate e;
		int batched = hp_batches_estimate(r, hp_raw, &e) == 0;
		if (sh > hp_noise_pp || sd > hp_noise_pp)
			snprintf(notes[n++], HP_NOTE_MAX,
				 "noisy: the share varies by \u00b1%.1f pp (hash) and \u00b1%.1f pp (DRNG) across "
				 "%u %s, above %.1f pp: perhaps the machine was busy, or the operation's own time "
				 "varies with its inputs (rejection sampling); more iterations (-n) narrow it",
				 sh, sd, batched ? e.used : r->ntrials,
				 batched ? "batches (half their interquartile range)" : "trials", hp_noise_pp);
		n += hp_batches_note(r, &e, batched, notes[n]);
	}
	if (hp_swallowed_note(r, notes[n]))
		n++;
	if (!hp_raw && !r->overhead_valid && hp_result_all_calls(r))
		snprintf(notes[n++], HP_NOTE_MAX,
			 "no overhead calibration (the instance lacks hashprof_calib_loop): figures are raw");
	if (r->build_notes[0])
		snprintf(notes[n++], HP_NOTE_MAX, "build warning%s: %s", strstr(r->build_notes, "; ") ? "s" : "",
			 r->build_notes);
	if (hp_result_overflowed(r) > r->overflow_unattributed_calls) {
		uint64_t over[HP_FN_COUNT];
		char list[256];
		for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
			over[fn] = r->overflow[fn].calls + r->overflow[fn].nested;
		hp_format_call_list(over, r->operations, 1, list, sizeof list);
		snprintf(notes[n++], HP_NOTE_MAX,
			 "shape table overflowed: calls per operation of shapes that found no free slot "
			 "within %u of their hash (of the table's %u): %s; they are in their helper's calls, "
			 "ticks and shares, only their split by input and output length (calls[]) is lost",
			 HP_PROBES_MAX, HP_SHAPES_MAX, list);
	}
	if (r->overflow_unattributed_calls)
		snprintf(notes[n++], HP_NOTE_MAX,
			 "%llu calls had a shape that did not fit the shape table and the record does not "
			 "say of which helper (written by an older hashprof): their ticks are in no share",
			 (unsigned long long)r->overflow_unattributed_calls);
	if (hp_sites_c(r)->requested && hp_sites_c(r)->insitu_implausible)
		snprintf(notes[n++], HP_NOTE_MAX, "%s", hp_sites_c(r)->insitu_error);
	if (hp_replay_c(r)->requested && !hp_replay_c(r)->valid)
		snprintf(notes[n++], HP_NOTE_MAX,
			 "replay failed: %s (the window shares are measured; "
			 "the \"if free\" ones are not)",
			 hp_replay_c(r)->error[0] ? hp_replay_c(r)->error : "no reason given");
	for (unsigned f = 0; f < 2; f++)
		if (hp_replay_c(r)->requested && hp_replay_c(r)->valid &&
		    !strcmp(hp_result_replay_family_estimator(r, f), HP_REPLAY_ESTIMATOR_LOOP) &&
		    (f ? hp_replay_c(r)->drng_estimator : hp_replay_c(r)->hash_estimator)[0])
			hp_replay_fallback_note(r, f, notes[n++]);
	if (r->printed_bytes)
		snprintf(notes[n++], HP_NOTE_MAX,
			 "the package printed %llu bytes on its stdout and stderr during this row: the time of "
			 "the writes made inside an operation is in its figures; hashprof read them from a pipe "
			 "and passed %s on to its stderr after the measuring process",
			 (unsigned long long)r->printed_bytes,
			 r->printed_bytes > (1u << 20) ? "the first 1 MiB of each process's" : "them");
	if (hp_short_calls_note(r, calls, ticks, notes[n]))
		n++;
	/* last, so that the text and markdown reports can print it once */
	if (hp_emulation_note(r, notes[n]))
		n++;
	return n;
}

/* The columns of the text table; the two replay ones only when a row
 * has a replay part, the own one only when a row has own entries. */
enum { HP_TABLE_COLS = 11, HP_COL_OWN = 5, HP_COL_FREE_HASH = 6, HP_COL_FREE_DRNG = 7, HP_COL_TICKS = 9 };
static const char *const hp_headers[HP_TABLE_COLS] = {
	"instance",      "operation",     "pseudohash/XOF/sm3",  "DRNG",     "DRNG init", "own",
	"if free: hash", "if free: DRNG", "calls per operation", "ticks/op", "time/op",
};

static void hp_cells_array(const struct hp_result *r, const struct hp_cells *c, const char *cell[HP_TABLE_COLS])
{
	cell[0] = r->instance;
	cell[1] = r->operation;
	cell[2] = c->hash_spread;
	cell[3] = c->drng_spread;
	cell[4] = c->init;
	cell[5] = c->own;
	cell[6] = c->free_hash;
	cell[7] = c->free_drng;
	cell[8] = c->calls;
	cell[9] = c->ticks;
	cell[10] = c->time;
}

/* Is column k printed? */
static int hp_col_shown(int k, int replay, int own)
{
	return (replay || (k != HP_COL_FREE_HASH && k != HP_COL_FREE_DRNG)) && (own || k != HP_COL_OWN);
}

/* The last column printed (time/op: always). */
#define HP_COL_LAST (HP_TABLE_COLS - 1)

/* The notes of every row, one line each; prefix goes before the first.
 * The emulation note (every row of an emulated run has it, last) once,
 * after the others, for the whole run. */
static void hp_print_notes(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix)
{
	char once[HP_NOTE_MAX] = "";

	for (size_t i = 0; i < nrows; i++) {
		char notes[HP_NOTES_MAX][HP_NOTE_MAX];
		size_t n = hp_report_notes(&rows[i], notes);
		if (n && rows[i].emulation[0]) {
			if (!once[0])
				snprintf(once, sizeof once, "%s", notes[n - 1]);
			n--;
		}
		for (size_t k = 0; k < n; k++) {
			fprintf(out, "%snote: %s %s: %s\n", prefix, rows[i].instance, rows[i].operation, notes[k]);
			prefix = "";
		}
	}
	if (once[0])
		fprintf(out, "%snote: %s\n", prefix, once);
}

static int hp_double_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int hp_has_overhead(const struct hp_result *r)
{
	return r->status == HP_STATUS_OK && r->overhead_valid;
}

static int hp_has_replay_cost(const struct hp_result *r)
{
	return r->status == HP_STATUS_OK && hp_replay_c(r)->valid && hp_replay_c(r)->cost_valid;
}

/* Rows whose replay shares add back the cost measured in place... */
static int hp_has_insitu(const struct hp_result *r)
{
	return hp_has_replay_cost(r) && !strcmp(hp_result_replay_estimator(r), HP_REPLAY_ESTIMATOR_INSITU);
}

/* ...and the rows (of older records) whose shares add back the tight loop's. */
static int hp_has_loop_only(const struct hp_result *r)
{
	return hp_has_replay_cost(r) && !hp_has_insitu(r);
}

/* Two per-row figures of a calibration (ticks per call). */
struct hp_cost_pair {
	double a, b;
};

static struct hp_cost_pair hp_overhead_pair(const struct hp_result *r)
{
	return (struct hp_cost_pair){ r->overhead_added_ticks, r->overhead_inside_ticks };
}

static struct hp_cost_pair hp_replay_pair(const struct hp_result *r)
{
	return (struct hp_cost_pair){ hp_replay_c(r)->replay_ticks, hp_replay_c(r)->pass_ticks };
}

/*
 * The median (the upper one) of the in-situ costs of family f (0 hash,
 * 1 DRNG) over the rows whose share of f used it (hp_has_insitu, and f's
 * estimator in situ) into *med.  Returns how many rows, or -1 when out
 * of memory.
 */
static long hp_insitu_median(const struct hp_result *rows, size_t nrows, unsigned f, double *med)
{
	double *v = malloc((nrows ? nrows : 1) * sizeof *v);
	size_t n = 0;

	if (!v)
		return -1;
	for (size_t i = 0; i < nrows; i++)
		if (hp_has_insitu(&rows[i]) &&
		    !strcmp(hp_result_replay_family_estimator(&rows[i], f), HP_REPLAY_ESTIMATOR_INSITU))
			v[n++] =
				f ? hp_replay_c(&rows[i])->insitu_drng_ticks : hp_replay_c(&rows[i])->insitu_hash_ticks;
	if (n) {
		qsort(v, n, sizeof v[0], hp_double_cmp);
		*med = v[n / 2];
	}
	free(v);
	return (long)n;
}

/*
 * The medians of the pair `get` gives, over the rows `has` accepts, into
 * *med, the least and the greatest of each into *lo and *hi (when not
 * NULL), and the clock unit of the first of them.  Returns how many rows
 * there were (0: none, nothing set), or -1 when out of memory.
 */
static long hp_rows_range(const struct hp_result *rows, size_t nrows, int (*has)(const struct hp_result *),
			  struct hp_cost_pair (*get)(const struct hp_result *), struct hp_cost_pair *med,
			  struct hp_cost_pair *lo, struct hp_cost_pair *hi, const char **unit)
{
	double *a, *b;
	size_t n = 0;

	for (size_t i = 0; i < nrows; i++)
		n += has(&rows[i]) != 0;
	if (!n)
		return 0;
	if (!(a = malloc(2 * n * sizeof *a)))
		return -1;
	b = a + n;
	n = 0;
	for (size_t i = 0; i < nrows; i++)
		if (has(&rows[i])) {
			struct hp_cost_pair p = get(&rows[i]);
			*unit = n ? *unit : rows[i].clock_unit;
			a[n] = p.a;
			b[n++] = p.b;
		}
	qsort(a, n, sizeof a[0], hp_double_cmp);
	qsort(b, n, sizeof b[0], hp_double_cmp);
	*med = (struct hp_cost_pair){ a[n / 2], b[n / 2] };
	if (lo)
		*lo = (struct hp_cost_pair){ a[0], b[0] };
	if (hi)
		*hi = (struct hp_cost_pair){ a[n - 1], b[n - 1] };
	free(a);
	return (long)n;
}

/* hp_rows_range's medians only. */
static long hp_rows_median(const struct hp_result *rows, size_t nrows, int (*has)(const struct hp_result *),
			   struct hp_cost_pair (*get)(const struct hp_result *), struct hp_cost_pair *med,
			   const char **unit)
{
	return hp_rows_range(rows, nrows, has, get, med, NULL, NULL, unit);
}

/*
 * "; the median of 3 rows' calibrations: 106 to 109 added, 77 to 80
 * inside" into buf (len bytes) when the rows' figures differ by more than
 * their rounding on the overhead line (hp_format_ticks); "" when they
 * read the same, so that one line stands for them all.
 */
static void hp_overhead_range(long n, struct hp_cost_pair lo, struct hp_cost_pair hi, char *buf, size_t len)
{
	char a0[32], a1[32], b0[32], b1[32], added[72], inside[72];

	hp_format_ticks(lo.a, a0, sizeof a0);
	hp_format_ticks(hi.a, a1, sizeof a1);
	hp_format_ticks(lo.b, b0, sizeof b0);
	hp_format_ticks(hi.b, b1, sizeof b1);
	buf[0] = '\0';
	if (n < 2 || (!strcmp(a0, a1) && !strcmp(b0, b1)))
		return;
	/* "106 to 109", or "80" for the figure they all read alike */
	snprintf(added, sizeof added, strcmp(a0, a1) ? "%s to %s" : "%s", a0, a1);
	snprintf(inside, sizeof inside, strcmp(b0, b1) ? "%s to %s" : "%s", b0, b1);
	snprintf(buf, len, "; the median of %ld rows' calibrations: %s added, %s inside", n, added, inside);
}

/* "overhead: ..." under a table: the shims' calibrated cost,
 * the median over all the rows that have one (and their range, when they
 * read differently: hp_overhead_range), and the clock's
 * resolution (the generic timer's tick is 10 to 52 ns). */
static void hp_print_overhead(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix)
{
	struct hp_cost_pair m, lo, hi;
	const char *unit = "";
	long n = hp_rows_range(rows, nrows, hp_has_overhead, hp_overhead_pair, &m, &lo, &hi, &unit);

	if (n < 0)
		fprintf(out, "%soverhead: not shown (out of memory)\n", prefix);
	if (n <= 0)
		return;
	char added[32], inside[32], res[96] = "", range[256];
	hp_overhead_range(n, lo, hi, range, sizeof range);
	for (size_t i = 0; i < nrows; i++)
		if (hp_has_overhead(&rows[i]) && rows[i].tick_resolution) {
			char step[32] = "";
			if (rows[i].tick_hz > 0)
				hp_format_seconds((double)rows[i].tick_resolution / rows[i].tick_hz, step, sizeof step);
			snprintf(res, sizeof res, "; clock resolution %llu tick%s%s%s%s",
				 (unsigned long long)rows[i].tick_resolution, rows[i].tick_resolution == 1 ? "" : "s",
				 step[0] ? " (" : "", step, step[0] ? ")" : "");
			break;
		}
	fprintf(out, "%soverhead: %s %s/call added by the wrapper (%s of them inside the helper%s); %s%s\n", prefix,
		hp_format_ticks(m.a, added, sizeof added), unit, hp_format_ticks(m.b, inside, sizeof inside), range,
		hp_raw ? "figures NOT corrected (--raw, as published)" : HP_PAGE_CORRECTED " (--raw: uncorrected)",
		res);
}

/* "replay: ..." under a table when a row has replay shares: what they
 * are, and the replay cost added back (medians over those rows): the
 * tape path's cost measured in the operation, with the tight loop's for
 * reference; for rows of older records, the tight loop's added back. */
static void hp_print_replay(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix)
{
	struct hp_cost_pair loop;
	const char *unit = "";
	long n = hp_rows_median(rows, nrows, hp_has_insitu, hp_replay_pair, &loop, &unit), nl;
	uint32_t samples = 0;
	char fam[2][48];
	int dash = 0;

	if (n < 0)
		fprintf(out, "%sreplay: not shown (out of memory)\n", prefix);
	for (size_t i = 0; i < nrows; i++)
		if (hp_has_replay_cost(&rows[i]) && hp_replay_c(&rows[i])->samples > samples)
			samples = hp_replay_c(&rows[i])->samples;
	/* per family, the rows whose share used its in-situ cost: not those
	 * it was implausible in, nor those with none of its calls */
	for (unsigned f = 0; f < 2 && n > 0; f++) {
		double med;
		long k = hp_insitu_median(rows, nrows, f, &med);
		if (k < 0) {
			fprintf(out, "%sreplay: not shown (out of memory)\n", prefix);
			return;
		}
		if (k > 0)
			snprintf(fam[f], sizeof fam[f], "%.1f", med);
		else
			snprintf(fam[f], sizeof fam[f], "-");
		dash |= k == 0;
	}
	if (n > 0)
		fprintf(out,
			"%sreplay: \"if free\" = the share of the operation's time a family would save if it "
			"cost nothing (median of up to %u samples a row; \u00b1: half their interquartile range, pp); "
			"added back: "
			"the tape path's cost measured in "
			"the operation, %s %s/call in the hash runs and %s in the DRNG runs%s (in a tight loop: %.0f "
			"served, %.0f passed)\n",
			prefix, (unsigned)samples, fam[0], unit, fam[1],
			dash ? " (-: in no row: no call, or its in-situ cost implausible)" : "", loop.a, loop.b);
	nl = n;
	n = hp_rows_median(rows, nrows, hp_has_loop_only, hp_replay_pair, &loop, &unit);
	if (n < 0)
		fprintf(out, "%sreplay: not shown (out of memory)\n", prefix);
	if (n > 0)
		fprintf(out,
			"%sreplay%s: \"if free\" = the share of the operation's time a family would save if "
			"it cost nothing (median of up to %u samples a row); added back: the tape path's cost in a "
			"tight loop, %.0f %s/call served from the tape and %.0f per call passed through it\n",
			prefix, nl > 0 ? " (older records)" : "", (unsigned)samples, loop.a, unit, loop.b);
}

static void hp_print_text(FILE *out, const struct hp_result *rows, size_t nrows)
{
	size_t w[HP_TABLE_COLS];
	struct hp_cells c;
	const char *cell[HP_TABLE_COLS];
	int replay = hp_any_replay(rows, nrows), own = hp_any_own(rows, nrows);

	for (int k = 0; k < HP_TABLE_COLS; k++)
		w[k] = hp_layout_width(hp_headers[k]);
	for (size_t i = 0; i < nrows; i++) {
		hp_row_cells(&rows[i], &c);
		hp_cells_array(&rows[i], &c, cell);
		for (int k = 0; k < (rows[i].status == HP_STATUS_OK ? HP_TABLE_COLS : 2); k++)
			hp_layout_widen(&w[k], cell[k]);
	}
	for (int k = 0; k < HP_TABLE_COLS; k++)
		if (hp_col_shown(k, replay, own))
			hp_layout_cell(out, hp_headers[k], w[k], 0, k == HP_COL_LAST);
	for (size_t i = 0; i < nrows; i++) {
		hp_row_cells(&rows[i], &c);
		hp_cells_array(&rows[i], &c, cell);
		if (rows[i].status != HP_STATUS_OK) {
			hp_layout_cell(out, cell[0], w[0], 0, 0);
			hp_layout_cell(out, cell[1], w[1], 0, 0);
			fprintf(out, "%s: %s\n", rows[i].operation, hp_result_failure(&rows[i]));
			continue;
		}
		for (int k = 0; k < HP_TABLE_COLS; k++)
			if (hp_col_shown(k, replay, own))
				hp_layout_cell(out, cell[k], w[k],
					       k >= HP_COL_TICKS || k == HP_COL_FREE_HASH || k == HP_COL_FREE_DRNG,
					       k == HP_COL_LAST);
	}
	hp_print_notes(out, rows, nrows, "");
	hp_print_overhead(out, rows, nrows, "");
	hp_print_replay(out, rows, nrows, "");
	hp_callsites_print_text(out, rows, nrows, hp_raw);
}

/* "Survey verdict: ..." above the markdown table, in the published style:
 * one line, or one per instance when the rows are of several. */
static void hp_print_md_survey(FILE *out, const struct hp_result *rows, size_t nrows)
{
	size_t n = 0;

	for (size_t i = 0; i < nrows; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(rows[k].instance, rows[i].instance);
		n += !seen && rows[i].survey_verdict[0];
	}
	for (size_t i = 0; i < nrows; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(rows[k].instance, rows[i].instance);
		if (seen || !rows[i].survey_verdict[0])
			continue;
		if (n == 1)
			fprintf(out, "Survey verdict: %s \u2014 %s\n", rows[i].survey_verdict, rows[i].survey_reason);
		else
			fprintf(out, "Survey verdict, `%s`: %s \u2014 %s\n", rows[i].instance, rows[i].survey_verdict,
				rows[i].survey_reason);
	}
	if (n)
		fputc('\n', out);
}

/* The headers of the markdown tables: the published one (method.md), the
 * replay shares', the own entries'. */
static const char *const hp_md_published[] = { "instance", "operation", "pseudohash/XOF/sm3", "DRNG",
					       "calls per operation" };
static const char *const hp_md_replay[] = { "instance", "operation", "if free: hash", "if free: DRNG" };
static const char *const hp_md_own[] = { "instance", "operation", "own", "own calls per operation" };

/* A markdown table's header and rule, prefix before them. */
static void hp_md_header(FILE *out, const char *prefix, const char *const *head, size_t n)
{
	fputs(prefix, out);
	for (size_t k = 0; k < n; k++)
		hp_layout_md_cell(out, k + 1 == n, "%s", head[k]);
	hp_layout_md_rule(out, n);
}

/* The first two cells of a markdown line: `INSTANCE` and the operation. */
static void hp_md_names(FILE *out, const struct hp_result *r)
{
	hp_layout_md_cell(out, 0, "`%s`", r->instance);
	hp_layout_md_cell(out, 0, "%s", r->operation);
}

/* The published markdown table (method.md). */
static void hp_print_md(FILE *out, const struct hp_result *rows, size_t nrows)
{
	struct hp_cells c;

	hp_print_md_survey(out, rows, nrows);
	hp_md_header(out, "", hp_md_published, 5);
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		int ok = r->status == HP_STATUS_OK;
		hp_row_cells(r, &c);
		hp_md_names(out, r);
		hp_layout_md_cell(out, 0, "%s", ok ? c.hash : "-");
		hp_layout_md_cell(out, 0, "%s", ok ? c.drng : "-");
		if (ok)
			hp_layout_md_cell(out, 1, "%s", c.calls);
		else
			hp_layout_md_cell(out, 1, "%s: %s", r->operation, hp_result_failure(r));
	}
	/* The replay shares in a table of their own, so that the published
	 * table above keeps its five columns (`check --published` reads it). */
	if (hp_any_replay(rows, nrows)) {
		hp_md_header(out, "\n", hp_md_replay, 4);
		for (size_t i = 0; i < nrows; i++) {
			const struct hp_result *r = &rows[i];
			hp_row_cells(r, &c);
			hp_md_names(out, r);
			hp_layout_md_cell(out, 0, "%s", r->status == HP_STATUS_OK ? c.free_hash : "-");
			hp_layout_md_cell(out, 1, "%s", r->status == HP_STATUS_OK ? c.free_drng : "-");
		}
	}
	/* The own entries' shares in a table of their own too. */
	if (hp_any_own(rows, nrows)) {
		hp_md_header(out, "\n", hp_md_own, 4);
		for (size_t i = 0; i < nrows; i++) {
			const struct hp_result *r = &rows[i];
			hp_row_cells(r, &c);
			hp_md_names(out, r);
			hp_layout_md_cell(out, 0, "%s", r->status == HP_STATUS_OK ? c.own : "-");
			hp_layout_md_cell(out, 1, "%s", r->status == HP_STATUS_OK ? c.own_calls : "-");
		}
	}
	/* below the table, so that a 0.0% never stands without its reason */
	hp_print_notes(out, rows, nrows, "\n");
	hp_print_overhead(out, rows, nrows, "\n");
	hp_print_replay(out, rows, nrows, "\n");
}

/* CSV: one line per row; shares as fractions for machines, RFC 4180 quoting;
 * calls per operation as the display string and exact, one column per
 * helper (calls_drng, calls_pseudoXOF, ...); shape_overflow_calls_per_operation,
 * the calls per operation, outermost and nested, whose shape did not fit
 * the shape table (0 normally), exact like the helper columns; the notes
 * the text report prints under the table, joined by "; ".
 * A failed row's numbers are empty fields, not zeros that read as measured. */
static void hp_print_csv(FILE *out, const struct hp_result *rows, size_t nrows)
{
	struct hp_cells c;
	struct hp_shares sh;
	char notes[HP_NOTES_MAX][HP_NOTE_MAX], joined[HP_NOTES_MAX * (HP_NOTE_MAX + 2)];

	int replay = hp_any_replay(rows, nrows), own = hp_any_own(rows, nrows);

	/* uncorrected shares (--raw) say so in their names: a column read
	 * apart from the run that wrote it could not tell otherwise */
	const char *sfx = hp_raw ? "_raw" : "";
	fprintf(out, "instance,operation,status,hash_share%s,drng_share%s,drng_init_share%s,%s%s%s", sfx, sfx, sfx,
		own ? "own_share" : "", own ? sfx : "", own ? ",own_calls_per_operation," : "");
	fprintf(out, "%s", replay ? "replay_hash_share,replay_drng_share," : "");
	fprintf(out, "calls_per_operation,");
	hp_report_csv_calls_header(out);
	fprintf(out, "ticks_per_operation,seconds_per_operation,operations,shape_overflow_calls_per_operation,"
		     "failure,notes\n");
	for (size_t i = 0; i < nrows; i++) {
		const struct hp_result *r = &rows[i];
		int ok = r->status == HP_STATUS_OK;
		hp_shares_of_result(r, hp_raw, &sh);
		double per_op = r->operations ? sh.total_ticks / (double)r->operations : 0;
		hp_row_cells(r, &c);
		hp_layout_csv_field(out, r->instance, ",");
		fprintf(out, "%s,%s,", r->operation, ok ? "ok" : "failed");
		if (ok)
			fprintf(out, "%.6f,%.6f,%.6f,", sh.hash, sh.drng, sh.drng_init);
		else
			fputs(",,,", out);
		if (own && ok && hp_own_c(r)->nown) {
			fprintf(out, "%.6f,", sh.own);
			hp_layout_csv_field(out, c.own_calls, ",");
		} else if (own) {
			fputs(",,", out);
		}
		if (replay && ok && hp_replay_c(r)->valid)
			fprintf(out, "%.6f,%.6f,", hp_replay_c(r)->hash, hp_replay_c(r)->drng);
		else if (replay)
			fputs(",,", out);
		hp_layout_csv_field(out, ok ? c.calls : "", ",");
		hp_report_csv_calls(out, ok ? r : NULL);
		if (ok)
			fprintf(out, "%.6g,%.6g,", per_op, r->tick_hz > 0 ? per_op / r->tick_hz : 0.0);
		else
			fputs(",,", out);
		fprintf(out, "%llu,", (unsigned long long)r->operations);
		if (ok && r->operations) /* per operation, as the helper columns */
			fprintf(out, "%.10g,", (double)hp_result_overflowed(r) / (double)r->operations);
		else
			fputs(",", out);
		hp_layout_csv_field(out, ok ? "" : hp_result_failure(r), ",");
		size_t n = ok ? hp_report_notes(r, notes) : 0, len = 0;
		joined[0] = '\0';
		for (size_t k = 0; k < n; k++)
			len += (size_t)snprintf(joined + len, sizeof joined - len, "%s%s", k ? "; " : "", notes[k]);
		hp_layout_csv_field(out, joined, "\n");
	}
}

void hp_report_csv_calls_header(FILE *out)
{
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		fprintf(out, "calls_%s,", hp_fn_label(fn));
}

/* exact means per operation (the display string rounds: 1.05e+05) */
void hp_report_csv_calls(FILE *out, const struct hp_result *r)
{
	uint64_t calls[HP_FN_COUNT], nested[HP_FN_COUNT], ticks[HP_FN_COUNT];

	if (r)
		hp_result_fn_totals(r, calls, nested, ticks);
	for (unsigned fn = 0; fn < HP_FN_COUNT; fn++)
		if (r && r->operations)
			fprintf(out, "%.10g,", (double)calls[fn] / (double)r->operations);
		else
			fputs(",", out);
}

json_t *hp_report_notes_json(const struct hp_result *r)
{
	char notes[HP_NOTES_MAX][HP_NOTE_MAX];
	size_t n = hp_report_notes(r, notes);
	json_t *a = json_array();

	for (size_t k = 0; a && k < n; k++)
		json_array_append_new(a, json_string(notes[k]));
	return a;
}

static int hp_print_json(FILE *out, const struct hp_result *rows, size_t nrows, json_t *meta)
{
	json_t *doc = json_object(), *arr = json_array();
	int rc;

	if (meta)
		json_object_set(doc, "run", meta);
	for (size_t i = 0; i < nrows; i++) {
		json_t *rec = hp_record_from_result(&rows[i]);
		json_object_set_new(rec, "notes", hp_report_notes_json(&rows[i]));
		json_array_append_new(arr, rec);
	}
	json_object_set_new(doc, "rows", arr);
	/* --hash rows: instances x candidates too (swap/matrix.h) */
	if (hp_swap_any(rows, nrows)) {
		struct hp_matrix m;
		if (hp_matrix_build(&m, rows, nrows, hp_raw) == 0) {
			json_object_set_new(doc, "matrix", hp_matrix_json(&m));
			hp_matrix_free(&m);
		}
	}
	rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(doc);
	return rc;
}

void hp_report_footer(FILE *out, const struct hp_result *rows, size_t nrows, const char *prefix)
{
	hp_print_notes(out, rows, nrows, prefix);
	hp_print_overhead(out, rows, nrows, prefix);
	hp_print_replay(out, rows, nrows, prefix);
}

int hp_report_print(FILE *out, enum hp_format fmt, const struct hp_result *rows, size_t nrows, json_t *meta)
{
	/* --hash rows: their tables (swap/report.h); JSON holds their arms */
	if (fmt != HP_FORMAT_JSON && hp_swap_any(rows, nrows)) {
		hp_swap_print(out, fmt, rows, nrows);
		return fflush(out) == 0 && !ferror(out) ? 0 : -1;
	}
	switch (fmt) {
	case HP_FORMAT_TEXT:
		hp_print_text(out, rows, nrows);
		break;
	case HP_FORMAT_MD:
		hp_print_md(out, rows, nrows);
		break;
	case HP_FORMAT_CSV:
		hp_print_csv(out, rows, nrows);
		break;
	case HP_FORMAT_JSON:
		if (hp_print_json(out, rows, nrows, meta) != 0)
			return -1;
		break;
	}
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
