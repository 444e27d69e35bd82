/*
 * bench_external.c - the sections that run other programs:
 *
 * (e) wall time of `hashprof INSTANCE OPERATION` with default planning for
 *     every built-in instance and operation (the planning call in its own
 *     process, the calibration, N measured operations in trials, output);
 * (d) the same question answered by callgrind: bench/hp-bench-run runs the
 *     uninstrumented twin (seed, set-up, the same warm-up and the same N as
 *     hashprof planned) under `valgrind --tool=callgrind
 *     --toggle-collect=hpb_measured`, and `callgrind_annotate
 *     --inclusive=yes` gives each helper's inclusive instructions (Ir);
 *     the helpers' share of instructions is set beside hashprof's share of
 *     time, and the wall time of the callgrind answer beside hashprof's.
 */
#include "bench.h"

#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hpb_row {
	const char *instance, *op;
	int ok;
	double wall; /* seconds, the whole command */
	long iterations, warmup;
	double hash, drng, hash_raw, drng_init;
};

/* Every built-in instance and operation (hashprof INSTANCE runs the same). */
static const char *const hpb_sig_ops[] = { "keygen", "sign", "verify", NULL };
static const char *const hpb_kem_ops[] = { "keygen", "encaps", "decaps", NULL };
static const char *const hpb_kex_ops[] = { "exchange", "init_a",   "init_b",   "pass1",
					   "pass2",    "derive_a", "derive_b", NULL };
static const struct {
	const char *instance;
	const char *const *ops;
} hpb_instances[] = {
	{ "ML-KEM-512", hpb_kem_ops },
	{ "ML-KEM-768", hpb_kem_ops },
	{ "ML-KEM-1024", hpb_kem_ops },
	{ "ML-DSA-44", hpb_sig_ops },
	{ "ML-DSA-65", hpb_sig_ops },
	{ "ML-DSA-87", hpb_sig_ops },
	{ "SPHINCS+-SHAKE-128f-simple", hpb_sig_ops },
	{ "Falcon-512", hpb_sig_ops },
	{ "KEX-ML-KEM-768", hpb_kex_ops },
};

/* The operations compared with callgrind, and their uninstrumented twins. */
static const struct {
	const char *instance, *op, *kind, *plain_so, *slug;
} hpb_cg_cases[] = {
	{ "ML-DSA-44", "sign", "sig", HPB_BENCHLIBS "/ml-dsa-44-plain.so", "ml-dsa-44-sign" },
	{ "ML-KEM-768", "encaps", "kem", HPB_BENCHLIBS "/ml-kem-768-plain.so", "ml-kem-768-encaps" },
	{ "SPHINCS+-SHAKE-128f-simple", "sign", "sig", HPB_BENCHLIBS "/sphincs-shake-128f-simple-plain.so",
	  "sphincs-shake-128f-simple-sign" },
};

static const char *hpb_jstr(json_t *obj, const char *key)
{
	const char *v = json_string_value(json_object_get(obj, key));

	return v ? v : "";
}

/* Run `hashprof INSTANCE OP --format=json` and read its row. */
static void hpb_hashprof(struct hpb_row *row)
{
	char out[4096], errf[4096];
	char *argv[] = { (char *)HPB_HASHPROF, (char *)row->instance, (char *)row->op, (char *)"--format=json", NULL };
	json_error_t je;
	json_t *doc, *r;
	int st;

	hpb_scratch(out, sizeof out, "hashprof.json");
	hpb_scratch(errf, sizeof errf, "hashprof.err");
	st = hpb_run(argv, out, errf, &row->wall);
	row->ok = 0;
	doc = json_load_file(out, 0, &je);
	r = json_array_get(json_object_get(doc, "rows"), 0);
	if (st == 0 && r && !strcmp(hpb_jstr(r, "status"), "ok")) {
		row->ok = 1;
		row->iterations = (long)hpb_jnum(r, "procedure", "iterations");
		row->warmup = (long)hpb_jnum(r, "procedure", "warmup");
		row->hash = hpb_jnum(r, "shares_corrected", "hash");
		row->drng = hpb_jnum(r, "shares_corrected", "drng");
		row->drng_init = hpb_jnum(r, "shares_corrected", "drng_init");
		row->hash_raw = hpb_jnum(r, "shares_raw", "hash");
	}
	json_decref(doc);
}

