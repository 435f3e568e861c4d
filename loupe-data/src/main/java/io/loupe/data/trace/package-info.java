/**
 * Whole-program traces: the grammars that compress them ({@link io.loupe.data.trace.Sequitur},
 * online, after Nevill-Manning and Witten 1997, as Larus's whole program paths do) and what reads
 * them. See docs/trace.md.
 */
package io.loupe.data.trace;
