/**
 * The profile model every module shares: {@link Profile} is everything one profiled run produced
 * (its {@link ProfileHeader}, the methods' metadata and each profiler's data), and {@link Profiler}
 * and {@link StatKeys} name the profilers and the stats that the agent, the runtime, the reports
 * and the benchmarks agree on. The modules and their dependences are in docs/architecture.md,
 * <i>Modules</i>.
 */
package io.loupe.data;
