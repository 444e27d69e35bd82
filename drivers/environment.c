/*
 * environment.c - run description (see environment.h).
 */
#include "config.h"
#include "environment.h"

#include <papi.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "util/emulation.h"

void hp_environment_cpu(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, len, "unknown");
	while (f && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (!colon || strncmp(line, "model name", 10))
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, len, "%s", colon);
		break;
	}
	if (f)
		fclose(f);
}

void hp_environment_probe(struct hp_options *o)
{
	o->tick_hz = hp_clock_measure_rate(20);
	o->tick_resolution = hp_clock_measure_resolution();
	hp_util_emulated(o->emulation, sizeof o->emulation);
}

json_t *hp_environment_json(int argc, char **argv, const struct hp_options *o)
{
	json_t *cmd = json_array();
	struct utsname u;
	char cpu[256], kernel[512] = "unknown", papi[32];

	for (int i = 0; i < argc; i++)
		json_array_append_new(cmd, json_string(argv[i]));
	hp_environment_cpu(cpu, sizeof cpu);
	if (uname(&u) == 0)
		snprintf(kernel, sizeof kernel, "%s %s %s", u.sysname, u.release, u.machine);
	snprintf(papi, sizeof papi, "%d.%d.%d", PAPI_VERSION_MAJOR(PAPI_VERSION), PAPI_VERSION_MINOR(PAPI_VERSION),
		 PAPI_VERSION_REVISION(PAPI_VERSION));
	json_t *run = json_pack(
		"{s:o, s:s, s:s, s:s, s:s, s:s, s:f, s:I, s:b}", "command", cmd, "hashprof", PACKAGE_VERSION, "papi",
		papi, "cpu", cpu, "kernel", kernel, "clock", o->clock == HP_CLOCK_CYCLES ? "cycles" : "tsc", "rate_hz",
		o->tick_hz, "resolution_ticks", (json_int_t)o->tick_resolution, "emulated", o->emulation[0] != '\0');
	/* how the run printed its figures, so that `report` prints them so too */
	if (run && json_object_set_new(run, "figures", json_string(o->raw ? "raw" : "corrected")) != 0) {
		json_decref(run);
		return NULL;
	}
	if (run && o->emulation[0] && json_object_set_new(run, "emulation", json_string(o->emulation)) != 0) {
		json_decref(run);
		return NULL;
	}
	return run;
}
