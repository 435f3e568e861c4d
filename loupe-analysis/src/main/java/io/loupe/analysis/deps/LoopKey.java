package io.loupe.analysis.deps;

import io.loupe.data.deps.DepLoopMeta;

/**
 * A loop named across runs, as {@link SiteKey} names a site: its method and its ordinal among the
 * method's loops. A recursion pseudo-loop is kept apart from the method's natural loops.
 *
 * @param className binary class name with dots
 * @param method    method name
 * @param desc      method descriptor
 * @param index     the loop's ordinal among the loops of its method
 * @param recursion true for the pseudo-loop of a recursive call site
 */
public record LoopKey(String className, String method, String desc, int index, boolean recursion) {

    public static LoopKey of(DepLoopMeta loop) {
        return new LoopKey(loop.className(), loop.method(), loop.desc(), loop.index(), loop.recursion());
    }
}
