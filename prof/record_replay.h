/*
 * record_replay.h - a row's replay estimate (struct hp_result_replay) in
 * its JSON record, as the object "replay" (docs/record-schema.md).  Kept
 * apart from record.c, which calls these two functions only, so that the
 * record's other fields are written and read exactly as without --replay.
 */
#ifndef HP_RECORD_REPLAY_H
#define HP_RECORD_REPLAY_H

#include <jansson.h>
#include <stddef.h>

#include "result.h"

/*
 * Add "replay" to the record rec when r->replay.requested; a row without
 * it gets nothing, so its record is what it was before replay existed.
 * Returns 0, or -1 when out of memory.
 */
int hp_record_replay_add(json_t *rec, const struct hp_result *r);

/*
 * Read "replay" of the record j into r->replay (requested = 1), or leave
 * it zero when the record has none.  Returns 0, or -1 with a one-line
 * reason naming the field in err ("field 'replay.hash': expected a
 * number, or null when the replay failed").
 */
int hp_record_replay_read(const json_t *j, struct hp_result *r, char *err, size_t errlen);

#endif
