/**
 * The instrumenter's driver, on top of its other packages: {@link ClassInstrumenter} rewrites a
 * class's bytes for the profilers its {@link InstrumentSettings} turn on and declares what it did
 * to an {@code InstrumentationSink}, a pure function of the bytes, the settings and the sink's id
 * bases. The package layers are described in docs/architecture.md, <i>Modules</i>.
 */
package io.loupe.instrument;
