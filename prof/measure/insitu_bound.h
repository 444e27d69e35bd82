/*
 * insitu_bound.h - the plausible bound of a cost measured in the
 * operation itself (the difference of two runs of it, per call) against
 * what the same work costs in a calibration's tight loop.  One home for
 * the two such costs: the call-site recorder's (callsites/insitu.h,
 * against the shims' calibrated overhead) and the replay's tape path
 * (replay.h, c(F) against hp_calibrate_replay's loop).  A busy machine
 * reads nonsense in such a difference; outside the bound it is not used.
 */
#ifndef HP_INSITU_BOUND_H
#define HP_INSITU_BOUND_H

/*
 * The bound, in units of the loop's cost per call O: [-O / 4, 16 O].
 *
 * HP_INSITU_MAX_FACTOR 16: the recorder's cost read at most 2.1 O where it
 * was measured on a machine at work, not overloaded (ML-DSA-44 sign 205
 * ticks against O = 96, docs/call-sites.md's example; SPHINCS+-SHAKE-128f-
 * simple sign 90 against 97, a `make bench` (f) run on the Intel VM;
 * SYNTH-SIG 16 to 70 against 96); the replay's tape path reads at most
 * about 2 O in place (bench (c)'s loops row, 20 against 10 to 11), most
 * often under O (0.4 O in SPHINCS+ sign).  16 leaves eight times that for
 * schemes whose working set the extra work evicts more of.  An overloaded
 * run read 39651 (400 O), and its row 73% against 54-62% without call
 * sites.
 *
 * HP_INSITU_NEG_FRACTION 1/4: the measured work only adds work, so a cost
 * is not below 0 but by noise; the medians read down to -0.11 O on a
 * machine at load 2.7 to 4.4 (SYNTH-SIG keygen's recorder, -10.6 against
 * 96, 6 runs) and the tape path -0.03 O (GROUND-TRUTH short work, -0.3
 * against 9 to 11), so -O / 4 is still noise; further below, the samples
 * measured other work on the machine (-39 to -139 were seen for the
 * recorder; -97 ticks a call for the DRNG runs of ML-DSA-44 sign, against
 * a loop's 10 to 40).
 */
#define HP_INSITU_MAX_FACTOR 16.0
#define HP_INSITU_NEG_FRACTION 0.25

/*
 * Is cost (ticks per call, measured in the operation) plausible against
 * the loop's calibrated cost of the same work (ticks per call)?  *lo and
 * *hi (either may be NULL) get the bound, in ticks per call.  Returns 1
 * when cost lies within it (edges included), 0 when not (or cost is not
 * a finite number), and -1 when there is nothing to judge by (calibrated
 * not above 0, or not finite; *lo and *hi are then 0).
 */
int hp_insitu_plausible(double cost, double calibrated, double *lo, double *hi);

#endif
