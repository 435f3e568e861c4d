package io.loupe.data.values;

/**
 * The id space of convergent value profiling's quiet methods, shared by the instrumenter (which
 * makes only methods whose first site id is below it quiet) and the runtime (whose countdowns are
 * arrays of this length).
 */
public final class QuietIds {

    /** Site ids below this can be the first site of a quiet method, or a site a quiet copy checks. */
    public static final int CAPACITY = 1 << 19;

    private QuietIds() {
    }
}
