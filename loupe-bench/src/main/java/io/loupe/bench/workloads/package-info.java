/**
 * The real programs the benchmarks run, one driver per library (SciMark, Commons Math, H2, Lucene,
 * Jackson, LuaJ, compression codecs, Bouncy Castle, JavaParser), each doing a fixed amount of work
 * for a {@link Size} and printing one checksum line under the contract of {@link Driver};
 * {@link Workload} names them for the harness. BENCHMARKS.md, <i>Workloads</i>, lists them.
 */
package io.loupe.bench.workloads;
