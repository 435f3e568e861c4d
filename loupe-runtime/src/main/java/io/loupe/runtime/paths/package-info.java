/**
 * Path profiling's per-thread state: {@link PathThread} holds a thread's Ball–Larus counters, in
 * arrays or, for methods with many paths, in a {@link PathTable}, and its {@link KSlabForest} when
 * k ≥ 2 (D'Elia et al., OOPSLA 2013, §2.3, Fig. 6). See docs/architecture.md, <i>k-iteration paths:
 * beyond the paper</i>.
 */
package io.loupe.runtime.paths;
