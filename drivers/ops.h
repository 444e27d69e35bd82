/*
 * ops.h - the operations of each API kind: unmeasured set-up and one
 * measured operation (method.md, "Running").
 */
#ifndef HP_OPS_H
#define HP_OPS_H

#include <stddef.h>

#include "api.h"
#include "meter.h"

struct hp_op_ctx {
	struct hp_api *api;
	struct hp_meter meter;
	const char *op;                /* operation name */
	const unsigned char *message;  /* sig: the message signed */
	size_t message_len;            /* bytes */
	void *state;                   /* the kind's buffers */
};

struct hp_kind_ops {
	const char *kind;                 /* "sig", "kem", "kex" */
	const char *const *operations;    /* NULL-terminated, in table order */
	/* Allocate buffers from the API's length functions (no DRNG use). */
	int (*prepare)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* Unmeasured set-up: keys, and a signature/ciphertext that is checked. */
	int (*setup)(struct hp_op_ctx *c, char *err, size_t errlen);
	/* One operation, the meter around the measured API call(s). */
	int (*iterate)(struct hp_op_ctx *c, char *err, size_t errlen);
	void (*release)(struct hp_op_ctx *c);
};

extern const struct hp_kind_ops hp_sig_ops, hp_kem_ops, hp_kex_ops;

/* The operations of a kind ("sig", ...); NULL for an unknown kind. */
const struct hp_kind_ops *hp_kind_ops(const char *kind);

/* Is op an operation of this kind? */
int hp_kind_has_op(const struct hp_kind_ops *k, const char *op);

/* The operations as "keygen, sign, verify" into buf. */
void hp_kind_op_list(const struct hp_kind_ops *k, char *buf, size_t len);

/* calloc that reports failure in err; n bytes plus a guard of 64. */
void *hp_ops_alloc(unsigned long long n, const char *what, char *err, size_t errlen);

#endif
