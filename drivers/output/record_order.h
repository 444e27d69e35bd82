/*
 * record_order.h - the order of the rows read from a folder of records
 * (`hashprof report DIR`, `hashprof check DIR`): by instance, then each
 * operation in its kind's order (keygen, sign, verify; keygen, encaps,
 * decaps; a key exchange's steps), as a run prints them, not the file
 * names' alphabetical order (decaps, encaps, keygen).
 */
#ifndef HP_RECORD_ORDER_H
#define HP_RECORD_ORDER_H

#include <stddef.h>

#include "record/record_io.h"

/* Sort set->rows[start .. set->n - 1] (the rows one folder added) in
 * that order; rows of one operation keep their file names' order. */
void hp_record_rows_order(struct hp_record_set *set, size_t start);

#endif
