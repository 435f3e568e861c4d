package io.loupe.data.deps;

/**
 * One node of the context tree (camp mode; CAMP §III-A, materialized as the program runs): the
 * context of an access is the path from a root to its node.
 *
 * @param id     the node's index in the profile's list
 * @param parent the parent node's id, or -1 for a root (a thread's entry)
 * @param kind   what the node stands for
 * @param site   a call-site id ({@link Kind#CALL}), a loop id ({@link Kind#LOOP}), or -1 for a root
 */
public record ContextNode(int id, int parent, Kind kind, int site) {

    /** What a context node stands for. */
    public enum Kind {
        /** The entry of a thread: the outermost context. */
        ROOT,
        /** A call made at a call site. */
        CALL,
        /** A loop (or the pseudo-loop of a recursive call). */
        LOOP
    }
}
