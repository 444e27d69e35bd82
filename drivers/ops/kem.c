/*
 * kem.c - KEM operations: keygen, encaps, decaps.
 *
 * method.md: "KEM encaps/decaps likewise generate keys (and a ciphertext,
 * checked by an honest decapsulation)" (unmeasured).  decaps decapsulates
 * the set-up ciphertext and must recover the set-up secret every time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "ngcc/ngcc.h"
#include "ops.h"

struct hp_kem_state {
	u8 *pk, *sk, *ct, *ss, *ct2, *ss2;
	ull pk_len, sk_len, ct_len, ss_len;
	ull ct2_len, ss2_len; /* the replayed encaps'/decaps' outputs, bytes */
};

static int hp_kem_prepare(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_kem_api *a = &c->api->kem;
	struct hp_kem_state *s = calloc(1, sizeof *s);

	if (!(c->state = s)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!(s->pk = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->sk = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->ct = hp_ops_alloc(a->ct_len(), "ciphertext", err, errlen)) ||
	    !(s->ct2 = hp_ops_alloc(a->ct_len(), "ciphertext", err, errlen)) ||
	    !(s->ss = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)) ||
	    !(s->ss2 = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)))
		return -1;
	return 0;
}

/* Keys, a ciphertext, its decapsulation to the same secret: each step
 * named "WHAT: kem_keygen".  0, or -1 with the failing call in err. */
static int hp_kem_trio(struct hp_op_ctx *c, const char *what, char *err, size_t errlen)
{
	const struct hp_kem_api *a = &c->api->kem;
	struct hp_kem_state *s = c->state;
	ull len = 0;
	int rc;

	hp_child_step("%s: kem_keygen", what);
	if ((rc = a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len)) != 0) {
		snprintf(err, errlen, "kem_keygen returned %d", rc);
		return -1;
	}
	hp_child_step("%s: kem_enc", what);
	if ((rc = a->enc(s->pk, s->pk_len, s->ss, &s->ss_len, s->ct, &s->ct_len)) != 0) {
		snprintf(err, errlen, "kem_enc returned %d", rc);
		return -1;
	}
	hp_child_step("%s: kem_dec", what);
	if ((rc = a->dec(s->sk, s->sk_len, s->ct, s->ct_len, s->ss2, &len)) != 0) {
		snprintf(err, errlen, "kem_dec returned %d", rc);
		return -1;
	}
	if (len != s->ss_len || memcmp(s->ss, s->ss2, s->ss_len)) {
		snprintf(err, errlen, "kem_dec did not recover the shared secret of kem_enc");
		return -1;
	}
	return 0;
}

/* keys and a ciphertext that decapsulates (encaps, decaps); nothing for keygen */
static int hp_kem_setup(struct hp_op_ctx *c, char *err, size_t errlen)
{
	char why[200];

	if (!strcmp(c->op, "keygen"))
		return 0;
	if (hp_kem_trio(c, "set-up", why, sizeof why) != 0) {
		snprintf(err, errlen, "set-up: %s", why);
		return -1;
	}
	return 0;
}

static int hp_kem_roundtrip(struct hp_op_ctx *c, char *err, size_t errlen)
{
	return hp_kem_trio(c, "round trip", err, errlen);
}

static int hp_kem_iterate(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_kem_api *a = &c->api->kem;
	struct hp_kem_state *s = c->state;
	const char *call;
	ull ss_len = 0, ct_len = 0;
	int rc;

	if (!strcmp(c->op, "keygen")) {
		call = "kem_keygen";
		hp_meter_begin(&c->meter);
		rc = a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
		hp_meter_end(&c->meter);
	} else if (!strcmp(c->op, "encaps")) {
		call = "kem_enc";
		hp_meter_begin(&c->meter);
		rc = a->enc(s->pk, s->pk_len, s->ss2, &ss_len, s->ct2, &ct_len);
		hp_meter_end(&c->meter);
	} else {
		call = "kem_dec";
		hp_meter_begin(&c->meter);
		rc = a->dec(s->sk, s->sk_len, s->ct, s->ct_len, s->ss2, &ss_len);
		hp_meter_end(&c->meter);
		if (rc == 0 && (ss_len != s->ss_len || memcmp(s->ss, s->ss2, s->ss_len))) {
			snprintf(err, errlen, "kem_dec no longer recovers the set-up shared secret");
			return -1;
		}
	}
	if (rc != 0)
		snprintf(err, errlen, "%s returned %d", call, rc);
	return rc ? -1 : 0;
}

static void hp_kem_release(struct hp_op_ctx *c)
{
	struct hp_kem_state *s = c->state;

	if (!s)
		return;
	free(s->pk);
	free(s->sk);
	free(s->ct);
	free(s->ct2);
	free(s->ss);
	free(s->ss2);
	free(s);
	c->state = NULL;
}

/* keygen, encaps or decaps, as hp_kem_iterate makes it, with no meter:
 * the inputs (the set-up keys and ciphertext) are read only. */
static int hp_kem_replay_op(struct hp_op_ctx *c)
{
	const struct hp_kem_api *a = &c->api->kem;
	struct hp_kem_state *s = c->state;

	if (!strcmp(c->op, "keygen"))
		return a->keygen(s->pk, &s->pk_len, s->sk, &s->sk_len);
	if (!strcmp(c->op, "encaps"))
		return a->enc(s->pk, s->pk_len, s->ss2, &s->ss2_len, s->ct2, &s->ct2_len);
	return a->dec(s->sk, s->sk_len, s->ct, s->ct_len, s->ss2, &s->ss2_len);
}

/* keygen: the key pair; encaps: the ciphertext and the shared secret;
 * decaps: the shared secret. */
static size_t hp_kem_replay_outputs(const struct hp_op_ctx *c, struct hp_op_output out[HP_OP_OUTPUTS_MAX])
{
	const struct hp_kem_api *a = &c->api->kem;
	const struct hp_kem_state *s = c->state;
	size_t n = 0;

	if (!strcmp(c->op, "keygen")) {
		out[n++] = (struct hp_op_output){ "public key", s->pk, hp_ops_within(s->pk_len, a->pk_len()) };
		out[n++] = (struct hp_op_output){ "secret key", s->sk, hp_ops_within(s->sk_len, a->sk_len()) };
		return n;
	}
	if (!strcmp(c->op, "encaps"))
		out[n++] = (struct hp_op_output){ "ciphertext", s->ct2, hp_ops_within(s->ct2_len, a->ct_len()) };
	out[n++] = (struct hp_op_output){ "shared secret", s->ss2, hp_ops_within(s->ss2_len, a->ss_len()) };
	return n;
}

const struct hp_kind_ops hp_kem_ops = {
	.kind = "kem",
	.operations = hp_ngcc_kem_operations,
	.prepare = hp_kem_prepare,
	.setup = hp_kem_setup,
	.roundtrip = hp_kem_roundtrip,
	.iterate = hp_kem_iterate,
	.release = hp_kem_release,
	.replay_op = hp_kem_replay_op,
	.replay_outputs = hp_kem_replay_outputs,
};
