/*
 * bench_child.c - what the driver's operations (drivers/ops_*.c) need from
 * drivers/child.c, for the bench programs that reuse them outside a
 * measuring child: hp_child_phase() records the phase a child is in so
 * that its parent can name it in a failure; the bench runs no children,
 * and drivers/child.c ignores the call outside a child too.
 */
#include "child.h"

void hp_child_phase(const char *fmt, ...)
{
	(void)fmt;
}
