/**
 * What instrumented code calls, appended to the JVM's bootstrap class path so that classes of every
 * loader reach it: {@link Loupe} holds path profiling's entry points, which hand each activation
 * its thread's recorder; the other profilers' entry points are in the subpackages. See
 * docs/architecture.md, <i>Threads</i>.
 */
package io.loupe.runtime;
