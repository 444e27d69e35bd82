/*
 * interrupt.c - trapping SIGINT, SIGTERM and SIGHUP (see interrupt.h).
 */
#include "interrupt.h"

#include <signal.h>
#include <string.h>

static const int hp_interrupt_signals[] = { SIGINT, SIGTERM, SIGHUP };

void hp_trap_interrupt_signals(void (*handler)(int sig))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof hp_interrupt_signals / sizeof hp_interrupt_signals[0]; i++)
		sigaction(hp_interrupt_signals[i], &sa, NULL);
}

void hp_untrap_interrupt_signals(void)
{
	for (size_t i = 0; i < sizeof hp_interrupt_signals / sizeof hp_interrupt_signals[0]; i++)
		signal(hp_interrupt_signals[i], SIG_DFL);
}
