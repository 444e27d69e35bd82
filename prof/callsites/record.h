/*
 * record.h - a row's call-site table as the "call_sites" object
 * of hashprof-record/1 (docs/record-schema.md), written and read by
 * record.c's field table.
 */
#ifndef HP_CALLSITE_RECORD_H
#define HP_CALLSITE_RECORD_H

#include <jansson.h>
#include <stddef.h>

#include "record/result.h"

/* r->sites as a new JSON object; NULL when out of memory. */
json_t *hp_callsites_json(const struct hp_result *r);

/*
 * The "call_sites" object v (NULL: the row has none) into r->sites, the
 * row's call table already read: every field of its type, helpers by
 * name, and the sites' calls and ticks plus those without a call path
 * equal, helper by helper, to the row's outermost calls and their ticks.
 * Returns 0, or -1 with a one-line reason naming the field in err.
 */
int hp_callsites_read(const json_t *v, struct hp_result *r, char *err, size_t errlen);

#endif
