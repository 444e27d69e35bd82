/*
 * hash_build.c - `hashprof build --hash DIR` (docs/candidates.md
 * "External candidates"): an NGCC hash submission's instance folder (the
 * API_CryptHash package: CryptHash_AlgorithmInstance.{c,h} with
 * CryptHash and DIGEST_BIT_LENGTH, its own sources, ICCS's KAT_CryptHash.c
 * and drng.c) into a candidate module (candidates/module.h) that
 * `hashprof INSTANCE --hash=NAME` finds by name.
 *
 * The steps are the instance builder's where they fit (builder.h): the
 * Makefile's flags from a dry run, the sources, ALGORITHM_INSTANCE as the
 * preprocessor expands it, the reference and then the permissive flag
 * set, libelf's view of every object.  Then, of its own: DIGEST_BIT_LENGTH
 * by the same kind of probe, the objects CryptHash needs (programs with
 * main(), such as the KAT program, never; the drng.c the package ships
 * only if CryptHash calls it), and a link with hashprof's module adapter,
 * constructions and .hashprof section under a version script that exports
 * the stand-ins and nothing else.  Always built afresh: a module is a few
 * sources.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pipeline.h"
#include "hash_build.h"

#ifndef HP_PKGDATADIR
#error "HP_PKGDATADIR must be defined"
#endif

#define HP_CRYPTHASH "CryptHash"
#define HP_CRYPTHASH_HEADER "CryptHash_AlgorithmInstance.h"
#define HP_BITS_MARK "hashprof_digest_bits:"

/* ---------- hashprof's pieces of a module ---------- */

/* Where module_adapter.c, module_info.c, construct.c and their headers
 * are: the build tree's candidates/ or $(pkgdatadir)/candidate.  0, or -1
 * with err naming the missing piece. */
static int hp_hash_pieces(char dir[PATH_MAX], char *err, size_t errlen)
{
	static const char *const pieces[] = { "module_adapter.c", "module_info.c", "construct.c", "construct.h",
					      "module.h" };
	char builddir[PATH_MAX], srcdir[PATH_MAX], path[PATH_MAX];
	struct stat st;

	if (hp_util_build_tree(builddir, srcdir, sizeof builddir))
		hp_fmt(dir, PATH_MAX, "%s/candidates", srcdir);
	else
		hp_fmt(dir, PATH_MAX, "%s/candidate", HP_PKGDATADIR);
	for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
		hp_fmt(path, sizeof path, "%s/%s", dir, pieces[i]);
		if (stat(path, &st) != 0) {
			hp_fmt(err, errlen, "hashprof's run-time piece %s is missing: %s", path,
			       hp_util_in_build_tree() ? "run make" : "reinstall hashprof");
			return -1;
		}
	}
	return 0;
}

/* ---------- detection ---------- */

static const char *hp_base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static int hp_depth(const char *rel)
{
	int n = 0;

	for (; *rel; rel++)
		n += *rel == '/';
	return n;
}

/* Is rel the API's header: CryptHash_AlgorithmInstance.h, or named after
 * the instance (CryptHash_Duet-768.h) as some packages have it?  2, 1, 0. */
static int hp_is_api_header(const char *rel)
{
	const char *b = hp_base(rel);
	size_t n = strlen(b);

	if (!strcmp(b, HP_CRYPTHASH_HEADER))
		return 2;
	return !strncmp(b, "CryptHash", 9) && n > 2 && !strcmp(b + n - 2, ".h");
}

/* The package's API header into h->header: the shallowest, the canonical
 * name first; -1 with err when there is none, or when the shallowest lie
 * in several folders (a folder of instance folders). */
