package io.loupe.data.meta;

/**
 * One edge of a method's Ball–Larus DAG. Nodes {@code 0..blocks-1} are basic blocks, node
 * {@code blocks} is the virtual ENTRY and node {@code blocks+1} the virtual EXIT (see
 * {@link MethodMeta#entryNode()}). {@code val} is the edge value of D'Elia et al.'s Fig. 2: the sum of
 * {@code val} along any ENTRY→EXIT path is that path's id, distinct and in {@code [0, numPaths)}.
 */
public record DagEdge(int from, int to, EdgeKind kind, long val) {
}
