/*
 * kex.c - key exchange: `exchange` (both inits, every pass, both
 * derivations of one run, as the published figures) and each step alone.
 *
 * Every iteration runs a whole exchange so that each step sees the state
 * the protocol gives it; only the steps named by the operation are
 * metered.  Both parties must derive the same secret every time.
 * ngcc-api.md: 1 to 5 passes (kex_get_passes_num); A makes the odd
 * passes, B the even ones; a pass returns 0 when the exchange continues,
 * 1 when it is complete; A derives from B's last message, B from A's last.
 *
 * Some passes overwrite the peer's public key they are given (pkb in
 * pass 3, pka in pass 4, in real packages; their own benchmarks keep
 * pristine copies): both public keys are kept as the inits made them and
 * put back, untimed, before every later step, so that each step gets the
 * keys the protocol means it to get.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "ngcc/ngcc.h"
#include "ops.h"

#define HP_KEX_PASSES HP_NGCC_KEX_PASSES_MAX

enum hp_kex_step {
	HP_INIT_A,
	HP_INIT_B,
	HP_PASS1, /* HP_PASS1 + k - 1: pass k, 1..HP_KEX_PASSES */
	HP_DERIVE_A = HP_PASS1 + HP_KEX_PASSES,
	HP_DERIVE_B,
	HP_STEPS
};

_Static_assert(sizeof hp_ngcc_kex_operations / sizeof hp_ngcc_kex_operations[0] == HP_STEPS + 2,
	       "one operation per step, after exchange");

#define HP_KEX_BUFFERS (8 + HP_KEX_PASSES) /* pka ska sta pkb skb stb m[0..4] ssa ssb */
_Static_assert(HP_KEX_BUFFERS <= HP_OP_OUTPUTS_MAX, "every buffer is a replay output");

struct hp_kex_state {
	u8 *pka, *ska, *sta, *pkb, *skb, *stb, *m[HP_KEX_PASSES], *ssa, *ssb;
	ull pka_len, ska_len, sta_len, pkb_len, skb_len, stb_len, m_len[HP_KEX_PASSES], ssa_len, ssb_len;
	/* both public keys as the inits made them, put back before each later step */
	u8 *pka0, *pkb0;
	ull pka0_len, pkb0_len;
	ull passes;
	int measured[HP_STEPS];
	int npass, done; /* passes made so far in this exchange; 1 once it is complete */
	/* replay of a single step (docs/replay.md): its index (-1: the whole
	 * exchange), and every buffer, length and the progress as the steps
	 * before it left them, put back after each run */
	int replay_step;
	u8 *snap;
	ull snap_len[HP_KEX_BUFFERS];
	int snap_npass, snap_done;
};

/* The state's buffers, their sizes (bytes, from the API) and their
 * length fields, in one fixed order (the replay's outputs and snapshot). */
struct hp_kex_buffer {
	const char *what;
	u8 *buf;
	ull cap, *len;
};

static void hp_kex_buffers(struct hp_kex_state *s, const struct hp_kex_api *a, struct hp_kex_buffer b[HP_KEX_BUFFERS])
{
	static const char *const msg[HP_KEX_PASSES] = { "message 1", "message 2", "message 3", "message 4",
							"message 5" };
	const struct hp_kex_buffer keys[6] = {
		{ "public key of A", s->pka, a->pk_len(), &s->pka_len },
		{ "secret key of A", s->ska, a->sk_len(), &s->ska_len },
		{ "state of A", s->sta, a->sta_len(), &s->sta_len },
		{ "public key of B", s->pkb, a->pk_len(), &s->pkb_len },
		{ "secret key of B", s->skb, a->sk_len(), &s->skb_len },
		{ "state of B", s->stb, a->stb_len(), &s->stb_len },
	};
	size_t n = 0;

	for (size_t i = 0; i < 6; i++)
		b[n++] = keys[i];
	for (int k = 0; k < HP_KEX_PASSES; k++)
		b[n++] = (struct hp_kex_buffer){ msg[k], s->m[k], a->msg_len(), &s->m_len[k] };
	b[n++] = (struct hp_kex_buffer){ "shared secret of A", s->ssa, a->ss_len(), &s->ssa_len };
	b[n++] = (struct hp_kex_buffer){ "shared secret of B", s->ssb, a->ss_len(), &s->ssb_len };
}

/* Does the instance define pass k (1..5)?  Passes 4 and 5 are optional
 * symbols (api.c leaves them NULL). */
static int hp_kex_has_pass(const struct hp_kex_api *a, int k)
{
	return k == 4 ? a->pass4 != NULL : k == 5 ? a->pass5 != NULL : 1;
}

