/*
 * parts.c - the registry of the features' parts of a row (part.h): the
 * only file that names every feature.  A new feature's part is one line
 * here, in the order of its member in a record, and its id in part.h.
 */
#include "part.h"

#include "swap/part.h"
#include "own/part.h"
#include "periter/part.h"
#include "replay/part.h"
#include "result.h"
#include "callsites/part.h"

/* By enum hp_part_id, which is the order of the members in a record. */
static const struct hp_part_ops *const hp_parts[HP_PART_COUNT] = {
	[HP_PART_OWN] = &hp_own_part_ops,       [HP_PART_ARMS] = &hp_arms_part_ops,
	[HP_PART_REPLAY] = &hp_replay_part_ops, [HP_PART_PER_OP] = &hp_per_op_part_ops,
	[HP_PART_SITES] = &hp_sites_part_ops,
};

int hp_parts_write(const struct hp_result *r, json_t *row)
{
	for (unsigned id = 0; id < HP_PART_COUNT; id++)
		if (hp_parts[id]->write(r, row) != 0)
			return -1;
	return 0;
}

int hp_parts_read(const json_t *rec, struct hp_result *r, char *err, size_t errlen)
{
	for (unsigned id = 0; id < HP_PART_COUNT; id++)
		if (hp_parts[id]->read(json_object_get(rec, hp_parts[id]->key), rec, r, err, errlen) != 0)
			return -1;
	return 0;
}

int hp_parts_consistent(const struct hp_result *r, char *err, size_t errlen)
{
	for (unsigned id = 0; id < HP_PART_COUNT; id++)
		if (hp_parts[id]->consistent && hp_parts[id]->consistent(r, err, errlen) != 0)
			return -1;
	return 0;
}
