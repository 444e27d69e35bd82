/*
 * sig.c - signature operations: keygen, sign, verify.
 *
 * method.md: "for sign and verify a key pair is generated and a signature
 * made and verified first" (unmeasured); sign signs the same message
 * again and again, the DRNG advancing; verify checks the set-up signature.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "ngcc/ngcc.h"
#include "ops.h"

struct hp_sig_state {
	u8 *pk, *sk, *sn, *sn2;
	ull pk_len, sk_len, sn_len;
	ull sn2_len; /* the replayed sign's signature, bytes */
};

static int hp_sig_prepare(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_sig_api *a = &c->api->sig;
	struct hp_sig_state *s = calloc(1, sizeof *s);

	if (!(c->state = s)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!(s->pk = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->sk = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->sn = hp_ops_alloc(a->sn_len(), "signature", err, errlen)) ||
	    !(s->sn2 = hp_ops_alloc(a->sn_len(), "signature", err, errlen)))
		return -1;
	return 0;
}

/* Keys, a signature of the message, its verification: each step named
 * "WHAT: sig_keygen" for a crash report.  0, or -1 with the failing call
 * in err ("sig_verify rejected a fresh signature (returned -1)"). */
static int hp_sig_pair(struct hp_op_ctx *c, const char *what, char *err, size_t errlen)
{
	const struct hp_sig_api *a = &c->api->sig;
	struct hp_sig_state *s = c->state;
	int rc;

	hp_child_step("%s: sig_keygen", what);
	if ((rc = a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len)) != 0) {
		snprintf(err, errlen, "sig_keygen returned %d", rc);
		return -1;
	}
	hp_child_step("%s: sig_sign", what);
	if ((rc = a->sign(s->sk, s->sk_len, (u8 *)c->message, c->message_len, s->sn, &s->sn_len)) != 0) {
		snprintf(err, errlen, "sig_sign returned %d", rc);
		return -1;
	}
	hp_child_step("%s: sig_verify", what);
	if ((rc = a->verify(s->pk, s->pk_len, s->sn, s->sn_len, (u8 *)c->message, c->message_len)) != 0) {
		snprintf(err, errlen, "sig_verify rejected a fresh signature (returned %d)", rc);
		return -1;
	}
	return 0;
}

/* keys and a signature that verifies (sign, verify); nothing for keygen */
static int hp_sig_setup(struct hp_op_ctx *c, char *err, size_t errlen)
{
	char why[200];

	if (!strcmp(c->op, "keygen"))
		return 0;
	if (hp_sig_pair(c, "set-up", why, sizeof why) != 0) {
		snprintf(err, errlen, "set-up: %s", why);
		return -1;
	}
	return 0;
}

static int hp_sig_roundtrip(struct hp_op_ctx *c, char *err, size_t errlen)
{
	return hp_sig_pair(c, "round trip", err, errlen);
}

static int hp_sig_iterate(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_sig_api *a = &c->api->sig;
	struct hp_sig_state *s = c->state;
	const char *call;
	ull len = 0;
	int rc;

	if (!strcmp(c->op, "keygen")) {
		call = "sig_keygen";
		hp_meter_begin(&c->meter);
		rc = a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
		hp_meter_end(&c->meter);
	} else if (!strcmp(c->op, "sign")) {
		call = "sig_sign";
		hp_meter_begin(&c->meter);
		rc = a->sign(s->sk, s->sk_len, (u8 *)c->message, c->message_len, s->sn2, &len);
		hp_meter_end(&c->meter);
	} else {
		call = "sig_verify";
		hp_meter_begin(&c->meter);
		rc = a->verify(s->pk, s->pk_len, s->sn, s->sn_len, (u8 *)c->message, c->message_len);
		hp_meter_end(&c->meter);
	}
	if (rc != 0)
		snprintf(err, errlen, "%s returned %d", call, rc);
	return rc ? -1 : 0;
}

static void hp_sig_release(struct hp_op_ctx *c)
{
	struct hp_sig_state *s = c->state;

	if (!s)
		return;
	free(s->pk);
	free(s->sk);
	free(s->sn);
	free(s->sn2);
	free(s);
	c->state = NULL;
}

/* keygen, sign or verify, as hp_sig_iterate makes it, with no meter:
 * the inputs (the set-up keys and signature, the message) are read only. */
static int hp_sig_replay_op(struct hp_op_ctx *c)
{
	const struct hp_sig_api *a = &c->api->sig;
	struct hp_sig_state *s = c->state;

	if (!strcmp(c->op, "keygen"))
		return a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
	if (!strcmp(c->op, "sign"))
		return a->sign(s->sk, s->sk_len, (u8 *)c->message, c->message_len, s->sn2, &s->sn2_len);
	return a->verify(s->pk, s->pk_len, s->sn, s->sn_len, (u8 *)c->message, c->message_len);
}

/* keygen: the key pair; sign: the signature; verify: nothing but its
 * return code, which the sample compares. */
static size_t hp_sig_replay_outputs(const struct hp_op_ctx *c, struct hp_op_output out[HP_OP_OUTPUTS_MAX])
{
	const struct hp_sig_api *a = &c->api->sig;
	const struct hp_sig_state *s = c->state;

	if (!strcmp(c->op, "keygen")) {
		out[0] = (struct hp_op_output){ "public key", s->pk, hp_ops_within(s->pk_len, a->pk_len()) };
		out[1] = (struct hp_op_output){ "secret key", s->sk, hp_ops_within(s->sk_len, a->sk_len()) };
		return 2;
	}
	if (!strcmp(c->op, "sign")) {
		out[0] = (struct hp_op_output){ "signature", s->sn2, hp_ops_within(s->sn2_len, a->sn_len()) };
		return 1;
	}
	return 0;
}

const struct hp_kind_ops hp_sig_ops = {
	.kind = "sig",
	.operations = hp_ngcc_sig_operations,
	.prepare = hp_sig_prepare,
	.setup = hp_sig_setup,
	.roundtrip = hp_sig_roundtrip,
	.iterate = hp_sig_iterate,
	.release = hp_sig_release,
	.replay_op = hp_sig_replay_op,
	.replay_outputs = hp_sig_replay_outputs,
};
