/*
 * test_campaign.c - `hashprof campaign` on copies of the
 * fixture tree tests/fixtures/campaign (tests/fixtures/README.md): eleven
 * packages, thirteen reference instance folders in the shapes of the
 * Round-1 packages (a SIG with KAT vectors, two KEM parameter sets, a
 * 2-pass and a 4-pass KEX, one that does not compile, one whose verify
 * hangs, a Makefile above two parameter-set folders, an ICCS/SHA3
 * variants Makefile, CR LF, shared ICCS files in a sibling folder, blanks
 * in a folder name, a scheme with its own Keccak) and one optimized one.
 *
 * Each test copies the tree (symbolic links dereferenced) into a fresh
 * temporary folder and runs the build tree's hashprof (HP_HASHPROF) with
 * HOME and XDG_DATA_HOME inside it.  The figures asserted are exact:
 * statuses, reasons, call counts per operation (the documented patterns
 * of schemes/synthetic/README.md and of the fixtures' sources), call
 * tables, file sets and bytes; shares never are.  The procedure is short
 * (-n 3); the hanging verify is killed by hashprof's --timeout of
 * HP_TIMEOUT seconds, which every other step (milliseconds) is far below.
 * The uninterrupted campaign that the killed, the job-file and the -j 2
 * campaigns are compared with is run once, before the tests (an
 * unchecked fixture).
 */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "capture.h"
#include "tmpdir.h"
#include "util/dirlock.h"
#include "whose.h"

#ifndef HP_HASHPROF
#error "HP_HASHPROF (the absolute path of the build tree's hashprof) must be defined"
#endif
#ifndef HP_FIXTURES
#error "HP_FIXTURES (the absolute path of tests/fixtures) must be defined"
#endif
#ifndef HP_PARALLEL
#error "HP_PARALLEL (the absolute path of GNU parallel) must be defined"
#endif

#define HP_TIMEOUT "4"

#define SIG_DIR "sign-fix/Implementations/Reference_Implementation/FIX-CAMP-SIG"
#define KEM128_DIR "kem-fix/Reference_Implementation/FIX-CAMP-KEM-128"
#define KEM256_DIR "kem-fix/Reference_Implementation/FIX-CAMP-KEM-256"
#define KEX_DIR "kex-fix/Implementations/Reference_Implementation/FIX-CAMP-KEX"
#define BROKEN_DIR "sign-broken/Implementations/Reference_Implementation/FIX-CAMP-BROKEN"
#define HANG_DIR "sign-hang/Implementations/Reference_Implementation/FIX-CAMP-HANG"
#define CRLF_DIR "kem-crlf/Reference_Implementation/FIX-CAMP-CRLF"
#define KEX4_DIR "kex4-fix/Implementations and Test_Vectors/Reference_Implementation/FIX-CAMP-KEX4"
#define KECCAK_DIR "sign-keccak/Implementations/Reference_Implementation/FIX-CAMP-KECCAK"
#define PAR128_DIR "sign-parent/Reference_Implementation/FIX-CAMP-PAR-128"
#define PAR256_DIR "sign-parent/Reference_Implementation/FIX-CAMP-PAR-256"
#define SHARED_DIR "sign-shared/Reference_Implementation/FIX-CAMP-SHARED"
#define VAR_DIR "sign-variants/Reference_Implementation/FIX-CAMP-VAR"

/* The survey's verdict of every scheme of the tree that calls all four
 * helpers (schemes/synthetic, kex-passes/ with its pass 4). */
#define ICCS_ONLY "ICCS-only \u2014 calls pseudohash, pseudoXOF, sm3hash, get_random_number; no own primitive"

/* ---------- running programs ---------- */

static char tmp[HPT_TMPDIR_MAX], tree[4200];

/* The environment of every program a test runs: HOME in tmp, no
 * HASHPROF_PATH, the C locale (compiler messages in ASCII), and fault
 * (a HASHPROF_SYNTH_FAULT=... entry, or NULL for none). */
struct tmp_env {
	struct hpt_home home; /* HOME, XDG_DATA_HOME in tmp/home */
	const char *changes[8];
};

static const char *const *tmp_env(struct tmp_env *e, const char *fault)
{
	char home[HPT_TMPDIR_MAX + 8];

	snprintf(home, sizeof home, "%s/home", tmp);
	hpt_home_env(&e->home, home);
	e->changes[0] = e->home.home;
	e->changes[1] = e->home.data;
	e->changes[2] = "HASHPROF_PATH";
	e->changes[3] = "LC_ALL=C";
	e->changes[4] = fault ? fault : "HASHPROF_SYNTH_FAULT";
	e->changes[5] = "HASHPROF_SYNTH_SLEEP";
	e->changes[6] = NULL;
	return e->changes;
}

static void run_in_tmp(struct run *r, const char *prog, const char *const *args)
{
	struct tmp_env e;

	run_capture(r, prog, args, tmp_env(&e, NULL));
}

#define HASHPROF(r, ...) run_in_tmp((r), HP_HASHPROF, (const char *const[]){ __VA_ARGS__, NULL })
/* A campaign of the tree with the tests' procedure (timeout: --timeout). */
#define CAMPAIGN_T(r, out, timeout, ...)                                                                    \
	HASHPROF((r), "campaign", tree, "-o", (out), "-n", "3", "--timeout", (timeout), "--progress=plain", \
		 ##__VA_ARGS__)
#define CAMPAIGN(r, out, ...) CAMPAIGN_T((r), (out), HP_TIMEOUT, ##__VA_ARGS__)

static void expect_in(const struct run *r, const char *text, const char *what)
{
	if (!strstr(text, what))
		run_show(r);
	ck_assert_msg(strstr(text, what) != NULL, "output lacks '%s'", what);
}

static void expect_not_in(const struct run *r, const char *text, const char *what)
{
	if (strstr(text, what))
		run_show(r);
	ck_assert_msg(strstr(text, what) == NULL, "output has '%s'", what);
}

/* ---------- the tree ---------- */

/* A fresh temporary folder with a standalone copy of the fixture tree in
 * tmp/SUB (tree), without the folders named in drop (NULL-terminated
 * relative paths). */
static void setup_tree(const char *sub, const char *const *drop)
{
	char src[4200], path[8400];
	struct run r;

	hpt_tmpdir_in(tmp, sizeof tmp, "campaign-test");
	snprintf(src, sizeof src, "%s/campaign", HP_FIXTURES);
	snprintf(tree, sizeof tree, "%s/%s", tmp, sub);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-RL", src, tree, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	run_in_tmp(&r, "/bin/chmod", (const char *const[]){ "-R", "u+w", tree, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	for (; drop && *drop; drop++) {
		snprintf(path, sizeof path, "%s/%s", tree, *drop);
		run_in_tmp(&r, "/bin/rm", (const char *const[]){ "-rf", path, NULL });
		run_expect_status(&r, 0);
		run_free(&r);
	}
}

static void teardown_tree(void)
{
	hpt_rmtree(tmp);
	tmp[0] = '\0';
}

/* tmp/NAME into buf. */
static const char *in_tmp(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", tmp, name);
	return buf;
}

/* The whole file dir/rel (malloc'd), or NULL when it cannot be read. */
static char *slurp(const char *dir, const char *rel)
{
	char path[8400], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof path, "%s/%s", dir, rel);
	if (!(f = fopen(path, "rb")))
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc((size_t)n + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

/* ---------- the index ---------- */

/* The index's row of folder rel: its cells after the folder, into cells
 * (candidate, instance, kind, build, KAT, operations, status, reason,
 * log), each cut at 600 bytes. */
#define NCELLS 9
static void index_row(const char *out, const char *rel, char cells[NCELLS][600])
{
	char *text = slurp(out, "index.md"), start[4400], *p, *end;

	ck_assert_ptr_nonnull(text);
	snprintf(start, sizeof start, "\n| `%s` | ", rel);
	p = strstr(text, start);
	ck_assert_msg(p != NULL, "index.md has no row for %s:\n%s", rel, text);
	p += strlen(start);
	end = strchr(p, '\n');
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	for (int i = 0; i < NCELLS; i++) {
		char *bar = strstr(p, " |");
		ck_assert_msg(bar != NULL, "index row of %s has fewer than %d cells", rel, NCELLS);
		*bar = '\0';
		snprintf(cells[i], 600, "%s", p);
		p = bar + 2 + (bar[2] == ' ');
	}
	free(text);
}

/* The index says of folder rel: instance (without the backquotes; "-"),
 * kind, build, KAT, operations, status; reason starts with reason_start
 * (exactly reason when exact). */
static void expect_folder(const char *out, const char *rel, const char *instance, const char *kind, const char *build,
			  const char *kat, const char *ops, const char *status, const char *reason, int exact)
{
	char cells[NCELLS][600], inst[128];

	index_row(out, rel, cells);
	snprintf(inst, sizeof inst, strcmp(instance, "-") ? "`%s`" : "%s", instance);
	ck_assert_str_eq(cells[1], inst);
	ck_assert_str_eq(cells[2], kind);
	ck_assert_str_eq(cells[3], build);
	ck_assert_str_eq(cells[4], kat);
	ck_assert_str_eq(cells[5], ops);
	ck_assert_str_eq(cells[6], status);
	if (exact)
		ck_assert_str_eq(cells[7], reason);
	else
		ck_assert_msg(!strncmp(cells[7], reason, strlen(reason)), "reason of %s: '%s', not '%s...'", rel,
			      cells[7], reason);
}

/* The documented outcome of every reference folder of the fixture tree
 * (hang: whether sign-hang is in it). */
static void expect_index(const char *out, int hang)
{
	expect_folder(out, CRLF_DIR, "FIX-CAMP-CRLF", "kem", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, KEM128_DIR, "FIX-CAMP-KEM-128", "kem", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, KEM256_DIR, "FIX-CAMP-KEM-256", "kem", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, KEX_DIR, "FIX-CAMP-KEX", "kex", "built", "not checked", "7/7", "profiled", "", 1);
	/* exchange, init_a, init_b, pass1 to pass4, derive_a, derive_b */
	expect_folder(out, KEX4_DIR, "FIX-CAMP-KEX4", "kex", "built", "pass", "9/9", "profiled", "", 1);
	expect_folder(out, SIG_DIR, "FIX-CAMP-SIG", "sig", "built", "pass", "3/3", "profiled", "", 1);
	expect_folder(out, KECCAK_DIR, "FIX-CAMP-KECCAK", "sig", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, PAR128_DIR, "FIX-CAMP-PAR-128", "sig", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, PAR256_DIR, "FIX-CAMP-PAR-256", "sig", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, SHARED_DIR, "FIX-CAMP-SHARED", "sig", "built", "pass", "3/3", "profiled", "", 1);
	/* the folder with the Makefile, not iccs/ below it, where the header is */
	expect_folder(out, VAR_DIR, "FIX-CAMP-VAR", "sig", "built", "pass", "3/3", "profiled", "", 1);
	/* the compiler's first error, the package's paths relative to the tree */
	expect_folder(out, BROKEN_DIR, "-", "sig", "failed", "-", "-", "failed",
		      "build FIX-CAMP-BROKEN failed: " BROKEN_DIR "/params.c:3:", 0);
	{
		char cells[NCELLS][600];
		index_row(out, BROKEN_DIR, cells);
		ck_assert_msg(strstr(cells[7], ": error: ") && !strstr(cells[7], "(command: "), "broken reason: %s",
			      cells[7]);
		ck_assert_msg(strstr(cells[8], "/build.log)"), "broken log: %s", cells[8]);
	}
	if (hang) {
		expect_folder(out, HANG_DIR, "FIX-CAMP-HANG", "sig", "built", "not checked", "2/3", "failed",
			      "verify: timed out: warm-up operation 1 of 1 did not finish within " HP_TIMEOUT " s", 1);
	}
	/* no row for iccs/ or Test_Vectors/, which hold no instance */
	{
		char *text = slurp(out, "index.md");
		ck_assert_ptr_nonnull(text);
		ck_assert_ptr_null(strstr(text, "/iccs`"));
		ck_assert_ptr_null(strstr(text, "Test_Vectors`"));
		free(text);
	}
}

/* ---------- the pages ---------- */

/* The rows of the page's "Symmetric primitives" table as "INSTANCE OP:
 * CALLS" lines (the shares left out), in table order, into buf. */
static void page_rows(const char *out, const char *candidate, char *buf, size_t len)
{
	char rel[256], *text, *line, *save = NULL;
	size_t used = 0;

	snprintf(rel, sizeof rel, "pages/%s.md", candidate);
	text = slurp(out, rel);
	ck_assert_msg(text != NULL, "no page %s", rel);
	buf[0] = '\0';
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char inst[128], op[32], hash[64], drng[64], calls[512];
		if (sscanf(line, "| `%127[^`]` | %31[^ |] | %63[^|]| %63[^|]| %511[^|]|", inst, op, hash, drng,
			   calls) != 5)
			continue;
		calls[strlen(calls) - 1] = '\0'; /* the blank before the last '|' */
		used += (size_t)snprintf(buf + used, len - used, "%s %s: %s\n", inst, op, calls);
	}
	free(text);
}

#define SIG_ROWS(I)                                                                                                  \
	I " keygen: drng 1, pseudoXOF 4, pseudohash 2\n" I " sign: drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1\n" I \
	  " verify: pseudoXOF 8, pseudohash 3, sm3hash 1\n"
#define KEM_ROWS(I)                                                                                       \
	I " keygen: drng 1, pseudoXOF 2\n" I " encaps: drng 1, pseudoXOF 1, pseudohash 2\n" I " decaps: " \
	  "pseudoXOF 1, pseudohash 2, sm3hash 1\n"
#define KEX_ROWS(I)                                                                                        \
	I " exchange: drng 3, pseudoXOF 2, pseudohash 2, sm3hash 2\n" I " init_a: drng 1, pseudoXOF 1\n" I \
	  " init_b: drng 1, pseudoXOF 1\n" I " pass1: pseudohash 1\n" I " pass2: drng 1, pseudohash 1\n" I \
	  " derive_a: sm3hash 1\n" I " derive_b: sm3hash 1\n"

/* FIX-CAMP-KEX4 (kex-passes/KEX_AlgorithmInstance.c): every step, and
 * exchange their sum */
#define KEX4_ROWS(I)                                                                                           \
	I " exchange: drng 4, pseudoXOF 4, pseudohash 1, sm3hash 2\n" I " init_a: drng 1, pseudoXOF 1\n" I     \
	  " init_b: drng 1, pseudoXOF 1\n" I " pass1: drng 1\n" I " pass2: drng 1\n" I " pass3: sm3hash 1\n" I \
	  " pass4: pseudohash 1, sm3hash 1\n" I " derive_a: pseudoXOF 1\n" I " derive_b: pseudoXOF 1\n"
