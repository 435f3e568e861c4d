/**
 * Dependences recovered from a whole-program trace (docs/trace.md, <i>Recovery</i>):
 * {@link io.loupe.analysis.recovery.DependenceRecovery} replays each thread's activations and
 * blocks ({@code TraceReplay}) over the methods' ops ({@code MethodOps}) and finds every RAW
 * dependence through locals, and RAW, WAR and WAW through the heap, each static pair of
 * instructions with its dynamic count ({@link io.loupe.analysis.recovery.RecoveredDependence}).
 */
package io.loupe.analysis.recovery;
