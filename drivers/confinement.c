/*
 * confinement.c - the policy of an instance's measuring children (see
 * confinement.h).
 */
#include "confinement.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hp_measure_confine_init(struct hp_measure_confine *m, const struct hp_instance *inst, int on,
			     unsigned max_memory_mb)
{
	hp_confine_defaults(&m->c, 0, "the measured code");
	m->c.on = on;
	m->c.memory_mb = max_memory_mb;
	if (!realpath(inst->path, m->file))
		snprintf(m->file, sizeof m->file, "%s", inst->path);
	/* a package that reads its own files (tables, parameters) at run
	 * time finds them where it was built from */
	if (inst->origin[0] != '/' || !realpath(inst->origin, m->origin))
		m->origin[0] = '\0';
	hp_confine_allow_read(&m->c, m->file);
	hp_confine_allow_read(&m->c, m->origin);
}
