/*
 * flame.h - a flame graph, as SVG, of folded stacks ("f1;f2;f3 COUNT"
 * lines, report.h): each frame a box as wide as the count of
 * the stacks through it, callers below callees, a tooltip with the count
 * and its share of the whole.  Our own small renderer (no Debian package
 * ships flamegraph.pl or inferno); reporting only.
 */
#ifndef HP_FLAME_H
#define HP_FLAME_H

/* Width of the drawing in pixels, and of one frame's row. */
#define HP_FLAME_WIDTH 1200
#define HP_FLAME_ROW 16

/*
 * The SVG document of the folded stacks `folded` under the title `title`
 * (lines that are not "STACK COUNT" with a whole COUNT are skipped;
 * several first frames get a common root "all").  count_unit names what
 * the counts are ("ticks").  A new NUL-terminated string (free it), or
 * NULL when out of memory.
 */
char *hp_flame_svg(const char *folded, const char *title, const char *count_unit);

#endif
