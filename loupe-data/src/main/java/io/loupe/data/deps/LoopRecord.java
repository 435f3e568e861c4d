package io.loupe.data.deps;

/**
 * What ran of one loop in one context (camp) or of one loop overall (lamp).
 *
 * @param loop        the loop ({@link DepLoopMeta#id()})
 * @param context     its loop context node in camp mode, -1 in lamp mode
 * @param invocations how often the loop was entered
 * @param iterations  how many iterations ran, over all invocations
 * @param decidedInvocations of the invocations, those abstract interpretation at loop entry decided
 *                    without tracing their accesses (docs/absint.md); 0 when it was off
 */
public record LoopRecord(int loop, int context, long invocations, long iterations, long decidedInvocations) {

    /** A record of a run without abstract interpretation. */
    public LoopRecord(int loop, int context, long invocations, long iterations) {
        this(loop, context, invocations, iterations, 0);
    }
}
