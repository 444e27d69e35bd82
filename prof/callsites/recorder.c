/*
 * recorder.c - the call-site recorder (see recorder.h).
 */

#include "recorder.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#include "tick.h"

/* Frames of the recorder itself and of the shim's timed function come
 * first; a few more than HP_SITE_FRAMES_MAX so that those do not cost the
 * path any of its frames. */
#define HP_REC_EXTRA 4u

static struct {
	struct hp_wrap_state *w;
	uintptr_t lo, hi; /* the instance's object */
	uintptr_t main_lo, main_hi; /* the object of the recorder, whose code calls the API */
	struct hp_site_raw *paths; /* HP_SITE_PATHS_MAX slots */
	struct hp_site_lost lost[HP_FN_SLOTS];
	int walk; /* frames unw_backtrace is asked for: the deepest path so far, and 2 */
} hp_rec;

/* The first bound of a walk, frames (it grows with the paths seen). */
#define HP_REC_WALK_FIRST 16

static int hp_rec_inside(uintptr_t pc)
{
	return pc >= hp_rec.lo && pc < hp_rec.hi;
}

static int hp_rec_in_main(uintptr_t pc)
{
	return pc >= hp_rec.main_lo && pc < hp_rec.main_hi;
}

/* FNV-1a over the helper and the return addresses (64-bit: the offset
 * basis and prime of the FNV specification). */
static uint64_t hp_rec_hash(uint32_t fn, const uintptr_t *pc, uint32_t n)
{
	uint64_t h = 0xcbf29ce484222325ull ^ fn;

	for (uint32_t i = 0; i < n; i++) {
		h ^= (uint64_t)pc[i];
		h *= 0x100000001b3ull;
	}
	return h ^ (h >> 29);
}

/* The slot of (fn, pc[0..n)), claimed on first use; NULL when neither it
 * nor a free slot is within HP_SITE_PROBES_MAX of its hash. */
static struct hp_site_raw *hp_rec_slot(uint32_t fn, const uintptr_t *pc, uint32_t n, uint32_t truncated)
{
	uint64_t h = hp_rec_hash(fn, pc, n);
	uint32_t i = (uint32_t)h & (HP_SITE_PATHS_MAX - 1);

	for (uint32_t probes = 0; probes < HP_SITE_PROBES_MAX; probes++) {
		struct hp_site_raw *s = &hp_rec.paths[i];
		if (s->used && s->hash == h && s->fn == fn && s->n == n && !memcmp(s->pc, pc, n * sizeof *pc))
			return s;
		if (!s->used) {
			s->used = 1;
			s->fn = fn;
			s->n = n;
			s->truncated = truncated;
			s->hash = h;
			memcpy(s->pc, pc, n * sizeof *pc);
			return s;
		}
		i = (i + 1) & (HP_SITE_PATHS_MAX - 1);
	}
	return NULL;
}

/*
 * Walk at most size frames into buf; *i gets the index of the shim's
 * frame (the first inside the instance: the recorder's own lies outside
 * it), *j that of the first frame after it back in the recorder's object
 * (the driver that called the API function; n when none was reached).
 * The path runs between them, through whatever lies there (the scheme,
 * and the C library of a qsort callback).  Returns n, the frames walked.
 */
static int hp_rec_walk(void **buf, int size, int *i, int *j)
{
	int n = unw_backtrace(buf, size);

	*i = 0;
	while (*i < n && !hp_rec_inside((uintptr_t)buf[*i]))
		(*i)++;
	*j = *i + 1;
	while (*j < n && !hp_rec_in_main((uintptr_t)buf[*j]))
		(*j)++;
	return n;
}

