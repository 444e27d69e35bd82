/*
 * test_inspect.c - the ELF checks of `hashprof build` (builder/objects/inspect.c)
 * on objects that the configured compiler makes here: x86-64 objects in a
 * native build, AArch64 objects in a cross build run under qemu-aarch64
 * (tests/aarch64.sh).  The same source must give the same call sites on
 * every machine.
 *
 * The source (written by the test) defines pseudohash, pseudoXOF and
 * sm3hash and, in the same object, reaches each of them once in another
 * way: a call, a tail call, a function pointer.  --wrap sees none of
 * these (method.md); the builder must count exactly one site per helper,
 * with its caller.  On AArch64 they are R_AARCH64_CALL26, JUMP26 and a
 * GOT address built by two instructions, each relocated (ADR_GOT_PAGE,
 * LD64_GOT_LO12_NC): one site, not two.  On x86-64 R_X86_64_PLT32 twice
 * and a GOTPCRELX.  With -ffunction-sections -fno-semantic-interposition
 * the calls are relocated against the helper's section, not its symbol
 * (x86-64: PC32 at the end of the 4-byte field, hence the -4 addend).
 *
 * And the machine check: an object whose ELF header names another
 * machine is marked foreign (hashprof could not load it).
 */
#include "config.h"

#include <check.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builder.h"
#include "check_run.h"
#include "tmpdir.h"

#ifndef HP_CC
#error "HP_CC (the configured C compiler, the Makefile's $(CC)) must be defined"
#endif

static const char source[] =
	"typedef int (*hash_fn)(int, const unsigned char *, unsigned long long, unsigned char *);\n"
	"int pseudohash(int d, const unsigned char *m, unsigned long long l, unsigned char *o);\n"
	"int pseudoXOF(unsigned long long ol, const unsigned char *m, unsigned long long l, unsigned char *o);\n"
	"int sm3hash(int d, const unsigned char *m, unsigned long long l, unsigned char *o);\n"
	"int scheme_call(unsigned char *o);\n"
	"int scheme_tail(unsigned char *o);\n"
	"hash_fn scheme_pointer(void);\n"
	"__attribute__((noinline)) int pseudohash(int d, const unsigned char *m, unsigned long long l,\n"
	"\tunsigned char *o) { o[0] = (unsigned char)(m[0] ^ (unsigned)d ^ (unsigned)l); return 0; }\n"
	"__attribute__((noinline)) int pseudoXOF(unsigned long long ol, const unsigned char *m,\n"
	"\tunsigned long long l, unsigned char *o) { o[0] = (unsigned char)(m[0] + ol * l); return 0; }\n"
	"__attribute__((noinline)) int sm3hash(int d, const unsigned char *m, unsigned long long l,\n"
	"\tunsigned char *o) { o[1] = (unsigned char)(m[1] - ((unsigned)d ^ (unsigned)l)); return 0; }\n"
	"static const unsigned char msg[2] = { 3, 4 };\n"
	"int scheme_call(unsigned char *o) { int r = pseudohash(256, msg, 16, o); return r + o[0]; }\n"
	"int scheme_tail(unsigned char *o) { return pseudoXOF(512, msg, 16, o); }\n"
	"hash_fn scheme_pointer(void) { return sm3hash; }\n";

static char dir[HPT_TMPDIR_MAX / 2]; /* its paths fit in o.obj (PATH_MAX) */

