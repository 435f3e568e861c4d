/**
 * What the whole-program trace records beyond path profiling's TRACE mode: each method's ops on
 * locals and the heap ({@link io.loupe.instrument.trace.MethodOpsFinder}), which the recovery of
 * dependences replays over the trace's blocks, and the address trace's probes
 * ({@link io.loupe.instrument.trace.AddressProbes}); {@link io.loupe.instrument.trace.TraceClassRewrite}
 * is the trace's part in rewriting a class. It builds on path profiling ({@code paths}) and on the
 * dependence profiler's model of heap accesses ({@code deps}), so that both profilers see the same
 * accesses. Design: docs/trace.md.
 */
package io.loupe.instrument.trace;