/* FIX-CAMP-KECCAK (own-keccak/SIG_AlgorithmInstance.c): no hash helper;
 * its own SHAKE256 and Keccak-f[1600] in a table of their own */
#define KECCAK_ROWS(I) I " keygen: drng 1\n" I " sign: none seen\n" I " verify: none seen\n"

static void expect_page_rows(const char *out, const char *candidate, const char *want)
{
	char got[8192];

	page_rows(out, candidate, got, sizeof got);
	ck_assert_str_eq(got, want);
}

static void expect_page_has(const char *out, const char *candidate, const char *what)
{
	char rel[256], *text;

	snprintf(rel, sizeof rel, "pages/%s.md", candidate);
	text = slurp(out, rel);
	ck_assert_msg(text != NULL, "no page %s", rel);
	ck_assert_msg(strstr(text, what) != NULL, "page %s lacks '%s':\n%.3000s", rel, what, text);
	free(text);
}

static void expect_page_not(const char *out, const char *candidate, const char *what)
{
	char rel[256], *text;

	snprintf(rel, sizeof rel, "pages/%s.md", candidate);
	text = slurp(out, rel);
	ck_assert_msg(text != NULL, "no page %s", rel);
	ck_assert_msg(strstr(text, what) == NULL, "page %s has '%s':\n%.3000s", rel, what, text);
	free(text);
}

/* The page's section starts with the KAT line(s), then the survey's
 * verdict (one line, or one per instance), then the table. */
#define SECTION(kat, verdict)                                  \
	"## Symmetric primitives\n\nKAT:\n\n" kat "\n" verdict \
	"\n\n| instance | operation | pseudohash/XOF/sm3 | DRNG |"

static void expect_pages(const char *out, int hang)
{
	expect_page_rows(out, "kem-crlf", KEM_ROWS("FIX-CAMP-CRLF"));
	expect_page_rows(out, "kem-fix", KEM_ROWS("FIX-CAMP-KEM-128") KEM_ROWS("FIX-CAMP-KEM-256"));
	expect_page_rows(out, "kex-fix", KEX_ROWS("FIX-CAMP-KEX"));
	expect_page_rows(out, "kex4-fix", KEX4_ROWS("FIX-CAMP-KEX4"));
	expect_page_rows(out, "sign-fix", SIG_ROWS("FIX-CAMP-SIG"));
	expect_page_rows(out, "sign-keccak", KECCAK_ROWS("FIX-CAMP-KECCAK"));
	expect_page_rows(out, "sign-parent", SIG_ROWS("FIX-CAMP-PAR-128") SIG_ROWS("FIX-CAMP-PAR-256"));
	expect_page_rows(out, "sign-shared", SIG_ROWS("FIX-CAMP-SHARED"));
	expect_page_rows(out, "sign-variants", SIG_ROWS("FIX-CAMP-VAR"));
	expect_page_rows(out, "sign-broken", "");
	/* KAT, the survey's verdict where it is known, the table */
	expect_page_has(out, "sign-fix",
			SECTION("- `FIX-CAMP-SIG`: pass (KAT_SIG_FIX-CAMP-SIG.txt matches "
				"Test_Vectors/KAT_SIG_FIX-CAMP-SIG.txt)\n",
				"Survey verdict: " ICCS_ONLY));
	expect_page_has(out, "kem-fix",
			SECTION("- `FIX-CAMP-KEM-128`: not checked (the package has no KAT program (KAT_KEM.c))\n"
				"- `FIX-CAMP-KEM-256`: not checked (the package has no KAT program (KAT_KEM.c))\n",
				"Survey verdict, `FIX-CAMP-KEM-128`: " ICCS_ONLY "\n"
				"Survey verdict, `FIX-CAMP-KEM-256`: " ICCS_ONLY));
	/* the vectors in the folder beside Reference_Implementation; pseudohash
	 * is called in pass 4 only */
	expect_page_has(out, "kex4-fix",
			SECTION("- `FIX-CAMP-KEX4`: pass (KAT_KEX_FIX-CAMP-KEX4.txt matches "
				"../../Test_Vectors/KAT_KEX_FIX-CAMP-KEX4.txt)\n",
				"Survey verdict: " ICCS_ONLY));
	expect_page_has(out, "sign-keccak",
			"Survey verdict: bypass \u2014 own Keccak-f[1600] in keccak_f1600 (keccak.c); no hash helper "
			"called (get_random_number for randomness only)\n");
	expect_page_has(out, "sign-keccak",
			"| instance | operation | own | own calls per operation |\n|---|---|---|---|\n");
	expect_page_has(out, "sign-keccak", "| `FIX-CAMP-KECCAK` | sign | ");
	expect_page_has(out, "sign-keccak", "% | shake256 2, keccak_f1600 2 |\n");
	expect_page_has(out, "sign-shared",
			SECTION("- `FIX-CAMP-SHARED`: pass (KAT_SIG_FIX-CAMP-SHARED.txt matches "
				"Test_Vectors/KAT_SIG_FIX-CAMP-SHARED.txt)\n",
				"Survey verdict: " ICCS_ONLY));
	expect_page_has(
		out, "sign-variants",
		SECTION("- `FIX-CAMP-VAR`: pass (KAT_SIG_FIX-CAMP-VAR.txt matches KAT/KAT_SIG_FIX-CAMP-VAR.txt)\n",
			"Survey verdict: " ICCS_ONLY));
	expect_page_has(out, "sign-parent",
			"Survey verdict, `FIX-CAMP-PAR-128`: " ICCS_ONLY
			"\nSurvey verdict, `FIX-CAMP-PAR-256`: " ICCS_ONLY "\n");
	expect_page_has(out, "kem-crlf", "Survey verdict: " ICCS_ONLY "\n");
	/* nothing was built: no verdict is known */
	expect_page_has(out, "sign-broken", "No operation of this candidate was profiled.");
	expect_page_not(out, "sign-broken", "Survey verdict");
	expect_page_has(out, "sign-broken", "- `" BROKEN_DIR "`: not built: build FIX-CAMP-BROKEN failed: ");
	if (hang) {
		expect_page_rows(out, "sign-hang",
				 "FIX-CAMP-HANG keygen: drng 1, pseudoXOF 4, pseudohash 2\n"
				 "FIX-CAMP-HANG sign: drng 1, pseudoXOF 8, pseudohash 3, sm3hash 1\n"
				 "FIX-CAMP-HANG verify: verify: timed out: warm-up operation 1 of 1 did not finish "
				 "within " HP_TIMEOUT " s\n");
		expect_page_has(out, "sign-hang",
				"- `FIX-CAMP-HANG`: failed: verify: timed out: warm-up operation 1 of 1 did not "
				"finish within " HP_TIMEOUT " s\n");
		expect_page_has(out, "sign-hang", "Survey verdict: " ICCS_ONLY "\n");
	}
}

/* ---------- records ---------- */

/* Every file below dir (relative paths, sorted; with mtimes: each path
 * followed by its modification time in ns) appended to list. */
static void list_files_at(const char *dir, const char *rel, int mtimes, char *list, size_t len)
{
	char path[8400], names[256][256];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(path, sizeof path, "%s%s%s", dir, rel[0] ? "/" : "", rel);
	if (!(d = opendir(path)))
		return;
	while ((e = readdir(d)) && n < 256)
		if (e->d_name[0] != '.')
			snprintf(names[n++], sizeof names[0], "%s", e->d_name);
	closedir(d);
	qsort(names, n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
	for (size_t i = 0; i < n; i++) {
		char sub[8400];
		struct stat st;
		snprintf(sub, sizeof sub, "%.4000s%s%.255s", rel, rel[0] ? "/" : "", names[i]);
		snprintf(path, sizeof path, "%.4000s/%.4300s", dir, sub);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			list_files_at(dir, sub, mtimes, list, len);
		} else {
			size_t used = strlen(list);
			if (mtimes)
				snprintf(list + used, len - used, "%s %lld.%09ld\n", sub, (long long)st.st_mtim.tv_sec,
					 st.st_mtim.tv_nsec);
			else
				snprintf(list + used, len - used, "%s\n", sub);
		}
	}
}

/* a and b are the same text; else fail naming the first line that
 * differs (Check's messages are short). */
static void expect_same_lines(const char *a, const char *b, const char *what)
{
	size_t i = 0, line = 0;

	while (a[i] && a[i] == b[i])
		i++;
	if (!a[i] && !b[i])
		return;
	while (i > 0 && a[i - 1] != '\n')
		i--;
	for (size_t k = 0; k < i; k++)
		line += a[k] == '\n';
	ck_abort_msg("%s differ at line %zu: '%.200s' against '%.200s'", what, line + 1, a + i, b + i);
}

static void list_files(const char *dir, const char *rel, char *list, size_t len)
{
	list_files_at(dir, rel, 0, list, len);
}

/* The structure of a record: instance, operation, status, failure, N and
 * its call table (shapes, calls, nested calls) without ticks, into buf. */
static void record_structure(const char *path, char *buf, size_t len)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je), *calls, *c;
	size_t used, i;

	ck_assert_msg(j != NULL, "%s: %s", path, je.text);
	used = (size_t)snprintf(
		buf, len, "%s %s %s '%s' N=%lld ops=%lld:", json_string_value(json_object_get(j, "instance")),
		json_string_value(json_object_get(j, "operation")), json_string_value(json_object_get(j, "status")),
		json_string_value(json_object_get(j, "failure")),
		(long long)json_integer_value(json_object_get(json_object_get(j, "procedure"), "iterations")),
		(long long)json_integer_value(json_object_get(json_object_get(j, "totals"), "operations")));
	calls = json_object_get(j, "calls");
	json_array_foreach(calls, i, c)
	{
		used += (size_t)snprintf(buf + used, len - used, " %s(%lld,%lld)x%lld+%lld",
					 json_string_value(json_object_get(c, "fn")),
					 (long long)json_integer_value(json_object_get(c, "in_bits")),
					 (long long)json_integer_value(json_object_get(c, "out_bits")),
					 (long long)json_integer_value(json_object_get(c, "calls")),
					 (long long)json_integer_value(json_object_get(c, "nested")));
		if (used >= len)
			break;
	}
	json_decref(j);
}

/* Both campaigns hold the same record files with the same structure. */
static void expect_same_records(const char *out_a, const char *out_b)
{
	char dir_a[8500], dir_b[8500], list_a[16384] = "", list_b[16384] = "", *save = NULL;

	snprintf(dir_a, sizeof dir_a, "%s/records", out_a);
	snprintf(dir_b, sizeof dir_b, "%s/records", out_b);
	list_files(dir_a, "", list_a, sizeof list_a);
	list_files(dir_b, "", list_b, sizeof list_b);
	expect_same_lines(list_a, list_b, "the record files");
	ck_assert_msg(list_a[0], "no record in %s", dir_a);
	for (char *f = strtok_r(list_a, "\n", &save); f; f = strtok_r(NULL, "\n", &save)) {
		char pa[8400 + 256], pb[8400 + 256], sa[4096], sb[4096];
		snprintf(pa, sizeof pa, "%s/%s", dir_a, f);
		snprintf(pb, sizeof pb, "%s/%s", dir_b, f);
		record_structure(pa, sa, sizeof sa);
		record_structure(pb, sb, sizeof sb);
		ck_assert_str_eq(sa, sb);
	}
}

/* A helper's calls per operation in the record at path: outermost
 * (nested 0) or made inside another helper call (nested 1), from its call
 * table; each a whole number per operation. */
static long long record_calls(const char *path, const char *fn, int nested)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je), *c;
	long long ops, sum = 0;
	size_t i;

	ck_assert_msg(j != NULL, "%s: %s", path, je.text);
	ops = (long long)json_integer_value(json_object_get(json_object_get(j, "totals"), "operations"));
	ck_assert_msg(ops > 0, "%s: no operation", path);
	json_array_foreach(json_object_get(j, "calls"), i, c)
	{
		if (!strcmp(json_string_value(json_object_get(c, "fn")), fn))
			sum += (long long)json_integer_value(json_object_get(c, nested ? "nested" : "calls"));
	}
	json_decref(j);
	ck_assert_msg(sum % ops == 0, "%s: %lld %s calls in %lld operations", path, sum, fn, ops);
	return sum / ops;
}

/* A key exchange's exchange row makes, per operation, exactly the calls
 * of its steps (NULL-terminated) together, helper by helper, outermost
 * and nested: records/CANDIDATE/INSTANCE__OP.json. */
static void expect_exchange_is_sum(const char *out, const char *candidate, const char *instance,
				   const char *const *steps)
{
	static const char *const fns[] = { "get_random_number", "init_random_number", "pseudoXOF", "pseudohash",
					   "sm3hash" };
	char path[8400];

	for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
		for (int nested = 0; nested < 2; nested++) {
			long long sum = 0, exchange;
			for (const char *const *op = steps; *op; op++) {
				snprintf(path, sizeof path, "%s/records/%s/%s__%s.json", out, candidate, instance, *op);
				sum += record_calls(path, fns[k], nested);
			}
			snprintf(path, sizeof path, "%s/records/%s/%s__exchange.json", out, candidate, instance);
			exchange = record_calls(path, fns[k], nested);
			ck_assert_msg(exchange == sum, "%s exchange: %lld %s%s calls per operation, its steps %lld",
				      instance, exchange, nested ? "nested " : "", fns[k], sum);
		}
}

/* What only a folder's own flags make: FIX-CAMP-PAR-256 signs with a
 * 256-byte public key (-DSCHEME_MODE=256 from ../Makefile), so its
 * message pseudohash takes 8 * (256 + 64 + 32) bits, FIX-CAMP-PAR-128's
 * 8 * (128 + 64 + 32). */
static void expect_parameter_sets(const char *out)
{
	char a[8400], buf[4096];

	snprintf(a, sizeof a, "%s/records/sign-parent/FIX-CAMP-PAR-256__sign.json", out);
	record_structure(a, buf, sizeof buf);
	ck_assert_msg(strstr(buf, " pseudohash(2816,1024)x3+0") != NULL, "%s", buf);
	snprintf(a, sizeof a, "%s/records/sign-parent/FIX-CAMP-PAR-128__sign.json", out);
	record_structure(a, buf, sizeof buf);
	ck_assert_msg(strstr(buf, " pseudohash(1792,1024)x3+0") != NULL, "%s", buf);
}

