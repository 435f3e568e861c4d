/**
 * Where the instrumenter's declarations go: {@link InstrumentationSink} receives the ids it
 * reserves and the metadata of everything it instrumented, and {@link RecordingSink} keeps those
 * calls for tests and offline use (a live agent uses the runtime's {@code RuntimeSink}). See
 * docs/architecture.md, <i>Modules</i>.
 */
package io.loupe.data.sink;