/* "1,234,567" -> 1234567. */
static double hpb_count(const char *s, const char **end)
{
	double v = 0;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s)) {
		*end = NULL;
		return 0;
	}
	for (; isdigit((unsigned char)*s) || *s == ','; s++)
		if (*s != ',')
			v = v * 10 + (*s - '0');
	*end = s;
	return v;
}

/*
 * Parse `callgrind_annotate --inclusive=yes` output: the PROGRAM TOTALS
 * line and, for each function line "Ir (pct)  file:function [object]",
 * add its Ir to hash when the function is pseudohash, pseudoXOF or
 * sm3hash, to drng for get_random_number.
 */
/*
 * Totals from callgrind_annotate --inclusive=yes.  A function's line reads
 * "Ir (pct)  FILE:FUNCTION [OBJECT]"; for sources it can resolve to an
 * absolute path (an in-tree build), annotate 3.19 prints the function a
 * second time as "Ir (pct)  /ABS/FILE:FUNCTION" with no object.  Only the
 * lines with an object are counted, so each function counts once; when
 * no line names an object (other versions), all lines are.
 */
static int hpb_parse_annotate(const char *text, double *total, double *hash, double *drng)
{
	static const char *const hash_fns[] = { "pseudohash", "pseudoXOF", "sm3hash" };
	double sum[2][2] = { { 0, 0 }, { 0, 0 } }; /* [with object?][hash, drng] */
	int any_object = 0;

	*total = *hash = *drng = 0;
	for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *end, *p, *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char fn[256];
		double ir = hpb_count(line, &end);

		if (!end)
			continue;
		if (strstr(line, "PROGRAM TOTALS") && strstr(line, "PROGRAM TOTALS") < line + len) {
			*total = ir;
			continue;
		}
		/* skip "(12.34%)" and spaces, then take the name after the last ':'
		 * before " [" or the end of the line */
		p = end;
		while (p < line + len && (*p == ' ' || *p == '('))
			p = *p == '(' ? (strchr(p, ')') ? strchr(p, ')') + 1 : line + len) : p + 1;
		const char *stop = p;
		while (stop < line + len && !(stop[0] == ' ' && stop[1] == '['))
			stop++;
		int has_object = stop < line + len;
		const char *name = stop;
		while (name > p && name[-1] != ':')
			name--;
		size_t n = (size_t)(stop - name);
		if (n == 0 || n >= sizeof fn)
			continue;
		memcpy(fn, name, n);
		fn[n] = '\0';
		any_object |= has_object;
		for (size_t i = 0; i < sizeof hash_fns / sizeof hash_fns[0]; i++)
			if (!strcmp(fn, hash_fns[i]))
				sum[has_object][0] += ir;
		if (!strcmp(fn, "get_random_number"))
			sum[has_object][1] += ir;
	}
	*hash = sum[any_object][0];
	*drng = sum[any_object][1];
	return *total > 0 ? 0 : -1;
}

struct hpb_cg {
	int ok;
	long n;
	double wall_run, wall_annotate, total, hash, drng;
};