/* The records of every folder and operation (the reference tree). */
static void expect_records(const char *out)
{
	static const char *const kex4_steps[] = { "init_a", "init_b",   "pass1",    "pass2", "pass3",
						  "pass4",  "derive_a", "derive_b", NULL };
	static const char *const kex_steps[] = { "init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b", NULL };

	expect_exchange_is_sum(out, "kex4-fix", "FIX-CAMP-KEX4", kex4_steps);
	expect_exchange_is_sum(out, "kex-fix", "FIX-CAMP-KEX", kex_steps);
	expect_parameter_sets(out);
}

/* ---------- tests ---------- */

/* Append text to the file rel of the copied tree. */
static void append_in_tree(const char *rel, const char *text)
{
	char path[8400];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", tree, rel);
	f = fopen(path, "a");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The whole tree: every folder built, KAT-checked and profiled or failed
 * with its reason; the pages and the index; then a second run that does
 * nothing and says so, and runs after one file changed that redo that
 * folder only: a file of the folder, a shared ICCS file in a sibling
 * folder, the vectors beside the tier folder. */
START_TEST(test_campaign_tree)
{
	struct run r;
	char out[8400], *index1, *index2, files1[65536] = "", files2[65536] = "";

	setup_tree("tree", NULL);
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out);
	/* the broken and the hanging package cost their own rows: exit 1 */
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in ");
	expect_in(&r, r.out, "[26/26] ");
	expect_in(&r, r.out, "] build " SIG_DIR ": built FIX-CAMP-SIG (KAT pass)\n");
	expect_in(&r, r.out, "] build " KEX4_DIR ": built FIX-CAMP-KEX4 (KAT pass)\n");
	expect_in(&r, r.out,
		  "  FIX-CAMP-HANG verify: failed: verify: timed out: warm-up operation 1 of 1 did not "
		  "finish within " HP_TIMEOUT " s\n");
	/* one CPU at a time: no warning about shares measured beside others */
	expect_not_in(&r, r.err, "noisier");
	run_free(&r);
	expect_index(out, 1);
	expect_pages(out, 1);
	expect_records(out);
	index1 = slurp(out, "index.md");
	ck_assert_ptr_nonnull(index1);
	ck_assert_ptr_nonnull(strstr(index1, "Tier reference: 13 instance folders, 11 profiled, 2 failed, 0 not run. "
					     "1 folder of other tiers not selected (--tier)."));
	/* the optimized folder of the same candidate is not part of it */
	ck_assert_ptr_null(strstr(index1, "Optimized_Implementation"));
	{
		char list[16384] = "", dir[8500];
		snprintf(dir, sizeof dir, "%s/records", out);
		list_files(dir, "", list, sizeof list);
		ck_assert_str_eq(list, "kem-crlf/FIX-CAMP-CRLF__decaps.json\n"
				       "kem-crlf/FIX-CAMP-CRLF__encaps.json\n"
				       "kem-crlf/FIX-CAMP-CRLF__keygen.json\n"
				       "kem-fix/FIX-CAMP-KEM-128__decaps.json\n"
				       "kem-fix/FIX-CAMP-KEM-128__encaps.json\n"
				       "kem-fix/FIX-CAMP-KEM-128__keygen.json\n"
				       "kem-fix/FIX-CAMP-KEM-256__decaps.json\n"
				       "kem-fix/FIX-CAMP-KEM-256__encaps.json\n"
				       "kem-fix/FIX-CAMP-KEM-256__keygen.json\n"
				       "kex-fix/FIX-CAMP-KEX__derive_a.json\n"
				       "kex-fix/FIX-CAMP-KEX__derive_b.json\n"
				       "kex-fix/FIX-CAMP-KEX__exchange.json\n"
				       "kex-fix/FIX-CAMP-KEX__init_a.json\n"
				       "kex-fix/FIX-CAMP-KEX__init_b.json\n"
				       "kex-fix/FIX-CAMP-KEX__pass1.json\n"
				       "kex-fix/FIX-CAMP-KEX__pass2.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__derive_a.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__derive_b.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__exchange.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__init_a.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__init_b.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__pass1.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__pass2.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__pass3.json\n"
				       "kex4-fix/FIX-CAMP-KEX4__pass4.json\n"
				       "sign-fix/FIX-CAMP-SIG__keygen.json\n"
				       "sign-fix/FIX-CAMP-SIG__sign.json\n"
				       "sign-fix/FIX-CAMP-SIG__verify.json\n"
				       "sign-hang/FIX-CAMP-HANG__keygen.json\n"
				       "sign-hang/FIX-CAMP-HANG__sign.json\n"
				       "sign-hang/FIX-CAMP-HANG__verify.failed.json\n"
				       "sign-keccak/FIX-CAMP-KECCAK__keygen.json\n"
				       "sign-keccak/FIX-CAMP-KECCAK__sign.json\n"
				       "sign-keccak/FIX-CAMP-KECCAK__verify.json\n"
				       "sign-parent/FIX-CAMP-PAR-128__keygen.json\n"
				       "sign-parent/FIX-CAMP-PAR-128__sign.json\n"
				       "sign-parent/FIX-CAMP-PAR-128__verify.json\n"
				       "sign-parent/FIX-CAMP-PAR-256__keygen.json\n"
				       "sign-parent/FIX-CAMP-PAR-256__sign.json\n"
				       "sign-parent/FIX-CAMP-PAR-256__verify.json\n"
				       "sign-shared/FIX-CAMP-SHARED__keygen.json\n"
				       "sign-shared/FIX-CAMP-SHARED__sign.json\n"
				       "sign-shared/FIX-CAMP-SHARED__verify.json\n"
				       "sign-variants/FIX-CAMP-VAR__keygen.json\n"
				       "sign-variants/FIX-CAMP-VAR__sign.json\n"
				       "sign-variants/FIX-CAMP-VAR__verify.json\n");
	}

	/* again: nothing to do, nothing touched, the same verdict */
	list_files_at(out, "", 1, files1, sizeof files1);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 1);
	{
		char want[20000];
		snprintf(want, sizeof want,
			 "hashprof campaign: nothing to do: 13 folders up to date\n"
			 "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in %s/pages, "
			 "index %s/index.md\n",
			 out, out);
		ck_assert_str_eq(r.out, want);
	}
	run_free(&r);
	list_files_at(out, "", 1, files2, sizeof files2);
	expect_same_lines(files1, files2, "the files of OUT and their times before and after");
	index2 = slurp(out, "index.md");
	expect_same_lines(index1, index2, "the index before and after");
	free(index2);

	/* one input of a folder changes: that folder's steps run, no other */
	append_in_tree(KEM256_DIR "/KEM_AlgorithmInstance.h", "/* edited after the first campaign */\n");
	CAMPAIGN(&r, out);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "[1/2] build " KEM256_DIR ": built FIX-CAMP-KEM-256 (KAT not checked)\n");
	expect_in(&r, r.out, "[2/2] profile " KEM256_DIR ": ");
	expect_not_in(&r, r.out, KEM128_DIR);
	expect_not_in(&r, r.out, HANG_DIR);
	run_free(&r);
	expect_index(out, 1);

	/* the ICCS file the package keeps beside its instance folder, in
	 * iccs/: an input of that folder's build (its manifest lists it) */
	append_in_tree("sign-shared/Reference_Implementation/iccs/auxfunc.c",
		       "/* edited after the first campaign */\n");
	CAMPAIGN(&r, out);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "[1/2] build " SHARED_DIR ": built FIX-CAMP-SHARED (KAT pass)\n");
	expect_in(&r, r.out, "[2/2] profile " SHARED_DIR ": ");
	expect_not_in(&r, r.out, SIG_DIR);
	run_free(&r);

	/* the vectors beside the tier folder: the KAT fails, and the folder
	 * with it, with the reason; the others stay as they were */
	{
		char path[8400];
		FILE *f;
		snprintf(path, sizeof path,
			 "%s/kex4-fix/Implementations and Test_Vectors/Test_Vectors/"
			 "KAT_KEX_FIX-CAMP-KEX4.txt",
			 tree);
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs("# FIX-CAMP-KEX4\n\ncount = 0\npka = 00\n", f);
		ck_assert_int_eq(fclose(f), 0);
	}
	CAMPAIGN(&r, out);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "[1/2] build " KEX4_DIR ": built FIX-CAMP-KEX4 (KAT fail)\n");
	expect_not_in(&r, r.out, KEX_DIR);
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 10 profiled, 3 failed, 0 not run; 11 pages in ");
	run_free(&r);
	expect_folder(out, KEX4_DIR, "FIX-CAMP-KEX4", "kex", "built", "fail", "9/9", "failed",
		      "the KAT failed: KAT_KEX_FIX-CAMP-KEX4.txt differs from "
		      "../../Test_Vectors/KAT_KEX_FIX-CAMP-KEX4.txt",
		      0);
	/* the KAT's failure is a note of its own, not something --wrap cannot see */
	expect_page_has(out, "kex4-fix",
			"- `FIX-CAMP-KEX4`: the KAT failed (KAT_KEX_FIX-CAMP-KEX4.txt differs from "
			"../../Test_Vectors/KAT_KEX_FIX-CAMP-KEX4.txt");
	expect_page_has(out, "kex4-fix", "): its rows may not measure the scheme's code\n");
	expect_page_not(out, "kex4-fix", "what --wrap cannot see: the KAT failed");
	free(index1);
	teardown_tree();
}
END_TEST

/* The tree without the hanging package, as the reference of the tests
 * that compare records: one uninterrupted local campaign, run once before
 * the tests (an unchecked fixture) into ref_out. */
static const char *const no_hang[] = { "sign-hang", NULL };
static char ref_tmp[4096], ref_out[8400];

static void reference_setup(void)
{
	struct run r;

	setup_tree("tree", no_hang);
	in_tmp("ref", ref_out, sizeof ref_out);
	CAMPAIGN(&r, ref_out);
	run_expect_status(&r, 1); /* the broken package */
	expect_in(&r, r.out, "hashprof campaign: 12 folders: 11 profiled, 1 failed, 0 not run");
	run_free(&r);
	expect_index(ref_out, 0);
	expect_pages(ref_out, 0);
	expect_records(ref_out);
	/* the tests make their own temporary folders */
	snprintf(ref_tmp, sizeof ref_tmp, "%s", tmp);
	tmp[0] = '\0';
}

static void reference_teardown(void)
{
	snprintf(tmp, sizeof tmp, "%s", ref_tmp);
	teardown_tree();
}

/* The index of a campaign without its first line (which names ROOT). */
static char *index_rows(const char *out)
{
	char *text = slurp(out, "index.md"), *nl;

	ck_assert_ptr_nonnull(text);
	nl = strchr(text, '\n');
	ck_assert_ptr_nonnull(nl);
	memmove(text, nl + 1, strlen(nl + 1) + 1);
	return text;
}

/* A campaign killed outright halfway (SIGKILL, after every build, while
 * the first folder's third operation runs: a fault makes FIX-CAMP-CRLF's
 * decaps hang after its set-up) leaves nothing running; the next run,
 * without the fault, redoes only what was not finished and ends with the
 * records an uninterrupted campaign writes, while the operations finished
 * before the kill keep their records byte for byte. */
#define KILLED_TIMEOUT "60"

/* The first folder's decaps step of this test's campaign (arg: its OUT,
 * in the step's --record-dir) runs. */
static int crlf_decaps_running(const void *arg)
{
	const char *const markers[] = { arg, "FIX-CAMP-CRLF decaps", NULL };

	return run_marked_alive_all(markers);
}

/* No step of the first folder of this test's campaign (arg: its OUT) is left. */
static int crlf_steps_gone(const void *arg)
{
	const char *const markers[] = { arg, "FIX-CAMP-CRLF", NULL };

	return !run_marked_alive_all(markers);
}

START_TEST(test_campaign_killed_and_resumed)
{
	struct run r;
	struct run_bg bg;
	struct tmp_env e;
	char out[8400], log[8400], *before[2];
	const char *kept[] = { "records/kem-crlf/FIX-CAMP-CRLF__keygen.json",
			       "records/kem-crlf/FIX-CAMP-CRLF__encaps.json" };
	const char *not_yet[] = { "records/kem-crlf/FIX-CAMP-CRLF__decaps.json",
				  "records/kem-fix/FIX-CAMP-KEM-128__keygen.json",
				  "records/sign-fix/FIX-CAMP-SIG__keygen.json" };

	setup_tree("tree", no_hang);
	in_tmp("out", out, sizeof out);
	in_tmp("killed.log", log, sizeof log);
	/* the second kem_dec of a process hangs: decaps's warm-up operation
	 * (its set-up decapsulates once); keygen and encaps call none.  A
	 * timeout longer than the test waits: a step left running by the
	 * kill would still run when the test looks */
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "campaign", tree, "-o", out, "-n", "3", "--timeout", KILLED_TIMEOUT,
					 "--progress=plain", NULL },
		  tmp_env(&e, "HASHPROF_SYNTH_FAULT=dec:hang:2"), RUN_TO_FILE, log);
	ck_assert_msg(run_wait_until(crlf_decaps_running, out, 120), "the first folder's decaps never started");
	ck_assert_int_eq(kill(bg.pid, SIGKILL), 0);
	ck_assert_int_eq(run_wait(bg.pid, 30), -1);
	/* make notices, then the step, and they end what they ran */
	ck_assert_msg(run_wait_until(crlf_steps_gone, out, 20), "a step of the killed campaign still runs");
	ck_assert_msg(run_wait_marked(out, 0, 20), "a process of the killed campaign still runs");
	for (size_t i = 0; i < 2; i++) {
		before[i] = slurp(out, kept[i]);
		ck_assert_msg(before[i] != NULL, "%s was not written before the kill", kept[i]);
	}
	for (size_t i = 0; i < 3; i++) {
		char *text = slurp(out, not_yet[i]);
		ck_assert_msg(text == NULL, "%s was written before the kill", not_yet[i]);
	}

	/* the next run, without the fault: the rest of the first folder's
	 * profile and the ten others that built; no build */
	CAMPAIGN_T(&r, out, KILLED_TIMEOUT);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "[1/11] profile " CRLF_DIR ": FIX-CAMP-CRLF: 3 of 3 operations profiled\n");
	expect_in(&r, r.out, "  FIX-CAMP-CRLF decaps: profiled");
	expect_not_in(&r, r.out, "FIX-CAMP-CRLF keygen: profiled");
	expect_not_in(&r, r.out, "FIX-CAMP-CRLF encaps: profiled");
	expect_in(&r, r.out, "[11/11] profile " VAR_DIR ": FIX-CAMP-VAR: 3 of 3 operations profiled\n");
	expect_not_in(&r, r.out, "] build ");
	run_free(&r);
	for (size_t i = 0; i < 2; i++) {
		char *after = slurp(out, kept[i]);
		ck_assert_ptr_nonnull(after);
		ck_assert_msg(!strcmp(before[i], after), "%s was measured again", kept[i]);
		free(after);
		free(before[i]);
	}
	expect_index(out, 0);
	expect_pages(out, 0);
	expect_records(out);
	expect_same_records(ref_out, out);
	teardown_tree();
}
END_TEST

