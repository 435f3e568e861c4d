/**
 * Loupe in JMH: {@link io.loupe.jmh.LoupeProfiler}, an external profiler that runs each benchmark's
 * forks under Loupe's agent and reports what the profile says of the benchmark's own code.
 */
package io.loupe.jmh;
