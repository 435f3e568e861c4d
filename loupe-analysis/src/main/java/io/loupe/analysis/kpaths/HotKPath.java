package io.loupe.analysis.kpaths;

/**
 * A multi-iteration path picked by {@link HotKPaths}: the node of a method's k-IPF where the chain
 * of paths ends. The chain itself is the node's root path.
 */
public record HotKPath(KPathForest forest, int node) {

    public int methodId() {
        return forest.methodId();
    }

    /** The path ids of the chain, first to last. */
    public long[] ids() {
        return forest.ids(node);
    }

    /** How many times the whole chain ran. */
    public long count() {
        return forest.count(node);
    }

    /** Number of paths in the chain (at least 2). */
    public int length() {
        return forest.length(node);
    }
}