/* --jobs: one self-contained command per folder, run by GNU parallel (two
 * at a time), then --collect: the same records and the same index as the
 * local campaign; run again, every command finds its folder up to date.
 * The tree lies below a folder whose name has a blank and a quote, which
 * the commands must carry as they are, as the blanks of "Implementations
 * and Test_Vectors". */
START_TEST(test_campaign_jobs_parallel)
{
	struct run r;
	char out[8400], jobs[8400], *index_ref, *index_out, *text;
	size_t lines = 0;

	setup_tree("packages 'of' round 1", no_hang);
	in_tmp("out", out, sizeof out);
	in_tmp("jobs.txt", jobs, sizeof jobs);
	CAMPAIGN(&r, out, "--job-file", jobs);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: 12 commands in ");
	run_free(&r);
	text = slurp(tmp, "jobs.txt");
	ck_assert_ptr_nonnull(text);
	for (char *p = text; *p; p++)
		lines += *p == '\n';
	ck_assert_uint_eq(lines, 12);
	ck_assert_ptr_nonnull(strstr(text, " campaign '"));
	ck_assert_ptr_nonnull(strstr(text, "--unit=" SIG_DIR " "));
	ck_assert_ptr_nonnull(strstr(text, "'--unit=" KEX4_DIR "' "));
	free(text);
	/* nothing ran yet */
	ck_assert_ptr_null(slurp(out, "index.md"));

	/* GNU parallel exits with the number of commands that failed: the
	 * folder that does not compile (a folder's line exits 1 when it
	 * failed, as the campaign does) */
	run_in_tmp(&r, HP_PARALLEL, (const char *const[]){ "--will-cite", "-j", "2", "-a", jobs, NULL });
	run_expect_status(&r, 1);
	run_free(&r);
	HASHPROF(&r, "campaign", "--collect", "-o", out);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: 12 folders: 11 profiled, 1 failed, 0 not run");
	run_free(&r);
	expect_index(out, 0);
	expect_pages(out, 0);
	expect_records(out);
	expect_same_records(ref_out, out);
	/* the index names no share, and the folders are the same: byte for
	 * byte, but for the first line, which names each campaign's ROOT */
	index_ref = index_rows(ref_out);
	index_out = index_rows(out);
	expect_same_lines(index_ref, index_out, "the index of the local campaign and of the job file's");
	free(index_ref);
	free(index_out);

	/* again: each command finds its folder up to date */
	run_in_tmp(&r, HP_PARALLEL, (const char *const[]){ "--will-cite", "-j", "2", "-a", jobs, NULL });
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: done build " SIG_DIR ": up to date (built FIX-CAMP-SIG)\n");
	expect_in(&r, r.out,
		  "hashprof campaign: done profile " SIG_DIR ": up to date (FIX-CAMP-SIG: 3 of 3 "
		  "operations profiled)\n");
	expect_in(&r, r.out,
		  "hashprof campaign: done profile " KEX4_DIR ": up to date (FIX-CAMP-KEX4: 9 of 9 "
		  "operations profiled)\n");
	expect_not_in(&r, r.out, "start ");
	run_free(&r);
	CAMPAIGN(&r, out, "--job-file", jobs);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 0 commands in ");
	run_free(&r);
	teardown_tree();
}
END_TEST

/* -j 2: the builds two at a time, the profiles one per distinct CPU with
 * the warning about shares measured beside other jobs when there are two
 * (a one-CPU machine profiles one at a time, without it); the same
 * records; --tier picks the optimized folder alone, into its own OUT;
 * the status line of a terminal (--progress=tty). */
START_TEST(test_campaign_parallel_and_tier)
{
	struct run r;
	char out[8400], opt[8400];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	setup_tree("tree", no_hang);
	in_tmp("out-j2", out, sizeof out);
	CAMPAIGN(&r, out, "-j", "2");
	run_expect_status(&r, 1);
	if (cpus > 1)
		expect_in(&r, r.err, "profiles at once, one per CPU (");
	expect_in(&r, r.out, "[24/24] ");
	run_free(&r);
	expect_index(out, 0);
	expect_same_records(ref_out, out);

	in_tmp("out-optimized", opt, sizeof opt);
	HASHPROF(&r, "campaign", tree, "-o", opt, "-n", "3", "--tier=optimized", "--progress=tty");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "\r\033[K[0/2] ");
	expect_in(&r, r.out, " elapsed, ETA ");
	expect_in(&r, r.out,
		  "\r\033[K[2/2] profile sign-fix/Implementations/Optimized_Implementation/FIX-CAMP-SIG: "
		  "FIX-CAMP-SIG: 3 of 3 operations profiled\n");
	expect_in(&r, r.out, "hashprof campaign: 1 folder: 1 profiled, 0 failed, 0 not run; 1 page in ");
	run_free(&r);
	expect_folder(opt, "sign-fix/Implementations/Optimized_Implementation/FIX-CAMP-SIG", "FIX-CAMP-SIG", "sig",
		      "built", "not checked", "3/3", "profiled", "", 1);
	expect_page_rows(opt, "sign-fix", SIG_ROWS("FIX-CAMP-SIG"));
	/* the page is in the published shape: `hashprof check --published`
	 * reads it and re-runs its rows with the instance the campaign built
	 * (calls exact; shares are times, any difference allowed) */
	{
		char units[8500], inst[9000], page[8500], path_env[9100];
		struct tmp_env te;
		struct dirent *d;
		DIR *dir;
		snprintf(units, sizeof units, "%s/units", opt);
		dir = opendir(units);
		ck_assert_ptr_nonnull(dir);
		inst[0] = '\0';
		while ((d = readdir(dir)))
			if (d->d_name[0] != '.')
				snprintf(inst, sizeof inst, "%s/%s/instance", units, d->d_name);
		closedir(dir);
		ck_assert_msg(inst[0], "no folder in %s", units);
		snprintf(page, sizeof page, "%s/pages/sign-fix.md", opt);
		snprintf(path_env, sizeof path_env, "HASHPROF_PATH=%s", inst);
		tmp_env(&te, NULL);
		te.changes[2] = path_env;
		run_capture(&r, HP_HASHPROF,
			    (const char *const[]){ "check", "--published", page, "-n", "3", "--share-tolerance", "100",
						   NULL },
			    te.changes);
		run_expect_status(&r, 0);
		/* 3 rows: 10 call counts (3 + 4 + 3 helpers called) and 6 shares */
		expect_in(&r, r.out, "check: pass: 16 comparisons within tolerance");
		run_free(&r);
	}
	/* another tier into the same OUT would mix the records: refused */
	HASHPROF(&r, "campaign", tree, "-o", opt, "-n", "3");
	run_expect_status(&r, 2);
	expect_in(&r, r.err, "hashprof: campaign: ");
	expect_in(&r, r.err, " holds the campaign of tier optimized: profile tier reference into another folder (-o)");
	run_free(&r);
	/* and another ROOT (a folder of the same tree, same tier) likewise */
	{
		char root2[8400], real_root2[PATH_MAX], real_tree[PATH_MAX], want[20000];
		snprintf(root2, sizeof root2, "%s/sign-fix", tree);
		ck_assert_ptr_nonnull(realpath(root2, real_root2));
		ck_assert_ptr_nonnull(realpath(tree, real_tree));
		HASHPROF(&r, "campaign", root2, "-o", opt, "-n", "3", "--tier=optimized");
		snprintf(want, sizeof want,
			 " holds the campaign of %s: profile %s into another folder (-o), so that their records and "
			 "pages do not mix\n",
			 real_tree, real_root2);
		run_expect_status(&r, 2);
		expect_in(&r, r.err, want);
		ck_assert_uint_eq(r.out_len, 0);
		run_free(&r);
	}
	teardown_tree();
}
END_TEST

/* Write text into the file rel of the copied tree (fopen mode). */
static void put_in_tree(const char *rel, const char *mode, const char *text)
{
	char path[8400];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", tree, rel);
	f = fopen(path, mode);
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Names that would make a folder's records lie: a copy of a folder that
 * builds the same instance name for its candidate (the first folder by
 * path keeps it), and a package named like an instance that comes
 * earlier on hashprof's search path (the build tree's SYNTH-SIG); each
 * fails its own folder with the reason.  Then --force redoes every step. */
START_TEST(test_campaign_names)
{
	static const char *const only_kem[] = { "sign-fix",    "kex-fix",       "sign-broken", "sign-hang",
						"kem-crlf",    "kex4-fix",      "sign-keccak", "sign-parent",
						"sign-shared", "sign-variants", NULL };
	struct run r;
	char out[8400], src[8400], dst[8400];

	setup_tree("tree", only_kem);
	snprintf(src, sizeof src, "%s/%s", tree, KEM128_DIR);
	snprintf(dst, sizeof dst, "%s/%s-old", tree, KEM128_DIR);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-R", src, dst, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	snprintf(dst, sizeof dst, "%s/kem-fix/Reference_Implementation/SYNTH-KEM", tree);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-R", src, dst, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	put_in_tree("kem-fix/Reference_Implementation/SYNTH-KEM/KEM_AlgorithmInstance.h", "a",
		    "#undef ALGORITHM_INSTANCE\n#define ALGORITHM_INSTANCE \"SYNTH-KEM\"\n");
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: 4 folders: 2 profiled, 2 failed, 0 not run; 1 page in ");
	run_free(&r);
	expect_folder(out, KEM128_DIR, "FIX-CAMP-KEM-128", "kem", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(
		out, KEM128_DIR "-old", "FIX-CAMP-KEM-128", "kem", "built", "not checked", "-", "failed",
		"not profiled: " KEM128_DIR " built the same instance name FIX-CAMP-KEM-128 for this "
		"candidate: the records would overwrite each other; not profiled (rename one, or remove the copy)",
		1);
	expect_folder(out, "kem-fix/Reference_Implementation/SYNTH-KEM", "SYNTH-KEM", "kem", "built", "not checked",
		      "-", "failed", "not profiled: the instance name SYNTH-KEM is taken by ", 0);
	{
		char cells[NCELLS][600];
		index_row(out, "kem-fix/Reference_Implementation/SYNTH-KEM", cells);
		ck_assert_msg(strstr(cells[7], "/synth-kem.so, which comes earlier on hashprof's search path"),
			      "reason: %s", cells[7]);
	}
	expect_page_rows(out, "kem-fix", KEM_ROWS("FIX-CAMP-KEM-128") KEM_ROWS("FIX-CAMP-KEM-256"));

	/* --force: every step again, though nothing changed */
	CAMPAIGN(&r, out, "--force");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "[8/8] ");
	expect_not_in(&r, r.out, "nothing to do");
	expect_not_in(&r, r.out, "up to date");
	run_free(&r);
	expect_page_rows(out, "kem-fix", KEM_ROWS("FIX-CAMP-KEM-128") KEM_ROWS("FIX-CAMP-KEM-256"));
	teardown_tree();
}
END_TEST

/* Exactly one line on stderr, holding what; nothing on stdout; exit 2. */
static void expect_bad(struct run *r, const char *what)
{
	run_expect_status(r, 2);
	expect_in(r, r->err, what);
	ck_assert_msg(strchr(r->err, '\n') == r->err + r->err_len - 1, "not one line on stderr:\n%s", r->err);
	ck_assert_uint_eq(r->out_len, 0);
	run_free(r);
}