static int hp_hash_header(struct hp_hash_build *h, char *err, size_t errlen)
{
	const struct hp_detect *d = &h->b->det;
	long best = -1;

	for (size_t i = 0; i < d->files.n; i++) {
		int k = hp_is_api_header(d->files.v[i]);
		if (!k)
			continue;
		if (best < 0 || hp_depth(d->files.v[i]) < hp_depth(d->files.v[best]) ||
		    (hp_depth(d->files.v[i]) == hp_depth(d->files.v[best]) && k > hp_is_api_header(d->files.v[best])))
			best = (long)i;
	}
	if (best < 0) {
		hp_fmt(err, errlen,
		       "build --hash: %s has no %s (nor CryptHash*.h): not an NGCC hash submission's instance "
		       "folder (API_CryptHash)",
		       d->dir, HP_CRYPTHASH_HEADER);
		return -1;
	}
	for (size_t i = 0; i < d->files.n; i++) {
		char a[PATH_MAX], b[PATH_MAX];
		if (!hp_is_api_header(d->files.v[i]) || hp_depth(d->files.v[i]) != hp_depth(d->files.v[best]))
			continue;
		hp_fmt(a, sizeof a, "%.*s", (int)(hp_base(d->files.v[i]) - d->files.v[i]), d->files.v[i]);
		hp_fmt(b, sizeof b, "%.*s", (int)(hp_base(d->files.v[best]) - d->files.v[best]), d->files.v[best]);
		if (strcmp(a, b)) {
			hp_fmt(err, errlen,
			       "build --hash: %s holds several instance folders (%s, %s): build one of them, e.g. "
			       "hashprof build --hash %s/%s",
			       d->dir, a[0] ? a : "./", b[0] ? b : "./", d->dir, b);
			return -1;
		}
	}
	hp_fmt(h->header, sizeof h->header, "%s/%s", d->dir, d->files.v[best]);
	return 0;
}

/* DIGEST_BIT_LENGTH as the preprocessor expands it with the package's
 * flags, into h->digest_bits: a whole number of bytes, 8 to 8192 bits.
 * 0, or -1 with err. */
