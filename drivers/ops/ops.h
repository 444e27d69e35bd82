/*
 * ops.h - the operations of each API kind: unmeasured set-up and one
 * measured operation (method.md, "Running").
 */
#ifndef HP_OPS_H
#define HP_OPS_H

#include <stddef.h>

#include "api.h"
#include "replay/meter.h"
#include "replay/replay.h"

struct hp_op_ctx {
	struct hp_api *api;
	struct hp_meter meter;
	const char *op; /* operation name */
	const unsigned char *message; /* sig: the message signed */
	size_t message_len; /* bytes */
	void *state; /* the kind's buffers */
};

/* One output of an operation: what every run of a replay sample must
 * write byte for byte as the record run did (docs/replay.md). */
struct hp_op_output {
	const char *what; /* "signature", "ciphertext", "message 1", ... */
	const unsigned char *bytes;
	unsigned long long len; /* bytes (as the API reported them, at most the buffer's size) */
};
#define HP_OP_OUTPUTS_MAX 16

struct hp_kind_ops {
	const char *kind; /* "sig", "kem", "kex" */
	const char *const *operations; /* NULL-terminated, in table order */
	/* Allocate buffers from the API's length functions (no DRNG use). */
	int (*prepare)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* Unmeasured set-up: keys, and a signature/ciphertext that is checked. */
	int (*setup)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* Whether the scheme still works, whatever the operation: keys, a
	 * signature that must verify, a ciphertext that must decapsulate to
	 * the same secret, an exchange whose two secrets agree; on the
	 * state's buffers, unmetered, drawing from the DRNG (a --hash arm's
	 * check that the candidate breaks nothing, drivers/swap.c).  0, or -1
	 * with "sig_verify rejected a fresh signature (returned -1)". */
	int (*roundtrip)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* One operation, the meter around the measured API call(s). */
	int (*iterate)(struct hp_op_ctx *c, char *err, size_t errlen);
	void (*release)(struct hp_op_ctx *c);

	/* Replay (docs/replay.md), after the set-up and the measured operations: */
	/* Once before the samples: the inputs every run takes (a key exchange
	 * step: the steps before it, run once, unmetered).  0, or -1 with err. */
	int (*replay_prepare)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* One run of the measured API call(s) on those inputs, nothing else:
	 * no meter, no step report, since the whole call is timed.  Returns 0,
	 * or the failing API call's (negative or non-zero) return code. */
	int (*replay_op)(struct hp_op_ctx *c);
	/* What the last replay_op wrote, into out; how many (<= HP_OP_OUTPUTS_MAX). */
	size_t (*replay_outputs)(const struct hp_op_ctx *c, struct hp_op_output out[HP_OP_OUTPUTS_MAX]);
	/* Put back the inputs a run overwrote (a pass's state); NULL: none does. */
	void (*replay_reset)(struct hp_op_ctx *c);
};

extern const struct hp_kind_ops hp_sig_ops, hp_kem_ops, hp_kex_ops;

/* The operations of a kind ("sig", ...); NULL for an unknown kind. */
const struct hp_kind_ops *hp_kind_ops_of(const char *kind);

/* Is op an operation of this kind? */
int hp_kind_has_op(const struct hp_kind_ops *k, const char *op);

/* The operations as "keygen, sign, verify" into buf. */
void hp_kind_op_list(const struct hp_kind_ops *k, char *buf, size_t len);

/* calloc that reports failure in err; n bytes plus a guard of 64. */
void *hp_ops_alloc(unsigned long long n, const char *what, char *err, size_t errlen);

/* ---------- replaying an operation (prof/replay/replay.h's op and check) ---------- */

/* A length the scheme reported (bytes), at most the buffer's size cap:
 * an output is never read past its buffer. */
unsigned long long hp_ops_within(unsigned long long len, unsigned long long cap);

/*
 * The context of hp_op_replay_op and hp_op_replay_check: the operation
 * of c made by its kind k, and the record run's outputs, which every
 * later run of a sample must match byte for byte.
 */
struct hp_op_replay {
	struct hp_op_ctx *c;
	const struct hp_kind_ops *k;
	int rc; /* the last run's return code */
	struct hp_op_output rec[HP_OP_OUTPUTS_MAX]; /* the record run's (bytes into saved) */
	size_t nrec;
	unsigned char *saved; /* their bytes, owned */
	size_t saved_cap; /* bytes allocated */
	/* For the tests: called after each run with its outputs (NULL: none). */
	void (*observe)(void *arg, enum hp_replay_phase phase, const struct hp_op_output *out, size_t n);
	void *observe_arg;
};

/* Start replaying c's operation: p zeroed and filled, k->replay_prepare
 * run.  Returns 0, or -1 with a one-line reason in err. */
int hp_op_replay_begin(struct hp_op_replay *p, struct hp_op_ctx *c, const struct hp_kind_ops *k, char *err,
		       size_t errlen);

/* hp_replay_op_fn: one run (ctx is a struct hp_op_replay); the kind's code. */
int hp_op_replay_op(void *ctx, enum hp_replay_phase phase);

/*
 * hp_replay_check_fn, after each run: the record run must have returned
 * 0, and its outputs are kept; a later run's must be the same bytes
 * ("the timed run's signature differs from the record's at byte 17 of
 * 2420", "the hash replay's ciphertext has 1087 bytes, the record's
 * 1088").  Then the inputs are put back (replay_reset).  Returns 0, or -1
 * with that reason in err; out of memory is -1 too.
 */
int hp_op_replay_check(void *ctx, enum hp_replay_phase phase, char *err, size_t errlen);

/* Release what hp_op_replay_begin and the record runs allocated. */
void hp_op_replay_end(struct hp_op_replay *p);

#endif