START_TEST(test_campaign_bad_input)
{
	struct run r;
	char out[8400], missing[8400], empty[8400], file[8400], below_file[8500];
	FILE *f;

	setup_tree("tree", NULL);
	in_tmp("out", out, sizeof out);
	in_tmp("no-such-folder", missing, sizeof missing);
	HASHPROF(&r, "campaign", missing, "-o", out);
	expect_bad(&r, "hashprof: campaign: ROOT ");
	HASHPROF(&r, "campaign", "-o", out);
	expect_bad(&r, "hashprof: campaign: missing ROOT");
	/* a tree with no instance folder: the candidate's documentation */
	snprintf(empty, sizeof empty, "%s/sign-fix/Supporting_Documentation", tree);
	HASHPROF(&r, "campaign", empty, "-o", out);
	expect_bad(&r, "holds no instance folder (no folder with an adapter header below it: "
		       "SIG_/KEM_/KEX_AlgorithmInstance.h, or a SIG_/KEM_/KEX_ header named after the instance that "
		       "defines ALGORITHM_INSTANCE)");
	HASHPROF(&r, "campaign", tree, "-o", out, "--tier=additional");
	expect_bad(&r, "holds no instance folder of tier additional (reference 13, optimized 1, additional 0)");
	/* an adapter named after the instance (SIG_FIX-REN.h) makes an
	 * instance folder, as for `hashprof build` (builder/adapter.c); a
	 * SIG_ header that does not define ALGORITHM_INSTANCE does not */
	{
		char ren[8400], header[8500];
		snprintf(ren, sizeof ren, "%s/ren", tmp);
		ck_assert_int_eq(mkdir(ren, 0777), 0);
		snprintf(ren, sizeof ren, "%s/ren/Reference_Implementation", tmp);
		ck_assert_int_eq(mkdir(ren, 0777), 0);
		snprintf(ren, sizeof ren, "%s/ren/Reference_Implementation/FIX-REN", tmp);
		ck_assert_int_eq(mkdir(ren, 0777), 0);
		snprintf(ren, sizeof ren, "%s/ren/Reference_Implementation/FIX-REN/SIG_FIX-REN.h", tmp);
		f = fopen(ren, "w");
		ck_assert_ptr_nonnull(f);
		fputs("/* test_campaign.c */\n# define ALGORITHM_INSTANCE \"FIX-REN\"\n", f);
		ck_assert_int_eq(fclose(f), 0);
		snprintf(ren, sizeof ren, "%s/ren/SIG_notes.h", tmp);
		f = fopen(ren, "w");
		ck_assert_ptr_nonnull(f);
		fputs("/* names ALGORITHM_INSTANCE, defines no such macro */\n#define SIG_NOTES 1\n", f);
		ck_assert_int_eq(fclose(f), 0);
		snprintf(ren, sizeof ren, "%s/ren", tmp);
		HASHPROF(&r, "campaign", ren, "-o", out, "--tier=additional");
		expect_bad(&r, "holds no instance folder of tier additional (reference 1, optimized 0, additional 0)");
		snprintf(header, sizeof header, "%s/Reference_Implementation/FIX-REN/SIG_FIX-REN.h", ren);
		ck_assert_int_eq(unlink(header), 0);
		HASHPROF(&r, "campaign", ren, "-o", out);
		expect_bad(&r, "/ren holds no instance folder (no folder with an adapter header below it");
	}
	HASHPROF(&r, "campaign", tree, "-o", out, "--tier=fastest");
	expect_bad(&r, "hashprof: campaign: --tier: 'fastest' is not reference, optimized or additional");
	HASHPROF(&r, "campaign", tree, "-o", out, "-n", "0");
	expect_bad(&r, "--iterations: '0' is not a whole number from 1 to 100000000");
	/* OUT that cannot be written: a file, and a folder below a file */
	in_tmp("a-file", file, sizeof file);
	f = fopen(file, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	HASHPROF(&r, "campaign", tree, "-o", file);
	expect_bad(&r, ": not a folder");
	snprintf(below_file, sizeof below_file, "%s/out", file);
	HASHPROF(&r, "campaign", tree, "-o", below_file);
	expect_bad(&r, ": cannot create the folder: ");
	HASHPROF(&r, "campaign", "--collect", "-o", out);
	expect_bad(&r, ": No such file or directory");
	HASHPROF(&r, "campaign", "--collect", "-o", tmp);
	expect_bad(&r, "holds no campaign (no campaign.json)");
	/* a step's folder must be an instance folder below ROOT */
	HASHPROF(&r, "campaign", tree, "--unit=sign-fix/Supporting_Documentation", "-o", out);
	expect_bad(&r, "/sign-fix/Supporting_Documentation is not an instance folder");
	HASHPROF(&r, "campaign", tree, "--phase=build", "-o", out);
	expect_bad(&r, "hashprof: campaign: --phase and --cpus go with --unit");
	/* --jobs is build's parallelism; the job file is --job-file, never
	 * inside OUT nor over a file that is not a job file */
	{
		char inside[8500];
		snprintf(inside, sizeof inside, "%s/index.md", out);
		HASHPROF(&r, "campaign", tree, "-o", out, "--jobs", inside);
		expect_bad(&r, "index.md' is not a whole number from 1 to 256 (builds at once, as build's; a job file "
			       "is --job-file=FILE)");
		HASHPROF(&r, "campaign", tree, "-o", out, "--job-file", inside);
		expect_bad(&r, "/index.md lies inside OUT (");
		HASHPROF(&r, "campaign", tree, "-o", out, "--job-file", out);
		expect_bad(&r, "lies inside OUT (");
		f = fopen(file, "w");
		ck_assert_ptr_nonnull(f);
		fputs("notes of mine\n", f);
		ck_assert_int_eq(fclose(f), 0);
		HASHPROF(&r, "campaign", tree, "-o", out, "--job-file", file);
		expect_bad(&r, "/a-file exists and is not a job file (");
	}
	/* the rows' groups of options are the main command's, parsed once */
	HASHPROF(&r, "campaign", tree, "-o", out, "--no-confine", "--max-memory=100");
	expect_bad(&r, "hashprof: --max-memory and --no-confine exclude each other");
	HASHPROF(&r, "campaign", tree, "-o", out, "--max-memory=lots");
	expect_bad(&r, "hashprof: --max-memory: 'lots' is not a whole number of MiB");
	HASHPROF(&r, "campaign", tree, "-o", out, "--message-len=3", "--message=00");
	expect_bad(&r, "hashprof: --message and --message-len exclude each other");
	HASHPROF(&r, "campaign", tree, "-o", out, "-n", "3", "--trials=4");
	expect_bad(&r, "hashprof: --trials=4 and -n 3 exclude each other");
	/* none of it touched OUT */
	{
		struct stat st;
		ck_assert_int_ne(stat(out, &st), 0);
	}
	teardown_tree();
}
END_TEST

/* The groups of options the rows take (confinement, row inputs) are the
 * main command's: accepted, and carried to every step's command line
 * (here the job file's), --no-confine to the build's too. */
START_TEST(test_campaign_row_options_carried)
{
	struct run r;
	char out[8400], jobs[8400], *text;

	setup_tree("tree", NULL);
	in_tmp("out", out, sizeof out);
	in_tmp("jobs.txt", jobs, sizeof jobs);
	CAMPAIGN(&r, out, "--job-file", jobs, "--max-memory=512", "--message-len=10");
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(tmp, "jobs.txt");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, " --max-memory=512 --message-len=10") != NULL, "%s", text);
	free(text);
	CAMPAIGN(&r, out, "--job-file", jobs, "--no-confine");
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(tmp, "jobs.txt");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, " --no-confine") != NULL, "%s", text);
	free(text);
	teardown_tree();
}
END_TEST

/* ---------- the trial's findings (OUT, interrupted re-runs, logs, names) ---------- */

/* Write text into the file path (created or truncated). */
static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* What the tests below drop from the tree (setup_tree): they keep
 * kem-fix's KEM-128, sign-fix and sign-keccak; KEM-128 alone; sign-fix
 * alone. */
static const char *const only_sig_keccak_kem128[] = {
	"kem-crlf",    "kex-fix",       "kex4-fix",
	"sign-broken", "sign-hang",     "sign-parent",
	"sign-shared", "sign-variants", "kem-fix/Reference_Implementation/FIX-CAMP-KEM-256",
	NULL
};
static const char *const only_kem128[] = { "kem-crlf",
					   "kex-fix",
					   "kex4-fix",
					   "sign-fix",
					   "sign-broken",
					   "sign-hang",
					   "sign-keccak",
					   "sign-parent",
					   "sign-shared",
					   "sign-variants",
					   "kem-fix/Reference_Implementation/FIX-CAMP-KEM-256",
					   NULL };
static const char *const only_sig[] = { "kem-crlf",    "kem-fix",       "kex-fix",     "kex4-fix",
					"sign-broken", "sign-hang",     "sign-keccak", "sign-parent",
					"sign-shared", "sign-variants", NULL };

/* An existing OUT that is no campaign's folder and holds a file the
 * campaign writes (index.md, campaign.mk, campaign.json, pages/...) is
 * refused in one line naming it, exit 2, before OUT is touched; a folder
 * with other files only, or one a campaign wrote, is used. */
START_TEST(test_campaign_foreign_out)
{
	struct run r;
	char out[8400], path[8500], want[20000], list[4096];
	const char *const names[] = { "index.md", "campaign.mk", "campaign.json", "pages/" };

	setup_tree("tree", NULL);
	in_tmp("mine", out, sizeof out);
	ck_assert_int_eq(mkdir(out, 0777), 0);
	snprintf(path, sizeof path, "%s/pages", out);
	ck_assert_int_eq(mkdir(path, 0777), 0);
	snprintf(path, sizeof path, "%s/pages/mine.md", out);
	put_file(path, "mine\n");
	snprintf(path, sizeof path, "%s/campaign.json", out);
	put_file(path, "{\"mine\": true}\n");
	snprintf(path, sizeof path, "%s/campaign.mk", out);
	put_file(path, "mine:\n");
	snprintf(path, sizeof path, "%s/index.md", out);
	put_file(path, "# my notes\n");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		CAMPAIGN(&r, out);
		snprintf(
			want, sizeof want,
			"hashprof: campaign: -o %s: %s/%s is not a campaign's (the folder has no campaign.json and no "
			"index.md a campaign wrote) and the campaign would overwrite it: choose a new or empty folder, "
			"or move it away\n",
			out, out, names[i]);
		ck_assert_str_eq(r.err, want);
		expect_bad(&r, "is not a campaign's");
		/* nothing touched, then the next name */
		list[0] = '\0';
		list_files(out, "", list, sizeof list);
		ck_assert_str_eq(list, i == 0   ? "campaign.json\ncampaign.mk\nindex.md\npages/mine.md\n"
				       : i == 1 ? "campaign.json\ncampaign.mk\npages/mine.md\n"
				       : i == 2 ? "campaign.json\npages/mine.md\n"
						: "pages/mine.md\n");
		if (i == 0) {
			char *text = slurp(out, "index.md");
			ck_assert_str_eq(text, "# my notes\n");
			free(text);
		}
		snprintf(path, sizeof path, "%s/%s", out, names[i]);
		if (i < 3)
			ck_assert_int_eq(unlink(path), 0);
	}
	/* other files only: used, and kept (--jobs writes the plan, runs nothing) */
	snprintf(path, sizeof path, "%s/pages/mine.md", out);
	ck_assert_int_eq(unlink(path), 0);
	snprintf(path, sizeof path, "%s/pages", out);
	ck_assert_int_eq(rmdir(path), 0);
	snprintf(path, sizeof path, "%s/notes.txt", out);
	put_file(path, "mine\n");
	in_tmp("jobs.txt", path, sizeof path);
	CAMPAIGN(&r, out, "--job-file", path);
	run_expect_status(&r, 0);
	run_free(&r);
	/* a campaign's folder: its plan, or without it its index */
	CAMPAIGN(&r, out, "--job-file", path);
	run_expect_status(&r, 0);
	run_free(&r);
	snprintf(path, sizeof path, "%s/campaign.json", out);
	ck_assert_int_eq(unlink(path), 0);
	snprintf(path, sizeof path, "%s/index.md", out);
	put_file(path, "# hashprof campaign: /elsewhere\n\n<!-- Written by hashprof campaign; it rewrites this file. "
		       "-->\n");
	in_tmp("jobs.txt", path, sizeof path);
	CAMPAIGN(&r, out, "--job-file", path);
	run_expect_status(&r, 0);
	run_free(&r);
	list[0] = '\0';
	list_files(out, "", list, sizeof list);
	ck_assert_str_eq(list, "campaign.json\nindex.md\nnotes.txt\n");
	teardown_tree();
}
END_TEST

/* An OUT inside an instance folder (also through a symbolic link), or
 * the folder above one, would be that folder's inputs: refused, one line,
 * exit 2, nothing created; an OUT elsewhere below ROOT is used, and a
 * second run has nothing to do. */
START_TEST(test_campaign_out_in_package)
{
	struct run r;
	char out[8500], link[8400], want[20000], sig[PATH_MAX];

	setup_tree("tree", only_sig);
	snprintf(out, sizeof out, "%s/" SIG_DIR, tree);
	ck_assert_ptr_nonnull(realpath(out, sig)); /* as the campaign names it */
	snprintf(out, sizeof out, "%s/out", sig);
	CAMPAIGN(&r, out);
	snprintf(want, sizeof want,
		 "hashprof: campaign: -o %s lies inside the instance folder %s: its files would count as the "
		 "folder's inputs (every run would build it again) and be written into the package: choose a folder "
		 "outside it\n",
		 out, sig);
	ck_assert_str_eq(r.err, want);
	expect_bad(&r, "lies inside the instance folder");
	in_tmp("link", link, sizeof link);
	ck_assert_int_eq(symlink(sig, link), 0);
	snprintf(out, sizeof out, "%s/deeper/out", link);
	CAMPAIGN(&r, out);
	expect_bad(&r, "lies inside the instance folder");
	snprintf(out, sizeof out, "%s/sign-fix/Implementations/Reference_Implementation", tree);
	CAMPAIGN(&r, out);
	snprintf(want, sizeof want,
		 "hashprof: campaign: -o %s is the folder above the instance folder %s, whose files count as its "
		 "inputs (every run would build it again): choose another folder\n",
		 out, sig);
	ck_assert_str_eq(r.err, want);
	expect_bad(&r, "is the folder above the instance folder");
	{
		struct stat st;
		snprintf(out, sizeof out, "%s/out", sig);
		ck_assert_int_ne(stat(out, &st), 0);
		ck_assert_int_ne(lstat(out, &st), 0);
	}
	/* one folder's steps by hand (--unit): its own package likewise */
	snprintf(out, sizeof out, "%s/out", sig);
	HASHPROF(&r, "campaign", tree, "--unit=" SIG_DIR, "-o", out, "-n", "3");
	expect_bad(&r, "lies inside the instance folder");
	{
		struct stat st;
		ck_assert_int_ne(lstat(out, &st), 0);
	}
	/* elsewhere below ROOT: no folder's input */
	snprintf(out, sizeof out, "%s/campaign-out", tree);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: 1 folder: 1 profiled, 0 failed, 0 not run");
	run_free(&r);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 1 folder up to date\n");
	run_free(&r);
	teardown_tree();
}
END_TEST

/* A step of a test's campaign: its OUT, and the instance and operation
 * ("FIX-CAMP-SIG sign"), both on the step's command line. */
struct step_marker {
	const char *out, *step;
};

/* The step arg (a struct step_marker) runs. */
static int step_running(const void *arg)
{
	const struct step_marker *m = arg;
	const char *const markers[] = { m->out, m->step, NULL };

	return run_marked_alive_all(markers);
}

/* No step of arg's instance (a struct step_marker whose step is
 * "INSTANCE ") is left. */
static int step_gone(const void *arg)
{
	return !step_running(arg);
}

/* A campaign of the tree with -n N and the --timeout of KILLED_TIMEOUT
 * (the same in every run of a test: it is part of the steps' inputs). */
#define CAMPAIGN_N(r, out, n) \
	HASHPROF((r), "campaign", tree, "-o", (out), "-n", (n), "--timeout", KILLED_TIMEOUT, "--progress=plain")

/* Start a campaign of the tree (-n N, the --timeout of KILLED_TIMEOUT)
 * with the fault (HASHPROF_SYNTH_FAULT=...) that makes step hang, its
 * plain progress into log; return when that step runs. */
static void start_hanging(struct run_bg *bg, const char *out, const char *n, const char *log, const char *fault,
			  const char *step)
{
	const struct step_marker m = { out, step };
	struct tmp_env e;

	run_start(bg, HP_HASHPROF,
		  (const char *const[]){ "campaign", tree, "-o", out, "-n", n, "--timeout", KILLED_TIMEOUT,
					 "--progress=plain", NULL },
		  tmp_env(&e, fault), RUN_TO_FILE, log);
	ck_assert_msg(run_wait_until(step_running, &m, 120), "%s never started", step);
}

/* A campaign run again with another procedure (-n 4 after -n 3) and
 * interrupted (SIGINT) in its second folder: the first folder is
 * profiled anew; the second, half done, and the third, whose profile of
 * -n 3 was not redone, are 'not run', in the index and in the summary;
 * the third's page shows none of its -n 3 rows.  The next run redoes
 * both. */