static int hp_hash_digest_bits(struct hp_hash_build *h, const char *workdir, const char *log, char *err, size_t errlen)
{
	static const char text[] = "#ifdef DIGEST_BIT_LENGTH\n" HP_BITS_MARK " DIGEST_BIT_LENGTH\n#endif\n";
	struct hp_build *b = h->b;
	char probe[PATH_MAX], outp[PATH_MAX], *out, *mark, *end;
	struct hp_strv argv = { 0 };
	long bits = -1;
	int status;

	hp_fmt(probe, sizeof probe, "%s/hp_bits_probe.c", workdir);
	hp_fmt(outp, sizeof outp, "%s/hp_bits_probe.i", workdir);
	if (hp_util_write_file(probe, text, strlen(text), NULL, NULL, 0) != 0) {
		hp_fmt(err, errlen, "cannot write %s: %s", probe, strerror(errno));
		return -1;
	}
	if (hp_cc_argv(&argv) || hp_strv_add(&argv, "-E") || hp_strv_add(&argv, "-P") ||
	    hp_strv_add(&argv, "-D_GNU_SOURCE") || hp_strv_extend(&argv, &b->cppflags) ||
	    hp_strv_add(&argv, "-iquote") || hp_strv_add(&argv, b->det.dir) || hp_strv_add(&argv, "-include") ||
	    hp_strv_add(&argv, h->header) || hp_strv_add(&argv, "-o") || hp_strv_add(&argv, outp) ||
	    hp_strv_add(&argv, probe)) {
		hp_strv_free(&argv);
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	status = hp_run_program(argv.v, NULL, log, 1, 60);
	hp_strv_free(&argv);
	out = status == 0 ? hp_util_read_file(outp, 0, NULL) : NULL;
	if (out && (mark = strstr(out, HP_BITS_MARK))) {
		/* "512", "(512)", "512U": the number, parentheses and suffixes aside */
		for (mark += strlen(HP_BITS_MARK); *mark == ' ' || *mark == '('; mark++)
			;
		bits = strtol(mark, &end, 0);
		if (end == mark)
			bits = -1;
	}
	free(out);
	if (bits < 0) {
		hp_fmt(err, errlen,
		       "build --hash: %s defines no DIGEST_BIT_LENGTH that expands to a number (the instance's "
		       "digest length in bits)",
		       hp_path_below(b->det.dir, h->header));
		return -1;
	}
	if (bits == 0 || bits % 8 || bits > 8192) {
		hp_fmt(err, errlen,
		       "build --hash: DIGEST_BIT_LENGTH is %ld: hashprof takes whole bytes, 8 to 8192 bits", bits);
		return -1;
	}
	h->digest_bits = (unsigned)bits;
	return 0;
}

/* Detection in the scratch folder tmp: the Makefile's flags, the sources,
 * the header, the name, the digest length.  0, or -1 with err. */
static int hp_hash_detect(struct hp_hash_build *h, const char *tmp, char *err, size_t errlen)
{
	struct hp_build *b = h->b;
	char make_log[PATH_MAX], detect_log[PATH_MAX];

	hp_fmt(make_log, sizeof make_log, "%s/make-n.log", tmp);
	hp_fmt(detect_log, sizeof detect_log, "%s/detect.log", tmp);
	if (hp_detect_make(&b->det, &b->recipe, tmp, make_log, err, errlen) != 0 ||
	    hp_detect_sources(&b->det, &b->recipe, err, errlen) != 0 || hp_hash_header(h, err, errlen) != 0)
		return -1;
	if (hp_strv_extend(&b->cppflags, &b->det.make_cppflags) || hp_cppflags_merge(&b->cppflags, &b->opt.cppflags) ||
	    hp_strv_extend(&b->extra, &b->opt.cflags) || hp_strv_extend(&b->libs, &b->det.make_libs)) {
		hp_fmt(err, errlen, "out of memory");
		return -1;
	}
	hp_fmt(b->det.adapter_header, sizeof b->det.adapter_header, "%s", h->header);
	if (hp_detect_name(&b->det, b->opt.name, &b->recipe, &b->cppflags, tmp, detect_log, err, errlen) != 0)
		return -1;
	return hp_hash_digest_bits(h, tmp, detect_log, err, errlen);
}

/* ---------- the objects CryptHash needs ---------- */

static int hp_linkable(const struct hp_object *o)
{
	return o->compiled && o->inspected && !o->is_main;
}

/* From CryptHash, the objects that define what is still undefined, the
 * linked ones first, then in source order (the Makefile's, shallower,
 * by name); programs never.  Fills h->linked (indices).  0, or -1 with
 * err naming the API function no object defines. */
static int hp_hash_plan(struct hp_hash_build *h, struct hp_object *objs, size_t nobjs, char *err, size_t errlen)
{
	struct hp_strv need = { 0 };
	int rc = -1;

	h->nlinked = 0;
	if (!(h->linked = calloc(nobjs ? nobjs : 1, sizeof *h->linked)) || hp_strv_add(&need, HP_CRYPTHASH))
		goto oom;
	for (size_t k = 0; k < need.n; k++) {
		long chosen = -1;
		for (size_t j = 0; j < h->nlinked && chosen < 0; j++)
			if (hp_object_defines(&objs[h->linked[j]], need.v[k]))
				chosen = (long)h->linked[j];
		if (chosen >= 0)
			continue;
		for (size_t i = 0; i < nobjs && chosen < 0; i++)
			if (hp_linkable(&objs[i]) && hp_object_defines(&objs[i], need.v[k]))
				chosen = (long)i;
		if (chosen < 0) {
			if (k == 0) {
				hp_fmt(err, errlen,
				       "build --hash: no object defines %s, the function of the NGCC hash API "
				       "(API_CryptHash): is CryptHash_AlgorithmInstance.c missing, or did it not "
				       "compile?",
				       HP_CRYPTHASH);
				goto out;
			}
			continue; /* a library's (the link says when none has it) */
		}
		h->linked[h->nlinked++] = (size_t)chosen;
		objs[chosen].linked = 1;
		for (size_t u = 0; u < objs[chosen].undefs.n; u++)
			if (hp_strv_find(&need, objs[chosen].undefs.v[u]) < 0 &&
			    hp_strv_add(&need, objs[chosen].undefs.v[u]))
				goto oom;
	}
	rc = 0;
	goto out;
oom:
	hp_fmt(err, errlen, "out of memory");
out:
	hp_strv_free(&need);
	return rc;
}

/* ---------- the link ---------- */

/* s as a C string literal, after "#define NAME ". */
static int hp_define(struct hp_strv *lines, const char *name, const char *s)
{
	struct hp_strv lit = { 0 };
	char *joined;
	int rc;

	if (hp_strv_addf(&lit, "#define %s \"", name))
		return -1;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c == '"' || c == '\\') ? hp_strv_addf(&lit, "\\%c", c)
					    : hp_strv_addf(&lit, "%c", c < 0x20 || c == 0x7f ? ' ' : c)) {
			hp_strv_free(&lit);
			return -1;
		}
	}
	rc = hp_strv_add(&lit, "\"") || !(joined = hp_strv_join(&lit, "")) ? -1 : 0;
	if (rc == 0) {
		rc = hp_strv_add(lines, joined);
		free(joined);
	}
	hp_strv_free(&lit);
	return rc;
}

