/*
 * report.h - the tables of --hash rows
 * (docs/candidates.md): for each row, a line for the placeholder and one
 * per candidate: time per operation, ratio to the placeholder, the share
 * of the helpers the candidates stand in for, the calls per operation;
 * with the projected time and its error against the measured one when
 * the row's arms carry a projection.  Reporting only.
 *
 * Figures follow hp_report_configure: corrected for the shims' overhead
 * (the one calibration of the row's process, for every arm), or raw.
 */
#ifndef HP_SWAP_REPORT_H
#define HP_SWAP_REPORT_H

#include <stdio.h>

#include "report/report.h"
#include "record/result.h"
#include "part.h"

/* arms != 0: one line per arm even when the rows have several candidates
 * (default: the instances x candidates matrix then, matrix.h). */
void hp_swap_configure(int arms);

/* Does any row have candidates' arms?  1 or 0. */
int hp_swap_any(const struct hp_result *rows, size_t nrows);

/* Print the swap table of the rows in text, md or csv (JSON is the
 * records, report.h): one line per arm, or with several candidates (and
 * without hp_swap_configure's arms) the matrix of matrix.h; rows
 * without arms print as placeholder lines. */
void hp_swap_print(FILE *out, enum hp_format fmt, const struct hp_result *rows, size_t nrows);

/* The time per operation of r (ticks; corrected unless raw), 0 when
 * nothing was measured: a batched row's median over the slices its
 * estimate uses (batches.h), else the totals over the operations. */
double hp_swap_ticks_per_op(const struct hp_result *r, int raw);

/* The share of r's time inside the helpers of mask (HP_TAPE_BIT()s),
 * 0..1, and its spread across trials (percentage points) into *spread
 * (may be NULL).  A batched row (its arms measured in slices of about
 * 2 ms, docs/method-batches.md): the median over the undisturbed slices
 * (every slice when too few are), the spread half their interquartile
 * range; otherwise the totals' share and the trials' standard deviation. */
double hp_swap_share(const struct hp_result *r, unsigned mask, int raw, double *spread);

/* Did candidate arm `arm` make no call (outermost or nested) of the
 * helpers it stands in for (arm->helpers; pseudohash and pseudoXOF for
 * the placeholder's A/A arm)?  Then nothing was swapped: the arm ran the
 * placeholder's code and its ratio is 1 by construction, noise.  1 or 0
 * (0 also for an arm not measured or failed). */
int hp_swap_nothing_swapped(const struct hp_result_arm *arm);

/* Below this share of the operation (a fraction) the helpers an arm
 * stands in for leave its ratio to the placeholder at the mercy of noise:
 * `--hash=SHAKE256 -n 3` once printed "0.028 (35.71x faster)" for a row
 * whose swapped helpers took a fraction of a percent. */
#define HP_SWAP_MIN_SHARE 0.01

/* Do the helpers arm stands in for take under HP_SWAP_MIN_SHARE of row
 * p's (its placeholder's) time (corrected unless raw)?  1 or 0 (0 for a
 * row not measured); their share, a fraction, into *share (may be NULL).
 * Then the tables print "-" for its ratio and its projection's error, the
 * footer says why, and the record flags it (too_little_swapped); the
 * numbers stay in CSV and JSON.  An arm with nothing swapped is one too. */
int hp_swap_too_little(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *share);

/* The ratio of measured arm `arm`'s time per operation to row p's (its
 * placeholder's), into *ratio; raw != 0: uncorrected times.  Both
 * batched: the median of the paired per-slice ratios (slice t of each arm
 * is the same stretch of the interleaved run) over the slices undisturbed
 * in both, every slice when too few are: a preemption in one slice of one
 * arm moves one pair, not the ratio.  Otherwise the ratio of their time
 * per operation.  Returns 0, or -1 when either was not measured (failed,
 * no operation, a projected-only arm). */
int hp_swap_ratio(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *ratio);

/* The spread of arm's ratio to row p (its placeholder) across their
 * trials, in percent of the ratio, into *spread; raw != 0: uncorrected
 * times.  Both batched: half the interquartile range of the paired
 * per-slice ratios hp_swap_ratio takes the median of, relative to it;
 * otherwise the sample standard deviation of the per-trial ratios (trial
 * t of each arm is the same slice of the interleaved run), relative to
 * their mean.  Returns the number of trials compared; *spread is set only
 * when that is 2 or more (0 or 1: an arm not measured, failed, or one
 * trial). */
unsigned hp_swap_ratio_spread(const struct hp_result *p, const struct hp_result_arm *arm, int raw, double *spread);

/* The cell of a projected time of `ticks` per operation on a clock of
 * tick_hz (> 0) ticks per second: "283 us", or flagged when the
 * projection is below 0 (projection.h's hp_projection_below_zero):
 * "below 0 (-1.2 us)", never a plain number. */
void hp_swap_projection_cell(double ticks, double tick_hz, char *buf, size_t len);

#endif
