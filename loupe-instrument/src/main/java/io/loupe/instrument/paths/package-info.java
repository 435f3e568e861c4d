/**
 * Path profiling's probes, and the naive block tracer's: {@link PathClassRewrite} is its part in
 * rewriting a class, {@code PathProbeInserter} emits the Ball–Larus probes and path ends in the
 * storage mode {@code PathRegister} chooses, and {@code BlockTraceInserter} instruments for the
 * block tracer that serves as an oracle. Path numbering follows Ball and Larus, MICRO 1996, and
 * k-iteration paths D'Elia et al., OOPSLA 2013; see docs/architecture.md.
 */
package io.loupe.instrument.paths;