/* The construction, as list --hashes shows it. */
static void hp_hash_construction(const struct hp_hash_build *h, char *buf, size_t len)
{
	hp_fmt(buf, len,
	       "pseudoXOF(b, m) = CryptHash(m || BE32(1)) || CryptHash(m || BE32(2)) || ..., first b bits; "
	       "pseudohash(L, m) = CryptHash(m), first L bits, for L <= %u, else the same counter mode%s",
	       h->digest_bits, h->sm3 ? "; sm3hash(m) = the same for 256 bits" : "");
}

/* The header of module_info.c's fields, and the version script. */
static int hp_hash_meta(struct hp_hash_build *h, const char *cflags, const char *meta_h, const char *vers)
{
	struct hp_strv lines = { 0 };
	char bits[16], construction[512], *text = NULL;
	const char *script =
		h->sm3 ? "{ global: hashprof_candidate_pseudohash; hashprof_candidate_pseudoXOF;\n"
			 "  hashprof_candidate_sm3hash; hashprof_candidate_error; hashprof_candidate_digest_written;\n"
			 "  local: *; };\n"
		       : "{ global: hashprof_candidate_pseudohash; hashprof_candidate_pseudoXOF;\n"
			 "  hashprof_candidate_error; hashprof_candidate_digest_written; local: *; };\n";
	int rc = -1;

	hp_fmt(bits, sizeof bits, "%u", h->digest_bits);
	hp_hash_construction(h, construction, sizeof construction);
	if (hp_strv_add(&lines, "/* Generated by hashprof build --hash: the .hashprof fields of this module. */") ||
	    hp_define(&lines, "HP_CAND_NAME", h->b->det.name) || hp_define(&lines, "HP_CAND_DIGEST_TEXT", bits) ||
	    hp_define(&lines, "HP_CAND_HELPERS", h->sm3 ? "pseudohash,pseudoXOF,sm3hash" : "pseudohash,pseudoXOF") ||
	    hp_define(&lines, "HP_CAND_ORIGIN", h->b->det.dir) ||
	    hp_define(&lines, "HP_CAND_CONSTRUCTION", construction) || hp_define(&lines, "HP_CAND_CFLAGS", cflags) ||
	    hp_strv_add(&lines, "") || !(text = hp_strv_join(&lines, "\n")))
		goto out;
	rc = hp_util_write_file(meta_h, text, strlen(text), NULL, NULL, 0) ||
			     hp_util_write_file(vers, script, strlen(script), NULL, NULL, 0)
		     ? -1
		     : 0;
out:
	free(text);
	hp_strv_free(&lines);
	return rc;
}

/* Compile hashprof's three pieces into workdir (plain flags, not the
 * package's).  0, or -1 with the first error. */
static int hp_hash_pieces_compile(struct hp_hash_build *h, const char *meta_h, char objs[3][PATH_MAX], char *err,
				  size_t errlen)
{
	static const char *const srcs[3] = { "module_adapter.c", "module_info.c", "construct.c" };
	char src[PATH_MAX], log[PATH_MAX], first[HP_BUILD_ERR];

	hp_fmt(log, sizeof log, "%s/pieces.log", h->b->work);
	for (int i = 0; i < 3; i++) {
		struct hp_strv words = { 0 };
		char *command = NULL;
		int status;
		if (hp_strv_add(&words, "-std=c11") || hp_strv_add(&words, "-O2") || hp_strv_add(&words, "-fPIC") ||
		    hp_strv_addf(&words, "-I%s", h->pieces) ||
		    hp_strv_addf(&words, "-DHP_CAND_DIGEST_BITS=%u", h->digest_bits) ||
		    hp_strv_addf(&words, "-DHP_CAND_SM3=%d", h->sm3) ||
		    (i == 1 && (hp_strv_add(&words, "-include") || hp_strv_add(&words, meta_h)))) {
			hp_strv_free(&words);
			hp_fmt(err, errlen, "out of memory");
			return -1;
		}
		hp_fmt(src, sizeof src, "%s/%s", h->pieces, srcs[i]);
		hp_fmt(objs[i], PATH_MAX, "%s/hp_%.*s.o", h->b->work, (int)(strlen(srcs[i]) - 2), srcs[i]);
		unlink(log);
		status = hp_compile_one(&words, src, objs[i], log, &command);
		free(command);
		hp_strv_free(&words);
		if (status != 0) {
			hp_first_error(log, first, sizeof first);
			hp_fmt(err, errlen, "cannot compile hashprof's %s: %s", srcs[i], first);
			return -1;
		}
	}
	return 0;
}

