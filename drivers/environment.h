/*
 * environment.h - describe the run for records: command line, versions,
 * CPU and kernel.
 */
#ifndef HP_ENVIRONMENT_H
#define HP_ENVIRONMENT_H

#include <jansson.h>

#include "options.h"

/* What the parent learns of the machine before any row, for the run
 * description and every row: the selected clock's rate (ticks per
 * second) and resolution (ticks), and whether this process is emulated.
 * hp_clock_init first. */
void hp_environment_probe(struct hp_options *o);

/* A new JSON object {command, hashprof, papi, cpu, kernel, clock, rate_hz,
 * resolution_ticks, emulated[, emulation]}. */
json_t *hp_environment_json(int argc, char **argv, const struct hp_options *o);

/* The CPU model name from /proc/cpuinfo into buf ("unknown" if absent). */
void hp_environment_cpu(char *buf, size_t len);

#endif
