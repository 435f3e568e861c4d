package io.loupe.instrument.deps;

import java.util.function.Predicate;

/**
 * Which classes the dependence instrumenter gives the synthetic shadow field
 * ({@code io.loupe.runtime.deps.ShadowField}, docs/deps.md "Shadow memory").
 *
 * @param declared     whether any class gets the field: the agent says no when it cannot hide the
 *                     field from reflection, and every object then keeps its shadow in the map
 * @param instrumented whether a class (internal name) will be instrumented too, so that the field
 *                     is declared in it and not in its subclasses; a wrong yes only sends the
 *                     subclasses' objects to the map, a wrong no only costs them a second, unused
 *                     field (the runtime uses the topmost declaration)
 */
public record ShadowFields(boolean declared, Predicate<String> instrumented) {

    /** No shadow fields. */
    public static final ShadowFields NONE = new ShadowFields(false, name -> false);

    /** Every class that needs one declares its own (for tests: no superclass is taken to be instrumented). */
    public static final ShadowFields EVERY_CLASS = new ShadowFields(true, name -> false);

    /** The field in the topmost class of each hierarchy that {@code instrumented} accepts. */
    public static ShadowFields topmost(Predicate<String> instrumented) {
        return new ShadowFields(true, instrumented);
    }
}
