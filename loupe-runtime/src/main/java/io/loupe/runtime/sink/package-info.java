/**
 * A live agent's {@code InstrumentationSink}: {@link RuntimeSink} passes what the instrumenter
 * declares to the runtime's registries, which instrumented code counts against and the dump reads.
 */
package io.loupe.runtime.sink;
