/**
 * The dependence profiler at run time: {@link Deps} is what instrumented code calls,
 * {@link DepThread} keeps each thread's loop stack, calls and context, and {@link LocationHistory}
 * runs Algorithm 1 on each memory location, found through shadow memory ({@link ShadowMap},
 * {@link ShadowCache}). Follows <i>CAMP: Context-Aware Memory Profiling</i>; see docs/deps.md.
 */
package io.loupe.runtime.deps;
