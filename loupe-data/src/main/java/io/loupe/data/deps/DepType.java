package io.loupe.data.deps;

/** The kind of a memory dependence, from the earlier access (source) to the later (destination). */
public enum DepType {
    /** Read after write: a load of what a store wrote (a true dependence). */
    RAW,
    /** Write after read: a store over what a load read (an anti dependence). */
    WAR,
    /** Write after write: a store over what a store wrote (an output dependence). */
    WAW
}
