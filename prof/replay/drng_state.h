/*
 * drng_state.h - save and restore an instance's global DRNG context,
 * drng_algorithm, so that the runs of a replay measurement (record, timed,
 * replay: docs/replay.md) all start from the same DRNG state and so draw
 * the same random bytes.
 *
 * The context's type is the instance's own (DRNG_ctx in the ICCS code,
 * whatever a submission defines), so its size comes from the ELF symbol
 * (st_size, through dladdr1 with RTLD_DL_SYMENT), not from a header.  The
 * bytes are copied as they are: a context that points to state elsewhere
 * (a heap-allocated hash context, say) is not restored by this, and a
 * replay then diverges (HP_TAPE_DIVERGED), which the runtime reports.
 */
#ifndef HP_DRNG_STATE_H
#define HP_DRNG_STATE_H

#include <stddef.h>

#define HP_DRNG_SYMBOL "drng_algorithm"

/* Two copies: the state before an operation, to run it again from there,
 * and the state the operation left, to carry on from as if it had run
 * once (prof/replay/replay.c). */
enum hp_drng_slot { HP_DRNG_BEFORE = 0, HP_DRNG_AFTER, HP_DRNG_SLOTS };

struct hp_drng_state {
	unsigned char *addr; /* the context inside the instance */
	size_t size; /* bytes (the symbol's st_size) */
	unsigned char *saved[HP_DRNG_SLOTS]; /* size bytes each, owned */
};

/*
 * Find drng_algorithm in the instance opened as dl (a dlopen() handle),
 * allocate its copies and take the current state into both.  Returns 0,
 * or -1 with a one-line reason in err (errlen bytes): the instance
 * defines no drng_algorithm, its dynamic symbol gives it size 0 or over
 * 1 MiB (not a plain context), or out of memory.  *s is zeroed on failure.
 */
int hp_drng_state_open(void *dl, struct hp_drng_state *s, char *err, size_t errlen);

/* Copy the context's s->size bytes into slot. */
void hp_drng_state_save(struct hp_drng_state *s, enum hp_drng_slot slot);

/* Copy slot back into the context: the DRNG state of that slot's save. */
void hp_drng_state_restore(const struct hp_drng_state *s, enum hp_drng_slot slot);

/* Release the copies; *s is zeroed.  Safe on a zeroed or failed state. */
void hp_drng_state_close(struct hp_drng_state *s);

#endif
