/*
 * ops_sig.c - signature operations: keygen, sign, verify.
 *
 * method.md: "for sign and verify a key pair is generated and a signature
 * made and verified first" (unmeasured); sign signs the same message
 * again and again, the DRNG advancing; verify checks the set-up signature.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "ops.h"

struct hp_sig_state {
	u8 *pk, *sk, *sn, *sn2;
	ull pk_len, sk_len, sn_len;
};

static const char *const hp_sig_operations[] = { "keygen", "sign", "verify", NULL };

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

static int hp_sig_setup(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_sig_api *a = &c->api->sig;
	struct hp_sig_state *s = c->state;
	int rc;

	if (!strcmp(c->op, "keygen"))
		return 0;
	hp_child_step("set-up: sig_keygen");
	if ((rc = a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len)) != 0) {
		snprintf(err, errlen, "set-up: sig_keygen returned %d", rc);
		return -1;
	}
	hp_child_step("set-up: sig_sign");
	if ((rc = a->sign(s->sk, s->sk_len, (u8 *)c->message, c->message_len, s->sn, &s->sn_len)) != 0) {
		snprintf(err, errlen, "set-up: sig_sign returned %d", rc);
		return -1;
	}
	hp_child_step("set-up: sig_verify");
	if ((rc = a->verify(s->pk, s->pk_len, s->sn, s->sn_len, (u8 *)c->message, c->message_len)) != 0) {
		snprintf(err, errlen, "set-up: sig_verify rejected a fresh signature (returned %d)", rc);
		return -1;
	}
	return 0;
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

const struct hp_kind_ops hp_sig_ops = {
	"sig", hp_sig_operations, hp_sig_prepare, hp_sig_setup, hp_sig_iterate, hp_sig_release,
};