static int hp_kex_prepare(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_kex_api *a = &c->api->kex;
	struct hp_kex_state *s = calloc(1, sizeof *s);
	int all = !strcmp(c->op, "exchange");

	if (!(c->state = s)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->replay_step = -1;
	s->passes = a->passes();
	if (s->passes < 1 || s->passes > HP_KEX_PASSES) {
		snprintf(err, errlen, "kex_get_passes_num returned %llu (1 to %d expected)", s->passes, HP_KEX_PASSES);
		return -1;
	}
	/* passes 4 and 5 are optional symbols: the protocol's count needs them */
	for (int k = 4; k <= (int)s->passes; k++)
		if (!hp_kex_has_pass(a, k)) {
			snprintf(err, errlen,
				 "kex_get_passes_num returned %llu, but the instance does not define "
				 "kex_generate_pass%d_msg_%c",
				 s->passes, k, k % 2 ? 'a' : 'b');
			return -1;
		}
	if (!all && !strncmp(c->op, "pass", 4) && (ull)(c->op[4] - '0') > s->passes) {
		snprintf(err, errlen, "the protocol has only %llu passes", s->passes);
		return -1;
	}
	for (int k = 0; k < HP_STEPS; k++)
		s->measured[k] = all || !strcmp(c->op, hp_ngcc_kex_operations[k + 1]);
	if (!(s->pka = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->pkb = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->pka0 = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->pkb0 = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->ska = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->skb = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->sta = hp_ops_alloc(a->sta_len(), "state of A", err, errlen)) ||
	    !(s->stb = hp_ops_alloc(a->stb_len(), "state of B", err, errlen)) ||
	    !(s->ssa = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)) ||
	    !(s->ssb = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)))
		return -1;
	for (int i = 0; i < HP_KEX_PASSES; i++)
		if (!(s->m[i] = hp_ops_alloc(a->msg_len(), "message", err, errlen)))
			return -1;
	return 0;
}

/* The exchange needs no set-up: every iteration runs it whole. */
static int hp_kex_setup(struct hp_op_ctx *c, char *err, size_t errlen)
{
	(void)c;
	(void)err;
	(void)errlen;
	return 0;
}

/* Pass k (1..5) on the state: A makes the odd passes from B's message
 * k-1 (none for pass 1), B the even ones from A's. */
static int hp_kex_pass(struct hp_kex_state *s, const struct hp_kex_api *a, int k)
{
	u8 *in = k > 1 ? s->m[k - 2] : NULL, *out = s->m[k - 1];
	ull in_len = k > 1 ? s->m_len[k - 2] : 0, *out_len = &s->m_len[k - 1];

	switch (k) {
	case 1:
		return a->pass1(s->ska, s->ska_len, s->pkb, s->pkb_len, s->sta, &s->sta_len, out, out_len);
	case 2:
		return a->pass2(s->skb, s->skb_len, s->pka, s->pka_len, in, in_len, s->stb, &s->stb_len, out, out_len);
	case 3:
		return a->pass3(s->ska, s->ska_len, s->pkb, s->pkb_len, in, in_len, s->sta, &s->sta_len, out, out_len);
	case 4:
		return a->pass4(s->skb, s->skb_len, s->pka, s->pka_len, in, in_len, s->stb, &s->stb_len, out, out_len);
	default:
		return a->pass5(s->ska, s->ska_len, s->pkb, s->pkb_len, in, in_len, s->sta, &s->sta_len, out, out_len);
	}
}

/* The last message from B (even passes, 0 when none) or from A (odd). */
static int hp_kex_last_from(const struct hp_kex_state *s, int odd)
{
	int last = s->npass;

	if ((last % 2 == 1) != odd)
		last--;
	return last; /* 1-based pass number, 0: none */
}

/* Step k's API call on the state; A derives from B's last message, B
 * from A's last. */
static int hp_kex_call(struct hp_kex_state *s, const struct hp_kex_api *a, int k)
{
	int from_b = hp_kex_last_from(s, 0), from_a = hp_kex_last_from(s, 1);

	switch (k) {
	case HP_INIT_A:
		return a->init_a(s->pka, &s->pka_len, s->ska, &s->ska_len, s->sta, &s->sta_len);
	case HP_INIT_B:
		return a->init_b(s->pkb, &s->pkb_len, s->skb, &s->skb_len, s->stb, &s->stb_len);
	case HP_DERIVE_A:
		return a->derive_a(s->ska, s->ska_len, s->pkb, s->pkb_len, from_b ? s->m[from_b - 1] : NULL,
				   from_b ? s->m_len[from_b - 1] : 0, s->sta, s->sta_len, s->ssa, &s->ssa_len);
	case HP_DERIVE_B:
		return a->derive_b(s->skb, s->skb_len, s->pka, s->pka_len, from_a ? s->m[from_a - 1] : NULL,
				   from_a ? s->m_len[from_a - 1] : 0, s->stb, s->stb_len, s->ssb, &s->ssb_len);
	default:
		return hp_kex_pass(s, a, k - HP_PASS1 + 1);
	}
}

