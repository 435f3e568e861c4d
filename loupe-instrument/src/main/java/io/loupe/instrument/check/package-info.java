/**
 * The check every instrumented method passes before the JVM sees it: {@link BytecodeCheck} checks
 * operands and stack map frames at the level of value kinds, through {@code KindChecker} (the JVM's
 * type checker, JVMS §4.10.1, reduced to kinds) for class files with frames, so that a mistake of
 * the instrumenter leaves a method as it was instead of failing the program's class loading with a
 * {@code VerifyError}. See docs/architecture.md, <i>Path profiling: where and how</i>, item 9.
 */
package io.loupe.instrument.check;
