/*
 * synth.h - the synthetic instance family (SYNTH-SIG, SYNTH-KEM, SYNTH-KEX,
 * SYNTH-NONE): toy schemes with a fixed, documented helper call pattern
 * (README.md), used by the tests to check exact counts, nesting, failures.
 * They are NOT cryptography: they only have to round-trip.
 */
#ifndef HP_SYNTH_H
#define HP_SYNTH_H

#include "auxfunc.h"
#include "drng.h"

extern DRNG_ctx drng_algorithm;

/*
 * Fault injection for the tests: HASHPROF_SYNTH_FAULT="OP:KIND[:K]" makes
 * the K-th call (default 1st) of API operation OP in this process crash
 * (KIND segv), abort (abort), never return (hang) or return -3 (fail), or
 * misbehave as a package confinement must stop (docs/safety.md):
 * write-home (create $HOME/synth-wrote-this), socket (connect to TCP port
 * 9 of 127.0.0.1), fork (start a process), exec (run /bin/true), alloc
 * (allocate and touch 8 MiB at a time until malloc fails); each returns
 * -3 when it survives.  bigalloc allocates 256 MiB at once and aborts
 * when malloc refuses it (one allocation above --max-memory), else frees
 * it and goes on (returns 0).  spawn (spawn-setsid) starts a process that sleeps
 * (in a session of its own), writes its pid to $HASHPROF_SYNTH_SPAWN_PID
 * and hangs: a package that leaves a process behind.  A process that
 * hangs first names itself $HASHPROF_SYNTH_HANG_NAME (its /proc/PID/comm,
 * at most 15 bytes), when that is set: the tests wait for the hang itself,
 * never for a time.
 * OP is the API function's short name: keygen, sign, verify, enc, dec,
 * init_a, init_b, pass1, pass2, derive_a, derive_b.  Returns 0 or -3.
 * First, HASHPROF_SYNTH_SLEEP="OP:MS" makes every call of OP sleep MS
 * milliseconds (a slow step, for the timeout and planning tests), and
 * HASHPROF_SYNTH_PRINT="OP:BYTES" makes it write BYTES bytes on stdout (a
 * package that prints, for the output capture's tests).
 */
int synth_fault(const char *op);

/*
 * Forced replay divergence for the tests (README.md, "Replay
 * divergence"): is HASHPROF_SYNTH_DIVERGE set to kind?  "drng": every
 * get_random_number output depends on a counter kept outside
 * drng_algorithm, so that a run from the restored DRNG state draws other
 * bytes; "calls": every second API call makes one pseudoXOF call more
 * (synth_fault), so that a replay's calls no longer match the record's.
 */
int synth_diverge(const char *kind);

/* A function whose frame is a documented call site (README.md, "Call
 * sites"): never inlined, never cloned under another name. */
#if defined(__GNUC__) && !defined(__clang__)
#define SYNTH_SITE __attribute__((noinline, noclone))
#else
#define SYNTH_SITE __attribute__((noinline))
#endif

/*
 * HASHPROF_SYNTH_OFFSTACK=1: run fn(arg) on a private stack (makecontext,
 * swapcontext), from which no unwinder gets back to the caller: the helper
 * calls it makes have no call path (--call-sites counts them as such).
 * Returns 0 when it ran fn there, -1 when the variable is not set or the
 * stack cannot be had (the caller then runs fn itself).
 */
int synth_offstack(void (*fn)(const unsigned char *), const unsigned char *arg);

/* Non-helper work: `rounds` steps of a xorshift generator (the scheme's
 * "own" time, so that shares are neither 0 nor 100%). */
void synth_work(unsigned rounds);

/* Per-operation amounts of synth_work, documented in README.md. */
#define SYNTH_WORK_KEYGEN 20000u
#define SYNTH_WORK_SIGN 40000u
#define SYNTH_WORK_VERIFY 10000u
#define SYNTH_WORK_STEP 5000u

#endif
