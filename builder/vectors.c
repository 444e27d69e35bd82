/*
 * vectors.c - the test vectors a package ships, and what a KAT program
 * wrote compared with them (see builder.h).  Vectors sit in a folder
 * named like Test_Vectors/ or KAT/ inside the instance folder, or in one
 * beside it or beside the implementation-tier folders above it
 * (<Package>/Test_Vector/, "Implementations and Test_Vectors/Test_Vectors/"),
 * (never in another instance's folder, folders.c), or are the
 * output/KAT_*.txt files a package commits next to its KAT program.  Line endings (CR LF) and
 * trailing blank space at the end of a file are not significant.
 */
#include "config.h"
#include "builder.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* How many folders above the instance folder may hold its vectors (the
 * second and third only through tier folders, hp_is_tier_folder). */
#define HP_VECTOR_LEVELS 3

static const char *hp_base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* Is a folder of this name one of test vectors? */
static int hp_vector_dir_name(const char *name, size_t n)
{
	static const char *const dirs[] = { "test_vector", "test_vectors", "testvectors", "kat",
					    "kats",        "vectors",      "test-vectors" };

	for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
		if (strlen(dirs[k]) == n && !strncasecmp(name, dirs[k], n))
			return 1;
	return 0;
}

/* Is rel (relative to the instance folder) a vector file: inside a test
 * vector folder, or an output/KAT_*.txt file? */
static int hp_is_vector(const char *rel)
{
	for (const char *p = rel, *slash; (slash = strchr(p, '/')); p = slash + 1) {
		size_t n = (size_t)(slash - p);
		if (hp_vector_dir_name(p, n) ||
		    (n == 6 && !strncasecmp(p, "output", 6) && !strncasecmp(hp_base(rel), "KAT_", 4)))
			return 1;
	}
	return 0;
}

/* Every file of the vector folders directly in folder up (not the one
 * named skip, which holds the instance folder dir, nor one of another
 * instance: a fixture named kat/, hp_in_other_instance), absolute, into
 * out. */
static int hp_vectors_beside(const char *dir, const char *up, const char *skip, struct hp_strv *out)
{
	DIR *dh = opendir(up);
	struct dirent *e;
	struct hp_strv names = { 0 };
	int rc = 0;

	if (!dh)
		return 0;
	while ((e = readdir(dh)))
		if (e->d_name[0] != '.' && strcmp(e->d_name, skip) &&
		    hp_vector_dir_name(e->d_name, strlen(e->d_name)) && hp_strv_add(&names, e->d_name))
			rc = -1;
	closedir(dh);
	for (size_t i = 0; rc == 0 && i < names.n; i++) {
		struct hp_strv files = { 0 };
		char vdir[PATH_MAX];
		hp_fmt(vdir, sizeof vdir, "%s/%s", up, names.v[i]);
		if (!hp_in_other_instance(dir, vdir) && hp_walk_files(vdir, &files) == 0)
			for (size_t f = 0; rc == 0 && f < files.n; f++)
				rc = hp_strv_addf(out, "%s/%s", vdir, files.v[f]);
		hp_strv_free(&files);
	}
	hp_strv_free(&names);
	return rc;
}

int hp_vectors_find(struct hp_detect *d, const struct hp_recipe *r)
{
	char here[PATH_MAX], up[PATH_MAX];
	int rc = 0;

	if (r->kat_vectors[0]) {
		struct stat st;
		if (hp_path_abs(d->dir, r->kat_vectors, up) == 0 && stat(up, &st) == 0 && S_ISREG(st.st_mode))
			rc = hp_strv_add(&d->vectors, up);
		return rc;
	}
	for (size_t i = 0; rc == 0 && i < d->files.n; i++)
		if (hp_is_vector(d->files.v[i]))
			rc = hp_strv_addf(&d->vectors, "%s/%s", d->dir, d->files.v[i]);
	hp_fmt(here, sizeof here, "%s", d->dir);
	for (int level = 0; rc == 0 && level < HP_VECTOR_LEVELS; level++) {
		char *slash = strrchr(here, '/');
		/* beside the instance folder, then beside the tier folders above it */
		if (!slash || slash == here || (level && !hp_is_tier_folder(slash + 1)))
			break;
		hp_fmt(up, sizeof up, "%.*s", (int)(slash - here), here);
		rc = hp_vectors_beside(d->dir, up, slash + 1, &d->vectors);
		hp_fmt(here, sizeof here, "%s", up);
	}
	/* those outside the folder that can pair with the instance are inputs */
	for (size_t i = 0; rc == 0 && i < d->vectors.n; i++)
		if (strncmp(d->vectors.v[i], d->dir, strlen(d->dir)) && strstr(hp_base(d->vectors.v[i]), d->name))
			rc = hp_strv_add(&d->extra_inputs, d->vectors.v[i]);
	return rc;
}