/* Link the module into WORK/NAME.so.  0, or -1 with the first error and
 * the command in *command. */
static int hp_hash_link(struct hp_hash_build *h, struct hp_object *objs, const char *cflags, char *err, size_t errlen,
			char **command)
{
	char meta_h[PATH_MAX], vers[PATH_MAX], pieces[3][PATH_MAX], log[PATH_MAX];
	struct hp_strv argv = { 0 };
	int status;

	*command = NULL;
	hp_fmt(meta_h, sizeof meta_h, "%s/hp_cand_meta.h", h->b->work);
	hp_fmt(vers, sizeof vers, "%s/hp_exports.map", h->b->work);
	hp_fmt(log, sizeof log, "%s/link.log", h->b->work);
	hp_fmt(h->so_tmp, sizeof h->so_tmp, "%s/%s.so", h->b->work, h->b->det.name);
	if (hp_hash_meta(h, cflags, meta_h, vers) != 0) {
		hp_fmt(err, errlen, "cannot write %s: %s", meta_h, strerror(errno));
		return -1;
	}
	if (hp_hash_pieces_compile(h, meta_h, pieces, err, errlen) != 0)
		return -1;
	if (hp_cc_argv(&argv) || hp_link_argv(&argv, h->so_tmp) || hp_strv_addf(&argv, "-Wl,--version-script=%s", vers))
		goto oom;
	for (int i = 0; i < 3; i++)
		if (hp_strv_add(&argv, pieces[i]))
			goto oom;
	for (size_t k = 0; k < h->nlinked; k++)
		if (hp_strv_add(&argv, objs[h->linked[k]].obj))
			goto oom;
	if (hp_strv_extend(&argv, &h->b->libs) || hp_strv_add(&argv, "-lm"))
		goto oom;
	status = hp_link_run(&argv, h->so_tmp, log, h->b->log, command, err, errlen);
	hp_strv_free(&argv);
	return status;
oom:
	hp_strv_free(&argv);
	hp_fmt(err, errlen, "out of memory");
	return -1;
}

/* ---------- the pipeline ---------- */

/* One flag set: compile, inspect, plan, link.  0 built, 1 this set
 * failed (f filled), 2 a failure no flag set mends (said already). */
static int hp_hash_attempt(struct hp_hash_build *h, enum hp_flagset set, struct hp_failure *f)
{
	struct hp_build *b = h->b;
	struct hp_strv words = { 0 };
	char objdir[PATH_MAX], err[HP_BUILD_ERR], *cflags = NULL;
	long failed;

	hp_build_free_objects(h->objs, b->det.nsrc);
	free(h->linked);
	h->linked = NULL;
	free(h->cflags_shown);
	h->cflags_shown = NULL;
	if (!(h->objs = calloc(b->det.nsrc, sizeof *h->objs)) ||
	    hp_compile_words(set, &b->det, &b->cppflags, &b->extra, &words)) {
		hp_build_error(b, "build --hash: out of memory");
		hp_strv_free(&words);
		return 2;
	}
	h->cflags_shown = cflags = hp_build_display_words(b, &words);
	hp_fmt(objdir, sizeof objdir, "%s/objs-%s", b->work, hp_flagset_name(set));
	if (hp_mkdirs(objdir) != 0) {
		hp_build_error(b, "build --hash: cannot create %s: %s", objdir, strerror(errno));
		hp_strv_free(&words);
		return 2;
	}
	failed = hp_compile_all(&b->det, &words, objdir, b->opt.jobs, b->log, h->objs, err, sizeof err);
	hp_strv_free(&words);
	if (failed < 0) {
		hp_build_error(b, "build --hash: %s", err);
		return 2;
	}
	for (size_t i = 0; i < b->det.nsrc; i++)
		if (h->objs[i].compiled && hp_inspect_object(&h->objs[i], err, sizeof err) != 0)
			hp_build_warning(b, "%s", err);
	if (hp_hash_plan(h, h->objs, b->det.nsrc, err, sizeof err) != 0) {
		/* no CryptHash: the package's fault, or a source that did not compile */
		for (size_t i = 0; failed && i < b->det.nsrc; i++)
			if (h->objs[i].command && !h->objs[i].compiled) {
				hp_fmt(f->what, sizeof f->what, "%s (and %s did not compile: %s)", err,
				       h->objs[i].src->rel,
				       h->objs[i].first_error[0] ? h->objs[i].first_error : "the compiler failed");
				f->command = strdup(h->objs[i].command);
				return 1;
			}
		hp_build_error(b, "%s", err);
		return 2;
	}
	h->used = set;
	if (hp_hash_link(h, h->objs, cflags ? cflags : "", err, sizeof err, &f->command) == 0)
		return 0;
	hp_fmt(f->what, sizeof f->what, "%s", err);
	return 1;
}

