/**
 * The overhead benchmarks (not shipped): {@link OverheadHarness} runs every workload in fresh JVMs
 * under each profiler configuration and reports wall-time ratios against uninstrumented runs of the
 * same round, and {@link PruningComparison}, {@link ValueAccuracy} and {@link ValueChanges} read
 * the profiles it kept. The method and the results are in BENCHMARKS.md.
 */
package io.loupe.bench;