/* Before step k (after the inits): both public keys as the inits made
 * them, whatever an earlier pass wrote into them.  Untimed: the meter is
 * off.  After an init: its key is the pristine copy. */
static void hp_kex_keys(struct hp_kex_state *s, const struct hp_kex_api *a, int k, int after)
{
	size_t cap = (size_t)a->pk_len();

	if (after && k == HP_INIT_A) {
		memcpy(s->pka0, s->pka, cap);
		s->pka0_len = s->pka_len;
	} else if (after && k == HP_INIT_B) {
		memcpy(s->pkb0, s->pkb, cap);
		s->pkb0_len = s->pkb_len;
	} else if (!after && k > HP_INIT_B) {
		memcpy(s->pka, s->pka0, cap);
		s->pka_len = s->pka0_len;
		memcpy(s->pkb, s->pkb0, cap);
		s->pkb_len = s->pkb0_len;
	}
}

/* Is step k a pass? */
static int hp_kex_is_pass(int k)
{
	return k >= HP_PASS1 && k < HP_PASS1 + HP_KEX_PASSES;
}

/*
 * Steps [from, to) of the exchange, the passes only while it continues.
 * metered: each step named for a crash report and the meter around the
 * measured ones (a replay run does neither: its whole call is timed).
 * Returns the last step's code (>= 0), or the first negative one, with
 * "pass1 returned -3" in err when err is not NULL.
 */
static int hp_kex_steps(struct hp_op_ctx *c, int from, int to, int metered, char *err, size_t errlen)
{
	const struct hp_kex_api *a = &c->api->kex;
	struct hp_kex_state *s = c->state;
	int rc = 0;

	for (int k = from; k < to; k++) {
		if (k == HP_INIT_A)
			s->npass = s->done = 0;
		if (hp_kex_is_pass(k) && (s->done || k - HP_PASS1 + 1 > (int)s->passes))
			continue;
		hp_kex_keys(s, a, k, 0);
		if (metered) {
			hp_child_phase("%s of an exchange", hp_ngcc_kex_operations[k + 1]);
			if (s->measured[k])
				hp_meter_begin(&c->meter);
		}
		rc = hp_kex_call(s, a, k);
		if (metered && s->measured[k])
			hp_meter_end(&c->meter);
		if (rc < 0) {
			if (err)
				snprintf(err, errlen, "%s returned %d", hp_ngcc_kex_operations[k + 1], rc);
			return rc;
		}
		hp_kex_keys(s, a, k, 1);
		/* ngcc-api.md: a pass returns 1 when the exchange is complete */
		if (hp_kex_is_pass(k)) {
			s->npass = k - HP_PASS1 + 1;
			s->done = rc == 1 || (ull)s->npass == s->passes;
		}
	}
	return rc;
}

/* A whole exchange, unmetered, whose two secrets must agree. */
static int hp_kex_roundtrip(struct hp_op_ctx *c, char *err, size_t errlen)
{
	struct hp_kex_state *s = c->state;

	hp_child_step("round trip: an exchange");
	if (hp_kex_steps(c, 0, HP_STEPS, 0, err, errlen) < 0)
		return -1;
	if (s->ssa_len != s->ssb_len || memcmp(s->ssa, s->ssb, s->ssa_len)) {
		snprintf(err, errlen, "the two parties derived different shared secrets");
		return -1;
	}
	return 0;
}

static int hp_kex_iterate(struct hp_op_ctx *c, char *err, size_t errlen)
{
	struct hp_kex_state *s = c->state;

	if (hp_kex_steps(c, 0, HP_STEPS, 1, err, errlen) < 0)
		return -1;
	if (s->ssa_len != s->ssb_len || memcmp(s->ssa, s->ssb, s->ssa_len)) {
		snprintf(err, errlen, "the two parties derived different shared secrets");
		return -1;
	}
	return 0;
}

/* Replay of `exchange`: nothing to prepare, every run is a whole exchange
 * from the restored DRNG.  Of a step: the steps before it run once, and
 * what they left is kept, to be put back after each run. */
