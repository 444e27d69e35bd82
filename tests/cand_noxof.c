/*
 * cand_noxof.c - a candidate module that lacks a function of the module
 * API (candidates/module.h): its .hashprof section names it NOXOF-256,
 * but it exports hashprof_candidate_pseudohash only, as a module made by
 * hand or by another tool might.  `hashprof --hash=NOXOF-256` must refuse
 * it naming hashprof_candidate_pseudoXOF (tests/test_hash_build.c).
 */
#include <string.h>

#include "module.h"

__attribute__((used, section(".hashprof"))) static const char hp_candidate_info[] =
	HP_CAND_MODULE_MAGIC "name=NOXOF-256\ndigest_bits=256\nhelpers=pseudohash,pseudoXOF\norigin=tests\n"
			     "construction=none\ncflags=\n";

__attribute__((visibility("default"))) int hashprof_candidate_pseudohash(int digest_len_bits, const unsigned char *msg,
									 unsigned long long msg_len_bits,
									 unsigned char *digest);

int hashprof_candidate_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
				  unsigned char *digest)
{
	(void)msg;
	(void)msg_len_bits;
	memset(digest, 0, (size_t)digest_len_bits / 8);
	return 0;
}
