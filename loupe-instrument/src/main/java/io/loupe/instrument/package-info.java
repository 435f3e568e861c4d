/**
 * The instrumenter's driver, on top of its other packages: {@link ClassInstrumenter} rewrites a
 * class's bytes for the profilers its {@link InstrumentSettings} turn on and declares what it did
 * to an {@code InstrumentationSink}, a pure function of the bytes, the settings and the sink's id
 * bases. It is the one driver: each profiler brings its part
 * ({@code io.loupe.instrument.rewrite.ClassRewrite}), and the driver plans, tries, checks,
 * retries and declares. The package layers are described in docs/architecture.md, <i>Modules</i>.
 */
package io.loupe.instrument;
