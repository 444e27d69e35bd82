/*
 * check_run.h - run a Check suite as every suite here does: normal output,
 * and the exit status automake's harness reads (0: all passed).
 */
#ifndef HP_CHECK_RUN_H
#define HP_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

static inline int hp_check_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
