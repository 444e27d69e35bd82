/*
 * pad.c - a function that is never called, linked first into
 * bench/ml-dsa-44-plain-shifted.la so that every other function of that
 * twin lands a few dozen bytes further than in bench/ml-dsa-44-plain.la.
 * The pair measures how much an operation's speed depends on where the
 * linker happens to place its code (bench (b), control row).
 */
void hpb_pad(void);

void hpb_pad(void)
{
	__asm__ volatile(".skip 16");
}
