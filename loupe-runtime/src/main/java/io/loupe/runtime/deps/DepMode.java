package io.loupe.runtime.deps;

/** What an access's context is (docs/deps.md). */
public enum DepMode {
    /** CAMP: the context is a node of the context tree; a loop is keyed by its loop context node. */
    CAMP,
    /** LAMP, the context-oblivious baseline: no context (-1); a loop is keyed by its loop id. */
    LAMP
}