int hp_vectors_differ(const char *a, const char *b, unsigned *line)
{
	size_t la, lb;
	char *x = hp_util_read_file(a, 0, &la), *y = hp_util_read_file(b, 0, &lb);
	size_t i = 0, j = 0;
	int rc = 0;

	*line = 1;
	if (!x || !y) {
		free(x);
		free(y);
		return 1;
	}
	while (la && isspace((unsigned char)x[la - 1]))
		la--;
	while (lb && isspace((unsigned char)y[lb - 1]))
		lb--;
	for (;;) {
		while (i < la && x[i] == '\r')
			i++;
		while (j < lb && y[j] == '\r')
			j++;
		if (i == la || j == lb) {
			rc = !(i == la && j == lb);
			break;
		}
		if (x[i] != y[j]) {
			rc = 1;
			break;
		}
		if (x[i] == '\n')
			(*line)++;
		i++;
		j++;
	}
	free(x);
	free(y);
	return rc;
}

void hp_vectors_compare(const struct hp_detect *d, const char *rundir, const struct hp_strv *produced,
			const char *stdout_path, struct hp_kat *k)
{
	char a[PATH_MAX], b[PATH_MAX], pa[PATH_MAX], vb[PATH_MAX];
	int pairs = 0;
	unsigned line;

	/* same file names first */
	for (size_t i = 0; i < produced->n; i++)
		for (size_t v = 0; v < d->vectors.n; v++) {
			if (strcmp(hp_base(produced->v[i]), hp_base(d->vectors.v[v])))
				continue;
			hp_path_rel(rundir, produced->v[i], pa, sizeof pa);
			hp_path_rel(d->dir, d->vectors.v[v], vb, sizeof vb);
			pairs++;
			if (hp_vectors_differ(produced->v[i], d->vectors.v[v], &line)) {
				hp_fmt(k->status, sizeof k->status, "fail");
				hp_fmt(k->detail, sizeof k->detail, "%s differs from %s at line %u", pa, vb, line);
				return;
			}
		}
	if (pairs) {
		hp_fmt(k->status, sizeof k->status, "pass");
		if (pairs > 1)
			hp_fmt(k->detail, sizeof k->detail, "%d files match the shipped vectors", pairs);
		else
			hp_fmt(k->detail, sizeof k->detail, "%s matches %s", pa, vb);
		return;
	}
	/* else the only output with the vector file named after the instance */
	{
		struct stat st;
		const char *only = NULL;
		long best = -1;
		for (size_t v = 0; v < d->vectors.n && best < 0; v++)
			if (strstr(hp_base(d->vectors.v[v]), d->name))
				best = (long)v;
		if (best < 0 && d->vectors.n == 1)
			best = 0;
		if (produced->n == 1) {
			hp_fmt(a, sizeof a, "%s", produced->v[0]);
			hp_path_rel(rundir, a, pa, sizeof pa);
			only = pa;
		} else if (produced->n == 0 && stat(stdout_path, &st) == 0 && st.st_size > 0) {
			hp_fmt(a, sizeof a, "%s", stdout_path);
			only = "its standard output";
		}
		if (best < 0 || !only) {
			hp_fmt(k->status, sizeof k->status, "not checked");
			hp_fmt(k->detail, sizeof k->detail,
			       "cannot pair the KAT output (%zu file%s) with the shipped vectors (%zu file%s): "
			       "name them with kat-vectors in a recipe",
			       produced->n, produced->n == 1 ? "" : "s", d->vectors.n, d->vectors.n == 1 ? "" : "s");
			return;
		}
		hp_fmt(b, sizeof b, "%s", d->vectors.v[best]);
		hp_path_rel(d->dir, b, vb, sizeof vb);
		if (hp_vectors_differ(a, b, &line)) {
			hp_fmt(k->status, sizeof k->status, "fail");
			hp_fmt(k->detail, sizeof k->detail, "%s differs from %s at line %u", only, vb, line);
			return;
		}
		hp_fmt(k->status, sizeof k->status, "pass");
		hp_fmt(k->detail, sizeof k->detail, "%s matches %s", only, vb);
	}
}
