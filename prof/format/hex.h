/*
 * hex.h - hexadecimal strings <-> bytes (seeds, messages, records).
 */
#ifndef HP_HEX_H
#define HP_HEX_H

#include <stddef.h>

/*
 * Decode hex (upper or lower case, even length, no prefix) into out (at
 * most cap bytes).  Returns the number of bytes, or -1 when hex is not
 * well-formed or longer than cap bytes.
 */
long hp_hex_decode(const char *hex, unsigned char *out, size_t cap);

/* Encode len bytes as lower-case hex into out (2*len+1 bytes).  Returns out. */
char *hp_hex_encode(const unsigned char *in, size_t len, char *out);

#endif
