/**
 * The profile written at exit: {@link ProfileDumper}, run by a shutdown hook, collects every
 * thread's data and the registered metadata and streams them to the file, and {@link Warnings}
 * keeps Loupe's diagnostics for it. See docs/architecture.md, <i>The dump</i>.
 */
package io.loupe.runtime.dump;
