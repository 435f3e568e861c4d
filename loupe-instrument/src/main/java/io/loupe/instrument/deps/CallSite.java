package io.loupe.instrument.deps;

import io.loupe.data.deps.CallSiteMeta;

/**
 * A call instruction of a method (any {@code invoke*} but the bulk array operations, which are
 * {@link AccessSite}s).
 *
 * @param position the position of the call in the method's instruction list
 * @param ordinal  its ordinal among the call sites of its method, in bytecode order
 * @param line     its source line, or -1
 * @param callee   {@code Owner.name(desc)} with dots in the owner; for {@code invokedynamic} the owner
 *                 is the bootstrap method's class
 */
public record CallSite(int position, int ordinal, int line, String callee) {

    /** The metadata of this site as call site {@code id}. */
    public CallSiteMeta meta(int id, String className, String method, String desc, String sourceFile) {
        return new CallSiteMeta(id, className, method, desc, sourceFile, line, callee);
    }
}