void hp_callsite_rec_record(uint32_t fn, uint64_t ticks)
{
	struct hp_wrap_state *w = hp_rec.w;
	uint64_t u0 = hp_tick(w);
	const int full = (int)(HP_SITE_FRAMES_MAX + HP_REC_EXTRA);
	void *buf[HP_SITE_FRAMES_MAX + HP_REC_EXTRA];
	int i, j, n = hp_rec_walk(buf, hp_rec.walk, &i, &j);
	struct hp_site_raw *s = NULL;

	if (fn >= HP_FN_SLOTS)
		fn = HP_FN_CALIB;
	/* the walk stops at hp_rec.walk frames, just past the deepest path so
	 * far, not at the bottom of the stack (the driver's, main's, libc's
	 * frames below the API call are never needed); a path deeper than
	 * that is walked again in full, and the bound follows it */
	if (j >= n && n == hp_rec.walk && hp_rec.walk < full)
		n = hp_rec_walk(buf, full, &i, &j);
	if (j < n && j + 2 > hp_rec.walk)
		hp_rec.walk = j + 2 < full ? j + 2 : full;
	/* a walk that never got back to the driver (a frame without unwind
	 * information, a private stack, a corrupted one) has no whole path,
	 * unless it only ran out of room (a deep recursion: the innermost
	 * frames are kept, marked truncated) */
	if (i + 1 >= n || (j >= n && n < full)) {
		hp_rec.lost[fn].unwind_failed++;
		hp_rec.lost[fn].ticks += ticks;
	} else {
		uint32_t len = (uint32_t)(j - i - 1), truncated = j >= n;
		if (len > HP_SITE_FRAMES_MAX)
			len = HP_SITE_FRAMES_MAX;
		s = hp_rec_slot(fn, (const uintptr_t *)&buf[i + 1], len, truncated);
		if (s) {
			s->calls++;
			s->ticks += ticks;
		} else {
			hp_rec.lost[fn].table_full++;
			hp_rec.lost[fn].ticks += ticks;
		}
	}
	w->site_excluded_ticks += hp_tick(w) - u0;
}

int hp_callsite_rec_start(struct hp_wrap_state *w, uintptr_t lo, uintptr_t hi, char *err, size_t errlen)
{
	hp_callsite_rec_stop();
	hp_rec.paths = calloc(HP_SITE_PATHS_MAX, sizeof *hp_rec.paths);
	if (!hp_rec.paths) {
		snprintf(err, errlen, "out of memory for the call-site table (%u paths)", HP_SITE_PATHS_MAX);
		return -1;
	}
	/* one thread unwinds: its own cache, no lock per frame */
	unw_set_caching_policy(unw_local_addr_space, UNW_CACHE_PER_THREAD);
	if (hp_callsite_module_range((const void *)hp_callsite_rec_record, &hp_rec.main_lo, &hp_rec.main_hi) != 0) {
		snprintf(err, errlen, "the recorder's own object is not among the loaded ones");
		hp_callsite_rec_stop();
		return -1;
	}
	hp_rec.w = w;
	hp_rec.lo = lo;
	hp_rec.hi = hi;
	hp_rec.walk = HP_REC_WALK_FIRST;
	memset(hp_rec.lost, 0, sizeof hp_rec.lost);
	w->site_excluded_ticks = 0;
	w->site_record = hp_callsite_rec_record;
	return 0;
}

void hp_callsite_rec_clear(void)
{
	if (hp_rec.paths)
		memset(hp_rec.paths, 0, HP_SITE_PATHS_MAX * sizeof *hp_rec.paths);
	memset(hp_rec.lost, 0, sizeof hp_rec.lost);
}

const struct hp_site_raw *hp_callsite_rec_table(void)
{
	return hp_rec.paths;
}

const struct hp_site_lost *hp_callsite_rec_lost(unsigned fn)
{
	return &hp_rec.lost[fn < HP_FN_SLOTS ? fn : HP_FN_CALIB];
}

void hp_callsite_rec_stop(void)
{
	if (hp_rec.w)
		hp_rec.w->site_record = NULL;
	free(hp_rec.paths);
	memset(&hp_rec, 0, sizeof hp_rec);
}

struct hp_range_find {
	uintptr_t addr, lo, hi;
	int found;
};

static int hp_range_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct hp_range_find *f = arg;
	uintptr_t lo = UINTPTR_MAX, hi = 0;

	(void)size;
	for (int k = 0; k < info->dlpi_phnum; k++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[k];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (f->addr >= lo && f->addr < hi) {
		f->lo = lo;
		f->hi = hi;
		f->found = 1;
		return 1;
	}
	return 0;
}

int hp_callsite_module_range(const void *addr, uintptr_t *lo, uintptr_t *hi)
{
	struct hp_range_find f = { (uintptr_t)addr, 0, 0, 0 };

	dl_iterate_phdr(hp_range_cb, &f);
	if (!f.found)
		return -1;
	*lo = f.lo;
	*hi = f.hi;
	return 0;
}
