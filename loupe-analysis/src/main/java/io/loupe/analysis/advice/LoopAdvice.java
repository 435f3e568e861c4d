package io.loupe.analysis.advice;

import io.loupe.analysis.deps.LoopVerdict;

import java.util.List;
import java.util.Locale;

/**
 * What would make one loop (in one context, in camp mode) parallel, in the spirit of Intel Advisor's
 * and DiscoPoP's per-loop advice: its {@link Kind}, the actions it takes or the dependences that
 * block it, and the evidence. It changes nothing in the loop's verdict: {@code parallelizable}
 * stays the strict memory verdict, a loop that only reduces through memory included.
 *
 * @param loop     the loop
 * @param kind     the overall advice
 * @param actions  blocking ones first (RAWs by count, then locals), then reductions and
 *                 privatizations by target; for {@link Kind#DOALL} the one DOALL action
 * @param evidence what it rests on
 */
public record LoopAdvice(LoopVerdict loop, Kind kind, List<Action> actions, Evidence evidence) {

    public LoopAdvice {
        actions = List.copyOf(actions);
    }

    /** The overall advice; {@link #label()} is what the JSON report writes. */
    public enum Kind {
        /** Nothing carried but induction variables: parallel as it is. */
        DOALL,
        /** Parallel once its reductions (through locals or memory) are combined after the loop. */
        REDUCTION,
        /** Parallel once the locations it only reuses are private to each iteration (and its reductions combined). */
        PRIVATIZE,
        /** A carried RAW or a truly carried local stops it. */
        BLOCKED;

        /** {@code doall}, {@code reduction}, {@code privatize} or {@code blocked}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The actions' texts, in order, joined by {@code ; }. */
    public String text() {
        return String.join("; ", actions.stream().map(Action::text).toList());
    }
}
