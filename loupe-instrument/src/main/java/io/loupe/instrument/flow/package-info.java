/**
 * Control-flow analysis of a method's bytecode, where every profiler learns where probes go:
 * {@link MethodModel} gathers its {@link ControlFlowGraph}, dominators and {@link LoopForest}, and
 * its Ball–Larus DAG numbered by {@link BallLarusNumbering} with the increments
 * {@link ProbePlacement} puts on spanning-tree chords. The numbering and the placement follow Ball
 * and Larus, MICRO 1996, and D'Elia et al., OOPSLA 2013, §2.1; see docs/architecture.md, <i>Path
 * profiling: where and how</i>.
 */
package io.loupe.instrument.flow;
