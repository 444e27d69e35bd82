/*
 * randombytes.h - PQClean's randombytes() served by the ICCS DRNG: every
 * call is exactly one get_random_number(&drng_algorithm, output, 8*n bits)
 * on the global context that NGCC schemes draw from (defined in
 * schemes/common/drng_global.c and seeded by the driver).  Replaces
 * PQClean's common/randombytes.h (the include path puts this folder first).
 *
 * The name is a macro for hp_iccs_randombytes (PQClean's own header maps it
 * to PQCLEAN_randombytes): a file compiled against PQClean's header would
 * fail to link instead of drawing from another generator.
 */
#ifndef HP_PQCLEAN_ADAPTER_RANDOMBYTES_H
#define HP_PQCLEAN_ADAPTER_RANDOMBYTES_H
#ifndef PQCLEAN_RANDOMBYTES_H
#define PQCLEAN_RANDOMBYTES_H
#endif

#include <stddef.h>
#include <stdint.h>

#define randombytes hp_iccs_randombytes

/*
 * randombytes - write n BYTES from the global DRNG to output[n]: one
 * get_random_number(&drng_algorithm, output, 8*n bits) call.  Returns 0.
 * A DRNG error (-2 allocation, -3 hash failure) prints a message and
 * aborts: PQClean ignores this return value, and keys made from unfilled
 * buffers would be silently wrong.
 */
int randombytes(uint8_t *output, size_t n);

#endif
