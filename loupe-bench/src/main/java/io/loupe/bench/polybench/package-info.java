/**
 * Java ports of PolyBench/C 4.2 kernels, for measuring the memory-dependence profiler
 * ({@code profile=deps}) with and without abstract interpretation at loop entry
 * (docs/absint.md).
 *
 * <p>Each kernel is a class of its own with PolyBench's {@code init_array} as {@code init} and its
 * {@code kernel_*} function as {@code kernel}, written the way PolyBench/C writes them: counted
 * {@code for} loops over {@code int} induction variables, the problem sizes and the arrays
 * ({@code double[]}, jagged {@code double[][]} and {@code double[][][]}; {@code int[][]} for the
 * two integer kernels) passed as parameters, the same initial values and the same arithmetic, so
 * that the loop nests an analysis sees are PolyBench's. {@link io.loupe.bench.workloads.PolyBenchDriver} runs them under the
 * contract of {@link io.loupe.bench.workloads.Driver} and lists them with their sizes.
 */
package io.loupe.bench.polybench;
