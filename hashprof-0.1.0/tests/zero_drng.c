/*
 * zero_drng.c - a module whose drng_algorithm has size 0 in its dynamic
 * symbol table (an assembler label with no .size, as a hand-written or
 * oddly built object can leave it), for tests/test_replay: hashprof must
 * refuse to save such a "context" for replay, with a clear message.
 */
__asm__(".data\n"
	".globl drng_algorithm\n"
	".type drng_algorithm, %object\n"
	"drng_algorithm:\n"
	".zero 16\n"
	".text\n");
