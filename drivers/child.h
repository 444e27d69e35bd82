/*
 * child.h - run a function in a child process so that a crashing or
 * hanging scheme cannot take the profiler down.
 */
#ifndef HP_CHILD_H
#define HP_CHILD_H

#include <jansson.h>
#include <stddef.h>

#include "sandbox/confine.h"

#define HP_CHILD_UNCONFINED 5 /* exit status of a child that could not confine itself */

/* The child's work: return a JSON value to send to the parent (owned). */
typedef json_t *(*hp_child_fn)(void *arg);

/* How much of a child's output hp_child_run keeps and passes on: bytes
 * (1 MiB; the rest is counted and dropped). */
#define HP_CHILD_OUTPUT_KEPT (1u << 20)

/*
 * Fork; in the child run fn(arg), write its JSON to a pipe and _exit(0).
 * The child's stdout and stderr go into a pipe the parent reads while it
 * waits (a scheme's printf can neither corrupt the report nor write
 * without bound into hashprof's stderr): its first HP_CHILD_OUTPUT_KEPT
 * bytes are passed on to hashprof's stderr once the child has ended, the
 * rest counted and dropped (hp_child_printed).  timeout_s (seconds, 0 = no limit) limits
 * each step the child declares with hp_child_step, counted from the
 * step's start (before the first step, from the fork): when one step has
 * run timeout_s seconds the parent kills the child's process group.
 * Returns the parsed JSON (caller owns it), or NULL with a one-line
 * reason in failure: "killed by SIGSEGV during operation 4 of 10",
 * "timed out: operation 17 of 19 did not finish within 1 s",
 * "exited with status 3 before reporting", ...; a crash (SIGABRT,
 * SIGSEGV, SIGBUS) under --max-memory's address-space limit, far from it,
 * right after an allocation failed (errno ENOMEM at the crash), adds "; an
 * allocation had just failed (ENOMEM) under the address-space limit (N
 * MiB: ...); --max-memory=0 lifts it" (near it: "blocked: memory: ...").
 */
json_t *hp_child_run(hp_child_fn fn, void *arg, unsigned timeout_s, char *failure, size_t len);

/*
 * Make SIGINT, SIGTERM and SIGHUP interrupt the run cleanly: the running
 * child's process group is killed at once (children sit in their own
 * groups, out of reach of the terminal's ^C), its hp_child_run fails with
 * "interrupted by SIGINT", and hp_child_interrupted() tells the caller to
 * stop starting children and report what was measured (the first such
 * signal; prof/util/proc.h).
 */
void hp_child_trap_interrupts(void);

/*
 * In the child: a new step begins now ("set-up: sig_keygen", "warm-up
 * operation 1 of 1", "operation 17 of 1000"), printf-style, written into a
 * page shared with the parent: the parent's timeout restarts, and a crash
 * or a timeout names the step it hit.  Does nothing outside hp_child_run.
 */
void hp_child_step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * In the child: what the current step is doing ("pass1 of an exchange"),
 * printf-style; named after the step in a failure ("during operation 3 of
 * 5 (pass1 of an exchange)").  Does not restart the timeout; the next
 * hp_child_step clears it.  Does nothing outside hp_child_run.
 */
void hp_child_phase(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Confine every child hp_child_run starts from now on with c (NULL or
 * c->on == 0: none; util/confine.h), which must outlive those runs.  The
 * child is confined before fn runs; one that cannot be fails with "cannot
 * confine ...", one whose confinement blocked an action with "blocked:
 * write to PATH: the measured code tried to ...", its process group
 * killed at once.
 */
void hp_child_confine(const struct hp_confine *c);

/* 1 when the last hp_child_run failed because its confinement blocked
 * the package (the failure line starts with "blocked: "): run nothing
 * further of that package.  0 otherwise. */
int hp_child_blocked(void);

/*
 * After an hp_child_run whose child sent its result: "blocked: memory:
 * the measured code's address space reached N of M MiB ..." when its
 * peak address space (VmPeak) grew after it was confined to within 1/16
 * of the growth --max-memory allows (or 8 MiB) of its limit, so that a
 * row that failed there says why; "" otherwise.  (A child that crashed
 * there has the line in its failure already.)
 */
const char *hp_child_blocked_memory(void);

/*
 * In the child: what every later step belongs to ("SHAKE256": the arm of
 * a --hash row), printf-style; "" clears it.  Named before the step in a
 * failure ("during SHAKE256: operation 3 of 5").  Does nothing outside
 * hp_child_run.
 */
void hp_child_label(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * In the child: what went wrong, when the child sees it before the
 * consequence (a candidate helper returned an error; the scheme may then
 * abort): printf-style, one line; the first one of a run is kept, with
 * the label in force (hp_child_label).  Does nothing outside hp_child_run.
 */
void hp_child_cause(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* After hp_child_run: the first hp_child_cause of its child ("" when none)
 * and, in *label (when not NULL), the label then in force ("" when none);
 * static buffers, valid until the next call. */
const char *hp_child_failed_cause(const char **label);

/* How many bytes the last hp_child_run's child printed on its stdout and
 * stderr (all of them, kept or dropped); 0 when it printed nothing. */
unsigned long long hp_child_printed(void);

/* The (first) signal that interrupted the run, or 0. */
int hp_child_interrupted(void);

#endif