START_TEST(test_campaign_interrupted_procedure)
{
	struct run r;
	struct run_bg bg;
	char out[8400], log[8400], *text;

	setup_tree("tree", only_sig_keccak_kem128);
	in_tmp("out", out, sizeof out);
	in_tmp("second.log", log, sizeof log);
	CAMPAIGN_N(&r, out, "3");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: 3 folders: 3 profiled, 0 failed, 0 not run");
	run_free(&r);
	expect_page_has(out, "sign-keccak", ", 3 operations per row (-n).\n");

	/* FIX-CAMP-SIG sign hangs at its warm-up (its set-up signs once); its
	 * build, whose KAT program signs too, is up to date */
	start_hanging(&bg, out, "4", log, "HASHPROF_SYNTH_FAULT=sign:hang:2", "FIX-CAMP-SIG sign");
	ck_assert_int_eq(kill(bg.pid, SIGINT), 0);
	ck_assert_int_eq(run_wait(bg.pid, 60), 128 + SIGINT);
	text = slurp(tmp, "second.log");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "hashprof campaign: 3 folders: 1 profiled, 0 failed, 2 not run; 3 pages in "),
		      "summary:\n%s", text);
	free(text);
	expect_folder(out, KEM128_DIR, "FIX-CAMP-KEM-128", "kem", "built", "not checked", "3/3", "profiled", "", 1);
	expect_folder(out, SIG_DIR, "FIX-CAMP-SIG", "sig", "built", "pass", "1/3", "not run",
		      "2 of 3 operations not profiled yet", 1);
	expect_folder(out, KECCAK_DIR, "FIX-CAMP-KECCAK", "sig", "built", "not checked", "-", "not run",
		      "not profiled again yet since its procedure options, build or hashprof changed (the earlier "
		      "profile's rows are left out)",
		      1);
	text = slurp(out, "index.md");
	ck_assert_ptr_nonnull(strstr(text, "Tier reference: 3 instance folders, 1 profiled, 0 failed, 2 not run."));
	free(text);
	expect_page_has(out, "kem-fix", ", 4 operations per row (-n).\n");
	expect_page_has(out, "sign-fix", ", 4 operations per row (-n).\n");
	expect_page_rows(out, "sign-fix", "FIX-CAMP-SIG keygen: drng 1, pseudoXOF 4, pseudohash 2\n");
	expect_page_rows(out, "sign-keccak", "");
	expect_page_not(out, "sign-keccak", "operations per row");
	expect_page_has(out, "sign-keccak", "No operation of this candidate was profiled.\n");
	expect_page_has(out, "sign-keccak",
			"- `FIX-CAMP-KECCAK`: not run: not profiled again yet since its procedure options, build or "
			"hashprof changed (the earlier profile's rows are left out)\n");

	/* the next run does the rest */
	CAMPAIGN_N(&r, out, "4");
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "[1/2] profile " SIG_DIR ": FIX-CAMP-SIG: 3 of 3 operations profiled\n");
	expect_in(&r, r.out, "[2/2] profile " KECCAK_DIR ": FIX-CAMP-KECCAK: 3 of 3 operations profiled\n");
	expect_in(&r, r.out, "hashprof campaign: 3 folders: 3 profiled, 0 failed, 0 not run");
	run_free(&r);
	expect_page_rows(out, "sign-keccak", KECCAK_ROWS("FIX-CAMP-KECCAK"));
	expect_page_has(out, "sign-keccak", ", 4 operations per row (-n).\n");
	teardown_tree();
}
END_TEST

/* Does the file arg[0]/arg[1] hold the text arg[2]?  1 or 0. */
static int file_has(const void *arg)
{
	const char *const *a = arg;
	char *text = slurp(a[0], a[1]);
	int has = text && strstr(text, a[2]);

	free(text);
	return has;
}

/* Plain progress into a file is written line by line: while a profile
 * hangs, the log holds the line of the profile before it, which ended
 * in the same make (the profiles are one make run: nothing else flushes
 * between them), and a campaign killed outright (SIGKILL) leaves it
 * there. */
START_TEST(test_campaign_log_flushed)
{
	static const char *const kem128_parent[] = { "kem-crlf",
						     "kex-fix",
						     "kex4-fix",
						     "sign-fix",
						     "sign-broken",
						     "sign-hang",
						     "sign-keccak",
						     "sign-shared",
						     "sign-variants",
						     "kem-fix/Reference_Implementation/FIX-CAMP-KEM-256",
						     NULL };
	struct run_bg bg;
	char out[8400], log[8400];
	const struct step_marker m = { out, "FIX-CAMP-PAR-128" };
	const char *const want[] = { tmp, "progress.log",
				     "\n[4/6] profile " KEM128_DIR ": FIX-CAMP-KEM-128: 3 of 3 operations profiled\n" };

	setup_tree("tree", kem128_parent);
	in_tmp("out", out, sizeof out);
	in_tmp("progress.log", log, sizeof log);
	/* FIX-CAMP-PAR-128 sign hangs at its warm-up (its set-up signs once;
	 * without vectors, no KAT program signs); FIX-CAMP-KEM-128 signs not */
	start_hanging(&bg, out, "3", log, "HASHPROF_SYNTH_FAULT=sign:hang:2", "FIX-CAMP-PAR-128 sign");
	/* printed at once: no machine takes seconds for it */
	ck_assert_msg(run_wait_until(file_has, want, 30), "the log lacks the profile that ended:\n%s",
		      slurp(tmp, "progress.log"));
	ck_assert_int_eq(kill(bg.pid, SIGKILL), 0);
	ck_assert_int_eq(run_wait(bg.pid, 30), -1);
	ck_assert_msg(run_wait_until(step_gone, &m, 20), "a step of the killed campaign still runs");
	ck_assert_msg(file_has(want), "the log lost the line after the kill");
	teardown_tree();
}
END_TEST

/* On a terminal the status line names the operation that runs, here the
 * one that hangs (FIX-CAMP-PAR-128 sign), not the last one profiled
 * (keygen): the test waits for the status line in the file, then ends
 * the campaign. */
START_TEST(test_campaign_status_names_running)
{
	static const char *const kem128_parent[] = { "kem-crlf",
						     "kex-fix",
						     "kex4-fix",
						     "sign-fix",
						     "sign-broken",
						     "sign-hang",
						     "sign-keccak",
						     "sign-shared",
						     "sign-variants",
						     "kem-fix/Reference_Implementation/FIX-CAMP-KEM-256",
						     "kem-fix/Reference_Implementation/FIX-CAMP-KEM-128",
						     NULL };
	struct run_bg bg;
	struct tmp_env e;
	char out[8400], log[8400];
	const struct step_marker m = { out, "FIX-CAMP-PAR-128" };
	const char *const want[] = { tmp, "status.log", ": FIX-CAMP-PAR-128 sign: running" };

	setup_tree("tree", kem128_parent);
	in_tmp("out", out, sizeof out);
	in_tmp("status.log", log, sizeof log);
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "campaign", tree, "-o", out, "-n", "3", "--timeout", KILLED_TIMEOUT,
					 "--progress=tty", NULL },
		  tmp_env(&e, "HASHPROF_SYNTH_FAULT=sign:hang:2"), RUN_TO_FILE, log);
	ck_assert_msg(run_wait_until(file_has, want, 240), "the status line never named the hanging sign:\n%s",
		      slurp(tmp, "status.log"));
	ck_assert_int_eq(kill(bg.pid, SIGINT), 0);
	ck_assert_int_eq(run_wait(bg.pid, 60), 128 + SIGINT);
	ck_assert_msg(run_wait_until(step_gone, &m, 20), "a step of the interrupted campaign still runs");
	teardown_tree();
}
END_TEST

/* A folder named with backquotes: each path and name is one code span in
 * the index and on the page, delimited by more backquotes than its
 * longest run (CommonMark), blanks inside when it begins with one. */
START_TEST(test_campaign_backquotes)
{
	struct run r;
	char out[8400], from[8400], to[8400], *text;

	setup_tree("tree", only_kem128);
	snprintf(from, sizeof from, "%s/kem-fix", tree);
	snprintf(to, sizeof to, "%s/`kem ``fix`", tree);
	ck_assert_int_eq(rename(from, to), 0);
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	run_free(&r);
	text = slurp(out, "index.md");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "\n| ``` `kem ``fix`/Reference_Implementation/FIX-CAMP-KEM-128 ``` | "
				   "[_kem___fix_](pages/_kem___fix_.md) | `FIX-CAMP-KEM-128` | kem | built | not "
				   "checked | 3/3 | profiled |  |  |\n"),
		      "index:\n%s", text);
	free(text);
	expect_page_has(out, "_kem___fix_",
			"Tier: reference. Folders: ``` `kem ``fix`/Reference_Implementation/FIX-CAMP-KEM-128 ```.\n");
	expect_page_rows(out, "_kem___fix_", KEM_ROWS("FIX-CAMP-KEM-128"));
	teardown_tree();
}
END_TEST

/* LOOM-<N> (cmake-kex/.../loom/KEX_AlgorithmInstance.c): every step, r
 * the sm3hash calls of one embedded signature */
#define LOOM_ROWS(I, EX_SM3, P3_SM3, P4_SM3)                                                                          \
	I " exchange: drng 7, pseudoXOF 7, pseudohash 2, sm3hash " EX_SM3 "\n" I                                      \
	  " init_a: drng 2, pseudoXOF 1, sm3hash 1\n" I " init_b: drng 2, pseudoXOF 1, sm3hash 1\n" I " pass1: drng " \
	  "1\n" I " pass2: drng 2, pseudoXOF 1, sm3hash 1\n" I " pass3: pseudoXOF 2, sm3hash " P3_SM3 "\n" I          \
	  " pass4: pseudohash 1, sm3hash " P4_SM3 "\n" I " derive_a: pseudoXOF 1, pseudohash 1\n" I                   \
	  " derive_b: pseudoXOF 1\n"

/*
 * A key exchange built by a CMake hierarchy (tests/fixtures/cmake-kex: the
 * project's root above LOOM-128/ and LOOM-256/, each with kem/, an
 * embedded signature sig/ with its own adapter header, and the exchange's
 * loom/): one instance per parameter set, its folder the exchange's, no
 * row for sig/, every step profiled with its calls, pass 4 included.
 */
START_TEST(test_campaign_cmake_kex)
{
	char src[4200], out[8400], *text;
	struct run r;

	hpt_tmpdir_in(tmp, sizeof tmp, "campaign-test");
	snprintf(src, sizeof src, "%s/cmake-kex", HP_FIXTURES);
	snprintf(tree, sizeof tree, "%s/cmake-kex", tmp);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-RL", src, tree, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: 2 folders: 2 profiled, 0 failed, 0 not run;");
	run_free(&r);
	expect_folder(out, "Reference_Implementation/LOOM-128/loom", "LOOM-128", "kex", "built", "not checked", "9/9",
		      "profiled", "", 1);
	expect_folder(out, "Reference_Implementation/LOOM-256/loom", "LOOM-256", "kex", "built", "not checked", "9/9",
		      "profiled", "", 1);
	text = slurp(out, "index.md");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(!strstr(text, "/sig`"), "index.md has a row for a sig/ folder:\n%s", text);
	free(text);
	expect_page_rows(out, "cmake-kex", LOOM_ROWS("LOOM-128", "6", "2", "1") LOOM_ROWS("LOOM-256", "8", "3", "2"));
	/* up to date, though the build read files beside loom/ (../sig, the root's CMakeLists.txt) */
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 2 folders up to date\n");
	run_free(&r);
	/* and such a file changed: that parameter set is built again, not the other */
	append_in_tree("Reference_Implementation/LOOM-128/sig/SIG_AlgorithmInstance.c", "/* edited */\n");
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "build Reference_Implementation/LOOM-128/loom: built LOOM-128");
	expect_not_in(&r, r.out, "build Reference_Implementation/LOOM-256/loom");
	run_free(&r);
	teardown_tree();
}
END_TEST

/* ---------- whose a failure is, and the locks ---------- */

/* The machine's errnos are named; the package's and the others are not. */
START_TEST(test_whose_errno)
{
	ck_assert_str_eq(hp_whose_errno(ENOSPC), "no space left on device");
	ck_assert_str_eq(hp_whose_errno(EDQUOT), "disk quota exceeded");
	ck_assert_str_eq(hp_whose_errno(EIO), "input/output error");
	ck_assert_str_eq(hp_whose_errno(EROFS), "read-only file system");
	ck_assert_str_eq(hp_whose_errno(EMFILE), "too many open files");
	ck_assert_str_eq(hp_whose_errno(ENFILE), "too many open files in the system");
	ck_assert_str_eq(hp_whose_errno(ENOMEM), "out of memory");
	ck_assert_ptr_null(hp_whose_errno(0));
	ck_assert_ptr_null(hp_whose_errno(ENOENT));
	ck_assert_ptr_null(hp_whose_errno(EACCES));
	ck_assert_ptr_null(hp_whose_errno(EPERM));
}
END_TEST

/* A log's words: a compiler's or a linker's message of a full disk is the
 * machine's; a compile error is the package's; ENFILE's text is not read
 * as EMFILE's (which it starts with); memory is the machine's only in
 * hashprof's own line (a package's program may run out of it). */
START_TEST(test_whose_text)
{
	ck_assert_int_eq(hp_whose_text("/usr/bin/ld: final link failed: No space left on device\n", 0), ENOSPC);
	ck_assert_int_eq(hp_whose_text("x.c:1: fatal error: error writing to /tmp/ccX.s: Disk quota exceeded", 0),
			 EDQUOT);
	ck_assert_int_eq(hp_whose_text("cannot open x.o: Read-only file system", 0), EROFS);
	ck_assert_int_eq(hp_whose_text("read error: Input/output error", 0), EIO);
	ck_assert_int_eq(hp_whose_text("cc1: Too many open files in system", 0), ENFILE);
	ck_assert_int_eq(hp_whose_text("cc1: Too many open files", 0), EMFILE);
	ck_assert_int_eq(hp_whose_text("params.c:3:51: error: expected expression before ';' token", 0), 0);
	ck_assert_int_eq(hp_whose_text("KAT: malloc: Cannot allocate memory", 0), 0);
	ck_assert_int_eq(hp_whose_text("build X failed: Cannot allocate memory", 1), ENOMEM);
	ck_assert_int_eq(hp_whose_text("campaign: out of memory", 1), ENOMEM);
	ck_assert_int_eq(hp_whose_text(NULL, 1), 0);
}
END_TEST

/* A step's end: a time limit is the package's hang; a kill from outside,
 * hashprof's own crash, a step that could not start and a log naming a
 * full disk are the machine's, each with its evidence; a compile error
 * with room on the disk is the package's. */
