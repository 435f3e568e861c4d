/**
 * The static description of an instrumented method that every profile carries, enough to decode
 * path ids without the program's class files: {@link MethodMeta}, with its basic blocks
 * ({@link BlockMeta}), its Ball–Larus DAG ({@link DagEdge}, {@link EdgeKind}) and its loop forest
 * ({@link LoopMeta}). The DAG and its numbering follow Ball and Larus, MICRO 1996, as D'Elia
 * et al., OOPSLA 2013, §2.1 and Fig. 2, state them.
 */
package io.loupe.data.meta;