int hp_hash_build_run(struct hp_hash_build *h)
{
	struct hp_build *b = h->b;
	struct hp_failure fail[2] = { { "", NULL }, { "", NULL } };
	enum hp_flagset sets[2] = { HP_FLAGS_REFERENCE, HP_FLAGS_PERMISSIVE };
	char tmp[PATH_MAX], err[HP_BUILD_ERR];
	struct stat st;
	int rc = HP_BUILD_STOPPED, attempt = 1;
	size_t nsets = b->opt.flagset ? 1 : 2, tried = 0;

	if (b->opt.flagset)
		sets[0] = !strcmp(b->opt.flagset, "reference") ? HP_FLAGS_REFERENCE : HP_FLAGS_PERMISSIVE;
	if (!realpath(b->opt.dir_arg, b->det.dir) || stat(b->det.dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return hp_build_error(b, "build --hash: %s: not a folder", b->opt.dir_arg);
	if (hp_hash_pieces(h->pieces, err, sizeof err) != 0)
		return hp_build_error(b, "build --hash: %s", err);
	hp_fmt(b->root, sizeof b->root, "%s/.hashprof-build", b->opt.outdir);
	hp_fmt(tmp, sizeof tmp, "%s/.tmp-%ld", b->root, (long)getpid());
	hp_rmtree(tmp);
	if (hp_mkdirs(tmp) != 0)
		return hp_build_error(b, "build --hash: cannot write to the output folder %s: %s", b->opt.outdir,
				      strerror(errno));
	if (hp_hash_detect(h, tmp, err, sizeof err) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "%s%s", strncmp(err, "build", 5) ? "build --hash: " : "", err);
	}
	hp_fmt(b->work, sizeof b->work, "%s/hash-%s", b->root, b->det.name);
	hp_fmt(b->log, sizeof b->log, "%s/build.log", b->work);
	hp_fmt(b->so, sizeof b->so, "%s/%s.so", b->opt.outdir, b->det.name);
	if (hp_rmtree(b->work) != 0 || rename(tmp, b->work) != 0) {
		hp_rmtree(tmp);
		return hp_build_error(b, "build --hash: cannot prepare %s: %s", b->work, strerror(errno));
	}
	hp_build_note(b, "hashprof build --hash: %s from %s (%u-bit digest)", b->det.name, b->det.dir, h->digest_bits);
	for (size_t s = 0; s < nsets && attempt == 1; s++, tried++)
		attempt = hp_hash_attempt(h, sets[s], &fail[s]);
	if (attempt == 0) {
		if (hp_mkdirs(b->opt.outdir) != 0 || rename(h->so_tmp, b->so) != 0)
			hp_build_error(b, "build --hash %s: cannot install %s: %s", b->det.name, b->so,
				       strerror(errno));
		else
			rc = HP_BUILD_DONE;
	} else if (attempt == 1) {
		/* the first set's failure: the reference flags' is the one to read */
		const struct hp_failure *first = &fail[0];
		hp_build_error(b, "build --hash %s failed%s: %s%s%s (log: %s)", b->det.name,
			       tried > 1 ? " with both flag sets" : "", first->what,
			       first->command ? "; command: " : "", first->command ? first->command : "", b->log);
	}
	free(fail[0].command);
	free(fail[1].command);
	return rc;
}

void hp_hash_build_free(struct hp_hash_build *h)
{
	hp_build_free_objects(h->objs, h->b->det.nsrc);
	free(h->linked);
	free(h->cflags_shown);
	h->objs = NULL;
	h->linked = NULL;
	h->cflags_shown = NULL;
}