START_TEST(test_whose_step)
{
	char cause[512], dir[HPT_TMPDIR_MAX + 8]; /* room for "/gone" */
	struct hp_step_end e;

	hpt_tmpdir_in(dir, HPT_TMPDIR_MAX, "whose");
	memset(&e, 0, sizeof e);
	e.timed_out = 1;
	e.signal = SIGKILL;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 0);
	ck_assert_str_eq(cause, "");

	memset(&e, 0, sizeof e);
	e.signal = SIGKILL;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 1);
	ck_assert_str_eq(cause, "killed by SIGKILL from outside hashprof (the OOM killer, a user)");
	e.signal = SIGSEGV;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 1);
	ck_assert_str_eq(cause, "hashprof itself ended by SIGSEGV (the package runs in its children)");

	memset(&e, 0, sizeof e);
	e.spawn_errno = EMFILE;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 1);
	ck_assert_str_eq(cause, "too many open files (a step could not be started: Too many open files)");

	memset(&e, 0, sizeof e);
	e.log_text = "gcc ... -o x.o\n/usr/bin/ld: final link failed: No space left on device\n";
	e.own_line = "build X failed: the linker failed";
	e.probe_dir = dir;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 1);
	ck_assert_str_eq(cause, "no space left on device (its log says: No space left on device)");

	e.log_text = "params.c:3:51: error: expected expression before ';' token\n";
	e.own_line = "build X failed: params.c:3:51: error: expected expression before ';' token";
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 0);
	ck_assert_int_eq(hp_whose_probe(dir), 0);
	/* a folder that is not there: no evidence of the machine's */
	strcat(dir, "/gone");
	ck_assert_int_eq(hp_whose_probe(dir), ENOENT);
	e.probe_dir = dir;
	ck_assert_int_eq(hp_whose_env(&e, cause, sizeof cause), 0);
	dir[strlen(dir) - 5] = '\0';
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* Our host's name. */
static void host_name(char *buf, size_t len)
{
	ck_assert_int_eq(gethostname(buf, len - 1), 0);
	buf[len - 1] = '\0';
}

/* The lock file: a second taker is refused and told the holder's line
 * (a lock of another open file of the same process conflicts too: OFD
 * locks); a lock whose file is removed is lost; a released lock is
 * free with no earlier holder named; a holder that ended without
 * releasing (its line left) is taken over and named. */
START_TEST(test_dirlock)
{
	char dir[HPT_TMPDIR_MAX], path[HPT_TMPDIR_MAX + 16], prev[512], holder[512], host[256], want[600];
	struct hp_dirlock a, b;
	pid_t child;
	FILE *f;

	hpt_tmpdir_in(dir, sizeof dir, "lock");
	snprintf(path, sizeof path, "%s/x.lock", dir);
	host_name(host, sizeof host);
	ck_assert_int_eq(hp_dirlock_take(&a, path, prev, sizeof prev, holder, sizeof holder), 0);
	ck_assert_str_eq(prev, "");
	ck_assert_int_eq(hp_dirlock_held(&a), 1);
	ck_assert_int_eq(hp_dirlock_take(&b, path, prev, sizeof prev, holder, sizeof holder), 1);
	snprintf(want, sizeof want, "pid %ld host %s since ", (long)getpid(), host);
	ck_assert_msg(!strncmp(holder, want, strlen(want)), "holder '%s', not '%s...'", holder, want);
	hp_dirlock_release(&a);
	ck_assert_int_eq(hp_dirlock_take(&b, path, prev, sizeof prev, holder, sizeof holder), 0);
	ck_assert_str_eq(prev, "");
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(hp_dirlock_held(&b), 0);
	hp_dirlock_release(&b);

	/* a process that ended (reaped: its pid is free) left its line */
	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(child, NULL, 0), child);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "pid %ld host %s since 1765130000\n", (long)child, host);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hp_dirlock_take(&a, path, prev, sizeof prev, holder, sizeof holder), 0);
	snprintf(want, sizeof want, "pid %ld host %s since 1765130000", (long)child, host);
	ck_assert_str_eq(prev, want);
	hp_dirlock_release(&a);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* The uninterrupted campaign of the whole tree (sign-hang included) with
 * --timeout TIMEOUT_FIRST, which the tests of this case compare with:
 * run once before them (an unchecked fixture) into rob_out. */
#define TIMEOUT_FIRST "5"
static char rob_tmp[HPT_TMPDIR_MAX], rob_tree[4200], rob_out[8400];

static void robust_setup(void)
{
	struct run r;

	setup_tree("tree", NULL);
	in_tmp("ref", rob_out, sizeof rob_out);
	CAMPAIGN_T(&r, rob_out, TIMEOUT_FIRST);
	run_expect_status(&r, 1); /* the broken and the hanging package */
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in ");
	run_free(&r);
	snprintf(rob_tmp, sizeof rob_tmp, "%s", tmp);
	snprintf(rob_tree, sizeof rob_tree, "%s", tree);
	tmp[0] = '\0';
}

static void robust_teardown(void)
{
	snprintf(tmp, sizeof tmp, "%s", rob_tmp);
	teardown_tree();
}

/* The lines of text that start with prefix, in their order (malloc'd). */
static char *lines_starting(const char *text, const char *prefix)
{
	char *got = calloc(strlen(text) + 1, 1);
	size_t n = 0, pl = strlen(prefix);

	ck_assert_ptr_nonnull(got);
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		if (!strncmp(p, prefix, pl)) {
			memcpy(got + n, p, len);
			n += len;
		}
		p += len;
	}
	return got;
}

static long pages_on_disk(const char *out);

/* Remove from list the one line that starts with prefix (it must be there). */
static void drop_line(char *list, const char *prefix)
{
	char *l = strstr(list, prefix), *nl;

	ck_assert_msg(l && (l == list || l[-1] == '\n'), "no line '%s...' in:\n%s", prefix, list);
	nl = strchr(l, '\n');
	ck_assert_ptr_nonnull(nl);
	memmove(l, nl + 1, strlen(nl + 1) + 1);
}

/* Two campaigns on one OUT: while the first holds it (stopped, SIGSTOP,
 * so that it cannot end first on any machine), the second refuses at
 * once, exit 2, naming the first's pid and host, and writes nothing; the
 * first, continued, finishes as an uninterrupted campaign does, with the
 * same index.  A holder that ended without releasing the lock (its line
 * left in the file) is taken over and named.  A `--unit` step of a
 * folder whose step runs already is refused the same way, and two
 * `hashprof build` into one output folder.  Then a package removed from
 * ROOT leaves OUT with the next run. */
START_TEST(test_campaign_one_at_a_time)
{
	struct run r;
	struct run_bg bg;
	struct tmp_env e;
	char out[8400], log[8400], host[256], want[9000], *text, *a, *b;

	setup_tree("tree", NULL);
	in_tmp("out", out, sizeof out);
	in_tmp("first.log", log, sizeof log);
	host_name(host, sizeof host);
	run_start(&bg, HP_HASHPROF,
		  (const char *const[]){ "campaign", tree, "-o", out, "-n", "3", "--timeout", TIMEOUT_FIRST,
					 "--progress=plain", NULL },
		  tmp_env(&e, NULL), RUN_TO_FILE, log);
	snprintf(want, sizeof want, "pid %ld host %s since ", (long)bg.pid, host);
	{
		const char *const args[] = { out, ".locks/campaign.lock", want };
		ck_assert_msg(run_wait_until(file_has, args, 60), "the first campaign never took its lock");
	}
	ck_assert_int_eq(kill(bg.pid, SIGSTOP), 0);
	CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
	run_expect_status(&r, 2);
	snprintf(want, sizeof want,
		 "hashprof: campaign: %s is in use by another hashprof campaign, pid %ld on host %s since ", out,
		 (long)bg.pid, host);
	expect_in(&r, r.err, want);
	snprintf(want, sizeof want,
		 " (lock %s/.locks/campaign.lock): wait for it to end, or choose another folder (-o)\n", out);
	expect_in(&r, r.err, want);
	ck_assert_uint_eq(r.out_len, 0);
	run_free(&r);
	ck_assert_int_eq(kill(bg.pid, SIGCONT), 0);
	ck_assert_int_eq(run_wait(bg.pid, 240), 1);
	text = slurp(tmp, "first.log");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in "),
		      "first campaign:\n%s", text);
	ck_assert_msg(!strstr(text, "took over"), "first campaign:\n%s", text);
	free(text);
	a = index_rows(rob_out);
	b = index_rows(out);
	expect_same_lines(a, b, "the index of the uninterrupted campaign and of the first of two");
	free(a);
	free(b);

	/* a holder that ended without releasing: taken over, named */
	{
		char path[8500];
		pid_t child = fork();
		FILE *f;
		ck_assert_int_ge(child, 0);
		if (child == 0)
			_exit(0);
		ck_assert_int_eq(waitpid(child, NULL, 0), child);
		snprintf(path, sizeof path, "%s/.locks/campaign.lock", out);
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fprintf(f, "pid %ld host %s since 1765130000\n", (long)child, host);
		ck_assert_int_eq(fclose(f), 0);
		CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
		run_expect_status(&r, 1);
		snprintf(want, sizeof want,
			 "hashprof: campaign: note: took over the lock %s of pid %ld on host %s since 2025-12-07 "
			 "17:53:20 UTC, which ended without releasing it\n",
			 path, (long)child, host);
		expect_in(&r, r.err, want);
		expect_in(&r, r.out, "hashprof campaign: nothing to do: 13 folders up to date\n");
		run_free(&r);
	}

	/* a folder's step while another process holds that folder (here the
	 * test, as a job of a job file on another machine would) */
	{
		char path[8500], prev[512], holder[512], *key = NULL;
		struct hp_dirlock l;
		struct dirent *d;
		DIR *dir;
		snprintf(path, sizeof path, "%s/units", out);
		ck_assert_ptr_nonnull(dir = opendir(path));
		while ((d = readdir(dir)))
			if (!strncmp(d->d_name, "sign-fix__", 10))
				key = strdup(d->d_name);
		closedir(dir);
		ck_assert_ptr_nonnull(key);
		snprintf(path, sizeof path, "%s/.locks/%s.lock", out, key);
		ck_assert_int_eq(hp_dirlock_take(&l, path, prev, sizeof prev, holder, sizeof holder), 0);
		HASHPROF(&r, "campaign", tree, "--unit=" SIG_DIR, "-o", out, "-n", "3", "--timeout", TIMEOUT_FIRST);
		run_expect_status(&r, 2);
		snprintf(want, sizeof want,
			 "hashprof: campaign: " SIG_DIR " is in use by another hashprof campaign, pid %ld on host %s "
			 "since ",
			 (long)getpid(), host);
		expect_in(&r, r.err, want);
		ck_assert_uint_eq(r.out_len, 0);
		run_free(&r);
		hp_dirlock_release(&l);
		HASHPROF(&r, "campaign", tree, "--unit=" SIG_DIR, "-o", out, "-n", "3", "--timeout", TIMEOUT_FIRST);
		run_expect_status(&r, 0);
		expect_in(&r, r.out, "hashprof campaign: done build " SIG_DIR ": up to date (built FIX-CAMP-SIG)\n");
		expect_not_in(&r, r.err, "took over");
		run_free(&r);
		free(key);
	}

	/* one build at a time on an output folder */
	{
		char dir[8500], path[8600], prev[512], holder[512];
		struct hp_dirlock l;
		in_tmp("inst", dir, sizeof dir);
		snprintf(path, sizeof path, "%s/.hashprof-build", dir);
		ck_assert_int_eq(mkdir(dir, 0755), 0);
		ck_assert_int_eq(mkdir(path, 0755), 0);
		snprintf(path, sizeof path, "%s/.hashprof-build/lock", dir);
		ck_assert_int_eq(hp_dirlock_take(&l, path, prev, sizeof prev, holder, sizeof holder), 0);
		snprintf(want, sizeof want, "%s/" KEM128_DIR, tree);
		HASHPROF(&r, "build", want, "--output-dir", dir);
		run_expect_status(&r, 2);
		snprintf(want, sizeof want,
			 "hashprof: build: the output folder %s is in use by another hashprof build, pid %ld on host "
			 "%s since ",
			 dir, (long)getpid(), host);
		expect_in(&r, r.err, want);
		run_free(&r);
		snprintf(want, sizeof want, "%s/.hashprof-build/FIX-CAMP-KEM-128", dir);
		ck_assert_int_eq(access(want, F_OK), -1);
		hp_dirlock_release(&l);
		snprintf(want, sizeof want, "%s/" KEM128_DIR, tree);
		HASHPROF(&r, "build", want, "--output-dir", dir);
		run_expect_status(&r, 0);
		run_free(&r);
	}

	/* a package gone from ROOT: its page, records and state moved to
	 * OUT/removed/, and the counts are what is left */
	{
		char path[8500], list[4096] = "";
		struct run rm;
		snprintf(path, sizeof path, "%s/sign-keccak", tree);
		run_in_tmp(&rm, "/bin/rm", (const char *const[]){ "-rf", path, NULL });
		run_expect_status(&rm, 0);
		run_free(&rm);
		CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
		run_expect_status(&r, 1);
		expect_in(&r, r.out, "hashprof campaign: units/sign-keccak__");
		expect_in(&r, r.out,
			  ": FIX-CAMP-KECCAK's folder is no longer a folder of ROOT: its state and records "
			  "moved to ");
		expect_in(&r, r.out, "hashprof campaign: nothing to do: 12 folders up to date\n");
		expect_in(&r, r.out, "hashprof campaign: 12 folders: 10 profiled, 2 failed, 0 not run; 10 pages in ");
		run_free(&r);
		ck_assert_int_eq(pages_on_disk(out), 10);
		snprintf(path, sizeof path, "%s/removed", out);
		list_files(path, "", list, sizeof list);
		ck_assert_msg(strstr(list, "pages/sign-keccak.md\n") &&
				      strstr(list, "records/sign-keccak/FIX-CAMP-KECCAK__sign.json\n") &&
				      strstr(list, "/profile.json\n"),
			      "removed/:\n%s", list);
		snprintf(path, sizeof path, "%s/records/sign-keccak", out);
		ck_assert_int_eq(access(path, F_OK), -1);
		text = slurp(out, "index.md");
		ck_assert_ptr_nonnull(text);
		ck_assert_ptr_null(strstr(text, "sign-keccak"));
		free(text);
	}
	teardown_tree();
}
END_TEST

/* hashprof with args, HASHPROF_PATH an empty folder (so neither the
 * user's folders nor any other instance folder is searched). */
