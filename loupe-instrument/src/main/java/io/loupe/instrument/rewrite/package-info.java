/**
 * The protocol between the instrumenter's driver and its profilers: {@link
 * io.loupe.instrument.rewrite.ClassRewrite}, one profiler's part in rewriting a class. Each
 * profiler package implements it; the driver plans, tries, checks, retries and declares, so a new
 * profiler brings its probes and nothing of that protocol.
 */
package io.loupe.instrument.rewrite;
