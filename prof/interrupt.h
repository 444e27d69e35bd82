/*
 * interrupt.h - the signals that interrupt hashprof (SIGINT, SIGTERM,
 * SIGHUP), trapped the same way by the run command (child.c) and by
 * `hashprof build` (builder/run.c): each kills the process groups of its
 * children in the handler and exits with 128 + the signal.
 */
#ifndef HP_INTERRUPT_H
#define HP_INTERRUPT_H

/* Call handler(sig) on SIGINT, SIGTERM and SIGHUP, without SA_RESTART: a
 * waitpid, poll or read in progress returns with EINTR. */
void hp_trap_interrupt_signals(void (*handler)(int sig));

/* In a forked child: the default actions again for those signals. */
void hp_untrap_interrupt_signals(void);

#endif