static void hashprof_no_path(struct run *r, const char *const *args)
{
	struct tmp_env e;
	char path[4300];
	const char *env[] = { NULL, NULL, path, "LC_ALL=C", "HASHPROF_SYNTH_FAULT", "HASHPROF_SYNTH_SLEEP", NULL };

	tmp_env(&e, NULL);
	env[0] = e.home.home;
	env[1] = e.home.data;
	snprintf(path, sizeof path, "HASHPROF_PATH=%s/empty", tmp);
	ck_assert_int_eq(mkdir(path + strlen("HASHPROF_PATH="), 0700) == 0 || errno == EEXIST, 1);
	run_capture(r, HP_HASHPROF, args, env);
}
#define HASHPROF_NO_PATH(r, ...) hashprof_no_path((r), (const char *const[]){ __VA_ARGS__, NULL })

/* The lines of text that start with "LOOM-" (the table's rows). */
static size_t loom_rows(const char *text)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, "LOOM-")); p++)
		n += p == text || p[-1] == '\n';
	return n;
}

/*
 * A campaign's OUT is used as it is (cmake-kex/: 18 rows of LOOM-128 and
 * LOOM-256), with no HASHPROF_PATH: report OUT and report OUT/records
 * (it descends into the candidates' folders), report --hash=all OUT (a
 * projection in every cell: the instances found from the records' own
 * "path"), report --curve OUT, and check OUT, which measures the same
 * instances again (calls exact, shares within 100 pp: no test depends on
 * the machine's speed); after OUT was moved, check finds them in
 * OUT/units/<unit>/instance.
 */
START_TEST(test_campaign_out_self_contained)
{
	char src[4200], out[8400], records[8500], moved[8400];
	struct run r;

	hpt_tmpdir_in(tmp, sizeof tmp, "campaign-test");
	snprintf(src, sizeof src, "%s/cmake-kex", HP_FIXTURES);
	snprintf(tree, sizeof tree, "%s/cmake-kex", tmp);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-RL", src, tree, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out);
	run_expect_status(&r, 0);
	run_free(&r);
	HASHPROF_NO_PATH(&r, "report", out);
	run_expect_status(&r, 0);
	ck_assert_uint_eq(loom_rows(r.out), 18);
	run_free(&r);
	snprintf(records, sizeof records, "%s/records", out);
	HASHPROF_NO_PATH(&r, "report", records);
	run_expect_status(&r, 0);
	ck_assert_uint_eq(loom_rows(r.out), 18);
	run_free(&r);
	HASHPROF_NO_PATH(&r, "report", "--hash=all", out);
	run_expect_status(&r, 0);
	ck_assert_uint_eq(loom_rows(r.out), 18);
	expect_not_in(&r, r.out, "?");
	expect_not_in(&r, r.err, "is not here");
	run_free(&r);
	HASHPROF_NO_PATH(&r, "report", "--curve", out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "LOOM-256 pass4: mean calls per operation of the first N of 3 operations");
	run_free(&r);
	HASHPROF_NO_PATH(&r, "check", "--share-tolerance=100", out);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "check: pass: 78 comparisons within tolerance");
	run_free(&r);
	in_tmp("moved", moved, sizeof moved);
	ck_assert_int_eq(rename(out, moved), 0);
	HASHPROF_NO_PATH(&r, "check", "--share-tolerance=100", moved);
	run_expect_status(&r, 0);
	expect_in(&r, r.out, "check: pass: 78 comparisons within tolerance");
	run_free(&r);
	teardown_tree();
}
END_TEST

/* The number before " page" or " of N pages" in a campaign's summary. */
static long summary_pages(const char *out_text)
{
	const char *p = strstr(out_text, " not run; ");

	ck_assert_msg(p != NULL, "no summary in:\n%s", out_text);
	return strtol(p + 10, NULL, 10);
}

/* How many files pages/ of out holds. */
static long pages_on_disk(const char *out)
{
	char dir[8600];
	struct dirent *d;
	long n = 0;
	DIR *dd;

	snprintf(dir, sizeof dir, "%s/pages", out);
	if (!(dd = opendir(dir)))
		return 0;
	while ((d = readdir(dd)))
		n += d->d_name[0] != '.';
	closedir(dd);
	return n;
}

/* A full disk is not the packages' verdict.  The campaign on a 300 KiB
 * tmpfs (in a mount namespace of this test: CI runs as root; skipped,
 * saying so, where that is not permitted): no good package is 'failed',
 * the folders it could not do are 'not run' naming the full disk, the
 * exit status is not 1 (a verdict) but 3 or 4 (incomplete), and the
 * summary counts the pages that are on disk.  The tmpfs remounted at 50
 * MiB, one more run profiles every good package and writes the index of
 * an uninterrupted campaign; the next has nothing to do. */
START_TEST(test_campaign_full_disk)
{
	struct run r;
	char full[8400], out[8500], *a, *b;

	setup_tree("tree", NULL);
	in_tmp("full", full, sizeof full);
	ck_assert_int_eq(mkdir(full, 0755), 0);
	if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("tmpfs", full, "tmpfs", 0, "size=300k") != 0) {
		fprintf(stderr,
			"test_campaign_full_disk: SKIPPED: no mount namespace with a small tmpfs here (%s); it needs "
			"root (CI runs as root)\n",
			strerror(errno));
		teardown_tree();
		return;
	}
	snprintf(out, sizeof out, "%s/camp", full);
	CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
	if (r.status != 3 && r.status != 4)
		run_show(&r);
	ck_assert_msg(r.status == 3 || r.status == 4, "exit status %d on a full disk", r.status);
	expect_in(&r, r.out, ": not run: no space left on device (");
	{
		/* a failure is a verdict only for the package that does not compile */
		char *failed = lines_starting(r.out, "[");
		for (char *l = strstr(failed, ": failed: "); l; l = strstr(l + 1, ": failed: ")) {
			char *start = l;
			while (start > failed && start[-1] != '\n')
				start--;
			ck_assert_msg(strstr(start, BROKEN_DIR ": failed: ") == l - strlen(BROKEN_DIR),
				      "a verdict on a full disk: %.300s", start);
		}
		free(failed);
	}
	ck_assert_int_eq(summary_pages(r.out), pages_on_disk(out));
	run_free(&r);

	ck_assert_int_eq(mount(NULL, full, NULL, MS_REMOUNT, "size=50m"), 0);
	CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in ");
	run_free(&r);
	a = index_rows(rob_out);
	b = index_rows(out);
	expect_same_lines(a, b, "the index of the uninterrupted campaign and of the one after the full disk");
	free(a);
	free(b);
	CAMPAIGN_T(&r, out, TIMEOUT_FIRST);
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 13 folders up to date\n");
	run_free(&r);
	ck_assert_int_eq(umount2(full, MNT_DETACH), 0);
	teardown_tree();
}
END_TEST

/* A longer --build-timeout reruns only the builds that a shorter one
 * ended: a folder whose Makefile's dry run hangs ($(shell sleep), which
 * make evaluates even under -n) is killed at each limit; the folder built
 * before, with no limit, is never built again (the limits are no inputs). */
START_TEST(test_campaign_longer_build_timeout)
{
	struct run r;
	char out[8400], from[8400], aside[8400], *steps;

	setup_tree("tree", only_kem128);
	in_tmp("out", out, sizeof out);
	CAMPAIGN(&r, out, "--build-timeout", "0");
	run_expect_status(&r, 0);
	run_free(&r);
	/* a second folder, whose dry run hangs */
	snprintf(from, sizeof from, "%s/" KEM128_DIR, tree);
	snprintf(aside, sizeof aside, "%s/" KEM256_DIR, tree);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-R", from, aside, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	put_in_tree(KEM256_DIR "/Makefile", "w",
		    "WAIT := $(shell sleep 600)\nall: KEM_AlgorithmInstance.o synth_common.o auxfunc.o drng.o\n");
	CAMPAIGN(&r, out, "--build-timeout", "1");
	run_expect_status(&r, 1);
	steps = lines_starting(r.out, "[");
	ck_assert_str_eq(steps, "[1/2] build " KEM256_DIR ": failed: hashprof build did not finish within 1 s "
				"(--build-timeout): killed, with the programs it ran\n"
				"[2/2] profile " KEM256_DIR ": not profiled (the build failed)\n");
	free(steps);
	run_free(&r);
	CAMPAIGN(&r, out, "--build-timeout", "1");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 2 folders up to date\n");
	run_free(&r);
	CAMPAIGN(&r, out, "--build-timeout", "2");
	run_expect_status(&r, 1);
	steps = lines_starting(r.out, "[");
	ck_assert_str_eq(steps, "[1/2] build " KEM256_DIR ": failed: hashprof build did not finish within 2 s "
				"(--build-timeout): killed, with the programs it ran\n"
				"[2/2] profile " KEM256_DIR ": not profiled (the build failed)\n");
	free(steps);
	expect_in(&r, r.out, "hashprof campaign: 2 folders: 1 profiled, 1 failed, 0 not run; 1 page in ");
	run_free(&r);
	teardown_tree();
}
END_TEST

/* A longer --timeout after a campaign: only the step it ended (the
 * hanging verify) runs again, and no record but its own is rewritten; a
 * shorter one changes nothing; --retry-failed redoes the two failures
 * (the broken build, the hanging verify), nothing else.  On a copy of
 * the fixture's OUT. */
START_TEST(test_campaign_longer_timeout)
{
	struct run r;
	char out[8400], files1[65536] = "", files2[65536] = "", *ops;

	snprintf(tree, sizeof tree, "%s", rob_tree);
	hpt_tmpdir_in(tmp, sizeof tmp, "campaign-test");
	in_tmp("out", out, sizeof out);
	run_in_tmp(&r, "/bin/cp", (const char *const[]){ "-a", rob_out, out, NULL });
	run_expect_status(&r, 0);
	run_free(&r);
	list_files_at(out, "records", 1, files1, sizeof files1);
	CAMPAIGN_T(&r, out, "7");
	run_expect_status(&r, 1);
	/* one step of the plan ran, one operation of it */
	ops = lines_starting(r.out, "  ");
	ck_assert_str_eq(ops, "  FIX-CAMP-HANG verify: failed: verify: timed out: warm-up operation 1 of 1 did not "
			      "finish within 7 s\n");
	free(ops);
	ops = lines_starting(r.out, "[");
	ck_assert_str_eq(ops, "[1/1] profile " HANG_DIR ": FIX-CAMP-HANG: 2 of 3 operations profiled (verify: timed "
			      "out: warm-up operation 1 of 1 did not finish within 7 s)\n");
	free(ops);
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in ");
	run_free(&r);
	list_files_at(out, "records", 1, files2, sizeof files2);
	/* every record as it was, but the hanging verify's failed one */
	drop_line(files1, "records/sign-hang/FIX-CAMP-HANG__verify.failed.json ");
	drop_line(files2, "records/sign-hang/FIX-CAMP-HANG__verify.failed.json ");
	expect_same_lines(files1, files2, "the records and their times before and after");
	expect_folder(out, HANG_DIR, "FIX-CAMP-HANG", "sig", "built", "not checked", "2/3", "failed",
		      "verify: timed out: warm-up operation 1 of 1 did not finish within 7 s", 1);
	/* a shorter limit: nothing a longer one ended is there to redo */
	CAMPAIGN_T(&r, out, "3");
	run_expect_status(&r, 1);
	expect_in(&r, r.out, "hashprof campaign: nothing to do: 13 folders up to date\n");
	run_free(&r);
	/* --retry-failed: the packages' failures are redone too, nothing else */
	CAMPAIGN_T(&r, out, "3", "--retry-failed");
	run_expect_status(&r, 1);
	ops = lines_starting(r.out, "[");
	ck_assert_msg(!strncmp(ops, "[1/3] build " BROKEN_DIR ": failed: build FIX-CAMP-BROKEN failed: ",
			       strlen("[1/3] build " BROKEN_DIR ": failed: build FIX-CAMP-BROKEN failed: ")),
		      "steps:\n%s", ops);
	ck_assert_msg(strstr(ops,
			     "\n[2/3] profile " BROKEN_DIR ": not profiled (the build failed)\n[3/3] profile " HANG_DIR
			     ": FIX-CAMP-HANG: 2 of 3 operations profiled (verify: timed out: warm-up operation 1 "
			     "of 1 did not finish within 3 s)\n"),
		      "steps:\n%s", ops);
	free(ops);
	expect_in(&r, r.out, "hashprof campaign: 13 folders: 11 profiled, 2 failed, 0 not run; 11 pages in ");
	run_free(&r);
	teardown_tree();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("campaign");
	TCase *tc = tcase_create("campaign");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 300);
	tcase_add_unchecked_fixture(tc, reference_setup, reference_teardown);
	tcase_add_test(tc, test_campaign_bad_input);
	tcase_add_test(tc, test_campaign_row_options_carried);
	tcase_add_test(tc, test_campaign_tree);
	tcase_add_test(tc, test_campaign_killed_and_resumed);
	tcase_add_test(tc, test_campaign_jobs_parallel);
	tcase_add_test(tc, test_campaign_parallel_and_tier);
	tcase_add_test(tc, test_campaign_names);
	tcase_add_test(tc, test_campaign_foreign_out);
	tcase_add_test(tc, test_campaign_out_in_package);
	tcase_add_test(tc, test_campaign_interrupted_procedure);
	tcase_add_test(tc, test_campaign_log_flushed);
	tcase_add_test(tc, test_campaign_status_names_running);
	tcase_add_test(tc, test_campaign_backquotes);
	suite_add_tcase(s, tc);
	/* a tree of its own, without the reference campaign */
	tc = tcase_create("cmake_kex");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_campaign_cmake_kex);
	tcase_add_test(tc, test_campaign_out_self_contained);
	suite_add_tcase(s, tc);
	/* whose a failure is, and the lock file: no campaign */
	tc = tcase_create("whose");
	tcase_add_test(tc, test_whose_errno);
	tcase_add_test(tc, test_whose_text);
	tcase_add_test(tc, test_whose_step);
	tcase_add_test(tc, test_dirlock);
	suite_add_tcase(s, tc);
	/* one campaign at a time, the machine's failures, the time limits */
	tc = tcase_create("robust");
	tcase_set_timeout(tc, 300);
	tcase_add_unchecked_fixture(tc, robust_setup, robust_teardown);
	tcase_add_test(tc, test_campaign_one_at_a_time);
	tcase_add_test(tc, test_campaign_full_disk);
	tcase_add_test(tc, test_campaign_longer_build_timeout);
	tcase_add_test(tc, test_campaign_longer_timeout);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
