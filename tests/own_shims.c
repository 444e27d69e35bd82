/* own_shims.c - the own-entry shims of test_wrap, as the survey writes
 * them into an instance (builder/survey/survey.c: HP_OWN_SHIM per wrapped entry,
 * linked with -Wl,--wrap=F for each; tests/local.mk). */
#include "own.h"

HP_OWN_SHIM(0, fake_keccak);
HP_OWN_SHIM(1, fake_shake);
HP_OWN_SHIM(2, fake_args6);