static void hpb_callgrind(size_t i, long n, long warmup, struct hpb_cg *cg)
{
	char outf[4096], ann[4096], errf[4096], toggle[] = "--toggle-collect=hpb_measured";
	char nbuf[32], wbuf[32], cgout[4200];
	char *text;

	memset(cg, 0, sizeof *cg);
	cg->n = n;
	snprintf(nbuf, sizeof nbuf, "%ld", n);
	snprintf(wbuf, sizeof wbuf, "%ld", warmup);
	snprintf(errf, sizeof errf, "%s/bench/callgrind.%s.log", HP_BENCH_BUILDDIR, hpb_cg_cases[i].slug);
	snprintf(outf, sizeof outf, "%s/bench/callgrind.%s.out", HP_BENCH_BUILDDIR, hpb_cg_cases[i].slug);
	snprintf(cgout, sizeof cgout, "--callgrind-out-file=%s", outf);
	hpb_scratch(ann, sizeof ann, "callgrind.annotate.txt");
	char *run[] = { (char *)"valgrind",
			(char *)"--tool=callgrind",
			cgout,
			toggle,
			(char *)HPB_RUNNER,
			(char *)hpb_cg_cases[i].plain_so,
			(char *)hpb_cg_cases[i].kind,
			(char *)hpb_cg_cases[i].op,
			nbuf,
			wbuf,
			NULL };
	if (hpb_run(run, NULL, errf, &cg->wall_run) != 0) {
		printf("  %s %s: valgrind failed (see %s)\n", hpb_cg_cases[i].instance, hpb_cg_cases[i].op, errf);
		return;
	}
	char *annot[] = { (char *)"callgrind_annotate",
			  (char *)"--inclusive=yes",
			  (char *)"--threshold=100",
			  (char *)"--auto=no",
			  outf,
			  NULL };
	if (hpb_run(annot, ann, NULL, &cg->wall_annotate) != 0) {
		printf("  callgrind_annotate failed on %s\n", outf);
		return;
	}
	text = hpb_slurp(ann);
	if (text && hpb_parse_annotate(text, &cg->total, &cg->hash, &cg->drng) == 0)
		cg->ok = 1;
	else
		printf("  could not read callgrind_annotate's output (%s)\n", ann);
	free(text);
}

static int hpb_have(const char *prog)
{
	char *argv[] = { (char *)prog, (char *)"--version", NULL };
	double wall;

	return hpb_run(argv, NULL, "/dev/null", &wall) == 0;
}

