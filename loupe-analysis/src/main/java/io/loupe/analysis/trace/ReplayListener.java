package io.loupe.analysis.trace;

/**
 * What a thread ran, as {@link TraceReplay} rebuilds it from the trace, in the order it ran: the
 * same events the naive block tracer records (docs/architecture.md, <i>Validation</i>).
 */
public interface ReplayListener {

    /** An activation of method {@code method} begins, called from call site {@code site} of its caller (-1: none known). */
    void enter(int method, int site);

    /**
     * The same, with the data events the activation recorded ({@link DataQueue}; empty in a
     * trace without addresses), which the listener takes as it replays the activation's heap ops.
     */
    default void enter(int method, int site, DataQueue data) {
        enter(method, site);
    }

    /**
     * The running activation's last block stopped early: an exception was thrown in it (by one of
     * its instructions, or by a callee that has ended abnormally). Its instructions after the one
     * that threw did not run.
     */
    default void cut() {
    }

    /** The running activation enters block {@code block}. */
    void block(int block);

    /** The running activation is about to return, or to throw from an {@code athrow} of its own. */
    void leave();

    /** The running activation ends: normally if {@code returned}, else an exception left it. */
    default void end(boolean returned) {
    }
}
