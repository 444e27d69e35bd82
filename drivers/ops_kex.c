/*
 * ops_kex.c - key exchange: `exchange` (both inits, every pass, both
 * derivations of one run, as the published figures) and each step alone.
 *
 * Every iteration runs a whole exchange so that each step sees the state
 * the protocol gives it; only the steps named by the operation are
 * metered.  Both parties must derive the same secret every time.
 * ngcc-api.md: a pass returns 0 when the exchange continues, 1 when it is
 * complete; A derives from B's last message, B from A's last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "ops.h"

enum hp_kex_step { HP_INIT_A, HP_INIT_B, HP_PASS1, HP_PASS2, HP_PASS3, HP_DERIVE_A, HP_DERIVE_B, HP_STEPS };

static const char *const hp_kex_operations[] = {
	"exchange", "init_a", "init_b", "pass1", "pass2", "pass3", "derive_a", "derive_b", NULL,
};

#define HP_KEX_BUFFERS 11 /* pka ska sta pkb skb stb m[0..2] ssa ssb */

struct hp_kex_state {
	u8 *pka, *ska, *sta, *pkb, *skb, *stb, *m[3], *ssa, *ssb;
	ull pka_len, ska_len, sta_len, pkb_len, skb_len, stb_len, m_len[3], ssa_len, ssb_len;
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
	const struct hp_kex_buffer all[HP_KEX_BUFFERS] = {
		{ "public key of A", s->pka, a->pk_len(), &s->pka_len },
		{ "secret key of A", s->ska, a->sk_len(), &s->ska_len },
		{ "state of A", s->sta, a->sta_len(), &s->sta_len },
		{ "public key of B", s->pkb, a->pk_len(), &s->pkb_len },
		{ "secret key of B", s->skb, a->sk_len(), &s->skb_len },
		{ "state of B", s->stb, a->stb_len(), &s->stb_len },
		{ "message 1", s->m[0], a->msg_len(), &s->m_len[0] },
		{ "message 2", s->m[1], a->msg_len(), &s->m_len[1] },
		{ "message 3", s->m[2], a->msg_len(), &s->m_len[2] },
		{ "shared secret of A", s->ssa, a->ss_len(), &s->ssa_len },
		{ "shared secret of B", s->ssb, a->ss_len(), &s->ssb_len },
	};

	memcpy(b, all, sizeof all);
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
	if (s->passes < 1 || s->passes > 3) {
		snprintf(err, errlen, "kex_get_passes_num returned %llu (1, 2 or 3 expected)", s->passes);
		return -1;
	}
	if (!all && !strncmp(c->op, "pass", 4) && (ull)(c->op[4] - '0') > s->passes) {
		snprintf(err, errlen, "the protocol has only %llu passes", s->passes);
		return -1;
	}
	for (int k = 0; k < HP_STEPS; k++)
		s->measured[k] = all || !strcmp(c->op, hp_kex_operations[k + 1]);
	if (!(s->pka = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->pkb = hp_ops_alloc(a->pk_len(), "public key", err, errlen)) ||
	    !(s->ska = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->skb = hp_ops_alloc(a->sk_len(), "secret key", err, errlen)) ||
	    !(s->sta = hp_ops_alloc(a->sta_len(), "state of A", err, errlen)) ||
	    !(s->stb = hp_ops_alloc(a->stb_len(), "state of B", err, errlen)) ||
	    !(s->ssa = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)) ||
	    !(s->ssb = hp_ops_alloc(a->ss_len(), "shared secret", err, errlen)))
		return -1;
	for (int i = 0; i < 3; i++)
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

/* Step k's API call on the state: A derives from B's last message (none
 * before pass2), B from A's last (pass3's, else pass1's). */
static int hp_kex_call(struct hp_kex_state *s, const struct hp_kex_api *a, int k)
{
	switch (k) {
	case HP_INIT_A:
		return a->init_a(s->pka, &s->pka_len, s->ska, &s->ska_len, s->sta, &s->sta_len);
	case HP_INIT_B:
		return a->init_b(s->pkb, &s->pkb_len, s->skb, &s->skb_len, s->stb, &s->stb_len);
	case HP_PASS1:
		return a->pass1(s->ska, s->ska_len, s->pkb, s->pkb_len, s->sta, &s->sta_len, s->m[0], &s->m_len[0]);
	case HP_PASS2:
		return a->pass2(s->skb, s->skb_len, s->pka, s->pka_len, s->m[0], s->m_len[0], s->stb, &s->stb_len,
				s->m[1], &s->m_len[1]);
	case HP_PASS3:
		return a->pass3(s->ska, s->ska_len, s->pkb, s->pkb_len, s->m[1], s->m_len[1], s->sta, &s->sta_len,
				s->m[2], &s->m_len[2]);
	case HP_DERIVE_A:
		return a->derive_a(s->ska, s->ska_len, s->pkb, s->pkb_len, s->npass >= 2 ? s->m[1] : NULL,
				   s->npass >= 2 ? s->m_len[1] : 0, s->sta, s->sta_len, s->ssa, &s->ssa_len);
	default:
		return a->derive_b(s->skb, s->skb_len, s->pka, s->pka_len, s->m[s->npass == 3 ? 2 : 0],
				   s->m_len[s->npass == 3 ? 2 : 0], s->stb, s->stb_len, s->ssb, &s->ssb_len);
	}
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
		if (k > HP_PASS1 && k <= HP_PASS3 && s->done)
			continue;
		if (metered) {
			hp_child_phase("%s of an exchange", hp_kex_operations[k + 1]);
			if (s->measured[k])
				hp_meter_begin(&c->meter);
		}
		rc = hp_kex_call(s, a, k);
		if (metered && s->measured[k])
			hp_meter_end(&c->meter);
		if (rc < 0) {
			if (err)
				snprintf(err, errlen, "%s returned %d", hp_kex_operations[k + 1], rc);
			return rc;
		}
		/* ngcc-api.md: a pass returns 1 when the exchange is complete */
		if (k >= HP_PASS1 && k <= HP_PASS3) {
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
		if (!strcmp(c->op, hp_kex_operations[k + 1]))
			step = k;
	if ((s->replay_step = step) < 0)
		return 0;
	if (hp_kex_steps(c, 0, step, 0, err, errlen) < 0)
		return -1;
	if (step > HP_PASS1 && step <= HP_PASS3 && s->done) {
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
	u8 *bufs[] = { s->pka, s->ska, s->sta, s->pkb, s->skb, s->stb, s->m[0], s->m[1], s->m[2], s->ssa, s->ssb };
	for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
		free(bufs[i]);
	free(s->snap);
	free(s);
	c->state = NULL;
}

const struct hp_kind_ops hp_kex_ops = {
	.kind = "kex",
	.operations = hp_kex_operations,
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