int hpb_external(const struct hpb_opts *o, struct hpb_summary *s, int callgrind, int walltimes)
{
	struct hpb_row rows[64];
	size_t nrows = 0;
	const size_t ncg = sizeof hpb_cg_cases / sizeof hpb_cg_cases[0];
	struct hpb_cg cg[sizeof hpb_cg_cases / sizeof hpb_cg_cases[0]];
	long cg_row[sizeof hpb_cg_cases / sizeof hpb_cg_cases[0]];

	if (!HP_BENCH_PQCLEAN) {
		printf("\n(d), (e) skipped: built without PQClean (./configure --with-pqclean=...)\n");
		return -1;
	}
	/* hashprof rows: all of them for (e), the callgrind cases at least */
	for (size_t i = 0; i < sizeof hpb_instances / sizeof hpb_instances[0]; i++)
		for (const char *const *op = hpb_instances[i].ops; *op; op++) {
			int wanted = walltimes && !o->quick;
			for (size_t c = 0; c < ncg; c++)
				if (!strcmp(hpb_cg_cases[c].instance, hpb_instances[i].instance) &&
				    !strcmp(hpb_cg_cases[c].op, *op)) {
					cg_row[c] = (long)nrows;
					wanted = 1;
				}
			if (!wanted)
				continue;
			rows[nrows] = (struct hpb_row){ .instance = hpb_instances[i].instance, .op = *op };
			hpb_hashprof(&rows[nrows]);
			if (!strcmp(rows[nrows].instance, "ML-DSA-44") && !strcmp(*op, "sign"))
				s->mldsa_sign_wall = rows[nrows].wall;
			nrows++;
		}

	if (callgrind) {
		int have = hpb_have("valgrind"); /* callgrind_annotate comes with it */
		printf("\n(d) Helper share: callgrind instructions (uninstrumented twin) vs hashprof time "
		       "(instrumented)\n");
		if (!have)
			printf("  skipped: valgrind is not installed (Debian package valgrind; setup.sh installs "
			       "it)\n");
		printf("  %-26s %-6s %5s  %9s %9s  %9s %9s %9s  %8s\n", "instance", "op", "N", "Ir: hash", "Ir: DRNG",
		       "t: hash", "t: raw", "t: DRNG", "t-Ir hash");
		for (size_t c = 0; c < ncg && have; c++) {
			const struct hpb_row *r = &rows[cg_row[c]];
			long n = r->ok ? r->iterations : 10, w = r->ok ? r->warmup : 1;
			if (o->quick && n > 20)
				n = 20;
			hpb_callgrind(c, n, w, &cg[c]);
			if (!cg[c].ok)
				continue;
			double ih = 100 * cg[c].hash / cg[c].total, id = 100 * cg[c].drng / cg[c].total;
			printf("  %-26s %-6s %5ld  %8.2f%% %8.3f%%  %8.2f%% %8.2f%% %8.3f%%  %+7.2f pp\n", r->instance,
			       r->op, n, ih, id, 100 * r->hash, 100 * r->hash_raw, 100 * r->drng, 100 * r->hash - ih);
		}
		printf("  Ir = callgrind_annotate --inclusive=yes: Ir of pseudohash+pseudoXOF+sm3hash (hash) and of\n"
		       "  get_random_number (DRNG) over the Ir of the N measured operations (--toggle-collect);\n"
		       "  t = hashprof's share of TSC ticks (corrected; raw = uncorrected, the published way).\n"
		       "  Different units: a share of instructions equals a share of time only if the helpers ran\n"
		       "  at the same instructions per cycle (IPC) as the rest of the operation.  SM3 compression\n"
		       "  (OpenSSL, inside every helper) is long runs of simple independent ALU instructions: high\n"
		       "  IPC, so the helpers' instruction share is higher than their time share; the scheme's own\n"
		       "  code (NTTs, rejection sampling, packing) retires fewer instructions per cycle (multiplies,\n"
		       "  memory traffic, branches).  callgrind also charges nothing for cache misses or branch\n"
		       "  mispredictions, and runs the code ~50x slower.\n");
	}

	if (walltimes) {
		printf("\n(e) Wall time of one answer: `hashprof INSTANCE OP` (default planning) vs callgrind\n");
		printf("  %-26s %-9s %5s %10s   %5s %10s %10s %8s\n", "instance", "op", "N", "hashprof", "cg N",
		       "callgrind", "annotate", "cg/hp");
		for (size_t i = 0; i < nrows; i++) {
			const struct hpb_row *r = &rows[i];
			char cgbuf[64] = "", anbuf[32] = "", ratio[32] = "", nbuf[24] = "";
			for (size_t c = 0; c < ncg && callgrind; c++)
				if (cg_row[c] == (long)i && cg[c].wall_run > 0) {
					snprintf(cgbuf, sizeof cgbuf, "%8.2f s", cg[c].wall_run);
					snprintf(nbuf, sizeof nbuf, "%ld", cg[c].n);
					snprintf(anbuf, sizeof anbuf, "%6.2f s", cg[c].wall_annotate);
					snprintf(ratio, sizeof ratio, "%7.1fx",
						 (cg[c].wall_run + cg[c].wall_annotate) / r->wall);
				}
			if (r->ok)
				printf("  %-26s %-9s %5ld %8.2f s   %5s %10s %10s %8s\n", r->instance, r->op,
				       r->iterations, r->wall, nbuf, cgbuf, anbuf, ratio);
			else
				printf("  %-26s %-9s  failed after %.2f s (see bench/hashprof.err)\n", r->instance,
				       r->op, r->wall);
		}
		printf("  hashprof: the whole command (planning call in its own process, calibration, N operations,\n"
		       "  report); callgrind: valgrind on the uninstrumented twin (same seed, set-up, warm-up and\n"
		       "  N unless --quick), then callgrind_annotate; cg/hp = (callgrind + annotate) / hashprof.\n");
		printf("  target: `hashprof ML-DSA-44 sign` <= 3 s wall: %.2f s -> %s\n", s->mldsa_sign_wall,
		       s->mldsa_sign_wall <= 3 ? "met" : "NOT met");
	}
	return 0;
}
