package io.loupe.analysis.advice;

import io.loupe.analysis.deps.DepEdge;

import java.util.Locale;

/**
 * One thing to do about a loop, or one thing that stops it: "reduction on `Acc.total` (+)",
 * "privatize `tmp[]`", "blocked by RAW line 41 → 38 across iterations".
 *
 * @param kind       what it is
 * @param text       the sentence reports print, naming locations as the source does
 *                   ({@code Acc.total}, {@code tmp[]}, the local {@code s})
 * @param target     the location or local it is about: {@code Owner.field} with the full class name,
 *                   {@code name[]} for an array named by a local or {@code Owner.field[]} by a field,
 *                   the array's type ({@code int[]}) when its name is not known, a local's name;
 *                   null for {@link Kind#DOALL} and {@link Kind#BLOCKED_BY_DEPENDENCE}
 * @param op         a memory reduction's operation ({@code +}, {@code -}, {@code *}, {@code &},
 *                   {@code |}, {@code ^}, {@code min}, {@code max}); else null
 * @param inexact    true for a memory reduction with {@code +}, {@code -} or {@code *} on float or
 *                   double: a reduction only up to rounding
 * @param dependence the carried RAW of {@link Kind#BLOCKED_BY_DEPENDENCE}; else null
 */
public record Action(Kind kind, String text, String target, String op, boolean inexact, DepEdge dependence) {

    /** The kinds of action; {@link #label()} is what the JSON report writes. */
    public enum Kind {
        /** No carried dependence, no carried local but inductions: the iterations can run in parallel as they are. */
        DOALL,
        /** A field or static field only updated with one associative operation in the loop. */
        REDUCTION,
        /**
         * Elements of an array only updated with one associative operation (a histogram,
         * {@code hist[k] += x}): many locations, each a reduction; per-thread copies of the array,
         * combined element by element after the loop (DiscoPoP's array reductions).
         */
        ARRAY_REDUCTION,
        /** A local variable the register analysis found to be a reduction ({@code s += a[i]}). */
        LOCAL_REDUCTION,
        /** A location the loop reuses across iterations but never reads from an earlier one: a copy per iteration removes it. */
        PRIVATIZE,
        /** A carried read after write: an iteration reads what an earlier one wrote. */
        BLOCKED_BY_DEPENDENCE,
        /** A local variable truly carried from one iteration to the next (neither induction nor reduction). */
        BLOCKED_BY_REGISTER;

        /** {@code doall}, {@code reduction}, {@code array-reduction}, {@code local-reduction}, {@code privatize}, {@code blocked-raw}, {@code blocked-register}. */
        public String label() {
            return switch (this) {
                case BLOCKED_BY_DEPENDENCE -> "blocked-raw";
                case BLOCKED_BY_REGISTER -> "blocked-register";
                default -> name().toLowerCase(Locale.ROOT).replace('_', '-');
            };
        }

        /** True for the kinds that stop the loop from running in parallel. */
        public boolean blocks() {
            return this == BLOCKED_BY_DEPENDENCE || this == BLOCKED_BY_REGISTER;
        }

        /** True for the reductions, through memory or a local. */
        public boolean reduces() {
            return this == REDUCTION || this == ARRAY_REDUCTION || this == LOCAL_REDUCTION;
        }
    }
}
