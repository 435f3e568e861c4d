package io.loupe.analysis.recovery;

import io.loupe.data.deps.DepType;

/**
 * One static dependence recovered from a trace: from instruction {@code src} to instruction
 * {@code dst} (each a method id and the index of its op in the method's {@code MethodOps}), with how
 * many executions of {@code dst} had it.
 *
 * @param type        RAW, WAR or WAW
 * @param memory      through a local variable or the heap
 * @param srcMethod   the method of the earlier instruction
 * @param srcOp       its op
 * @param dstMethod   the method of the later instruction
 * @param dstOp       its op
 * @param count       executions of the later instruction that had this dependence
 * @param recoveredBy what told the recovery the two touched the same location
 * @param thread      the thread's index in the trace
 */
public record RecoveredDependence(DepType type, Memory memory, int srcMethod, int srcOp, int dstMethod, int dstOp,
                                  long count, RecoveredBy recoveredBy, int thread) {

    /** Where the value went through. */
    public enum Memory {
        LOCAL, HEAP;

        /** As the JSON contract spells it. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What named the location both instructions touched. */
    public enum RecoveredBy {
        /** The control flow alone: a local variable slot, or a static field, which nothing aliases. */
        CONTROLFLOW,
        /** The address trace ({@code trace.heap=addresses}): the objects and indices the heap ops touched. */
        ADDRESSES,
        /** The checks ({@code trace.heap=checks}): the generation each checked access found its location in. */
        CHECK;

        /** As the JSON contract spells it. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
