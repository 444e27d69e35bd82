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

struct hp_kex_state {
	u8 *pka, *ska, *sta, *pkb, *skb, *stb, *m[3], *ssa, *ssb;
	ull pka_len, ska_len, sta_len, pkb_len, skb_len, stb_len, m_len[3], ssa_len, ssb_len;
	ull passes;
	int measured[HP_STEPS];
};

static int hp_kex_prepare(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_kex_api *a = &c->api->kex;
	struct hp_kex_state *s = calloc(1, sizeof *s);
	int all = !strcmp(c->op, "exchange");

	if (!(c->state = s)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
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

/* Run one step, metered when the operation measures it. */
#define HP_STEP(k, call)                                                       \
	do {                                                                   \
		hp_child_phase("%s of an exchange", hp_kex_operations[k + 1]); \
		if (s->measured[k])                                            \
			hp_meter_begin(&c->meter);                             \
		rc = (call);                                                   \
		if (s->measured[k])                                            \
			hp_meter_end(&c->meter);                               \
		if (rc < 0) {                                                  \
			snprintf(err, errlen, "%s returned %d", hp_kex_operations[k + 1], rc); \
			return -1;                                             \
		}                                                              \
	} while (0)

static int hp_kex_iterate(struct hp_op_ctx *c, char *err, size_t errlen)
{
	const struct hp_kex_api *a = &c->api->kex;
	struct hp_kex_state *s = c->state;
	int rc, done = 0;
	u8 *last_a, *last_b = NULL;
	ull last_a_len, last_b_len = 0;

	HP_STEP(HP_INIT_A, a->init_a(s->pka, &s->pka_len, s->ska, &s->ska_len, s->sta, &s->sta_len));
	HP_STEP(HP_INIT_B, a->init_b(s->pkb, &s->pkb_len, s->skb, &s->skb_len, s->stb, &s->stb_len));
	HP_STEP(HP_PASS1, a->pass1(s->ska, s->ska_len, s->pkb, s->pkb_len, s->sta, &s->sta_len,
				   s->m[0], &s->m_len[0]));
	last_a = s->m[0];
	last_a_len = s->m_len[0];
	done = rc == 1 || s->passes == 1;
	if (!done) {
		HP_STEP(HP_PASS2, a->pass2(s->skb, s->skb_len, s->pka, s->pka_len, s->m[0], s->m_len[0],
					   s->stb, &s->stb_len, s->m[1], &s->m_len[1]));
		last_b = s->m[1];
		last_b_len = s->m_len[1];
		done = rc == 1 || s->passes == 2;
	}
	if (!done) {
		HP_STEP(HP_PASS3, a->pass3(s->ska, s->ska_len, s->pkb, s->pkb_len, s->m[1], s->m_len[1],
					   s->sta, &s->sta_len, s->m[2], &s->m_len[2]));
		last_a = s->m[2];
		last_a_len = s->m_len[2];
	}
	HP_STEP(HP_DERIVE_A, a->derive_a(s->ska, s->ska_len, s->pkb, s->pkb_len, last_b, last_b_len,
					 s->sta, s->sta_len, s->ssa, &s->ssa_len));
	HP_STEP(HP_DERIVE_B, a->derive_b(s->skb, s->skb_len, s->pka, s->pka_len, last_a, last_a_len,
					 s->stb, s->stb_len, s->ssb, &s->ssb_len));
	if (s->ssa_len != s->ssb_len || memcmp(s->ssa, s->ssb, s->ssa_len)) {
		snprintf(err, errlen, "the two parties derived different shared secrets");
		return -1;
	}
	return 0;
}

static void hp_kex_release(struct hp_op_ctx *c)
{
	struct hp_kex_state *s = c->state;

	if (!s)
		return;
	u8 *bufs[] = { s->pka, s->ska, s->sta, s->pkb, s->skb, s->stb, s->m[0], s->m[1], s->m[2], s->ssa, s->ssb };
	for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
		free(bufs[i]);
	free(s);
	c->state = NULL;
}

const struct hp_kind_ops hp_kex_ops = {
	"kex", hp_kex_operations, hp_kex_prepare, hp_kex_setup, hp_kex_iterate, hp_kex_release,
};
