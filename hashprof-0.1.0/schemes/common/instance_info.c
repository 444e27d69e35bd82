/*
 * instance_info.c - the .hashprof ELF section every instance carries.
 *
 * hashprof lists and finds instances by reading this section with libelf,
 * without loading (and so without running) the scheme's code.  Compiled
 * once per instance with:
 *   HP_INSTANCE_NAME     the instance name (string literal); when absent,
 *                        ALGORITHM_INSTANCE from HP_ADAPTER_HEADER is used,
 *                        expanded by the preprocessor as NGCC adapters expect
 *   HP_INSTANCE_KIND     "sig", "kem" or "kex"
 *   HP_INSTANCE_WRAPPED  comma-separated helper names linked with --wrap
 *   HP_INSTANCE_ORIGIN   free text: where the code comes from
 *   HP_INSTANCE_CFLAGS   the compiler flags the scheme was built with
 *   HP_INSTANCE_EXTRA    more "key=value\n" lines (hashprof build: flags,
 *                        kat, warnings); empty when absent
 * Format (drivers/instance.c parses it): "hashprof-instance 1\n" then
 * "key=value\n" lines.
 */
#ifndef HP_INSTANCE_NAME
#include HP_ADAPTER_HEADER
#define HP_INSTANCE_NAME ALGORITHM_INSTANCE
#endif
#ifndef HP_INSTANCE_ORIGIN
#define HP_INSTANCE_ORIGIN ""
#endif
#ifndef HP_INSTANCE_CFLAGS
#define HP_INSTANCE_CFLAGS ""
#endif
#ifndef HP_INSTANCE_EXTRA
#define HP_INSTANCE_EXTRA ""
#endif

__attribute__((used, section(".hashprof"))) static const char hp_instance_info[] =
	"hashprof-instance 1\n"
	"name=" HP_INSTANCE_NAME "\n"
	"kind=" HP_INSTANCE_KIND "\n"
	"wrapped=" HP_INSTANCE_WRAPPED "\n"
	"origin=" HP_INSTANCE_ORIGIN "\n"
	"cflags=" HP_INSTANCE_CFLAGS "\n" HP_INSTANCE_EXTRA;
