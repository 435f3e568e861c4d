package io.loupe.data.deps;

/**
 * The synthetic field in which an object of an instrumented class keeps its shadow under
 * dependence profiling (docs/deps.md, "Shadow memory"): the instrumenter declares it, the runtime
 * finds it by this name.
 */
public final class ShadowFieldSpec {

    /** The field's name. */
    public static final String NAME = "$loupe$shadow";
    /** The field's type, {@code Object}. */
    public static final String DESCRIPTOR = "Ljava/lang/Object;";

    private ShadowFieldSpec() {
    }
}
