package io.loupe.data.meta;

import java.util.List;

/**
 * The static description of one method, as the instrumenter saw it: enough to turn a path id back
 * into blocks and source lines without the application's class files (profiles are
 * self-contained).
 *
 * @param id         dense method id, handed out in registration order
 * @param className  binary class name with dots, e.g. {@code com.example.Main$Inner}
 * @param name       method name
 * @param desc       method descriptor, e.g. {@code (I)V}
 * @param sourceFile source file name from the class file, or null
 * @param blocks     basic blocks, in bytecode order; block 0 is the method entry
 * @param edges      the Ball–Larus DAG, with each edge's Fig. 2 value
 * @param loops      the loop nesting forest
 * @param numPaths   number of ENTRY→EXIT paths of the DAG; ids are in {@code [0, numPaths)}
 * @param cutEdges   forward edges cut only to make {@code numPaths} fit an {@code int} (0 normally)
 * @param storage    how counts were kept at run time
 */
public record MethodMeta(int id, String className, String name, String desc, String sourceFile,
                         List<BlockMeta> blocks, List<DagEdge> edges, List<LoopMeta> loops,
                         long numPaths, int cutEdges, Storage storage) {

    /** How a method's path counts are kept at run time. */
    public enum Storage {
        /** Not instrumented (e.g. a single-path method without loops, when trivial methods are skipped). */
        NONE,
        /** A per-thread {@code long[numPaths]} indexed by path id. */
        ARRAY,
        /** A per-thread open-addressing hash table keyed by (method, path id). */
        HASH
    }

    /** The virtual ENTRY node of the DAG. */
    public int entryNode() {
        return blocks.size();
    }

    /** The virtual EXIT node of the DAG. */
    public int exitNode() {
        return blocks.size() + 1;
    }

    /** {@code name + desc}, e.g. {@code loop(I)V}: the method as the JSON report names it. */
    public String signature() {
        return name + desc;
    }
}