static void setup(void)
{
	char path[sizeof dir + 16];
	FILE *f;

	hpt_tmpdir_in(dir, sizeof dir, "test-inspect");
	snprintf(path, sizeof path, "%s/sites.c", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(source, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void teardown(void)
{
	hpt_rmtree(dir);
	dir[0] = '\0';
}

/* Compile sites.c with the builder's compiler, the reference flags'
 * -std=c99 -O2 -fPIC and extra (NULL-terminated), into obj. */
static void compile(const char *obj, const char *const *extra)
{
	struct hp_strv argv = { 0 };
	char src[sizeof dir + 16], log[sizeof dir + 16], first[HP_BUILD_ERR];

	snprintf(src, sizeof src, "%s/sites.c", dir);
	snprintf(log, sizeof log, "%s/cc.log", dir);
	ck_assert_int_eq(hp_cc_argv(&argv), 0);
	ck_assert_int_eq(hp_strv_add(&argv, "-std=c99") || hp_strv_add(&argv, "-O2") || hp_strv_add(&argv, "-fPIC"), 0);
	for (; *extra; extra++)
		ck_assert_int_eq(hp_strv_add(&argv, *extra), 0);
	ck_assert_int_eq(hp_strv_add(&argv, "-c") || hp_strv_add(&argv, src) || hp_strv_add(&argv, "-o") ||
				 hp_strv_add(&argv, obj),
			 0);
	if (hp_run_program(argv.v, dir, log, 0, 120) != 0) {
		hp_first_error(log, first, sizeof first);
		ck_abort_msg("%s does not compile sites.c: %s", hp_cc_command(), first);
	}
	hp_strv_free(&argv);
}

/* The one site of helper h: its caller, and the count 1. */
static void expect_site(const struct hp_object *o, int h, const char *caller)
{
	unsigned n = 0;

	for (size_t i = 0; i < o->nsites; i++)
		if (o->sites[i].helper == h) {
			ck_assert_msg(!strcmp(o->sites[i].caller, caller), "%s: called from %s, expected %s",
				      hp_fn_name((unsigned)h), o->sites[i].caller, caller);
			ck_assert_msg(!o->sites[i].internal, "%s: the site counts as helper code",
				      hp_fn_name((unsigned)h));
			n += o->sites[i].count;
		}
	ck_assert_msg(n == 1, "%s: %u call sites, expected 1", hp_fn_name((unsigned)h), n);
}

static void check_sites(const char *const *extra)
{
	struct hp_object o = { 0 };
	char err[HP_BUILD_ERR];

	snprintf(o.obj, sizeof o.obj, "%s/sites.o", dir);
	compile(o.obj, extra);
	ck_assert_msg(hp_inspect_object(&o, err, sizeof err) == 0, "%s", err);
	ck_assert(o.inspected);
	ck_assert_uint_eq(o.machine, hp_host_machine());
	ck_assert(!o.foreign);
	ck_assert(!o.lto && !o.is_main && !o.helper_file);
	ck_assert(hp_object_defines(&o, "pseudohash") && hp_object_defines(&o, "sm3hash"));
	ck_assert_uint_eq(o.nsites, 3);
	expect_site(&o, HP_FN_PSEUDOHASH, "scheme_call");
	expect_site(&o, HP_FN_XOF, "scheme_tail");
	expect_site(&o, HP_FN_SM3, "scheme_pointer");
	hp_object_free(&o);
}

/* Calls against the helpers' own symbols (the reference flags' -fPIC). */
START_TEST(sites_by_symbol)
{
	check_sites((const char *const[]){ NULL });
}
END_TEST

/* Calls against the helpers' sections plus an offset. */
START_TEST(sites_by_section)
{
	check_sites((const char *const[]){ "-ffunction-sections", "-fno-semantic-interposition", NULL });
}
END_TEST

/* The compiler is the configured one unless $CC names another. */
START_TEST(configured_compiler)
{
	const char *was = getenv("CC");
	char *keep = was ? strdup(was) : NULL;

	unsetenv("CC");
	ck_assert_str_eq(hp_cc_command(), HP_CC);
	setenv("CC", "  ", 1);
	ck_assert_str_eq(hp_cc_command(), HP_CC);
	setenv("CC", "my-cc -m64", 1);
	ck_assert_str_eq(hp_cc_command(), "my-cc -m64");
	if (keep)
		setenv("CC", keep, 1);
	else
		unsetenv("CC");
	free(keep);
}
END_TEST

/* An object whose header names another machine is read, and foreign. */
START_TEST(foreign_machine)
{
	struct hp_object o = { 0 };
	char err[HP_BUILD_ERR], name[32];
	uint16_t other = hp_host_machine() == EM_X86_64 ? EM_AARCH64 : EM_X86_64;
	int fd;

	snprintf(o.obj, sizeof o.obj, "%s/sites.o", dir);
	compile(o.obj, (const char *const[]){ NULL });
	/* e_machine: two bytes at offset 18, in the object's (little-endian) order */
	fd = open(o.obj, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	unsigned char le[2] = { (unsigned char)(other & 0xff), (unsigned char)(other >> 8) };
	ck_assert_int_eq(pwrite(fd, le, 2, 18), 2);
	close(fd);
	ck_assert_msg(hp_inspect_object(&o, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(o.machine, other);
	ck_assert(o.foreign);
	ck_assert_str_eq(hp_machine_name(o.machine, name, sizeof name), other == EM_AARCH64 ? "AArch64" : "x86-64");
	ck_assert_str_eq(hp_machine_name(EM_RISCV, name, sizeof name), "RISC-V");
	ck_assert_str_eq(hp_machine_name(4242, name, sizeof name), "ELF machine 4242");
	hp_object_free(&o);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("inspect");
	TCase *tc = tcase_create("ELF checks");

	/* a cross compiler under qemu-user takes a few seconds */
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, sites_by_symbol);
	tcase_add_test(tc, sites_by_section);
	tcase_add_test(tc, configured_compiler);
	tcase_add_test(tc, foreign_machine);
	suite_add_tcase(s, tc);
	return hp_check_run(s);
}
