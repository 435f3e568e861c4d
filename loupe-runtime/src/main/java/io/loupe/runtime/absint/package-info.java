/**
 * Dynamic abstract interpretation at loop entry (docs/absint.md): the abstract domains the
 * analysis of a loop nest evaluates from the concrete state it starts in — {@link
 * io.loupe.runtime.absint.Interval intervals}, {@link io.loupe.runtime.absint.Congruence
 * congruences} and {@link io.loupe.runtime.absint.Relation relations} between two variables — so that the dependence profiler can decide a loop's dependences without tracing
 * its accesses.
 */
package io.loupe.runtime.absint;
