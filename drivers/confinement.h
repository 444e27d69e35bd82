/*
 * confinement.h - what a measuring or calibration child of `hashprof
 * INSTANCE` and `hashprof check` may do (prof/sandbox/confine.h):
 * read the filesystem but $HOME, of which only the instance file and the
 * package folder it was built from; write no file; no socket, no
 * program, no process; CPU time, address space (--max-memory), file size
 * limited.
 */
#ifndef HP_CONFINEMENT_H
#define HP_CONFINEMENT_H

#include <limits.h>

#include "instance.h"
#include "sandbox/confine.h"

/* The policy of an instance's measuring children and the paths it names. */
struct hp_measure_confine {
	struct hp_confine c;
	char file[PATH_MAX]; /* the instance file, symbolic links resolved */
	char origin[PATH_MAX]; /* the package folder it was built from (`hashprof build`), resolved; "" */
};

/*
 * Fill m for the children of inst: on = 0 (--no-confine) gives a policy
 * that applies nothing; max_memory_mb the address space a child may add
 * once confined, MiB (0: no limit).  m must stay where it is while
 * children use it (m->c points into it).
 */
void hp_measure_confine_init(struct hp_measure_confine *m, const struct hp_instance *inst, int on,
			     unsigned max_memory_mb);

#endif
