/**
 * Dependence profiling's probes: {@link DepSiteFinder} finds a method's heap accesses, calls, loops
 * and handlers ({@link DepSites}), {@link DepProbeInserter} inserts the probes that report them to
 * the runtime, and {@link DepClassRewrite} is its part
 * in rewriting a class. The design is in
 * docs/deps.md (<i>Probes</i>, <i>Static model</i>), after <i>CAMP: Context-Aware Memory
 * Profiling</i>.
 */
package io.loupe.instrument.deps;
