package io.loupe.data.meta;

/**
 * The role of an edge of a method's Ball–Larus DAG (D'Elia et al. 2013, §2.1). Real CFG edges keep their
 * place; every back edge {@code t→h} is replaced by the two dummy edges {@link #LOOP_EXIT}
 * {@code t→EXIT} and {@link #LOOP_ENTRY} {@code ENTRY→h}; exception handlers are entered by
 * {@link #HANDLER_ENTRY} {@code ENTRY→H}. {@link #CUT_EXIT}/{@link #CUT_ENTRY} are the same pair
 * for a forward edge cut only so that the method's path count fits in an {@code int}.
 */
public enum EdgeKind {
    /** The virtual entry node to the method's first block. */
    METHOD_ENTRY,
    /** An ordinary control-flow edge between two blocks. */
    NORMAL,
    /** A block that returns or throws, to the virtual exit node. */
    METHOD_EXIT,
    /** Dummy edge replacing a back edge: the tail of the back edge to EXIT. */
    LOOP_EXIT,
    /** Dummy edge replacing a back edge: ENTRY to the loop header. */
    LOOP_ENTRY,
    /** ENTRY to an exception handler's first block: a path starts where an exception lands. */
    HANDLER_ENTRY,
    /** Dummy edge for a forward edge cut because the path count overflowed: its source to EXIT. */
    CUT_EXIT,
    /** Dummy edge for a forward edge cut because the path count overflowed: ENTRY to its target. */
    CUT_ENTRY;

    /** True for edges that start a path at the virtual entry node. */
    public boolean startsPath() {
        return this == METHOD_ENTRY || this == LOOP_ENTRY || this == HANDLER_ENTRY || this == CUT_ENTRY;
    }

    /** True for edges that end a path at the virtual exit node. */
    public boolean endsPath() {
        return this == METHOD_EXIT || this == LOOP_EXIT || this == CUT_EXIT;
    }
}
