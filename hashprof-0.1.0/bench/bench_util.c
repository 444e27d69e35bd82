/*
 * bench_util.c - statistics, loading and running for the bench (bench.h).
 */
#include "bench.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

static int hpb_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double hpb_median(double *v, size_t n)
{
	if (n == 0)
		return 0;
	qsort(v, n, sizeof v[0], hpb_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double hpb_min(const double *v, size_t n)
{
	double m = n ? v[0] : 0;

	for (size_t i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

double hpb_max(const double *v, size_t n)
{
	double m = n ? v[0] : 0;

	for (size_t i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

/* Quartiles by linear interpolation between order statistics. */
static double hpb_quantile_sorted(const double *v, size_t n, double q)
{
	double pos = q * (double)(n - 1);
	size_t i = (size_t)pos;
	double f = pos - (double)i;

	return i + 1 < n ? v[i] + f * (v[i + 1] - v[i]) : v[n - 1];
}

void hpb_quartiles(double *v, size_t n, double *q1, double *q3)
{
	if (n == 0) {
		*q1 = *q3 = 0;
		return;
	}
	qsort(v, n, sizeof v[0], hpb_cmp);
	*q1 = hpb_quantile_sorted(v, n, 0.25);
	*q3 = hpb_quantile_sorted(v, n, 0.75);
}

void *hpb_open(const char *path)
{
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	if (!dl)
		printf("  cannot load %s: %s\n", path, dlerror());
	return dl;
}

void *hpb_sym(void *dl, const char *path, const char *name)
{
	void *p = dlsym(dl, name);

	if (!p)
		printf("  %s: missing symbol %s\n", path, name);
	return p;
}

int hpb_run(char *const argv[], const char *out_path, const char *err_path, double *wall)
{
	double t0 = hp_util_monotonic();
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int out = open(out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (out < 0 || dup2(out, 1) < 0)
			_exit(127);
		if (err_path) {
			int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (err < 0 || dup2(err, 2) < 0)
				_exit(127);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		;
	*wall = hp_util_monotonic() - t0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

char *hpb_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = 2 * cap + 4096 + 1);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, 4096, f);
		len += got;
	} while (got > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

void hpb_scratch(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/bench/%s", HP_BENCH_BUILDDIR, name);
}

void hpb_seed(unsigned char seed[48])
{
	for (unsigned i = 0; i < 48; i++)
		seed[i] = (unsigned char)i;
}

void hpb_message(unsigned char msg[64])
{
	for (unsigned i = 0; i < 64; i++)
		msg[i] = (unsigned char)((i * 131 + 64) % 256);
}

double hpb_jnum(json_t *obj, const char *a, const char *b)
{
	json_t *v = json_object_get(obj, a);

	if (b)
		v = json_object_get(v, b);
	return json_is_number(v) ? json_number_value(v) : NAN;
}
