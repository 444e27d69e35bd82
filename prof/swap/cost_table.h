/*
 * cost_table.h - per-shape costs of the hash helpers
 * (docs/candidates.md "Projection"): for each subject (a candidate, or an
 * instance's own placeholder helpers), the median ticks per call of each
 * shape (function, input bits, output bits), measured in a
 * micro-benchmark (drivers/hashcost.c), as the published evaluation's
 * hashcost phase priced each shape with each candidate.  Kept in a JSON
 * file, schema hashprof-costs/1, per machine (drivers/costs.c).
 *
 * Data and file format only: nothing here measures.
 */
#ifndef HP_COST_TABLE_H
#define HP_COST_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define HP_COSTS_SCHEMA "hashprof-costs/1"

/* The cost of one shape for one subject. */
struct hp_cost {
	uint32_t fn; /* enum hp_fn: pseudohash, pseudoXOF or sm3hash */
	uint64_t in_bits, out_bits;
	double median_ticks; /* per call: the median over the samples of a batch's ticks / its calls */
	double q1_ticks, q3_ticks; /* the quartiles of the same */
	uint32_t samples; /* batches timed */
	uint32_t batch_calls; /* calls per batch */
};

/* The costs of one subject. */
struct hp_cost_subject {
	char key[96]; /* "SHAKE256", "placeholder@ML-DSA-44", "placeholder" (any instance) */
	char version[32]; /* what the costs were measured on: "built in", or the FNV-1a of the module's
			   * or instance's file (hex); "" in a table given with --costs: not checked */
	size_t n, cap;
	struct hp_cost *costs; /* n entries, owned */
};

/* The machine a table was measured on. */
struct hp_cost_machine {
	char cpu[256]; /* /proc/cpuinfo's model name */
	char host[128]; /* uname's nodename */
	char clock[32]; /* clock source: PAPI_get_real_cyc or PAPI_TOT_CYC */
	char unit[16]; /* "TSC ticks" or "cycles" */
	double rate_hz; /* ticks per second, measured */
};

struct hp_cost_table {
	struct hp_cost_machine machine;
	size_t n, cap;
	struct hp_cost_subject *subjects; /* n entries, owned */
};

/* Free everything t holds; *t is zeroed (and reusable). */
void hp_cost_table_free(struct hp_cost_table *t);

/* The subject of key, or NULL. */
struct hp_cost_subject *hp_cost_subject_find(const struct hp_cost_table *t, const char *key);

/* The subject of key, added (empty, version as given) when t has none;
 * one of another version is emptied and takes the version.  NULL when out
 * of memory. */
struct hp_cost_subject *hp_cost_subject_get(struct hp_cost_table *t, const char *key, const char *version);

/* The cost of shape (fn, in_bits, out_bits) in s, or NULL. */
const struct hp_cost *hp_cost_find(const struct hp_cost_subject *s, uint32_t fn, uint64_t in_bits, uint64_t out_bits);

/* Add (or replace) c in s.  Returns 0, or -1 when out of memory. */
int hp_cost_put(struct hp_cost_subject *s, const struct hp_cost *c);

/* t as a hashprof-costs/1 JSON document (new reference; NULL on OOM). */
json_t *hp_cost_table_json(const struct hp_cost_table *t);

/*
 * Fill t (zeroed) from a hashprof-costs/1 document.  Returns 0, or -1 with
 * a one-line reason naming the field in err ("field
 * 'subjects.SHAKE256.shapes[2].median_ticks': expected a number >= 0").
 */
int hp_cost_table_from_json(const json_t *j, struct hp_cost_table *t, char *err, size_t errlen);

#endif