static int hp_kex_replay_prepare(struct hp_op_ctx *c, char *err, size_t errlen)
{
	struct hp_kex_state *s = c->state;
	struct hp_kex_buffer b[HP_KEX_BUFFERS];
	size_t total = 0, used = 0;
	int step = -1;

	for (int k = 0; k < HP_STEPS; k++)
		if (!strcmp(c->op, hp_ngcc_kex_operations[k + 1]))
			step = k;
	if ((s->replay_step = step) < 0)
		return 0;
	if (hp_kex_steps(c, 0, step, 0, err, errlen) < 0)
		return -1;
	if (hp_kex_is_pass(step) && s->done) {
		snprintf(err, errlen, "%s does not run: the exchange is complete after pass%d", c->op, s->npass);
		return -1;
	}
	hp_kex_buffers(s, &c->api->kex, b);
	for (int i = 0; i < HP_KEX_BUFFERS; i++)
		total += (size_t)b[i].cap;
	if (!(s->snap = malloc(total ? total : 1))) {
		snprintf(err, errlen, "out of memory for the inputs of %s (%zu bytes)", c->op, total);
		return -1;
	}
	for (int i = 0; i < HP_KEX_BUFFERS; i++) {
		memcpy(s->snap + used, b[i].buf, (size_t)b[i].cap);
		used += (size_t)b[i].cap;
		s->snap_len[i] = *b[i].len;
	}
	s->snap_npass = s->npass;
	s->snap_done = s->done;
	return 0;
}

/* The whole exchange, or the one step on the prepared state; 0 or the
 * failing call's negative code (a pass's 1, "complete", is success). */
static int hp_kex_replay_op(struct hp_op_ctx *c)
{
	struct hp_kex_state *s = c->state;
	int rc;

	if (s->replay_step < 0)
		rc = hp_kex_steps(c, 0, HP_STEPS, 0, NULL, 0);
	else
		rc = hp_kex_steps(c, s->replay_step, s->replay_step + 1, 0, NULL, 0);
	return rc < 0 ? rc : 0;
}

/* Every buffer: the messages, the shared secrets, and the keys and
 * states the steps pass on (a step leaves the others as it found them). */
static size_t hp_kex_replay_outputs(const struct hp_op_ctx *c, struct hp_op_output out[HP_OP_OUTPUTS_MAX])
{
	struct hp_kex_buffer b[HP_KEX_BUFFERS];

	hp_kex_buffers(c->state, &c->api->kex, b);
	for (int i = 0; i < HP_KEX_BUFFERS; i++)
		out[i] = (struct hp_op_output){ b[i].what, b[i].buf, hp_ops_within(*b[i].len, b[i].cap) };
	return HP_KEX_BUFFERS;
}

/* Put back what the steps before the replayed one left (a pass rewrites
 * its party's state). */
static void hp_kex_replay_reset(struct hp_op_ctx *c)
{
	struct hp_kex_state *s = c->state;
	struct hp_kex_buffer b[HP_KEX_BUFFERS];
	size_t used = 0;

	if (s->replay_step < 0 || !s->snap)
		return;
	hp_kex_buffers(s, &c->api->kex, b);
	for (int i = 0; i < HP_KEX_BUFFERS; i++) {
		memcpy(b[i].buf, s->snap + used, (size_t)b[i].cap);
		used += (size_t)b[i].cap;
		*b[i].len = s->snap_len[i];
	}
	s->npass = s->snap_npass;
	s->done = s->snap_done;
}

static void hp_kex_release(struct hp_op_ctx *c)
{
	struct hp_kex_state *s = c->state;

	if (!s)
		return;
	u8 *bufs[] = { s->pka, s->ska, s->sta, s->pkb, s->skb, s->stb, s->ssa, s->ssb, s->pka0, s->pkb0 };
	for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
		free(bufs[i]);
	for (int i = 0; i < HP_KEX_PASSES; i++)
		free(s->m[i]);
	free(s->snap);
	free(s);
	c->state = NULL;
}

const struct hp_kind_ops hp_kex_ops = {
	.kind = "kex",
	.operations = hp_ngcc_kex_operations,
	.prepare = hp_kex_prepare,
	.setup = hp_kex_setup,
	.roundtrip = hp_kex_roundtrip,
	.iterate = hp_kex_iterate,
	.release = hp_kex_release,
	.replay_prepare = hp_kex_replay_prepare,
	.replay_op = hp_kex_replay_op,
	.replay_outputs = hp_kex_replay_outputs,
	.replay_reset = hp_kex_replay_reset,
};
