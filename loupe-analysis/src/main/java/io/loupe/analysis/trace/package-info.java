/**
 * Whole-program traces read back: {@link io.loupe.analysis.trace.TraceReplay} turns a thread's
 * events into the activations and blocks it ran, in order; docs/trace.md.
 */
package io.loupe.analysis.trace;
