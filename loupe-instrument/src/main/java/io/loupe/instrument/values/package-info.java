/**
 * Value profiling's probes: {@link ValueSiteFinder} finds a method's value sites
 * ({@link ValueSite}), {@link ValueProbeInserter} passes each site's value to the runtime, and
 * {@link ValueClassRewrite} is its part in rewriting a class;
 * {@code QuietCopy} gives convergent profiling its quiet methods, a copy of the code without probes
 * (after Arnold and Ryder, PLDI 2001). Value profiling follows Calder, Feller and Eustace,
 * MICRO 1997; see docs/values.md.
 */
package io.loupe.instrument.values;
